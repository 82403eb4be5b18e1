// An appointment reminder on its way out by SMS, the same whether the owner's
// button (send-sms) or the automatic reminders (reminder-job.ts) send it: to
// a number in E.164 of a country the business sells to, and within the
// owner's hourly and daily SMS allowance.
import type { SupabaseClient } from '@supabase/supabase-js'
import { smsCountryOf } from '../../../domain/messaging.ts'
import { isE164 } from '../../../domain/phone.ts'
import { RATE_LIMITS, rateCheck, releaseRateLimits } from './rate-limits.ts'
import type { SmsProvider } from './sms.ts'

/** Why a reminder cannot go to this number, or null when it can. */
export function reminderRecipientRefusal(to: string): 'invalid_phone' | 'country_not_allowed' | null {
  if (!isE164(to)) return 'invalid_phone'
  if (!smsCountryOf(to)) return 'country_not_allowed'
  return null
}

export type ReminderSms = { userId: string; appointmentId: string; to: string; message: string }

/** `id` is the outgoing_messages row of the text. */
export type ReminderSmsOutcome = { status: 'sent'; id: string } | { status: 'rate_limited'; retryAfter: number } | { status: 'sms_failed'; id: string }

type Reservation = { id: string; at: string; error: null } | { id: null; error: 'rate_limited'; retry_after: number }

/**
 * Sends the reminder. The allowance is taken and the message recorded as
 * queued in one locked transaction (reserve_sms), so parallel requests cannot
 * all pass the limit and an SMS the provider accepted is never missing from
 * the log. `caller` names the function in the log.
 */
export async function sendReminderSms(db: SupabaseClient, sms: SmsProvider, r: ReminderSms, caller: string): Promise<ReminderSmsOutcome> {
  const limits = [rateCheck(RATE_LIMITS.smsOwnerHourly, `sms:owner:${r.userId}`), rateCheck(RATE_LIMITS.smsOwnerDaily, `sms:owner:${r.userId}`)]
  const reserved = await db.rpc('reserve_sms', {
    p_user_id: r.userId,
    p_recipient: r.to,
    p_body: r.message,
    p_provider: sms.name,
    p_appointment_id: r.appointmentId,
    p_limits: limits,
  })
  if (reserved.error) throw new Error(`reserving a reminder SMS failed: ${reserved.error.code} ${reserved.error.message}`)
  const reservation = reserved.data as Reservation
  if (reservation.id === null) return { status: 'rate_limited', retryAfter: reservation.retry_after }
  const sent = await sms.send(r.to, r.message, { userId: r.userId, appointmentId: r.appointmentId, reservedId: reservation.id })
  if (sent.status === 'failed') {
    console.error(`${caller}: SMS provider failed:`, sent.error)
    // A reminder that never left does not use the allowance; one whose outcome is unknown does.
    await releaseRateLimits(db, limits, reservation.at)
    return { status: 'sms_failed', id: sent.id }
  }
  return { status: 'sent', id: sent.id }
}
