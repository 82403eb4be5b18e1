// What the "Business info" tab says for each code it can meet: the profile
// form's checks (domain/business.ts) with each field's own limit in the
// words, the opening hours' per-day codes, the FAQ form's, and the database's
// refusals (business-api.ts's Refusal). Records over the code unions, so a
// new code fails to compile until it has words.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import {
  BUSINESS_ADDRESS_MAX,
  BUSINESS_CONTACT_EMAIL_MAX,
  BUSINESS_CONTACT_PHONE_MAX,
  BUSINESS_INFO_TEXT_MAX,
  BUSINESS_MAPS_URL_MAX,
  BUSINESS_TIME_ZONE_MAX,
  FAQ_ANSWER_MAX,
  FAQ_ENTRIES_MAX,
  FAQ_QUESTION_MAX,
  OPENING_RANGES_PER_DAY_MAX,
  WEEKDAYS,
  validateBusinessForm,
  validateFaqForm,
  type BusinessFormError,
  type BusinessFormField,
  type BusinessFormValues,
  type FaqFormValues,
  type OpeningHoursError,
  type Weekday,
} from '../../../domain/business.ts'
import type { Refusal } from './business-api.ts'

const GENERIC_ERRORS: Record<BusinessFormError, MessageDescriptor> = {
  required: msg`This field is required`,
  too_long: msg`This text is too long`,
  invalid_url: msg`Enter a web address starting with https:// or http://`,
  invalid_phone: msg`Enter a phone number of at least 7 digits, for example +90 212 555 12 34`,
  invalid_email: msg`Enter an e-mail address such as info@example.com`,
  invalid_time_zone: msg`Choose a time zone from the list`,
}

const addressMax = BUSINESS_ADDRESS_MAX
const mapsMax = BUSINESS_MAPS_URL_MAX
const phoneMax = BUSINESS_CONTACT_PHONE_MAX
const emailMax = BUSINESS_CONTACT_EMAIL_MAX
const zoneMax = BUSINESS_TIME_ZONE_MAX
const textMax = BUSINESS_INFO_TEXT_MAX

const FIELD_ERRORS = {
  'address:too_long': msg`Use at most ${addressMax} characters`,
  'maps_url:too_long': msg`Use at most ${mapsMax} characters`,
  'contact_phone:too_long': msg`Use at most ${phoneMax} characters`,
  'contact_email:too_long': msg`Use at most ${emailMax} characters`,
  'time_zone:too_long': msg`Use at most ${zoneMax} characters`,
  'time_zone:required': msg`Choose a time zone`,
  'shipping_info:too_long': msg`Use at most ${textMax} characters`,
  'returns_info:too_long': msg`Use at most ${textMax} characters`,
  'payment_info:too_long': msg`Use at most ${textMax} characters`,
  'ordering_info:too_long': msg`Use at most ${textMax} characters`,
} as const satisfies Partial<Record<`${BusinessFormField}:${BusinessFormError}`, MessageDescriptor>>

const rangesMax = OPENING_RANGES_PER_DAY_MAX

/** Per day, under its row. */
export const HOURS_ERRORS: Record<`hours:${OpeningHoursError}`, MessageDescriptor> = {
  'hours:invalid_shape': msg`These hours could not be read. Set them again.`,
  'hours:invalid_time': msg`Enter both times of every range.`,
  'hours:empty_range': msg`Each range must end after it starts. For past midnight, end this day at 00:00 (12:00 AM) and open the next day at 00:00.`,
  'hours:overlap': msg`Ranges must not overlap and must go from earliest to latest.`,
  'hours:too_many': msg`At most ${rangesMax} ranges a day.`,
}

/** What the database refused that the form let through. */
const REFUSED_ERRORS = {
  'refused:time_zone': msg`The server does not know this time zone. Choose another one, for example the nearest large city.`,
  'refused:maps_url': msg`The server refused this map link. Enter a web address of at most ${mapsMax} characters starting with https:// or http://`,
  'refused:hours': msg`The server refused these opening hours. Check each day's times.`,
} as const

export type BusinessFormMessage = BusinessFormError | keyof typeof FIELD_ERRORS | keyof typeof HOURS_ERRORS | keyof typeof REFUSED_ERRORS

export const BUSINESS_FORM_MESSAGES: Record<BusinessFormMessage, MessageDescriptor> = {
  ...GENERIC_ERRORS,
  ...FIELD_ERRORS,
  ...HOURS_ERRORS,
  ...REFUSED_ERRORS,
}

/** The form path of a day's hours: the row shows its error and a failed submit focuses its first time. */
export const hoursPath = (day: Weekday) => `opening_hours.${day}`

/** validateBusinessForm as Mantine paths: field-specific words where a field has them, one path per wrong day. */
export function businessFormErrors(values: BusinessFormValues): Record<string, BusinessFormMessage> {
  const out: Record<string, BusinessFormMessage> = {}
  const { opening_hours, ...fields } = validateBusinessForm(values)
  for (const [field, code] of Object.entries(fields) as [BusinessFormField, BusinessFormError][]) {
    const specific = `${field}:${code}`
    out[field] = Object.hasOwn(FIELD_ERRORS, specific) ? (specific as keyof typeof FIELD_ERRORS) : code
  }
  for (const day of WEEKDAYS) {
    const code = opening_hours?.[day]
    if (code) out[hoursPath(day)] = `hours:${code}`
  }
  return out
}

/**
 * Where a refused profile save puts its error: the path and the code. A day's
 * hours when the database named it, else the first day with hours.
 */
export function profileRefusalError(refusal: Refusal, values: BusinessFormValues): { path: string; code: BusinessFormMessage } | null {
  if (refusal.kind === 'opening_hours') {
    const day = refusal.day ?? WEEKDAYS.find((d) => values.opening_hours[d].length > 0) ?? 'mon'
    return { path: hoursPath(day), code: 'refused:hours' }
  }
  if (refusal.kind !== 'profile_field') return null
  if (refusal.field === 'time_zone') return { path: 'time_zone', code: 'refused:time_zone' }
  if (refusal.field === 'maps_url') return { path: 'maps_url', code: 'refused:maps_url' }
  // The remaining columns' only check is their length.
  return { path: refusal.field, code: `${refusal.field}:too_long` as keyof typeof FIELD_ERRORS }
}

// FAQ ----------------------------------------------------------------------------

const questionMax = FAQ_QUESTION_MAX
const answerMax = FAQ_ANSWER_MAX

export const FAQ_MESSAGES = {
  'question:required': msg`Write the question`,
  'question:too_long': msg`Use at most ${questionMax} characters`,
  'answer:required': msg`Write the answer`,
  'answer:too_long': msg`Use at most ${answerMax} characters`,
  'question:refused': msg`The server refused this question. Write 1 to ${questionMax} characters.`,
  'answer:refused': msg`The server refused this answer. Write 1 to ${answerMax} characters.`,
} as const satisfies Record<string, MessageDescriptor>

export type FaqMessage = keyof typeof FAQ_MESSAGES

export function faqFormErrors(values: FaqFormValues): Partial<Record<keyof FaqFormValues, FaqMessage>> {
  const out: Partial<Record<keyof FaqFormValues, FaqMessage>> = {}
  for (const [field, code] of Object.entries(validateFaqForm(values)) as [keyof FaqFormValues, 'required' | 'too_long'][]) out[field] = `${field}:${code}`
  return out
}

const faqMax = FAQ_ENTRIES_MAX

/** The database's count limit, said in the dialog and beside the add button. */
export const FAQ_FULL = msg`You have ${faqMax} questions, the most there can be. Delete one to add another.`

/** Weekday names, Monday first, as the hours editor lists them. */
export const WEEKDAY_NAMES: Record<Weekday, MessageDescriptor> = {
  mon: msg`Monday`,
  tue: msg`Tuesday`,
  wed: msg`Wednesday`,
  thu: msg`Thursday`,
  fri: msg`Friday`,
  sat: msg`Saturday`,
  sun: msg`Sunday`,
}
