// The automatic appointment reminders: every minute a scheduler (pg_cron on
// a hosted project, the local stack's timer here) calls send-reminders, which
// runs this. Each due reminder is claimed in the database first
// (claim_due_reminders, migration 20261130000100), so two schedulers racing
// never send the same one, then sent exactly as the owner's reminder button
// sends it: the same text, the owner's SMS allowance, the same countries.
// The outcome is written back (finish_reminder): sent, or the failure's code,
// retried with backoff unless no retry can mend it.
import type { SupabaseClient } from '@supabase/supabase-js'
import { FINAL_REMINDER_FAILURES, type ReminderFailure, type ReminderLanguage } from '../../../domain/functions.ts'
import { ProviderConfigError } from './deployment.ts'
import { createMessageLog } from './message-log.ts'
import { composeReminder } from './reminder.ts'
import { reminderRecipientRefusal, sendReminderSms } from './reminder-sms.ts'
import { createSmsProvider, type SmsProvider } from './sms.ts'

/** How many reminders one run takes at most; the rest wait for the next minute. */
export const REMINDERS_PER_RUN = 50

type Claimed = {
  appointment_id: string
  user_id: string
  appointment_date: string
  appointment_time: string
  for_start: string
  customer_name: string | null
  phone_number: string
  business_name: string | null
  language: ReminderLanguage
  attempt: number
}

export type ReminderRun = { claimed: number; sent: number; failed: number }

export type ReminderJobOptions = {
  /** The run's clock (default now): which reminders are due, and when a failed one is retried. */
  now?: Date
  /** Default: the deployment's SMS provider. */
  sms?: SmsProvider
  limit?: number
}

export async function sendDueReminders(db: SupabaseClient, opts: ReminderJobOptions = {}): Promise<ReminderRun> {
  const now = opts.now?.toISOString() ?? null
  const { data, error } = await db.rpc('claim_due_reminders', { p_now: now, p_limit: opts.limit ?? REMINDERS_PER_RUN })
  if (error) throw new Error(`claiming due reminders failed: ${error.code} ${error.message}`)
  const claimed = (data ?? []) as Claimed[]
  const run: ReminderRun = { claimed: claimed.length, sent: 0, failed: 0 }
  if (claimed.length === 0) return run

  let sms: SmsProvider | ReminderFailure
  try {
    sms = opts.sms ?? createSmsProvider({ log: createMessageLog(db) })
  } catch (e) {
    if (!(e instanceof ProviderConfigError)) throw e
    console.error('send-reminders: SMS provider not configured:', e.message)
    sms = 'provider_not_configured'
  }
  for (const reminder of claimed) {
    const failure = typeof sms === 'string' ? sms : await sendOne(db, sms, reminder)
    const { error: finishError } = await db.rpc('finish_reminder', {
      p_appointment_id: reminder.appointment_id,
      p_for_start: reminder.for_start,
      p_sent: failure === null,
      p_error: failure,
      p_now: now,
      p_retry: failure === null || !FINAL_REMINDER_FAILURES.includes(failure),
    })
    if (finishError) throw new Error(`recording a reminder's outcome failed: ${finishError.code} ${finishError.message}`)
    if (failure === null) run.sent += 1
    else run.failed += 1
  }
  return run
}

/** null when the provider took the reminder; otherwise why not. */
async function sendOne(db: SupabaseClient, sms: SmsProvider, r: Claimed): Promise<ReminderFailure | null> {
  const to = r.phone_number.trim()
  const refusal = reminderRecipientRefusal(to)
  if (refusal) return refusal
  const message = composeReminder({
    customerName: r.customer_name ?? '',
    date: r.appointment_date,
    time: r.appointment_time,
    businessName: r.business_name,
    language: r.language,
  })
  const outcome = await sendReminderSms(db, sms, { userId: r.user_id, appointmentId: r.appointment_id, to, message }, 'send-reminders')
  return outcome.status === 'sent' ? null : outcome.status
}
