import { describe, expect, it } from 'vitest'
import { clampPage, pageCount, pageSlice } from './pagination.ts'

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
})
