import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { loadRuntimeConfig } from './env.ts'

let client: Promise<SupabaseClient> | undefined

/** The one Supabase client of the app, created once the runtime config is known. */
export function getSupabase(): Promise<SupabaseClient> {
  client ??= loadRuntimeConfig().then(({ supabaseUrl, supabaseAnonKey }) =>
    createClient(supabaseUrl, supabaseAnonKey, {
      auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
    }),
  )
  return client
}
