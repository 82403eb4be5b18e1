// The appointment reminder SMS, composed on the server from the appointment
// itself, so the function never relays text a client chose. Dates are
// written from fixed month and weekday names rather than Intl: the text must
// not depend on the ICU data of whichever runtime sends it. The wording of
// the date equals the calendar's day heading (domain/calendar.ts
// formatLongDate; a test holds them together).
import * as linkify from 'linkifyjs'
import { DEFAULT_REMINDER_LANGUAGE, isCode, REMINDER_LANGUAGES, type ReminderLanguage } from '../../../domain/functions.ts'

/** The body's `language`: absent or null means Turkish; anything but tr/en is null (refused). */
export function parseReminderLanguage(value: unknown): ReminderLanguage | null {
  if (value === undefined || value === null) return DEFAULT_REMINDER_LANGUAGE
  return isCode(REMINDER_LANGUAGES, value) ? value : null
}

const MONTHS: Record<ReminderLanguage, readonly string[]> = {
  tr: ['Ocak', 'Şubat', 'Mart', 'Nisan', 'Mayıs', 'Haziran', 'Temmuz', 'Ağustos', 'Eylül', 'Ekim', 'Kasım', 'Aralık'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
}

/** Sunday first, as Date#getUTCDay counts. */
const WEEKDAYS: Record<ReminderLanguage, readonly string[]> = {
  tr: ['Pazar', 'Pazartesi', 'Salı', 'Çarşamba', 'Perşembe', 'Cuma', 'Cumartesi'],
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
}

/**
 * "2026-11-25" → "25 Kasım 2026 Çarşamba" (tr), "Wednesday, November 25,
 * 2026" (en). The date is a calendar day, not an instant: it is read and
 * named in UTC so no time zone can move it. Throws RangeError for text that
 * is no real day.
 */
export function formatReminderDate(date: string, language: ReminderLanguage): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  const [year, month, day] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0]
  const d = new Date(Date.UTC(2000, 0, 1))
  d.setUTCFullYear(year, month - 1, day)
  if (!m || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) throw new RangeError(`not a date: ${date}`)
  const monthName = MONTHS[language][month - 1]!
  const weekday = WEEKDAYS[language][d.getUTCDay()]!
  return language === 'tr' ? `${day} ${monthName} ${year} ${weekday}` : `${weekday}, ${monthName} ${day}, ${year}`
}

/** "14:30:00" → "14:30". */
export function formatReminderTime(time: string): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(time.trim())
  if (!m) throw new RangeError(`not a time: ${time}`)
  return `${m[1]!.padStart(2, '0')}:${m[2]}`
}

/**
 * Names are free text the owner typed, and the reminder goes out under the
 * business's name: links and e-mail addresses are taken out (a reminder must
 * not become a phishing text with a trusted sender), line breaks and runs of
 * spaces become one space, and each name is cut to this many characters (with
 * "…") so a reminder stays within a few SMS parts whatever was typed.
 */
export const MAX_NAME_LENGTH = 60

/** Everything linkify would turn into a link (URLs with or without a scheme, bare domains, e-mail), removed. */
export function stripLinks(text: string): string {
  let out = ''
  let at = 0
  for (const link of linkify.find(text)) {
    out += text.slice(at, link.start)
    at = link.end
  }
  return out + text.slice(at)
}

export function cleanName(name: string | null | undefined): string {
  const text = stripLinks((name ?? '').replace(/[\s\p{Cc}]+/gu, ' '))
    .replace(/\s+/g, ' ')
    .trim()
  const chars = Array.from(text)
  return chars.length <= MAX_NAME_LENGTH ? text : `${chars.slice(0, MAX_NAME_LENGTH - 1).join('').trimEnd()}…`
}

export type ReminderInput = {
  customerName: string
  /** YYYY-MM-DD */
  date: string
  /** HH:MM or HH:MM:SS */
  time: string
  /** The owner's business, signed at the end when set. */
  businessName?: string | null
  language: ReminderLanguage
}

/**
 * The reminder text:
 *   tr  "Sayın Ayşe Yılmaz, 25 Kasım 2026 Çarşamba saat 14:30 randevunuzu hatırlatırız. Anadolu Kahve Evi"
 *   en  "Dear Ayşe Yılmaz, this is a reminder of your appointment on Wednesday, November 25, 2026 at 14:30. Anadolu Kahve Evi"
 * A customer without a name is addressed without one.
 */
export function composeReminder(input: ReminderInput): string {
  const name = cleanName(input.customerName)
  const business = cleanName(input.businessName)
  const date = formatReminderDate(input.date, input.language)
  const time = formatReminderTime(input.time)
  const text =
    input.language === 'tr'
      ? `${name ? `Sayın ${name}, ` : ''}${date} saat ${time} randevunuzu hatırlatırız.`
      : `${name ? `Dear ${name}, this` : 'This'} is a reminder of your appointment on ${date} at ${time}.`
  return business ? `${text} ${business}` : text
}
