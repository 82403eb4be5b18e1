import type { SupabaseClient } from '@supabase/supabase-js'
import { loadRuntimeConfig } from './env.ts'

let client: Promise<SupabaseClient> | undefined
let created: SupabaseClient | undefined
const createdListeners = new Set<(client: SupabaseClient) => void>()

/**
 * The one Supabase client of the app, created once the runtime config is known.
 * supabase-js is loaded on first use only, so a visitor who has never signed in
 * does not download it with the landing page.
 */
export function getSupabase(): Promise<SupabaseClient> {
  client ??= Promise.all([loadRuntimeConfig(), import('@supabase/supabase-js')]).then(
    ([{ supabaseUrl, supabaseAnonKey }, { createClient }]) => {
      created = createClient(supabaseUrl, supabaseAnonKey, {
        auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
      })
      for (const listener of createdListeners) listener(created)
      createdListeners.clear()
      return created
    },
  )
  client.catch(() => (client = undefined))
  return client
}

/** Calls back once the client exists (at once if it already does). */
export function onSupabaseCreated(listener: (client: SupabaseClient) => void): () => void {
  if (created) {
    listener(created)
    return () => undefined
  }
  createdListeners.add(listener)
  return () => createdListeners.delete(listener)
}

// supabase-js persists its session under sb-<first label of the API host>-auth-token.
const AUTH_KEY = /^sb-.+-auth-token$/

export function isAuthStorageKey(key: string | null): boolean {
  return key !== null && AUTH_KEY.test(key)
}

/** Whether this browser holds a persisted sign-in, read without loading supabase-js. */
export function hasStoredAuthSession(storage: Storage | undefined = globalThis.localStorage): boolean {
  try {
    if (!storage) return false
    for (let i = 0; i < storage.length; i++) if (isAuthStorageKey(storage.key(i))) return true
    return false
  } catch {
    // Storage blocked: let the client decide.
    return true
  }
}
