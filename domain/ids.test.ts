import { describe, expect, it } from 'vitest'
import { isUuid } from './ids.ts'

describe('isUuid', () => {
  it('takes any version, in either case, and nothing else', () => {
    expect(isUuid('d0000000-0000-4000-8000-000000000001')).toBe(true)
    expect(isUuid('D0000000-0000-0000-0000-00000000000A')).toBe(true)
    for (const value of ['', 'd0000000-0000-4000-8000-00000000001', 'd0000000000040008000000000000001', 'g0000000-0000-4000-8000-000000000001', ' d0000000-0000-4000-8000-000000000001', 42, null, undefined]) {
      expect(isUuid(value), String(value)).toBe(false)
    }
  })
})
