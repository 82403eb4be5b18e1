// The SMS reminder: shown for a scheduled appointment whose customer has a
// phone number. It needs the server (the SMS is composed and sent there), so
// it is disabled offline; local changes still on their way are given a moment
// to arrive first, because the server only knows what has synced.
import { useId, useState } from 'react'
import { Button, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { Trans, useLingui } from '@lingui/react/macro'
import { canSendReminder } from '../../../domain/calendar.ts'
import { useOwnerStore } from '../../db/context.tsx'
import { getSupabase } from '../../lib/supabase.ts'
import { useOnline } from '../../lib/use-online.ts'
import { SEND_SMS_FUNCTION, SYNC_WAIT_MS } from './constants.ts'
import { Icon } from './icon.tsx'
import { REMINDER_ERRORS, REMINDER_NOT_SYNCED } from './messages.ts'
import { allowedCountryNames, invokeReminder, mayBeUnsynced, reminderRequest } from './reminder.ts'
import type { CalendarAppointment } from './use-appointments.ts'

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export function ReminderButton(props: { appointment: CalendarAppointment }) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const store = useOwnerStore()
  const [sending, setSending] = useState(false)
  const noteId = useId()
  const { appointment } = props
  if (!canSendReminder(appointment)) return null

  async function send() {
    setSending(true)
    try {
      const sync = store?.sync
      if (sync && sync.status().pending > 0) {
        await Promise.race([sync.awaitInSync().catch(() => undefined), pause(SYNC_WAIT_MS)])
      }
      const body = reminderRequest(appointment.id, i18n.locale)
      const outcome = await invokeReminder(async () => (await getSupabase()).functions.invoke(SEND_SMS_FUNCTION, { body }))
      if (outcome.ok) {
        notifications.show({ color: 'green', message: t`SMS reminder sent` })
        return
      }
      const pending = sync?.status().pending ?? 0
      const error = REMINDER_ERRORS[outcome.code]
      const reason =
        outcome.code === 'not_scheduled' && mayBeUnsynced(outcome.code, appointment.status, pending)
          ? i18n._(REMINDER_NOT_SYNCED)
          : i18n._(error.id, { countries: allowedCountryNames(i18n.locale) }, { message: error.message })
      console.error('the SMS reminder failed', outcome.code)
      notifications.show({ color: 'red', title: t`An error occurred while sending SMS.`, message: reason, autoClose: 10_000 })
    } finally {
      setSending(false)
    }
  }

  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="light"
        leftSection={<Icon name="message" size={16} />}
        onClick={() => void send()}
        loading={sending}
        disabled={!online}
        aria-describedby={online ? undefined : noteId}
        data-testid="send-reminder"
      >
        <Trans>Send SMS reminder</Trans>
      </Button>
      {!online && (
        <Text size="xs" c="gray.7" id={noteId} data-testid="reminder-offline">
          <Trans>Sending an SMS needs an internet connection.</Trans>
        </Text>
      )}
    </Stack>
  )
}
