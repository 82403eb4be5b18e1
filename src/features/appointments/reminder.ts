// The SMS reminder call (send-sms), reduced to what the details dialog shows:
// sent, or a code it translates. The server composes the text from its own
// rows, so the body names only the appointment and the language.
import { SEND_SMS_ERRORS, type ReminderLanguage, type SendSmsError } from '../../../domain/functions.ts'
import { SMS_ALLOWED_COUNTRIES } from '../../../domain/messaging.ts'
import type { AppointmentStatus } from '../../../domain/records.ts'
import { callFunction, classifyAnswer, refusalCode, type FunctionAnswer, type InvokeResult } from '../../lib/functions.ts'

export type { ReminderLanguage }

/** The function's codes, and `unreachable` when it was never reached. */
export type ReminderErrorCode = SendSmsError | 'unreachable'

export type ReminderOutcome = { ok: true } | { ok: false; code: ReminderErrorCode }

/** The countries reminders may go to, named in the interface language: "Türkiye", "Turkey and the UK"… */
export function allowedCountryNames(locale: string, countries: readonly string[] = SMS_ALLOWED_COUNTRIES): string {
  const names = new Intl.DisplayNames([locale], { type: 'region' })
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(countries.map((c) => names.of(c) ?? c))
}

/** The function's body; any interface language other than English asks for Turkish, the product's default. */
export function reminderRequest(appointmentId: string, locale: string): { appointment_id: string; language: ReminderLanguage } {
  return { appointment_id: appointmentId, language: locale.toLowerCase().startsWith('en') ? 'en' : 'tr' }
}

function outcomeOf(answer: FunctionAnswer<SendSmsError>): ReminderOutcome {
  if (answer.kind === 'ok') return { ok: true }
  const code = refusalCode(answer)
  return { ok: false, code: code === 'network' ? 'unreachable' : code }
}

/** What `functions.invoke('send-sms', …)` gave back: its `{data, error}`. */
export async function reminderOutcome(result: InvokeResult): Promise<ReminderOutcome> {
  return outcomeOf(await classifyAnswer(result, SEND_SMS_ERRORS))
}

/** Runs the call; a throw (no connection, the client failing to load) counts as unreachable. */
export async function invokeReminder(call: () => Promise<InvokeResult>): Promise<ReminderOutcome> {
  return outcomeOf(await callFunction(call, SEND_SMS_ERRORS))
}

/**
 * Codes that may only mean the server has not seen this device's latest
 * change yet: an appointment created offline, or a status set back to
 * scheduled, is unknown or stale there until it syncs.
 */
export function mayBeUnsynced(code: ReminderErrorCode, localStatus: AppointmentStatus | string, pendingChanges: number): boolean {
  if (code === 'appointment_not_found') return true
  return code === 'not_scheduled' && localStatus === 'scheduled' && pendingChanges > 0
}
