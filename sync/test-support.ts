// For the unit tests beside this file: a store shaped as the app's (its
// columns from tables.ts, Dexie over fake-indexeddb, no schema validation),
// closed after each test; an in-memory stand-in for the parts of supabase-js
// the engine calls; and the replication parts put together over it. The stand-in keeps the server's contract as
// the sync code relies on it (rows after a checkpoint in `(_modified, id)`
// order; `sync_push` applying a row only if the server still holds its
// assumed state, answering conflicts and refusals); tests/sync holds the
// engine to the real server.
import { afterEach, expect, vi } from 'vitest'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import type { Observable } from 'rxjs'
import { addRxPlugin, createRxDatabase, type RxDatabase, type RxJsonSchema } from 'rxdb'
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { SyncedTable } from '../domain/records.ts'
import { conflictHandlerFor, sameDocument } from './merge.ts'
import { fromServerRow } from './rows.ts'
import { SYNCED_TABLES, SYNCED_TABLE_RULES } from './tables.ts'
import type { RxReplicationState } from 'rxdb/plugins/replication'
import type { SyncDatabase, SyncEngine } from './engine.ts'
import type { Checkpoint } from './bulk-pull.ts'
import { createAttempts } from './attempts.ts'
import { createPendingLedger } from './pending.ts'
import { markLocalWrites } from './pending-keeper.ts'
import { createPageSource } from './pull.ts'
import { createPusher } from './push.ts'
import { createRefusalStore } from './refusals.ts'
import { replicateTable } from './replication.ts'
import { createResyncs } from './resync.ts'
import { createSetAsideFlow } from './set-aside.ts'

addRxPlugin(RxDBLocalDocumentsPlugin)

let storeSeq = 0

/** Registers the closing; the returned function opens a fresh store (a new IndexedDB each time). */
export function testStores(): () => Promise<SyncDatabase & RxDatabase> {
  const open: RxDatabase[] = []
  afterEach(async () => {
    await Promise.all(open.splice(0).map((db) => db.closed ? undefined : db.close()))
  })
  return async () => {
    const db = await createRxDatabase({
      name: `sync-unit-${++storeSeq}`,
      storage: getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }),
      multiInstance: false,
      localDocuments: true,
    })
    await db.addCollections(Object.fromEntries(SYNCED_TABLES.map((t) => [t, { schema: schemaOf(t), conflictHandler: conflictHandlerFor(t) }])))
    open.push(db)
    return db as unknown as SyncDatabase & RxDatabase
  }
}

function schemaOf(table: SyncedTable): RxJsonSchema<Record<string, unknown>> {
  const columns = Object.entries(SYNCED_TABLE_RULES[table].columns) as Array<[string, { schema: object }]>
  return {
    version: 0,
    primaryKey: 'id',
    type: 'object',
    properties: { id: { type: 'string', maxLength: 36 }, ...Object.fromEntries(columns.map(([n, r]) => [n, r.schema])), created_at: { type: 'string' } },
    required: ['id'],
  } as unknown as RxJsonSchema<Record<string, unknown>>
}

type Row = Record<string, unknown> & { id: string; _modified: string }
type Answer = { data: unknown; error: { message: string; code?: string } | null }

export type FakeServer = {
  supabase: SupabaseClient
  /** The server's rows of a table, as the data API would answer them. */
  rows(table: SyncedTable): Row[]
  /** Writes a row as another device would (a new _modified). */
  put(table: SyncedTable, row: Record<string, unknown>): void
  /** The push function refuses this id with this SQLSTATE from now on (as it refuses, with 23503, an appointment whose customer it does not hold). */
  refuse(id: string, sqlstate: string): void
  allow(id: string): void
  /** Requests fail as without network while true. */
  offline: boolean
  /** What auth.getUser answers as its error code (e.g. user_not_found). */
  userError: string | null
  /** Requests made, in order: `select <table>` or `sync_push <table>`. */
  calls: string[]
}

export function fakeServer(): FakeServer {
  const tables = new Map<SyncedTable, Map<string, Row>>(SYNCED_TABLES.map((t) => [t, new Map()]))
  const refusals = new Map<string, string>()
  let clock = 0
  const stamp = () => new Date(Date.UTC(2026, 0, 1) + ++clock).toISOString()
  const offlineAnswer: Answer = { data: null, error: { message: 'fetch failed' } }

  // Realtime: every listener hears every change (a stand-in for one owner's channel).
  const listeners: Array<{ table: string; callback: (change: { eventType: string }) => void }> = []
  function put(table: SyncedTable, row: Record<string, unknown>) {
    const had = tables.get(table)!.has(String(row.id))
    tables.get(table)!.set(String(row.id), { ...row, _deleted: Boolean(row._deleted), id: String(row.id), _modified: stamp() })
    for (const l of listeners) if (l.table === table) setTimeout(() => l.callback({ eventType: had ? 'UPDATE' : 'INSERT' }), 0)
  }
  function channel() {
    const ch = {
      on(_type: string, filter: { table: string }, callback: (change: { eventType: string }) => void) {
        listeners.push({ table: filter.table, callback })
        return ch
      },
      subscribe(callback: (state: string) => void) {
        setTimeout(() => callback('SUBSCRIBED'), 0)
        return ch
      },
    }
    return ch
  }

  function select(table: SyncedTable) {
    let after: { modified: string; id: string } | undefined
    const query = {
      or(filter: string) {
        const m = /^_modified\.gt\.([^,]+),and\(_modified\.eq\.[^,]+,id\.gt\.([^)]+)\)$/.exec(filter)
        if (!m) throw new Error(`unexpected filter ${filter}`)
        after = { modified: m[1]!, id: m[2]! }
        return query
      },
      order: () => query,
      limit(n: number): Promise<Answer> {
        server.calls.push(`select ${table}`)
        if (server.offline) return Promise.resolve(offlineAnswer)
        const rows = [...tables.get(table)!.values()]
          .filter((r) => !after || r._modified > after.modified || (r._modified === after.modified && r.id > after.id))
          .sort((a, b) => a._modified < b._modified ? -1 : a._modified > b._modified ? 1 : a.id < b.id ? -1 : 1)
        return Promise.resolve({ data: rows.slice(0, n).map((r) => ({ ...r })), error: null })
      },
    }
    return query
  }

  function push(target: string, rows: Array<{ assumed: Record<string, unknown> | null; new: Record<string, unknown> }>): Answer {
    const table = target.replace(/^public\./, '') as SyncedTable
    server.calls.push(`sync_push ${table}`)
    if (server.offline) return offlineAnswer
    const conflicts: Row[] = []
    const refused: Array<{ id: string; code: string }> = []
    for (const row of rows) {
      const id = String(row.new.id)
      const current = tables.get(table)!.get(id)
      const customerId = table === 'appointments' ? row.new.customer_id : null
      const code = refusals.get(id) ?? (customerId && !tables.get('customers')!.has(String(customerId)) ? '23503' : undefined)
      if (code) refused.push({ id, code })
      else if (current && (!row.assumed || !sameDocument(table, fromServerRow(table, current), fromServerRow(table, row.assumed)))) conflicts.push({ ...current })
      else put(table, row.new)
    }
    return { data: { conflicts, refused }, error: null }
  }

  const supabase = {
    from: (table: SyncedTable) => ({ select: () => select(table) }),
    rpc: (name: string, args: { target: string; rows: never[] }) => Promise.resolve(name === 'sync_push' ? push(args.target, args.rows) : { data: null, error: { message: `no ${name}` } }),
    auth: {
      getSession: () => Promise.resolve({ data: { session: { expires_at: Math.floor(Date.now() / 1000) + 3600 } }, error: null }),
      getUser: () => Promise.resolve(server.offline ? { data: { user: null }, error: { message: 'fetch failed' } } : { data: { user: server.userError ? null : {} }, error: server.userError ? { code: server.userError, message: server.userError } : null }),
      signOut: () => Promise.resolve({ error: null }),
      onAuthStateChange: () => ({ data: { subscription: { unsubscribe: () => undefined } } }),
    },
    channel,
    removeChannel: () => {
      listeners.splice(0)
      return Promise.resolve('ok')
    },
  }

  const server: FakeServer = {
    supabase: supabase as unknown as SupabaseClient,
    rows: (table) => [...tables.get(table)!.values()].map((r) => ({ ...r })),
    put,
    refuse: (id, sqlstate) => void refusals.set(id, sqlstate),
    allow: (id) => void refusals.delete(id),
    offline: false,
    userError: null,
    calls: [],
  }
  return server
}

/** A customer as a device stores it. */
export const customer = (over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  name: 'Ayşe Yılmaz',
  phone_number: '+905321112233',
  created_at: '2026-01-01T10:00:00.000Z',
  ...over,
})

/** Whether `observable` has completed (watched from now on). */
export function completion(observable: Observable<unknown>): () => boolean {
  let completed = false
  observable.subscribe({ complete: () => (completed = true) })
  return () => completed
}

/** Counts, from now on, the writes of the store's local document `id`. */
export function localWrites(db: RxDatabase, id: string): { count(): number; stop(): void } {
  let writes = 0
  const sub = db.eventBulks$.subscribe((bulk) => {
    if (bulk.isLocal) writes += bulk.events.filter((e) => e.documentId === id).length
  })
  return { count: () => writes, stop: () => sub.unsubscribe() }
}

/** Closes the store, then runs `write`: a write that fails only because the store is closed is not reported. */
export async function expectNoReportOnceClosed(db: RxDatabase, write: () => Promise<void>): Promise<void> {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  try {
    await db.close()
    await write()
    expect(logged).not.toHaveBeenCalled()
  } finally {
    logged.mockRestore()
  }
}

/** Waits until check() passes, polling; fails with the last error after the timeout. */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      return await check()
    } catch (error) {
      if (Date.now() > deadline) throw error
    }
    await new Promise((r) => setTimeout(r, 10))
  }
}

/**
 * The engine's replication parts, put together as startSync does but without
 * its status, account watch, realtime or connectivity: the replicating tab,
 * always online, over a fake server.
 */
export function replicationRig(db: SyncDatabase & RxDatabase, server: FakeServer, opts: { pullBatchSize?: number; pushBatchSize?: number } = {}) {
  let stopped = false
  const running = () => !stopped
  const ledger = createPendingLedger(db)
  const refusals = createRefusalStore(db)
  let loading: Promise<void> | undefined
  const refusalsLoaded = () => (loading ??= refusals.load())
  markLocalWrites(db, SYNCED_TABLES, ledger, running)
  let transition: Promise<unknown> = Promise.resolve()
  const inLine = <T>(work: () => Promise<T>, onError: (error: unknown) => void): Promise<T> => {
    const run = transition.then(work)
    transition = run.catch(onError)
    return run
  }
  const requireSession = () => Promise.resolve()
  const attempts = createAttempts({ retryMs: { initial: 20, max: 100 }, changed: () => undefined })
  const resyncs = createResyncs(SYNCED_TABLES)
  const pages = createPageSource({ supabase: server.supabase, requireSession, sent: resyncs.sent, running })
  const replication = (t: SyncedTable) => replications[t] as unknown as RxReplicationState<Record<string, unknown>, Checkpoint>
  const pusher = createPusher({ supabase: server.supabase, setAside: refusals.get, inSync: (t) => replications[t].awaitInSync() })
  const setAside = createSetAsideFlow({
    db, refusals, loaded: refusalsLoaded, ledger, replication, inLine, wake: attempts.wake,
    running, leader: () => true, online: () => true, now: Date.now,
  })
  const replications = Object.fromEntries(SYNCED_TABLES.map((t) => [t, replicateTable(t, {
    db, live: true, pullBatchSize: opts.pullBatchSize ?? 1000, pushBatchSize: opts.pushBatchSize ?? 100, attempts, pages, pusher, resyncs,
    setAside, refusals, refusalsLoaded, requireSession, ledger, running,
  })])) as unknown as SyncEngine['replications']
  for (const t of SYNCED_TABLES) resyncs.follow(t, replication(t))
  const reps = SYNCED_TABLES.map(replication)
  return {
    replications, replication, ledger, refusals, setAside, attempts, resyncs,
    start: () => Promise.all(reps.map((r) => r.start())),
    /** Local changes pushed and the server's pulled. */
    async sync() {
      await ledger.flush()
      resyncs.requestAll()
      await new Promise((r) => setTimeout(r, 60))
      await Promise.all(reps.map((r) => r.awaitInSync()))
    },
    async stop() {
      stopped = true
      resyncs.stop()
      await transition
      await Promise.all(reps.map((r) => r.cancel()))
      attempts.stop()
      await ledger.flush().catch(() => undefined)
      await refusals.flush()
      ledger.stop()
      refusals.stop()
    },
  }
}
