import { firstValueFrom, filter } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { manualConnectivity } from './connectivity.ts'
import { startSync, type SyncEngine, type SyncOptions } from './engine.ts'
import { customer, eventually, fakeServer, testStores } from './test-support.ts'

const openStore = testStores()

async function setUp(over: Partial<SyncOptions> & { online?: boolean } = {}) {
  const db = await openStore()
  const server = fakeServer()
  const connectivity = manualConnectivity(over.online ?? true)
  const sync = startSync({ database: db, supabase: server.supabase, connectivity, waitForLeadership: false, retryMs: { initial: 50, max: 200 }, ...over })
  return { db, server, connectivity, sync }
}

const idle = (sync: SyncEngine) => eventually(() => expect(sync.status()).toMatchObject({ phase: 'idle', pending: 0, error: null }))

describe('startSync', () => {
  it('starts offline with edits waiting, and pushes them once online', async () => {
    const { db, server, connectivity, sync } = await setUp({ online: false })
    expect(sync.status()).toMatchObject({ phase: 'offline', online: false })
    await db.customers.insert(customer())
    await eventually(() => expect(sync.status()).toMatchObject({ phase: 'offline', pending: 1, leader: true }))
    expect(server.calls).toEqual([])
    connectivity.set(true)
    await idle(sync)
    expect(server.rows('customers')).toHaveLength(1)
    expect(sync.status().lastSyncedAt).not.toBeNull()
    await sync.stop()
  })

  it('back online, says it syncs until the edits made offline are on the server, never that all is done before', async () => {
    const { db, server, connectivity, sync } = await setUp()
    const c = customer({ name: 'Önceki ad' })
    await db.customers.insert(c)
    await idle(sync)
    connectivity.set(false)
    await (await db.customers.findOne(c.id).exec())!.incrementalPatch({ name: 'Çevrimdışı ad' })
    const seen: Array<{ phase: string; pending: number; onServer: boolean }> = []
    const sub = sync.status$.subscribe(({ phase, pending }) => seen.push({ phase, pending, onServer: server.rows('customers')[0]?.name === 'Çevrimdışı ad' }))
    connectivity.set(true)
    await idle(sync)
    sub.unsubscribe()
    expect(server.rows('customers')[0]).toMatchObject({ name: 'Çevrimdışı ad' })
    expect(seen.filter((s) => !s.onServer && (s.phase === 'idle' || s.pending === 0))).toEqual([])
    await sync.stop()
  })

  it('shows a failure as an error code and, on retry(), tries again at once instead of after the backoff', async () => {
    const { db, server, sync } = await setUp({ retryMs: { initial: 60_000, max: 60_000 } })
    await idle(sync)
    server.offline = true
    sync.retry()
    await eventually(() => expect(sync.status()).toMatchObject({ phase: 'error', error: { code: 'network' } }))
    server.offline = false
    server.put('customers', customer())
    sync.retry()
    await idle(sync)
    await sync.awaitInSync()
    expect(await db.customers.count().exec()).toBe(1)
    await sync.stop()
  })

  it('lists refused changes in every tab and discards one on request', async () => {
    const { db, server, sync } = await setUp()
    const c = customer()
    server.refuse(c.id, '23514')
    await db.customers.insert(c)
    const [refused] = await firstValueFrom(sync.refused$.pipe(filter((list) => list.length > 0)))
    expect(refused).toMatchObject({ docId: c.id, reason: 'invalid', created: true })
    await eventually(() => expect(sync.status()).toMatchObject({ phase: 'idle', pending: 0, refused: 1 }))
    await sync.discardRefused(refused!.key)
    await eventually(() => expect(sync.status().refused).toBe(0))
    expect(await db.customers.findOne(c.id).exec()).toBeNull()
    await sync.stop()
  })

  it('notes a merge of changes made on both sides, until dismissed', async () => {
    const { db, server, sync } = await setUp()
    const c = customer()
    await db.customers.insert(c)
    await idle(sync)
    server.put('customers', { ...server.rows('customers')[0]!, name: 'Sunucudaki ad' })
    await (await db.customers.findOne(c.id).exec())!.incrementalPatch({ name: 'Cihazdaki ad' })
    const [notice] = await firstValueFrom(sync.merges$.pipe(filter((list) => list.length > 0)))
    expect(notice).toMatchObject({ table: 'customers', docId: c.id, fields: ['name'], label: 'Cihazdaki ad' })
    await sync.dismissMerge(notice!.key)
    expect(await firstValueFrom(sync.merges$)).toEqual([])
    await sync.stop()
  })

  it('asks nothing about the account while offline, and resolves accountGone false when stopped', async () => {
    const { db, server, sync } = await setUp({ online: false })
    server.userError = 'user_not_found'
    await db.customers.insert(customer())
    sync.retry()
    expect(await Promise.race([sync.accountGone, new Promise((r) => setTimeout(() => r('still here'), 100))])).toBe('still here')
    await sync.stop()
    expect(await sync.accountGone).toBe(false)
    expect(db.closed).toBe(false)
    expect(await db.customers.count().exec()).toBe(1)
  })

  it('stops and removes the store when it starts replicating and finds the account deleted', async () => {
    const { db, server, connectivity, sync } = await setUp({ online: false })
    server.userError = 'user_not_found'
    connectivity.set(true)
    expect(await sync.accountGone).toBe(true)
    expect(db.closed).toBe(true)
    let completed = false
    sync.status$.subscribe({ complete: () => (completed = true) })
    expect(completed).toBe(true)
  })
})

