// The products screen's data: every live product of the owner, newest first,
// straight from the local store (so it works offline), with the search index,
// the Excel filter and the batch summary derived from the same list. While a
// large catalogue loads, its newest rows are read ahead to show at once.
import { useMemo } from 'react'
import type { MangoQuery } from 'rxdb'
import { isExcelProduct, summarizeBatches, type BatchSummary } from '../../../domain/products/batches.ts'
import { createSearchIndex } from '../../../domain/products/search.ts'
import type { ProductRecord } from '../../../domain/records.ts'
import { useLiveQuery, useNewestRecords } from '../../db/hooks.ts'

export type ProductFilter = 'all' | 'excel'

/** Enough rows to fill a tall screen while the whole catalogue loads. */
export const FIRST_ROWS = 50

// The id breaks ties so products of one instant keep one order on every render.
const NEWEST_FIRST: MangoQuery<ProductRecord> = { selector: {}, sort: [{ created_at: 'desc' }, { id: 'asc' }] }

export type ProductsData = {
  /** Every product, newest first. */
  all: readonly ProductRecord[]
  /** The products matching the search and the filter. */
  visible: readonly ProductRecord[]
  batches: BatchSummary[]
  /** True until the whole catalogue is read; `all`, `visible` and `batches` are empty until then. */
  loading: boolean
  /**
   * While loading: the newest products (up to FIRST_ROWS), in the list's
   * order, read ahead of the whole catalogue so a large one shows its first
   * rows at once. Null when not loading or not read yet.
   */
  first: readonly ProductRecord[] | null
  error: Error | null
  retry: () => void
}

export function useProducts(search: string, filter: ProductFilter): ProductsData {
  const live = useLiveQuery('products', NEWEST_FIRST)
  const first = useNewestRecords('products', FIRST_ROWS, live.loading)
  const all = live.data
  const excelOnly = useMemo(() => all.filter(isExcelProduct), [all])
  // Built once per list change; each keystroke only scans the folded strings.
  const index = useMemo(() => createSearchIndex(filter === 'excel' ? excelOnly : all), [all, excelOnly, filter])
  const visible = useMemo(() => index.filter(search), [index, search])
  const batches = useMemo(() => summarizeBatches(all), [all])
  return { all, visible, batches, loading: live.loading, first: live.loading ? first : null, error: live.error, retry: live.retry }
}
