// Devices for sync tests: each has its own IndexedDB (fake-indexeddb), its own
// signed-in supabase-js client whose network can be cut, and the app's real
// store (src/db) and sync engine (sync/), exactly as a browser tab runs them.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import type { RxStorage } from 'rxdb'
import WebSocket from 'ws'
import { openOwnerDatabase, type AppDatabase } from '../../src/db/database.ts'
import { manualConnectivity, startSync, type SyncEngine, type SyncOptions } from '../../sync/index.ts'
import type { Owner, TestStack } from '../support/stack.ts'

type Transport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>

export type Device = {
  name: string
  db: AppDatabase
  supabase: SupabaseClient
  sync: SyncEngine
  /** Cuts or restores this device's network: requests fail and the engine is told. */
  setOnline(online: boolean): void
  /** Requests made so far, by URL path (e.g. "/rest/v1/rpc/push_products"). */
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
  /** Fail requests without sending them, as a device without network would. */
  online?: boolean
  indexedDB?: IDBFactory
  /** Reuse a signed-in client (its session) instead of signing in again. */
  supabase?: SupabaseClient
  fetchWrapper?: { offline: boolean }
}

export async function openDevice(stack: TestStack, owner: Owner, opts: DeviceOptions = {}): Promise<Device> {
  const name = opts.name ?? `device-${++deviceSeq}`
  const net = opts.fetchWrapper ?? { offline: opts.online === false }
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
          return fetch(input, init)
        },
      },
    })
  if (!opts.supabase) {
    const { error } = await supabase.auth.signInWithPassword({ email: owner.email, password: owner.password })
    if (error) throw new Error(`${name} could not sign in: ${error.message}`)
  }
  const indexedDB = opts.indexedDB ?? new IDBFactory()
  const db = await openOwnerDatabase({
    ownerId: owner.user.id,
    name: `owner-${owner.user.id}-${name}`,
    storage: getRxStorageDexie({ indexedDB, IDBKeyRange }) as RxStorage<unknown, unknown>,
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
      return openDevice(stack, owner, { ...opts, name, indexedDB, supabase, fetchWrapper: net, sync: { ...opts.sync, ...more } })
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
