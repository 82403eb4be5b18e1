import { describe, expect, it } from 'vitest'
import { customer, eventually, fakeServer, replicationRig, testStores, type FakeServer } from './test-support.ts'

const openStore = testStores()

async function storedCustomers(db: Awaited<ReturnType<typeof openStore>>) {
  return (await db.customers.find().exec()).map((d) => d.toJSON()).sort((a, b) => a.id.localeCompare(b.id))
}

/** A store replicating over a fake server, started; `before` readies the server first. */
async function started(opts: { pullBatchSize?: number } = {}, before: (server: FakeServer) => void = () => undefined) {
  const db = await openStore()
  const server = fakeServer()
  before(server)
  const rig = replicationRig(db, server, opts)
  await rig.start()
  return { db, server, rig }
}

describe('replicateTable', () => {
  it('pulls the server\'s rows page by page into the store as documents, and later changes on a resync', async () => {
    const { db, server, rig } = await started({ pullBatchSize: 2 }, (s) => {
      for (let i = 0; i < 5; i++) s.put('customers', customer({ name: `Müşteri ${i}`, email: null }))
    })
    await rig.replications.customers.awaitInitialReplication()
    const stored = await storedCustomers(db)
    expect(stored).toHaveLength(5)
    expect(stored[0]).not.toHaveProperty('_modified')
    expect(stored[0]).not.toHaveProperty('email')
    expect(server.calls.filter((c) => c === 'select customers').length).toBeGreaterThanOrEqual(3)
    const changed = { ...server.rows('customers')[0]!, name: 'Değişti' }
    server.put('customers', changed)
    await rig.sync()
    expect((await db.customers.findOne(changed.id).exec())?.name).toBe('Değişti')
    // Nothing pulled was pushed back.
    expect(server.calls).not.toContain('sync_push customers')
    expect(await rig.ledger.ids('customers')).toEqual([])
    await rig.stop()
  })

  it('pushes local writes, and the pending ledger forgets them once the server has them', async () => {
    const { db, server, rig } = await started()
    const c = customer()
    await db.customers.insert(c)
    await rig.ledger.flush()
    expect(await rig.ledger.ids('customers')).toEqual([c.id])
    await rig.sync()
    await eventually(async () => expect(await rig.ledger.ids('customers')).toEqual([]))
    expect(server.rows('customers')).toEqual([expect.objectContaining({ id: c.id, name: c.name, _deleted: false })])
    await (await db.customers.findOne(c.id).exec())!.remove()
    await rig.sync()
    expect(server.rows('customers')[0]).toMatchObject({ _deleted: true })
    await rig.stop()
  })

  it('merges a conflict field by field: the device\'s edit and the server\'s both stay', async () => {
    const { db, server, rig } = await started()
    const c = customer({ notes: 'ilk' })
    await db.customers.insert(c)
    await rig.sync()
    server.put('customers', { ...server.rows('customers')[0]!, email: 'sunucu@example.com' })
    await (await db.customers.findOne(c.id).exec())!.incrementalPatch({ notes: 'cihaz' })
    await rig.sync()
    await eventually(async () => {
      await rig.sync()
      expect(server.rows('customers')[0]).toMatchObject({ email: 'sunucu@example.com', notes: 'cihaz' })
      expect((await db.customers.findOne(c.id).exec())?.toJSON()).toMatchObject({ email: 'sunucu@example.com', notes: 'cihaz' })
    })
    await rig.stop()
  })

  it('sets a refused document aside and goes on with the queue; neither a resync nor a pull of the row brings it back', async () => {
    const { db, server, rig } = await started()
    const [refused, fine] = [customer({ name: 'Reddedilen' }), customer({ name: 'Geçen' })]
    server.refuse(refused.id, '23514')
    await db.customers.bulkInsert([refused, fine])
    await rig.sync()
    expect(server.rows('customers').map((r) => r.id)).toEqual([fine.id])
    expect(rig.refusals.list('customers')).toEqual([expect.objectContaining({ docId: refused.id, reason: 'invalid', created: true, base: null, server: null })])
    const pushes = server.calls.filter((c) => c.startsWith('sync_push')).length
    await rig.sync()
    expect(server.calls.filter((c) => c.startsWith('sync_push')).length).toBe(pushes)
    // Another device creates the same id in its own way: the device keeps its refused version, and learns the server's.
    server.put('customers', { ...refused, name: 'Başka cihaz', _deleted: false })
    await rig.sync()
    expect((await db.customers.findOne(refused.id).exec())?.name).toBe('Reddedilen')
    expect(rig.refusals.get('customers', refused.id)).toMatchObject({ created: false, server: expect.objectContaining({ name: 'Başka cihaz' }) })
    await rig.stop()
  })

  it('records a failed request and tries again after the backoff', async () => {
    const db = await openStore()
    const server = fakeServer()
    server.offline = true
    const rig = replicationRig(db, server)
    void rig.start()
    await eventually(() => expect(rig.attempts.error()).toMatchObject({ code: 'network' }))
    server.offline = false
    await eventually(() => expect(rig.attempts.failing()).toBe(false))
    await db.customers.insert(customer())
    await rig.sync()
    expect(server.rows('customers')).toHaveLength(1)
    await rig.stop()
  })
})
