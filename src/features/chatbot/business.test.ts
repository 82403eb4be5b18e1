import { describe, expect, it } from 'vitest'
import { dayRangesError, OPENING_RANGES_PER_DAY_MAX, type TimeRange } from '../../../domain/business.ts'
import { RequestFailed } from '../../lib/data-api.ts'
import { refusalOf } from './business-api.ts'
import { endForField, endFromField, nextRange } from './hours.ts'
import { filterTimeZones, foldForSearch, timeZoneOptions, zoneClock } from './time-zones.ts'

/** A refusal as supabase-js hands it over, wrapped as business-api.ts throws it. */
const refused = (message: string, code = '23514') => new RequestFailed('saving', { code, message, details: null, hint: null })

describe('refusals of the database', () => {
  it('reads a column check by the constraint its message names', () => {
    const check = (name: string) => refused(`new row for relation "business_profiles" violates check constraint "${name}"`)
    expect(refusalOf(check('business_profiles_address_check'))).toEqual({ kind: 'profile_field', field: 'address' })
    expect(refusalOf(check('business_profiles_maps_url_check'))).toEqual({ kind: 'profile_field', field: 'maps_url' })
    expect(refusalOf(check('business_profiles_shipping_info_check'))).toEqual({ kind: 'profile_field', field: 'shipping_info' })
    expect(refusalOf(check('business_profiles_time_zone_check'))).toEqual({ kind: 'profile_field', field: 'time_zone' })
    expect(refusalOf(check('business_profiles_opening_hours_check'))).toEqual({ kind: 'opening_hours', day: null })
    expect(refusalOf(refused('new row for relation "faq_entries" violates check constraint "faq_entries_question_check"'))).toEqual({ kind: 'faq_field', field: 'question' })
    expect(refusalOf(refused('new row for relation "faq_entries" violates check constraint "faq_entries_answer_check"'))).toEqual({ kind: 'faq_field', field: 'answer' })
    expect(refusalOf(check('faq_entries_count_check'))).toEqual({ kind: 'faq_count' })
    expect(refusalOf(check('business_profiles_something_else'))).toBeNull()
  })

  it("reads the triggers' own messages, which the data API passes on without the constraint name", () => {
    expect(refusalOf(refused('time_zone Mars/Olympus is not a known time zone'))).toEqual({ kind: 'profile_field', field: 'time_zone' })
    expect(refusalOf(refused('opening_hours: tue has an empty, unordered or overlapping range'))).toEqual({ kind: 'opening_hours', day: 'tue' })
    expect(refusalOf(refused('opening_hours: monday is not a weekday with at most 3 ranges'))).toEqual({ kind: 'opening_hours', day: null })
    expect(refusalOf(refused('opening_hours must be an object of weekdays'))).toEqual({ kind: 'opening_hours', day: null })
    expect(refusalOf(refused('an owner keeps at most 200 FAQ entries'))).toEqual({ kind: 'faq_count' })
  })

  it('is null for anything but a check violation', () => {
    expect(refusalOf(refused('time_zone too long', '22001'))).toBeNull()
    expect(refusalOf(refused('permission denied for table business_profiles', '42501'))).toBeNull()
    expect(refusalOf(new TypeError('Failed to fetch'))).toBeNull()
    expect(refusalOf(null)).toBeNull()
    expect(refusalOf(refused('something else entirely'))).toBeNull()
  })
})

describe('the hours editor', () => {
  it('adds a range an hour after the last, within the day, and none after one ending at midnight', () => {
    expect(nextRange([])).toEqual(['09:00', '18:00'])
    expect(nextRange([['09:00', '12:00']])).toEqual(['13:00', '17:00'])
    expect(nextRange([['09:00', '18:00']])).toEqual(['19:00', '23:00'])
    expect(nextRange([['09:00', '21:00']])).toEqual(['22:00', '24:00'])
    expect(nextRange([['09:00', '23:30']])).toEqual(['23:30', '24:00'])
    expect(nextRange([['18:00', '24:00']])).toBeNull()
  })

  it('never proposes a range the domain refuses', () => {
    const days: TimeRange[][] = [[['09:00', '12:00']], [['00:00', '23:59']], [['08:00', '10:00'], ['11:00', '22:59']], [['05:00', '06:00']]]
    for (const day of days) {
      const next = nextRange(day)
      if (next && day.length < OPENING_RANGES_PER_DAY_MAX) expect(dayRangesError([...day, next]), JSON.stringify(day)).toBeNull()
    }
  })

  it('shows an end at midnight as 00:00 and reads 00:00 typed as an end as midnight', () => {
    expect(endForField('24:00')).toBe('00:00')
    expect(endForField('18:00')).toBe('18:00')
    expect(endFromField('00:00')).toBe('24:00')
    expect(endFromField('18:00')).toBe('18:00')
    expect(endFromField('')).toBe('')
    expect(dayRangesError([['00:00', endFromField('00:00')]])).toBeNull()
  })
})

describe('time zones', () => {
  it('lists the browser’s zones with UTC and the default, and a stored zone it does not list first', () => {
    const zones = timeZoneOptions('Europe/Istanbul')
    expect(zones.some((z) => z.value === 'UTC')).toBe(true)
    expect(zones.find((z) => z.value === 'America/New_York')?.label).toBe('America/New York')
    expect(new Set(zones.map((z) => z.value)).size).toBe(zones.length)
    expect(timeZoneOptions('Etc/Unlisted')[0]).toEqual({ value: 'Etc/Unlisted', label: 'Etc/Unlisted' })
    expect(timeZoneOptions('')).toBe(zones)
  })

  it('finds a zone however its city is written, Turkish capitals and accents included', () => {
    expect(foldForSearch('İSTANBUL')).toBe('istanbul')
    expect(foldForSearch('Europe/Istanbul')).toBe('europe istanbul')
    expect(foldForSearch('Bogotá')).toBe('bogota')
    const options = timeZoneOptions('Europe/Istanbul')
    const search = (text: string) =>
      filterTimeZones({ options, search: text, limit: Infinity }).map((o) => ('value' in o ? o.value : ''))
    for (const typed of ['istanbul', 'İstanbul', 'ISTANBUL', 'ıstanbul', 'europe ist']) expect(search(typed), typed).toContain('Europe/Istanbul')
    expect(search('new york')).toContain('America/New_York')
    expect(search('  ')).toHaveLength(options.length)
    expect(search('mars olympus')).toEqual([])
  })

  it('says the time and offset there', () => {
    const now = new Date('2026-03-16T23:30:00Z')
    expect(zoneClock('Europe/Istanbul', 'en-GB', now)).toEqual({ time: 'Tue 02:30', offset: 'GMT+3' })
    expect(zoneClock('UTC', 'en-GB', now)?.offset).toBe('GMT+0')
    expect(zoneClock('Mars/Olympus', 'en-GB', now)).toBeNull()
  })
})
