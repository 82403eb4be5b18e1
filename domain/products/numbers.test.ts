import { describe, expect, it } from 'vitest'
import { PRICE_MAX, roundToCents } from './numbers.ts'

describe('roundToCents', () => {
  it('rounds half away from zero on the decimal value, as Postgres numeric does', () => {
    expect(roundToCents(1.005)).toBe(1.01)
    expect(roundToCents(2.675)).toBe(2.68)
    expect(roundToCents(12.344)).toBe(12.34)
    expect(roundToCents(-1.005)).toBe(-1.01)
    expect(roundToCents(1e-7)).toBe(0)
    expect(roundToCents(PRICE_MAX)).toBe(PRICE_MAX)
  })
})
