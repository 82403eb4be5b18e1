// Who is calling and under which role the SQL runs. Storage checks the
// bearer JWT itself (routes that serve files fall back to anon on a bad or
// missing token); every read or write of object metadata for a caller then
// runs in a transaction that carries the caller's role and claims, exactly as
// the data API does, so the project's RLS policies on storage.objects decide.
import type { Database, Queryable } from '../db.ts'
import { RequestAuthError, requestContextParams, requestContextSql, resolveRequestAuth, type RequestAuth } from '../jwt.ts'
import type { StackConfig } from '../config.ts'
import { ERRORS, GatewayError, fromDatabaseError } from './errors.ts'

export type Caller = {
  /** null: the stack itself (signed URLs, public reads), which RLS does not restrict. */
  auth: RequestAuth | null
  /** A verified token was presented (storage's `isAuthenticated`). */
  authenticated: boolean
  /** The token's `sub`: stored as owner_id, and as owner when it is a uuid. */
  owner: string | undefined
}

const ANONYMOUS: Caller = { auth: { role: 'anon', claims: { role: 'anon' } }, authenticated: false, owner: undefined }
export const STACK: Caller = { auth: null, authenticated: true, owner: undefined }

/**
 * `required`: a bad token is refused (storage answers AccessDenied with the
 * verifier's message). `optional`: a bad or missing token reads as anon, as
 * storage allows on the routes that serve objects.
 */
export async function resolveCaller(config: StackConfig, headers: Headers, mode: 'required' | 'optional'): Promise<Caller> {
  try {
    const auth = await resolveRequestAuth(config, headers)
    const sub = typeof auth.claims.sub === 'string' && auth.claims.sub ? auth.claims.sub : undefined
    return { auth, authenticated: true, owner: sub }
  } catch (e) {
    if (!(e instanceof RequestAuthError)) throw e
    if (mode === 'optional') return ANONYMOUS
    switch (e.reason) {
      case 'no_api_key':
        throw new GatewayError(401, 'No API key found in request', 'No `apikey` request header or url param was found.')
      case 'invalid_api_key':
        throw new GatewayError(401, 'Invalid API key', 'Double check your Supabase `anon` or `service_role` API key.')
      case 'expired_jwt':
        throw ERRORS.accessDenied('jwt expired', e)
      case 'bad_jwt':
        throw ERRORS.accessDenied('invalid signature', e)
    }
  }
}

/** One transaction under the caller's role and claims; database errors become storage's errors. */
export async function withCaller<T>(db: Database, caller: Caller, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      if (caller.auth) await tx.query(requestContextSql, requestContextParams(caller.auth))
      return fn(tx)
    })
  } catch (e) {
    throw fromDatabaseError(e)
  }
}

const ROLLBACK = Symbol('rollback')

/**
 * Runs `fn` as the caller and rolls it back: storage's testPermission, used to
 * refuse an upload by RLS before its body is read.
 */
export async function testPermission(db: Database, caller: Caller, fn: (tx: Queryable) => Promise<unknown>): Promise<void> {
  try {
    await withCaller(db, caller, async (tx) => {
      await fn(tx)
      throw ROLLBACK
    })
  } catch (e) {
    if (e !== ROLLBACK) throw e
  }
}

/** Queries as the connection's own (privileged) user, as storage's `asSuperUser()` does. */
export async function asStack<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (e) {
    throw fromDatabaseError(e)
  }
}
