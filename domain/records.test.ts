import { describe, expect, it } from 'vitest'
import { changedFields } from './records.ts'

describe('changedFields', () => {
  it('keeps the entries that differ, null and undefined included', () => {
    expect(changedFields({ a: 1, b: 'x', c: null as string | null }, { a: 1, b: 'y', c: 'z' })).toEqual({ b: 'y', c: 'z' })
    expect(changedFields({ a: 'x' as string | null }, { a: null })).toEqual({ a: null })
    expect(changedFields({ a: 1 }, { a: 1 })).toEqual({})
  })
})
