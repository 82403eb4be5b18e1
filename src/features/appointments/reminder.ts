// The SMS reminder call (send-sms), reduced to what the details dialog shows:
// sent, or a code it translates. The server composes the text from its own
// rows, so the body names only the appointment and the language.
import { SMS_ALLOWED_COUNTRIES } from '../../../domain/messaging.ts'
import type { AppointmentStatus } from '../../../domain/records.ts'

export type ReminderLanguage = 'tr' | 'en'

export type ReminderErrorCode =
  | 'unreachable'
  | 'unauthorized'
  | 'phone_not_verified'
  | 'invalid_request'
  | 'appointment_not_found'
  | 'not_scheduled'
  | 'no_phone'
  | 'invalid_phone'
  | 'country_not_allowed'
  | 'rate_limited'
  | 'sms_failed'
  | 'provider_not_configured'
  | 'server_error'

export type ReminderOutcome = { ok: true } | { ok: false; code: ReminderErrorCode }

const SERVER_CODES: readonly ReminderErrorCode[] = [
  'unauthorized',
  'phone_not_verified',
  'invalid_request',
  'appointment_not_found',
  'not_scheduled',
  'no_phone',
  'invalid_phone',
  'country_not_allowed',
  'rate_limited',
  'sms_failed',
  'provider_not_configured',
  'server_error',
]

/** The countries reminders may go to, named in the interface language: "Türkiye", "Turkey and the UK"… */
export function allowedCountryNames(locale: string, countries: readonly string[] = SMS_ALLOWED_COUNTRIES): string {
  const names = new Intl.DisplayNames([locale], { type: 'region' })
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(countries.map((c) => names.of(c) ?? c))
}

/** The function's body; any interface language other than English asks for Turkish, the product's default. */
export function reminderRequest(appointmentId: string, locale: string): { appointment_id: string; language: ReminderLanguage } {
  return { appointment_id: appointmentId, language: locale.toLowerCase().startsWith('en') ? 'en' : 'tr' }
}

type Reply = { success?: unknown; error?: unknown }

/** A FunctionsHttpError carries the function's reply in its Response, which can be read only once. */
async function errorReply(error: unknown): Promise<Reply | null> {
  const context = (error as { context?: unknown }).context
  if (!context || typeof (context as Response).json !== 'function') return null
  try {
    const body: unknown = await (context as Response).json()
    return body && typeof body === 'object' ? (body as Reply) : null
  } catch {
    return null
  }
}

function rejected(reply: Reply | null): ReminderOutcome {
  const code = SERVER_CODES.find((c) => c === reply?.error)
  return { ok: false, code: code ?? 'server_error' }
}

/** What `functions.invoke('send-sms', …)` gave back: its `{data, error}`. */
export async function reminderOutcome(result: { data: unknown; error: unknown }): Promise<ReminderOutcome> {
  const { data, error } = result
  if (error) {
    // FunctionsFetchError and FunctionsRelayError: the function was never reached.
    if ((error as { name?: unknown }).name !== 'FunctionsHttpError') return { ok: false, code: 'unreachable' }
    return rejected(await errorReply(error))
  }
  const reply = data && typeof data === 'object' ? (data as Reply) : null
  return reply?.success === true ? { ok: true } : rejected(reply)
}

/** Runs the call; a throw (no connection, the client failing to load) counts as unreachable. */
export async function invokeReminder(call: () => Promise<{ data: unknown; error: unknown }>): Promise<ReminderOutcome> {
  try {
    return await reminderOutcome(await call())
  } catch {
    return { ok: false, code: 'unreachable' }
  }
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
