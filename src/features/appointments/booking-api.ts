// The calendar's online-only calls for booking: the owner's booking settings
// and services (read and written under RLS), the free times of a day
// (free_slots, the owner for their own id), and how an appointment's
// automatic reminder went (appointment_reminders, read-only to the owner).
// Macro-free, so unit tests may import it.
import type { SupabaseClient } from '@supabase/supabase-js'
import { SERVICES_MAX, type BookingSettings, type FreeSlot, type ServicePayload, type ServiceRow } from '../../../domain/booking.ts'
import type { ReminderFailure } from '../../../domain/functions.ts'
import { ownerRow } from '../../lib/owner-row.ts'
import { readRow, RequestFailed } from '../../lib/data-api.ts'

type Client = Pick<SupabaseClient, 'from' | 'rpc'>

export const SETTINGS_COLUMNS = 'enabled,slot_minutes,default_duration_minutes,min_notice_minutes,max_days_ahead,buffer_minutes,capacity,reminder_hours_before'
export const SERVICE_COLUMNS = 'id,name,duration_minutes,price,currency,active'

const service = (row: ServiceRow): ServiceRow => ({ ...row, price: row.price === null ? null : Number(row.price) })

/** The owner's booking settings: null until first saved (the form then shows the defaults). */
export const bookingSettings = ownerRow<BookingSettings>({
  table: 'booking_settings', columns: SETTINGS_COLUMNS, key: 'booking-settings', what: 'the booking settings',
})

/** In name order, as the assistant lists them to customers. */
export async function fetchServices(client: Client, userId: string): Promise<ServiceRow[]> {
  const { data, error } = await client.from('services').select(SERVICE_COLUMNS).eq('user_id', userId).order('name').limit(SERVICES_MAX)
  if (error) throw new RequestFailed('reading the services', error)
  return ((data ?? []) as ServiceRow[]).map(service)
}

export async function addService(client: Client, userId: string, payload: ServicePayload): Promise<ServiceRow> {
  const { data, error } = await client.from('services').insert({ ...payload, user_id: userId }).select(SERVICE_COLUMNS).single()
  if (error) throw new RequestFailed('adding a service', error)
  return service(data as ServiceRow)
}

/** Null when the service is gone (deleted on another device meanwhile). */
export async function updateService(client: Client, id: string, payload: ServicePayload): Promise<ServiceRow | null> {
  const { data, error } = await client.from('services').update(payload).eq('id', id).select(SERVICE_COLUMNS).maybeSingle()
  if (error) throw new RequestFailed('saving a service', error)
  return data ? service(data as ServiceRow) : null
}

export async function deleteService(client: Client, id: string): Promise<void> {
  const { error } = await client.from('services').delete().eq('id', id)
  if (error) throw new RequestFailed('deleting a service', error)
}

/** The bookable start times (HH:MM) of one day for `duration` minutes, as the assistant would offer them. */
export async function fetchFreeTimes(client: Client, userId: string, date: string, duration: number): Promise<string[]> {
  const { data, error } = await client.rpc('free_slots', { p_user_id: userId, p_from: date, p_to: date, p_duration_minutes: duration })
  if (error) throw new RequestFailed('reading the free times', error)
  return ((data ?? []) as FreeSlot[]).map((slot) => slot.slot_time.slice(0, 5))
}

export type ReminderState = {
  sent_at: string | null
  attempts: number
  next_attempt_at: string | null
  last_error: ReminderFailure | string | null
}

/** How the automatic reminder of an appointment went; null before the scheduler has looked at it. */
export async function fetchReminderState(client: Client, appointmentId: string): Promise<ReminderState | null> {
  return readRow<ReminderState>(client, {
    table: 'appointment_reminders', columns: 'sent_at,attempts,next_attempt_at,last_error', where: ['appointment_id', appointmentId], what: 'the reminder',
  })
}
