import { describe, expect, it } from 'vitest'
import { getChangedDocumentsSince } from 'rxdb'
import type { BulkPullOptions, Checkpoint, Page } from './bulk-pull.ts'
import { SyncFailure } from './errors.ts'
import { createPageSource, type FreshReplication, type PageSourceOptions } from './pull.ts'
import { customer, eventually, fakeServer, testStores } from './test-support.ts'

const openStore = testStores()

function setUp(over: Partial<PageSourceOptions> = {}) {
  const server = fakeServer()
  let seq = 0
  const pages = createPageSource({ supabase: server.supabase, requireSession: () => Promise.resolve(), sent: () => ++seq, running: () => true, ...over })
  return { server, pages }
}

const serverCustomers = (server: ReturnType<typeof fakeServer>, n: number) => {
  for (let i = 0; i < n; i++) server.put('customers', customer({ name: `Müşteri ${i}` }))
}

describe('page source', () => {
  it('reads the rows after a checkpoint in (_modified, id) order, numbering each request', async () => {
    const { server, pages } = setUp()
    serverCustomers(server, 5)
    const all = server.rows('customers')
    const first = await pages.page('customers', undefined, 2)
    expect(first).toMatchObject({ rows: all.slice(0, 2), sentAt: 1, fresh: false })
    const after: Checkpoint = { modified: all[1]!._modified, id: all[1]!.id }
    const next = await pages.page('customers', after, 10)
    expect(next).toMatchObject({ rows: all.slice(2), sentAt: 2, fresh: false })
  })

  it('fails with the sync error of the request, or of the session check before it', async () => {
    const { server, pages } = setUp()
    server.offline = true
    await expect(pages.page('customers', undefined, 10)).rejects.toMatchObject({ code: 'network' })
    const signedOut = setUp({ requireSession: () => Promise.reject(new SyncFailure('auth', 'no signed-in session')) })
    await expect(signedOut.pages.page('customers', undefined, 10)).rejects.toMatchObject({ code: 'auth' })
    expect(signedOut.server.calls).toEqual([])
  })

  it('asks for an empty table\'s first page early, and the first pull takes it if it asks for that page', async () => {
    const db = await openStore()
    const { server, pages } = setUp()
    serverCustomers(server, 3)
    pages.prefetch('customers', db.customers.storageInstance, 2)
    expect(server.calls).toEqual([])
    await eventually(() => expect(server.calls).toEqual(['select customers']))
    expect(await pages.page('customers', undefined, 2)).toMatchObject({ rows: server.rows('customers').slice(0, 2), fresh: true })
    expect(server.calls).toHaveLength(1)
    // Taken once: the next pull asks.
    expect(await pages.page('customers', undefined, 2)).toMatchObject({ fresh: false })
    expect(server.calls).toHaveLength(2)
  })

  it('asks again when the early page is not the one asked for, or its request failed', async () => {
    const db = await openStore()
    const { server, pages } = setUp()
    serverCustomers(server, 3)
    pages.prefetch('customers', db.customers.storageInstance, 2)
    expect(await pages.page('customers', undefined, 3)).toMatchObject({ fresh: false })
    pages.prefetch('customers', db.customers.storageInstance, 2)
    const rows = server.rows('customers')
    expect(await pages.page('customers', { modified: rows[0]!._modified, id: rows[0]!.id }, 2)).toMatchObject({ rows: rows.slice(1, 3), fresh: false })
    server.offline = true
    pages.prefetch('customers', db.customers.storageInstance, 2)
    await eventually(() => expect(server.calls.length).toBe(5))
    server.offline = false
    expect(await pages.page('customers', undefined, 2)).toMatchObject({ rows: rows.slice(0, 2), fresh: false })
  })

  it('asks nothing early for a table the store holds documents of, deleted ones too', async () => {
    const db = await openStore()
    const { server, pages } = setUp()
    const doc = await db.customers.insert(customer())
    await doc.remove()
    pages.prefetch('customers', db.customers.storageInstance, 2)
    // The same read of the store as the early page's check, done after it.
    await getChangedDocumentsSince(db.customers.storageInstance, 1)
    await new Promise((r) => setTimeout(r, 20))
    expect(server.calls).toEqual([])
  })

  it('stores a first pull through bulk-pull, fetching its pages; a pull after its failure goes on from the last stored checkpoint', async () => {
    const server = fakeServer()
    serverCustomers(server, 5)
    const rows = server.rows('customers')
    let fail = true
    const seen: BulkPullOptions[] = []
    const store = async (first: Page, opts: BulkPullOptions): Promise<Page> => {
      seen.push(opts)
      const next = await opts.fetchPage({ modified: first.rows.at(-1)!._modified as string, id: String(first.rows.at(-1)!.id) })
      const last = next.rows.at(-1)
      if (last) opts.stored?.({ modified: String(last._modified), id: String(last.id) })
      if (fail) throw new Error('write failed')
      return next
    }
    let seq = 0
    const pages = createPageSource({ supabase: server.supabase, requireSession: () => Promise.resolve(), sent: () => ++seq, running: () => true, store })
    const replication = { internal: {}, running: () => true } as unknown as FreshReplication
    const first = await pages.page('customers', undefined, 2)
    await expect(pages.storeFresh('customers', first, 2, replication)).rejects.toThrow('write failed')
    expect(seen[0]).toMatchObject({ batchSize: 2, running: replication.running })
    expect(seen[0]!.toDoc(rows[0]!)).toEqual(expect.not.objectContaining({ _modified: expect.anything() }))
    // RxDB asks from its own checkpoint (none) again: the pull goes on after the last row stored, still fresh.
    const resumed = await pages.page('customers', undefined, 2)
    expect(resumed).toMatchObject({ rows: rows.slice(4), fresh: true })
    fail = false
    await pages.storeFresh('customers', resumed, 2, replication)
    expect(await pages.page('customers', undefined, 2)).toMatchObject({ rows: rows.slice(0, 2), fresh: false })
  })
})
