// The import preview's pages: which rows a page holds. The pager that picks
// the page is Mantine's.

export const PREVIEW_PAGE_SIZE = 50
/** Up to this many pages every number shows; past it the list collapses with ellipses. */
export const PAGES_SHOWN_IN_FULL = 5

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end'

export function pageCount(total: number, pageSize: number = PREVIEW_PAGE_SIZE): number {
  return total <= 0 ? 0 : Math.ceil(total / pageSize)
}

/** A page number kept within 1..pages (1 when there are no pages). */
export function clampPage(page: number, pages: number): number {
  return Math.min(Math.max(1, Math.trunc(page) || 1), Math.max(1, pages))
}

/** The items of a 1-based page. */
export function pageSlice<T>(items: readonly T[], page: number, pageSize: number = PREVIEW_PAGE_SIZE): T[] {
  const current = clampPage(page, pageCount(items.length, pageSize))
  return items.slice((current - 1) * pageSize, current * pageSize)
}

/**
 * The page buttons to show. Five pages or fewer: all of them. More: the first
 * and last page always, the current page with its neighbours, and an ellipsis
 * for each gap —
 *   current 1–3          1 2 3 4 … N
 *   current N−2 to N     1 … N−3 N−2 N−1 N
 *   otherwise            1 … c−1 c c+1 … N      (e.g. 1 … 4 5 6 … 20)
 * so the control never holds more than seven items. Each ellipsis has its own
 * value so a list can key on the items.
 */
export function paginationItems(currentPage: number, pages: number): PageItem[] {
  if (pages <= 0) return []
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)
  if (pages <= PAGES_SHOWN_IN_FULL) return range(1, pages)
  const current = clampPage(currentPage, pages)
  if (current <= 3) return [...range(1, 4), 'ellipsis-end', pages]
  if (current >= pages - 2) return [1, 'ellipsis-start', ...range(pages - 3, pages)]
  return [1, 'ellipsis-start', current - 1, current, current + 1, 'ellipsis-end', pages]
}
