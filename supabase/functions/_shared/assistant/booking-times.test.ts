// Which times are offered for what was asked, over a desk whose free times are
// a fixed list (the booking evaluation runs the same against free_slots).
import { describe, expect, it } from 'vitest'
import type { OpeningHours } from '../../../../domain/business.ts'
import { findTimes, inPart, MAX_OFFERS } from './booking-times.ts'
import type { BookingDesk, BookingRules } from './types.ts'
import { readWhen } from './when.ts'

/** Tuesday 1 December 2026, 10:00. */
const TODAY = '2026-12-01'
const RULES: BookingRules = { enabled: true, slot_minutes: 30, default_duration_minutes: 30, max_days_ahead: 60, min_notice_minutes: 120, reminder_hours_before: 24 }
const HOURS: OpeningHours = { mon: [['09:00', '18:00']], tue: [['09:00', '18:00']], wed: [['09:00', '18:00']], thu: [['09:00', '18:00']], fri: [['09:00', '18:00']] }

const halfHours = (from: number, to: number) => Array.from({ length: (to - from) * 2 }, (_, i) => `${String(from + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`)
/** Free: Wednesday all day but 14:00, Thursday afternoon. */
const FREE: Record<string, string[]> = {
  '2026-12-02': halfHours(9, 18).filter((time) => time !== '14:00'),
  '2026-12-03': halfHours(13, 18),
}

const desk = { today: TODAY, nowMinutes: 600, freeSlots: async (from: string, to: string) =>
  Object.entries(FREE).filter(([date]) => date >= from && date <= to).flatMap(([date, times]) => times.map((time) => ({ slot_date: date, slot_time: time, starts_at: '' }))),
} as unknown as BookingDesk
const find = (text: string, dayOfOffers?: string) => findTimes(readWhen(text, TODAY), 30, desk, RULES, HOURS, dayOfOffers)
const shown = (offers: { date: string; time: string }[]) => offers.map((offer) => `${offer.date} ${offer.time}`)

describe('findTimes', () => {
  it('gives the time asked for when it is free, else the nearest of that day and why', async () => {
    expect((await find('yarın 15:00')).exact).toEqual({ date: '2026-12-02', time: '15:00' })
    const taken = await find('yarın 14:00')
    expect(taken.reason).toBe('slot_taken')
    expect(shown(taken.offers)).toEqual(['2026-12-02 12:30', '2026-12-02 13:00', '2026-12-02 13:30', '2026-12-02 14:30', '2026-12-02 15:00'])
    expect((await find('yarın 20:00')).reason).toBe('outside_hours')
    // Open at the start, but two hours from 17:00 would run past closing (so free_slots has no 17:00): said so, not
    // "outside our hours".
    const twoHours = { ...desk, freeSlots: async (from: string, to: string) => (await desk.freeSlots(from, to, 120)).filter((slot) => slot.slot_time <= '16:00') }
    expect((await findTimes(readWhen('yarın 17:00', TODAY), 120, twoHours, RULES, HOURS)).reason).toBe('runs_past')
    // Between the day's two opening ranges: the break, not "outside our hours"; before it opens is outside them still.
    const withLunch: OpeningHours = { ...HOURS, thu: [['09:00', '12:00'], ['13:00', '18:00']] }
    expect((await findTimes(readWhen('perşembe 12:30', TODAY), 30, desk, RULES, withLunch)).reason).toBe('on_break')
    expect((await findTimes(readWhen('perşembe 08:00', TODAY), 30, desk, RULES, withLunch)).reason).toBe('outside_hours')
    expect((await findTimes(readWhen('perşembe 19:00', TODAY), 30, desk, RULES, withLunch)).reason).toBe('outside_hours')
  })

  it('reads a part of the day, and a time alone, on the day just offered', async () => {
    expect(shown((await find('çarşamba sabah')).offers)).toEqual(['2026-12-02 09:00', '2026-12-02 09:30', '2026-12-02 10:00', '2026-12-02 10:30', '2026-12-02 11:00'])
    // Thursday is free only in the afternoon: full in the morning, said so.
    const morning = await find('perşembe sabah')
    expect(morning).toMatchObject({ reason: 'full_day', asked: { date: '2026-12-03', part: 'morning' } })
    // …and no later day is free in the morning either: that day's first times, never "nothing free in the coming days".
    expect(shown(morning.offers)).toEqual(['2026-12-03 13:00', '2026-12-03 13:30', '2026-12-03 14:00', '2026-12-03 14:30', '2026-12-03 15:00'])
    expect((await find('saat 16 olur mu', '2026-12-03')).exact).toEqual({ date: '2026-12-03', time: '16:00' })
    const afternoon = await find('öğleden sonra', '2026-12-02')
    expect(afternoon.offers.every((offer) => offer.date === '2026-12-02' && inPart(offer.time, 'afternoon'))).toBe(true)
  })

  it('gives the times from one asked as the earliest on, and the day\'s latest when none is so late', async () => {
    expect(shown((await find('yarın 4ten sonra')).offers)).toEqual(['2026-12-02 16:00', '2026-12-02 16:30', '2026-12-02 17:00', '2026-12-02 17:30'])
    expect(shown((await find('anything after 5?', '2026-12-03')).offers)).toEqual(['2026-12-03 17:00', '2026-12-03 17:30'])
    const late = await find('yarın akşam 8den sonra')
    expect(late).toMatchObject({ reason: 'full_day', asked: { date: '2026-12-02', after: '20:00' } })
    expect(shown(late.offers).at(-1)).toBe('2026-12-02 17:30')
    expect(await find('after 8pm')).toMatchObject({ reason: 'full_day', asked: { date: '2026-12-02', after: '20:00' } })
  })

  it('spreads the next free times over days when no day is named', async () => {
    expect(shown((await find('randevu')).offers)).toEqual(['2026-12-02 09:00', '2026-12-02 09:30', '2026-12-03 13:00', '2026-12-03 13:30'])
  })

  it('gives the earliest alone and the latest of the day', async () => {
    expect(shown((await find('en erken kaç')).offers)).toEqual(['2026-12-02 09:00'])
    expect(shown((await find('en erken kaç', '2026-12-03')).offers)).toEqual(['2026-12-03 13:00'])
    const latest = await find('en geç kaça kadar', '2026-12-03')
    expect(latest.offers).toHaveLength(MAX_OFFERS)
    expect(shown(latest.offers).at(-1)).toBe('2026-12-03 17:30')
  })
})
