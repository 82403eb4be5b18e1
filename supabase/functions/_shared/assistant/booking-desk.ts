// The assistant's way into one owner's calendar (types.ts BookingDesk), over
// the database functions of migration 20261130000100: free_slots,
// book_appointment (the one locked booking path), customer_bookings and
// cancel_booking. The client is the service role's, so every call names the
// owner, and the customer is only ever who the channel vouches for: the
// WhatsApp sender's number, or on the widget this conversation.
import type { SupabaseClient } from '@supabase/supabase-js'
import { isBookingRefusal, type FreeSlot } from '../../../../domain/booking.ts'
import { localTime } from '../../../../domain/business.ts'
import type { BookableService, BookingDesk, BookingRules, CustomerBooking } from './types.ts'

export type BookingDeskOptions = {
  /** The conversation the customer writes in; null before it exists (a first message). */
  conversationId: string | null
  /** WhatsApp: the sender's number in E.164. Null on the widget, where a customer types it. */
  phone: string | null
  timeZone: string
  now: Date
  /** The owner's preview: nothing is booked or cancelled. */
  dryRun?: boolean
}

type BookedRow = { appointment_id?: string; error: string | null }
type UpcomingRow = {
  id: string
  appointment_date: string
  appointment_time: string
  duration_minutes: number
  service_id: string | null
  service_name: string | null
  customer_name: string | null
  phone_number: string | null
}

const hhmm = (time: string) => time.slice(0, 5)

export function createBookingDesk(client: SupabaseClient, ownerId: string, opts: BookingDeskOptions): BookingDesk {
  const now = opts.now.toISOString()
  const local = localTime(opts.now, opts.timeZone)
  let loaded: ReturnType<BookingDesk['load']> | undefined
  return {
    knownPhone: opts.phone,
    today: local.date,
    nowMinutes: local.minutes,
    dryRun: opts.dryRun ?? false,
    load() {
      loaded ??= (async () => {
        const [settings, services] = await Promise.all([
          client.from('booking_settings').select('enabled, slot_minutes, default_duration_minutes, max_days_ahead, min_notice_minutes, reminder_hours_before').eq('user_id', ownerId).maybeSingle(),
          client.from('services').select('id, name, duration_minutes, price, currency').eq('user_id', ownerId).eq('active', true).order('name').limit(50),
        ])
        if (settings.error) throw new Error(`reading the booking settings failed: ${settings.error.message}`)
        if (services.error) throw new Error(`reading the services failed: ${services.error.message}`)
        const rules: BookingRules = (settings.data as BookingRules | null) ?? { enabled: false, slot_minutes: 30, default_duration_minutes: 60, max_days_ahead: 30, min_notice_minutes: 120, reminder_hours_before: null }
        const list = ((services.data ?? []) as BookableService[]).map((s) => ({ ...s, price: s.price === null ? null : Number(s.price) }))
        return { rules, services: list }
      })()
      return loaded
    },
    async freeSlots(from, to, duration) {
      const { data, error } = await client.rpc('free_slots', { p_user_id: ownerId, p_from: from, p_to: to, p_duration_minutes: duration, p_now: now })
      if (error) throw new Error(`reading free times failed: ${error.message}`)
      return ((data ?? []) as FreeSlot[]).map((slot) => ({ ...slot, slot_time: hhmm(slot.slot_time) }))
    },
    async book(request) {
      if (opts.dryRun) return { ok: true, appointmentId: crypto.randomUUID() }
      const { data, error } = await client.rpc('book_appointment', {
        p_user_id: ownerId,
        p_date: request.date,
        p_time: request.time,
        p_duration_minutes: request.duration,
        p_service_id: request.serviceId,
        p_customer_name: request.name,
        p_phone: request.phone,
        p_conversation_id: opts.conversationId,
        p_language: request.language,
        p_replaces: request.replaces ?? null,
        p_now: now,
      })
      if (error) throw new Error(`booking failed: ${error.code} ${error.message}`)
      const row = data as BookedRow
      if (row.error === null && row.appointment_id) return { ok: true, appointmentId: row.appointment_id }
      if (isBookingRefusal(row.error)) return { ok: false, refusal: row.error }
      throw new Error(`booking answered neither an appointment nor a refusal: ${JSON.stringify(row)}`)
    },
    async upcoming() {
      if (!opts.phone && !opts.conversationId) return []
      const { data, error } = await client.rpc('customer_bookings', {
        p_user_id: ownerId, p_phone: opts.phone, p_conversation_id: opts.conversationId, p_now: now,
      })
      if (error) throw new Error(`reading the customer's appointments failed: ${error.message}`)
      return ((data ?? []) as UpcomingRow[]).map((row): CustomerBooking => ({
        id: row.id, date: row.appointment_date, time: hhmm(row.appointment_time), duration: row.duration_minutes,
        serviceId: row.service_id, serviceName: row.service_name, customerName: row.customer_name, phone: row.phone_number,
      }))
    },
    async cancel(id) {
      if (opts.dryRun) return true
      const { data, error } = await client.rpc('cancel_booking', { p_user_id: ownerId, p_appointment_id: id })
      if (error) throw new Error(`cancelling failed: ${error.message}`)
      return (data as { cancelled: boolean }).cancelled
    },
    async knownName() {
      if (!opts.phone) return null
      const { data, error } = await client
        .from('customers').select('name').eq('user_id', ownerId).eq('phone_number', opts.phone).eq('_deleted', false)
        .order('created_at').limit(1).maybeSingle()
      if (error) throw new Error(`reading the customer failed: ${error.message}`)
      return (data as { name: string } | null)?.name ?? null
    },
  }
}
