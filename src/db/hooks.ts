// Data access for feature screens: live queries and writes over the local
// store. Screens never call Supabase for these tables; sync/ carries every
// write to the server and every server change back.
import { startTransition, useCallback, useEffect, useMemo, useState } from 'react'
import type { MangoQuery, RxCollection } from 'rxdb'
import type { SyncedRecords, SyncedTable } from '../../domain/records.ts'
import { useOwnerStoreState } from './context.tsx'
import { readNewest } from './newest.ts'
import { recordActions, type RecordActions } from './records.ts'

export { RecordWriteError, type NewRecord, type RecordActions } from './records.ts'

export type LiveQuery<T> = {
  data: T[]
  loading: boolean
  error: Error | null
  /** Subscribes again after an error (and reopens the store when that is what failed). */
  retry: () => void
}

function collectionOf<T extends SyncedTable>(db: { [K in SyncedTable]: RxCollection<SyncedRecords[K]> }, table: T) {
  return db[table] as unknown as RxCollection<SyncedRecords[T]>
}

/**
 * The records matching a Mango query, kept current as the store changes
 * (local writes, and server changes once synced). Deleted records never show.
 */
export function useLiveQuery<T extends SyncedTable>(table: T, query: MangoQuery<SyncedRecords[T]> = {}): LiveQuery<SyncedRecords[T]> {
  const state = useOwnerStoreState({ needed: true })
  const key = JSON.stringify(query)
  const [result, setResult] = useState<{ data: SyncedRecords[T][]; loading: boolean; error: Error | null; key: string; db: unknown }>({
    data: [],
    loading: true,
    error: null,
    key,
    db: null,
  })
  const [attempt, setAttempt] = useState(0)
  const db = state.status === 'ready' ? state.store.db : null
  const failure = state.status === 'failed' ? state.error : null

  useEffect(() => {
    if (!db) return
    const parsed = JSON.parse(key) as MangoQuery<SyncedRecords[T]>
    const sub = collectionOf(db, table)
      .find(parsed)
      .$.subscribe({
        // A transition: a screen's list (often its largest render) renders in slices that let the browser
        // respond (see components/render-in-slices.tsx), not in one task with the store's answer.
        next: (docs) => {
          const data = docs.map((d) => d.toJSON(true) as SyncedRecords[T])
          startTransition(() => setResult({ data, loading: false, error: null, key, db }))
        },
        error: (error: unknown) => setResult({ data: [], loading: false, error: error instanceof Error ? error : new Error(String(error)), key, db }),
      })
    return () => sub.unsubscribe()
  }, [db, table, key, attempt])

  const retry = useCallback(() => {
    if (state.status === 'failed') state.retry()
    setResult((r) => ({ ...r, loading: true, error: null }))
    setAttempt((n) => n + 1)
  }, [state])

  if (failure) return { data: [], loading: false, error: failure, retry }
  // A result for another query or another store is stale: report loading, not old rows.
  if (result.key !== key || result.db !== db) return { data: [], loading: true, error: null, retry }
  return { data: result.data, loading: result.loading, error: result.error, retry }
}

export function useRecordActions<T extends SyncedTable>(table: T): RecordActions<T> {
  const state = useOwnerStoreState({ needed: true })
  const db = state.status === 'ready' ? state.store.db : null
  return useMemo(() => recordActions(db, table), [db, table])
}

/**
 * The newest `limit` records of a table indexed on created_at (newest first,
 * ties by id), read once, cheaply, for a screen to show while `useLiveQuery`
 * still loads a large collection. Not live: use it only until the live
 * query has answered. Null while reading, when `enabled` is false, or when
 * the store cannot answer this way.
 */
export function useNewestRecords<T extends SyncedTable>(table: T, limit: number, enabled: boolean): SyncedRecords[T][] | null {
  const state = useOwnerStoreState({ needed: true })
  const db = state.status === 'ready' ? state.store.db : null
  const [result, setResult] = useState<{ db: unknown; rows: SyncedRecords[T][] | null }>({ db: null, rows: null })
  useEffect(() => {
    if (!db || !enabled) return
    let current = true
    void readNewest(db, table, limit).then((rows) => {
      if (current) setResult({ db, rows })
    })
    return () => {
      current = false
    }
  }, [db, table, limit, enabled])
  return enabled && result.db === db ? result.rows : null
}
