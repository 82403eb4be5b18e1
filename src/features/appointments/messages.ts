// What the appointments screen says for the codes the domain and the
// reminder call return, as Lingui descriptors.
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import type { WizardError } from '../../../domain/appointment-form.ts'
import { isAppointmentStatus } from '../../../domain/calendar.ts'
import type { AppointmentStatus } from '../../../domain/records.ts'
import type { ReminderErrorCode } from './reminder.ts'

export const STATUS_LABELS: Record<AppointmentStatus, MessageDescriptor> = {
  scheduled: msg`Scheduled`,
  confirmed: msg`Confirmed`,
  completed: msg`Completed`,
  cancelled: msg`Cancelled`,
  no_show: msg`No-show`,
}

/** A status another client wrote that this version does not know is shown as stored. */
export function statusLabel(i18n: I18n, status: string): string {
  return isAppointmentStatus(status) ? i18n._(STATUS_LABELS[status]) : status
}

/**
 * Who an entry is for. An appointment can reach the device a moment before
 * its customer does (each table syncs on its own): it is not "No customer" then.
 */
export function customerLabel(i18n: I18n, a: { customer_id?: string | null; customer: { name: string } | null }): string {
  if (a.customer) return a.customer.name
  return i18n._(a.customer_id ? msg`Customer syncing…` : msg`No customer`)
}

export const FORM_ERRORS: Record<WizardError | 'invalid_status', MessageDescriptor> = {
  required: msg`This field is required`,
  invalid_date: msg`Enter a valid date`,
  invalid_time: msg`Enter a valid time`,
  invalid_duration: msg`Choose a duration from the list`,
  unknown_customer: msg`Choose a customer from the list`,
  invalid_phone: msg`Enter a valid mobile phone number`,
  invalid_email: msg`Enter a valid e-mail address`,
  invalid_status: msg`Choose a status from the list`,
}

export const REMINDER_ERRORS: Record<ReminderErrorCode, MessageDescriptor> = {
  unreachable: msg`The server cannot be reached. Check your internet connection and try again.`,
  unauthorized: msg`Your session has expired. Please sign in again.`,
  phone_not_verified: msg`Verify your phone number before sending reminders.`,
  invalid_request: msg`The request was not understood. Please reload the page and try again.`,
  appointment_not_found: msg`This appointment is not on the server yet. Try again once your changes have synced.`,
  not_scheduled: msg`Reminders can only be sent for scheduled appointments.`,
  no_phone: msg`The customer has no phone number.`,
  invalid_phone: msg`The customer's phone number is not a valid mobile number.`,
  country_not_allowed: msg`Reminders can only be sent to mobile numbers in: {countries}.`,
  rate_limited: msg`The SMS limit has been reached. Please try again later.`,
  sms_failed: msg`The SMS provider could not deliver the message.`,
  provider_not_configured: msg`SMS sending is not set up on the server yet. Please contact support.`,
  server_error: msg`The server could not send the reminder. Please try again later.`,
}

/** A stale status on the server (see mayBeUnsynced): said in place of not_scheduled. */
export const REMINDER_NOT_SYNCED = msg`Your latest changes have not reached the server yet. Try again once they have synced.`

/** "60 dakika" / "60 minutes". */
export function durationLabel(minutes: number): string {
  return plural(minutes, { one: '# minute', other: '# minutes' })
}
