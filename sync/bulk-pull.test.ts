import { describe, expect, it, vi } from 'vitest'
import { getAssumedMasterState, getLastCheckpointDoc, type BulkWriteRow, type RxStorageBulkWriteResponse, type RxStorageInstanceReplicationState } from 'rxdb'
import { replicateRxCollection } from 'rxdb/plugins/replication'
import { bulkPull, checkpointOf, type BulkPullOptions, type Checkpoint, type Page } from './bulk-pull.ts'
import { fromServerRow } from './rows.ts'
import { customer, eventually, fakeServer, testStores, type FakeServer } from './test-support.ts'

const openStore = testStores()

const PAGE = 5
/** The context bulkPull writes the replication state with. */
const STATE_WRITE = 'replication-down-write-meta'

type Internal = RxStorageInstanceReplicationState<Record<string, unknown>>

/**
 * A store with the customers' replication started over a server RxDB sees as
 * empty (its own pull finds nothing), so that what is stored comes from
 * bulkPull alone; what RxDB pushes is recorded.
 */
async function setUp(serverRows: number) {
  const db = await openStore()
  const server = fakeServer()
  for (let i = 0; i < serverRows; i++) server.put('customers', customer({ name: `Müşteri ${i}` }))
  const pushed: Array<{ newDocumentState: Record<string, unknown>; assumedMasterState?: Record<string, unknown> }> = []
  let pushesWait: Promise<void> = Promise.resolve()
  /** Keeps RxDB's pushes from being answered until the returned function is called. */
  const holdPushes = () => {
    let release!: () => void
    pushesWait = new Promise((resolve) => (release = resolve))
    return release
  }
  const replication = replicateRxCollection<Record<string, unknown>, Checkpoint>({
    collection: db.customers as never,
    replicationIdentifier: 'bulk-pull-unit',
    live: true,
    autoStart: false,
    waitForLeadership: false,
    pull: { batchSize: PAGE, handler: () => Promise.resolve({ documents: [], checkpoint: undefined as unknown as Checkpoint }) },
    push: {
      handler: async (rows) => {
        await pushesWait
        pushed.push(...(rows as typeof pushed))
        return []
      },
    },
  })
  await replication.start()
  await replication.awaitInitialReplication()
  const internal = replication.internalReplicationState as unknown as Internal
  const pages = serverPages(server)
  const stored: Checkpoint[] = []
  const options = (over: Partial<BulkPullOptions> = {}): BulkPullOptions => ({
    internal, batchSize: PAGE, fetchPage: pages.fetch, toDoc: (row) => fromServerRow('customers', row), running: () => true,
    stored: (checkpoint) => stored.push(checkpoint), ...over,
  })
  return { db, server, replication, internal, pushed, holdPushes, pages, stored, options, first: await pages.fetch() }
}

/** The server's pages as the data API sends them; `before(n)` runs as the n-th request (the first page's is 1) goes out. */
function serverPages(server: FakeServer) {
  const before = new Map<number, () => void>()
  let requests = 0
  return {
    requests: () => requests,
    before: (n: number, run: () => void) => void before.set(n, run),
    async fetch(after?: Checkpoint): Promise<Page> {
      const sentAt = ++requests
      before.get(sentAt)?.()
      let query = server.supabase.from('customers').select('*')
      if (after) query = query.or(`_modified.gt.${after.modified},and(_modified.eq.${after.modified},id.gt.${after.id})`)
      const { data, error } = await query.order('_modified').order('id').limit(PAGE)
      if (error) throw new Error(error.message)
      return { rows: data as Array<Record<string, unknown>>, sentAt }
    },
  }
}

/** The server's rows in the order pulled. */
const pulledOrder = (server: FakeServer) => server.rows('customers').sort((a, b) => a._modified.localeCompare(b._modified))

/** A server row as the device would insert it itself. */
function asInserted(row: Record<string, unknown>) {
  const { _deleted: _d, ...doc } = fromServerRow('customers', row)
  return doc
}

async function storedDocs(db: Awaited<ReturnType<typeof openStore>>) {
  return (await db.customers.find().exec()).map((d) => d.toJSON() as Record<string, unknown>)
}

const downCheckpoint = (internal: Internal) => getLastCheckpointDoc(internal as never, 'down')

type WriteResponse = RxStorageBulkWriteResponse<never>
type WriteRows = Array<BulkWriteRow<never>>

/** Puts `around` in the way of every write of a storage instance; it calls `write` to go on with the write. */
function aroundWrites(instance: object, around: (context: string, write: () => Promise<WriteResponse>, rows: WriteRows) => Promise<WriteResponse>) {
  const target = instance as { bulkWrite(rows: WriteRows, context: string): Promise<WriteResponse> }
  const write = target.bulkWrite.bind(target)
  vi.spyOn(target, 'bulkWrite').mockImplementation((rows, context) => around(context, () => write(rows, context), rows))
}

/** Holds the first write of bulkPull's replication state until `release()`. */
function holdStateWrite(internal: Internal) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let held = false
  aroundWrites(internal.input.metaInstance, async (context, write) => {
    if (!held && context === STATE_WRITE) {
      held = true
      await released
    }
    return write()
  })
  return release
}

describe('bulkPull', () => {
  it('stores the full pages as the server\'s and returns the short one; RxDB sends none of it back, and pushes a later edit against it', async () => {
    const { db, server, replication, internal, pushed, stored, options, first } = await setUp(23)
    const rows = pulledOrder(server)
    const last = await bulkPull(first, options())
    expect(last.rows).toEqual(rows.slice(20))
    const docs = rows.slice(0, 20).map((r) => fromServerRow('customers', r))
    expect(await storedDocs(db)).toEqual(expect.arrayContaining(docs.map(({ _deleted: _d, ...doc }) => doc)))
    expect(await db.customers.count().exec()).toBe(20)
    const assumed = await getAssumedMasterState(internal, docs.map((d) => d.id))
    expect(docs.map((d) => assumed[d.id]?.docData)).toEqual(docs)
    expect(await downCheckpoint(internal)).toEqual(checkpointOf(rows[19]!))
    expect(stored.at(-1)).toEqual(checkpointOf(rows[19]!))
    expect(stored.map((c) => c.modified)).toEqual([...stored.map((c) => c.modified)].sort())

    await replication.awaitInSync()
    expect(pushed).toEqual([])
    await (await db.customers.findOne(docs[7]!.id).exec())!.incrementalPatch({ notes: 'cihazda' })
    await replication.awaitInSync()
    expect(pushed).toEqual([{ newDocumentState: expect.objectContaining({ notes: 'cihazda' }), assumedMasterState: docs[7] }])
    await replication.cancel()
  })

  it('gives RxDB the batch from the first document the store holds', async () => {
    const { db, server, replication, holdPushes, options, first } = await setUp(20)
    const rows = pulledOrder(server)
    // Not pushed yet: RxDB holds no server state of it.
    const releasePushes = holdPushes()
    await db.customers.insert({ ...asInserted(rows[7]!), name: 'Cihazda yazıldı' })
    const handed = await bulkPull(first, options())
    expect(handed.rows[0]).toEqual(rows[5])
    expect(handed.rows).toContainEqual(rows[7])
    expect((await storedDocs(db)).map((d) => d.id).sort()).toEqual([...rows.slice(0, 5).map((r) => r.id), rows[7]!.id].sort())
    expect((await db.customers.findOne(rows[7]!.id).exec())?.name).toBe('Cihazda yazıldı')
    releasePushes()
    await replication.cancel()
  })

  it('gives RxDB the batch holding a row it pulled before, changed on the server since', async () => {
    const { db, server, replication, pages, options, first } = await setUp(20)
    const rows = pulledOrder(server)
    // Four new rows after it fill the page the changed row comes again in.
    pages.before(2, () => {
      server.put('customers', { ...rows[1]!, name: 'Sunucuda değişti' })
      for (let i = 0; i < 4; i++) server.put('customers', customer({ name: `Yeni ${i}` }))
    })
    const handed = await bulkPull(first, options())
    expect(handed.rows).toContainEqual(expect.objectContaining({ id: rows[1]!.id, name: 'Sunucuda değişti' }))
    expect((await db.customers.findOne(rows[1]!.id).exec())?.name).toBe(rows[1]!.name)
    const storedIds = new Set((await storedDocs(db)).map((d) => d.id))
    expect(handed.rows.filter((r) => storedIds.has(String(r.id))).map((r) => r.id)).toEqual([rows[1]!.id])
    await replication.cancel()
  })

  it('takes the newer of a row that comes twice in one batch', async () => {
    const { db, server, replication, internal, pages, options, first } = await setUp(10)
    const rows = pulledOrder(server)
    const release = holdStateWrite(internal)
    // Four new rows after it fill the page the changed row comes again in.
    pages.before(3, () => {
      server.put('customers', { ...rows[6]!, name: 'Sunucuda değişti' })
      for (let i = 0; i < 4; i++) server.put('customers', customer({ name: `Yeni ${i}` }))
    })
    const pulling = bulkPull(first, options())
    // The pages after the first all wait, fetched, for the first batch's write: they make one batch.
    await eventually(() => expect(pages.requests()).toBe(4))
    release()
    expect((await pulling).rows).toEqual([])
    expect((await db.customers.findOne(rows[6]!.id).exec())?.name).toBe('Sunucuda değişti')
    expect(await db.customers.count().exec()).toBe(14)
    await replication.cancel()
  })

  it('fetches at most eight pages ahead of the writes', async () => {
    const { db, replication, internal, pages, options, first } = await setUp(60)
    const release = holdStateWrite(internal)
    const pulling = bulkPull(first, options())
    await eventually(() => expect(pages.requests()).toBe(1 + 8))
    await new Promise((r) => setTimeout(r, 50))
    expect(pages.requests()).toBe(1 + 8)
    release()
    expect((await pulling).rows).toEqual([])
    expect(await db.customers.count().exec()).toBe(60)
    await replication.cancel()
  })

  it('keeps a document written on the device after its replication state, and RxDB pushes it against what was pulled', async () => {
    const { db, server, replication, internal, pushed, options, first } = await setUp(12)
    const rows = pulledOrder(server)
    const pulled = fromServerRow('customers', rows[0]!)
    const flag = await internal.downstreamBulkWriteFlag
    let written = false
    aroundWrites(internal.input.forkInstance, async (context, write) => {
      if (context === flag && !written) {
        written = true
        await db.customers.insert({ ...asInserted(rows[0]!), name: 'Cihazda yazıldı' })
      }
      return write()
    })
    const received: string[] = []
    replication.received$.subscribe((doc) => received.push(String(doc.id)))
    const last = await bulkPull(first, options())
    expect(last.rows).toEqual(rows.slice(10))
    expect((await db.customers.findOne(pulled.id).exec())?.name).toBe('Cihazda yazıldı')
    expect(received.sort()).toEqual(rows.slice(1, 10).map((r) => r.id).sort())
    await replication.awaitInSync()
    expect(pushed).toEqual([{ newDocumentState: expect.objectContaining({ id: pulled.id, name: 'Cihazda yazıldı' }), assumedMasterState: pulled }])
    await replication.cancel()
  })

  it('writes nothing more once the replication stops running, and returns nothing for RxDB to store', async () => {
    const { db, server, replication, internal, pages, options, first } = await setUp(20)
    const rows = pulledOrder(server)
    let running = true
    pages.before(3, () => (running = false))
    const handed = await bulkPull(first, options({ running: () => running }))
    expect(handed).toEqual({ rows: [], sentAt: 0 })
    expect((await storedDocs(db)).map((d) => d.id).sort()).toEqual(rows.slice(0, 5).map((r) => r.id).sort())
    expect(await downCheckpoint(internal)).toEqual(checkpointOf(rows[4]!))
    await replication.cancel()
  })

  it('fails with a request\'s error once the pages before it are stored', async () => {
    const { db, server, replication, internal, pages, options, first } = await setUp(20)
    const rows = pulledOrder(server)
    pages.before(3, () => (server.offline = true))
    await expect(bulkPull(first, options())).rejects.toThrow('fetch failed')
    expect(await db.customers.count().exec()).toBe(10)
    expect(await downCheckpoint(internal)).toEqual(checkpointOf(rows[9]!))
    await replication.cancel()
  })

  it.each([
    ['its replication state', 'meta', /^replication state not stored: 422/],
    ['a document', 'fork', /^document not stored: 422/],
  ] as const)('fails when %s is not stored, with the checkpoint before it', async (_what, instance, message) => {
    const { db, server, replication, internal, options, first } = await setUp(20)
    const rows = pulledOrder(server)
    const target = instance === 'meta' ? internal.input.metaInstance : internal.input.forkInstance
    const context = instance === 'meta' ? STATE_WRITE : await internal.downstreamBulkWriteFlag
    let writes = 0
    aroundWrites(target, (ctx, write, writeRows) => ctx !== context || ++writes < 2
      ? write()
      : Promise.resolve({ error: [{ status: 422, isError: true, documentId: 'x', writeRow: writeRows[0]! }] } as WriteResponse))
    await expect(bulkPull(first, options())).rejects.toThrow(message)
    expect((await storedDocs(db)).map((d) => d.id).sort()).toEqual(rows.slice(0, 5).map((r) => r.id).sort())
    expect(await downCheckpoint(internal)).toEqual(checkpointOf(rows[4]!))
    await replication.cancel()
  })
})
