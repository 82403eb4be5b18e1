import { describe, expect, it } from 'vitest'
import { clampPage, pageCount, pageSlice, paginationItems } from './pagination.ts'

describe('preview pagination', () => {
  it('pages by 50', () => {
    expect(pageCount(0)).toBe(0)
    expect(pageCount(1)).toBe(1)
    expect(pageCount(50)).toBe(1)
    expect(pageCount(51)).toBe(2)
    expect(pageCount(10_000)).toBe(200)
  })

  it('slices a 1-based page and keeps the page in range', () => {
    const rows = Array.from({ length: 120 }, (_, i) => i)
    expect(pageSlice(rows, 1)).toEqual(rows.slice(0, 50))
    expect(pageSlice(rows, 3)).toEqual(rows.slice(100, 120))
    expect(pageSlice(rows, 9)).toEqual(rows.slice(100, 120))
    expect(pageSlice(rows, 0)).toEqual(rows.slice(0, 50))
    expect(pageSlice([], 1)).toEqual([])
    expect(clampPage(7, 3)).toBe(3)
    expect(clampPage(Number.NaN, 3)).toBe(1)
  })

  it('shows every page up to five', () => {
    expect(paginationItems(1, 0)).toEqual([])
    expect(paginationItems(1, 1)).toEqual([1])
    expect(paginationItems(3, 5)).toEqual([1, 2, 3, 4, 5])
  })

  it('collapses beyond five pages around the current one', () => {
    const show = (current: number, pages: number) =>
      paginationItems(current, pages).map((item) => (typeof item === 'number' ? String(item) : '…')).join(' ')
    expect(show(1, 20)).toBe('1 2 3 4 … 20')
    expect(show(3, 20)).toBe('1 2 3 4 … 20')
    expect(show(4, 20)).toBe('1 … 3 4 5 … 20')
    expect(show(5, 20)).toBe('1 … 4 5 6 … 20')
    expect(show(17, 20)).toBe('1 … 16 17 18 … 20')
    expect(show(18, 20)).toBe('1 … 17 18 19 20')
    expect(show(20, 20)).toBe('1 … 17 18 19 20')
    expect(show(1, 6)).toBe('1 2 3 4 … 6')
    expect(show(4, 6)).toBe('1 … 3 4 5 6')
    expect(show(99, 20)).toBe('1 … 17 18 19 20')
  })

  it('gives each ellipsis its own key and never more than seven items', () => {
    for (let pages = 1; pages <= 30; pages++) {
      for (let current = 1; current <= pages; current++) {
        const items = paginationItems(current, pages)
        expect(items.length).toBeLessThanOrEqual(7)
        expect(new Set(items).size).toBe(items.length)
        expect(items).toContain(current)
        expect(items[0]).toBe(1)
        expect(items.at(-1)).toBe(pages)
      }
    }
  })
})
