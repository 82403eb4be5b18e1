import { describe, expect, it } from 'vitest'
import { textLength } from './forms.ts'
import {
  BUSINESS_ADDRESS_MAX,
  BUSINESS_CONTACT_EMAIL_MAX,
  BUSINESS_CONTACT_PHONE_MAX,
  BUSINESS_INFO_TEXT_MAX,
  BUSINESS_INFO_TEXTS,
  BUSINESS_MAPS_URL_MAX,
  BUSINESS_TIME_ZONE_MAX,
  DEFAULT_TIME_ZONE,
  FAQ_ANSWER_MAX,
  FAQ_QUESTION_MAX,
  OPENING_RANGES_PER_DAY_MAX,
  WEEKDAYS,
  businessPayloadFromForm,
  businessProfileToForm,
  dayRangesError,
  emptyBusinessForm,
  faqPayloadFromForm,
  hasAnyHours,
  hasBusinessFormErrors,
  hoursStatus,
  isContactEmail,
  isContactPhone,
  isTimeZone,
  localTime,
  minutesToTime,
  openingHoursError,
  rangesOf,
  timeToMinutes,
  validateBusinessForm,
  validateFaqForm,
  weekdayAfter,
  weekdayOfDay,
  type BusinessFormValues,
  type BusinessProfileRow,
  type OpeningHours,
  type TimeRange,
} from './business.ts'

const form = (patch: Partial<BusinessFormValues> = {}): BusinessFormValues => ({ ...emptyBusinessForm(), ...patch })
const hours = (patch: Partial<Record<(typeof WEEKDAYS)[number], TimeRange[]>>): BusinessFormValues['opening_hours'] => ({
  ...emptyBusinessForm().opening_hours,
  ...patch,
})
/** A text of `n` characters as Postgres counts them: "ğ" is one code point, one UTF-16 unit. */
const text = (n: number) => 'ğ'.repeat(n)
/** `n` characters of which each is two UTF-16 units (an emoji): the limit is in code points. */
const wide = (n: number) => '😀'.repeat(n)
const url = (n: number) => `https://example.com/${'a'.repeat(n - 'https://example.com/'.length)}`

describe('times', () => {
  it('reads HH:MM from 00:00 to 23:59, and 24:00 as the end of the day', () => {
    expect(timeToMinutes('00:00')).toBe(0)
    expect(timeToMinutes('09:05')).toBe(545)
    expect(timeToMinutes('23:59')).toBe(1439)
    expect(timeToMinutes('24:00')).toBe(1440)
    for (const wrong of ['24:01', '25:00', '9:00', '09:60', '0900', '', '09:00:00', ' 09:00']) expect(timeToMinutes(wrong), wrong).toBeNull()
  })

  it('writes minutes back as HH:MM', () => {
    expect(minutesToTime(0)).toBe('00:00')
    expect(minutesToTime(545)).toBe('09:05')
    expect(minutesToTime(1440)).toBe('24:00')
  })

  it('counts weekdays round the week, both ways', () => {
    expect(weekdayAfter('sun', 1)).toBe('mon')
    expect(weekdayAfter('mon', -1)).toBe('sun')
    expect(weekdayOfDay('2026-10-29')).toBe('thu')
    expect(weekdayOfDay('2026-11-29')).toBe('sun')
    expect(weekdayOfDay('2026-13-01')).toBeNull()
    expect(weekdayAfter('wed', 7)).toBe('wed')
    expect(weekdayAfter('wed', 15)).toBe('thu')
  })
})

describe('one day of opening hours', () => {
  it('takes no ranges (closed), one, and up to the maximum', () => {
    expect(dayRangesError([])).toBeNull()
    expect(dayRangesError([['09:00', '18:00']])).toBeNull()
    expect(OPENING_RANGES_PER_DAY_MAX).toBe(3)
    expect(dayRangesError([['08:00', '10:00'], ['11:00', '14:00'], ['18:00', '22:00']])).toBeNull()
    expect(dayRangesError([['08:00', '09:00'], ['10:00', '11:00'], ['12:00', '13:00'], ['14:00', '15:00']])).toBe('too_many')
  })

  it('takes 24:00 as an end only', () => {
    expect(dayRangesError([['00:00', '24:00']])).toBeNull()
    expect(dayRangesError([['18:00', '24:00']])).toBeNull()
    expect(dayRangesError([['24:00', '24:00']])).toBe('invalid_time')
    expect(dayRangesError([['09:00', '24:01']])).toBe('invalid_time')
    expect(dayRangesError([['9:00', '18:00']])).toBe('invalid_time')
    expect(dayRangesError([['', '18:00']])).toBe('invalid_time')
  })

  it('refuses a range that ends where or before it starts', () => {
    expect(dayRangesError([['09:00', '09:00']])).toBe('empty_range')
    expect(dayRangesError([['18:00', '09:00']])).toBe('empty_range')
    // Past midnight is two days: 22:00–24:00 and 00:00–02:00.
    expect(dayRangesError([['22:00', '02:00']])).toBe('empty_range')
    expect(dayRangesError([['09:00', '09:01']])).toBeNull()
  })

  it('wants ranges in order and apart; one may start where the last ended', () => {
    expect(dayRangesError([['09:00', '12:00'], ['13:00', '18:00']])).toBeNull()
    expect(dayRangesError([['09:00', '12:00'], ['12:00', '18:00']])).toBeNull()
    expect(dayRangesError([['09:00', '12:01'], ['12:00', '18:00']])).toBe('overlap')
    expect(dayRangesError([['13:00', '18:00'], ['09:00', '12:00']])).toBe('overlap')
    expect(dayRangesError([['09:00', '18:00'], ['10:00', '11:00']])).toBe('overlap')
  })

  it('says the shape is wrong for anything but a list of [start, end] strings', () => {
    for (const wrong of [null, '09:00-18:00', {}, [['09:00']], [['09:00', '12:00', '13:00']], [[900, 1800]], ['09:00', '18:00']]) {
      expect(dayRangesError(wrong), JSON.stringify(wrong)).toBe('invalid_shape')
    }
  })
})

describe('a week of opening hours', () => {
  it('takes an empty week and any subset of weekdays', () => {
    expect(openingHoursError({})).toBeNull()
    expect(openingHoursError({ mon: [['09:00', '18:00']], sun: [] })).toBeNull()
    expect(openingHoursError(Object.fromEntries(WEEKDAYS.map((d) => [d, [['00:00', '24:00']]])))).toBeNull()
  })

  it('refuses other keys, arrays and non-objects, and passes on the first wrong day', () => {
    expect(openingHoursError({ monday: [] })).toBe('invalid_shape')
    expect(openingHoursError([])).toBe('invalid_shape')
    expect(openingHoursError(null)).toBe('invalid_shape')
    expect(openingHoursError('mon')).toBe('invalid_shape')
    expect(openingHoursError({ mon: [['09:00', '18:00']], tue: [['18:00', '09:00']] })).toBe('empty_range')
  })

  it('reads an unreadable day as closed rather than inventing hours', () => {
    const stored = { mon: [['09:00', '18:00']], tue: [['18:00', '09:00']], wed: 'all day' } as unknown as OpeningHours
    expect(rangesOf(stored, 'mon')).toEqual([['09:00', '18:00']])
    expect(rangesOf(stored, 'tue')).toEqual([])
    expect(rangesOf(stored, 'wed')).toEqual([])
    expect(rangesOf(null, 'mon')).toEqual([])
    expect(hasAnyHours(stored)).toBe(true)
    expect(hasAnyHours({ tue: [['18:00', '09:00']] })).toBe(false)
    expect(hasAnyHours({})).toBe(false)
    expect(hasAnyHours(undefined)).toBe(false)
  })
})

describe('time zones', () => {
  it('knows IANA zones and the default', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Europe/Istanbul')
    for (const zone of ['Europe/Istanbul', 'Europe/Berlin', 'America/Argentina/Buenos_Aires', 'UTC', 'Etc/GMT+3', 'America/Port-au-Prince']) {
      expect(isTimeZone(zone), zone).toBe(true)
    }
  })

  it('refuses what is not a zone, and a zone spelt in another case, which Postgres does not match', () => {
    for (const zone of ['', 'Mars/Olympus', 'Europe/', '/Europe', 'Europe Istanbul', '+03:00', 'GMT+3 ', 'europe/istanbul', 'EUROPE/BERLIN', 'utc']) {
      expect(isTimeZone(zone), zone).toBe(false)
    }
  })
})

describe('the local time of an instant', () => {
  it('is the wall clock in the zone, with its own date and weekday', () => {
    // Monday 16 March 2026, 23:30 UTC: Istanbul (UTC+3) is already on Tuesday.
    const now = new Date('2026-03-16T23:30:00Z')
    expect(localTime(now, 'UTC')).toEqual({ date: '2026-03-16', weekday: 'mon', minutes: 23 * 60 + 30 })
    expect(localTime(now, 'Europe/Istanbul')).toEqual({ date: '2026-03-17', weekday: 'tue', minutes: 2 * 60 + 30 })
    expect(localTime(now, 'America/New_York')).toEqual({ date: '2026-03-16', weekday: 'mon', minutes: 19 * 60 + 30 })
  })

  it('reads midnight as 00:00, never 24:00', () => {
    expect(localTime(new Date('2026-03-16T21:00:00Z'), 'Europe/Istanbul')).toEqual({ date: '2026-03-17', weekday: 'tue', minutes: 0 })
  })
})

describe('open now, closes at, opens next', () => {
  // Weekdays 09:00–18:00 with a lunch break on Saturday, closed on Sunday.
  const shop: OpeningHours = {
    mon: [['09:00', '18:00']],
    tue: [['09:00', '18:00']],
    wed: [['09:00', '18:00']],
    thu: [['09:00', '18:00']],
    fri: [['09:00', '18:00']],
    sat: [['10:00', '13:00'], ['14:00', '17:00']],
  }

  it('an owner in Istanbul asked at 23:30 UTC on Monday is at 02:30 on Tuesday: closed, opening at 09:00 today', () => {
    const status = hoursStatus(shop, 'Europe/Istanbul', new Date('2026-03-16T23:30:00Z'))
    expect(status.local).toEqual({ date: '2026-03-17', weekday: 'tue', minutes: 150 })
    expect(status).toMatchObject({ open: false, closesAt: null, closesInDays: null, opensAt: { inDays: 0, weekday: 'tue', time: '09:00' } })
  })

  it('is open from the start minute up to, not including, the end minute', () => {
    // Tuesday 17 March 2026 in Istanbul.
    const at = (local: string) => hoursStatus(shop, 'Europe/Istanbul', new Date(`2026-03-17T${local}:00+03:00`))
    expect(at('08:59')).toMatchObject({ open: false, opensAt: { inDays: 0, weekday: 'tue', time: '09:00' } })
    expect(at('09:00')).toMatchObject({ open: true, closesAt: '18:00', closesInDays: 0, opensAt: null })
    expect(at('17:59')).toMatchObject({ open: true, closesAt: '18:00' })
    expect(at('18:00')).toMatchObject({ open: false, opensAt: { inDays: 1, weekday: 'wed', time: '09:00' } })
  })

  it('between two ranges opens at the second; after the last, on the next open day', () => {
    // Saturday 21 March 2026.
    const at = (local: string) => hoursStatus(shop, 'Europe/Istanbul', new Date(`2026-03-21T${local}:00+03:00`))
    expect(at('12:00')).toMatchObject({ open: true, closesAt: '13:00' })
    expect(at('13:30')).toMatchObject({ open: false, opensAt: { inDays: 0, weekday: 'sat', time: '14:00' } })
    // Closed on Sunday: Monday, two days on.
    expect(at('17:00')).toMatchObject({ open: false, opensAt: { inDays: 2, weekday: 'mon', time: '09:00' } })
  })

  it('with one opening a week, already over today, opens next week on the same weekday', () => {
    const once: OpeningHours = { wed: [['10:00', '12:00']] }
    const status = hoursStatus(once, 'Europe/Istanbul', new Date('2026-03-18T15:00:00+03:00'))
    expect(status).toMatchObject({ open: false, opensAt: { inDays: 7, weekday: 'wed', time: '10:00' } })
    expect(hoursStatus(once, 'Europe/Istanbul', new Date('2026-03-18T09:00:00+03:00')).opensAt).toEqual({ inDays: 0, weekday: 'wed', time: '10:00' })
  })

  it('with no hours at all is closed with no next opening', () => {
    for (const none of [{}, null, undefined, { mon: [] }]) {
      expect(hoursStatus(none, 'Europe/Istanbul', new Date('2026-03-16T12:00:00Z')), JSON.stringify(none)).toMatchObject({
        open: false,
        closesAt: null,
        closesInDays: null,
        opensAt: null,
      })
    }
  })

  it('open until midnight and from midnight the next day is one stretch, closing the next day', () => {
    const late: OpeningHours = { fri: [['18:00', '24:00']], sat: [['00:00', '02:00'], ['10:00', '18:00']] }
    // Friday 20 March 2026, 23:00 in Istanbul.
    expect(hoursStatus(late, 'Europe/Istanbul', new Date('2026-03-20T23:00:00+03:00'))).toMatchObject({ open: true, closesAt: '02:00', closesInDays: 1 })
    // Saturday 01:00: in the same stretch.
    expect(hoursStatus(late, 'Europe/Istanbul', new Date('2026-03-21T01:00:00+03:00'))).toMatchObject({ open: true, closesAt: '02:00', closesInDays: 0 })
    // Until midnight with nothing after it: closes at 24:00 tonight.
    const untilMidnight: OpeningHours = { fri: [['18:00', '24:00']] }
    expect(hoursStatus(untilMidnight, 'Europe/Istanbul', new Date('2026-03-20T23:59:00+03:00'))).toMatchObject({ open: true, closesAt: '24:00', closesInDays: 0 })
  })

  it('round the clock every day never closes; round the clock but one day closes when that day does', () => {
    const always = Object.fromEntries(WEEKDAYS.map((d) => [d, [['00:00', '24:00']]])) as OpeningHours
    expect(hoursStatus(always, 'Europe/Istanbul', new Date('2026-03-18T12:00:00Z'))).toMatchObject({ open: true, closesAt: null, closesInDays: null })
    // Wednesday opens at 09:00 only: from Wednesday 10:00 the stretch runs to Tuesday midnight, six days on.
    const almost = { ...always, wed: [['09:00', '24:00']] } as OpeningHours
    expect(hoursStatus(almost, 'Europe/Istanbul', new Date('2026-03-18T10:00:00+03:00'))).toMatchObject({ open: true, closesAt: '24:00', closesInDays: 6 })
  })

  it('reads hours as wall-clock times across a daylight-saving change (Berlin, spring and autumn)', () => {
    const sunday: OpeningHours = { sun: [['01:00', '02:00'], ['03:00', '05:00']] }
    // 29 March 2026: at 01:00 UTC Berlin's clocks jump from 02:00 CET to 03:00 CEST.
    expect(localTime(new Date('2026-03-29T00:30:00Z'), 'Europe/Berlin')).toMatchObject({ date: '2026-03-29', weekday: 'sun', minutes: 90 })
    expect(hoursStatus(sunday, 'Europe/Berlin', new Date('2026-03-29T00:30:00Z'))).toMatchObject({ open: true, closesAt: '02:00' })
    // 00:59 UTC is 01:59 CET, still in the first range; 01:00 UTC is already 03:00 CEST, in the second.
    expect(hoursStatus(sunday, 'Europe/Berlin', new Date('2026-03-29T00:59:00Z'))).toMatchObject({ open: true, closesAt: '02:00' })
    expect(hoursStatus(sunday, 'Europe/Berlin', new Date('2026-03-29T01:00:00Z'))).toMatchObject({ local: { minutes: 180 }, open: true, closesAt: '05:00' })
    // The same instant a week before (CET, UTC+1) is 02:00 local: between the ranges.
    expect(hoursStatus(sunday, 'Europe/Berlin', new Date('2026-03-22T01:00:00Z'))).toMatchObject({
      local: { date: '2026-03-22', minutes: 120 },
      open: false,
      opensAt: { inDays: 0, weekday: 'sun', time: '03:00' },
    })
    // 25 October 2026: 03:00 CEST falls back to 02:00 CET at 01:00 UTC, so 02:30 local happens twice; closed both times.
    const autumn: OpeningHours = { sun: [['03:00', '05:00']] }
    for (const instant of ['2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z']) {
      expect(hoursStatus(autumn, 'Europe/Berlin', new Date(instant)), instant).toMatchObject({
        local: { date: '2026-10-25', weekday: 'sun', minutes: 150 },
        open: false,
        opensAt: { inDays: 0, time: '03:00' },
      })
    }
    expect(hoursStatus(autumn, 'Europe/Berlin', new Date('2026-10-25T02:00:00Z'))).toMatchObject({ local: { minutes: 180 }, open: true })
  })

  it('falls back to the default zone for a zone it does not know', () => {
    const status = hoursStatus(shop, 'Mars/Olympus', new Date('2026-03-16T23:30:00Z'))
    expect(status.local).toEqual({ date: '2026-03-17', weekday: 'tue', minutes: 150 })
  })
})

describe('the profile form', () => {
  it('is empty with every weekday closed and the default zone, and valid so', () => {
    const empty = emptyBusinessForm()
    expect(Object.keys(empty.opening_hours)).toEqual([...WEEKDAYS])
    expect(Object.values(empty.opening_hours).every((r) => r.length === 0)).toBe(true)
    expect(empty.time_zone).toBe(DEFAULT_TIME_ZONE)
    expect(validateBusinessForm(empty)).toEqual({})
    expect(hasBusinessFormErrors(validateBusinessForm(empty))).toBe(false)
  })

  it('holds each text at its limit and refuses one character past it, counted in code points', () => {
    const limits: Array<[keyof BusinessFormValues, number, (n: number) => string]> = [
      ['address', BUSINESS_ADDRESS_MAX, text],
      ['address', BUSINESS_ADDRESS_MAX, wide],
      ['maps_url', BUSINESS_MAPS_URL_MAX, url],
      ['contact_phone', BUSINESS_CONTACT_PHONE_MAX, (n) => `+90 ${'5'.repeat(n - 4)}`],
      ['contact_email', BUSINESS_CONTACT_EMAIL_MAX, (n) => `${'a'.repeat(n - '@example.com'.length)}@example.com`],
      ...BUSINESS_INFO_TEXTS.map((field) => [field, BUSINESS_INFO_TEXT_MAX, wide] as [keyof BusinessFormValues, number, (n: number) => string]),
    ]
    expect([BUSINESS_ADDRESS_MAX, BUSINESS_MAPS_URL_MAX, BUSINESS_CONTACT_PHONE_MAX, BUSINESS_CONTACT_EMAIL_MAX, BUSINESS_INFO_TEXT_MAX]).toEqual([500, 2048, 32, 254, 2000])
    for (const [field, max, make] of limits) {
      expect(textLength(make(max)), field).toBe(max)
      expect(validateBusinessForm(form({ [field]: make(max) }))[field as 'address'], `${field} at ${max}`).toBeUndefined()
      expect(validateBusinessForm(form({ [field]: make(max + 1) }))[field as 'address'], `${field} at ${max + 1}`).toBe('too_long')
    }
  })

  it('counts the length after trimming, as the text is stored trimmed', () => {
    expect(validateBusinessForm(form({ address: `  ${text(BUSINESS_ADDRESS_MAX)}\n` })).address).toBeUndefined()
  })

  it('wants a web address for the map link', () => {
    for (const ok of ['https://maps.app.goo.gl/abc', 'http://maps.example.com/?q=Kad%C4%B1k%C3%B6y', 'HTTPS://EXAMPLE.COM']) {
      expect(validateBusinessForm(form({ maps_url: ok })).maps_url, ok).toBeUndefined()
    }
    for (const wrong of ['maps.google.com/x', 'ftp://example.com', 'https://', 'javascript:alert(1)', 'https:// example.com']) {
      expect(validateBusinessForm(form({ maps_url: wrong })).maps_url, wrong).toBe('invalid_url')
    }
    // Too long wins over the shape.
    expect(validateBusinessForm(form({ maps_url: 'x'.repeat(BUSINESS_MAPS_URL_MAX + 1) })).maps_url).toBe('too_long')
  })

  it('wants a phone number of at least 7 digits as people write them', () => {
    for (const ok of ['+90 212 555 12 34', '(0212) 555-1234', '555.12.34.5', '1234567']) expect(isContactPhone(ok), ok).toBe(true)
    for (const wrong of ['123456', '+90 abc 555', 'call us', '+90/212/5551234']) expect(isContactPhone(wrong), wrong).toBe(false)
    expect(validateBusinessForm(form({ contact_phone: 'call us' })).contact_phone).toBe('invalid_phone')
    expect(validateBusinessForm(form({ contact_phone: '  +90 212 555 12 34 ' })).contact_phone).toBeUndefined()
  })

  it('wants an e-mail address of a mail client’s shape', () => {
    for (const ok of ['info@example.com', 'satış@dükkân.com.tr']) expect(isContactEmail(ok), ok).toBe(true)
    for (const wrong of ['info', 'info@example', 'a b@example.com', '@example.com']) expect(isContactEmail(wrong), wrong).toBe(false)
    expect(validateBusinessForm(form({ contact_email: 'info@example' })).contact_email).toBe('invalid_email')
  })

  it('wants a time zone', () => {
    expect(validateBusinessForm(form({ time_zone: '' })).time_zone).toBe('required')
    expect(validateBusinessForm(form({ time_zone: '   ' })).time_zone).toBe('required')
    expect(validateBusinessForm(form({ time_zone: 'Mars/Olympus' })).time_zone).toBe('invalid_time_zone')
    expect(validateBusinessForm(form({ time_zone: 'America/Argentina/Buenos_Aires' })).time_zone).toBeUndefined()
    expect(BUSINESS_TIME_ZONE_MAX).toBe(64)
    expect(validateBusinessForm(form({ time_zone: `A/${'b'.repeat(BUSINESS_TIME_ZONE_MAX - 1)}` })).time_zone).toBe('too_long')
  })

  it('gives each wrong day its own error', () => {
    const errors = validateBusinessForm(
      form({ opening_hours: hours({ mon: [['09:00', '18:00']], tue: [['18:00', '09:00']], sat: [['09:00', '13:00'], ['12:00', '18:00']], sun: [['09:00', '']] }) }),
    )
    expect(errors).toEqual({ opening_hours: { tue: 'empty_range', sat: 'overlap', sun: 'invalid_time' } })
    expect(hasBusinessFormErrors(errors)).toBe(true)
  })
})

describe('form and row', () => {
  const row: BusinessProfileRow = {
    address: 'Moda Cad. 1, Kadıköy',
    maps_url: null,
    contact_phone: '+90 216 555 12 34',
    contact_email: null,
    opening_hours: { mon: [['09:00', '18:00']], sat: [['10:00', '13:00'], ['14:00', '24:00']], tue: [['18:00', '09:00']] },
    time_zone: 'Europe/Istanbul',
    shipping_info: 'Kargo 2 iş günü.',
    returns_info: null,
    payment_info: null,
    ordering_info: null,
    updated_at: '2026-03-16T10:00:00Z',
  }

  it('reads a row into the form: nulls as empty text, every weekday present, an unreadable day closed', () => {
    const values = businessProfileToForm(row)
    expect(values).toEqual({
      ...emptyBusinessForm(),
      address: 'Moda Cad. 1, Kadıköy',
      contact_phone: '+90 216 555 12 34',
      shipping_info: 'Kargo 2 iş günü.',
      opening_hours: hours({ mon: [['09:00', '18:00']], sat: [['10:00', '13:00'], ['14:00', '24:00']] }),
    })
    expect(businessProfileToForm(null)).toEqual(emptyBusinessForm())
    expect(businessProfileToForm({ ...row, time_zone: '' }).time_zone).toBe(DEFAULT_TIME_ZONE)
  })

  it('does not share range arrays with the row, so editing the form leaves the cached row as it was', () => {
    const values = businessProfileToForm(row)
    values.opening_hours.mon[0]![0] = '08:00'
    expect(row.opening_hours.mon![0]![0]).toBe('09:00')
  })

  it('writes the form back: trimmed, blanks as null, closed days left out', () => {
    const payload = businessPayloadFromForm(
      form({
        address: '  Moda Cad. 1  ',
        contact_email: '   ',
        time_zone: ' Europe/Berlin ',
        returns_info: '14 gün içinde iade.\n',
        opening_hours: hours({ mon: [['09:00', '18:00']], fri: [['09:00', '12:00'], ['13:00', '24:00']] }),
      }),
    )
    expect(payload).toEqual({
      address: 'Moda Cad. 1',
      maps_url: null,
      contact_phone: null,
      contact_email: null,
      opening_hours: { mon: [['09:00', '18:00']], fri: [['09:00', '12:00'], ['13:00', '24:00']] },
      time_zone: 'Europe/Berlin',
      shipping_info: null,
      returns_info: '14 gün içinde iade.',
      payment_info: null,
      ordering_info: null,
    })
    expect(openingHoursError(payload.opening_hours)).toBeNull()
  })

  it('round-trips a valid row', () => {
    const valid = { ...row, opening_hours: { mon: [['09:00', '18:00']], sat: [['10:00', '13:00'], ['14:00', '24:00']] } } as BusinessProfileRow
    const { updated_at: _, ...payload } = valid
    expect(businessPayloadFromForm(businessProfileToForm(valid))).toEqual(payload)
  })
})

describe('the FAQ form', () => {
  it('wants a question and an answer, each up to its limit after trimming', () => {
    expect([FAQ_QUESTION_MAX, FAQ_ANSWER_MAX]).toEqual([300, 2000])
    expect(validateFaqForm({ question: '', answer: '' })).toEqual({ question: 'required', answer: 'required' })
    expect(validateFaqForm({ question: '  \n', answer: ' ' })).toEqual({ question: 'required', answer: 'required' })
    expect(validateFaqForm({ question: text(FAQ_QUESTION_MAX), answer: wide(FAQ_ANSWER_MAX) })).toEqual({})
    expect(validateFaqForm({ question: ` ${text(FAQ_QUESTION_MAX)} `, answer: `${wide(FAQ_ANSWER_MAX)}\n` })).toEqual({})
    expect(validateFaqForm({ question: text(FAQ_QUESTION_MAX + 1), answer: wide(FAQ_ANSWER_MAX + 1) })).toEqual({ question: 'too_long', answer: 'too_long' })
    expect(validateFaqForm({ question: 'x', answer: 'y' })).toEqual({})
  })

  it('saves both trimmed', () => {
    expect(faqPayloadFromForm({ question: '  Kargo ne kadar sürer? ', answer: '\n2 iş günü.\n' })).toEqual({ question: 'Kargo ne kadar sürer?', answer: '2 iş günü.' })
  })
})
