import { describe, expect, it } from 'vitest'
import { smsCountryOf } from './messaging.ts'

describe('where texts may go', () => {
  it('allows Turkish numbers by default and nothing else', () => {
    expect(smsCountryOf('+905321234567')).toBe('TR')
    for (const foreign of ['+447911123456', '+4915123456789', '+12025550123', '+88216123456', '+2342012345678']) {
      expect(smsCountryOf(foreign), foreign).toBeNull()
    }
    expect(smsCountryOf('not a number')).toBeNull()
    expect(smsCountryOf('')).toBeNull()
  })

  it('follows the list it is given', () => {
    expect(smsCountryOf('+447400123456', ['TR', 'GB'])).toBe('GB')
    expect(smsCountryOf('+905321234567', ['GB'])).toBeNull()
  })
})
