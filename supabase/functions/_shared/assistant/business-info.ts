// What the model reads of the business through get_business_info: the
// owner's texts by topic, a field left empty named as not written (with the
// contact details, if any) rather than filled in, and the hours worked out on
// the owner's clock, so that the model does no date arithmetic.
import {
  DEFAULT_TIME_ZONE,
  hasAnyHours,
  hoursStatus,
  isTimeZone,
  minutesToTime,
  rangesOf,
  weekdayAfter,
  WEEKDAYS,
  type OpeningHours,
  type Weekday,
} from '../../../../domain/business.ts'
import type { BusinessProfile } from './types.ts'

export const BUSINESS_TOPICS = ['hours', 'location', 'contact', 'shipping', 'returns', 'payment', 'ordering', 'all'] as const
export type BusinessTopic = (typeof BUSINESS_TOPICS)[number]

type InfoField = 'address' | 'maps_url' | 'phone' | 'email' | 'hours' | 'shipping' | 'returns' | 'payment' | 'ordering'
type TextField = Exclude<InfoField, 'hours'>

const ALL_FIELDS: InfoField[] = ['address', 'maps_url', 'phone', 'email', 'hours', 'shipping', 'returns', 'payment', 'ordering']

const TOPIC_FIELDS: Record<BusinessTopic, InfoField[]> = {
  hours: ['hours'],
  location: ['address', 'maps_url'],
  contact: ['phone', 'email'],
  shipping: ['shipping'],
  returns: ['returns'],
  payment: ['payment'],
  ordering: ['ordering'],
  all: ALL_FIELDS,
}

const PROFILE_COLUMNS: Record<TextField, keyof BusinessProfile> = {
  address: 'address',
  maps_url: 'maps_url',
  phone: 'contact_phone',
  email: 'contact_email',
  shipping: 'shipping_info',
  returns: 'returns_info',
  payment: 'payment_info',
  ordering: 'ordering_info',
}

const DAY_NAMES: Record<Weekday, string> = {
  mon: 'monday',
  tue: 'tuesday',
  wed: 'wednesday',
  thu: 'thursday',
  fri: 'friday',
  sat: 'saturday',
  sun: 'sunday',
}

/** One day's opening, as the model reads it: "09:00-18:00" ranges, or closed. */
export type DayHours = { day: string; date: string; hours: string[] | 'closed' }

export type HoursFacts = {
  time_zone: string
  /** The owner's local date, weekday and time at this message. */
  now: { date: string; day: string; time: string }
  open_now: boolean
  /** While open: when this opening ends (24:00 for midnight); null when it never ends. */
  closes_at?: string | null
  /** Open now and every day around the clock. */
  always_open?: true
  /** While open and the closing is on a later day (open across midnight). */
  closes_on?: { day: string; date: string }
  /** While closed: the next opening within a week. */
  opens_at?: { day: string; date: string; time: string; in_days: number } | null
  today: DayHours
  tomorrow: DayHours
  weekly: Record<string, string[] | 'closed'>
}

export type BusinessInfo = {
  topic: BusinessTopic
  address?: string
  maps_url?: string
  phone?: string
  email?: string
  hours?: HoursFacts
  shipping?: string
  returns?: string
  payment?: string
  ordering?: string
  not_written_by_owner?: InfoField[]
  note?: string
}

const written = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null)

/** `YYYY-MM-DD` plus whole days, as a calendar counts them (no clock, so no daylight-saving shift). */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}

function rangesText(hours: OpeningHours, day: Weekday): string[] | 'closed' {
  const ranges = rangesOf(hours, day)
  return ranges.length > 0 ? ranges.map(([from, to]) => `${from}-${to}`) : 'closed'
}

function dayHours(hours: OpeningHours, day: Weekday, date: string): DayHours {
  return { day: DAY_NAMES[day], date, hours: rangesText(hours, day) }
}

export function hoursFacts(hours: OpeningHours, timeZone: string, now: Date): HoursFacts {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE
  const status = hoursStatus(hours, zone, now)
  const { local } = status
  const facts: HoursFacts = {
    time_zone: zone,
    now: { date: local.date, day: DAY_NAMES[local.weekday], time: minutesToTime(local.minutes) },
    open_now: status.open,
    today: dayHours(hours, local.weekday, local.date),
    tomorrow: dayHours(hours, weekdayAfter(local.weekday, 1), addDays(local.date, 1)),
    weekly: Object.fromEntries(WEEKDAYS.map((day) => [DAY_NAMES[day], rangesText(hours, day)])),
  }
  if (status.open) {
    facts.closes_at = status.closesAt
    if (status.closesAt === null) facts.always_open = true
    const laterDay = status.closesInDays ?? 0
    if (status.closesAt !== null && laterDay > 0) {
      facts.closes_on = { day: DAY_NAMES[weekdayAfter(local.weekday, laterDay)], date: addDays(local.date, laterDay) }
    }
  } else {
    const next = status.opensAt
    facts.opens_at = next && { day: DAY_NAMES[next.weekday], date: addDays(local.date, next.inDays), time: next.time, in_days: next.inDays }
  }
  return facts
}

/** get_business_info's answer: the fields of the topic the owner wrote; the rest named as not written, with a way to ask. */
export function businessInfo(profile: BusinessProfile | null, topic: BusinessTopic, now: Date): BusinessInfo {
  const info: BusinessInfo = { topic }
  const missing: InfoField[] = []
  const text = (field: TextField) => written(profile?.[PROFILE_COLUMNS[field]])
  for (const field of TOPIC_FIELDS[topic]) {
    if (field === 'hours') {
      if (profile && hasAnyHours(profile.opening_hours)) info.hours = hoursFacts(profile.opening_hours, profile.time_zone, now)
      else missing.push('hours')
      continue
    }
    const value = text(field)
    if (value === null) missing.push(field)
    else info[field] = value
  }
  if (missing.length > 0) {
    info.not_written_by_owner = missing
    // The customer still needs somewhere to ask what is missing.
    for (const field of ['phone', 'email'] as const) {
      const value = text(field)
      if (value !== null && info[field] === undefined) info[field] = value
    }
    const contact = info.phone !== undefined || info.email !== undefined
    info.note =
      'The owner has not written the fields in not_written_by_owner. Do not guess them: say you do not have that information' +
      (contact ? ' and offer the phone or e-mail given here.' : '. The owner has written no phone or e-mail either.')
  }
  return info
}
