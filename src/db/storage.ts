// The RxDB storage of the local store: Dexie on IndexedDB, with one Dexie
// middleware that makes bulk reads of mostly-absent keys cheap.
//
// RxDB's Dexie storage reads every document before it writes it (to detect
// conflicting writes), and its replication reads each pulled document and its
// replication metadata before that again: four point reads per pulled row, all
// for rows a fresh store does not have. In Chromium every IndexedDB request is
// a round trip to the browser process, so those reads, not the writes, were
// most of an initial pull. A bulk read of many keys therefore first asks which
// of them exist — one count and one key scan of the range they span, in the
// same transaction — and reads only those. When the range holds far more keys
// than were asked for, the scan would cost more than it saves, and the reads
// go one by one as before.
//
// It also answers RxDB's "documents changed since this checkpoint" itself
// (getChangedDocumentsSince, see changedSince below) with one bounded read of
// the [_meta.lwt+id] index, instead of RxDB's query that scans every document
// written in the checkpoint's bulk write.
import type { DBCore, DBCoreGetManyRequest, DBCoreKeyRange, DBCoreTable, Dexie, Middleware } from 'dexie'
import { RX_META_LWT_MINIMUM, type RxDocumentData, type RxStorage, type RxStorageDefaultCheckpoint, type RxStorageInstance, type RxStorageInstanceCreationParams } from 'rxdb'
import { dexieReplaceIfStartsWithPipe, fromDexieToStorage, getRxStorageDexie, type RxStorageInstanceDexie } from 'rxdb/plugins/storage-dexie'

/** Below this many keys a probe is not worth its two extra requests. */
export const PROBE_MIN_KEYS = 32
/** Scan the range only while it holds at most this many keys per key asked for. */
export const PROBE_MAX_KEYS_PER_ASKED = 16

// DBCoreRangeType.Range; the enum is `const` in Dexie's types and absent at run time.
const RANGE = 2 as DBCoreKeyRange['type']

export const existingKeysFirst: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'existing-keys-first',
  create: (down) => ({
    ...down,
    table(name) {
      const table = down.table(name)
      return { ...table, getMany: (req) => (worthProbing(req.keys) ? probeThenGet(table, req) : table.getMany(req)) }
    },
  }),
}

const worthProbing = (keys: unknown[]): keys is string[] =>
  keys.length >= PROBE_MIN_KEYS && keys.every((k) => typeof k === 'string')

async function probeThenGet(table: DBCoreTable, req: DBCoreGetManyRequest & { keys: string[] }): Promise<unknown[]> {
  let lower = req.keys[0]!
  let upper = lower
  // IndexedDB orders strings by UTF-16 code units, as JavaScript's < does.
  for (const k of req.keys) {
    if (k < lower) lower = k
    if (k > upper) upper = k
  }
  const query = { index: table.schema.primaryKey, range: { type: RANGE, lower, upper, lowerOpen: false, upperOpen: false } }
  const within = await table.count({ trans: req.trans, query })
  if (within === 0) return req.keys.map(() => undefined)
  if (within > req.keys.length * PROBE_MAX_KEYS_PER_ASKED) return table.getMany(req)
  const { result } = await table.query({ trans: req.trans, query, values: false })
  const stored = new Set(result as unknown[])
  const present = req.keys.filter((k) => stored.has(k))
  if (present.length === 0) return req.keys.map(() => undefined)
  const values = await table.getMany({ ...req, keys: present })
  const byKey = new Map(present.map((k, i) => [k, values[i]]))
  return req.keys.map((k) => byKey.get(k))
}

type DexieSettings = NonNullable<Parameters<typeof getRxStorageDexie>[0]>

type Changes = { documents: Array<RxDocumentData<unknown>>; checkpoint: RxStorageDefaultCheckpoint }

/**
 * The documents written after `checkpoint`, in (_meta.lwt, id) order, at most
 * `limit` of them: what RxDB's replication reads on every start and resync to
 * find local changes to push. RxDB's own version is a query whose index range
 * can only start at the checkpoint's lwt, with an `$or` on the id checked
 * document by document; every document of one bulk write shares an lwt, so
 * each call read and matched the whole last write (a page of 1,000 pulled
 * rows) only to return nothing. Here the range starts just after the
 * checkpoint's (lwt, id), so an up-to-date replication reads no document.
 * Same answer, same order, deleted documents included.
 */
export async function changedSince(
  instance: Pick<RxStorageInstanceDexie<unknown>, 'internals' | 'primaryPath'>,
  limit: number,
  checkpoint?: RxStorageDefaultCheckpoint,
): Promise<Changes> {
  const { dexieTable, booleanIndexes } = await instance.internals
  const primary = dexieReplaceIfStartsWithPipe(instance.primaryPath)
  const after = checkpoint ? [checkpoint.lwt, checkpoint.id] : [RX_META_LWT_MINIMUM, '']
  const rows = (await dexieTable.where(`[_meta.lwt+${primary}]`).above(after).limit(limit).toArray()) as unknown[]
  const documents = rows.map((row) => fromDexieToStorage<unknown>(booleanIndexes, row))
  const last = documents.at(-1) as (RxDocumentData<Record<string, unknown>> | undefined)
  return {
    documents,
    checkpoint: last ? { id: String(last[instance.primaryPath]), lwt: last._meta.lwt } : (checkpoint ?? { id: '', lwt: 0 }),
  }
}

/** Dexie storage for RxDB with the middleware and changedSince above; tests pass fake-indexeddb's `indexedDB` and `IDBKeyRange`. */
export function dexieStorage(settings: Omit<DexieSettings, 'onCreate'> = {}): RxStorage<unknown, unknown> {
  const storage = getRxStorageDexie({
    ...settings,
    onCreate: (db: Dexie) => {
      db.use(existingKeysFirst)
    },
  })
  const create = storage.createStorageInstance.bind(storage)
  storage.createStorageInstance = async <T>(params: RxStorageInstanceCreationParams<T, DexieSettings>) => {
    const instance = await create(params)
    const withChanges = instance as RxStorageInstanceDexie<T> & Pick<RxStorageInstance<T, unknown, unknown, RxStorageDefaultCheckpoint>, 'getChangedDocumentsSince'>
    withChanges.getChangedDocumentsSince = (limit, checkpoint) => changedSince(instance as RxStorageInstanceDexie<unknown>, limit, checkpoint) as Promise<{ documents: Array<RxDocumentData<T>>; checkpoint: RxStorageDefaultCheckpoint }>
    return instance
  }
  return storage as RxStorage<unknown, unknown>
}
