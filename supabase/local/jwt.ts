// Who is calling: turns the `apikey` and `Authorization` headers into the role
// and claims that Postgres sees, the way Supabase's gateway and PostgREST do.
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose'
import type { StackConfig } from './config.ts'
import { sqlLiteral } from './db.ts'

export type Claims = Record<string, unknown> & { role?: string; sub?: string; exp?: number }

export type RequestAuth = {
  role: string
  claims: Claims
  /** The bearer token as sent, when it was a JWT (not an opaque key). */
  jwt?: string
}

export type AuthFailure = 'no_api_key' | 'invalid_api_key' | 'bad_jwt' | 'expired_jwt'

export class RequestAuthError extends Error {
  constructor(readonly reason: AuthFailure) {
    super(
      {
        no_api_key: 'No API key found in request',
        invalid_api_key: 'Invalid API key',
        bad_jwt: 'invalid JWT: unable to parse or verify signature',
        expired_jwt: 'JWT expired',
      }[reason],
    )
  }
}

const encoder = new TextEncoder()
const secretOf = (config: StackConfig) => encoder.encode(config.jwtSecret)

export async function verifyJwt(config: StackConfig, token: string): Promise<Claims> {
  try {
    const { payload } = await jwtVerify(token, secretOf(config), { algorithms: ['HS256'] })
    return payload as Claims
  } catch (e) {
    throw new RequestAuthError(e instanceof joseErrors.JWTExpired ? 'expired_jwt' : 'bad_jwt')
  }
}

export async function signJwt(config: StackConfig, claims: Claims): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secretOf(config))
}

/** Opaque keys map to a role; anything else must be a JWT signed with our secret. */
async function credentialClaims(config: StackConfig, credential: string): Promise<{ claims: Claims; jwt?: string }> {
  if (credential === config.publishableKey) return { claims: { role: 'anon' } }
  if (credential === config.secretKey) return { claims: { role: 'service_role' } }
  if (credential.startsWith('sb_')) throw new RequestAuthError('invalid_api_key')
  return { claims: await verifyJwt(config, credential), jwt: credential }
}

function bearerOf(headers: Headers): string | undefined {
  const m = /^Bearer\s+(.+)$/i.exec(headers.get('authorization') ?? '')
  return m?.[1]?.trim() || undefined
}

/**
 * Resolves the caller. The `apikey` must be one of the project's keys (as the
 * hosted gateway demands); the bearer token, when present, decides the role.
 */
export async function resolveRequestAuth(
  config: StackConfig,
  headers: Headers,
  opts: { apikeyFromQuery?: string | null } = {},
): Promise<RequestAuth> {
  const apikey = headers.get('apikey') ?? opts.apikeyFromQuery ?? undefined
  const bearer = bearerOf(headers)
  if (!apikey && !bearer) throw new RequestAuthError('no_api_key')
  if (apikey) {
    try {
      await credentialClaims(config, apikey)
    } catch {
      throw new RequestAuthError('invalid_api_key')
    }
  }
  const { claims, jwt } = await credentialClaims(config, (bearer ?? apikey)!)
  return { role: typeof claims.role === 'string' && claims.role ? claims.role : 'anon', claims, jwt }
}

/**
 * Runs `fn` in a transaction that carries the caller's role and claims, as
 * PostgREST does per request, so RLS and auth.uid() see who is asking.
 */
export const requestContextSql =
  "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), " +
  "set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true), " +
  "set_config('search_path', 'public, extensions', true)"

/**
 * The same context as requestContextSql with the values inlined, for
 * Database.transaction's prelude (it travels with BEGIN in one round trip).
 */
export function requestContextPrelude(auth: RequestAuth, opts: { readOnly?: boolean } = {}): string {
  const [role, claims, sub] = requestContextParams(auth).map((v) => sqlLiteral(String(v)))
  return (
    `select set_config('role', ${role}, true), set_config('request.jwt.claims', ${claims}, true), ` +
    `set_config('request.jwt.claim.sub', ${sub}, true), set_config('request.jwt.claim.role', ${role}, true), ` +
    `set_config('search_path', 'public, extensions', true)` +
    (opts.readOnly ? ", set_config('transaction_read_only', 'on', true)" : '')
  )
}

export function requestContextParams(auth: RequestAuth): unknown[] {
  return [auth.role, JSON.stringify(auth.claims), typeof auth.claims.sub === 'string' ? auth.claims.sub : '']
}
