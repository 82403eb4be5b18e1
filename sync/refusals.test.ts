import { filter, firstValueFrom } from 'rxjs'
import { describe, expect, it } from 'vitest'
import type { SyncedTable } from '../domain/records.ts'
import { createRefusalStore, REFUSED_DOC_ID, refusalKey, type RefusalStore, type SetAside } from './refusals.ts'
import { completion, customer, expectNoReportOnceClosed, localWrites, testStores } from './test-support.ts'

const openStore = testStores()

function entry(table: SyncedTable, at: number, over: Partial<SetAside> = {}): SetAside {
  const doc = { ...customer({ name: `Müşteri ${at}` }), _deleted: false }
  return {
    key: refusalKey(table, doc.id), table, docId: doc.id, label: doc.name, reason: 'invalid', deleted: false, created: false, at,
    base: doc, server: { ...doc, notes: 'sunucuda' },
    ...over,
  }
}

const shown = ({ base: _b, server: _s, ...rest }: SetAside) => rest

const listOf = (store: RefusalStore, n: number) => firstValueFrom(store.changes$.pipe(filter((l) => l.length === n)))

describe('refusal store', () => {
  it('holds what it is given by table and key, and every reader sees the list, newest first, without the server states', async () => {
    const db = await openStore()
    const store = createRefusalStore(db)
    const otherTab = createRefusalStore(db)
    const [older, newest, appointment] = [entry('customers', 1), entry('customers', 3), entry('appointments', 2, { base: null, server: null, created: true })]
    await store.update([older, newest, appointment], [])
    expect(store.get('customers', older.docId)).toEqual(older)
    expect(store.byKey(appointment.key)).toEqual(appointment)
    expect(store.get('products', older.docId)).toBeUndefined()
    expect([store.holds('customers'), store.holds('appointments'), store.holds('products')]).toEqual([true, true, false])
    expect(store.list('customers')).toEqual([older, newest])
    expect(await listOf(otherTab, 3)).toEqual([shown(newest), shown(appointment), shown(older)])
    // Another tab holds only what it loaded.
    expect(otherTab.get('customers', older.docId)).toBeUndefined()
    await otherTab.load()
    expect(otherTab.get('customers', older.docId)).toEqual(older)
    store.stop()
    otherTab.stop()
  })

  it('replaces and removes entries, stored in the order given; a load reads the list as last stored', async () => {
    const db = await openStore()
    const store = createRefusalStore(db)
    const [a, b] = [entry('customers', 1), entry('customers', 2)]
    void store.update([a, b], [])
    await store.update([{ ...a, reason: 'duplicate' }], [b.key])
    expect(store.list('customers')).toEqual([{ ...a, reason: 'duplicate' }])
    const reloaded = createRefusalStore(db)
    await reloaded.load()
    expect(reloaded.list('customers')).toEqual([{ ...a, reason: 'duplicate' }])
    await store.update([], [a.key])
    expect(store.holds('customers')).toBe(false)
    await reloaded.load()
    expect(reloaded.holds('customers')).toBe(false)
    expect(await listOf(reloaded, 0)).toEqual([])
    store.stop()
    reloaded.stop()
  })

  it('writes nothing when there is nothing to change', async () => {
    const db = await openStore()
    const store = createRefusalStore(db)
    await store.update([entry('customers', 1)], [])
    const writes = localWrites(db, REFUSED_DOC_ID)
    await store.update([], [refusalKey('customers', 'not-held')])
    await store.flush()
    expect(writes.count()).toBe(0)
    await store.update([entry('customers', 2)], [])
    expect(writes.count()).toBe(1)
    writes.stop()
    store.stop()
  })

  it('ends its list when stopped, and reports no failed write once the store is closed', async () => {
    const db = await openStore()
    const store = createRefusalStore(db)
    const ended = completion(store.changes$)
    await store.update([entry('customers', 1)], [])
    await listOf(store, 1)
    await expectNoReportOnceClosed(db, () => store.update([entry('customers', 2)], []))
    store.stop()
    expect(ended()).toBe(true)
  })
})
