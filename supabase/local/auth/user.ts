// The signed-in user's own endpoints: GET /user, PUT /user, POST /logout.
import type { Context } from 'hono'
import { badRequest, dbStep, forbidden, internal, unprocessable } from './errors.ts'
import { decodeParams, userUpdateSchema } from './params.ts'
import { reloadUser, requestText, requireUser, type AuthContext } from './request.ts'
import { logout, type LogoutScope } from './sessions.ts'
import {
  AUDIENCE,
  changeEmail,
  findDuplicateEmailUser,
  mergeMetadata,
  passwordMatches,
  userBody,
  writeAppMetadata,
  writePassword,
  writeUserMetadata,
} from './users.ts'
import { byteLength, checkPasswordStrength, MAX_PASSWORD_BYTES, validateEmail, validatePhone } from './validate.ts'

export function getUserHandler({ db, config }: AuthContext) {
  return async (c: Context) => {
    const { user } = await db.transaction((tx) => requireUser(c, config, tx))
    return c.json(userBody(user), 200)
  }
}

/** GoTrue lets only a user whose role is its admin group ("admin") write its own app_metadata. */
const ADMIN_GROUP = 'admin'

export function updateUserHandler({ db, config }: AuthContext) {
  return async (c: Context) => {
    // The body is read before the transaction so no connection waits on the network.
    const text = await requestText(c)
    const user = await db.transaction(async (tx) => {
      const caller = await requireUser(c, config, tx)
      const params = decodeParams(userUpdateSchema, text)
      const current = caller.user
      const email = params.email ? validateEmail(params.email) : undefined
      if (params.phone) validatePhone(params.phone)
      if (params.password !== undefined) checkPasswordStrength(params.password, config.minPasswordLength)
      if (params.app_metadata && !(current.aud === AUDIENCE && current.role === ADMIN_GROUP)) {
        throw forbidden('not_admin', 'Updating app_metadata requires admin privileges')
      }
      if (email && email !== current.email) {
        const taken = await dbStep('Database error checking email', () =>
          findDuplicateEmailUser(tx, email, current.aud ?? AUDIENCE, current.id),
        )
        if (taken) throw unprocessable('email_exists', 'A user with this email address has already been registered')
      }
      if (params.password !== undefined) {
        const password = params.password
        if (password && current.encryptedPassword && (await passwordMatches(tx, current.id, password))) {
          throw unprocessable('same_password', 'New password should be different from the old password.')
        }
        if (byteLength(password) > MAX_PASSWORD_BYTES) throw internal('Error during password storage')
        await dbStep('Error during password storage', async () => {
          await writePassword(tx, current.id, password || null, config.authPasswordHashCost)
          // A new password ends every other session of the user, as in GoTrue.
          await logout(tx, current.id, caller.session?.id, caller.session ? 'others' : 'global')
        })
      }
      if (params.data) {
        const data = params.data
        await dbStep('Error updating user', () => writeUserMetadata(tx, current.id, mergeMetadata(current.userMetadata, data)))
      }
      if (params.app_metadata) {
        const appData = params.app_metadata
        await dbStep('Error updating user', () => writeAppMetadata(tx, current.id, mergeMetadata(current.appMetadata, appData)))
      }
      if (email && email !== current.email) {
        // No mail leaves the local stack, so the change is confirmed on the spot.
        await dbStep('Error updating user', () => changeEmail(tx, current, email))
      }
      if (params.phone && validatePhone(params.phone) !== current.phone) {
        throw internal('Unable to get SMS provider')
      }
      return reloadUser(tx, current.id, 'Error updating user')
    })
    return c.json(userBody(user), 200)
  }
}

export function logoutHandler({ db, config }: AuthContext) {
  return async (c: Context) => {
    await db.transaction(async (tx) => {
      const caller = await requireUser(c, config, tx)
      const raw = c.req.query('scope') ?? ''
      const scope: LogoutScope | undefined =
        raw === '' || raw === 'global' ? 'global' : raw === 'local' || raw === 'others' ? raw : undefined
      if (!scope) throw badRequest('validation_failed', `Unsupported logout scope ${JSON.stringify(raw)}`)
      await dbStep('Error logging out user', () => logout(tx, caller.user.id, caller.session?.id, scope))
    })
    return c.body(null, 204)
  }
}
