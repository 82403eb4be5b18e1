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
import type { DBCore, DBCoreGetManyRequest, DBCoreKeyRange, DBCoreTable, Dexie, Middleware } from 'dexie'
import type { RxStorage } from 'rxdb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'

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

/** Dexie storage for RxDB with the middleware above; tests pass fake-indexeddb's `indexedDB` and `IDBKeyRange`. */
export function dexieStorage(settings: Omit<DexieSettings, 'onCreate'> = {}): RxStorage<unknown, unknown> {
  return getRxStorageDexie({
    ...settings,
    onCreate: (db: Dexie) => {
      db.use(existingKeysFirst)
    },
  }) as RxStorage<unknown, unknown>
}
