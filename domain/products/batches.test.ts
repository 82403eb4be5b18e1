import { describe, expect, it } from 'vitest'
import { createBatchId, isExcelProduct, stampBatch, summarizeBatches } from './batches.ts'

describe('import batches', () => {
  it('names a batch excel_{milliseconds}_{random}', () => {
    expect(createBatchId(1767225600123, () => 0.5)).toMatch(/^excel_1767225600123_[0-9a-z]{9}$/)
    expect(createBatchId(1767225600123, () => 0)).toBe('excel_1767225600123_000000000')
    expect(createBatchId()).toMatch(/^excel_\d{13}_[0-9a-z]{9}$/)
    expect(createBatchId()).not.toBe(createBatchId())
  })

  it('counts a product as Excel-uploaded when its group_id contains excel_', () => {
    expect(isExcelProduct({ group_id: 'excel_1767225600123_abc' })).toBe(true)
    expect(isExcelProduct({ group_id: 'import-excel_2' })).toBe(true)
    expect(isExcelProduct({ group_id: 'manual' })).toBe(false)
    expect(isExcelProduct({})).toBe(false)
  })

  it('stamps a batch so that newest first shows the sheet order', () => {
    const now = new Date('2026-03-01T10:00:00.000Z')
    const stamped = stampBatch([
      { name: 'a', price: 1, currency: 'USD', stock: 1 },
      { name: 'b', price: 2, currency: 'USD', stock: 2 },
    ], 'excel_1_x', now)
    expect(stamped).toEqual([
      { name: 'a', price: 1, currency: 'USD', stock: 1, group_id: 'excel_1_x', created_at: '2026-03-01T10:00:00.000Z' },
      { name: 'b', price: 2, currency: 'USD', stock: 2, group_id: 'excel_1_x', created_at: '2026-03-01T09:59:59.999Z' },
    ])
    const newestFirst = [...stamped].sort((x, y) => (y.created_at ?? '').localeCompare(x.created_at ?? ''))
    expect(newestFirst.map((p) => p.name)).toEqual(['a', 'b'])
  })

  it('summarizes groups newest first, with manual additions as one entry', () => {
    const summary = summarizeBatches([
      { group_id: 'excel_1_a', created_at: '2026-01-10T10:00:00.000Z' },
      { created_at: '2026-01-05T08:00:00.000Z' },
      { group_id: 'excel_2_b', created_at: '2026-02-01T12:00:00.000Z' },
      { group_id: 'excel_1_a', created_at: '2026-01-10T09:59:59.999Z' },
      { created_at: '2026-03-01T08:00:00.000Z' },
      // The server writes the same kind of instant as +00:00 with microseconds.
      { group_id: 'excel_2_b', created_at: '2026-02-01 11:00:00.123456+00:00' },
    ])
    expect(summary).toEqual([
      { groupId: 'excel_2_b', manual: false, excel: true, count: 2, firstCreatedAt: '2026-02-01 11:00:00.123456+00:00' },
      { groupId: 'excel_1_a', manual: false, excel: true, count: 2, firstCreatedAt: '2026-01-10T09:59:59.999Z' },
      { groupId: null, manual: true, excel: false, count: 2, firstCreatedAt: '2026-01-05T08:00:00.000Z' },
    ])
    expect(summarizeBatches([])).toEqual([])
    expect(summarizeBatches([{ group_id: '', created_at: '2026-01-01T00:00:00Z' }])).toMatchObject([{ groupId: null, manual: true, count: 1 }])
  })
})
