// POST /token: the password grant (sign-in) and the refresh_token grant.
import type { Context } from 'hono'
import { badRequest, dbStep, OAuthError, unprocessable } from './errors.ts'
import { passwordGrantSchema, refreshGrantSchema } from './params.ts'
import { clientMeta, readParams, reloadUser, type AuthContext } from './request.ts'
import { openSession, refreshSession, sessionBody, signAccessToken } from './sessions.ts'
import { AUDIENCE, findUserByEmail, passwordMatches } from './users.ts'
import { passwordWeakness } from './validate.ts'
import { enforceRateLimit, type AuthRateLimits } from './rate-limit.ts'

const INVALID_LOGIN = 'Invalid login credentials'

export function tokenHandler(ctx: AuthContext, limits: AuthRateLimits) {
  return async (c: Context) => {
    switch (c.req.query('grant_type')) {
      case 'password':
        enforceRateLimit(limits.signInSignUps, c)
        return passwordGrant(ctx, c)
      case 'refresh_token':
        enforceRateLimit(limits.tokenRefresh, c)
        return refreshTokenGrant(ctx, c)
      default:
        throw badRequest('invalid_credentials', 'unsupported_grant_type')
    }
  }
}

async function passwordGrant({ db, config }: AuthContext, c: Context) {
  const params = await readParams(c, passwordGrantSchema)
  if (params.email && params.phone) {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided on login.')
  }
  if (!params.email) {
    if (params.phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled')
    throw badRequest('validation_failed', 'missing email or phone')
  }
  const email = params.email
  const password = params.password ?? ''
  const meta = clientMeta(c)

  const { user, session, refreshToken, weak } = await db.transaction(async (tx) => {
    const found = await dbStep('Database error querying schema', () => findUserByEmail(tx, email, AUDIENCE))
    if (!found || !found.encryptedPassword) throw badRequest('invalid_credentials', INVALID_LOGIN)
    if (found.banned) throw badRequest('user_banned', 'User is banned')
    if (!(await passwordMatches(tx, found.id, password))) throw badRequest('invalid_credentials', INVALID_LOGIN)
    // A password that met an older, laxer policy still signs in; the client is told it is weak.
    const weakness = passwordWeakness(password, config.minPasswordLength)
    if (!found.emailConfirmedAt) throw badRequest('email_not_confirmed', 'Email not confirmed')
    const opened = await dbStep('Database error granting user', () => openSession(tx, found.id, meta))
    const user = await reloadUser(tx, found.id, 'Database error granting user')
    return { user, ...opened, weak: weakness ? { message: weakness.message, reasons: weakness.reasons } : null }
  })

  const access = await signAccessToken(config, meta.issuer, user, session)
  return c.json(sessionBody(config, access, refreshToken, user, weak), 200)
}

async function refreshTokenGrant({ db, config }: AuthContext, c: Context) {
  const params = await readParams(c, refreshGrantSchema)
  const presented = params.refresh_token ?? ''
  if (!presented) throw new OAuthError('invalid_request', 'refresh_token required')
  const meta = clientMeta(c)
  // A failed refresh may still have changed something that has to stay
  // (a revoked token family), so the transaction commits and the error follows.
  const outcome = await db.transaction((tx) => refreshSession(tx, presented, meta))
  if (outcome.kind === 'failed') throw outcome.error
  const access = await signAccessToken(config, meta.issuer, outcome.user, outcome.session)
  return c.json(sessionBody(config, access, outcome.refreshToken, outcome.user), 200)
}
