import { filter, firstValueFrom } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { createPendingLedger, PENDING_DOC_ID } from './pending.ts'
import { completion, expectNoReportOnceClosed, localWrites, testStores } from './test-support.ts'

const openStore = testStores()

const countOf = (ledger: ReturnType<typeof createPendingLedger>, n: number) => firstValueFrom(ledger.count$.pipe(filter((c) => c === n)))

describe('pending ledger', () => {
  it('keeps the ids marked, table by table, until cleared, and counts them in every reader of the store', async () => {
    const db = await openStore()
    const ledger = createPendingLedger(db)
    const otherTab = createPendingLedger(db)
    ledger.mark('customers', ['a', 'b'])
    ledger.mark('products', ['a'])
    await ledger.flush()
    expect((await ledger.ids('customers')).sort()).toEqual(['a', 'b'])
    expect(await ledger.ids('products')).toEqual(['a'])
    expect(await ledger.ids('appointments')).toEqual([])
    await countOf(otherTab, 3)
    expect((await otherTab.ids('customers')).sort()).toEqual(['a', 'b'])
    await ledger.clear('customers', ['a'])
    expect(await otherTab.ids('customers')).toEqual(['b'])
    expect(await otherTab.ids('products')).toEqual(['a'])
    await countOf(otherTab, 2)
    ledger.stop()
    otherTab.stop()
  })

  it('counts a mark at once, before it is stored, and does not count it twice once stored', async () => {
    const db = await openStore()
    const ledger = createPendingLedger(db)
    const counts: number[] = []
    const sub = ledger.count$.subscribe((n) => counts.push(n))
    ledger.mark('customers', ['a'])
    expect(await firstValueFrom(ledger.count$)).toBe(1)
    ledger.mark('customers', ['a', 'b'])
    expect(await firstValueFrom(ledger.count$)).toBe(2)
    await ledger.flush()
    await ledger.clear('customers', ['a'])
    await countOf(ledger, 1)
    // Never down to nothing while something waited, nor above what was marked.
    expect(counts).toEqual([0, 1, 2, 1])
    sub.unsubscribe()
    ledger.stop()
  })

  it('writes the marks made in one tick at once', async () => {
    const db = await openStore()
    const ledger = createPendingLedger(db)
    ledger.mark('customers', ['first'])
    await ledger.flush()
    const writes = localWrites(db, PENDING_DOC_ID)
    ledger.mark('customers', ['a'])
    ledger.mark('products', ['b'])
    ledger.mark('appointments', ['c'])
    await ledger.flush()
    expect(writes.count()).toBe(1)
    expect(await ledger.ids('appointments')).toEqual(['c'])
    writes.stop()
    ledger.stop()
  })

  it('keeps, through a clear decided at an earlier version, an id marked again since', async () => {
    const db = await openStore()
    const ledger = createPendingLedger(db)
    ledger.mark('customers', ['a', 'b'])
    const decided = ledger.version()
    ledger.mark('customers', ['b'])
    expect(ledger.version()).toBeGreaterThan(decided)
    await ledger.clear('customers', ['a', 'b'], decided)
    expect(await ledger.ids('customers')).toEqual(['b'])
    await ledger.clear('customers', ['b'])
    expect(await ledger.ids('customers')).toEqual([])
    ledger.stop()
  })

  it('lets a mark still waiting for its tick land before a clear, and clears marks another reader made', async () => {
    const db = await openStore()
    const ledger = createPendingLedger(db)
    ledger.mark('customers', ['a'])
    await ledger.clear('customers', ['a'])
    expect(await ledger.ids('customers')).toEqual([])
    const otherTab = createPendingLedger(db)
    otherTab.mark('customers', ['b'])
    await otherTab.flush()
    await ledger.clear('customers', ['b'], ledger.version())
    expect(await otherTab.ids('customers')).toEqual([])
    ledger.stop()
    otherTab.stop()
  })

  it('ends its count when stopped, and reports no failed write once the store is closed', async () => {
    const db = await openStore()
    const ledger = createPendingLedger(db)
    const ended = completion(ledger.count$)
    ledger.mark('customers', ['a'])
    await countOf(ledger, 1)
    await ledger.flush()
    await expectNoReportOnceClosed(db, async () => {
      ledger.mark('customers', ['b'])
      await ledger.flush()
    })
    ledger.stop()
    expect(ended()).toBe(true)
  })
})
