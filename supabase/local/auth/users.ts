// auth.users and auth.identities as GoTrue reads and writes them, and the
// user object as GoTrue serialises it (Go field order, optional timestamps
// omitted when empty, metadata keys sorted as Go sorts map keys).
import { createHash, randomUUID } from 'node:crypto'
import type { Queryable } from '../db.ts'

export type Json = Record<string, unknown>

/** GoTrue writes the nil UUID into every instance_id column. */
export const NIL_INSTANCE = '00000000-0000-0000-0000-000000000000'
export const AUDIENCE = 'authenticated'
export const DEFAULT_ROLE = 'authenticated'
/** Go's zero time, which GoTrue prints for a missing created_at / updated_at. */
const GO_ZERO_TIME = '0001-01-01T00:00:00Z'

export type IdentityRecord = {
  identity_id: string
  id: string
  user_id: string
  identity_data: Json | null
  provider: string
  last_sign_in_at: string | null
  created_at: string | null
  updated_at: string | null
  email: string | null
}

export type UserRecord = {
  id: string
  aud: string | null
  role: string | null
  email: string | null
  phone: string | null
  encryptedPassword: string | null
  emailConfirmedAt: string | null
  phoneConfirmedAt: string | null
  confirmedAt: string | null
  lastSignInAt: string | null
  appMetadata: Json | null
  userMetadata: Json | null
  identities: IdentityRecord[]
  createdAt: string | null
  updatedAt: string | null
  bannedUntil: string | null
  deletedAt: string | null
  isAnonymous: boolean
  isSsoUser: boolean
  /** banned_until lies in the future. */
  banned: boolean
}

/** A timestamptz rendered as Go renders time.Time in UTC: RFC 3339, trailing zeros of the fraction dropped. */
export const goTime = (col: string) =>
  `(rtrim(rtrim(to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'), '0'), '.') || 'Z')`

const USER_COLUMNS = `
  u.id::text as id, u.aud, u.role, u.email, u.phone, u.encrypted_password,
  ${goTime('u.email_confirmed_at')} as email_confirmed_at,
  ${goTime('u.phone_confirmed_at')} as phone_confirmed_at,
  ${goTime('u.confirmed_at')} as confirmed_at,
  ${goTime('u.last_sign_in_at')} as last_sign_in_at,
  u.raw_app_meta_data::text as app_metadata,
  u.raw_user_meta_data::text as user_metadata,
  ${goTime('u.created_at')} as created_at,
  ${goTime('u.updated_at')} as updated_at,
  ${goTime('u.banned_until')} as banned_until,
  ${goTime('u.deleted_at')} as deleted_at,
  u.is_anonymous, u.is_sso_user,
  coalesce(u.banned_until > now(), false) as banned,
  coalesce((
    select json_agg(json_build_object(
      'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id, 'identity_data', i.identity_data,
      'provider', i.provider, 'last_sign_in_at', ${goTime('i.last_sign_in_at')},
      'created_at', ${goTime('i.created_at')}, 'updated_at', ${goTime('i.updated_at')}, 'email', i.email
    ) order by i.created_at, i.id)
    from auth.identities i where i.user_id = u.id
  ), '[]')::text as identities`

type UserRow = {
  id: string
  aud: string | null
  role: string | null
  email: string | null
  phone: string | null
  encrypted_password: string | null
  email_confirmed_at: string | null
  phone_confirmed_at: string | null
  confirmed_at: string | null
  last_sign_in_at: string | null
  app_metadata: string | null
  user_metadata: string | null
  created_at: string | null
  updated_at: string | null
  banned_until: string | null
  deleted_at: string | null
  is_anonymous: boolean
  is_sso_user: boolean
  banned: boolean
  identities: string
}

const parseJson = (text: string | null) => (text === null ? null : (JSON.parse(text) as Json))

function toRecord(r: UserRow): UserRecord {
  return {
    id: r.id,
    aud: r.aud,
    role: r.role,
    email: r.email,
    phone: r.phone,
    encryptedPassword: r.encrypted_password,
    emailConfirmedAt: r.email_confirmed_at,
    phoneConfirmedAt: r.phone_confirmed_at,
    confirmedAt: r.confirmed_at,
    lastSignInAt: r.last_sign_in_at,
    appMetadata: parseJson(r.app_metadata),
    userMetadata: parseJson(r.user_metadata),
    identities: JSON.parse(r.identities) as IdentityRecord[],
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    bannedUntil: r.banned_until,
    deletedAt: r.deleted_at,
    isAnonymous: r.is_anonymous,
    isSsoUser: r.is_sso_user,
    banned: r.banned,
  }
}

async function selectUsers(tx: Queryable, where: string, params: unknown[], tail = ''): Promise<UserRecord[]> {
  const res = await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users u where ${where} ${tail}`, params)
  return res.rows.map(toRecord)
}

export async function findUserById(tx: Queryable, id: string): Promise<UserRecord | undefined> {
  return (await selectUsers(tx, 'u.id = $1', [id]))[0]
}

export async function findUserByEmail(tx: Queryable, email: string, aud: string): Promise<UserRecord | undefined> {
  return (await selectUsers(tx, 'lower(u.email) = $1 and u.aud = $2 and u.is_sso_user = false', [email.toLowerCase(), aud]))[0]
}

/**
 * Another user of the audience already holding this address, either as
 * their e-mail or through a non-SSO identity (GoTrue's IsDuplicatedEmail).
 */
export async function findDuplicateEmailUser(
  tx: Queryable,
  email: string,
  aud: string,
  exceptUserId?: string,
): Promise<UserRecord | undefined> {
  const where = `u.aud = $2 and u.id is distinct from $3::uuid and (
    exists (select 1 from auth.identities i where i.user_id = u.id and i.email = $1 and i.provider not like 'sso:%')
    or (lower(u.email) = $1 and u.is_sso_user = false))`
  return (await selectUsers(tx, where, [email.toLowerCase(), aud, exceptUserId ?? null], 'order by u.created_at limit 1'))[0]
}

export type UserPage = { users: UserRecord[]; total: number }

export async function listUsers(
  tx: Queryable,
  opts: { aud: string; page: number; perPage: number; filter?: string; ascending: boolean },
): Promise<UserPage> {
  const params: unknown[] = [opts.aud]
  let where = 'u.aud = $1'
  if (opts.filter) {
    params.push(`%${opts.filter}%`)
    where += ` and (u.email like $2 or u.raw_user_meta_data->>'full_name' ilike $2)`
  }
  const count = await tx.query<{ n: number }>(`select count(*)::int as n from auth.users u where ${where}`, params)
  const order = opts.ascending ? 'asc' : 'desc'
  const users = await selectUsers(
    tx,
    where,
    params,
    `order by u.created_at ${order}, u.id ${order} limit ${opts.perPage} offset ${(opts.page - 1) * opts.perPage}`,
  )
  return { users, total: count.rows[0]?.n ?? 0 }
}

/** Go encodes map keys in sorted order, at every level. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Json)[k])]),
    )
  }
  return value
}

function identityBody(i: IdentityRecord): Json {
  const out: Json = { identity_id: i.identity_id, id: i.id, user_id: i.user_id }
  if (i.identity_data && Object.keys(i.identity_data).length > 0) out.identity_data = sortKeys(i.identity_data)
  out.provider = i.provider
  if (i.last_sign_in_at) out.last_sign_in_at = i.last_sign_in_at
  out.created_at = i.created_at ?? GO_ZERO_TIME
  out.updated_at = i.updated_at ?? GO_ZERO_TIME
  if (i.email) out.email = i.email
  return out
}

/** The user object of GoTrue's responses. */
export function userBody(u: UserRecord): Json {
  const out: Json = { id: u.id, aud: u.aud ?? '', role: u.role ?? '', email: u.email ?? '' }
  if (u.emailConfirmedAt) out.email_confirmed_at = u.emailConfirmedAt
  out.phone = u.phone ?? ''
  if (u.phoneConfirmedAt) out.phone_confirmed_at = u.phoneConfirmedAt
  if (u.confirmedAt) out.confirmed_at = u.confirmedAt
  if (u.lastSignInAt) out.last_sign_in_at = u.lastSignInAt
  out.app_metadata = sortKeys(u.appMetadata)
  out.user_metadata = sortKeys(u.userMetadata)
  out.identities = u.identities.map(identityBody)
  out.created_at = u.createdAt ?? GO_ZERO_TIME
  out.updated_at = u.updatedAt ?? GO_ZERO_TIME
  if (u.bannedUntil) out.banned_until = u.bannedUntil
  if (u.deletedAt) out.deleted_at = u.deletedAt
  out.is_anonymous = u.isAnonymous
  return out
}

/** bcrypt in SQL, so hashes are GoTrue's (`$2a$10$…` at the default cost). Checking a password costs what its hash was made with. */
const hashPasswordSql = (param: string, cost: number) => `extensions.crypt(${param}, extensions.gen_salt('bf', ${Math.trunc(cost)}))`

export type NewUser = {
  id: string
  aud: string
  email: string | null
  phone: string | null
  /** Clear-text password, hashed in SQL; null for no password. */
  password: string | null
  /** An existing bcrypt hash to store as is (admin imports). */
  passwordHash?: string
  appMetadata: Json
  userMetadata: Json
}

/**
 * Inserts the row the way GoTrue's first INSERT does: empty role (set by a
 * second statement), unconfirmed. AFTER INSERT triggers see exactly this.
 */
export async function insertUser(tx: Queryable, u: NewUser, hashCost: number): Promise<void> {
  // crypt() is strict: no password hashes to null, stored as '' as GoTrue does.
  const password = u.passwordHash !== undefined ? '$6::text' : `coalesce(${hashPasswordSql('$6::text', hashCost)}, '')`
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, phone, encrypted_password,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_sso_user, is_anonymous)
     values ('${NIL_INSTANCE}', $1, $2, '', $3, $4, ${password}, $5::jsonb, $7::jsonb, now(), now(), false, false)`,
    [u.id, u.aud, u.email, u.phone, JSON.stringify(u.appMetadata), u.passwordHash ?? u.password, JSON.stringify(u.userMetadata)],
  )
}

export async function setRole(tx: Queryable, userId: string, role: string): Promise<void> {
  await tx.query('update auth.users set role = $2 where id = $1', [userId, role.trim()])
}

/** GoTrue's Confirm: stamps email_confirmed_at and records email_verified in the user metadata. */
export async function confirmEmail(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `update auth.users set email_confirmed_at = now(), updated_at = now(),
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb
     where id = $1`,
    [userId],
  )
}

export async function confirmPhone(tx: Queryable, userId: string): Promise<void> {
  await tx.query('update auth.users set phone_confirmed_at = now(), updated_at = now() where id = $1', [userId])
}

/** The identity data GoTrue derives from provider claims: sub, e-mail/phone and the two verified flags. */
export function identityClaims(
  userId: string,
  opts: { email?: string; phone?: string; emailVerified?: boolean; phoneVerified?: boolean },
): Json {
  const data: Json = { sub: userId }
  if (opts.email) data.email = opts.email
  data.email_verified = opts.emailVerified ?? false
  if (opts.phone) data.phone = opts.phone
  data.phone_verified = opts.phoneVerified ?? false
  return data
}

export async function insertIdentity(tx: Queryable, userId: string, provider: string, identityData: Json): Promise<void> {
  const data = { ...identityData }
  if (typeof data.email === 'string') data.email = data.email.toLowerCase()
  await tx.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4::jsonb, $5, now(), now(), now())`,
    [randomUUID(), String(data.sub), userId, JSON.stringify(data), provider],
  )
}

/** GoTrue's metadata update: a shallow merge in which null removes a key. */
export function mergeMetadata(current: Json | null, updates: Json): Json {
  if (!current) return updates
  const out = { ...current }
  for (const [k, v] of Object.entries(updates)) {
    if (v === null) delete out[k]
    else out[k] = v
  }
  return out
}

export async function writeUserMetadata(tx: Queryable, userId: string, data: Json): Promise<void> {
  await tx.query('update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1', [
    userId,
    JSON.stringify(data),
  ])
}

export async function writeAppMetadata(tx: Queryable, userId: string, data: Json): Promise<void> {
  await tx.query('update auth.users set raw_app_meta_data = $2::jsonb, updated_at = now() where id = $1', [
    userId,
    JSON.stringify(data),
  ])
}

/** Stores a new password (null clears it). */
export async function writePassword(tx: Queryable, userId: string, password: string | null, hashCost: number): Promise<void> {
  if (password === null) {
    await tx.query('update auth.users set encrypted_password = null, updated_at = now() where id = $1', [userId])
    return
  }
  await tx.query(`update auth.users set encrypted_password = ${hashPasswordSql('$2', hashCost)}, updated_at = now() where id = $1`, [
    userId,
    password,
  ])
}

export async function passwordMatches(tx: Queryable, userId: string, password: string): Promise<boolean> {
  const res = await tx.query<{ ok: boolean }>(
    `select coalesce(encrypted_password <> '' and encrypted_password = extensions.crypt($2, encrypted_password), false) as ok
     from auth.users where id = $1`,
    [userId, password],
  )
  return res.rows[0]?.ok === true
}

/** Sets the e-mail and keeps the e-mail identity in step (GoTrue's email change confirmation). */
export async function changeEmail(tx: Queryable, user: UserRecord, email: string): Promise<void> {
  await tx.query('update auth.users set email = $2, updated_at = now() where id = $1', [user.id, email])
  if (!user.emailConfirmedAt) await confirmEmail(tx, user.id)
  await tx.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
     where user_id = $1 and provider = 'email' and identity_data ? 'email'`,
    [user.id, email],
  )
}

/** GoTrue hides the identifying fields of a soft-deleted user behind a hash of id and value. */
function obfuscate(id: string, value: string): string {
  return createHash('sha256').update(id + value).digest('base64url')
}

export async function softDeleteUser(tx: Queryable, user: UserRecord): Promise<void> {
  await tx.query(
    `update auth.users set email = $2, phone = $3, encrypted_password = null, deleted_at = now() where id = $1`,
    [user.id, obfuscate(user.id, user.email ?? ''), obfuscate(user.id, user.phone ?? '').slice(0, 15)],
  )
  for (const identity of user.identities) {
    await tx.query(`update auth.identities set identity_data = '{}'::jsonb, provider_id = $2 where id = $1`, [
      identity.identity_id,
      obfuscate(user.id, `${identity.provider}:${identity.id}`),
    ])
  }
}
