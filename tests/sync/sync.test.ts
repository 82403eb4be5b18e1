// The promise of offline-first sync (design/sync.md), checked end to end:
// devices run the app's real store and engine against the embedded stack and
// are driven only the way an owner drives them — writes, a network switch,
// reloads.
import { describe, expect, it } from 'vitest'
import { firstValueFrom, type Observable } from 'rxjs'
import type { MergeNotice } from '../../sync/index.ts'
import { converged, eventually, newId, nowIso, serverSnapshot, storeSnapshot, customerDoc as customer, useDevices, type Device } from './devices.ts'

const { stack, device, track } = useDevices()

const product = (over: Record<string, unknown> = {}) => ({
  id: newId(),
  name: 'Türk Kahvesi',
  description: 'Orta kavrulmuş',
  price: 12.5,
  currency: 'TRY',
  stock: 3,
  created_at: nowIso(),
  ...over,
})
const appointment = (over: Record<string, unknown> = {}) => ({
  id: newId(),
  appointment_date: '2026-12-01',
  appointment_time: '14:30:00',
  duration_minutes: 60 as const,
  status: 'scheduled' as const,
  source: 'owner' as const,
  created_at: nowIso(),
  ...over,
})

async function productOn(d: Device, id: string) {
  const doc = await d.db.products.findOne(id).exec()
  if (!doc) throw new Error(`${d.name} has no product ${id}`)
  return doc
}

/** Online, everything pushed and pulled: what a device looks like after a quiet minute. */
async function settled(d: Device): Promise<void> {
  await eventually(() => expect(d.sync.status()).toMatchObject({ phase: 'idle', pending: 0 }))
}

/** The device's merge notices once there are any. */
async function noticesOf(d: Device): Promise<MergeNotice[]> {
  return eventually(async () => {
    const notices = await firstValueFrom(d.sync.merges$)
    expect(notices).not.toEqual([])
    return notices
  })
}

describe('two devices of one owner', () => {
  it('converge after editing offline: different fields of one product, and creates in every collection', async () => {
    const owner = await stack.signUpOwner()
    const a = await device(owner, 'a')
    const b = await device(owner, 'b')
    const shared = product()
    await a.db.products.insert(shared)
    await eventually(async () => expect((await productOn(b, shared.id)).name).toBe('Türk Kahvesi'))
    await settled(a)
    await settled(b)

    a.setOnline(false)
    b.setOnline(false)
    await (await productOn(a, shared.id)).incrementalPatch({ name: 'Türk Kahvesi (Çekilmiş)' })
    await (await productOn(b, shared.id)).incrementalPatch({ stock: 9, price: 14.25 })
    const aCustomer = customer({ name: 'Mehmet Demir' })
    const bCustomer = customer({ name: 'Zeynep Kaya', email: 'zeynep@ornek.com.tr' })
    await a.db.customers.insert(aCustomer)
    await b.db.customers.insert(bCustomer)
    await a.db.products.insert(product({ name: 'Bakır Cezve', price: 649.5 }))
    await b.db.products.insert(product({ name: 'Çini Kupa', price: 320, description: undefined }))
    await a.db.appointments.insert(appointment({ customer_id: aCustomer.id }))
    await b.db.appointments.insert(appointment({ customer_id: bCustomer.id, appointment_time: '16:00', notes: 'İlk ziyaret' }))
    await eventually(() => {
      expect(a.sync.status()).toMatchObject({ phase: 'offline', pending: 4 })
      expect(b.sync.status()).toMatchObject({ phase: 'offline', pending: 4 })
    })
    const beforeReconnect = Date.now()

    a.setOnline(true)
    b.setOnline(true)
    const server = await converged(owner, [a, b])
    expect(server.products).toHaveLength(3)
    expect(server.customers).toHaveLength(2)
    expect(server.appointments).toHaveLength(2)
    expect(server.products.find((p) => p.id === shared.id)).toMatchObject({ name: 'Türk Kahvesi (Çekilmiş)', stock: 9, price: 14.25 })
    expect(server.appointments.find((x) => x.customer_id === bCustomer.id)).toMatchObject({ appointment_time: '16:00:00', notes: 'İlk ziyaret' })
    for (const d of [a, b]) expect(d.sync.status().lastSyncedAt).toBeGreaterThanOrEqual(beforeReconnect)
    // The device that pushed second merged the other's change into its own: one notice, nothing overwritten.
    const notices = [...await firstValueFrom(a.sync.merges$), ...await firstValueFrom(b.sync.merges$)]
    expect(notices).toEqual([expect.objectContaining({ table: 'products', docId: shared.id, fields: [], restored: false })])
  })

  it('resolve one field edited on both: the device whose push reaches the server last keeps its value, and says so', async () => {
    const owner = await stack.signUpOwner()
    const a = await device(owner, 'a')
    const b = await device(owner, 'b')
    const p = product({ name: 'Baklava 1 kg', stock: 5 })
    await a.db.products.insert(p)
    await eventually(async () => expect((await productOn(b, p.id)).stock).toBe(5))
    await settled(a)
    await settled(b)

    a.setOnline(false)
    b.setOnline(false)
    await (await productOn(a, p.id)).incrementalPatch({ stock: 7 })
    await (await productOn(b, p.id)).incrementalPatch({ stock: 2, description: 'Günlük üretim' })

    a.setOnline(true)
    await settled(a)
    b.setOnline(true)
    const server = await converged(owner, [a, b])
    expect(server.products[0]).toMatchObject({ id: p.id, stock: 2, description: 'Günlük üretim' })

    const notices = await noticesOf(b)
    expect(notices).toEqual([expect.objectContaining({ table: 'products', docId: p.id, label: 'Baklava 1 kg', fields: ['stock'], restored: false })])
    // A's push met nothing newer: it merged nothing.
    expect(await firstValueFrom(a.sync.merges$)).toEqual([])

    await b.sync.dismissMerge(notices[0]!.key)
    expect(await firstValueFrom(b.sync.merges$)).toEqual([])
    // Dismissal is stored: a reload does not bring the notice back.
    const b2 = await b.reopen()
    track(b2)
    expect(await firstValueFrom(b2.sync.merges$)).toEqual([])
  })

  for (const order of ['delete pushed first', 'edit pushed first'] as const) {
    it(`keep a document deleted on one device and edited on the other (${order}), and say it was restored`, async () => {
      const owner = await stack.signUpOwner()
      const deleter = await device(owner, 'deleter')
      const editor = await device(owner, 'editor')
      const c = customer({ name: 'Elif Çelik' })
      await deleter.db.customers.insert(c)
      await eventually(async () => expect(await editor.db.customers.findOne(c.id).exec()).not.toBeNull())
      await settled(deleter)
      await settled(editor)

      deleter.setOnline(false)
      editor.setOnline(false)
      await (await deleter.db.customers.findOne(c.id).exec())!.remove()
      await (await editor.db.customers.findOne(c.id).exec())!.incrementalPatch({ notes: 'Randevuyu erteledi' })

      const [first, last] = order === 'delete pushed first' ? [deleter, editor] : [editor, deleter]
      first.setOnline(true)
      await settled(first)
      last.setOnline(true)
      const server = await converged(owner, [deleter, editor])
      expect(server.customers).toEqual([expect.objectContaining({ id: c.id, name: 'Elif Çelik', notes: 'Randevuyu erteledi' })])

      // The device whose push met the other's change merged it.
      const notices = await noticesOf(last)
      expect(notices).toEqual([expect.objectContaining({ table: 'customers', docId: c.id, label: 'Elif Çelik', restored: true })])
    })
  }
})

describe('owners', () => {
  it("never see each other's data, by pull or realtime, and cannot overwrite it", async () => {
    const first = await stack.signUpOwner()
    const second = await stack.signUpOwner()
    const a = await device(first, 'first-a')
    const x = await device(second, 'second-x')
    const received: string[] = []
    for (const t of ['products', 'customers', 'appointments'] as const) {
      const received$ = x.sync.replications[t].received$ as Observable<{ id: string }>
      received$.subscribe((d) => received.push(d.id))
    }
    const events: string[] = []
    const spy = x.supabase.channel('spy')
    for (const t of ['products', 'customers', 'appointments']) {
      spy.on('postgres_changes', { event: '*', schema: 'public', table: t }, (e) => events.push(JSON.stringify(e)))
    }
    await new Promise<void>((resolve) => spy.subscribe((s) => { if (s === 'SUBSCRIBED') resolve() }))
    await settled(x)

    const p = product({ name: 'Birinci İşletmenin Ürünü' })
    const c = customer({ name: 'Birinci İşletmenin Müşterisi' })
    await a.db.products.insert(p)
    await a.db.customers.insert(c)
    await a.db.appointments.insert(appointment({ customer_id: c.id }))
    await settled(a)
    const firstIds = (await serverSnapshot(first)).appointments.map((r) => String(r.id)).concat(p.id, c.id)
    expect(firstIds).toHaveLength(3)

    // Written after the first owner's rows, so any event about those would have come before it.
    const own = product({ name: 'İkinci İşletmenin Ürünü' })
    const { error } = await second.client.from('products').insert({ ...own, user_id: second.user.id })
    expect(error).toBeNull()
    await eventually(async () => expect(await x.db.products.findOne(own.id).exec()).not.toBeNull())
    await eventually(() => expect(events.some((e) => e.includes(own.id))).toBe(true))

    expect(received.filter((id) => firstIds.includes(id))).toEqual([])
    for (const id of firstIds) expect(events.join('\n')).not.toContain(id)
    expect(events.join('\n')).not.toContain('Birinci')
    const xs = await storeSnapshot(x)
    expect(xs.products.map((d) => d.id)).toEqual([own.id])
    expect(xs.customers).toEqual([])
    expect(xs.appointments).toEqual([])

    // A fresh device of the second owner pulls everything it may see: none of it is the first owner's.
    const fresh = await device(second, 'second-fresh')
    await settled(fresh)
    expect(await storeSnapshot(fresh)).toEqual(await serverSnapshot(second))
    expect((await storeSnapshot(fresh)).products.map((d) => d.id)).toEqual([own.id])

    // The second owner's device holding the first owner's id: its push is refused and changes nothing;
    // the document is set aside, with nothing of the other row told.
    const before = await serverSnapshot(first)
    await x.db.products.insert(product({ id: p.id, name: 'Ele Geçirildi', price: 1 }))
    await eventually(() => expect(x.sync.status()).toMatchObject({ phase: 'idle', error: null, pending: 0, refused: 1 }))
    expect(await firstValueFrom(x.sync.refused$)).toEqual([
      expect.objectContaining({ table: 'products', docId: p.id, label: 'Ele Geçirildi', reason: 'duplicate', created: true }),
    ])
    expect(await serverSnapshot(first)).toEqual(before)
    expect(await storeSnapshot(a)).toEqual(before)
    await spy.unsubscribe()
  })
})

describe('one device', () => {
  // A catalogue spanning several pages of the data API's row cap. The
  // 10,000-product pull and its time against a raw supabase-js + Dexie
  // baseline are `npm run bench:sync`'s, in Chromium.
  it('pulls a catalogue of several pages into a fresh store, page by page, sending nothing back', async () => {
    const owner = await stack.signUpOwner()
    const total = 3_000
    const chunk = 1000
    const ids: string[] = []
    for (let i = 0; i < total; i += chunk) {
      const rows = Array.from({ length: chunk }, (_, j) => {
        const n = i + j
        ids.push(newId())
        return { id: ids[n], user_id: owner.user.id, name: `Ürün ${n}`, price: (n % 500) + 0.99, currency: 'TRY', stock: n % 50 }
      })
      const { error } = await owner.client.from('products').insert(rows)
      expect(error).toBeNull()
    }
    const d = await device(owner, 'fresh')
    await eventually(async () => expect(await d.db.products.count().exec()).toBe(total), 60_000)
    await settled(d)
    const pulls = d.requests.filter((r) => r === '/rest/v1/products').length
    // Three full pages and the empty one that ends the pull; realtime's subscription may add one or two from the checkpoint.
    expect(pulls).toBeGreaterThanOrEqual(total / chunk + 1)
    expect(pulls).toBeLessThanOrEqual(total / chunk + 3)
    // Nothing pulled is sent back as if edited here (a resync during the pull once did that).
    expect(d.requests.filter((r) => r.includes('/rpc/'))).toEqual([])
    const samples = [0, 1_499, 2_999]
    const found = await d.db.products.findByIds(samples.map((n) => ids[n]!)).exec()
    for (const n of samples) {
      expect(found.get(ids[n]!)?.toJSON(), `product ${n}`).toMatchObject({ name: `Ürün ${n}`, price: (n % 500) + 0.99, stock: n % 50, currency: 'TRY' })
    }
  })

  it('sends a customer and an appointment created together offline with the link intact', async () => {
    const owner = await stack.signUpOwner()
    const d = await device(owner, 'offline', { online: false })
    const c = customer({ name: 'Emre Şahin', phone_number: '+905551234567' })
    const appt = appointment({ customer_id: c.id, appointment_time: '09:30', description: 'Danışmanlık' })
    // The appointment is written first: the link must not depend on write order.
    await d.db.appointments.insert(appt)
    await d.db.customers.insert(c)
    await eventually(() => expect(d.sync.status()).toMatchObject({ phase: 'offline', pending: 2 }))
    d.setOnline(true)
    const server = await converged(owner, [d])
    expect(server.customers).toEqual([expect.objectContaining({ id: c.id, name: 'Emre Şahin' })])
    expect(server.appointments).toEqual([expect.objectContaining({ id: appt.id, customer_id: c.id, appointment_time: '09:30:00' })])
  })
})
