// The one way functions reach the database: supabase-js with the service
// role, through the same data API the app uses, so a function runs
// unchanged against hosted Supabase and the local stack.
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { requireEnv, readEnv, type EnvReader } from './env.ts'

export type ServiceClientOptions = {
  env?: EnvReader
  fetch?: typeof fetch
}

/** Bypasses row-level security: use it only for rows the function itself decides about. */
export function createServiceClient(opts: ServiceClientOptions = {}): SupabaseClient {
  const env = opts.env ?? readEnv
  return createClient(requireEnv('SUPABASE_URL', env), requireEnv('SUPABASE_SERVICE_ROLE_KEY', env), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: opts.fetch ? { fetch: opts.fetch } : undefined,
  })
}

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
