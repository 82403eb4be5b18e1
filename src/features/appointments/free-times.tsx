// The wizard's help with the time: the free times of the chosen day, as the
// assistant would offer them to customers (free_slots, online only), to pick
// with one tap; and a warning when the chosen time overlaps appointments
// already in the calendar (read from the local store, so offline too). The
// owner may still book over them: two chairs, one name.
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { overlappingAppointments } from '../../../domain/booking.ts'
import { formatTime } from '../../../domain/calendar.ts'
import { useOnline } from '../../lib/use-online.ts'
import { useSession } from '../../lib/session.tsx'
import { customerLabel } from './messages.ts'
import { useDayAppointments, type CustomerList } from './use-appointments.ts'
import { useFreeTimes } from './use-booking.ts'

/** At most this many times as buttons: a phone screen's worth. */
const SHOWN = 16

export function FreeTimes(props: { date: string; duration: number; time: string; onPick: (time: string) => void }) {
  const { t } = useLingui()
  const online = useOnline()
  const userId = useSession().user?.id ?? null
  const free = useFreeTimes(online ? userId : null, props.date, props.duration)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(props.date)) return null
  const label = t`Free times`
  let body
  if (!online) body = <Text size="sm" c="gray.7"><Trans>Free times show when you are online.</Trans></Text>
  else if (free.isError) body = <Text size="sm" c="gray.7"><Trans>Free times could not be loaded.</Trans></Text>
  else if (!free.data) body = <Group gap={6} aria-busy="true">{[0, 1, 2, 3].map((i) => <Skeleton key={i} height={28} width={56} radius="sm" />)}</Group>
  else if (free.data.length === 0) body = <Text size="sm" c="gray.7"><Trans>No free time on this day by your opening hours and calendar.</Trans></Text>
  else {
    body = (
      <Group gap={6} role="group" aria-label={label} data-testid="free-times">
        {free.data.slice(0, SHOWN).map((time) => (
          <Button key={time} size="compact-sm" variant={time === props.time ? 'filled' : 'light'} aria-pressed={time === props.time} onClick={() => props.onPick(time)}>
            {time}
          </Button>
        ))}
      </Group>
    )
  }
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {body}
    </Stack>
  )
}

export function OverlapWarning(props: { date: string; time: string; duration: number; customers: CustomerList; exceptId?: string }) {
  const { t, i18n } = useLingui()
  const day = useDayAppointments(props.date, props.customers)
  const overlaps = overlappingAppointments(day.list, props.date, props.time, props.duration, props.exceptId)
  if (overlaps.length === 0) return null
  const names = overlaps.map((a) => `${formatTime(a.appointment_time)} ${customerLabel(i18n, a)}`).join(', ')
  return (
    <Alert color="yellow" role="status" data-testid="overlap-warning">
      {t`This time overlaps ${names}. You can still create it.`}
    </Alert>
  )
}
