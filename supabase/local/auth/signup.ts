// POST /signup with e-mail auto-confirmation: the user, its e-mail identity,
// the confirmation and the first session are written in one transaction, in
// the order GoTrue writes them, so AFTER INSERT triggers on auth.users see
// the same row and a failing trigger leaves nothing behind.
import type { Context } from 'hono'
import { randomUUID } from 'node:crypto'
import { badRequest, dbStep, internal, unprocessable } from './errors.ts'
import { signupSchema } from './params.ts'
import { clientMeta, readParams, reloadUser, type AuthContext } from './request.ts'
import { openSession, sessionBody, signAccessToken } from './sessions.ts'
import {
  AUDIENCE,
  confirmEmail,
  DEFAULT_ROLE,
  findDuplicateEmailUser,
  identityClaims,
  insertIdentity,
  insertUser,
  setRole,
} from './users.ts'
import { byteLength, checkPasswordStrength, MAX_PASSWORD_BYTES, validateEmail } from './validate.ts'
import { enforceRateLimit, type AuthRateLimits } from './rate-limit.ts'

function validatePkce(method: string | undefined, challenge: string | undefined) {
  if (Boolean(method) !== Boolean(challenge)) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge')
  }
}

export function signupHandler({ db, config }: AuthContext, limits: AuthRateLimits) {
  return async (c: Context) => {
    const params = await readParams(c, signupSchema)
    if (!params.email && !params.phone) {
      throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
    }
    // As GoTrue: counted once the body is read, before any other check, anonymous sign-ins aside.
    enforceRateLimit(limits.signInSignUps, c)
    const password = params.password ?? ''
    if (!password) throw badRequest('validation_failed', 'Signup requires a valid password')
    checkPasswordStrength(password, config.minPasswordLength)
    if (params.email && params.phone) {
      throw badRequest('validation_failed', 'Only an email address or phone number should be provided on signup.')
    }
    validatePkce(params.code_challenge_method, params.code_challenge)
    if (!params.email) throw badRequest('phone_provider_disabled', 'Phone signups are disabled')
    const email = validateEmail(params.email)
    const data = params.data ?? {}
    const meta = clientMeta(c)

    const { user, session, refreshToken } = await db.transaction(async (tx) => {
      const existing = await dbStep('Database error finding user', () => findDuplicateEmailUser(tx, email, AUDIENCE))
      if (existing?.emailConfirmedAt) throw unprocessable('user_already_exists', 'User already registered')
      let userId: string
      if (existing) {
        // GoTrue leaves an unconfirmed user as it is (its password included) and only confirms it.
        userId = existing.id
      } else {
        // bcrypt rejects longer passwords; GoTrue reports that as a failure to build the user.
        if (byteLength(password) > MAX_PASSWORD_BYTES) throw internal('Database error creating user')
        userId = randomUUID()
        await dbStep('Database error saving new user', () =>
          insertUser(tx, {
            id: userId,
            aud: AUDIENCE,
            email,
            phone: null,
            password,
            appMetadata: { provider: 'email', providers: ['email'] },
            userMetadata: data,
          }, config.authPasswordHashCost),
        )
        await dbStep('Database error updating user', () => setRole(tx, userId, DEFAULT_ROLE))
      }
      const hasIdentity = existing?.identities.some((i) => i.provider === 'email' && i.id === userId) ?? false
      if (!hasIdentity) {
        const claims = identityClaims(userId, { email: existing?.email ?? email })
        for (const [k, v] of Object.entries(data)) if (!(k in claims)) claims[k] = v
        await dbStep('Error creating identity', () => insertIdentity(tx, userId, 'email', claims))
      }
      await dbStep('Database error updating user', () => confirmEmail(tx, userId))
      const opened = await dbStep('Database error granting user', () => openSession(tx, userId, meta))
      const user = await reloadUser(tx, userId, 'Database error loading user after sign-up')
      return { user, ...opened }
    })

    const access = await signAccessToken(config, meta.issuer, user, session)
    return c.json(sessionBody(config, access, refreshToken, user), 200)
  }
}
