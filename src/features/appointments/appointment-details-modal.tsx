// One appointment: its customer, the appointment itself (read, or edited in
// place), a quick action for every other status, the SMS reminder, delete and
// close. It follows the store live, so a change synced from another device
// shows at once.
import { useId, useState, type ReactNode } from 'react'
import { Alert, Anchor, Badge, Button, Group, NativeSelect, Skeleton, Stack, Text, Title } from '@mantine/core'
import { modals } from '@mantine/modals'
import { notifications } from '@mantine/notifications'
import { Trans, useLingui } from '@lingui/react/macro'
import { appointmentToEditForm, changedAppointmentFields, validateAppointmentEdit, type AppointmentEditValues } from '../../../domain/appointment-form.ts'
import { formatLongDate, formatTime, otherStatuses, statusColor } from '../../../domain/calendar.ts'
import { formatPhone } from '../../../domain/customers.ts'
import { APPOINTMENT_STATUSES, type AppointmentStatus, type CustomerRecord } from '../../../domain/records.ts'
import { useDomainForm } from '../../components/forms.ts'
import { useConfirmDelete } from '../../components/confirm-delete.tsx'
import { FormDialog, useDialogBusy } from '../../components/form-dialog.tsx'
import { ModalButtons } from '../../components/responsive-modal.tsx'
import { SaveButtons } from '../../components/save-buttons.tsx'
import { useRecordActions } from '../../db/hooks.ts'
import { appointmentChangeFields } from './fields.ts'
import { NoteFields, ScheduleFields } from './form-fields.tsx'
import { durationLabel, FORM_ERRORS, STATUS_LABELS, statusLabel } from './messages.ts'
import { ReminderButton } from './reminder-button.tsx'
import { AutoReminder } from './auto-reminder.tsx'
import { useServices } from './use-booking.ts'
import { useSession } from '../../lib/session.tsx'
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
  return (
    <FormDialog
      dialog={{ opened: props.opened, close: props.onClose, formKey: `${props.openings}:${props.id}` }}
      title={t`Appointment details`}
      testId="appointment-details"
    >
      {props.id && <Details {...props} />}
    </FormDialog>
  )
}

function Details(props: AppointmentDetailsModalProps) {
  const { t, i18n } = useLingui()
  const { appointment, loading } = useAppointment(props.id, props.customers)
  const actions = useRecordActions('appointments')
  const confirm = useConfirmDelete()
  const userId = useSession().user?.id ?? ''
  const services = useServices(userId)
  /** The service's name as the owner's list has it; a service deleted since shows as such. */
  const serviceName = (id: string) => services.data?.find((s) => s.id === id)?.name ?? (services.data ? t`A deleted service` : '…')
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
    confirm.open({
      title: t`Delete appointment`,
      body: <Text size="sm">{t`Delete the appointment on ${date} at ${time}? This cannot be undone.`}</Text>,
      remove: async () => {
        await actions.remove([props.id])
        props.onDeleted()
      },
      done: () => t`The appointment was deleted.`,
      failed: () => t`An error occurred while deleting the appointment.`,
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
            <Fact label={t`Date`}>{date}</Fact>
            <Fact label={t`Time`}>{time}</Fact>
            <Fact label={t`Duration`}>{durationLabel(appointment.duration_minutes)}</Fact>
            <Fact label={t`Status`} testId="appointment-status">
              <StatusBadge status={appointment.status} />
            </Fact>
            {appointment.service_id && <Fact label={t`Service`}>{serviceName(appointment.service_id)}</Fact>}
            {appointment.source === 'assistant' && (
              <Fact label={t`Booked`} testId="appointment-source">
                <Badge variant="light" color="teal">
                  <Trans>By the assistant</Trans>
                </Badge>
              </Fact>
            )}
            <Fact label={t`Description`} text={appointment.description} />
            <Fact label={t`Notes`} text={appointment.notes} />
          </dl>
        )}
      </Stack>

      {/* While editing, the form is all there is to do: its own buttons end it. */}
      {!editing && (
        <>
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

          <ReminderButton appointment={appointment} />
          <AutoReminder appointmentId={appointment.id} />

          <ModalButtons justify="space-between" mt="xs">
            <Button color="red" variant="light" onClick={confirmDelete}>
              <Trans>Delete appointment</Trans>
            </Button>
            <Button variant="default" onClick={props.onClose}>
              <Trans>Close</Trans>
            </Button>
          </ModalButtons>
        </>
      )}
    </Stack>
  )
}

/** One row of the facts: a label and its value, or the owner's free text (kept as typed, "None" when blank). */
function Fact(props: { label: string; testId?: string } & ({ children: ReactNode } | { text: string | null | undefined })) {
  return (
    <>
      <dt>{props.label}</dt>
      {'text' in props ? (
        <dd className={classes.preLine}>
          {props.text ?? (
            <Text span size="sm" c="gray.7" fs="italic">
              <Trans>None</Trans>
            </Text>
          )}
        </dd>
      ) : (
        <dd data-testid={props.testId}>{props.children}</dd>
      )}
    </>
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
  const [failed, setFailed] = useState(false)
  const { form, onSubmit } = useDomainForm({
    initialValues: appointmentToEditForm(props.appointment),
    validate: validateAppointmentEdit,
    messages: FORM_ERRORS,
  })
  const saving = form.submitting
  // Closing mid-save would hide the outcome.
  useDialogBusy(saving)

  async function save(values: AppointmentEditValues) {
    // Only what differs from what the form opened with: a field changed on another device meanwhile stays (see changedAppointmentFields).
    const changes = changedAppointmentFields(form.getInitialValues(), values)
    if (Object.keys(changes).length === 0) {
      props.onDone()
      return
    }
    setFailed(false)
    try {
      await actions.update(props.appointment.id, appointmentChangeFields(changes))
      notifications.show({ color: 'green', message: t`The appointment was updated.` })
      props.onDone()
    } catch (e) {
      console.error('updating an appointment failed', e)
      setFailed(true)
    }
  }

  return (
    <form onSubmit={onSubmit(save)} noValidate aria-busy={saving} data-testid="appointment-edit">
      <Stack gap="sm">
        {failed && (
          <Alert color="red" role="alert">
            <Trans>An error occurred while updating the appointment.</Trans>
          </Alert>
        )}
        <ScheduleFields field={form.getInputProps}>
          <NativeSelect
            label={t`Status`}
            {...form.getInputProps('status')}
            data={APPOINTMENT_STATUSES.map((s) => ({ value: s, label: statusLabel(i18n, s) }))}
          />
        </ScheduleFields>
        <NoteFields field={form.getInputProps} />
        <SaveButtons saving={saving} onCancel={props.onDone} label={<Trans>Save changes</Trans>} />
      </Stack>
    </form>
  )
}
