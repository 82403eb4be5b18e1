// Writes to the local store, shared by the React hooks and anything headless.
// Ids and creation times are made here; optional fields are stored absent.
import type { MangoQuerySelector, RxCollection } from 'rxdb'
import type { SyncedRecords, SyncedTable } from '../../domain/records.ts'
import type { AppDatabase } from './database.ts'

export type NewRecord<T extends SyncedTable> = Omit<SyncedRecords[T], 'id' | 'created_at'> & Partial<Pick<SyncedRecords[T], 'id' | 'created_at'>>

export type RecordActions<T extends SyncedTable> = {
  /** Stores new records at once (one bulk write); ids and creation times are made here. */
  insert(records: Array<NewRecord<T>>): Promise<Array<SyncedRecords[T]>>
  /** Changes the given fields; a field set to undefined is cleared. */
  update(id: string, changes: Partial<Omit<SyncedRecords[T], 'id' | 'created_at'>>): Promise<SyncedRecords[T]>
  /** Soft delete: a tombstone that syncs, never a hard delete. */
  remove(ids: string[]): Promise<void>
  /**
   * Soft-deletes every record matching the selector at the moment of the
   * write, including records synced in after a screen last read them (a
   * list of ids taken earlier would miss those). Resolves with how many.
   */
  removeWhere(selector: MangoQuerySelector<SyncedRecords[T]>): Promise<number>
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

/** The writes for one table; with no open store (null) every write fails with store_unavailable. */
export function recordActions<T extends SyncedTable>(db: AppDatabase | null, table: T): RecordActions<T> {
  const collection = () => {
    if (!db) throw new RecordWriteError('store_unavailable', 'the local store is not open')
    return db[table] as unknown as RxCollection<SyncedRecords[T]>
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
    async removeWhere(selector) {
      const removed = await collection().find({ selector }).remove()
      return removed.length
    },
  }
}

/** Optional fields are absent rather than null, undefined or blank (the store's schema and sync agree on that). */
function withoutEmpty(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(record)) if (v !== undefined && v !== null && v !== '') out[k] = v
  return out
}
