// Sessions as GoTrue keeps them: a row in auth.sessions, a chain of refresh
// tokens in auth.refresh_tokens (each child names its parent), and an access
// token whose claims are derived from the user and the session.
import { randomInt } from 'node:crypto'
import type { Queryable } from '../db.ts'
import type { StackConfig } from '../config.ts'
import { signJwt } from '../jwt.ts'
import { badRequest, internal } from './errors.ts'
import { findUserById, NIL_INSTANCE, sortKeys, userBody, type Json, type UserRecord } from './users.ts'

/** How long a revoked refresh token may still be exchanged (GoTrue's default reuse interval). */
export const REFRESH_TOKEN_REUSE_SECONDS = 10

export type ClientMeta = { userAgent: string | null; ip: string | null; issuer: string }

/** The session a token was issued for: its id and the time of the password sign-in that opened it. */
export type SessionRef = { id: string; authenticatedAt: number }

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567'

/** 12 lower-case base32 characters, the form of GoTrue's refresh tokens. */
export function newRefreshToken(): string {
  let s = ''
  for (let i = 0; i < 12; i++) s += BASE32[randomInt(32)]
  return s
}

async function insertRefreshToken(tx: Queryable, userId: string, sessionId: string, parent: string | null): Promise<string> {
  const token = newRefreshToken()
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('${NIL_INSTANCE}', $1, $2, false, now(), now(), $3, $4)`,
    [token, userId, parent, sessionId],
  )
  return token
}

/** Opens a session for a password sign-in and hands out its first refresh token. */
export async function openSession(
  tx: Queryable,
  userId: string,
  meta: ClientMeta,
): Promise<{ session: SessionRef; refreshToken: string }> {
  const res = await tx.query<{ id: string; at: number }>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values (gen_random_uuid(), $1, now(), now(), 'aal1', $2, $3::inet)
     returning id::text as id, floor(extract(epoch from created_at))::float8 as at`,
    [userId, meta.userAgent, meta.ip],
  )
  const row = res.rows[0]!
  const refreshToken = await insertRefreshToken(tx, userId, row.id, null)
  await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [userId])
  return { session: { id: row.id, authenticatedAt: Number(row.at) }, refreshToken }
}

export async function findSession(tx: Queryable, sessionId: string): Promise<SessionRef | undefined> {
  const res = await tx.query<{ id: string; at: number }>(
    'select id::text as id, floor(extract(epoch from created_at))::float8 as at from auth.sessions where id = $1',
    [sessionId],
  )
  const row = res.rows[0]
  return row && { id: row.id, authenticatedAt: Number(row.at) }
}

export type AccessToken = { token: string; expiresAt: number }

/** Signs the access token with exactly GoTrue's claims, in GoTrue's order. */
export async function signAccessToken(
  config: StackConfig,
  issuer: string,
  user: UserRecord,
  session: SessionRef,
): Promise<AccessToken> {
  const iat = Math.floor(Date.now() / 1000)
  const exp = iat + config.jwtExpiry
  const claims = {
    iss: issuer,
    sub: user.id,
    aud: user.aud ?? '',
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: sortKeys(user.appMetadata),
    user_metadata: sortKeys(user.userMetadata),
    role: user.role ?? '',
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: session.authenticatedAt }],
    session_id: session.id,
    is_anonymous: user.isAnonymous,
  }
  return { token: await signJwt(config, claims), expiresAt: exp }
}

/**
 * GoTrue's AccessTokenResponse. `weak_password` appears only on password
 * sign-ins, where GoTrue always sends it (null for an acceptable password).
 */
export function sessionBody(
  config: StackConfig,
  access: AccessToken,
  refreshToken: string,
  user: UserRecord,
  weakPassword?: { message: string; reasons: string[] } | null,
): Json {
  const body: Json = {
    access_token: access.token,
    token_type: 'bearer',
    expires_in: config.jwtExpiry,
    expires_at: access.expiresAt,
    refresh_token: refreshToken,
    user: userBody(user),
  }
  if (weakPassword !== undefined) body.weak_password = weakPassword
  return body
}

type TokenRow = {
  id: string
  token: string
  revoked: boolean
  user_id: string | null
  session_id: string | null
  reuse_expired: boolean
  session_found: boolean
  session_expired: boolean
  at: number | null
}

export type RefreshOutcome =
  | { kind: 'issued'; user: UserRecord; session: SessionRef; refreshToken: string }
  /** The request failed, but what it changed (a revoked token family, a dropped token) must be committed. */
  | { kind: 'failed'; error: Error }

/**
 * The refresh_token grant with GoTrue's rotation rules: the presented token
 * is revoked and replaced by a child; presenting the parent of the active
 * token again returns the active token (the client lost the last answer);
 * any other revoked token is accepted for 10 s after it was issued and
 * otherwise revokes the whole session's tokens.
 */
export async function refreshSession(tx: Queryable, presented: string, meta: ClientMeta): Promise<RefreshOutcome> {
  const res = await tx.query<TokenRow>(
    `select rt.id::text as id, rt.token, coalesce(rt.revoked, false) as revoked, rt.user_id, rt.session_id::text as session_id,
       coalesce(now() > rt.updated_at + interval '${REFRESH_TOKEN_REUSE_SECONDS} seconds', true) as reuse_expired,
       s.id is not null as session_found,
       coalesce(s.not_after < now(), false) as session_expired,
       floor(extract(epoch from s.created_at))::float8 as at
     from auth.refresh_tokens rt left join auth.sessions s on s.id = rt.session_id
     where rt.token = $1
     for update of rt`,
    [presented],
  )
  const row = res.rows[0]
  const user = row?.user_id ? await findUserById(tx, row.user_id) : undefined
  if (!row || !user) {
    return { kind: 'failed', error: badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') }
  }
  if (user.banned) return { kind: 'failed', error: badRequest('user_banned', 'Invalid Refresh Token: User Banned') }
  if (!row.session_found || !row.session_id) {
    // A token from before sessions existed cannot be refreshed; GoTrue drops it.
    await tx.query('delete from auth.refresh_tokens where id = $1', [row.id])
    return { kind: 'failed', error: badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found') }
  }
  if (row.session_expired) {
    return { kind: 'failed', error: badRequest('session_expired', 'Invalid Refresh Token: Session Expired') }
  }
  const session: SessionRef = { id: row.session_id, authenticatedAt: Number(row.at) }
  let issued: string | undefined
  if (row.revoked) {
    const active = await tx.query<{ token: string; parent: string | null }>(
      `select token, parent from auth.refresh_tokens where session_id = $1 and revoked is false order by id desc limit 1`,
      [session.id],
    )
    if (active.rows[0] && active.rows[0].parent === row.token) {
      issued = active.rows[0].token
    } else if (row.reuse_expired) {
      await tx.query(
        'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false',
        [session.id],
      )
      return { kind: 'failed', error: badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used') }
    }
  }
  if (!issued) {
    // GoTrue flips only the flag: updated_at keeps the issue time the reuse window counts from.
    await tx.query('update auth.refresh_tokens set revoked = true where id = $1', [row.id])
    issued = await insertRefreshToken(tx, user.id, session.id, row.token)
  }
  await tx.query(
    `update auth.sessions set refreshed_at = now() at time zone 'UTC', user_agent = $2, ip = $3::inet where id = $1`,
    [session.id, meta.userAgent, meta.ip],
  )
  const fresh = await findUserById(tx, user.id)
  if (!fresh) throw internal('Database error granting user')
  return { kind: 'issued', user: fresh, session, refreshToken: issued }
}

export type LogoutScope = 'global' | 'local' | 'others'

export async function logout(tx: Queryable, userId: string, sessionId: string | undefined, scope: LogoutScope): Promise<void> {
  if (sessionId && scope === 'local') {
    await tx.query('delete from auth.sessions where id = $1', [sessionId])
  } else if (sessionId && scope === 'others') {
    await tx.query('delete from auth.sessions where id <> $1 and user_id = $2', [sessionId, userId])
  } else {
    await tx.query('delete from auth.sessions where user_id = $1', [userId])
  }
}
