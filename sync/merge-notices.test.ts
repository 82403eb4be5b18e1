import { firstValueFrom, filter } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { createMergeNotices, MAX_NOTICES, type MergeNotice } from './merge-notices.ts'
import { testStores } from './test-support.ts'

const openStore = testStores()

const base = { id: 'c1', name: 'Ayşe', phone_number: '+905321112233', created_at: '2026-01-01T00:00:00.000Z', _deleted: false }

describe('merge notices', () => {
  it('notes a merge where both sides changed something, with the fields kept from this device, in every reader of the store', async () => {
    const db = await openStore()
    let clock = 100
    const notices = createMergeNotices(db, () => clock)
    const other = createMergeNotices(db, () => clock)
    notices.record('customers', {
      assumedMasterState: base,
      newDocumentState: { ...base, name: 'Ayşe Yılmaz', notes: 'VIP' },
      realMasterState: { ...base, name: 'Ayşe Kaya', email: 'a@example.com' },
    })
    const [notice] = await firstValueFrom(other.notices$.pipe(filter((list) => list.length > 0)))
    expect(notice).toEqual({ key: 'customers:c1:100', table: 'customers', docId: 'c1', label: 'Ayşe Yılmaz', fields: ['name'], restored: false, at: 100 })
    clock = 200
    // A later merge of the same document replaces its notice.
    notices.record('customers', { assumedMasterState: base, newDocumentState: { ...base, _deleted: true }, realMasterState: { ...base, notes: 'x' } })
    const list = await firstValueFrom(other.notices$.pipe(filter((l) => l[0]?.at === 200)))
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ restored: true, fields: [] })
    await notices.dismiss(list[0]!.key)
    expect(await firstValueFrom(other.notices$.pipe(filter((l) => l.length === 0)))).toEqual([])
    for (const n of [notices, other]) {
      n.stop()
      await n.close()
    }
  })

  it('notes nothing when only one side changed, and keeps the newest MAX_NOTICES', async () => {
    const db = await openStore()
    let clock = 0
    const notices = createMergeNotices(db, () => ++clock)
    notices.record('customers', { assumedMasterState: base, newDocumentState: { ...base, notes: 'mine' }, realMasterState: base })
    notices.record('customers', { assumedMasterState: base, newDocumentState: base, realMasterState: { ...base, notes: 'theirs' } })
    for (let i = 0; i < MAX_NOTICES + 3; i++) {
      const doc = { ...base, id: `c${i}` }
      notices.record('customers', { assumedMasterState: doc, newDocumentState: { ...doc, name: `mine ${i}` }, realMasterState: { ...doc, name: `theirs ${i}` } })
    }
    await notices.close()
    const stored = (await db.getLocal<{ notices: MergeNotice[] }>('sync-merges'))!.toJSON().data.notices
    expect(stored.map((n) => n.docId)).toEqual(Array.from({ length: MAX_NOTICES }, (_, i) => `c${MAX_NOTICES + 2 - i}`))
    notices.stop()
  })
})
