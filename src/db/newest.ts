// The newest records of a collection, read straight from its IndexedDB index.
//
// RxDB's Dexie storage answers a newest-first query by walking the whole
// created_at index with a cursor (IndexedDB indexes run one way, and the
// storage does not walk them backwards), then sorting: with 10,000 products
// that is most of a second before a screen can show its first row. Walking
// the same index backwards and stopping after a page costs a few
// milliseconds. A screen shows these rows while its live query loads, then
// the live query's result replaces them.
//
// This reads the storage's own tables, which RxDB does not promise to keep
// as they are: anything unexpected gives null (the screen then simply waits
// for its live query), and a test holds the result equal to RxDB's query.
import type { RxCollection } from 'rxdb'
import type { SyncedRecords, SyncedTable } from '../../domain/records.ts'
import type { AppDatabase } from './database.ts'

/** RxDB prefixes every index with _deleted and suffixes the primary key; Dexie names it so. */
const NEWEST_INDEX = '[_deleted+created_at+id]'
/** The storage keeps booleans as '0' and '1', since IndexedDB cannot index booleans. */
const LIVE = '0'
const HIGHEST = '\uffff'

type StoredDoc = Record<string, unknown> & { created_at: string; id: string }

type DexieCollection = { toArray(): Promise<StoredDoc[]>; reverse(): DexieCollection; limit(n: number): DexieCollection }
type DexieTable = {
  schema: { idxByName: Record<string, unknown> }
  where(index: string): { between(lower: unknown[], upper: unknown[], includeLower: boolean, includeUpper: boolean): DexieCollection }
}
type DexieInternals = { dexieTable?: DexieTable; booleanIndexes?: string[] }

/** The same order as the live query's sort: created_at newest first, then id ascending. */
function newestFirst(a: StoredDoc, b: StoredDoc): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

function toRecord<T>(doc: StoredDoc): T {
  const record: Record<string, unknown> = {}
  // _deleted, _rev, _meta and _attachments are the storage's; records have no field starting with _.
  for (const [key, value] of Object.entries(doc)) if (!key.startsWith('_')) record[key] = value
  return record as T
}

/**
 * Up to `limit` live (not deleted) records of a table indexed on created_at,
 * in the order of `sort: [{ created_at: 'desc' }, { id: 'asc' }]`. Null when
 * the table has no such index or the storage is not the Dexie one this knows.
 */
export async function readNewest<T extends SyncedTable>(db: AppDatabase, table: T, limit: number): Promise<Array<SyncedRecords[T]> | null> {
  try {
    const collection = db[table] as unknown as RxCollection<SyncedRecords[T]>
    const internals = (await (collection.storageInstance as unknown as { internals?: Promise<DexieInternals> }).internals) ?? {}
    const docs = internals.dexieTable
    // Dexie reopens a closed database on access: a closed store (signed out, or removed for a deleted account) must not come back.
    if (db.closed || !docs || !docs.schema.idxByName[NEWEST_INDEX] || !internals.booleanIndexes?.includes('_deleted')) return null
    const range = (from: string | number, to: string) => docs.where(NEWEST_INDEX).between([LIVE, from, -Infinity], [LIVE, to, HIGHEST], true, true)

    const newest = await range(-Infinity, HIGHEST).reverse().limit(limit).toArray()
    if (newest.length < limit) return newest.sort(newestFirst).map((d) => toRecord<SyncedRecords[T]>(d))
    // Records of one instant are ordered by id ascending, the index walked
    // backwards gives them descending: read the whole last instant so the
    // page holds the same records as the live query's first page.
    const edge = newest[newest.length - 1]!.created_at
    const sameInstant = await range(edge, edge).toArray()
    const page = newest.filter((d) => d.created_at !== edge).concat(sameInstant).sort(newestFirst).slice(0, limit)
    return page.map((d) => toRecord<SyncedRecords[T]>(d))
  } catch (error) {
    console.warn('reading the newest records directly failed; waiting for the full query', error)
    return null
  }
}
