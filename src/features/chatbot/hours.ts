// The hours editor's rules, macro-free so unit tests may import them.
//
// Midnight as an end: the browser's time field stops at 23:59, so an end of
// 00:00 is read as 24:00 (the end of the day) and a stored 24:00 shows as
// 00:00. An end of 00:00 could mean nothing else (a range must end after it
// starts), and it is how people write "until midnight"; a hint under the
// rows says so. 23:59 would lose the last minute and split a stretch that
// runs on past midnight.
import { minutesToTime, timeToMinutes, type TimeRange } from '../../../domain/business.ts'

export const DEFAULT_RANGE: TimeRange = ['09:00', '18:00']
const HOUR = 60
const END_OF_DAY = 24 * HOUR

/** A range after the last one: an hour after it ends, for four hours, within the day; null when the day is full. */
export function nextRange(ranges: readonly TimeRange[]): TimeRange | null {
  const last = ranges.at(-1)
  if (!last) return [...DEFAULT_RANGE]
  const lastEnd = timeToMinutes(last[1]) ?? 17 * HOUR
  if (lastEnd >= END_OF_DAY) return null
  const start = Math.min(lastEnd + HOUR, END_OF_DAY - HOUR)
  const from = Math.max(start, lastEnd)
  return [minutesToTime(from), minutesToTime(Math.min(from + 4 * HOUR, END_OF_DAY))]
}

/** The time field's value of an end: 24:00 as 00:00, which the field can hold. */
export const endForField = (end: string) => (end === '24:00' ? '00:00' : end)
/** An end typed as 00:00 is midnight at the end of the day. */
export const endFromField = (value: string) => (value === '00:00' ? '24:00' : value)
