// Excel uploads as batches: each upload's products share a group_id, which
// the batches panel counts and the Excel filter looks for.
import type { ProductRecord } from '../records.ts'
import type { NewProduct, ProductFields } from './fields.ts'

export const EXCEL_BATCH_PREFIX = 'excel_'

/** `excel_{millisecond timestamp}_{9 random base-36 characters}`; the arguments are for tests. */
export function createBatchId(now: number = Date.now(), random: () => number = Math.random): string {
  const suffix = Math.floor(random() * 36 ** 9).toString(36).padStart(9, '0')
  return `${EXCEL_BATCH_PREFIX}${Math.trunc(now)}_${suffix}`
}

export function isExcelProduct(product: Pick<ProductRecord, 'group_id'>): boolean {
  return product.group_id?.includes(EXCEL_BATCH_PREFIX) ?? false
}

/**
 * The rows of one import stamped with their batch and creation times. The
 * first row gets `now` and each following row one millisecond earlier, so a
 * newest-first list shows the batch in the sheet's order instead of the
 * arbitrary order of equal timestamps.
 */
export function stampBatch(products: readonly ProductFields[], groupId: string, now: Date = new Date()): NewProduct[] {
  const start = now.getTime()
  return products.map((product, index) => ({ ...product, group_id: groupId, created_at: new Date(start - index).toISOString() }))
}

export type BatchSummary = {
  /** null for the entry collecting products added by hand. */
  groupId: string | null
  manual: boolean
  /** True when the group came from an Excel upload (its id contains excel_). */
  excel: boolean
  count: number
  /** The earliest created_at of the group, as stored. */
  firstCreatedAt: string
}

/**
 * Products grouped by group_id with a count and the earliest creation time,
 * newest group first; products without a group_id form one manual entry.
 * Times are compared as instants, not text, since the server and the device
 * may write the same instant differently.
 */
export function summarizeBatches(products: ReadonlyArray<Pick<ProductRecord, 'group_id' | 'created_at'>>): BatchSummary[] {
  const groups = new Map<string | null, BatchSummary & { firstTime: number }>()
  for (const product of products) {
    // An empty group id is no group: the device never writes one, another client might.
    const key = product.group_id || null
    const time = Date.parse(product.created_at)
    const entry = groups.get(key)
    if (!entry) {
      groups.set(key, {
        groupId: key,
        manual: key === null,
        excel: key !== null && key.includes(EXCEL_BATCH_PREFIX),
        count: 1,
        firstCreatedAt: product.created_at,
        firstTime: time,
      })
    } else {
      entry.count += 1
      if (time < entry.firstTime || Number.isNaN(entry.firstTime)) {
        entry.firstTime = time
        entry.firstCreatedAt = product.created_at
      }
    }
  }
  return [...groups.values()]
    .sort((a, b) => (b.firstTime || 0) - (a.firstTime || 0) || String(a.groupId).localeCompare(String(b.groupId)))
    .map(({ firstTime: _firstTime, ...summary }) => summary)
}
