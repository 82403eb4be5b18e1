// /dashboard/appointments: the month calendar with its counts, the day list,
// the details of an appointment and the new-appointment wizard. Everything is
// read from and written to the local store, so it works offline and syncs
// later; only the SMS reminder needs the server.
import { useState } from 'react'
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatMonth, monthOf, nextMonth, previousMonth, sameMonth, type DayKey, type MonthRef } from '../../../domain/calendar.ts'
import type { AppointmentRecord } from '../../../domain/records.ts'
import { StatCard } from '../../components/stat-card.tsx'
import { AppointmentDetailsModal } from './appointment-details-modal.tsx'
import { AppointmentWizard } from './appointment-wizard.tsx'
import { BookingSettingsModal } from './booking-settings-modal.tsx'
import { useSession } from '../../lib/session.tsx'
import { DayListModal } from './day-list-modal.tsx'
import { Icon } from './icon.tsx'
import { MonthCalendar } from './month-calendar.tsx'
import { useCustomerList, useMonthAppointments } from './use-appointments.ts'
import { useToday } from './use-today.ts'
import classes from './appointments.module.css'

type Dialog = 'day' | 'details' | 'new'

/**
 * Dialogs open over one another in a stack: the day list, then an
 * appointment's details or the wizard started from it; closing the top one
 * returns to the one below. What each dialog shows is kept apart from the
 * stack so a closing dialog keeps its content while it fades out.
 */
type Dialogs = { stack: Dialog[]; day: DayKey; id: string; date: DayKey; openings: number }

export function AppointmentsScreen() {
  const { t, i18n } = useLingui()
  const today = useToday()
  const [month, setMonth] = useState<MonthRef>(() => monthOf(new Date()))
  const customers = useCustomerList()
  const data = useMonthAppointments(month, today, customers)
  const [dialogs, setDialogs] = useState<Dialogs>({ stack: [], day: '', id: '', date: '', openings: 0 })
  const top = dialogs.stack.at(-1)
  const isCurrentMonth = sameMonth(month, monthOf(today))
  const userId = useSession().user?.id ?? null
  const [bookingOpen, setBookingOpen] = useState(false)

  const open = (dialog: Dialog, change: Partial<Dialogs>) => setDialogs((d) => ({ ...d, ...change, stack: [...d.stack, dialog], openings: d.openings + 1 }))
  const closeTop = () => setDialogs((d) => ({ ...d, stack: d.stack.slice(0, -1) }))
  /** What the details and the wizard both take: they start afresh on every opening, and closing returns to the dialog below. */
  const stacked = { openings: dialogs.openings, customers, onClose: closeTop }

  function created(appointment: AppointmentRecord) {
    closeTop()
    // A new appointment in another month: show that month, where it now is.
    setMonth(monthOf(appointment.appointment_date))
    notifications.show({ color: 'green', message: t`The appointment was created.` })
  }

  const monthName = formatMonth(month, i18n.locale)
  const stats = data.stats
  const loadingValue = data.loading ? '–' : null

  return (
    <Stack gap="md">
      <div className={classes.header}>
        <div>
          <Title order={1}>
            <Trans>Appointments</Trans>
          </Title>
          <Text c="gray.7" mt={4}>
            <Trans>Plan your appointments, follow their status and remind customers by SMS.</Trans>
          </Text>
        </div>
        <Group gap="sm">
          {userId && (
            <Button variant="default" onClick={() => setBookingOpen(true)} data-testid="open-booking-settings">
              <Trans>Online booking</Trans>
            </Button>
          )}
          <Button leftSection={<Icon name="plus" size={16} />} onClick={() => open('new', { date: '' })}>
            <Trans>New appointment</Trans>
          </Button>
        </Group>
      </div>

      <SimpleGrid cols={3} spacing="sm" data-testid="appointment-stats">
        <StatCard
          label={isCurrentMonth ? t`Appointments this month` : t`Appointments in ${monthName}`}
          value={loadingValue ?? stats.total}
          testId="stat-total"
        />
        <StatCard label={t`Completed appointments`} value={loadingValue ?? stats.completed} testId="stat-completed" />
        <StatCard label={t`Scheduled appointments`} value={loadingValue ?? stats.scheduled} testId="stat-scheduled" />
      </SimpleGrid>

      <MonthCalendar
        month={month}
        isCurrentMonth={isCurrentMonth}
        data={data}
        onPrevious={() => setMonth(previousMonth)}
        onNext={() => setMonth(nextMonth)}
        onToday={() => setMonth(monthOf(today))}
        onDay={(day) => open('day', { day })}
        onAppointment={(id) => open('details', { id })}
      />

      <DayListModal
        opened={top === 'day'}
        day={dialogs.day}
        customers={customers}
        onClose={closeTop}
        onAppointment={(id) => open('details', { id })}
        onNew={(date) => open('new', { date })}
      />
      <AppointmentDetailsModal opened={top === 'details'} id={dialogs.id} onDeleted={closeTop} {...stacked} />
      <AppointmentWizard opened={top === 'new'} date={dialogs.date} onCreated={created} {...stacked} />
      {userId && <BookingSettingsModal opened={bookingOpen} onClose={() => setBookingOpen(false)} userId={userId} />}
    </Stack>
  )
}

