// What every handler needs from the request: the body as GoTrue would decode
// it, the client's user agent and address, the token issuer, and the caller
// behind the bearer token (a user with a live session, or an admin role).
import type { Context } from 'hono'
import { isIP } from 'node:net'
import type { Queryable } from '../db.ts'
import type { Claims } from '../jwt.ts'
import type { StackConfig } from '../config.ts'
import type { StackContext } from '../server.ts'
import { bearerClaims, extractBearer } from './bearer.ts'
import { AuthHttpError, badRequest, forbidden, internal } from './errors.ts'
import { BODY_LIMITS, PayloadTooLarge, readTextWithin } from '../body-limit.ts'
import { decodeParams, type ParamSchema, type Params } from './params.ts'
import { findSession, type ClientMeta, type SessionRef } from './sessions.ts'
import { findUserById, type UserRecord } from './users.ts'
import { isUuid } from '../../../domain/ids.ts'

/** What the auth API needs of the stack: its database and its settings. */
export type AuthContext = Pick<StackContext, 'db' | 'config'>

export async function readParams<F extends ParamSchema<Record<string, 'string' | 'bool' | 'map'>>>(
  c: Context,
  schema: F,
): Promise<Params<F['fields']>> {
  return decodeParams(schema, await requestText(c))
}

/** The body as text, read only up to the auth API's limit (../body-limit.ts): past it, 413 `payload_too_large`. */
export async function requestText(c: Context): Promise<string> {
  try {
    return await readTextWithin(c.req.raw, BODY_LIMITS.auth)
  } catch (e) {
    throw e instanceof PayloadTooLarge ? payloadTooLarge(e) : e
  }
}

/** What GoTrue's gateway would refuse before GoTrue reads it. */
export const payloadTooLarge = (e: PayloadTooLarge) =>
  new AuthHttpError(413, e.code, `Request body too large: at most ${e.limit} bytes are accepted`)

function clientIp(c: Context): string | null {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming
  for (const candidate of [forwarded, incoming?.socket?.remoteAddress]) {
    if (candidate && isIP(candidate)) return candidate
  }
  return null
}

/** Tokens name the stack's own `/auth/v1` URL as issuer, as GoTrue's GOTRUE_JWT_ISSUER does. */
export function clientMeta(c: Context): ClientMeta {
  return {
    userAgent: c.req.header('user-agent') || null,
    ip: clientIp(c),
    issuer: `${new URL(c.req.url).origin}/auth/v1`,
  }
}

export { isUuid }

export type Caller = { claims: Claims; user: UserRecord; session?: SessionRef }

/** GoTrue's requireAuthentication: a valid JWT whose user and session still exist. */
export async function requireUser(c: Context, config: StackConfig, tx: Queryable): Promise<Caller> {
  const claims = bearerClaims(config, extractBearer(c.req.header('authorization')))
  const sub = typeof claims.sub === 'string' ? claims.sub : ''
  if (!sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim')
  if (!isUuid(sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID')
  const user = await findUserById(tx, sub)
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist')
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : ''
  if (!sessionId || sessionId === '00000000-0000-0000-0000-000000000000') return { claims, user }
  if (!isUuid(sessionId)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID')
  const session = await findSession(tx, sessionId)
  if (!session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist')
  return { claims, user, session }
}

const ADMIN_ROLES = ['service_role', 'supabase_admin']

/** GoTrue's requireAdminCredentials: a JWT (or secret key) whose role is an admin role. */
export function requireAdmin(c: Context, config: StackConfig): Claims {
  const claims = bearerClaims(config, extractBearer(c.req.header('authorization')))
  if (typeof claims.role !== 'string' || !ADMIN_ROLES.includes(claims.role)) throw forbidden('not_admin', 'User not allowed')
  return claims
}

/** Reloads a user that a handler just wrote, inside the same transaction. */
export async function reloadUser(tx: Queryable, id: string, failure: string): Promise<UserRecord> {
  const user = await findUserById(tx, id)
  if (!user) throw internal(failure)
  return user
}
