// The appointment calendar's rules: day keys, the month grid, grouping and
// counting appointments, status colours and quick actions. The forms that
// write an appointment (the wizard, the edit form) are appointment-form.ts.
//
// Days are "YYYY-MM-DD" keys in the owner's local time, the form Postgres
// prints a date column. They are built from a Date's local fields and parsed
// into local midnight, never through toISOString() or Date.parse("YYYY-MM-DD"),
// which both work in UTC and move a day across midnight east or west of
// Greenwich (Türkiye is UTC+3: 00:30 on the 1st is still the 31st in UTC).
import { APPOINTMENT_STATUSES, normalizeTime, type AppointmentRecord, type AppointmentStatus } from './records.ts'

// ---------------------------------------------------------------------------
// Day keys

/** YYYY-MM-DD */
export type DayKey = string

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/

const pad2 = (n: number) => String(n).padStart(2, '0')

function keyOf(year: number, month: number, day: number): DayKey {
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`
}

/**
 * A local date at the given hour. setFullYear, because the constructor reads
 * years 0–99 as 1900–1999; out-of-range months and days roll over.
 */
function localDate(year: number, month: number, day: number, hour = 0): Date {
  const date = new Date(2000, 0, 1, hour)
  date.setFullYear(year, month - 1, day)
  return date
}

/** The local calendar day of a moment. */
export function toDayKey(date: Date): DayKey {
  return keyOf(date.getFullYear(), date.getMonth() + 1, date.getDate())
}

export function todayKey(now: Date = new Date()): DayKey {
  return toDayKey(now)
}

/**
 * Milliseconds from `now` to the next local midnight, plus a little so that a
 * timer set for it wakes on the new day (also across a daylight-saving change,
 * when a day is 23 or 25 hours long).
 */
export function msUntilNextDay(now: Date): number {
  return localDate(now.getFullYear(), now.getMonth() + 1, now.getDate() + 1).getTime() - now.getTime() + 50
}

/** Local midnight of a day key, or null for text that is no real day (2026-02-30). */
export function parseDayKey(key: string): Date | null {
  const m = DAY_KEY.exec(key)
  if (!m) return null
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = localDate(year, month, day)
  return date.getMonth() === month - 1 && date.getDate() === day ? date : null
}

export function isDayKey(value: string): boolean {
  return parseDayKey(value) !== null
}

/** A day key moved by whole days, through the calendar (never 24-hour steps, which daylight saving breaks). */
export function addDays(key: DayKey, days: number): DayKey {
  const m = DAY_KEY.exec(key)
  if (!m || !isDayKey(key)) throw new RangeError(`not a day: ${key}`)
  // Noon: a day whose midnight a daylight-saving switch skips still has one.
  return toDayKey(localDate(Number(m[1]), Number(m[2]), Number(m[3]) + days, 12))
}

// ---------------------------------------------------------------------------
// Months

/** A calendar month; `month` is 1–12. */
export type MonthRef = { year: number; month: number }

export function monthOf(day: DayKey | Date): MonthRef {
  const date = typeof day === 'string' ? parseDayKey(day) : day
  if (!date) throw new RangeError(`not a day: ${String(day)}`)
  return { year: date.getFullYear(), month: date.getMonth() + 1 }
}

export function addMonths(ref: MonthRef, delta: number): MonthRef {
  const index = ref.year * 12 + (ref.month - 1) + delta
  return { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1 }
}

export const previousMonth = (ref: MonthRef): MonthRef => addMonths(ref, -1)
export const nextMonth = (ref: MonthRef): MonthRef => addMonths(ref, 1)

export function sameMonth(a: MonthRef, b: MonthRef): boolean {
  return a.year === b.year && a.month === b.month
}

export function daysInMonth(ref: MonthRef): number {
  // Day 0 of the next month is the last day of this one.
  return localDate(ref.year, ref.month + 1, 0, 12).getDate()
}

/** First and last day of the month, for `appointment_date between first and last`. */
export function monthRange(ref: MonthRef): { first: DayKey; last: DayKey } {
  return { first: keyOf(ref.year, ref.month, 1), last: keyOf(ref.year, ref.month, daysInMonth(ref)) }
}

/** True when the day key lies in the month (keys compare as text). */
export function inMonth(key: DayKey, ref: MonthRef): boolean {
  const { first, last } = monthRange(ref)
  return key >= first && key <= last
}

// ---------------------------------------------------------------------------
// The month grid

export const DAYS_PER_WEEK = 7
export const GRID_WEEKS = 6
/** Always six weeks, so the grid (and its loading skeleton) never changes height between months. */
export const GRID_CELLS = DAYS_PER_WEEK * GRID_WEEKS

export type CalendarCell = {
  key: DayKey
  /** Day of the month, 1–31. */
  day: number
  /** 0 = Monday … 6 = Sunday: the column. */
  weekday: number
  /** False for the leading and trailing days of the neighbouring months. */
  inMonth: boolean
  isToday: boolean
}

/** Monday = 0 … Sunday = 6, from Date's Sunday = 0. */
const mondayIndex = (date: Date) => (date.getDay() + 6) % 7

/**
 * The 42 days shown for a month, weeks starting on Monday: the days of the
 * previous month that fill the first week, the month itself, and days of the
 * next month up to six full weeks. A month starting on a Monday begins in the
 * first cell (no leading days).
 */
export function monthGrid(ref: MonthRef, today: DayKey = todayKey()): CalendarCell[] {
  const lead = mondayIndex(localDate(ref.year, ref.month, 1, 12))
  const cells: CalendarCell[] = []
  for (let i = 0; i < GRID_CELLS; i++) {
    // Each cell from its own date at noon: no day is skipped or repeated across a daylight-saving switch.
    const date = localDate(ref.year, ref.month, 1 - lead + i, 12)
    const key = toDayKey(date)
    cells.push({
      key,
      day: date.getDate(),
      weekday: i % DAYS_PER_WEEK,
      inMonth: date.getMonth() === ref.month - 1,
      isToday: key === today,
    })
  }
  return cells
}

/** The grid as six rows of seven. */
export function gridWeeks(cells: readonly CalendarCell[]): CalendarCell[][] {
  const weeks: CalendarCell[][] = []
  for (let i = 0; i < cells.length; i += DAYS_PER_WEEK) weeks.push(cells.slice(i, i + DAYS_PER_WEEK))
  return weeks
}

/** Column headings, Monday first ("Pzt", "Sal"… / "Mon", "Tue"…). */
export function weekdayNames(locale: string, width: 'long' | 'short' | 'narrow' = 'short'): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: width })
  // 2024-01-01 was a Monday.
  return Array.from({ length: DAYS_PER_WEEK }, (_, i) => format.format(localDate(2024, 1, 1 + i, 12)))
}

/** "Kasım 2026" / "November 2026". */
export function formatMonth(ref: MonthRef, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(localDate(ref.year, ref.month, 1, 12))
}

/**
 * The day list's heading: "25 Kasım 2026 Çarşamba" (tr), "Wednesday,
 * November 25, 2026" (en). The SMS reminder writes the same text on the
 * server (supabase/functions/_shared/reminder.ts; a test holds them equal).
 */
export function formatLongDate(key: DayKey, locale: string): string {
  const date = parseDayKey(key)
  if (!date) return key
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(date)
}

// ---------------------------------------------------------------------------
// Times

/** "14:30:00" → "14:30"; "9:05" → "09:05"; anything else is shown as stored. */
export function formatTime(time: string): string {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(time.trim())
  return m ? `${m[1]!.padStart(2, '0')}:${m[2]}` : time
}

/** A time of day as a form gives it: HH:MM or HH:MM:SS, 00:00–23:59. */
export function isTimeOfDay(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value)
}

// ---------------------------------------------------------------------------
// Grouping and counting

type Dated = Pick<AppointmentRecord, 'appointment_date' | 'appointment_time'>

/** Both "14:30" and "14:30:00" sort by the same key. */
const timeKey = (time: string) => normalizeTime(formatTime(time))

export function compareAppointments(a: Dated, b: Dated): number {
  if (a.appointment_date !== b.appointment_date) return a.appointment_date < b.appointment_date ? -1 : 1
  const ta = timeKey(a.appointment_time)
  const tb = timeKey(b.appointment_time)
  return ta < tb ? -1 : ta > tb ? 1 : 0
}

/** Appointments per day, each day's list in time order (stable for equal times). */
export function groupByDay<T extends Dated>(appointments: readonly T[]): Map<DayKey, T[]> {
  const days = new Map<DayKey, T[]>()
  for (const a of [...appointments].sort(compareAppointments)) {
    const list = days.get(a.appointment_date)
    if (list) list.push(a)
    else days.set(a.appointment_date, [a])
  }
  return days
}

export type AppointmentStats = { total: number; completed: number; scheduled: number }

/** The three cards: appointments in the month, and how many of them are completed and scheduled. */
export function appointmentStats(
  appointments: ReadonlyArray<Pick<AppointmentRecord, 'appointment_date' | 'status'>>,
  ref: MonthRef,
): AppointmentStats {
  const { first, last } = monthRange(ref)
  const stats: AppointmentStats = { total: 0, completed: 0, scheduled: 0 }
  for (const a of appointments) {
    if (a.appointment_date < first || a.appointment_date > last) continue
    stats.total += 1
    if (a.status === 'completed') stats.completed += 1
    else if (a.status === 'scheduled') stats.scheduled += 1
  }
  return stats
}

/** Each appointment with its customer (null when it has none or the customer is gone), as the calendar shows them. */
export function withCustomers<A extends { customer_id?: string | null }, C extends { id: string }>(
  appointments: readonly A[],
  customers: readonly C[],
): Array<A & { customer: C | null }> {
  const byId = new Map(customers.map((c) => [c.id, c]))
  return appointments.map((a) => ({ ...a, customer: (a.customer_id && byId.get(a.customer_id)) || null }))
}

// ---------------------------------------------------------------------------
// Statuses

/** Mantine palette names; the spec's "grey" is Mantine's `gray`. */
export type StatusColor = 'blue' | 'yellow' | 'green' | 'red' | 'gray'

export const STATUS_COLORS: Readonly<Record<AppointmentStatus, StatusColor>> = {
  scheduled: 'blue',
  confirmed: 'yellow',
  completed: 'green',
  cancelled: 'red',
  no_show: 'gray',
}

/** Every status with its colour, in the order the dropdown and quick actions list them. */
export const APPOINTMENT_STATUS_OPTIONS: ReadonlyArray<{ status: AppointmentStatus; color: StatusColor }> = APPOINTMENT_STATUSES.map(
  (status) => ({ status, color: STATUS_COLORS[status] }),
)

export function isAppointmentStatus(value: unknown): value is AppointmentStatus {
  return typeof value === 'string' && (APPOINTMENT_STATUSES as readonly string[]).includes(value)
}

/** A row written by another client may carry a status this version does not know: it shows grey. */
export function statusColor(status: string): StatusColor {
  return isAppointmentStatus(status) ? STATUS_COLORS[status] : 'gray'
}

/** The quick actions: every status except the current one. */
export function otherStatuses(current: string): AppointmentStatus[] {
  return APPOINTMENT_STATUSES.filter((s) => s !== current)
}

/** The reminder button shows only for a scheduled appointment whose customer has a phone number. */
export function canSendReminder(appointment: {
  status: string
  customer?: { phone_number?: string | null } | null
}): boolean {
  return appointment.status === 'scheduled' && Boolean(appointment.customer?.phone_number?.trim())
}
