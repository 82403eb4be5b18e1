import { describe, expect, it } from 'vitest'
import type { AppointmentRecord } from '../domain/records.ts'
import { customer, eventually, fakeServer, replicationRig, testStores } from './test-support.ts'
import { refusalKey } from './refusals.ts'

const openStore = testStores()

const appointment = (customerId: string): AppointmentRecord => ({
  id: crypto.randomUUID(), customer_id: customerId, appointment_date: '2026-02-01', appointment_time: '10:00',
  duration_minutes: 30, status: 'scheduled', source: 'owner', created_at: '2026-01-01T10:00:00.000Z',
})

async function setUp() {
  const db = await openStore()
  const server = fakeServer()
  const rig = replicationRig(db, server)
  await rig.start()
  const pushes = () => server.calls.filter((c) => c.startsWith('sync_push')).length
  return { db, server, rig, pushes }
}

/** A customer the server holds as 'Deniz', and the device's edit of it to 'Deniz Ak', refused with `sqlstate`. */
async function refusedEdit(sqlstate: string) {
  const { db, server, rig, pushes } = await setUp()
  const c = customer({ name: 'Deniz' })
  await db.customers.insert(c)
  await rig.sync()
  server.refuse(c.id, sqlstate)
  await (await db.customers.findOne(c.id).exec())!.incrementalPatch({ name: 'Deniz Ak' })
  await rig.sync()
  return { db, server, rig, pushes, c }
}

describe('set-aside flow', () => {
  it('sets a refused change aside with its reason and the server state it came from, and releases it when an edit gets through', async () => {
    const { db, server, rig, c } = await refusedEdit('42501')
    const entry = rig.refusals.get('customers', c.id)
    expect(entry).toMatchObject({ key: refusalKey('customers', c.id), label: 'Deniz Ak', reason: 'forbidden', created: false, deleted: false })
    expect(entry?.base).toMatchObject({ name: 'Deniz' })
    expect(entry?.server).toEqual(entry?.base)
    server.allow(c.id)
    await (await db.customers.findOne(c.id).exec())!.incrementalPatch({ notes: 'düzeltildi' })
    await rig.sync()
    expect(rig.refusals.list('customers')).toEqual([])
    expect(server.rows('customers')[0]).toMatchObject({ name: 'Deniz Ak', notes: 'düzeltildi' })
    await rig.stop()
  })

  it('retries a refused change against what the server holds: the server\'s change meanwhile is kept', async () => {
    const { db, server, rig, c } = await refusedEdit('23514')
    server.put('customers', { ...server.rows('customers')[0]!, notes: 'sunucuda' })
    await rig.sync()
    expect(rig.refusals.get('customers', c.id)?.server).toMatchObject({ notes: 'sunucuda' })
    server.allow(c.id)
    await rig.setAside.settle(refusalKey('customers', c.id), 'retry')
    await eventually(async () => {
      await rig.sync()
      expect(rig.refusals.list('customers')).toEqual([])
      expect(server.rows('customers')[0]).toMatchObject({ name: 'Deniz Ak', notes: 'sunucuda' })
      expect((await db.customers.findOne(c.id).exec())?.toJSON()).toMatchObject({ name: 'Deniz Ak', notes: 'sunucuda' })
    })
    await rig.stop()
  })

  it('discards a refused change: the server\'s version comes back, or the document leaves the device if the server never had it; nothing is sent', async () => {
    const { db, server, rig, pushes } = await setUp()
    const [kept, created] = [customer({ name: 'Sunucudaki' }), customer({ name: 'Hiç gitmedi' })]
    await db.customers.insert(kept)
    await rig.sync()
    server.refuse(kept.id, '23514')
    server.refuse(created.id, '23505')
    await (await db.customers.findOne(kept.id).exec())!.incrementalPatch({ name: 'Reddedilen' })
    await db.customers.insert(created)
    await rig.sync()
    expect(rig.refusals.list('customers').map((e) => [e.docId, e.reason, e.created]).sort()).toEqual([[kept.id, 'invalid', false], [created.id, 'duplicate', true]].sort())
    const before = pushes()
    await rig.setAside.settle(refusalKey('customers', kept.id), 'discard')
    await rig.setAside.settle(refusalKey('customers', created.id), 'discard')
    await rig.sync()
    expect(pushes()).toBe(before)
    expect(rig.refusals.list('customers')).toEqual([])
    expect((await db.customers.findOne(kept.id).exec())?.name).toBe('Sunucudaki')
    expect(await db.customers.findOne(created.id).exec()).toBeNull()
    expect(server.rows('customers').map((r) => r.id)).toEqual([kept.id])
    await rig.stop()
  })

  it('sends a change refused for pointing at a document not on the server again once that document gets there', async () => {
    const { db, server, rig } = await setUp()
    const c = customer()
    server.refuse(c.id, '23514')
    await db.customers.insert(c)
    const a = appointment(c.id)
    await db.appointments.insert(a)
    await rig.sync()
    expect(rig.refusals.get('appointments', a.id)).toMatchObject({ reason: 'reference' })
    server.allow(c.id)
    await (await db.customers.findOne(c.id).exec())!.incrementalPatch({ name: 'Düzeltilmiş' })
    await eventually(async () => {
      await rig.sync()
      expect(server.rows('appointments').map((r) => r.id)).toEqual([a.id])
      expect(rig.refusals.list('appointments')).toEqual([])
    })
    await rig.stop()
  })

  it('settles nothing for a key it does not hold', async () => {
    const { rig, pushes } = await setUp()
    await rig.setAside.settle('customers:nothing', 'retry')
    expect(pushes()).toBe(0)
    await rig.stop()
  })
})
