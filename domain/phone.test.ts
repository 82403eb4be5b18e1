import { describe, expect, it } from 'vitest'
import { isTurkishPhone, sanitizePhoneDigits, toTurkishPhone } from './phone.ts'

describe('Turkish phone numbers', () => {
  it('keeps only digits, at most ten, as typed', () => {
    expect(sanitizePhoneDigits('532 a12-34(56)78 9')).toBe('5321234567')
    expect(sanitizePhoneDigits('')).toBe('')
  })

  it('builds the stored form only from ten digits', () => {
    expect(toTurkishPhone('5321234567')).toBe('+905321234567')
    expect(toTurkishPhone('532 123 45 67')).toBe('+905321234567')
    expect(toTurkishPhone('532123456')).toBeNull()
  })

  it('recognises the stored form', () => {
    expect(isTurkishPhone('+905321234567')).toBe(true)
    expect(isTurkishPhone('905321234567')).toBe(false)
    expect(isTurkishPhone('+9053212345678')).toBe(false)
  })
})
