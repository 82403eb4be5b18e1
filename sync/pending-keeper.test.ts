import { describe, expect, it } from 'vitest'
import { createPendingLedger } from './pending.ts'
import { forgetPushed, forgetSettled, markLocalWrites } from './pending-keeper.ts'
import { SYNCED_TABLES } from './tables.ts'
import { customer, eventually, fakeServer, replicationRig, testStores } from './test-support.ts'

const openStore = testStores()

describe('pending keeper', () => {
  it('marks every local insert, save and removal while running, and nothing after', async () => {
    const db = await openStore()
    const ledger = createPendingLedger(db)
    let running = true
    markLocalWrites(db, SYNCED_TABLES, ledger, () => running)
    const [a, b, c] = [customer(), customer(), customer()]
    await db.customers.insert(a)
    const doc = await db.customers.insert(b)
    await ledger.flush()
    expect((await ledger.ids('customers')).sort()).toEqual([a.id, b.id].sort())
    await ledger.clear('customers', [a.id, b.id])
    await doc.incrementalPatch({ notes: 'edited' })
    await ledger.flush()
    expect(await ledger.ids('customers')).toEqual([b.id])
    await ledger.clear('customers', [b.id])
    await doc.getLatest().remove()
    await ledger.flush()
    expect(await ledger.ids('customers')).toEqual([b.id])
    await ledger.clear('customers', [b.id])
    running = false
    await db.customers.insert(c)
    await ledger.flush()
    expect(await ledger.ids('customers')).toEqual([])
    ledger.stop()
  })

  it('forgets what a push carried, unless it conflicted or was written again since', async () => {
    const db = await openStore()
    const ledger = createPendingLedger(db)
    markLocalWrites(db, SYNCED_TABLES, ledger, () => true)
    const [pushed, conflicted, rewritten] = [customer(), customer(), customer()]
    await db.customers.bulkInsert([pushed, conflicted, rewritten])
    const states = [pushed, conflicted, rewritten].map((d) => ({ ...d, _deleted: false }))
    await (await db.customers.findOne(rewritten.id).exec())!.incrementalPatch({ name: 'Written again' })
    await forgetPushed(db, ledger, 'customers', states, new Set([conflicted.id]))
    expect((await ledger.ids('customers')).sort()).toEqual([conflicted.id, rewritten.id].sort())
    ledger.stop()
  })

  it('forgets, once the replication rests, every change whose document is what the server holds', async () => {
    const db = await openStore()
    const server = fakeServer()
    const rig = replicationRig(db, server)
    await rig.start()
    const [same, edited] = [customer(), customer()]
    await db.customers.bulkInsert([same, edited])
    await rig.sync()
    expect(await rig.ledger.ids('customers')).toEqual([])
    // A change that never reached a push (e.g. a conflict merged to the server's state), and a real edit that cannot be pushed now.
    server.offline = true
    rig.ledger.mark('customers', [same.id])
    await (await db.customers.findOne(edited.id).exec())!.incrementalPatch({ notes: 'offline edit' })
    await eventually(async () => expect((await rig.ledger.ids('customers')).sort()).toEqual([same.id, edited.id].sort()))
    await forgetSettled(db, rig.ledger, 'customers', rig.replication('customers'))
    expect(await rig.ledger.ids('customers')).toEqual([edited.id])
    await rig.stop()
  })
})
