// The appointment reminder text of send-sms (supabase/functions/_shared/reminder.ts):
// wording in both languages, and the same long date the calendar shows.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatLongDate } from '../../../domain/calendar.ts'
import {
  MAX_NAME_LENGTH, cleanName, composeReminder, stripLinks, formatReminderDate, formatReminderTime, parseReminderLanguage,
} from './reminder.ts'

describe('appointment reminder text', () => {
  it('is Turkish by default and accepts only tr and en', () => {
    expect(parseReminderLanguage(undefined)).toBe('tr')
    expect(parseReminderLanguage(null)).toBe('tr')
    expect(parseReminderLanguage('tr')).toBe('tr')
    expect(parseReminderLanguage('en')).toBe('en')
    expect(parseReminderLanguage('de')).toBeNull()
    expect(parseReminderLanguage('EN')).toBeNull()
    expect(parseReminderLanguage(1)).toBeNull()
  })

  it('writes the long date in each language', () => {
    expect(formatReminderDate('2026-11-25', 'tr')).toBe('25 Kasım 2026 Çarşamba')
    expect(formatReminderDate('2026-11-25', 'en')).toBe('Wednesday, November 25, 2026')
    expect(formatReminderDate('2026-12-01', 'tr')).toBe('1 Aralık 2026 Salı')
    expect(formatReminderDate('2028-02-29', 'en')).toBe('Tuesday, February 29, 2028')
    expect(() => formatReminderDate('2026-02-29', 'tr')).toThrow(RangeError)
    expect(() => formatReminderDate('25.11.2026', 'tr')).toThrow(RangeError)
  })

  it('writes the same long date as the calendar heading', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(1970, 0, 1), max: new Date(2100, 11, 31), noInvalidDate: true }), (d) => {
        const key = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
        expect(formatReminderDate(key, 'tr')).toBe(formatLongDate(key, 'tr'))
        expect(formatReminderDate(key, 'en')).toBe(formatLongDate(key, 'en'))
      }),
    )
  })

  it('shows the time without seconds', () => {
    expect(formatReminderTime('14:30:00')).toBe('14:30')
    expect(formatReminderTime('09:05')).toBe('09:05')
    expect(formatReminderTime('9:05:00')).toBe('09:05')
    expect(() => formatReminderTime('')).toThrow(RangeError)
  })

  it('composes the Turkish and English reminders, signed by the business when known', () => {
    const base = { customerName: 'Ayşe Yılmaz', date: '2026-11-25', time: '14:30:00' }
    expect(composeReminder({ ...base, businessName: 'Anadolu Kahve Evi', language: 'tr' })).toBe(
      'Sayın Ayşe Yılmaz, 25 Kasım 2026 Çarşamba saat 14:30 randevunuzu hatırlatırız. Anadolu Kahve Evi',
    )
    expect(composeReminder({ ...base, businessName: 'Anadolu Kahve Evi', language: 'en' })).toBe(
      'Dear Ayşe Yılmaz, this is a reminder of your appointment on Wednesday, November 25, 2026 at 14:30. Anadolu Kahve Evi',
    )
    expect(composeReminder({ ...base, businessName: null, language: 'tr' })).toBe(
      'Sayın Ayşe Yılmaz, 25 Kasım 2026 Çarşamba saat 14:30 randevunuzu hatırlatırız.',
    )
    expect(composeReminder({ ...base, businessName: '   ', language: 'en' })).toBe(
      'Dear Ayşe Yılmaz, this is a reminder of your appointment on Wednesday, November 25, 2026 at 14:30.',
    )
    expect(composeReminder({ ...base, customerName: ' ', language: 'tr' })).toBe('25 Kasım 2026 Çarşamba saat 14:30 randevunuzu hatırlatırız.')
    expect(composeReminder({ ...base, customerName: '', language: 'en' })).toBe(
      'This is a reminder of your appointment on Wednesday, November 25, 2026 at 14:30.',
    )
  })

  it('keeps names on one line and bounded in length', () => {
    expect(cleanName('Ayşe\n  Yılmaz\t')).toBe('Ayşe Yılmaz')
    expect(cleanName(null)).toBe('')
    const long = 'Ş'.repeat(500)
    expect(Array.from(cleanName(long))).toHaveLength(MAX_NAME_LENGTH)
    expect(cleanName(long).endsWith('…')).toBe(true)
    const text = composeReminder({ customerName: long, businessName: long, date: '2026-11-25', time: '10:00', language: 'en' })
    expect(text.length).toBeLessThan(300)
    expect(text).not.toMatch(/\n/)
  })

  it('takes links and e-mail addresses out of the names the owner typed', () => {
    expect(stripLinks('Kahve https://kampanya.example/odeme?id=1 Evi')).toBe('Kahve  Evi')
    expect(cleanName('Ayşe bit.ly/iade Yılmaz')).toBe('Ayşe Yılmaz')
    expect(cleanName('www.kargo-takip.com.tr Mehmet')).toBe('Mehmet')
    expect(cleanName('destek@anadolu-kahve.com Kahve Evi')).toBe('Kahve Evi')
    expect(cleanName('kahve.com.tr')).toBe('')
    // Names with dots or initials stay as typed.
    for (const name of ['M.Ali Kaya', 'İstanbul Çiçekçilik Ltd. Şti.', 'Dr. Ayşe Yılmaz']) expect(cleanName(name)).toBe(name)

    const text = composeReminder({
      customerName: 'Ayşe http://iade.example/x',
      businessName: 'Banka A.Ş. guvenli-giris.xyz/login',
      date: '2026-11-25',
      time: '14:30',
      language: 'tr',
    })
    expect(text).toBe('Sayın Ayşe, 25 Kasım 2026 Çarşamba saat 14:30 randevunuzu hatırlatırız. Banka A.Ş.')
    expect(stripLinks(text)).toBe(text)
  })

  it('never lets a generated link through, however the name is built', () => {
    const word = fc.stringMatching(/^[a-zçğıöşü]{1,8}$/)
    const link = fc.oneof(
      fc.tuple(word, fc.constantFrom('com', 'net', 'xyz', 'com.tr', 'ly')).map(([w, tld]) => `${w}.${tld}/p`),
      word.map((w) => `https://${w}.example/x`),
      word.map((w) => `www.${w}.com`),
    )
    fc.assert(
      fc.property(fc.array(fc.oneof(word, link), { maxLength: 8 }), (parts) => {
        const name = cleanName(parts.join(' '))
        expect(stripLinks(name)).toBe(name)
        expect(name).not.toMatch(/https?:|www\.|\.(com|net|xyz|ly)\b/)
      }),
      { seed: 16, numRuns: 300 },
    )
  })
})
