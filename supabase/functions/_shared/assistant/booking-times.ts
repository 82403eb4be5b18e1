// Which free times to offer for what the customer asked (booking.ts): the
// time itself when it is free, else the nearest on that day or the next days
// that have one, a spread of days when no day was named, and why the asked
// time is not free (closed, too soon, between two start times). Every time
// comes from free_slots through the desk.
import { rangesOf, timeToMinutes, weekdayOfDay, type OpeningHours } from '../../../../domain/business.ts'
import { addDays } from '../../../../domain/calendar.ts'
import type * as say from './booking-replies.ts'
import type { Offer } from './booking-replies.ts'
import type { BookingDesk, BookingRules } from './types.ts'
import { PART_RANGES, type When } from './when.ts'

/** At most this many times in one offer. */
export const MAX_OFFERS = 5
/** How far ahead offers look when the customer names no day. */
const LOOKAHEAD_DAYS = 14
/** At most this many offers of one day when the customer names none: a spread of days to choose from. */
const PER_DAY_WHEN_OPEN = 2

export type Found = { exact?: Offer; offers: Offer[]; reason?: Parameters<typeof say.refusal>[0]; asked?: Parameters<typeof say.refusal>[1] }

export const minutes = (time: string) => timeToMinutes(time) ?? 0
export const inPart = (time: string, part: When['part']) => {
  if (!part) return true
  const [from, to] = PART_RANGES[part]
  const m = minutes(time)
  return m >= from && m < to
}

function spread(slots: readonly Offer[], perDay: number): Offer[] {
  const count = new Map<string, number>()
  const picked: Offer[] = []
  for (const slot of slots) {
    const n = count.get(slot.date) ?? 0
    if (n >= perDay) continue
    count.set(slot.date, n + 1)
    picked.push(slot)
    if (picked.length >= MAX_OFFERS) break
  }
  return picked
}

/** Up to MAX_OFFERS of `slots` nearest to `time`, in time order. */
function nearest(slots: readonly Offer[], time: string): Offer[] {
  const target = minutes(time)
  return [...slots]
    .sort((a, b) => Math.abs(minutes(a.time) - target) - Math.abs(minutes(b.time) - target) || a.time.localeCompare(b.time))
    .slice(0, MAX_OFFERS)
    .sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time))
}

/** Why the asked time itself is not free, from the hours and the rules (the booking path says the same when it is tried). */
function whyNot(offer: Offer, duration: number, desk: BookingDesk, rules: BookingRules, hours: OpeningHours | null): Found['reason'] {
  if (offer.date < desk.today) return 'past'
  if (offer.date > addDays(desk.today, rules.max_days_ahead)) return 'too_far'
  const ranges = rangesOf(hours, weekdayOfDay(offer.date)!)
  if (ranges.length === 0) return 'closed_day'
  const start = minutes(offer.time)
  const end = (to: string) => (to === '24:00' ? 1440 : minutes(to))
  const range = ranges.find(([from, to]) => start >= minutes(from) && start + duration <= end(to))
  // "Yarın 11'de boya" with a break at 12: open at the start, but the appointment would run past it.
  if (!range) {
    if (ranges.some(([from, to]) => start >= minutes(from) && start < end(to))) return 'runs_past'
    // "Öğlen olur mu?" with a lunch break from 12 to 13: after the day opens and before it closes, but in the gap.
    return ranges.some(([, to]) => start >= end(to)) && ranges.some(([from]) => start < minutes(from)) ? 'on_break' : 'outside_hours'
  }
  if (offer.date === desk.today && start < desk.nowMinutes + rules.min_notice_minutes) return 'too_soon'
  // "Quarter past 3" on a half-hour grid: not taken, just not a time appointments start at.
  if (rules.slot_minutes > 0 && (start - minutes(range[0])) % rules.slot_minutes !== 0) return 'off_grid'
  return 'slot_taken'
}

/** Whether a time is of the part of the day asked and not before the time asked as the earliest. */
export const fits = (time: string, when: When) => inPart(time, when.part) && (!when.after || minutes(time) >= minutes(when.after))

export async function findTimes(when: When, duration: number, desk: BookingDesk, rules: BookingRules, hours: OpeningHours | null, dayOfOffers?: string): Promise<Found> {
  const asOffers = (slots: Awaited<ReturnType<BookingDesk['freeSlots']>>) => slots.map((s) => ({ date: s.slot_date, time: s.slot_time }))
  // "Saat 3 olur mu", "öğleden sonra?" just after one day's offers: of that day.
  const date = when.date ?? ((when.times || when.part || when.after || when.latest || when.earliest) && dayOfOffers ? dayOfOffers : undefined)
  // "En geç kaça kadar?": the last times of the day, not the first; "en erken kaç?": the first alone.
  const firstOrLast = (slots: Offer[]) => (when.latest ? slots.slice(-MAX_OFFERS) : slots.slice(0, when.earliest ? 1 : MAX_OFFERS))

  if (date) {
    const day = date < desk.today ? null : asOffers(await desk.freeSlots(date, date, duration))
    if (when.times) {
      const exact = day && when.times.map((t) => day.find((slot) => slot.time === t)).find((slot) => slot !== undefined)
      if (exact) return { exact, offers: [] }
      const asked = { date, time: when.times[0]! }
      const reason = whyNot(asked, duration, desk, rules, hours)
      if (day && day.length > 0) return { offers: nearest(day, asked.time), reason, asked }
      const later = asOffers(await desk.freeSlots(addDays(date < desk.today ? desk.today : date, date < desk.today ? 0 : 1), addDays(date, LOOKAHEAD_DAYS), duration))
      const firstDays = [...new Set(later.map((s) => s.date))].slice(0, 2)
      return { offers: nearest(later.filter((s) => firstDays.includes(s.date)), asked.time), reason, asked }
    }
    if (day && day.length > 0) {
      const inWanted = day.filter((slot) => fits(slot.time, when))
      if (inWanted.length > 0) return { offers: firstOrLast(inWanted) }
      // "After 7pm" past the day's last free time: its latest times instead.
      if (when.after) return lastOfDay(day, date, when.after)
    }
    const reason = date < desk.today ? 'past' : date > addDays(desk.today, rules.max_days_ahead) ? 'too_far'
      : day && day.length > 0 ? 'full_day'
      : rangesOf(hours, weekdayOfDay(date)!).length === 0 ? 'closed_day' : 'full_day'
    const from = date < desk.today ? desk.today : addDays(date, 1)
    const later = asOffers(await desk.freeSlots(from, addDays(from, LOOKAHEAD_DAYS), duration)).filter((s) => fits(s.time, when))
    // Free at other times of that day: full only in the part asked.
    const partFull = day && day.length > 0 && when.part ? { part: when.part } : {}
    // A part of the day no day has free ("akşama doğru boya": two hours never end by closing): that day's nearest times.
    const nearestOfDay = day && day.length > 0 && when.part && later.length === 0 ? (when.part === 'morning' ? day.slice(0, MAX_OFFERS) : day.slice(-MAX_OFFERS)) : []
    return { offers: nearestOfDay.length > 0 ? nearestOfDay : spread(later, 3), reason, asked: { date, ...partFull } }
  }

  const from = when.from && when.from > desk.today ? when.from : desk.today
  // free_slots itself ends at the owner's max_days_ahead.
  const slots = asOffers(await desk.freeSlots(from, addDays(from, LOOKAHEAD_DAYS), duration))
  if (when.times) {
    const exact = slots.find((slot) => when.times!.includes(slot.time))
    if (exact) return { exact, offers: [] }
    return { offers: nearestAcrossDays(slots, when.times[0]!) }
  }
  const wanted = slots.filter((s) => fits(s.time, when))
  if (when.after && wanted.length === 0 && slots.length > 0) return lastOfDay(slots.filter((s) => s.date === slots[0]!.date), slots[0]!.date, when.after)
  if ((when.latest || when.earliest) && wanted.length > 0) return { offers: firstOrLast(wanted.filter((s) => s.date === wanted[0]!.date)) }
  return { offers: spread(wanted, PER_DAY_WHEN_OPEN) }
}

/** A day's latest free times, where none is as late as `after`. */
function lastOfDay(day: readonly Offer[], date: string, after: string): Found {
  return { offers: day.slice(-MAX_OFFERS), reason: 'full_day', asked: { date, after } }
}

/** The time nearest to `time` on each of the first days that have one. */
function nearestAcrossDays(slots: readonly Offer[], time: string): Offer[] {
  const days = [...new Set(slots.map((s) => s.date))]
  return days.slice(0, MAX_OFFERS).map((day) => nearest(slots.filter((s) => s.date === day), time)[0]!).filter(Boolean)
}
