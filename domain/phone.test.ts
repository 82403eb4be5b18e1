import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  E164_PATTERN,
  formatPhone,
  formatPhoneInternational,
  internationalDigits,
  isE164,
  isPhoneText,
  isTurkishPhone,
  isValidPhone,
  normalizePhone,
  phoneCountry,
  phoneDigitKeys,
  sanitizePhoneDigits,
  toTurkishPhone,
} from './phone.ts'

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

  it('refuses anything but the stored form in a request body', () => {
    for (const value of ['+90 532 123 45 67', '05321234567', '+90532123456', '+905321234a67', '+905321234567 ', '', '+15551234567']) {
      expect(isTurkishPhone(value), value).toBe(false)
    }
    for (const value of [5321234567, null, undefined, { phone: '+905321234567' }]) expect(isTurkishPhone(value)).toBe(false)
  })

  it('shows the stored form grouped, with its country code', () => {
    expect(formatPhoneInternational('+905321234567')).toBe('+90 532 123 45 67')
    expect(formatPhoneInternational('+447911123456')).toBe('+44 7911 123456')
    expect(formatPhoneInternational('0532')).toBe('0532')
    expect(formatPhoneInternational('')).toBe('')
  })
})

describe('normalizePhone', () => {
  it('reads a Turkish mobile number however it is typed', () => {
    for (const typed of [
      '0532 123 45 67', '532 123 45 67', '+90 532 123 45 67', '05321234567', '5321234567', '905321234567',
      '+905321234567', '+90 (532) 123-45-67', '0 (532) 123 45 67', '0532.123.45.67', '  0532 123 45 67  ', '0532/123 45 67',
    ]) {
      expect(normalizePhone(typed), typed).toBe('+905321234567')
    }
  })

  it('defaults to Turkey', () => {
    expect(normalizePhone('0555 111 22 33')).toBe('+905551112233')
  })

  it('accepts foreign mobile numbers given with + or the 00 prefix', () => {
    expect(normalizePhone('+44 7911 123456')).toBe('+447911123456')
    expect(normalizePhone('0044 7911 123456')).toBe('+447911123456')
    expect(normalizePhone('+49 1512 3456789')).toBe('+4915123456789')
    expect(normalizePhone('+1 202 555 0123')).toBe('+12025550123')
    expect(normalizePhone('07911 123456', 'GB')).toBe('+447911123456')
  })

  it('refuses what cannot receive an SMS or is not a number', () => {
    for (const typed of [
      '', '   ', '0532 123 45 6', '0532 123 45 678', '+90 111 111 11 11', '0212 123 45 67', '0850 123 45 67',
      '+44 20 7946 0958', 'abc', 'tel: 0532 123 45 67', '0532 123 45 67 ext 5', '0532 123 45 67 dahili 5', '+', '++905321234567',
      '5321234567x', '0532 123 45 67 #12',
    ]) {
      expect(normalizePhone(typed), typed).toBeNull()
      expect(isValidPhone(typed), typed).toBe(false)
    }
  })

  it('always gives the E.164 shape the database enforces', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\+?[0-9 ()-]{0,20}$/), (typed) => {
        const phone = normalizePhone(typed)
        if (phone !== null) {
          expect(phone).toMatch(E164_PATTERN)
          expect(normalizePhone(phone)).toBe(phone)
          expect(normalizePhone(formatPhone(phone))).toBe(phone)
        }
      }),
    )
  })

  it('knows the E.164 shape', () => {
    const shaped = ['+905321234567', '+1234567']
    const misshapen = ['+123456', '+0905321234567', '905321234567', '+9053212345678901']
    expect([...shaped, ...misshapen].filter(isE164)).toEqual(shaped)
  })
})

describe('formatPhone', () => {
  it('shows Turkish numbers in the national form and others internationally', () => {
    expect(formatPhone('+905321234567')).toBe('0532 123 45 67')
    expect(formatPhone('+447911123456')).toBe('+44 7911 123456')
    expect(formatPhone('+12025550123')).toBe('+1 202 555 0123')
  })

  it('shows anything it cannot read as stored', () => {
    expect(formatPhone('')).toBe('')
    expect(formatPhone('bilinmiyor')).toBe('bilinmiyor')
    expect(formatPhone('+')).toBe('+')
  })

  it('formats a legacy national number too', () => {
    expect(formatPhone('05321234567')).toBe('0532 123 45 67')
  })
})

describe('stored numbers', () => {
  it('names the country of a stored number', () => {
    expect(phoneCountry('+905321234567')).toBe('TR')
    expect(phoneCountry(' +12025550123 ')).toBe('US')
    expect(phoneCountry('05321234567')).toBeNull()
    expect(phoneCountry('not a number')).toBeNull()
  })

  it('gives the digits SMS and WhatsApp APIs take', () => {
    expect(internationalDigits('+905321234567')).toBe('905321234567')
    expect(internationalDigits('905321234567')).toBe('905321234567')
  })

  it('tells phone text from other text', () => {
    for (const text of ['0532 123 45 67', '+90 (532) 123-45-67', '532/123', '()']) expect(isPhoneText(text), text).toBe(true)
    for (const text of ['', '+', 'tel: 0532', '0532 dahili 5', '++90']) expect(isPhoneText(text), text).toBe(false)
  })

  it('compares a search with the international and national digits', () => {
    expect(phoneDigitKeys('+905321234567')).toEqual(['905321234567', '05321234567'])
    expect(phoneDigitKeys('+447911123456')).toEqual(['447911123456', '07911123456'])
    expect(phoneDigitKeys('+12025550123')).toEqual(['12025550123', '2025550123'])
    expect(phoneDigitKeys('bilinmiyor')).toEqual([])
  })

  it('takes the Turkish fast path to the national form libphonenumber gives', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^5\d{9}$/), (national) => {
        const stored = `+90${national}`
        expect(phoneDigitKeys(stored)).toEqual([`90${national}`, `0${national}`])
        if (isValidPhone(stored)) expect(formatPhone(stored).replace(/\D/g, '')).toBe(`0${national}`)
      }),
    )
  })
})
