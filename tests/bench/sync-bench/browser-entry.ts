// The page side of `npm run bench:sync`: one device per browser profile, with
// the app's own store (src/db) and sync engine (sync/) on Chromium's
// IndexedDB, plus the raw supabase-js + Dexie baseline and, as the peer to
// beat, RxDB's own Supabase replication plugin (`replicateSupabase`) on a
// collection of its own (see pluginSchema). The bench drives it
// through `window.syncBench` with page.evaluate; timings are taken here so
// that the DevTools protocol round trips are not part of them.
/* eslint-disable max-lines -- the one module the bench bundles for the page: the three stores it compares share its device setup and timing */
import Dexie from 'dexie'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Subscription } from 'rxjs'
import { createRxDatabase, type RxCollection, type RxDatabase, type RxJsonSchema } from 'rxdb'
import { replicateSupabase, type RxSupabaseReplicationState } from 'rxdb/plugins/replication-supabase'
import { openOwnerDatabase, type AppDatabase } from '../../../src/db/database.ts'
import { productSchema } from '../../../src/db/schemas.ts'
import { dexieStorage } from '../../../src/db/storage.ts'
import { manualConnectivity, startSync, SYNCED_TABLES, type SyncEngine } from '../../../sync/index.ts'
import { pullColumns } from '../../../sync/rows.ts'

export type SentRequest = { method: string; path: string; start: number; end: number; blocked: boolean }

export type PullResult = {
  ms: number
  count: number
  /** GETs of /rest/v1/products and the time spent waiting on them. */
  pullRequests: number
  networkMs: number
  /** Pushes made meanwhile (ours: sync_push RPCs; the plugin: inserts and updates of the table): a pull must send nothing back. */
  rpcRequests: number
  /** Sampled products that were missing or stored with other values than the server's. */
  wrong: string[]
  /** IndexedDB requests made meanwhile: the work that stays on the device. */
  idb: IdbCounts
}

export type IdbCounts = { reads: number; writes: number; transactions: number }

/** A product the bench seeded, as the store must hold it after the pull. */
export type ProductSample = { name: string; price: number; stock: number; currency: string }

export type PushResult = {
  /** From going online until the replication reports itself in sync (ours: pending = 0, idle and awaitInSync; the plugin: awaitInSync). */
  ms: number
  /** From going online until the response to the last push request: the server has every edit. */
  serverMs: number
  /** Requests that carried edits: sync_push RPCs (ours), inserts and updates of /rest/v1/products (the plugin). */
  push: number
  total: number
  byPath: Record<string, number>
}

export type SyncBenchApi = {
  signIn(opts: { url: string; anonKey: string; email: string; password: string; ownerId: string }): Promise<void>
  enginePull(opts: { name: string; expected: number; samples: ProductSample[] }): Promise<PullResult>
  pluginPull(opts: { name: string; expected: number; samples: ProductSample[]; pageSize: number }): Promise<PullResult>
  baselinePull(opts: { name: string; expected: number; pageSize: number }): Promise<PullResult>
  floorPull(opts: { name: string; expected: number; pageSize: number }): Promise<PullResult>
  openDevice(opts: { name: string; expected: number }): Promise<{ ms: number }>
  goOffline(): Promise<void>
  offlineEdits(opts: { creates: number; updates: number; tag: string }): Promise<{ ms: number; pending: number }>
  goOnline(opts: { settleMs: number }): Promise<PushResult>
  openPluginDevice(opts: { name: string; expected: number; pageSize: number }): Promise<{ ms: number }>
  pluginGoOffline(): Promise<void>
  pluginOfflineEdits(opts: { creates: number; updates: number; tag: string }): Promise<{ ms: number; pending: number }>
  pluginGoOnline(opts: { settleMs: number }): Promise<PushResult>
  watch(opts: { id: string; name: string }): void
  write(opts: { id: string; name: string; insert: boolean }): Promise<number>
  seen(opts: { id: string; timeoutMs: number }): Promise<number>
  closeDevice(): Promise<void>
}

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface can extend the DOM's Window
  interface Window {
    syncBench: SyncBenchApi
  }
}

const sent: SentRequest[] = []
const net = { offline: false }
let supabase: SupabaseClient | undefined
let ownerId = ''
let device: { db: AppDatabase; sync: SyncEngine; connectivity: ReturnType<typeof manualConnectivity> } | undefined
let pluginDevice: { db: PluginDatabase; replication: RxSupabaseReplicationState<PluginProduct> } | undefined
const watches = new Map<string, { sub: Subscription; seen: Promise<number> }>()

// Counted at the IndexedDB API itself, below Dexie and RxDB: one increment per request, the same for engine and baseline.
const idb: IdbCounts = { reads: 0, writes: 0, transactions: 0 }
function countIdb(proto: object, methods: string[], kind: keyof IdbCounts) {
  const target = proto as Record<string, (...args: unknown[]) => unknown>
  for (const m of methods) {
    const original = target[m]
    if (typeof original !== 'function') continue
    target[m] = function (this: unknown, ...args: unknown[]) {
      idb[kind]++
      return original.apply(this, args)
    }
  }
}
const READS = ['get', 'getAll', 'getAllKeys', 'getKey', 'count', 'openCursor', 'openKeyCursor']
countIdb(IDBObjectStore.prototype, READS, 'reads')
countIdb(IDBIndex.prototype, READS, 'reads')
countIdb(IDBObjectStore.prototype, ['put', 'add', 'delete', 'clear'], 'writes')
countIdb(IDBDatabase.prototype, ['transaction'], 'transactions')
const idbSince = (from: IdbCounts): IdbCounts => ({
  reads: idb.reads - from.reads, writes: idb.writes - from.writes, transactions: idb.transactions - from.transactions,
})

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))
// Wall-clock milliseconds with sub-millisecond precision: comparable across pages of different browsers on one machine.
const epoch = () => performance.timeOrigin + performance.now()

// Every request the supabase-js client makes is recorded; while "offline" it fails as fetch does without network.
const countingFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const url = new URL(input instanceof Request ? input.url : String(input))
  const entry: SentRequest = {
    method: init?.method ?? (input instanceof Request ? input.method : 'GET'),
    path: url.pathname,
    start: performance.now(),
    end: 0,
    blocked: net.offline,
  }
  sent.push(entry)
  if (net.offline) {
    entry.end = entry.start
    throw new TypeError('Failed to fetch')
  }
  try {
    const res = await fetch(input, init)
    // The body is part of the wait: supabase-js reads it right after.
    const body = await res.arrayBuffer()
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers })
  } finally {
    entry.end = performance.now()
  }
}

/** The store's product count once it reaches `expected`, or after two minutes from `t0` at the latest. */
async function countReached(db: { products: { count(): { exec(): Promise<number> } } }, expected: number, t0: number): Promise<number> {
  let count = await db.products.count().exec()
  while (count < expected && performance.now() - t0 < 120_000) {
    await sleep(5)
    count = await db.products.count().exec()
  }
  return count
}

function client(): SupabaseClient {
  if (!supabase) throw new Error('not signed in')
  return supabase
}

function current() {
  if (!device) throw new Error('no device open')
  return device
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 120_000): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(5)
  }
}

/** Fetches the engine's pages with supabase-js (its query and stopping rule: a short page is the last) and stores each with `store`, timed. */
async function timedPull(expected: number, pageSize: number, store: (rows: Array<Record<string, unknown>>) => Promise<unknown>, stored: () => Promise<number>): Promise<PullResult> {
  const from = sent.length
  const idbFrom = { ...idb }
  const t0 = performance.now()
  let checkpoint: { modified: string; id: string } | undefined
  let count = 0
  for (;;) {
    let query = client().from('products').select(pullColumns('products'))
    if (checkpoint) query = query.or(`_modified.gt.${checkpoint.modified},and(_modified.eq.${checkpoint.modified},id.gt.${checkpoint.id})`)
    const { data, error } = await query.order('_modified').order('id').limit(pageSize)
    if (error) throw new Error(`fetch failed: ${error.message}`)
    const rows = (data ?? []) as unknown as Array<Record<string, unknown>>
    if (rows.length > 0) await store(rows)
    count += rows.length
    if (rows.length < pageSize) break
    const last = rows.at(-1)!
    checkpoint = { modified: String(last._modified), id: String(last.id) }
  }
  const figures = pullFigures(from, idbFrom, performance.now() - t0, count)
  const total = await stored()
  if (total !== expected || count !== expected) throw new Error(`stored ${total} of ${expected} rows (${count} fetched)`)
  return figures
}

const openStore = (name: string) => openOwnerDatabase({ ownerId, name, devMode: false, multiInstance: false })

function pullFigures(from: number, idbFrom: IdbCounts, ms: number, count: number): PullResult {
  const pulls = sent.slice(from).filter((r) => r.method === 'GET' && r.path === '/rest/v1/products')
  const rpcs = sent.slice(from).filter((r) => r.path.startsWith('/rest/v1/rpc/'))
  return { ms, count, pullRequests: pulls.length, networkMs: pulls.reduce((sum, r) => sum + (r.end - r.start), 0), rpcRequests: rpcs.length, wrong: [], idb: idbSince(idbFrom) }
}

/** The samples the store does not hold exactly as seeded. */
async function wrongSamples(products: RxCollection<ProductSample>, samples: ProductSample[]): Promise<string[]> {
  const wrong: string[] = []
  for (const s of samples) {
    const doc = await products.findOne({ selector: { name: s.name } }).exec()
    const got = doc ? { name: doc.name, price: doc.price, stock: doc.stock, currency: doc.currency } : null
    if (JSON.stringify(got) !== JSON.stringify(s)) wrong.push(`${s.name}: ${JSON.stringify(got)}`)
  }
  return wrong
}

/** The offline edits, the same for both peers: `creates` new products, then `updates` of the oldest ones (name and stock), one write each as the owner makes them in the app. */
async function editOffline(products: RxCollection<ProductSample & { id: string; created_at: string; description?: string }>, creates: number, updates: number, tag: string): Promise<number> {
  const existing = await products.find({ sort: [{ created_at: 'asc' }], limit: updates }).exec()
  if (existing.length < updates) throw new Error(`only ${existing.length} products to update`)
  const t0 = performance.now()
  for (let i = 0; i < creates; i++) {
    await products.insert({
      id: crypto.randomUUID(),
      name: `${tag} ${i}`,
      description: 'Çevrimdışı eklendi',
      price: 10 + (i % 90) + 0.5,
      currency: 'TRY',
      stock: i % 7,
      created_at: new Date().toISOString(),
    })
  }
  for (const doc of existing) await doc.incrementalPatch({ name: `${doc.name} ${tag}`, stock: doc.stock + 1 })
  return performance.now() - t0
}

/** What the requests since `from` did, for a push measured from `t0`. */
function pushFigures(from: number, t0: number, ms: number, isPush: (r: SentRequest) => boolean): PushResult {
  const made = sent.slice(from)
  const byPath: Record<string, number> = {}
  for (const r of made) byPath[`${r.method} ${r.path}`] = (byPath[`${r.method} ${r.path}`] ?? 0) + 1
  const pushes = made.filter(isPush)
  const serverMs = pushes.length > 0 ? Math.max(...pushes.map((r) => r.end)) - t0 : Number.NaN
  return { ms, serverMs, push: pushes.length, total: made.length, byPath }
}

// RxDB's Supabase plugin stores what `select('*')` returns, less `_modified`
// and `_deleted`: every column of the table, the server-owned user_id and
// updated_at included, and SQL null as null. So its collection is the app's
// product schema plus those two columns, with the optional ones nullable.
// (The app's own schema leaves server-owned columns out and maps null to an
// absent key, which needs the engine's row conversions.) Without dev-mode
// nothing validates a document, but the schema still says what is stored.
type PluginProduct = {
  id: string; user_id?: string | null; name: string; description?: string | null; price: number; currency: string
  stock: number; product_link?: string | null; group_id?: string | null; created_at: string; updated_at?: string | null
}
type PluginDatabase = RxDatabase<{ products: RxCollection<PluginProduct> }>

const pluginSchema: RxJsonSchema<PluginProduct> = (() => {
  const properties: Record<string, Record<string, unknown>> = { ...(productSchema.properties as unknown as Record<string, Record<string, unknown>>) }
  const required = new Set(productSchema.required as string[])
  for (const [name, prop] of Object.entries(properties)) {
    if (!required.has(name)) properties[name] = { ...prop, type: [prop.type as string, 'null'] }
  }
  return {
    ...productSchema,
    properties: { ...properties, user_id: { type: ['string', 'null'], maxLength: 36 }, updated_at: { type: ['string', 'null'] } },
  } as unknown as RxJsonSchema<PluginProduct>
})()

async function openPluginStore(name: string): Promise<PluginDatabase> {
  const db = await createRxDatabase<{ products: RxCollection<PluginProduct> }>({ name, storage: dexieStorage(), multiInstance: false })
  await db.addCollections({ products: { schema: pluginSchema } })
  return db
}

/**
 * The plugin as its documentation sets it up, on the products table: pull
 * batches of the data API's 1000-row cap (as ours; its default is 100), the
 * default push batch (100 documents, each its own request), live (realtime
 * and a resync on every SUBSCRIBED), in this tab without leader election.
 */
function startPlugin(db: PluginDatabase, pageSize: number): RxSupabaseReplicationState<PluginProduct> {
  return replicateSupabase<PluginProduct>({
    tableName: 'products',
    client: client(),
    collection: db.products,
    replicationIdentifier: `bench-plugin-products-${db.name}`,
    live: true,
    waitForLeadership: false,
    pull: { batchSize: pageSize },
    push: {},
  })
}

function firstError(rs: RxSupabaseReplicationState<PluginProduct>): { error: string | undefined; sub: Subscription } {
  const seen: { error: string | undefined; sub: Subscription } = { error: undefined, sub: undefined as unknown as Subscription }
  seen.sub = rs.error$.subscribe((e) => {
    const errors = (e.parameters as { errors?: Array<{ message?: string; code?: string }> }).errors ?? []
    seen.error ??= `${e.code}: ${errors.map((x) => `${x.code ?? ''} ${x.message ?? ''}`.trim()).join('; ') || e.message}`
  })
  return seen
}

const isPluginPush = (r: SentRequest) => r.path === '/rest/v1/products' && (r.method === 'POST' || r.method === 'PATCH')

const api: SyncBenchApi = {
  async signIn(opts) {
    ownerId = opts.ownerId
    supabase = createClient(opts.url, opts.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { fetch: countingFetch },
    })
    const { error } = await supabase.auth.signInWithPassword({ email: opts.email, password: opts.password })
    if (error) throw new Error(`sign-in failed: ${error.message}`)
  },

  async enginePull({ name, expected, samples }) {
    const db = await openStore(name)
    try {
      const from = sent.length
      const idbFrom = { ...idb }
      const t0 = performance.now()
      const sync = startSync({ database: db, supabase: client(), waitForLeadership: false, connectivity: manualConnectivity(true) })
      try {
        await sync.awaitInSync()
        // awaitInSync is the engine's own signal; the count is the ground truth.
        const count = await countReached(db, expected, t0)
        const ms = performance.now() - t0
        const figures = pullFigures(from, idbFrom, ms, count)
        // A push made in the pull's wake (pulled rows taken for local edits) would come once it has settled.
        await waitFor('the engine to settle', () => sync.status().phase === 'idle', 30_000)
        const rpcRequests = sent.slice(from).filter((r) => r.path.startsWith('/rest/v1/rpc/')).length
        return { ...figures, rpcRequests, wrong: await wrongSamples(db.products as unknown as RxCollection<ProductSample>, samples) }
      } finally {
        await sync.stop()
      }
    } finally {
      await db.remove()
    }
  },

  async baselinePull({ name, expected, pageSize }) {
    const dexie = new Dexie(name)
    // The same user index the app's product schema declares.
    dexie.version(1).stores({ products: 'id, created_at' })
    await dexie.open()
    try {
      const table = dexie.table('products')
      return await timedPull(expected, pageSize, (rows) => table.bulkPut(rows), () => table.count())
    } finally {
      dexie.close()
    }
  },

  async floorPull({ name, expected, pageSize }) {
    // What RxDB's replication must write at the least: each pulled row as a
    // document of its Dexie storage (its fields, indexes and bookkeeping) and
    // again as the assumed master state in the replication's meta store, one
    // after the other, as its downstream does.
    const docs = new Dexie(`${name}-docs`)
    docs.version(1).stores({ docs: 'id, [_deleted+id], created_at, [_meta.lwt+id], _meta.lwt' })
    const meta = new Dexie(`${name}-meta`)
    meta.version(1).stores({ docs: 'id, [_deleted+id], [_meta.lwt+id], _meta.lwt' })
    await Promise.all([docs.open(), meta.open()])
    try {
      let lwt = Date.now()
      return await timedPull(expected, pageSize, async (rows) => {
        const stored = rows.map((r) => ({ ...r, id: String(r.id), _deleted: '0', _meta: { lwt: lwt++, o: { _rev: 1, hash: 'replication' } }, _rev: '1-replication', _attachments: {} }))
        await docs.table('docs').bulkPut(stored)
        await meta.table('docs').bulkPut(stored.map((d) => ({
          id: `${d.id}|0`, itemId: d.id, isCheckpoint: '0', docData: { ...d, _meta: { lwt: d._meta.lwt } },
          _deleted: '0', _meta: { lwt: lwt++ }, _rev: '1-replication', _attachments: {},
        })))
      }, () => docs.table('docs').count())
    } finally {
      docs.close()
      meta.close()
    }
  },

  async openDevice({ name, expected }) {
    if (device) throw new Error('a device is already open')
    const db = await openStore(name)
    const connectivity = manualConnectivity(true)
    const t0 = performance.now()
    const sync = startSync({ database: db, supabase: client(), waitForLeadership: false, connectivity })
    device = { db, sync, connectivity }
    await sync.awaitInSync()
    await waitFor(`${expected} products`, async () => (await db.products.count().exec()) >= expected)
    // The realtime channel must be joined, or the first writes of the other device would go unnoticed.
    await waitFor('the realtime channel', () => client().getChannels().some((c) => c.state === 'joined'), 30_000)
    return { ms: performance.now() - t0 }
  },

  async goOffline() {
    const { sync, connectivity } = current()
    net.offline = true
    connectivity.set(false)
    await waitFor('the replications to pause', () => SYNCED_TABLES.every((t) => sync.replications[t].isPaused()), 30_000)
  },

  async offlineEdits({ creates, updates, tag }) {
    const { db, sync } = current()
    const ms = await editOffline(db.products as unknown as RxCollection<ProductSample & { id: string; created_at: string; description?: string }>, creates, updates, tag)
    await waitFor('the pending ledger', () => sync.status().pending === creates + updates, 30_000)
    return { ms, pending: sync.status().pending }
  },

  async goOnline({ settleMs }) {
    const { sync, connectivity } = current()
    const from = sent.length
    const t0 = performance.now()
    net.offline = false
    connectivity.set(true)
    await waitFor('pending = 0 and idle', () => {
      const s = sync.status()
      return s.pending === 0 && s.phase === 'idle'
    })
    await sync.awaitInSync()
    const ms = performance.now() - t0
    // Requests that follow in sync's wake (pulls caused by the pushes' own realtime events) count too.
    await sleep(settleMs)
    return pushFigures(from, t0, ms, (r) => r.path === '/rest/v1/rpc/sync_push')
  },

  async pluginPull({ name, expected, samples, pageSize }) {
    const db = await openPluginStore(name)
    try {
      const from = sent.length
      const idbFrom = { ...idb }
      const t0 = performance.now()
      const replication = startPlugin(db, pageSize)
      const failed = firstError(replication)
      try {
        await replication.awaitInitialReplication()
        const count = await countReached(db, expected, t0)
        const ms = performance.now() - t0
        const figures = pullFigures(from, idbFrom, ms, count)
        await replication.awaitInSync()
        if (failed.error) throw new Error(`the plugin failed: ${failed.error}`)
        // The plugin pushes with inserts and updates of the table, not RPCs.
        const pushes = sent.slice(from).filter(isPluginPush).length
        return { ...figures, rpcRequests: pushes, wrong: await wrongSamples(db.products as unknown as RxCollection<ProductSample>, samples) }
      } finally {
        failed.sub.unsubscribe()
        await replication.cancel()
      }
    } finally {
      await db.remove()
    }
  },

  async openPluginDevice({ name, expected, pageSize }) {
    if (pluginDevice) throw new Error('a plugin device is already open')
    const db = await openPluginStore(name)
    const t0 = performance.now()
    const replication = startPlugin(db, pageSize)
    pluginDevice = { db, replication }
    await replication.awaitInitialReplication()
    await waitFor(`${expected} products`, async () => (await db.products.count().exec()) >= expected)
    await waitFor('the realtime channel', () => client().getChannels().some((c) => c.state === 'joined'), 30_000)
    await replication.awaitInSync()
    return { ms: performance.now() - t0 }
  },

  async pluginGoOffline() {
    if (!pluginDevice) throw new Error('no plugin device open')
    // RxDB's replication has its own offline handling: a request that fails
    // while navigator.onLine is false waits for the window's 'online' event
    // (awaitRetry). So the page goes offline as a browser does. Pausing is
    // no option: resuming a live replicateSupabase calls its start() again,
    // which adds postgres_changes to the channel it already subscribed
    // (same topic, reused by supabase-js), and realtime-js throws.
    net.offline = true
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => !net.offline })
    window.dispatchEvent(new Event('offline'))
  },

  async pluginOfflineEdits({ creates, updates, tag }) {
    if (!pluginDevice) throw new Error('no plugin device open')
    const { db } = pluginDevice
    const ms = await editOffline(db.products as unknown as RxCollection<ProductSample & { id: string; created_at: string; description?: string }>, creates, updates, tag)
    return { ms, pending: creates + updates }
  },

  async pluginGoOnline({ settleMs }) {
    if (!pluginDevice) throw new Error('no plugin device open')
    const { replication } = pluginDevice
    const failed = firstError(replication)
    try {
      const from = sent.length
      const t0 = performance.now()
      net.offline = false
      // Every request that failed offline is retried at once.
      window.dispatchEvent(new Event('online'))
      await replication.awaitInSync()
      const ms = performance.now() - t0
      await sleep(settleMs)
      if (failed.error) throw new Error(`the plugin failed: ${failed.error}`)
      return pushFigures(from, t0, ms, isPluginPush)
    } finally {
      failed.sub.unsubscribe()
    }
  },

  watch({ id, name }) {
    const { db } = current()
    let sub: Subscription | undefined
    const seen = new Promise<number>((resolve) => {
      sub = db.products.$.subscribe((event) => {
        if (event.documentId === id && (event.documentData as { name?: string } | undefined)?.name === name) resolve(epoch())
      })
    })
    watches.set(id, { sub: sub!, seen })
  },

  async write({ id, name, insert }) {
    const { db } = current()
    const t = epoch()
    if (insert) {
      await db.products.insert({ id, name, price: 99.9, currency: 'TRY', stock: 1, created_at: new Date().toISOString() })
    } else {
      const doc = await db.products.findOne(id).exec()
      if (!doc) throw new Error(`no product ${id} to update`)
      await doc.incrementalPatch({ name })
    }
    return t
  },

  async seen({ id, timeoutMs }) {
    const watch = watches.get(id)
    if (!watch) throw new Error(`not watching ${id}`)
    try {
      return await Promise.race([
        watch.seen,
        sleep(timeoutMs).then(() => Promise.reject(new Error(`the change of ${id} did not arrive within ${timeoutMs} ms`))),
      ])
    } finally {
      watch.sub.unsubscribe()
      watches.delete(id)
    }
  },

  async closeDevice() {
    if (pluginDevice) {
      const { db, replication } = pluginDevice
      pluginDevice = undefined
      await replication.cancel()
      await db.remove()
    }
    if (!device) return
    const { db, sync } = device
    device = undefined
    await sync.stop()
    await db.remove()
  },
}

window.syncBench = api
