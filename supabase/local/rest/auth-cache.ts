// The caller's identity per request, with verified credentials remembered for
// a short while: checking two HS256 signatures costs more than the SQL of a
// small request, and clients resend the same few tokens on every call.
import type { StackConfig } from '../config.ts'
import { RequestAuthError, resolveRequestAuth, type RequestAuth } from '../jwt.ts'
import { jwtError, restError } from './errors.ts'

const TTL_MS = 60_000
const MAX_ENTRIES = 1000

type Entry = { auth: RequestAuth; until: number }

/** The API key may also come as an `apikey` query parameter, as the hosted gateway allows. */
export type AuthResolver = (headers: Headers, apikeyFromQuery?: string | null) => Promise<RequestAuth>

export function createAuthResolver(config: StackConfig): AuthResolver {
  const cache = new Map<string, Entry>()
  return async (headers, apikeyFromQuery) => {
    const key = `${headers.get('apikey') ?? ''}\n${apikeyFromQuery ?? ''}\n${headers.get('authorization') ?? ''}`
    const now = Date.now()
    const hit = cache.get(key)
    if (hit && hit.until > now) return hit.auth
    let auth: RequestAuth
    try {
      auth = await resolveRequestAuth(config, headers, { apikeyFromQuery })
    } catch (e) {
      throw toAuthFailure(e)
    }
    const exp = typeof auth.claims.exp === 'number' ? auth.claims.exp * 1000 : Infinity
    if (cache.size >= MAX_ENTRIES) cache.clear()
    cache.set(key, { auth, until: Math.min(now + TTL_MS, exp) })
    return auth
  }
}

/** The answers hosted Supabase gives: the gateway's for keys, PostgREST's for JWTs. */
function toAuthFailure(e: unknown): Error {
  if (!(e instanceof RequestAuthError)) return e instanceof Error ? e : new Error(String(e))
  switch (e.reason) {
    case 'no_api_key':
      return restError(401, 'PGRST301', 'No API key found in request', null, 'No `apikey` request header or url param was found.')
    case 'invalid_api_key':
      return restError(401, 'PGRST301', 'Invalid API key', null, 'Double check your Supabase `anon` or `service_role` API key.')
    case 'expired_jwt':
      return jwtError('PGRST303', 'JWT expired')
    case 'bad_jwt':
      return jwtError('PGRST301', e.message)
  }
}
