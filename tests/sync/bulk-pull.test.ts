// The initial pull of a table a device holds nothing of goes through
// sync/bulk-pull.ts (pipelined pages, written as RxDB's replication would).
// Small pages make a short catalogue span many of them, so what can happen
// between two pages — an edit on the device, a change on the server, a failed
// request, the tab closing — happens here, at a page the test chooses.
import { describe, expect, it } from 'vitest'
import { converged, eventually, newId, serverSnapshot, storeSnapshot, useDevices, type Device } from './devices.ts'
import type { Owner } from '../support/stack.ts'

const { stack, device, track } = useDevices()

const PAGE = 10
const TOTAL = 95

async function catalogue(owner: Owner): Promise<string[]> {
  const ids = Array.from({ length: TOTAL }, () => newId())
  const rows = ids.map((id, n) => ({ id, user_id: owner.user.id, name: `Ürün ${n}`, price: n + 0.5, currency: 'TRY', stock: n % 7 }))
  const { error } = await owner.client.from('products').insert(rows)
  expect(error).toBeNull()
  return ids
}

/**
 * Product pulls as the device sends them: `from: start` for a page asked for
 * without a checkpoint. `at(n, run)` runs (and may hold, or fail) the n-th.
 */
function productPulls() {
  const seen: Array<'start' | 'checkpoint'> = []
  const hooks = new Map<number, () => Promise<Response | void> | Response | void>()
  return {
    seen,
    at(n: number, run: () => Promise<Response | void> | Response | void) {
      hooks.set(n, run)
    },
    beforeRequest: async (url: URL) => {
      if (url.pathname !== '/rest/v1/products') return
      seen.push(url.searchParams.has('or') ? 'checkpoint' : 'start')
      return hooks.get(seen.length)?.()
    },
  }
}

const pushes = (d: Device) => d.requests.filter((r) => r.includes('/rpc/'))

async function productCount(d: Device): Promise<number> {
  return d.db.products.count().exec()
}

describe('the initial pull of an empty store', () => {
  it('stores every page as the server\'s, sends nothing back, and pushes a later edit against what it pulled', async () => {
    const owner = await stack.signUpOwner()
    const ids = await catalogue(owner)
    const pulls = productPulls()
    const d = await device(owner, 'fresh', { sync: { pullBatchSize: PAGE }, beforeRequest: pulls.beforeRequest })
    await converged(owner, [d])
    expect(pushes(d)).toEqual([])
    // Ten pages and the subscription's resyncs at most; one page asked for without a checkpoint.
    expect(pulls.seen.filter((p) => p === 'start')).toHaveLength(1)
    expect(pulls.seen.length).toBeLessThanOrEqual(Math.ceil(TOTAL / PAGE) + 2)

    // The device knows each row's server state as pulled: an edit made offline merges field by field with
    // a change the server got meanwhile, neither lost (without that state both fields would look edited here).
    d.setOnline(false)
    const { error } = await owner.client.from('products').update({ name: 'Sunucuda yeni ad' }).eq('id', ids[42]!)
    expect(error).toBeNull()
    const doc = await d.db.products.findOne(ids[42]!).exec()
    await doc!.incrementalPatch({ stock: 99 })
    d.setOnline(true)
    await converged(owner, [d])
    const { data } = await owner.client.from('products').select('name, stock').eq('id', ids[42]!).single()
    expect(data).toEqual({ name: 'Sunucuda yeni ad', stock: 99 })
  })

  it('keeps an edit made on the device while later pages are still coming, and sends it', async () => {
    const owner = await stack.signUpOwner()
    const ids = await catalogue(owner)
    const pulls = productPulls()
    const opened: { device?: Device } = {}
    pulls.at(4, async () => {
      // The first page is stored by now or soon; the fourth waits for the owner's edit.
      const doc = await eventually(async () => {
        const found = await opened.device!.db.products.findOne(ids[0]!).exec()
        expect(found).not.toBeNull()
        return found!
      })
      await doc.incrementalPatch({ name: 'Cihazda düzeltildi' })
    })
    const d = (opened.device = await device(owner, 'editing', { sync: { pullBatchSize: PAGE }, beforeRequest: pulls.beforeRequest }))
    const server = await converged(owner, [d])
    expect(server.products).toHaveLength(TOTAL)
    expect(server.products.find((p) => p.id === ids[0])).toMatchObject({ name: 'Cihazda düzeltildi', price: 0.5 })
    expect(pushes(d).length).toBeGreaterThan(0)
  })

  it('takes a row changed on the server between two pages in its newer version, sending nothing back', async () => {
    const owner = await stack.signUpOwner()
    const ids = await catalogue(owner)
    const pulls = productPulls()
    pulls.at(4, async () => {
      // The first pages already hold this row: it comes again, changed, in a later page.
      const { error } = await owner.client.from('products').update({ name: 'Sunucuda değişti', stock: 40 }).eq('id', ids[1]!)
      expect(error).toBeNull()
    })
    const d = await device(owner, 'server-change', { sync: { pullBatchSize: PAGE }, beforeRequest: pulls.beforeRequest })
    const server = await converged(owner, [d])
    expect(server.products.find((p) => p.id === ids[1])).toMatchObject({ name: 'Sunucuda değişti', stock: 40 })
    expect(pushes(d)).toEqual([])
  })

  it('goes on after a failed request from the last page it stored, not from the start', async () => {
    const owner = await stack.signUpOwner()
    await catalogue(owner)
    const pulls = productPulls()
    // A server error, which supabase-js does not retry on its own (it does a dropped connection).
    pulls.at(5, () => Response.json({ code: 'XX000', message: 'the server failed', details: null, hint: null }, { status: 500 }))
    const d = await device(owner, 'flaky', { sync: { pullBatchSize: PAGE }, beforeRequest: pulls.beforeRequest })
    const server = await converged(owner, [d])
    expect(server.products).toHaveLength(TOTAL)
    expect(pushes(d)).toEqual([])
    expect(pulls.seen.filter((p) => p === 'start')).toHaveLength(1)
  })

  it('resumes where it stopped when the device closes in the middle, and stores each row once', async () => {
    const owner = await stack.signUpOwner()
    await catalogue(owner)
    const pulls = productPulls()
    let release: (() => void) | undefined
    pulls.at(6, () => new Promise<Response>((resolve) => (release = () => resolve(Response.json({ message: 'gone' }, { status: 500 })))))
    const d = await device(owner, 'closing', { sync: { pullBatchSize: PAGE }, beforeRequest: pulls.beforeRequest })
    // A page's checkpoint is stored after its rows and before the next page's rows: a second page in the
    // store means the first one's checkpoint is there (one page's rows alone may still wait for it).
    await eventually(async () => expect(await productCount(d)).toBeGreaterThanOrEqual(2 * PAGE))
    await eventually(() => expect(release).toBeDefined())
    const closing = d.close()
    release!()
    await closing
    const stored = pulls.seen.length

    const again = await d.reopen()
    track(again)
    await converged(owner, [again])
    // The reopened device asked only from where it had got to.
    expect(pulls.seen.slice(stored)).not.toContain('start')
    expect(pushes(again)).toEqual([])
    expect(await storeSnapshot(again)).toEqual(await serverSnapshot(owner))
    expect(await productCount(again)).toBe(TOTAL)
  })
})
