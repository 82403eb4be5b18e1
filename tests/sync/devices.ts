// Devices for sync tests: each has its own IndexedDB (fake-indexeddb), its own
// signed-in supabase-js client whose network can be cut, and the app's real
// store (src/db) and sync engine (sync/), exactly as a browser tab runs them.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { afterEach, expect } from 'vitest'
import { openOwnerDatabase, type AppDatabase } from '../../src/db/database.ts'
import { dexieStorage } from '../../src/db/storage.ts'
import { manualConnectivity, startSync, SYNCED_TABLES, type SyncEngine, type SyncOptions } from '../../sync/index.ts'
import { fromServerRow, pullColumns, toServerRow } from '../../sync/rows.ts'
import type { SyncedTable } from '../../domain/records.ts'
import { useTestStack, type Owner, type TestStack } from '../support/stack.ts'

type Transport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>

export type Device = {
  name: string
  db: AppDatabase
  supabase: SupabaseClient
  sync: SyncEngine
  /** Cuts or restores this device's network: requests fail and the engine is told. */
  setOnline(online: boolean): void
  /** Requests made so far, by URL path (e.g. "/rest/v1/rpc/sync_push"). */
  requests: string[]
  /** Stops syncing and closes the store, keeping its IndexedDB for a later reopen. */
  close(): Promise<void>
  /** The same device starting again on its kept IndexedDB (a reload). */
  reopen(opts?: Partial<SyncOptions>): Promise<Device>
}

let deviceSeq = 0

export type DeviceOptions = {
  name?: string
  sync?: Partial<SyncOptions>
  /** Fail requests without sending them, as a device without network would (after signing in: it was online once). */
  online?: boolean
  indexedDB?: IDBFactory
  /** Reuse a signed-in client (its session) instead of signing in again. */
  supabase?: SupabaseClient
  fetchWrapper?: { offline: boolean }
  /** Runs before each request is sent: may hold it back, or answer it instead of the server by returning a response. */
  beforeRequest?: (url: URL) => Promise<Response | void> | Response | void
}

export async function openDevice(stack: TestStack, owner: Owner, opts: DeviceOptions = {}): Promise<Device> {
  const name = opts.name ?? `device-${++deviceSeq}`
  const net = opts.fetchWrapper ?? { offline: false }
  const requests: string[] = []
  const supabase =
    opts.supabase ??
    createClient(stack.url, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as Transport },
      global: {
        fetch: (input: RequestInfo | URL, init?: RequestInit) => {
          const url = new URL(input instanceof Request ? input.url : String(input))
          requests.push(url.pathname)
          if (net.offline) return Promise.reject(new TypeError('fetch failed'))
          if (!opts.beforeRequest) return fetch(input, init)
          return Promise.resolve(opts.beforeRequest(url)).then((answer) => answer ?? fetch(input, init))
        },
      },
    })
  if (!opts.supabase) {
    const { error } = await supabase.auth.signInWithPassword({ email: owner.email, password: owner.password })
    if (error) throw new Error(`${name} could not sign in: ${error.message}`)
  }
  if (opts.online === false) net.offline = true
  const indexedDB = opts.indexedDB ?? new IDBFactory()
  const db = await openOwnerDatabase({
    ownerId: owner.user.id,
    name: `owner-${owner.user.id}-${name}`,
    storage: dexieStorage({ indexedDB, IDBKeyRange }),
    multiInstance: false,
    devMode: true,
  })
  const connectivity = manualConnectivity(!net.offline)
  const sync = startSync({
    database: db,
    supabase,
    connectivity,
    waitForLeadership: false,
    retryMs: { initial: 200, max: 2_000 },
    ...opts.sync,
  })
  let closed = false
  const device: Device = {
    name,
    db,
    supabase,
    sync,
    requests,
    setOnline(online) {
      net.offline = !online
      connectivity.set(online)
    },
    async close() {
      if (closed) return
      closed = true
      await sync.stop()
      await db.close()
    },
    async reopen(more = {}) {
      await device.close()
      return openDevice(stack, owner, { ...opts, online: !net.offline, name, indexedDB, supabase, fetchWrapper: net, sync: { ...opts.sync, ...more } })
    },
  }
  return device
}

export async function closeAll(devices: Device[]): Promise<void> {
  await Promise.all(devices.map((d) => d.close()))
  if (devices.length > 0) {
    await Promise.all(devices.map((d) => d.supabase.removeAllChannels()))
  }
}

/** Waits until check() passes, polling; fails with the last error after the timeout. */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let lastError: unknown
  for (;;) {
    try {
      return await check()
    } catch (error) {
      lastError = error
    }
    if (Date.now() > deadline) throw lastError
    await new Promise((r) => setTimeout(r, 50))
  }
}

export const newId = () => crypto.randomUUID()
export const nowIso = () => new Date().toISOString()

type Doc = Record<string, unknown>
export type Snapshot = { [T in SyncedTable]: Doc[] }

/** One spelling per value (null/absent, 12.5/12.50, 14:30/14:30:00, instants), so stores and server compare with toEqual. */
export function canonical(table: SyncedTable, doc: Doc): Doc {
  const { _deleted: _, ...rest } = fromServerRow(table, toServerRow(table, doc)) as unknown as Doc
  return rest
}

const byId = (a: Doc, b: Doc) => String(a.id).localeCompare(String(b.id))

/** The live (not deleted) documents of a device's store. */
export async function storeSnapshot(device: Device): Promise<Snapshot> {
  const out = {} as Snapshot
  for (const t of SYNCED_TABLES) {
    const docs = await (device.db[t] as unknown as { find(): { exec(): Promise<Array<{ toJSON(): Doc }>> } }).find().exec()
    out[t] = docs.map((d) => canonical(t, d.toJSON())).sort(byId)
  }
  return out
}

/** The owner's live rows on the server, read through the data API as that owner. */
export async function serverSnapshot(owner: Owner): Promise<Snapshot> {
  const out = {} as Snapshot
  for (const t of SYNCED_TABLES) {
    const { data, error } = await owner.client.from(t).select(pullColumns(t)).eq('_deleted', false).order('id').limit(1000)
    if (error) throw new Error(`reading ${t} failed: ${error.message}`)
    out[t] = (data as unknown as Doc[]).map((r) => canonical(t, fromServerRow(t, r) as unknown as Doc)).sort(byId)
  }
  return out
}

/** Waits until every device holds exactly the server's data with nothing pending and sync idle. */
export async function converged(owner: Owner, devices: Device[], timeoutMs = 20_000): Promise<Snapshot> {
  return eventually(async () => {
    const server = await serverSnapshot(owner)
    for (const d of devices) {
      expect(d.sync.status(), d.name).toMatchObject({ phase: 'idle', pending: 0, error: null })
      expect(await storeSnapshot(d), d.name).toEqual(server)
    }
    return server
  }, timeoutMs)
}

/**
 * A file's stack on PGlite and the devices its tests open: each test's
 * devices are closed after it, the stack after the file.
 */
export function useDevices(): {
  stack: TestStack
  device: (owner: Owner, name: string, opts?: DeviceOptions) => Promise<Device>
  /** A device opened otherwise (e.g. `reopen()`), closed with the test's others. */
  track: (d: Device) => void
} {
  const stack = useTestStack('pglite')
  const open: Device[] = []
  afterEach(async () => {
    await closeAll(open.splice(0))
  })
  return {
    stack,
    async device(owner, name, opts = {}) {
      const d = await openDevice(stack, owner, { name, ...opts })
      open.push(d)
      return d
    },
    track: (d) => void open.push(d),
  }
}

/** A customer as a device stores it, with a fresh id; `over` changes any field. */
export const customerDoc = (over: Record<string, unknown> = {}) => ({
  id: newId(),
  name: 'Ayşe Yılmaz',
  phone_number: '+905321112233',
  created_at: nowIso(),
  ...over,
})
