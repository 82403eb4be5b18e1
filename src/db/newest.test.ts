// The read-ahead of the newest records against RxDB's own query, on Dexie
// over fake-indexeddb: it must give exactly the live query's first page.
import { describe, expect, it } from 'vitest'
import type { ProductRecord } from '../../domain/records.ts'
import { readNewest } from './newest.ts'
import { recordActions } from './records.ts'
import type { AppDatabase } from './database.ts'
import { testStoreOpener } from './test-stores.ts'

const store = testStoreOpener()

/** What the products screen's live query gives, as plain records. */
async function firstPage(db: AppDatabase, limit: number): Promise<ProductRecord[]> {
  const docs = await db.products.find({ selector: {}, sort: [{ created_at: 'desc' }, { id: 'asc' }], limit }).exec()
  return docs.map((d) => d.toJSON() as ProductRecord)
}

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

describe('readNewest', () => {
  it('gives the live query’s first page: newest first, ties by id, deleted records left out', async () => {
    const db = await store()
    const products = recordActions(db, 'products')
    const rows = []
    // 40 products over 20 instants, two per instant, inserted with their ids in descending order,
    // plus a bulk of 15 sharing one instant that straddles the page's edge.
    for (let i = 0; i < 40; i++) {
      rows.push({ id: uuid(1000 - i), name: `Ürün ${i}`, price: i, currency: 'TRY', stock: i, created_at: `2026-01-01T00:00:${String(Math.floor(i / 2)).padStart(2, '0')}.000Z` })
    }
    for (let i = 0; i < 15; i++) {
      rows.push({ id: uuid(2000 + ((i * 7) % 15)), name: `Toplu ${i}`, price: 1, currency: 'USD', stock: 1, group_id: 'excel_1_a', created_at: '2026-01-01T00:00:15.000Z' })
    }
    await products.insert(rows)
    await products.remove([uuid(1000 - 39), uuid(2003)])

    for (const limit of [1, 5, 9, 10, 25, 60]) {
      const expected = await firstPage(db, limit)
      expect(await readNewest(db, 'products', limit), `limit ${limit}`).toEqual(expected)
    }
    const page = await readNewest(db, 'products', 10)
    // Ürün 39 is deleted; Ürün 37 and 36 share an instant and go by id.
    expect(page!.slice(0, 3).map((p) => p.name)).toEqual(['Ürün 38', 'Ürün 37', 'Ürün 36'])
    expect(page!.every((p) => !Object.keys(p).some((k) => k.startsWith('_')))).toBe(true)
  })

  it('gives an empty page for an empty table, and nothing for a table not indexed on created_at', async () => {
    const db = await store()
    expect(await readNewest(db, 'products', 50)).toEqual([])
    expect(await readNewest(db, 'customers', 50)).toBeNull()
  })
})
