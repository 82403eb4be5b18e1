// The one way functions reach the database: supabase-js with the service
// role, through the same data API the app uses, so a function runs
// unchanged against hosted Supabase and the local stack.
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { requireEnv, readEnv, type EnvReader } from './env.ts'

export type ServiceClientOptions = {
  env?: EnvReader
  fetch?: typeof fetch
}

/**
 * Bypasses row-level security: use it only for rows the function itself decides about.
 * Without options the client is shared by the requests of one function
 * instance: it holds no session, and building one (its auth client, headers,
 * fetch wrappers) for every request cost more than some of the queries it ran.
 */
export function createServiceClient(opts: ServiceClientOptions = {}): SupabaseClient {
  const env = opts.env ?? readEnv
  const url = requireEnv('SUPABASE_URL', env)
  const key = requireEnv('SUPABASE_SERVICE_ROLE_KEY', env)
  const build = () =>
    createClient(url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: opts.fetch ? { fetch: opts.fetch } : undefined,
    })
  if (opts.env || opts.fetch) return build()
  // Keyed by both, so a changed deployment setting never reuses a client made for the old one.
  if (shared?.url !== url || shared.key !== key) shared = { url, key, client: build() }
  return shared.client
}

let shared: { url: string; key: string; client: SupabaseClient } | undefined

/** The bearer token of a request, when it carries one. */
export function bearerToken(req: Request): string | undefined {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.get('Authorization') ?? '')
  return m?.[1]
}

/**
 * A client that acts as the caller: row-level security applies exactly as it
 * does to the app, so "may this user touch that row" is the database's answer.
 */
export function createUserClient(token: string, opts: ServiceClientOptions = {}): SupabaseClient {
  const env = opts.env ?? readEnv
  return createClient(requireEnv('SUPABASE_URL', env), requireEnv('SUPABASE_ANON_KEY', env), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${token}` }, ...(opts.fetch ? { fetch: opts.fetch } : {}) },
  })
}
