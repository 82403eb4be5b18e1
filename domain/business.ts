// The business's own knowledge: what the owner writes on the Chatbot screen's
// "Business info" tab and the assistant answers from (address, contact,
// opening hours in the owner's time zone, shipping, returns, payment,
// ordering, the FAQ). The database holds every limit below as well
// (supabase/migrations/20261128000100_business_knowledge.sql), and
// tests/integration/business-limits.test.ts fails when the two differ.
//
// Opening hours are wall-clock times in the owner's time zone, so "open now"
// needs only the local date and time of an instant (localTime), never a
// conversion the other way: a daylight-saving change moves no opening time.
import { parseDayKey } from './calendar.ts'
import { fieldErrors, hasErrors, lengthError, requiredError, TEXT_ERRORS, urlError, type TextError } from './forms.ts'

// ---------------------------------------------------------------------------
// Opening hours

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
export type Weekday = (typeof WEEKDAYS)[number]

/** `HH:MM` from 00:00 to 23:59; an end may also be 24:00 (open until midnight). */
export type TimeRange = [string, string]
/** A missing or empty day is closed. */
export type OpeningHours = Partial<Record<Weekday, TimeRange[]>>

/** Ranges one day may have: a lunch break and an evening opening, no more. */
export const OPENING_RANGES_PER_DAY_MAX = 3
export const DEFAULT_TIME_ZONE = 'Europe/Istanbul'

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/

export function timeToMinutes(time: string): number | null {
  if (time === '24:00') return 24 * 60
  if (!TIME.test(time)) return null
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3))
}

export function minutesToTime(minutes: number): string {
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`
}

export const OPENING_HOURS_ERRORS = ['invalid_shape', 'invalid_time', 'empty_range', 'overlap', 'too_many'] as const
export type OpeningHoursError = (typeof OPENING_HOURS_ERRORS)[number]

/** What is wrong with one day's ranges, or null: each `HH:MM`, start before end, in order, not overlapping. */
export function dayRangesError(ranges: unknown): OpeningHoursError | null {
  if (!Array.isArray(ranges)) return 'invalid_shape'
  if (ranges.length > OPENING_RANGES_PER_DAY_MAX) return 'too_many'
  let previousEnd = -1
  for (const range of ranges) {
    if (!Array.isArray(range) || range.length !== 2 || typeof range[0] !== 'string' || typeof range[1] !== 'string') return 'invalid_shape'
    const start = range[0] === '24:00' ? null : timeToMinutes(range[0])
    const end = timeToMinutes(range[1])
    if (start === null || end === null) return 'invalid_time'
    if (start >= end) return 'empty_range'
    if (start < previousEnd) return 'overlap'
    previousEnd = end
  }
  return null
}

/** What is wrong with a whole week, or null: an object of weekday keys only, each day as dayRangesError wants. */
export function openingHoursError(hours: unknown): OpeningHoursError | null {
  if (typeof hours !== 'object' || hours === null || Array.isArray(hours)) return 'invalid_shape'
  for (const [day, ranges] of Object.entries(hours)) {
    if (!(WEEKDAYS as readonly string[]).includes(day)) return 'invalid_shape'
    const error = dayRangesError(ranges)
    if (error) return error
  }
  return null
}

export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false
  try {
    const resolved = new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone
    // Intl reads "europe/istanbul" as Europe/Istanbul, but Postgres matches a
    // zone's name exactly and would refuse it: only the zone's own spelling
    // passes. An alias resolving to another name (EST5EDT) is a name of its own.
    return resolved === zone || resolved.toLowerCase() !== zone.toLowerCase()
  } catch {
    return false
  }
}

/** An instant as the owner's wall clock reads it. */
export type LocalTime = { date: string; weekday: Weekday; minutes: number }

const formatters = new Map<string, Intl.DateTimeFormat>()

export function localTime(now: Date, timeZone: string): LocalTime {
  let format = formatters.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
    })
    formatters.set(timeZone, format)
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((part) => [part.type, part.value]))
  const weekday = String(parts.weekday).toLowerCase().slice(0, 3) as Weekday
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday, minutes: Number(parts.hour) * 60 + Number(parts.minute) }
}

/** The weekday `offset` days after `day`. */
export function weekdayAfter(day: Weekday, offset: number): Weekday {
  return WEEKDAYS[(((WEEKDAYS.indexOf(day) + offset) % 7) + 7) % 7]!
}

/** The weekday of a `YYYY-MM-DD` day (as the calendar reads it); null for no such day. */
export function weekdayOfDay(key: string): Weekday | null {
  const date = parseDayKey(key)
  return date ? WEEKDAYS[(date.getDay() + 6) % 7]! : null
}

/** A day's ranges as stored, in order; an unreadable day counts as closed rather than inventing hours. */
export function rangesOf(hours: OpeningHours | null | undefined, day: Weekday): TimeRange[] {
  const ranges = hours?.[day]
  if (!ranges || dayRangesError(ranges) !== null) return []
  return ranges
}

export type HoursStatus = {
  /** The owner's local date, weekday and time the answer was computed for. */
  local: LocalTime
  open: boolean
  /**
   * While open: when this stretch of opening ends (24:00 for midnight). A
   * range until 24:00 followed by one from 00:00 the next day is one
   * stretch, so this may be a later day's time (see closesInDays). Null when
   * open and the stretch never ends (every day 00:00–24:00) or when closed.
   */
  closesAt: string | null
  /** While open: the days after today on which closesAt falls (0 today, 1 tomorrow); null otherwise. */
  closesInDays: number | null
  /** While closed: the next opening within a week, `inDays` 0 for later today; null when no day has hours. */
  opensAt: { inDays: number; weekday: Weekday; time: string } | null
}

/** Open now, closes at, or opens next: computed in the owner's time zone for the instant `now`. */
export function hoursStatus(hours: OpeningHours | null | undefined, timeZone: string, now: Date): HoursStatus {
  const local = localTime(now, isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE)
  for (const [start, end] of rangesOf(hours, local.weekday)) {
    const from = timeToMinutes(start)!
    const to = timeToMinutes(end)!
    if (local.minutes >= from && local.minutes < to) {
      // Open until midnight and open again at 00:00 the next day is one stretch; the customer hears the later closing.
      let closesAt = end
      let closesInDays = 0
      while (closesAt === '24:00') {
        if (closesInDays === 7) return { local, open: true, closesAt: null, closesInDays: null, opensAt: null }
        const next = rangesOf(hours, weekdayAfter(local.weekday, closesInDays + 1))[0]
        if (!next || next[0] !== '00:00') break
        closesAt = next[1]
        closesInDays++
      }
      return { local, open: true, closesAt, closesInDays, opensAt: null }
    }
  }
  for (let inDays = 0; inDays <= 7; inDays++) {
    const weekday = weekdayAfter(local.weekday, inDays)
    for (const [start] of rangesOf(hours, weekday)) {
      if (inDays === 0 && timeToMinutes(start)! <= local.minutes) continue
      return { local, open: false, closesAt: null, closesInDays: null, opensAt: { inDays, weekday, time: start } }
    }
  }
  return { local, open: false, closesAt: null, closesInDays: null, opensAt: null }
}

export function hasAnyHours(hours: OpeningHours | null | undefined): boolean {
  return WEEKDAYS.some((day) => rangesOf(hours, day).length > 0)
}

// ---------------------------------------------------------------------------
// The profile form

// Long enough for a real shop's policy text, short enough to send to a model
// with every message. Lengths are characters (code points), as char_length counts.
export const BUSINESS_ADDRESS_MAX = 500
export const BUSINESS_MAPS_URL_MAX = 2048
export const BUSINESS_CONTACT_PHONE_MAX = 32
export const BUSINESS_CONTACT_EMAIL_MAX = 254
export const BUSINESS_INFO_TEXT_MAX = 2000
export const BUSINESS_TIME_ZONE_MAX = 64

export const BUSINESS_INFO_TEXTS = ['shipping_info', 'returns_info', 'payment_info', 'ordering_info'] as const
export type BusinessInfoText = (typeof BUSINESS_INFO_TEXTS)[number]

/** public.business_profiles as the data API returns it. */
export type BusinessProfileRow = {
  address: string | null
  maps_url: string | null
  contact_phone: string | null
  contact_email: string | null
  opening_hours: OpeningHours
  time_zone: string
  shipping_info: string | null
  returns_info: string | null
  payment_info: string | null
  ordering_info: string | null
  updated_at?: string
}

/** The form as the screen holds it: texts as typed, every weekday present (an empty list is closed). */
export type BusinessFormValues = {
  address: string
  maps_url: string
  contact_phone: string
  contact_email: string
  opening_hours: Record<Weekday, TimeRange[]>
  time_zone: string
  shipping_info: string
  returns_info: string
  payment_info: string
  ordering_info: string
}

export type BusinessFormField = Exclude<keyof BusinessFormValues, 'opening_hours'>

export const BUSINESS_FORM_ERRORS = [...TEXT_ERRORS, 'invalid_url', 'invalid_phone', 'invalid_email', 'invalid_time_zone'] as const
export type BusinessFormError = (typeof BUSINESS_FORM_ERRORS)[number]

export type BusinessFormErrors = Partial<Record<BusinessFormField, BusinessFormError>> & {
  /** Per weekday, what is wrong with its ranges. */
  opening_hours?: Partial<Record<Weekday, OpeningHoursError>>
}

/** The columns the screen writes. */
export type BusinessProfilePayload = Omit<BusinessProfileRow, 'updated_at'>

const LIMITS: Record<BusinessFormField, number> = {
  address: BUSINESS_ADDRESS_MAX,
  maps_url: BUSINESS_MAPS_URL_MAX,
  contact_phone: BUSINESS_CONTACT_PHONE_MAX,
  contact_email: BUSINESS_CONTACT_EMAIL_MAX,
  time_zone: BUSINESS_TIME_ZONE_MAX,
  shipping_info: BUSINESS_INFO_TEXT_MAX,
  returns_info: BUSINESS_INFO_TEXT_MAX,
  payment_info: BUSINESS_INFO_TEXT_MAX,
  ordering_info: BUSINESS_INFO_TEXT_MAX,
}

// A shop's number as people write it: digits with spaces, dots, dashes,
// brackets and a leading +; at least 7 digits. Not only mobiles, so not
// domain/phone.ts, which is for numbers texts are sent to.
const CONTACT_PHONE = /^\+?[0-9 ().-]+$/
// The shape a mail client accepts; deliverability is the owner's business.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function isContactPhone(value: string): boolean {
  return CONTACT_PHONE.test(value) && (value.match(/\d/g) ?? []).length >= 7
}

export function isContactEmail(value: string): boolean {
  return EMAIL.test(value)
}

export function emptyBusinessForm(): BusinessFormValues {
  return {
    address: '',
    maps_url: '',
    contact_phone: '',
    contact_email: '',
    opening_hours: Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as Record<Weekday, TimeRange[]>,
    time_zone: DEFAULT_TIME_ZONE,
    shipping_info: '',
    returns_info: '',
    payment_info: '',
    ordering_info: '',
  }
}

export function businessProfileToForm(row: BusinessProfileRow | null | undefined): BusinessFormValues {
  const form = emptyBusinessForm()
  if (!row) return form
  for (const day of WEEKDAYS) form.opening_hours[day] = rangesOf(row.opening_hours, day).map(([a, b]) => [a, b])
  return {
    ...form,
    address: row.address ?? '',
    maps_url: row.maps_url ?? '',
    contact_phone: row.contact_phone ?? '',
    contact_email: row.contact_email ?? '',
    time_zone: row.time_zone || DEFAULT_TIME_ZONE,
    shipping_info: row.shipping_info ?? '',
    returns_info: row.returns_info ?? '',
    payment_info: row.payment_info ?? '',
    ordering_info: row.ordering_info ?? '',
  }
}

/** An optional field that, when typed, is not what `valid` accepts. */
const shapeError = <C extends BusinessFormError>(value: string, valid: (text: string) => boolean, code: C): C | undefined => {
  const text = value.trim()
  return text !== '' && !valid(text) ? code : undefined
}

export function validateBusinessForm(values: BusinessFormValues): BusinessFormErrors {
  const length = (field: BusinessFormField) => lengthError(values[field], LIMITS[field])
  const hours = fieldErrors<NonNullable<BusinessFormErrors['opening_hours']>>(
    Object.fromEntries(WEEKDAYS.map((day) => [day, dayRangesError(values.opening_hours[day] ?? []) ?? undefined])),
  )
  return fieldErrors<BusinessFormErrors>({
    address: length('address'),
    maps_url: length('maps_url') ?? urlError(values.maps_url),
    contact_phone: length('contact_phone') ?? shapeError(values.contact_phone, isContactPhone, 'invalid_phone'),
    contact_email: length('contact_email') ?? shapeError(values.contact_email, isContactEmail, 'invalid_email'),
    time_zone: requiredError(values.time_zone) ?? length('time_zone') ?? shapeError(values.time_zone, isTimeZone, 'invalid_time_zone'),
    shipping_info: length('shipping_info'),
    returns_info: length('returns_info'),
    payment_info: length('payment_info'),
    ordering_info: length('ordering_info'),
    opening_hours: hasErrors(hours) ? hours : undefined,
  })
}

export function hasBusinessFormErrors(errors: BusinessFormErrors): boolean {
  return hasErrors(errors)
}

const blank = (text: string): string | null => (text.trim() === '' ? null : text.trim())

/** The row the form saves: blanks as null, closed days left out. */
export function businessPayloadFromForm(values: BusinessFormValues): BusinessProfilePayload {
  const opening_hours: OpeningHours = {}
  for (const day of WEEKDAYS) {
    const ranges = values.opening_hours[day] ?? []
    if (ranges.length > 0) opening_hours[day] = ranges.map(([a, b]) => [a, b])
  }
  return {
    address: blank(values.address),
    maps_url: blank(values.maps_url),
    contact_phone: blank(values.contact_phone),
    contact_email: blank(values.contact_email),
    opening_hours,
    time_zone: values.time_zone.trim(),
    shipping_info: blank(values.shipping_info),
    returns_info: blank(values.returns_info),
    payment_info: blank(values.payment_info),
    ordering_info: blank(values.ordering_info),
  }
}

// ---------------------------------------------------------------------------
// FAQ

export const FAQ_QUESTION_MAX = 300
export const FAQ_ANSWER_MAX = 2000
/** Entries one owner may keep: a long FAQ page, far below what slows the search. */
export const FAQ_ENTRIES_MAX = 200

export type FaqEntryRow = { id: string; question: string; answer: string; created_at?: string; updated_at?: string }
export type FaqFormValues = { question: string; answer: string }
export type FaqFormErrors = Partial<Record<keyof FaqFormValues, TextError>>

export function validateFaqForm(values: FaqFormValues): FaqFormErrors {
  return fieldErrors<FaqFormErrors>({
    question: requiredError(values.question) ?? lengthError(values.question, FAQ_QUESTION_MAX),
    answer: requiredError(values.answer) ?? lengthError(values.answer, FAQ_ANSWER_MAX),
  })
}

export function faqPayloadFromForm(values: FaqFormValues): FaqFormValues {
  return { question: values.question.trim(), answer: values.answer.trim() }
}
