// One day's appointments: the long date, how many, each appointment (time,
// status, customer and contact, description) opening its details, and a
// new-appointment button that starts the wizard on this day.
import { Badge, Button, Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatLongDate, formatTime, statusColor, type DayKey } from '../../../domain/calendar.ts'
import { formatPhone } from '../../../domain/customers.ts'
import { ResponsiveModal } from '../../components/responsive-modal.tsx'
import { Icon } from './icon.tsx'
import { customerLabel } from './messages.ts'
import { StatusBadge } from './status-badge.tsx'
import { useDayAppointments, type CustomerList } from './use-appointments.ts'
import classes from './appointments.module.css'

export type DayListModalProps = {
  opened: boolean
  day: DayKey
  customers: CustomerList
  onClose: () => void
  onAppointment: (id: string) => void
  onNew: (day: DayKey) => void
}

export function DayListModal(props: DayListModalProps) {
  const { i18n } = useLingui()
  return (
    <ResponsiveModal opened={props.opened} onClose={props.onClose} title={props.day ? formatLongDate(props.day, i18n.locale) : ''} testId="day-list">
      {props.day && <DayList {...props} />}
    </ResponsiveModal>
  )
}

function DayList(props: DayListModalProps) {
  const { t, i18n } = useLingui()
  const { list, loading } = useDayAppointments(props.day, props.customers)
  const count = list.length

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="gray.7" aria-live="polite" data-testid="day-count">
          {loading ? t`Loading…` : plural(count, { one: '# appointment', other: '# appointments' })}
        </Text>
        <Button leftSection={<Icon name="plus" size={16} />} onClick={() => props.onNew(props.day)}>
          <Trans>New appointment</Trans>
        </Button>
      </Group>
      {loading ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={72} radius="md" />
          <Skeleton height={72} radius="md" />
        </Stack>
      ) : count === 0 ? (
        <Text ta="center" c="gray.7" py="lg" data-testid="day-empty">
          <Trans>No appointments on this day.</Trans>
        </Text>
      ) : (
        <ul className={classes.dayList}>
          {list.map((a) => {
            const time = formatTime(a.appointment_time)
            const name = customerLabel(i18n, a)
            const contact = a.customer
              ? [a.customer.phone_number ? formatPhone(a.customer.phone_number) : null, a.customer.email].filter(Boolean).join(' · ')
              : ''
            return (
              <li key={a.id}>
                {/* Phrasing content only: the whole card is one button. */}
                <UnstyledButton className={classes.dayItem} data-status={a.status} data-color={statusColor(a.status)} onClick={() => props.onAppointment(a.id)} data-testid="day-appointment">
                  <span className={classes.dayItemTop}>
                    <Text span fw={700} className={classes.entryTime}>
                      {time}
                    </Text>
                    <span className={classes.badges}>
                      {a.source === 'assistant' && (
                        <Badge variant="light" color="teal" size="sm">
                          <Trans>Assistant</Trans>
                        </Badge>
                      )}
                      <StatusBadge status={a.status} />
                    </span>
                  </span>
                  <Text span fw={600} mt={4} className={classes.block}>
                    {name}
                  </Text>
                  {contact && (
                    <Text span size="sm" c="gray.7" className={classes.block}>
                      {contact}
                    </Text>
                  )}
                  {a.description && (
                    <Text span size="sm" mt={4} lineClamp={3} className={classes.preLine}>
                      {a.description}
                    </Text>
                  )}
                </UnstyledButton>
              </li>
            )
          })}
        </ul>
      )}
    </Stack>
  )
}
