// The local store's Dexie middleware: bulk reads answer exactly what a plain
// bulkGet would, while reading only keys that exist.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { IDBCursor, IDBFactory, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb'
import Dexie from 'dexie'
import { getChangedDocumentsSinceQuery, prepareQuery, type RxStorageDefaultCheckpoint } from 'rxdb'
import { openOwnerDatabase, type AppDatabase } from './database.ts'
import { dexieStorage, existingKeysFirst, PROBE_MAX_KEYS_PER_ASKED, PROBE_MIN_KEYS } from './storage.ts'

const OWNER = '5d0c7a7e-3b0f-4f55-8c7e-2a9f0e4b1c11'

// Point reads made through IndexedDB itself, below Dexie.
let pointReads = 0
const originalGet = IDBObjectStore.prototype.get
beforeEach(() => {
  pointReads = 0
  IDBObjectStore.prototype.get = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['get']>) {
    pointReads++
    return originalGet.apply(this, args)
  }
})
afterEach(() => {
  IDBObjectStore.prototype.get = originalGet
})

const key = (i: number) => `k-${String(i).padStart(5, '0')}`

async function table(rows: number, middleware: boolean) {
  const db = new Dexie(`t-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange })
  if (middleware) db.use(existingKeysFirst)
  db.version(1).stores({ docs: 'id' })
  await db.open()
  await db.table('docs').bulkPut(Array.from({ length: rows }, (_, i) => ({ id: key(i * 2), n: i * 2 })))
  return db
}

describe('existing keys first', () => {
  it('answers a bulk read like a plain one: in the order asked, with gaps and repeats', async () => {
    const asked = [key(40), key(3), key(0), key(41), key(40), ...Array.from({ length: PROBE_MIN_KEYS }, (_, i) => key(100 + i))]
    const plain = await table(100, false)
    const probed = await table(100, true)
    const expected = await plain.table('docs').bulkGet(asked)
    expect(expected.filter(Boolean)).toHaveLength(2 + 1 + PROBE_MIN_KEYS / 2)
    expect(await probed.table('docs').bulkGet(asked)).toEqual(expected)
  })

  it('reads nothing one by one when none of the keys exist, and only the existing ones otherwise', async () => {
    const db = await table(50, true)
    const absent = Array.from({ length: 200 }, (_, i) => `z-${i}`)
    expect((await db.table('docs').bulkGet(absent)).every((d) => d === undefined)).toBe(true)
    expect(pointReads).toBe(0)

    const mixed = Array.from({ length: 100 }, (_, i) => key(i))
    const found = await db.table('docs').bulkGet(mixed)
    expect(found.filter(Boolean).map((d) => (d as { n: number }).n)).toEqual(Array.from({ length: 50 }, (_, i) => i * 2))
    expect(pointReads).toBe(50)
  })

  it('reads one by one when the keys are few, or the range they span holds far more keys than asked', async () => {
    const db = await table(2_000, true)
    await db.table('docs').bulkGet([key(0), key(2), key(4)])
    expect(pointReads).toBe(3)

    pointReads = 0
    // 40 keys spread over all 2,000 stored: the range holds 50× as many.
    const spread = Array.from({ length: 40 }, (_, i) => key(i * 100))
    expect(spread.length * PROBE_MAX_KEYS_PER_ASKED).toBeLessThan(2_000)
    expect((await db.table('docs').bulkGet(spread)).every(Boolean)).toBe(true)
    expect(pointReads).toBe(40)
  })
})

describe('the local store on it', () => {
  let db: AppDatabase | undefined
  afterEach(async () => {
    await db?.close()
    db = undefined
  })

  it('still refuses to insert a document that exists, and reads back what it wrote', async () => {
    db = await openOwnerDatabase({ ownerId: OWNER, storage: dexieStorage({ indexedDB: new IDBFactory(), IDBKeyRange }), multiInstance: false, devMode: true })
    const product = (i: number) => ({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `Ürün ${i}`, price: i, currency: 'TRY', stock: 1, created_at: new Date(i).toISOString() })
    const first = Array.from({ length: 100 }, (_, i) => product(i))
    expect((await db.products.bulkInsert(first)).error).toEqual([])
    pointReads = 0
    const again = await db.products.bulkInsert([...Array.from({ length: 100 }, (_, i) => product(100 + i)), product(7)])
    expect(again.error.map((e) => [e.status, e.documentId])).toEqual([[409, product(7).id]])
    // Of the 101 documents written, only the one that existed was read by key.
    expect(pointReads).toBe(1)
    expect(await db.products.count().exec()).toBe(200)
    expect((await db.products.findByIds([product(7).id, product(150).id]).exec()).get(product(150).id)?.name).toBe('Ürün 150')
  })
})

describe('changes since a checkpoint', () => {
  let db: AppDatabase | undefined
  afterEach(async () => {
    await db?.close()
    db = undefined
  })

  const product = (i: number, name = `Ürün ${i}`) => ({ id: `00000000-0000-4000-8000-${String((i * 7919) % 100_000).padStart(12, '0')}`, name, price: i, currency: 'TRY', stock: 1, created_at: new Date(i).toISOString() })

  /** Products written as a replication writes them: bulks that share an lwt, then edits and a delete. */
  async function storeWithBulks() {
    db = await openOwnerDatabase({ ownerId: OWNER, storage: dexieStorage({ indexedDB: new IDBFactory(), IDBKeyRange }), multiInstance: false, devMode: true })
    for (let bulk = 0; bulk < 3; bulk++) {
      const { error } = await db.products.bulkInsert(Array.from({ length: 200 }, (_, i) => product(bulk * 200 + i)))
      expect(error).toEqual([])
    }
    await (await db.products.findOne(product(5).id).exec())!.incrementalPatch({ name: 'Değişti' })
    await (await db.products.findOne(product(450).id).exec())!.remove()
    const instance = db.products.storageInstance
    // What the replication calls (through RxDB's wrappers of the storage instance).
    const changedSince = (limit: number, checkpoint?: RxStorageDefaultCheckpoint) => instance.getChangedDocumentsSince!(limit, checkpoint)
    // RxDB's own answer: its query, which the storage no longer uses for this.
    const rxdbAnswer = async (limit: number, checkpoint?: RxStorageDefaultCheckpoint) => {
      const { documents } = await instance.query(prepareQuery(instance.schema, getChangedDocumentsSinceQuery(instance, limit, checkpoint)))
      return documents
    }
    return { changedSince, rxdbAnswer }
  }

  it('answers as RxDB\'s query does, page by page from the start, deleted documents included', async () => {
    const { changedSince, rxdbAnswer } = await storeWithBulks()
    for (const limit of [7, 100, 1000]) {
      let checkpoint: RxStorageDefaultCheckpoint | undefined
      let seen = 0
      for (;;) {
        const page = await changedSince(limit, checkpoint)
        expect(page.documents).toEqual(await rxdbAnswer(limit, checkpoint))
        if (page.documents.length === 0) {
          expect(page.checkpoint).toEqual(checkpoint ?? { id: '', lwt: 0 })
          break
        }
        const last = page.documents.at(-1) as { id: string; _meta: { lwt: number } }
        expect(page.checkpoint).toEqual({ id: last.id, lwt: last._meta.lwt })
        seen += page.documents.length
        checkpoint = page.checkpoint
      }
      expect(seen).toBe(600)
    }
    const all = (await changedSince(1000)).documents as Array<{ id: string; name: string; _deleted: boolean }>
    expect(all.at(-2)).toMatchObject({ id: product(5).id, name: 'Değişti', _deleted: false })
    expect(all.at(-1)).toMatchObject({ id: product(450).id, _deleted: true })
  })

  it('reads no document when nothing was written after the checkpoint, however large the last bulk', async () => {
    const { changedSince, rxdbAnswer } = await storeWithBulks()
    const { checkpoint } = await changedSince(1000)
    let steps = 0
    const originalContinue = IDBCursor.prototype.continue
    IDBCursor.prototype.continue = function (this: IDBCursor, ...args: Parameters<IDBCursor['continue']>) {
      steps++
      return originalContinue.apply(this, args)
    }
    try {
      // The checkpoint sits in the middle of a 200-document bulk: RxDB's query walks all of it.
      const inBulk = (await changedSince(300)).checkpoint
      steps = 0
      expect(await rxdbAnswer(100, inBulk)).toHaveLength(100)
      expect(steps).toBeGreaterThan(100)
      steps = 0
      expect((await changedSince(100, checkpoint)).documents).toEqual([])
      expect(steps).toBe(0)
    } finally {
      IDBCursor.prototype.continue = originalContinue
    }
  })

})
