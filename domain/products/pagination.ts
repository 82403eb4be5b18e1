// The import preview's pages: how many rows a page holds and which they are.
// Which page numbers the pager shows is Mantine's (import-modal.tsx).

export const PREVIEW_PAGE_SIZE = 50

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
