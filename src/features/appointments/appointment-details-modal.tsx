// One appointment: its customer, the appointment itself (read, or edited in
// place), a quick action for every other status, the SMS reminder, delete and
// close. It follows the store live, so a change synced from another device
// shows at once.
import { useId, useState, type FormEvent } from 'react'
import { Alert, Anchor, Button, Group, Modal, NativeSelect, SimpleGrid, Skeleton, Stack, Text, TextInput, Textarea, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { modals } from '@mantine/modals'
import { notifications } from '@mantine/notifications'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  appointmentToEditForm,
  changedAppointmentFields,
  formatLongDate,
  formatTime,
  otherStatuses,
  statusColor,
  validateAppointmentEdit,
  type AppointmentEditValues,
} from '../../../domain/calendar.ts'
import { formatPhone } from '../../../domain/customers.ts'
import { APPOINTMENT_DURATIONS, APPOINTMENT_STATUSES, type AppointmentStatus, type CustomerRecord } from '../../../domain/records.ts'
import { useRecordActions } from '../../db/hooks.ts'
import { PHONE_QUERY } from './constants.ts'
import { appointmentChangeFields } from './fields.ts'
import { durationLabel, FORM_ERRORS, STATUS_LABELS, statusLabel } from './messages.ts'
import { ReminderButton } from './reminder-button.tsx'
import { StatusBadge } from './status-badge.tsx'
import { useAppointment, type CalendarAppointment, type CustomerList } from './use-appointments.ts'
import classes from './appointments.module.css'

export type AppointmentDetailsModalProps = {
  opened: boolean
  /** Changes with every opening, so the dialog starts in view mode each time. */
  openings: number
  id: string
  customers: CustomerList
  onClose: () => void
  onDeleted: () => void
}

export function AppointmentDetailsModal(props: AppointmentDetailsModalProps) {
  const { t } = useLingui()
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false })
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t`Appointment details`}
      fullScreen={phone}
      size="lg"
      closeButtonProps={{ 'aria-label': t`Close` }}
      data-testid="appointment-details"
    >
      {props.id && <Details key={`${props.openings}:${props.id}`} {...props} />}
    </Modal>
  )
}

function Details(props: AppointmentDetailsModalProps) {
  const { t, i18n } = useLingui()
  const { appointment, loading } = useAppointment(props.id, props.customers)
  const actions = useRecordActions('appointments')
  const [editing, setEditing] = useState(false)
  const actionsLabel = useId()

  if (loading) {
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton height={90} radius="md" />
        <Skeleton height={160} radius="md" />
      </Stack>
    )
  }
  if (!appointment) {
    return (
      <Stack gap="md" align="flex-start">
        <Text>
          <Trans>This appointment no longer exists.</Trans>
        </Text>
        <Button variant="default" onClick={props.onClose}>
          <Trans>Close</Trans>
        </Button>
      </Stack>
    )
  }

  const date = formatLongDate(appointment.appointment_date, i18n.locale)
  const time = formatTime(appointment.appointment_time)

  function confirmStatus(status: AppointmentStatus) {
    const label = i18n._(STATUS_LABELS[status])
    modals.openConfirmModal({
      title: t`Change status`,
      children: <Text size="sm">{t`Change the status of this appointment to “${label}”?`}</Text>,
      labels: { confirm: t`Change to “${label}”`, cancel: t`Cancel` },
      closeButtonProps: { 'aria-label': t`Close` },
      onConfirm: async () => {
        try {
          await actions.update(props.id, { status })
          notifications.show({ color: 'green', message: t`Status changed to “${label}”.` })
        } catch (error) {
          console.error('changing the status failed', error)
          notifications.show({ color: 'red', message: t`An error occurred while updating the appointment status.` })
        }
      },
    })
  }

  function confirmDelete() {
    modals.openConfirmModal({
      title: t`Delete appointment`,
      children: <Text size="sm">{t`Delete the appointment on ${date} at ${time}? This cannot be undone.`}</Text>,
      labels: { confirm: t`Delete`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t`Close` },
      onConfirm: async () => {
        try {
          await actions.remove([props.id])
          notifications.show({ color: 'green', message: t`The appointment was deleted.` })
          props.onDeleted()
        } catch (error) {
          console.error('deleting an appointment failed', error)
          notifications.show({ color: 'red', message: t`An error occurred while deleting the appointment.` })
        }
      },
    })
  }

  return (
    <Stack gap="lg">
      <CustomerInfo customer={appointment.customer} />

      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4">
            <Trans>Appointment</Trans>
          </Title>
          {!editing && (
            <Button variant="default" size="xs" onClick={() => setEditing(true)}>
              <Trans>Edit</Trans>
            </Button>
          )}
        </Group>
        {editing ? (
          <EditForm appointment={appointment} onDone={() => setEditing(false)} />
        ) : (
          <dl className={classes.facts} data-testid="appointment-facts">
            <dt>
              <Trans>Date</Trans>
            </dt>
            <dd>{date}</dd>
            <dt>
              <Trans>Time</Trans>
            </dt>
            <dd>{time}</dd>
            <dt>
              <Trans>Duration</Trans>
            </dt>
            <dd>{durationLabel(appointment.duration_minutes)}</dd>
            <dt>
              <Trans>Status</Trans>
            </dt>
            <dd data-testid="appointment-status">
              <StatusBadge status={appointment.status} />
            </dd>
            <dt>
              <Trans>Description</Trans>
            </dt>
            <dd className={classes.preLine}>{appointment.description ?? <NoText />}</dd>
            <dt>
              <Trans>Notes</Trans>
            </dt>
            <dd className={classes.preLine}>{appointment.notes ?? <NoText />}</dd>
          </dl>
        )}
      </Stack>

      {!editing && (
        <Stack gap="xs" role="group" aria-labelledby={actionsLabel}>
          <Text size="sm" fw={600} id={actionsLabel}>
            <Trans>Change status</Trans>
          </Text>
          <Group gap="xs">
            {otherStatuses(appointment.status).map((status) => (
              <Button
                key={status}
                variant="default"
                size="xs"
                leftSection={<span className={classes.statusDot} data-status={status} data-color={statusColor(status)} aria-hidden />}
                onClick={() => confirmStatus(status)}
                data-testid={`status-action-${status}`}
              >
                {statusLabel(i18n, status)}
              </Button>
            ))}
          </Group>
        </Stack>
      )}

      <ReminderButton appointment={appointment} />

      <Group justify="space-between" gap="sm" mt="xs">
        <Button color="red" variant="light" onClick={confirmDelete} disabled={editing}>
          <Trans>Delete appointment</Trans>
        </Button>
        <Button variant="default" onClick={props.onClose}>
          <Trans>Close</Trans>
        </Button>
      </Group>
    </Stack>
  )
}

function NoText() {
  return (
    <Text span size="sm" c="gray.7" fs="italic">
      <Trans>None</Trans>
    </Text>
  )
}

function CustomerInfo(props: { customer: CustomerRecord | null }) {
  const c = props.customer
  return (
    <Stack gap={4} data-testid="appointment-customer">
      <Title order={3} size="h4">
        <Trans>Customer</Trans>
      </Title>
      {c ? (
        <>
          <Text fw={600} className={classes.block}>
            {c.name}
          </Text>
          {c.phone_number && (
            <Anchor href={`tel:${c.phone_number}`} size="sm">
              {formatPhone(c.phone_number)}
            </Anchor>
          )}
          {c.email && (
            <Anchor href={`mailto:${c.email}`} size="sm" className={classes.block}>
              {c.email}
            </Anchor>
          )}
        </>
      ) : (
        <Text size="sm" c="gray.7">
          <Trans>This appointment has no customer (the customer may have been deleted).</Trans>
        </Text>
      )}
    </Stack>
  )
}

function EditForm(props: { appointment: CalendarAppointment; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const actions = useRecordActions('appointments')
  // What the form opened with: only fields that differ from it are written (see changedAppointmentFields).
  const [initial] = useState<AppointmentEditValues>(() => appointmentToEditForm(props.appointment))
  const [values, setValues] = useState<AppointmentEditValues>(initial)
  const [saving, setSaving] = useState(false)
  const [failed, setFailed] = useState(false)
  const errors = validateAppointmentEdit(values)
  const error = (field: keyof AppointmentEditValues) => (errors[field] ? i18n._(FORM_ERRORS[errors[field]]) : undefined)
  const set = <K extends keyof AppointmentEditValues>(field: K, value: AppointmentEditValues[K]) => setValues((v) => ({ ...v, [field]: value }))
  const valid = Object.keys(errors).length === 0

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!valid) return
    const changes = changedAppointmentFields(initial, values)
    if (Object.keys(changes).length === 0) {
      props.onDone()
      return
    }
    setSaving(true)
    setFailed(false)
    try {
      await actions.update(props.appointment.id, appointmentChangeFields(changes))
      notifications.show({ color: 'green', message: t`The appointment was updated.` })
      props.onDone()
    } catch (e) {
      console.error('updating an appointment failed', e)
      setFailed(true)
      setSaving(false)
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-busy={saving} data-testid="appointment-edit">
      <Stack gap="sm">
        {failed && (
          <Alert color="red" role="alert">
            <Trans>An error occurred while updating the appointment.</Trans>
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            type="date"
            label={t`Date`}
            required
            value={values.appointment_date}
            onChange={(e) => set('appointment_date', e.currentTarget.value)}
            error={error('appointment_date')}
            data-autofocus
          />
          <TextInput
            type="time"
            label={t`Time`}
            required
            value={values.appointment_time}
            onChange={(e) => set('appointment_time', e.currentTarget.value)}
            error={error('appointment_time')}
          />
          <NativeSelect
            label={t`Duration`}
            value={String(values.duration_minutes)}
            onChange={(e) => set('duration_minutes', Number(e.currentTarget.value))}
            error={error('duration_minutes')}
            data={durationOptions(values.duration_minutes)}
          />
          <NativeSelect
            label={t`Status`}
            value={values.status}
            onChange={(e) => set('status', e.currentTarget.value)}
            error={error('status')}
            data={APPOINTMENT_STATUSES.map((s) => ({ value: s, label: statusLabel(i18n, s) }))}
          />
        </SimpleGrid>
        <Textarea
          label={t`Description`}
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={6}
        />
        <Textarea label={t`Notes`} value={values.notes} onChange={(e) => set('notes', e.currentTarget.value)} autosize minRows={2} maxRows={6} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onDone} disabled={saving}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={saving} disabled={!valid}>
            <Trans>Save changes</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** The listed durations, plus a stored one outside the list (written elsewhere) so the field shows what is there. */
function durationOptions(current: number) {
  const list: number[] = [...APPOINTMENT_DURATIONS]
  if (!list.includes(current)) list.push(current)
  return list.map((d) => ({ value: String(d), label: durationLabel(d) }))
}
