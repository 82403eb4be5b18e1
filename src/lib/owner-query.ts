// One owner's online-only server state, read through the one Supabase
// client: a query keyed by what it reads and the owner's id, and the options
// every write takes. Offline a read waits, paused (query-client.ts); a write
// fails at once, so a screen can say so instead of waiting unseen.
import type { SupabaseClient } from '@supabase/supabase-js'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { getSupabase } from './supabase.ts'

/** How an owner's data is read; `C` is as much of the client as `read` uses. */
export type OwnerQuery<T, C = SupabaseClient> = {
  queryKey(userId: string): readonly [string, string]
  read(client: C, userId: string): Promise<T>
  /** How long an answer stays fresh (ms); without it, the client's default. */
  staleTime?: number
}

/** What `read` gives for an owner, cached under `[key, userId]`. */
export function ownerQuery<T, C>(key: string, read: (client: C, userId: string) => Promise<T>, staleTime?: number): OwnerQuery<T, C> {
  return { queryKey: (userId) => [key, userId] as const, read, ...(staleTime === undefined ? {} : { staleTime }) }
}

export function ownerQueryOptions<T, C>(query: OwnerQuery<T, C>, userId: string, getClient: () => Promise<C>) {
  return queryOptions({
    queryKey: query.queryKey(userId),
    queryFn: async () => query.read(await getClient(), userId),
    ...(query.staleTime === undefined ? {} : { staleTime: query.staleTime }),
  })
}

export function useOwnerQuery<T>(query: OwnerQuery<T>, userId: string) {
  return useQuery(ownerQueryOptions(query, userId, getSupabase))
}

/** A write happens now or says it failed: never waiting unseen for the connection, never repeated. */
export const WRITE_NOW = { networkMode: 'always', retry: false } as const
