// Booking: what customers may book through the assistant, and the rules the
// owner's settings and services must keep. The database holds the same rules
// (migration 20261130000100_booking.sql); tests/integration/booking.test.ts
// writes each limit and one past it through the data API and fails when the
// two differ.
//
// free_slots (in SQL) is the one authority on which times are bookable; this
// module only checks what the owner types, names the refusals of the booking
// path, and finds the overlaps the owner's own wizard warns about.
import { CURRENCY_CODES, DEFAULT_PRODUCT_CURRENCY, type CurrencyCode } from './products/currency.ts'
import { PRICE_MAX } from './products/numbers.ts'
import { APPOINTMENT_DURATIONS, type AppointmentStatus } from './records.ts'
import { fieldErrors, lengthError, requiredError, TEXT_ERRORS } from './forms.ts'

/** Where a bookable start time may fall: every this many minutes from the start of an opening range. */
export const SLOT_MINUTES_OPTIONS = [10, 15, 20, 30, 45, 60] as const
export const MIN_NOTICE_MINUTES_MAX = 7 * 24 * 60
export const MAX_DAYS_AHEAD_MIN = 1
export const MAX_DAYS_AHEAD_MAX = 365
export const BUFFER_MINUTES_MAX = 240
export const CAPACITY_MAX = 50
export const REMINDER_HOURS_MAX = 168

export type BookingSettings = {
  enabled: boolean
  slot_minutes: number
  default_duration_minutes: number
  min_notice_minutes: number
  max_days_ahead: number
  buffer_minutes: number
  /** Appointments that may start at overlapping times (chairs, rooms). */
  capacity: number
  /** null: no automatic reminder. */
  reminder_hours_before: number | null
}

/** The table's defaults: a new account's row. */
export const DEFAULT_BOOKING_SETTINGS: Readonly<BookingSettings> = {
  enabled: false,
  slot_minutes: 30,
  default_duration_minutes: 60,
  min_notice_minutes: 120,
  max_days_ahead: 30,
  buffer_minutes: 0,
  capacity: 1,
  reminder_hours_before: 24,
}

export type BookingSettingsField = Exclude<keyof BookingSettings, 'enabled'>
export const BOOKING_SETTINGS_ERRORS = ['required', 'not_whole', 'out_of_range', 'not_an_option'] as const
export type BookingSettingsError = (typeof BOOKING_SETTINGS_ERRORS)[number]

const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value)

function rangeError(value: unknown, min: number, max: number): BookingSettingsError | undefined {
  if (value === null || value === undefined || value === '') return 'required'
  if (!isWhole(value)) return 'not_whole'
  return value < min || value > max ? 'out_of_range' : undefined
}

const optionError = (options: readonly unknown[], value: unknown): 'not_an_option' | undefined => (options.includes(value) ? undefined : 'not_an_option')

/** The owner's settings as the database will take them, each problem as a code. */
export function validateBookingSettings(values: BookingSettings): Partial<Record<BookingSettingsField, BookingSettingsError>> {
  return fieldErrors<Partial<Record<BookingSettingsField, BookingSettingsError>>>({
    slot_minutes: optionError(SLOT_MINUTES_OPTIONS, values.slot_minutes),
    default_duration_minutes: optionError(APPOINTMENT_DURATIONS, values.default_duration_minutes),
    min_notice_minutes: rangeError(values.min_notice_minutes, 0, MIN_NOTICE_MINUTES_MAX),
    max_days_ahead: rangeError(values.max_days_ahead, MAX_DAYS_AHEAD_MIN, MAX_DAYS_AHEAD_MAX),
    buffer_minutes: rangeError(values.buffer_minutes, 0, BUFFER_MINUTES_MAX),
    capacity: rangeError(values.capacity, 1, CAPACITY_MAX),
    reminder_hours_before: values.reminder_hours_before === null ? undefined : rangeError(values.reminder_hours_before, 1, REMINDER_HOURS_MAX),
  })
}

// Services ----------------------------------------------------------------------

export const SERVICE_NAME_MAX = 100
export const SERVICES_MAX = 50

export type ServiceRow = {
  id: string
  name: string
  duration_minutes: number
  /** null: the price is not stated (the assistant then names none). */
  price: number | null
  currency: string
  active: boolean
}

export type ServiceFormValues = {
  name: string
  duration_minutes: number
  /** As typed; empty means no price. */
  price: string
  currency: CurrencyCode
  active: boolean
}

export const SERVICE_FORM_ERRORS = [...TEXT_ERRORS, 'invalid_price', 'not_an_option'] as const
export type ServiceFormError = (typeof SERVICE_FORM_ERRORS)[number]
export type ServiceFormErrors = Partial<Record<'name' | 'duration_minutes' | 'price' | 'currency', ServiceFormError>>

export function emptyServiceForm(duration: number = DEFAULT_BOOKING_SETTINGS.default_duration_minutes): ServiceFormValues {
  return { name: '', duration_minutes: duration, price: '', currency: DEFAULT_PRODUCT_CURRENCY, active: true }
}

export function serviceToForm(row: ServiceRow): ServiceFormValues {
  return {
    name: row.name,
    duration_minutes: row.duration_minutes,
    price: row.price === null ? '' : String(row.price),
    currency: (CURRENCY_CODES as readonly string[]).includes(row.currency) ? (row.currency as CurrencyCode) : DEFAULT_PRODUCT_CURRENCY,
    active: row.active,
  }
}

/** "1.250,50", "1250.5" or "1250" → 1250.5; null for anything else. */
export function parseServicePrice(text: string): number | null {
  const t = text.trim().replace(/\s/g, '')
  if (!/^\d{1,3}([.,]\d{3})*([.,]\d{1,2})?$|^\d+([.,]\d{1,2})?$/.test(t)) return null
  // The last separator followed by one or two digits is the decimal mark; any other is grouping.
  const decimal = /[.,]\d{1,2}$/.exec(t)
  const whole = (decimal ? t.slice(0, decimal.index) : t).replace(/[.,]/g, '')
  const value = Number(`${whole}.${decimal ? decimal[0].slice(1) : '0'}`)
  return Number.isFinite(value) && value <= PRICE_MAX ? Math.round(value * 100) / 100 : null
}

export function validateServiceForm(values: ServiceFormValues): ServiceFormErrors {
  return fieldErrors<ServiceFormErrors>({
    name: requiredError(values.name) ?? lengthError(values.name, SERVICE_NAME_MAX),
    duration_minutes: optionError(APPOINTMENT_DURATIONS, values.duration_minutes),
    price: values.price.trim() !== '' && parseServicePrice(values.price) === null ? 'invalid_price' : undefined,
    currency: optionError(CURRENCY_CODES, values.currency),
  })
}

export type ServicePayload = Omit<ServiceRow, 'id'>

export function servicePayloadFromForm(values: ServiceFormValues): ServicePayload {
  return {
    name: values.name.trim(),
    duration_minutes: values.duration_minutes,
    price: values.price.trim() === '' ? null : parseServicePrice(values.price),
    currency: values.currency,
    active: values.active,
  }
}

// The booking path ----------------------------------------------------------------

/** Why book_appointment refused; the assistant turns each into new offers or a reason, never an error message. */
export const BOOKING_REFUSALS = ['slot_taken', 'outside_hours', 'too_soon', 'too_far', 'booking_disabled', 'too_many'] as const
/** Upcoming appointments the assistant may hold for one number or one conversation (book_appointment's `too_many`). */
export const ASSISTANT_BOOKINGS_MAX = 3
export type BookingRefusal = (typeof BOOKING_REFUSALS)[number]

export function isBookingRefusal(value: unknown): value is BookingRefusal {
  return typeof value === 'string' && (BOOKING_REFUSALS as readonly string[]).includes(value)
}

/** A bookable start, as free_slots returns it: the owner's wall clock and the instant. */
export type FreeSlot = { slot_date: string; slot_time: string; starts_at: string }

// Overlaps (the owner's wizard) ---------------------------------------------------------

type Timed = { id?: string; appointment_date: string; appointment_time: string; duration_minutes: number; status: AppointmentStatus | string }

function minutesOf(time: string): number {
  const [h, m] = time.split(':')
  return Number(h) * 60 + Number(m)
}

/**
 * The appointments of `date` (other than `exceptId`) that share some of the
 * minutes from `time` for `duration`: what the owner is warned about before
 * booking a second person into the same time. Cancelled ones take no time.
 * Read on the wall clock of the calendar's own day: an appointment running
 * past midnight is not carried into the next day.
 */
export function overlappingAppointments<T extends Timed>(
  appointments: readonly T[],
  date: string,
  time: string,
  duration: number,
  exceptId?: string,
): T[] {
  if (!/^\d{1,2}:\d{2}/.test(time)) return []
  const start = minutesOf(time)
  const end = start + duration
  return appointments.filter((a) => {
    if (a.appointment_date !== date || a.status === 'cancelled' || (exceptId && a.id === exceptId)) return false
    const s = minutesOf(a.appointment_time)
    return s < end && start < s + a.duration_minutes
  })
}
