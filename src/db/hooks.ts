// Data access for feature screens: live queries and writes over the local
// store. Screens never call Supabase for these tables; sync/ carries every
// write to the server and every server change back.
import { useEffect, useMemo, useState } from 'react'
import type { MangoQuery, RxCollection } from 'rxdb'
import type { SyncedRecords, SyncedTable } from '../../domain/records.ts'
import { useOwnerStoreState } from './context.tsx'

export type LiveQuery<T> = { data: T[]; loading: boolean; error: Error | null }

function collectionOf<T extends SyncedTable>(db: { [K in SyncedTable]: RxCollection<SyncedRecords[K]> }, table: T) {
  return db[table] as unknown as RxCollection<SyncedRecords[T]>
}

/**
 * The records matching a Mango query, kept current as the store changes
 * (local writes, and server changes once synced). Deleted records never show.
 */
export function useLiveQuery<T extends SyncedTable>(table: T, query: MangoQuery<SyncedRecords[T]> = {}): LiveQuery<SyncedRecords[T]> {
  const state = useOwnerStoreState()
  const key = JSON.stringify(query)
  const [result, setResult] = useState<LiveQuery<SyncedRecords[T]> & { key: string; db: unknown }>({ data: [], loading: true, error: null, key, db: null })
  const db = state.status === 'ready' ? state.store.db : null
  const failure = state.status === 'failed' ? state.error : null

  useEffect(() => {
    if (!db) return
    const parsed = JSON.parse(key) as MangoQuery<SyncedRecords[T]>
    const sub = collectionOf(db, table)
      .find(parsed)
      .$.subscribe({
        next: (docs) => setResult({ data: docs.map((d) => d.toJSON(true) as SyncedRecords[T]), loading: false, error: null, key, db }),
        error: (error: unknown) => setResult({ data: [], loading: false, error: error instanceof Error ? error : new Error(String(error)), key, db }),
      })
    return () => sub.unsubscribe()
  }, [db, table, key])

  if (failure) return { data: [], loading: false, error: failure }
  // A result for another query or another store is stale: report loading, not old rows.
  if (result.key !== key || result.db !== db) return { data: [], loading: true, error: null }
  return { data: result.data, loading: result.loading, error: result.error }
}

export type NewRecord<T extends SyncedTable> = Omit<SyncedRecords[T], 'id' | 'created_at'> & Partial<Pick<SyncedRecords[T], 'id' | 'created_at'>>

export type RecordActions<T extends SyncedTable> = {
  /** Stores new records at once (one bulk write); ids and creation times are made here. */
  insert(records: Array<NewRecord<T>>): Promise<Array<SyncedRecords[T]>>
  /** Changes the given fields; a field set to undefined is cleared. */
  update(id: string, changes: Partial<Omit<SyncedRecords[T], 'id' | 'created_at'>>): Promise<SyncedRecords[T]>
  /** Soft delete: a tombstone that syncs, never a hard delete. */
  remove(ids: string[]): Promise<void>
}

export class RecordWriteError extends Error {
  constructor(
    readonly code: 'store_unavailable' | 'not_found' | 'write_failed',
    message: string,
  ) {
    super(message)
    this.name = 'RecordWriteError'
  }
}

export function useRecordActions<T extends SyncedTable>(table: T): RecordActions<T> {
  const state = useOwnerStoreState()
  const db = state.status === 'ready' ? state.store.db : null
  return useMemo(() => {
    const collection = () => {
      if (!db) throw new RecordWriteError('store_unavailable', 'the local store is not open')
      return collectionOf(db, table)
    }
    return {
      async insert(records) {
        const now = new Date().toISOString()
        const docs = records.map((r) => withoutEmpty({ ...r, id: r.id ?? crypto.randomUUID(), created_at: r.created_at ?? now }) as SyncedRecords[T])
        const { success, error } = await collection().bulkInsert(docs)
        if (error.length > 0) throw new RecordWriteError('write_failed', `${error.length} of ${docs.length} records were not stored`)
        return success.map((d) => d.toJSON(true) as SyncedRecords[T])
      },
      async update(id, changes) {
        const doc = await collection().findOne(id).exec()
        if (!doc) throw new RecordWriteError('not_found', `no record ${id}`)
        const updated = await doc.incrementalModify((data) => withoutEmpty({ ...data, ...changes }) as unknown as typeof data)
        return updated.toJSON(true) as SyncedRecords[T]
      },
      async remove(ids) {
        await collection().bulkRemove(ids)
      },
    } satisfies RecordActions<T>
  }, [db, table])
}

/** Optional fields are absent rather than null, undefined or blank (the store's schema and sync agree on that). */
function withoutEmpty(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(record)) if (v !== undefined && v !== null && v !== '') out[k] = v
  return out
}
