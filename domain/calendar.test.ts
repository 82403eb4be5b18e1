import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  APPOINTMENT_STATUS_OPTIONS, STATUS_COLORS, addDays, addMonths, appointmentStats, canSendReminder, compareAppointments,
  daysInMonth, formatLongDate, formatMonth, formatTime, gridWeeks, groupByDay, inMonth, isDayKey, isTimeOfDay,
  monthGrid, msUntilNextDay, monthOf, monthRange, nextMonth, otherStatuses, parseDayKey, previousMonth, statusColor, toDayKey,
  todayKey, weekdayNames, withCustomers, type MonthRef,
} from './calendar.ts'
import { APPOINTMENT_STATUSES } from './records.ts'

describe('day keys', () => {
  it('uses the local calendar day, not the UTC one', () => {
    // Late evening and just after midnight local time: toISOString() would give another day in many zones.
    expect(toDayKey(new Date(2026, 10, 25, 23, 59, 59))).toBe('2026-11-25')
    expect(toDayKey(new Date(2026, 10, 1, 0, 0, 1))).toBe('2026-11-01')
    expect(todayKey(new Date(2026, 0, 5, 12))).toBe('2026-01-05')
  })

  it('parses a key into local midnight and refuses days that do not exist', () => {
    const d = parseDayKey('2026-11-25')!
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()]).toEqual([2026, 10, 25, 0])
    expect(parseDayKey('2026-02-29')).toBeNull()
    expect(parseDayKey('2028-02-29')).not.toBeNull()
    expect(parseDayKey('2026-13-01')).toBeNull()
    expect(parseDayKey('2026-11-31')).toBeNull()
    expect(parseDayKey('2026-1-5')).toBeNull()
    expect(parseDayKey('')).toBeNull()
    expect(isDayKey('0050-03-01')).toBe(true)
    expect(toDayKey(parseDayKey('0050-03-01')!)).toBe('0050-03-01')
  })

  it('round-trips every day', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(1900, 0, 1), max: new Date(2200, 0, 1), noInvalidDate: true }), (date) => {
        const key = toDayKey(date)
        expect(toDayKey(parseDayKey(key)!)).toBe(key)
        expect(addDays(addDays(key, 1), -1)).toBe(key)
      }),
    )
  })

  it('moves by calendar days across months and years', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29')
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30')
    expect(() => addDays('nope', 1)).toThrow(RangeError)
  })
})

describe('msUntilNextDay', () => {
  it('reaches just past the next local midnight', () => {
    const now = new Date(2026, 10, 25, 23, 59, 30)
    const wake = new Date(now.getTime() + msUntilNextDay(now))
    expect(todayKey(wake)).toBe('2026-11-26')
    expect(msUntilNextDay(now)).toBeGreaterThan(30_000)
    expect(msUntilNextDay(now)).toBeLessThan(31_000)
    // The last day of a year rolls into the next one.
    const eve = new Date(2026, 11, 31, 12, 0, 0)
    expect(todayKey(new Date(eve.getTime() + msUntilNextDay(eve)))).toBe('2027-01-01')
  })

  it('wakes on the next day from any moment of a day', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const now = new Date(ms)
        const wake = new Date(ms + msUntilNextDay(now))
        expect(wake.getTime() > ms).toBe(true)
        expect(todayKey(wake)).toBe(addDays(todayKey(now), 1))
      }),
    )
  })
})

describe('months', () => {
  it('goes back and forward across year ends', () => {
    expect(previousMonth({ year: 2026, month: 1 })).toEqual({ year: 2025, month: 12 })
    expect(nextMonth({ year: 2026, month: 12 })).toEqual({ year: 2027, month: 1 })
    expect(nextMonth({ year: 2026, month: 11 })).toEqual({ year: 2026, month: 12 })
    expect(addMonths({ year: 2026, month: 3 }, -15)).toEqual({ year: 2024, month: 12 })
    expect(addMonths({ year: 2026, month: 3 }, 22)).toEqual({ year: 2028, month: 1 })
  })

  it('knows the month of a day', () => {
    expect(monthOf('2026-11-25')).toEqual({ year: 2026, month: 11 })
    expect(monthOf(new Date(2026, 0, 31, 23, 30))).toEqual({ year: 2026, month: 1 })
  })

  it('gives the first and last day for the month query', () => {
    expect(monthRange({ year: 2026, month: 11 })).toEqual({ first: '2026-11-01', last: '2026-11-30' })
    expect(monthRange({ year: 2026, month: 12 })).toEqual({ first: '2026-12-01', last: '2026-12-31' })
    expect(monthRange({ year: 2026, month: 2 })).toEqual({ first: '2026-02-01', last: '2026-02-28' })
    expect(monthRange({ year: 2028, month: 2 })).toEqual({ first: '2028-02-01', last: '2028-02-29' })
    expect(monthRange({ year: 2100, month: 2 }).last).toBe('2100-02-28')
    expect(monthRange({ year: 2000, month: 2 }).last).toBe('2000-02-29')
    expect(daysInMonth({ year: 2026, month: 4 })).toBe(30)
    expect(inMonth('2026-11-30', { year: 2026, month: 11 })).toBe(true)
    expect(inMonth('2026-12-01', { year: 2026, month: 11 })).toBe(false)
  })

  it('names months and weekdays, Monday first', () => {
    expect(formatMonth({ year: 2026, month: 11 }, 'tr')).toBe('Kasım 2026')
    expect(formatMonth({ year: 2026, month: 11 }, 'en')).toBe('November 2026')
    expect(weekdayNames('tr', 'long')).toEqual(['Pazartesi', 'Salı', 'Çarşamba', 'Perşembe', 'Cuma', 'Cumartesi', 'Pazar'])
    expect(weekdayNames('en')).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'])
  })

  it('writes the long date of the day list', () => {
    expect(formatLongDate('2026-11-25', 'tr')).toBe('25 Kasım 2026 Çarşamba')
    expect(formatLongDate('2026-11-25', 'en')).toBe('Wednesday, November 25, 2026')
    expect(formatLongDate('bad', 'tr')).toBe('bad')
  })
})

describe('monthGrid', () => {
  const ref: MonthRef = { year: 2026, month: 11 }

  it('has 42 cells in 6 weeks starting on Monday', () => {
    const cells = monthGrid(ref, '2026-11-25')
    expect(cells).toHaveLength(42)
    const weeks = gridWeeks(cells)
    expect(weeks).toHaveLength(6)
    for (const week of weeks) {
      expect(week.map((c) => c.weekday)).toEqual([0, 1, 2, 3, 4, 5, 6])
      expect(parseDayKey(week[0]!.key)!.getDay()).toBe(1)
    }
  })

  it('flags the leading and trailing days of the neighbouring months and today', () => {
    // November 2026 starts on a Sunday: six days of October lead.
    const cells = monthGrid(ref, '2026-11-25')
    expect(cells.slice(0, 7).map((c) => [c.key, c.inMonth])).toEqual([
      ['2026-10-26', false], ['2026-10-27', false], ['2026-10-28', false], ['2026-10-29', false],
      ['2026-10-30', false], ['2026-10-31', false], ['2026-11-01', true],
    ])
    expect(cells.filter((c) => c.inMonth)).toHaveLength(30)
    expect(cells.at(-1)).toMatchObject({ key: '2026-12-06', day: 6, inMonth: false })
    expect(cells.filter((c) => c.isToday).map((c) => c.key)).toEqual(['2026-11-25'])
    expect(monthGrid(ref, '2026-12-25').some((c) => c.isToday)).toBe(false)
  })

  it('starts in the first cell for a month beginning on Monday', () => {
    // June 2026 starts on a Monday.
    const cells = monthGrid({ year: 2026, month: 6 }, '2000-01-01')
    expect(cells[0]).toMatchObject({ key: '2026-06-01', inMonth: true, day: 1 })
    expect(cells[30]).toMatchObject({ key: '2026-07-01', inMonth: false })
  })

  it('is right for months starting on every weekday, leap Februaries included', () => {
    const seen = new Set<number>()
    for (let i = 0; i < 12 * 30; i++) {
      const month = addMonths({ year: 2020, month: 1 }, i)
      const cells = monthGrid(month, '2000-01-01')
      const { first, last } = monthRange(month)
      const lead = cells.findIndex((c) => c.key === first)
      seen.add(lead)
      expect(lead).toBe((parseDayKey(first)!.getDay() + 6) % 7)
      expect(cells.slice(0, lead).every((c) => !c.inMonth)).toBe(true)
      const inside = cells.filter((c) => c.inMonth)
      expect(inside.map((c) => c.key)[0]).toBe(first)
      expect(inside.at(-1)!.key).toBe(last)
      expect(inside).toHaveLength(daysInMonth(month))
      // Consecutive days, none skipped or repeated (daylight saving included).
      for (let j = 1; j < cells.length; j++) expect(cells[j]!.key).toBe(addDays(cells[j - 1]!.key, 1))
    }
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5, 6])
  })
})

describe('times', () => {
  it('trims seconds for display', () => {
    expect(['14:30:00', '09:05', '9:05', '14:30:00.123', 'nope'].map(formatTime)).toEqual(['14:30', '09:05', '09:05', '14:30', 'nope'])
  })

  it('checks a time of day', () => {
    const times = ['00:00', '23:59:59']
    expect([...times, '24:00', '9:00', '12:60'].filter(isTimeOfDay)).toEqual(times)
  })
})

describe('grouping and counting', () => {
  const appts = [
    { id: 'a', appointment_date: '2026-11-25', appointment_time: '14:30:00', status: 'scheduled' as const },
    { id: 'b', appointment_date: '2026-11-25', appointment_time: '09:00', status: 'completed' as const },
    { id: 'c', appointment_date: '2026-11-03', appointment_time: '10:00:00', status: 'cancelled' as const },
    { id: 'd', appointment_date: '2026-12-01', appointment_time: '10:00:00', status: 'scheduled' as const },
    { id: 'e', appointment_date: '2026-11-25', appointment_time: '09:00:00', status: 'scheduled' as const },
    { id: 'f', appointment_date: '2026-10-31', appointment_time: '08:00:00', status: 'completed' as const },
  ]

  it('groups per day, each day sorted by time whether or not seconds are written', () => {
    const days = groupByDay(appts)
    expect([...days.keys()]).toEqual(['2026-10-31', '2026-11-03', '2026-11-25', '2026-12-01'])
    expect(days.get('2026-11-25')!.map((a) => a.id)).toEqual(['b', 'e', 'a'])
    expect(days.get('2026-11-26')).toBeUndefined()
    expect(compareAppointments(appts[1]!, appts[4]!)).toBe(0)
  })

  it('counts the month total, completed and scheduled', () => {
    expect(appointmentStats(appts, { year: 2026, month: 11 })).toEqual({ total: 4, completed: 1, scheduled: 2 })
    expect(appointmentStats(appts, { year: 2026, month: 12 })).toEqual({ total: 1, completed: 0, scheduled: 1 })
    expect(appointmentStats([], { year: 2026, month: 12 })).toEqual({ total: 0, completed: 0, scheduled: 0 })
  })

  it('joins each appointment to its customer', () => {
    const joined = withCustomers(
      [{ id: 'x', customer_id: 'c1' }, { id: 'y', customer_id: 'gone' }, { id: 'z' }],
      [{ id: 'c1', name: 'Ayşe' }],
    )
    expect(joined.map((a) => a.customer?.name ?? null)).toEqual(['Ayşe', null, null])
  })
})

describe('statuses', () => {
  it('colours each status as the spec says', () => {
    expect(STATUS_COLORS).toEqual({ scheduled: 'blue', confirmed: 'yellow', completed: 'green', cancelled: 'red', no_show: 'gray' })
    expect(APPOINTMENT_STATUS_OPTIONS.map((o) => o.status)).toEqual([...APPOINTMENT_STATUSES])
    expect(statusColor('completed')).toBe('green')
    expect(statusColor('mystery')).toBe('gray')
  })

  it('offers every other status as a quick action', () => {
    expect(otherStatuses('scheduled')).toEqual(['confirmed', 'completed', 'cancelled', 'no_show'])
    expect(otherStatuses('no_show')).toEqual(['scheduled', 'confirmed', 'completed', 'cancelled'])
    for (const s of APPOINTMENT_STATUSES) expect(otherStatuses(s)).toHaveLength(4)
  })

  it('offers the reminder only for a scheduled appointment whose customer has a phone', () => {
    const customer = { phone_number: '+905321234567' }
    expect(canSendReminder({ status: 'scheduled', customer })).toBe(true)
    expect(canSendReminder({ status: 'confirmed', customer })).toBe(false)
    expect(canSendReminder({ status: 'scheduled', customer: { phone_number: ' ' } })).toBe(false)
    expect(canSendReminder({ status: 'scheduled', customer: null })).toBe(false)
    expect(canSendReminder({ status: 'scheduled' })).toBe(false)
  })
})
