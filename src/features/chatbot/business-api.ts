// The "Business info" tab's calls to Supabase, all online-only: the owner's
// business profile (read, upsert on user_id) and FAQ entries (list, add,
// edit, delete), and what a refusal of the database means for the form.
// Macro-free, so unit tests may import it.
import type { SupabaseClient } from '@supabase/supabase-js'
import {
  FAQ_ENTRIES_MAX,
  WEEKDAYS,
  type BusinessFormField,
  type BusinessProfilePayload,
  type BusinessProfileRow,
  type FaqEntryRow,
  type FaqFormValues,
  type Weekday,
} from '../../../domain/business.ts'
import { ownerRow } from '../../lib/owner-row.ts'
import { RequestFailed } from '../../lib/data-api.ts'

export const PROFILE_COLUMNS =
  'address,maps_url,contact_phone,contact_email,opening_hours,time_zone,shipping_info,returns_info,payment_info,ordering_info,updated_at'
export const FAQ_COLUMNS = 'id,question,answer,created_at,updated_at'

type Client = Pick<SupabaseClient, 'from'>

/**
 * The owner's business profile, or null when there is none (every account
 * gets one; an empty form is right if it is missing); a save writes every
 * column the form holds in one request.
 */
export const businessProfile = ownerRow<BusinessProfileRow, BusinessProfilePayload>({
  table: 'business_profiles', columns: PROFILE_COLUMNS, key: 'business-profile', what: 'the business profile',
})

/** Oldest first: the order the owner wrote them in, which stays put as entries are edited. */
export async function fetchFaqEntries(client: Client, userId: string): Promise<FaqEntryRow[]> {
  const { data, error } = await client
    .from('faq_entries')
    .select(FAQ_COLUMNS)
    .eq('user_id', userId)
    .order('created_at', { ascending: true })
    .order('id', { ascending: true })
    .limit(FAQ_ENTRIES_MAX)
  if (error) throw new RequestFailed('reading the FAQ', error)
  return (data as FaqEntryRow[] | null) ?? []
}

export async function addFaqEntry(client: Client, userId: string, values: FaqFormValues): Promise<FaqEntryRow> {
  const { data, error } = await client.from('faq_entries').insert({ ...values, user_id: userId }).select(FAQ_COLUMNS).single()
  if (error) throw new RequestFailed('adding an FAQ entry', error)
  return data as FaqEntryRow
}

/** Null when the entry is gone (deleted on another device meanwhile). */
export async function updateFaqEntry(client: Client, id: string, values: FaqFormValues): Promise<FaqEntryRow | null> {
  const { data, error } = await client.from('faq_entries').update(values).eq('id', id).select(FAQ_COLUMNS).maybeSingle()
  if (error) throw new RequestFailed('saving an FAQ entry', error)
  return (data as FaqEntryRow | null) ?? null
}

export async function deleteFaqEntry(client: Client, id: string): Promise<void> {
  const { error } = await client.from('faq_entries').delete().eq('id', id)
  if (error) throw new RequestFailed('deleting an FAQ entry', error)
}

// Refusals ----------------------------------------------------------------------

/**
 * What a check of the database (SQLSTATE 23514) refused, in the form's terms.
 * The form holds the same limits, so this is met by a value the browser and
 * Postgres judge differently (a time zone one of them does not know) or a
 * client that skipped the form's checks; the form then says which field.
 */
export type Refusal =
  | { kind: 'profile_field'; field: BusinessFormField }
  | { kind: 'opening_hours'; day: Weekday | null }
  | { kind: 'faq_field'; field: keyof FaqFormValues }
  | { kind: 'faq_count' }

const PROFILE_FIELDS: readonly BusinessFormField[] = [
  'address',
  'maps_url',
  'contact_phone',
  'contact_email',
  'time_zone',
  'shipping_info',
  'returns_info',
  'payment_info',
  'ordering_info',
]

function refusalOfConstraint(name: string, message: string): Refusal | null {
  if (name === 'business_profiles_opening_hours_check') return { kind: 'opening_hours', day: dayIn(message) }
  if (name === 'faq_entries_count_check') return { kind: 'faq_count' }
  if (name === 'faq_entries_question_check') return { kind: 'faq_field', field: 'question' }
  if (name === 'faq_entries_answer_check') return { kind: 'faq_field', field: 'answer' }
  const field = PROFILE_FIELDS.find((f) => name === `business_profiles_${f}_check`)
  return field ? { kind: 'profile_field', field } : null
}

function dayIn(message: string): Weekday | null {
  const day = /opening_hours: (\w+) /.exec(message)?.[1]
  return day && (WEEKDAYS as readonly string[]).includes(day) ? (day as Weekday) : null
}

/** The first object in `error`'s cause chain that carries a SQLSTATE (supabase-js's error, wrapped by RequestFailed). */
function postgresError(error: unknown): { code: string; message: string; details: string } | null {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const e = current as Record<string, unknown>
    if (typeof e.code === 'string' && typeof e.message === 'string') {
      return { code: e.code, message: e.message, details: typeof e.details === 'string' ? e.details : '' }
    }
    current = e.cause
  }
  return null
}

/**
 * The refusal in `error`, or null for any other failure. A column's check
 * names its constraint in the message ("violates check constraint
 * "business_profiles_address_check""); the rules the migration's triggers
 * hold raise their own message under a constraint name the data API does not
 * pass on, so those are known by the column the message starts with.
 */
export function refusalOf(error: unknown): Refusal | null {
  const pg = postgresError(error)
  if (!pg || pg.code !== '23514') return null
  const text = `${pg.message} ${pg.details}`
  const named = /constraint "([a-z_]+)"/.exec(text)?.[1]
  if (named) return refusalOfConstraint(named, text)
  if (/^opening_hours\b/.test(pg.message)) return { kind: 'opening_hours', day: dayIn(pg.message) }
  if (/^time_zone\b/.test(pg.message)) return { kind: 'profile_field', field: 'time_zone' }
  if (/\bFAQ entries\b/i.test(pg.message)) return { kind: 'faq_count' }
  return null
}
