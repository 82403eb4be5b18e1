// A document the server refuses is set aside with its reason; the rest of its
// table's queue goes on, and the owner decides: edit it, retry it, or
// discard it. Devices run the app's real store and engine against the stack.
import { describe, expect, it } from 'vitest'
import { firstValueFrom } from 'rxjs'
import type { SyncedTable } from '../../domain/records.ts'
import type { RefusedChange } from '../../sync/index.ts'
import { converged, eventually, newId, nowIso, serverSnapshot, customerDoc as customer, useDevices, type Device } from './devices.ts'

const { stack, device, track } = useDevices()

// Spelled as people type it, as devices stored it before the E.164 rule: the server's check refuses it.
const OLD_PHONE = '0532 111 22 33'

const product = (over: Record<string, unknown> = {}) => ({
  id: newId(),
  name: 'Zeytin',
  price: 80,
  currency: 'TRY',
  stock: 5,
  created_at: nowIso(),
  ...over,
})

async function refusedOf(d: Device): Promise<RefusedChange[]> {
  return firstValueFrom(d.sync.refused$)
}

async function docOf(d: Device, table: SyncedTable, id: string): Promise<Record<string, unknown> | null> {
  const doc = await (d.db[table] as unknown as { findOne(id: string): { exec(): Promise<{ toJSON(): Record<string, unknown> } | null> } }).findOne(id).exec()
  return doc ? doc.toJSON() : null
}

/** Until the device has pulled the table again (realtime told it of a server change) and is idle. */
async function pulledAgain(d: Device, table: SyncedTable, since: number) {
  await eventually(() => {
    expect(d.requests.slice(since)).toContain(`/rest/v1/${table}`)
    expect(d.sync.status()).toMatchObject({ phase: 'idle', pending: 0 })
  })
}

/** A rule the server gains for one test: product names starting "Reddedilen" are refused (rows already there are left alone). */
async function refuseProductNames(): Promise<() => Promise<void>> {
  await stack.db.query(`alter table public.products add constraint refused_in_test check (name not like 'Reddedilen%') not valid`)
  return async () => {
    await stack.db.query('alter table public.products drop constraint if exists refused_in_test')
  }
}

/**
 * Customer `c` on a new device and on the server; the device's edit `local` of it refused
 * (set aside, nothing else waiting); then `server` written on the server and pulled by the device.
 */
async function refusedThenChangedOnServer(name: string, c: ReturnType<typeof customer>, local: Record<string, unknown>, server: Record<string, unknown>) {
  const owner = await stack.signUpOwner()
  const d = await device(owner, name)
  await d.db.customers.insert(c)
  await converged(owner, [d])
  await (await d.db.customers.findOne(c.id).exec())!.incrementalPatch(local)
  await eventually(() => expect(d.sync.status()).toMatchObject({ phase: 'idle', pending: 0, refused: 1 }))
  const since = d.requests.length
  const { error } = await owner.client.from('customers').update(server).eq('id', c.id)
  expect(error).toBeNull()
  await pulledAgain(d, 'customers', since)
  return { owner, d }
}

describe('a document the server refuses', () => {
  it('is set aside with its reason, kept as written, and the documents after it still reach the server', async () => {
    const owner = await stack.signUpOwner()
    // Small batches: the refused one and those after it go in different requests.
    const d = await device(owner, 'offline', { online: false, sync: { pushBatchSize: 2 } })
    const first = customer({ name: 'Birinci' })
    const refused = customer({ name: 'Eski Numaralı', phone_number: OLD_PHONE })
    const rest = [customer({ name: 'Üçüncü' }), customer({ name: 'Dördüncü' })]
    for (const c of [first, refused, ...rest]) await d.db.customers.insert(c)
    const p = product()
    await d.db.products.insert(p)
    await eventually(() => expect(d.sync.status()).toMatchObject({ phase: 'offline', pending: 5 }))

    d.setOnline(true)
    await eventually(() => expect(d.sync.status()).toMatchObject({ phase: 'idle', pending: 0, refused: 1, error: null }))
    const server = await serverSnapshot(owner)
    expect(server.customers.map((c) => c.name).sort()).toEqual(['Birinci', 'Dördüncü', 'Üçüncü'])
    expect(server.products.map((x) => x.id)).toEqual([p.id])
    expect(await refusedOf(d)).toEqual([
      expect.objectContaining({ table: 'customers', docId: refused.id, label: 'Eski Numaralı', reason: 'invalid', created: true, deleted: false }),
    ])
    expect(await docOf(d, 'customers', refused.id)).toMatchObject({ phone_number: OLD_PHONE })

    // The queue is not stuck behind it.
    const later = customer({ name: 'Sonraki' })
    await d.db.customers.insert(later)
    await eventually(async () => {
      expect((await serverSnapshot(owner)).customers.map((c) => c.id)).toContain(later.id)
      expect(d.sync.status()).toMatchObject({ phase: 'idle', pending: 0, refused: 1 })
    })

    // Fixed by the owner: an edit is a new change, pushed as any other.
    await (await d.db.customers.findOne(refused.id).exec())!.incrementalPatch({ phone_number: '+905321110000' })
    const after = await converged(owner, [d])
    expect(after.customers.find((c) => c.id === refused.id)).toMatchObject({ name: 'Eski Numaralı', phone_number: '+905321110000' })
    expect(await refusedOf(d)).toEqual([])
    expect(d.sync.status().refused).toBe(0)
  })

  it('when edited again, is merged on the server state it came from: neither its own edits nor the server’s meanwhile are lost', async () => {
    const c = customer({ name: 'Deniz Ak', notes: 'İlk not' })
    // One edit: a new name, and a phone number the server refuses.
    const { owner, d } = await refusedThenChangedOnServer('editing', c, { name: 'Deniz Akın', phone_number: OLD_PHONE }, { notes: 'Sunucuda eklendi' })

    await (await d.db.customers.findOne(c.id).exec())!.incrementalPatch({ phone_number: '+905321119999' })
    const server = await converged(owner, [d])
    expect(server.customers).toEqual([expect.objectContaining({ id: c.id, name: 'Deniz Akın', phone_number: '+905321119999', notes: 'Sunucuda eklendi' })])
    expect(d.sync.status().refused).toBe(0)
  })

  it('is retried against what the server holds: a server change made meanwhile is kept, and the set-aside survives a reload', async () => {
    const owner = await stack.signUpOwner()
    let d = await device(owner, 'retrying')
    const p = product({ name: 'Siyah Zeytin', stock: 5 })
    await d.db.products.insert(p)
    await converged(owner, [d])

    const allow = await refuseProductNames()
    try {
      await (await d.db.products.findOne(p.id).exec())!.incrementalPatch({ name: 'Reddedilen Zeytin' })
      await eventually(() => expect(d.sync.status()).toMatchObject({ phase: 'idle', pending: 0, refused: 1 }))
      expect(await refusedOf(d)).toEqual([expect.objectContaining({ docId: p.id, reason: 'invalid', created: false })])

      // Another device changes another field; this one hears of it, and keeps its refused version.
      const since = d.requests.length
      const { error } = await owner.client.from('products').update({ stock: 9 }).eq('id', p.id)
      expect(error).toBeNull()
      await pulledAgain(d, 'products', since)
      expect(await docOf(d, 'products', p.id)).toMatchObject({ name: 'Reddedilen Zeytin', stock: 5 })
      expect(d.sync.status().refused).toBe(1)

      d = await d.reopen()
      track(d)
      await eventually(() => expect(d.sync.status()).toMatchObject({ phase: 'idle', pending: 0, refused: 1 }))
      expect(await docOf(d, 'products', p.id)).toMatchObject({ name: 'Reddedilen Zeytin', stock: 5 })
    } finally {
      await allow()
    }

    const [entry] = await refusedOf(d)
    await d.sync.retryRefused(entry!.key)
    const server = await converged(owner, [d])
    // The refused edit went through, merged with the server's change rather than over it.
    expect(server.products).toEqual([expect.objectContaining({ id: p.id, name: 'Reddedilen Zeytin', stock: 9 })])
    expect(await refusedOf(d)).toEqual([])
  })

  it('refused again on retry stays set aside, with nothing else held up', async () => {
    const owner = await stack.signUpOwner()
    const d = await device(owner, 'stubborn')
    const allow = await refuseProductNames()
    try {
      const p = product({ name: 'Reddedilen Ürün' })
      await d.db.products.insert(p)
      await eventually(() => expect(d.sync.status()).toMatchObject({ phase: 'idle', pending: 0, refused: 1 }))
      const [entry] = await refusedOf(d)
      const pushes = d.requests.filter((r) => r === '/rest/v1/rpc/sync_push').length
      await d.sync.retryRefused(entry!.key)
      // It went to the server once more, and came back refused.
      await eventually(() => {
        expect(d.requests.filter((r) => r === '/rest/v1/rpc/sync_push').length).toBeGreaterThan(pushes)
        expect(d.sync.status()).toMatchObject({ phase: 'idle', pending: 0, refused: 1 })
      })
      expect(await refusedOf(d)).toEqual([expect.objectContaining({ docId: p.id, reason: 'invalid', created: true })])
      const other = product({ name: 'Kabul Edilen' })
      await d.db.products.insert(other)
      await eventually(async () => expect((await serverSnapshot(owner)).products.map((x) => x.id)).toEqual([other.id]))
    } finally {
      await allow()
    }
  })

  it("is discarded back to the server's version, including what changed there meanwhile, and then follows the server again", async () => {
    const c = customer({ name: 'Elif Çelik', notes: 'İlk not' })
    const { owner, d } = await refusedThenChangedOnServer('discarding', c, { phone_number: OLD_PHONE, notes: 'Yerel not' }, { name: 'Elif Çelik Kaya' })
    expect(await docOf(d, 'customers', c.id)).toMatchObject({ name: 'Elif Çelik', phone_number: OLD_PHONE, notes: 'Yerel not' })

    const [entry] = await refusedOf(d)
    const pushes = d.requests.filter((r) => r.includes('/rpc/')).length
    await d.sync.discardRefused(entry!.key)
    expect(await refusedOf(d)).toEqual([])
    const server = await converged(owner, [d])
    expect(server.customers).toEqual([expect.objectContaining({ id: c.id, name: 'Elif Çelik Kaya', phone_number: c.phone_number, notes: 'İlk not' })])
    // Discarding sent nothing.
    expect(d.requests.filter((r) => r.includes('/rpc/')).length).toBe(pushes)

    // RxDB's view and the store agree again: the next server change simply arrives.
    await owner.client.from('customers').update({ notes: 'Sunucudan' }).eq('id', c.id)
    await eventually(async () => expect(await docOf(d, 'customers', c.id)).toMatchObject({ notes: 'Sunucudan' }))
  })

  it('is removed from the device when discarded, if the server never had it', async () => {
    const owner = await stack.signUpOwner()
    const d = await device(owner, 'dropping')
    const c = customer({ phone_number: OLD_PHONE })
    await d.db.customers.insert(c)
    await eventually(() => expect(d.sync.status()).toMatchObject({ phase: 'idle', pending: 0, refused: 1 }))
    const [entry] = await refusedOf(d)
    expect(entry).toMatchObject({ created: true })

    await d.sync.discardRefused(entry!.key)
    expect(await docOf(d, 'customers', c.id)).toBeNull()
    await converged(owner, [d])
    expect(d.sync.status().refused).toBe(0)
    const { rows } = await stack.db.query('select id from public.customers where id = $1', [c.id])
    expect(rows).toEqual([])
  })

  it('goes again, for an appointment refused with its customer, once the customer reaches the server', async () => {
    const owner = await stack.signUpOwner()
    const d = await device(owner, 'linked', { online: false })
    const c = customer({ name: 'Emre Şahin', phone_number: OLD_PHONE })
    const appt = { id: newId(), customer_id: c.id, appointment_date: '2026-12-01', appointment_time: '10:30:00', duration_minutes: 60 as const, status: 'scheduled' as const, source: 'owner' as const, created_at: nowIso() }
    await d.db.customers.insert(c)
    await d.db.appointments.insert(appt)
    d.setOnline(true)
    await eventually(async () => {
      expect(d.sync.status()).toMatchObject({ phase: 'idle', pending: 0, refused: 2 })
      expect((await refusedOf(d)).map((r) => [r.table, r.reason]).sort()).toEqual([['appointments', 'forbidden'], ['customers', 'invalid']])
    })
    expect((await refusedOf(d)).find((r) => r.table === 'appointments')?.label).toBe('2026-12-01 10:30')

    await (await d.db.customers.findOne(c.id).exec())!.incrementalPatch({ phone_number: '+905551234567' })
    const server = await converged(owner, [d])
    expect(server.appointments).toEqual([expect.objectContaining({ id: appt.id, customer_id: c.id })])
    expect(await refusedOf(d)).toEqual([])
  })
})
