// How an appointment's automatic reminder went (appointment_reminders): sent
// and when, or why it failed and whether it will be tried again. Online only;
// nothing is shown before the scheduler has looked at the appointment.
import { Text } from '@mantine/core'
import { useLingui } from '@lingui/react/macro'
import { isCode, REMINDER_FAILURES } from '../../../domain/functions.ts'
import { REMINDER_ERRORS } from './messages.ts'
import { allowedCountryNames } from './reminder.ts'
import { useReminderState } from './use-booking.ts'

export function AutoReminder(props: { appointmentId: string }) {
  const { t, i18n } = useLingui()
  const state = useReminderState(props.appointmentId).data
  if (!state) return null
  const at = (iso: string) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
  if (state.sent_at) {
    const when = at(state.sent_at)
    return <Text size="sm" c="gray.7" data-testid="auto-reminder">{t`Reminder sent: ${when}`}</Text>
  }
  if (!state.last_error) return null
  const reason = isCode(REMINDER_FAILURES, state.last_error)
    ? i18n._(REMINDER_ERRORS[state.last_error].id, { countries: allowedCountryNames(i18n.locale) }, { message: REMINDER_ERRORS[state.last_error].message })
    : state.last_error
  const retry = state.next_attempt_at ? at(state.next_attempt_at) : null
  return (
    <Text size="sm" c="red.8" role="status" data-testid="auto-reminder">
      {retry ? t`The automatic reminder failed: ${reason} It will be tried again at ${retry}.` : t`The automatic reminder failed: ${reason}`}
    </Text>
  )
}
