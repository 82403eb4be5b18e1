// Phone numbers: the one place that reads, checks and writes them, for the
// app, the sync layer and the edge functions alike. Two kinds of number:
//
// - The owner's own number: a Turkish mobile, typed as the 10 digits after a
//   fixed "+90" and stored as "+90" and those digits. The database checks the
//   same shape (users.phone_number, change_phone_number).
// - A customer's number: a mobile of any country, typed however people type
//   it and stored in E.164 ("+905321234567"), which the database enforces
//   (customers_phone_number_e164).
//
// Parsing uses libphonenumber-js with its `mobile` metadata. A customer's
// number exists to receive SMS reminders (and WhatsApp), so "valid" here means
// "a mobile number of its country". The default `min` build only checks
// lengths and broad patterns: it accepts Turkish landlines (0212…) and
// non-geographic 0850 numbers, which cannot receive the reminder. `mobile` is
// the smallest build that checks mobile number ranges digit by digit (about
// 16 kB more than `min`); `max` would add fixed-line and other types that the
// product never accepts.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/mobile'

export type { CountryCode }

/** Numbers typed without a country code are Turkish. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'TR'

// ---------------------------------------------------------------------------
// The owner's number

export const TR_PHONE_PREFIX = '+90'
export const TR_PHONE_DIGITS = 10
const TR_PHONE_PATTERN = /^\+90\d{10}$/
/** The pattern the phone fields show after the fixed prefix. */
export const TR_PHONE_PLACEHOLDER = '5XX XXX XX XX'

/** What the sign-up field keeps as the user types: digits only, at most 10. */
export function sanitizePhoneDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, TR_PHONE_DIGITS)
}

/** The stored form of the 10 digits typed after the fixed prefix, or null when incomplete. */
export function toTurkishPhone(digits: string): string | null {
  const clean = sanitizePhoneDigits(digits)
  return clean.length === TR_PHONE_DIGITS ? `${TR_PHONE_PREFIX}${clean}` : null
}

/** The owner's stored form exactly: no spaces, no national form (a request body is checked with this too). */
export function isTurkishPhone(value: unknown): value is string {
  return typeof value === 'string' && TR_PHONE_PATTERN.test(value)
}

/**
 * What `rpc('change_phone_number')` refuses with (migration
 * 20261122001200_phone_claims.sql): the one way an owner changes the number.
 */
export const PHONE_CHANGE_ERRORS = ['unauthorized', 'invalid_phone', 'phone_taken', 'rate_limited'] as const
export type PhoneChangeError = (typeof PHONE_CHANGE_ERRORS)[number]

/** Changes a day; the database enforces it. */
export const PHONE_CHANGES_PER_DAY = 3

// ---------------------------------------------------------------------------
// Stored numbers (E.164)

/** The stored shape, also enforced by the database (customers_phone_number_e164). */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/

export function isE164(value: string): boolean {
  return E164_PATTERN.test(value)
}

// What people type around a number: digits, a leading +, spaces and the usual
// separators. Letters are refused so that "0532… dahili 12" or "tel: 0532…"
// is not silently cut down to a different number.
const PHONE_TEXT = /^\+?[\d\s().\-/]+$/

/** Text made only of what people type around a number (it may still be no number at all). */
export function isPhoneText(text: string): boolean {
  return PHONE_TEXT.test(text)
}

/**
 * A number as typed ("0532 123 45 67", "532 123 45 67", "+90 532 123 45 67",
 * "0044 7911 123456", "+44 7911 123456") in E.164 ("+905321234567"), or null
 * when it is not a valid mobile number. Numbers without a country code are
 * read as `defaultCountry` (Turkish).
 */
export function normalizePhone(input: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const text = input.trim()
  if (!isPhoneText(text)) return null
  const parsed = parsePhoneNumberFromString(text, defaultCountry)
  if (!parsed || parsed.ext || !parsed.isValid()) return null
  return parsed.number
}

export function isValidPhone(input: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY): boolean {
  return normalizePhone(input, defaultCountry) !== null
}

/**
 * A stored number for people to read: the national form for Turkish numbers
 * ("0532 123 45 67"), the international form for others ("+44 7911 123456").
 * Anything that does not parse is shown as stored. Both forms read back to the
 * same number through normalizePhone, so the edit form can show this text.
 */
export function formatPhone(stored: string): string {
  let formatted = formattedPhones.get(stored)
  if (formatted === undefined) {
    // Parsing takes a while and a list shows the same numbers on every render: the last few thousand are kept.
    if (formattedPhones.size >= FORMATTED_PHONES_KEPT) formattedPhones.clear()
    formatted = formatPhoneOnce(stored)
    formattedPhones.set(stored, formatted)
  }
  return formatted
}

const FORMATTED_PHONES_KEPT = 5_000
const formattedPhones = new Map<string, string>()

function formatPhoneOnce(stored: string): string {
  const text = stored.trim()
  if (!isPhoneText(text)) return stored
  const parsed = parsePhoneNumberFromString(text, DEFAULT_PHONE_COUNTRY)
  if (!parsed) return stored
  return parsed.country === 'TR' ? parsed.formatNational() : parsed.formatInternational()
}

/** A stored number with its country code, grouped ("+90 532 123 45 67"); anything that does not parse as stored. */
export function formatPhoneInternational(stored: string): string {
  return parsePhoneNumberFromString(stored.trim())?.formatInternational() ?? stored
}

/** The country of a stored (E.164) number, or null when it names none. */
export function phoneCountry(stored: string): CountryCode | null {
  return parsePhoneNumberFromString(stored.trim())?.country ?? null
}

/** "+905321234567" → "905321234567": the form SMS and WhatsApp APIs expect. */
export function internationalDigits(stored: string): string {
  return stored.startsWith('+') ? stored.slice(1) : stored
}

const digitsOf = (text: string) => text.replace(/\D/g, '')

/**
 * The digit strings a typed phone query is compared with: the stored digits
 * ("905321234567") and, when it differs, the national form with its trunk
 * prefix ("05321234567"), so "0532 123", "532123" and "+90 532" all find
 * +905321234567. Turkish mobiles, nearly every stored number, take a string
 * fast path; others go through libphonenumber (about 30 µs each).
 */
export function phoneDigitKeys(stored: string): string[] {
  const digits = digitsOf(stored)
  if (digits === '') return []
  if (isTurkishPhone(stored)) return [digits, `0${digits.slice(2)}`]
  const parsed = isE164(stored) ? parsePhoneNumberFromString(stored) : undefined
  const national = parsed ? digitsOf(parsed.formatNational()) : ''
  return national && national !== digits ? [digits, national] : [digits]
}
