// The admin user API (/admin/users…), open to the service role only, with
// GoTrue's validation, messages and pagination headers.
import type { Context } from 'hono'
import { randomBytes, randomUUID } from 'node:crypto'
import type { Queryable } from '../db.ts'
import { AuthHttpError, badRequest, dbStep, internal, notFound, unprocessable } from './errors.ts'
import { adminDeleteSchema, adminUserSchema, decodeParams, type Params } from './params.ts'
import { isUuid, readParams, reloadUser, requestText, requireAdmin, type AuthContext } from './request.ts'
import { logout } from './sessions.ts'
import {
  AUDIENCE,
  confirmEmail,
  confirmPhone,
  DEFAULT_ROLE,
  findDuplicateEmailUser,
  findUserById,
  identityClaims,
  insertIdentity,
  insertUser,
  listUsers,
  mergeMetadata,
  setRole,
  softDeleteUser,
  userBody,
  writeAppMetadata,
  writePassword,
  writeUserMetadata,
  type UserRecord,
} from './users.ts'
import { byteLength, checkPasswordStrength, MAX_PASSWORD_BYTES, parseGoDuration, validateEmail, validatePhone } from './validate.ts'

const DEFAULT_PER_PAGE = 50
const MAX_PER_PAGE = 1000

function parsePageParam(name: string, value: string | undefined, fallback: number): number {
  if (!value) return fallback
  if (!/^\d+$/.test(value)) {
    throw badRequest('validation_failed', `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(value)}: invalid syntax`)
  }
  const n = Number(value)
  if (n === 0 && name === 'page') throw badRequest('validation_failed', 'Bad Pagination Parameters: page must be greater than 0')
  return n
}

function sortDirection(sort: string | undefined): boolean {
  if (!sort) return false
  const [field, dir = 'desc', ...rest] = sort.trim().split(/\s+/)
  if (field !== 'created_at' || rest.length > 0 || !['asc', 'desc'].includes(dir.toLowerCase())) {
    throw badRequest('validation_failed', `Bad Sort Parameters: bad sort field ${JSON.stringify(sort)}`)
  }
  return dir.toLowerCase() === 'asc'
}

/** GoTrue's Link header: next (when there is one) and last page, as request-relative URLs. */
function paginationLink(c: Context, page: number, totalPages: number): string {
  const query = new URL(c.req.url).searchParams
  const at = (p: number) => {
    const q = new URLSearchParams(query)
    q.set('page', String(p))
    q.sort()
    return `</admin/users?${q.toString()}>`
  }
  return (totalPages > page ? `${at(page + 1)}; rel="next", ` : '') + `${at(totalPages)}; rel="last"`
}

export function listUsersHandler({ db, config }: AuthContext) {
  return async (c: Context) => {
    requireAdmin(c, config)
    const page = parsePageParam('page', c.req.query('page'), 1)
    const perPage = Math.min(parsePageParam('per_page', c.req.query('per_page'), DEFAULT_PER_PAGE), MAX_PER_PAGE) || DEFAULT_PER_PAGE
    const ascending = sortDirection(c.req.query('sort'))
    const filter = c.req.query('filter') || undefined
    const { users, total } = await dbStep('Database error finding users', () =>
      db.transaction((tx) => listUsers(tx, { aud: AUDIENCE, page, perPage, filter, ascending })),
    )
    const totalPages = Math.max(Math.ceil(total / perPage), 1)
    c.header('Link', paginationLink(c, page, totalPages))
    c.header('X-Total-Count', String(total))
    return c.json({ users: users.map(userBody), aud: AUDIENCE }, 200)
  }
}

async function loadUser(tx: Queryable, id: string): Promise<UserRecord> {
  if (!isUuid(id)) throw notFound('validation_failed', 'user_id must be an UUID')
  const user = await dbStep('Database error loading user', () => findUserById(tx, id))
  if (!user) throw notFound('user_not_found', 'User not found')
  return user
}

export function getUserByIdHandler({ db, config }: AuthContext) {
  return async (c: Context) => {
    requireAdmin(c, config)
    const user = await db.transaction((tx) => loadUser(tx, c.req.param('id') ?? ''))
    return c.json(userBody(user), 200)
  }
}

async function ban(tx: Queryable, userId: string, durationMs: number): Promise<void> {
  await tx.query(
    `update auth.users set banned_until = case when $2::float8 = 0 then null else now() + $2::float8 * interval '1 millisecond' end
     where id = $1`,
    [userId, durationMs],
  )
}

const BCRYPT_HASH = /^\$2[aby]?\$\d\d\$[./A-Za-z0-9]{53}$/

/** A random password for users created without one, like GoTrue's 64-character generated password. */
function generatedPassword(): string {
  return randomBytes(48).toString('base64url').slice(0, 64)
}

type AdminParams = Params<(typeof adminUserSchema)['fields']>

export function createUserHandler({ db, config }: AuthContext) {
  return async (c: Context) => {
    requireAdmin(c, config)
    const params: AdminParams = await readParams(c, adminUserSchema)
    const aud = params.aud || AUDIENCE
    if (!params.email && !params.phone) {
      throw badRequest('validation_failed', 'Cannot create a user without either an email or phone')
    }
    const email = params.email ? validateEmail(params.email) : undefined
    const phone = params.phone ? validatePhone(params.phone) : undefined
    if (params.password !== undefined && params.password_hash) {
      throw badRequest('validation_failed', 'Only a password or a password hash should be provided')
    }
    const password = params.password_hash ? undefined : params.password || generatedPassword()
    if (password !== undefined && byteLength(password) > MAX_PASSWORD_BYTES) {
      throw badRequest('validation_failed', 'bcrypt: password length exceeds 72 bytes')
    }
    if (params.password_hash && !BCRYPT_HASH.test(params.password_hash)) throw internal('Error creating user')
    let id: string = randomUUID()
    if (params.id) {
      if (!isUuid(params.id)) throw badRequest('validation_failed', 'ID must conform to the uuid v4 format')
      if (/^0{8}-0{4}-0{4}-0{4}-0{12}$/.test(params.id)) throw badRequest('validation_failed', 'ID cannot be a nil uuid')
      id = params.id.toLowerCase()
    }
    const providers = [...(email ? ['email'] : []), ...(phone ? ['phone'] : [])]
    const banMs = params.ban_duration ? (params.ban_duration === 'none' ? 0 : parseGoDuration(params.ban_duration)) : undefined

    const user = await db.transaction(async (tx) => {
      if (email && (await dbStep('Database error checking email', () => findDuplicateEmailUser(tx, email, aud)))) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered')
      }
      if (phone) {
        const taken = await dbStep('Database error checking phone', () =>
          tx.query('select 1 from auth.users where phone = $1 and aud = $2', [phone, aud]),
        )
        if (taken.rows.length > 0) throw unprocessable('phone_exists', 'Phone number already registered by another user')
      }
      await dbStep('Database error creating new user', async () => {
        await insertUser(tx, {
          id,
          aud,
          email: email ?? null,
          phone: phone ?? null,
          password: password ?? null,
          ...(params.password_hash ? { passwordHash: params.password_hash } : {}),
          appMetadata: { provider: providers[0], providers },
          userMetadata: params.user_metadata ?? {},
        }, config.authPasswordHashCost)
        if (email) await insertIdentity(tx, id, 'email', identityClaims(id, { email }))
        if (phone) await insertIdentity(tx, id, 'phone', identityClaims(id, { phone }))
        await setRole(tx, id, params.role || DEFAULT_ROLE)
        if (params.app_metadata) {
          await writeAppMetadata(tx, id, mergeMetadata({ provider: providers[0], providers }, params.app_metadata))
        }
        if (params.email_confirm) await confirmEmail(tx, id)
        if (params.phone_confirm) await confirmPhone(tx, id)
        if (banMs !== undefined) await ban(tx, id, banMs)
      })
      return reloadUser(tx, id, 'Database error creating new user')
    })
    return c.json(userBody(user), 200)
  }
}

export function updateUserByIdHandler({ db, config }: AuthContext) {
  return async (c: Context) => {
    requireAdmin(c, config)
    const text = await requestText(c)
    const user = await db.transaction(async (tx) => {
      const current = await loadUser(tx, c.req.param('id') ?? '')
      const params: AdminParams = decodeParams(adminUserSchema, text)
      const email = params.email ? validateEmail(params.email) : undefined
      const phone = params.phone ? validatePhone(params.phone) : undefined
      const banMs = params.ban_duration ? (params.ban_duration === 'none' ? 0 : parseGoDuration(params.ban_duration)) : undefined
      if (params.password !== undefined) {
        checkPasswordStrength(params.password, config.minPasswordLength)
        if (byteLength(params.password) > MAX_PASSWORD_BYTES) throw internal('Unexpected failure, please check server logs for more information')
      }
      try {
        if (params.role) await setRole(tx, current.id, params.role)
        if (params.email_confirm) await confirmEmail(tx, current.id)
        if (params.phone_confirm) await confirmPhone(tx, current.id)
        if (params.password !== undefined) {
          await writePassword(tx, current.id, params.password || null, config.authPasswordHashCost)
          await logout(tx, current.id, undefined, 'global')
        }
        if (email) await upsertIdentity(tx, current, 'email', email, params.email_confirm ?? false)
        if (phone) await upsertIdentity(tx, current, 'phone', phone, params.phone_confirm ?? false)
        if (params.app_metadata) await writeAppMetadata(tx, current.id, mergeMetadata(current.appMetadata, params.app_metadata))
        if (params.user_metadata) await writeUserMetadata(tx, current.id, mergeMetadata(current.userMetadata, params.user_metadata))
        if (banMs !== undefined) await ban(tx, current.id, banMs)
      } catch (e) {
        if (e instanceof AuthHttpError) throw e
        throw internal('Error updating user', e)
      }
      return reloadUser(tx, current.id, 'Error updating user')
    })
    return c.json(userBody(user), 200)
  }
}

/** Points the user's e-mail or phone, and the matching identity, at a new value. */
async function upsertIdentity(tx: Queryable, user: UserRecord, provider: 'email' | 'phone', value: string, verified: boolean) {
  const existing = user.identities.find((i) => i.provider === provider && i.id === user.id)
  if (existing) {
    await tx.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object($2::text, $3::text, $4::text, $5::boolean)
       where id = $1`,
      [existing.identity_id, provider, value, `${provider}_verified`, verified],
    )
  } else {
    const claims =
      provider === 'email'
        ? identityClaims(user.id, { email: value, emailVerified: verified })
        : identityClaims(user.id, { phone: value, phoneVerified: verified })
    await insertIdentity(tx, user.id, provider, claims)
  }
  await tx.query(`update auth.users set ${provider} = $2 where id = $1`, [user.id, value])
}

export function deleteUserHandler({ db, config }: AuthContext) {
  return async (c: Context) => {
    requireAdmin(c, config)
    const text = await requestText(c)
    await db.transaction(async (tx) => {
      const user = await loadUser(tx, c.req.param('id') ?? '')
      const params = text.length > 0 ? decodeParams(adminDeleteSchema, text) : {}
      if (params.should_soft_delete) {
        if (user.deletedAt) return
        await dbStep('Error soft deleting user', () => softDeleteUser(tx, user))
        await dbStep("Error deleting user's sessions", () => logout(tx, user.id, undefined, 'global'))
      } else {
        await dbStep('Database error deleting user', () => tx.query('delete from auth.users where id = $1', [user.id]))
      }
    })
    return c.json({}, 200)
  }
}
