// A table holding one row per owner (user_id unique, row-level security to
// the owner): the booking settings, the business profile, the chatbot
// configuration. Online-only server state: read with maybeSingle (null until
// the owner first saves, when the form shows its defaults), written whole by
// an upsert on user_id that answers with the row as stored, and held as a
// TanStack Query query whose save puts that row back into the cache.
import type { SupabaseClient } from '@supabase/supabase-js'
import { mutationOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { ownerQuery, ownerQueryOptions, WRITE_NOW, type OwnerQuery } from './owner-query.ts'
import { readRow, RequestFailed } from './data-api.ts'
import { getSupabase } from './supabase.ts'

type Client = Pick<SupabaseClient, 'from'>
type GetClient = () => Promise<Client>

export type OwnerRowSpec = {
  table: string
  /** What is read and what a save answers with: the form's columns, nothing else. */
  columns: string
  /** The first part of the query key, followed by the owner's id. */
  key: string
  /** Names the row in failures (RequestFailed): "reading <what> failed", "saving <what> failed". */
  what: string
}

export type OwnerRow<Row, Payload> = OwnerQuery<Row | null, Client> & {
  save(client: Client, userId: string, payload: Payload): Promise<Row>
}

export function ownerRow<Row, Payload = Row>(spec: OwnerRowSpec): OwnerRow<Row, Payload> {
  const read = (client: Client, userId: string) => readRow<Row>(client, { ...spec, where: ['user_id', userId] })
  return {
    // Read once: a form is built from the first answer and then belongs to
    // the owner, so reading again (on focus, say) would only change it under
    // their eyes.
    ...ownerQuery(spec.key, read, Infinity),
    async save(client, userId, payload) {
      const { data, error } = await client
        .from(spec.table)
        .upsert({ ...payload, user_id: userId }, { onConflict: 'user_id' })
        .select(spec.columns)
        .single()
      if (error) throw new RequestFailed(`saving ${spec.what}`, error)
      return data as Row
    },
  }
}

/** The row as a query, read once (see ownerRow). */
export function ownerRowQuery<Row, Payload>(row: OwnerRow<Row, Payload>, userId: string, getClient: GetClient = getSupabase) {
  return ownerQueryOptions(row, userId, getClient)
}

/** Saving the row: now or failed, never waiting unseen for the connection nor repeated; the row as stored becomes the query's. */
export function saveOwnerRowMutation<Row, Payload>(row: OwnerRow<Row, Payload>, queryClient: QueryClient, userId: string, getClient: GetClient = getSupabase) {
  return mutationOptions({
    mutationFn: async (payload: Payload) => row.save(await getClient(), userId, payload),
    ...WRITE_NOW,
    onSuccess: (saved: Row) => {
      queryClient.setQueryData(row.queryKey(userId), saved)
    },
  })
}

export function useOwnerRow<Row, Payload>(row: OwnerRow<Row, Payload>, userId: string) {
  return useQuery(ownerRowQuery(row, userId))
}

export function useSaveOwnerRow<Row, Payload>(row: OwnerRow<Row, Payload>, userId: string) {
  return useMutation(saveOwnerRowMutation(row, useQueryClient(), userId))
}
