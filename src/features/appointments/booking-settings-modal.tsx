// The calendar's "Online booking" dialog: whether the assistant books
// customers in, on which grid, with how much notice, how far ahead, with what
// buffer and how many at once, and the automatic reminder; and the services
// customers choose from. Online-only (the assistant reads these on the
// server): offline the dialog says so and nothing can be saved.
import { useState } from 'react'
import { Alert, Badge, Button, Group, NativeSelect, NumberInput, Paper, SimpleGrid, Skeleton, Stack, Switch, Tabs, Text, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  BUFFER_MINUTES_MAX, CAPACITY_MAX, DEFAULT_BOOKING_SETTINGS, emptyServiceForm, MAX_DAYS_AHEAD_MAX, MAX_DAYS_AHEAD_MIN, MIN_NOTICE_MINUTES_MAX,
  REMINDER_HOURS_MAX, SERVICE_NAME_MAX, servicePayloadFromForm, serviceToForm, SLOT_MINUTES_OPTIONS, validateBookingSettings, validateServiceForm,
  type BookingSettings, type BookingSettingsError, type ServiceFormError, type ServiceFormValues, type ServiceRow,
} from '../../../domain/booking.ts'
import { CURRENCY_CODES, formatPrice } from '../../../domain/products/currency.ts'
import { APPOINTMENT_DURATIONS } from '../../../domain/records.ts'
import { useConfirmDelete } from '../../components/confirm-delete.tsx'
import { useDomainForm } from '../../components/forms.ts'
import { LoadError } from '../../components/list-states.tsx'
import { ResponsiveModal } from '../../components/responsive-modal.tsx'
import { SaveButtons } from '../../components/save-buttons.tsx'
import { useOnline } from '../../lib/use-online.ts'
import { durationLabel } from './messages.ts'
import { useBookingSettings, useSaveBookingSettings, useServiceActions, useServices } from './use-booking.ts'

const SETTINGS_ERRORS: Record<BookingSettingsError, MessageDescriptor> = {
  required: msg`This field is required`,
  not_whole: msg`Enter a whole number`,
  out_of_range: msg`Enter a number within the allowed range`,
  not_an_option: msg`Choose a value from the list`,
}

const SERVICE_ERRORS: Record<ServiceFormError, MessageDescriptor> = {
  required: msg`This field is required`,
  too_long: msg`This is too long`,
  invalid_price: msg`Enter a price such as 250 or 249,90`,
  not_an_option: msg`Choose a value from the list`,
}

export function BookingSettingsModal(props: { opened: boolean; onClose: () => void; userId: string }) {
  const { t } = useLingui()
  const online = useOnline()
  const [tab, setTab] = useState<string | null>('settings')
  return (
    <ResponsiveModal
      opened={props.opened}
      onClose={props.onClose}
      title={t`Online booking`}
      description={t`Your assistant offers customers free times from your opening hours and calendar, and books them in.`}
      testId="booking-settings"
    >
      <Stack gap="md">
        {!online && (
          <Alert color="yellow" role="status">
            <Trans>Booking settings need an internet connection. Your calendar still works offline.</Trans>
          </Alert>
        )}
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List grow>
            <Tabs.Tab value="settings">
              <Trans>Settings</Trans>
            </Tabs.Tab>
            <Tabs.Tab value="services">
              <Trans>Services</Trans>
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="settings" pt="md">
            <SettingsPanel userId={props.userId} online={online} onDone={props.onClose} />
          </Tabs.Panel>
          <Tabs.Panel value="services" pt="md">
            <ServicesPanel userId={props.userId} online={online} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </ResponsiveModal>
  )
}

function SettingsPanel(props: { userId: string; online: boolean; onDone: () => void }) {
  const { t } = useLingui()
  const query = useBookingSettings(props.userId)
  if (query.isError) return <LoadError title={t`Could not load`} message={t`The booking settings could not be loaded.`} onRetry={() => void query.refetch()} />
  if (!query.data && query.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" data-testid="booking-settings-loading">
        <Skeleton height={24} />
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    )
  }
  return <SettingsForm userId={props.userId} online={props.online} initial={query.data ?? DEFAULT_BOOKING_SETTINGS} onDone={props.onDone} />
}

function SettingsForm(props: { userId: string; online: boolean; initial: BookingSettings; onDone: () => void }) {
  const { t } = useLingui()
  const save = useSaveBookingSettings(props.userId)
  const [failed, setFailed] = useState(false)
  const { form, onSubmit } = useDomainForm({
    initialValues: { ...props.initial },
    validate: (values) => validateBookingSettings(values as BookingSettings),
    messages: SETTINGS_ERRORS,
  })
  const v = form.values
  const number = (field: keyof BookingSettings) => {
    const input = form.getInputProps(field)
    return { ...input, onChange: (value: string | number) => input.onChange(value === '' ? null : Number(value)) }
  }

  async function submit(values: BookingSettings) {
    setFailed(false)
    try {
      await save.mutateAsync(values)
      notifications.show({ color: 'green', message: t`Booking settings saved.` })
      props.onDone()
    } catch (e) {
      console.error('saving the booking settings failed', e)
      setFailed(true)
    }
  }

  const reminders = v.reminder_hours_before !== null
  return (
    <form onSubmit={onSubmit((values) => submit(values as BookingSettings))} noValidate aria-busy={form.submitting}>
      <Stack gap="sm">
        <Switch
          label={t`Customers can book through the assistant`}
          description={t`On the website chat and WhatsApp.`}
          {...form.getInputProps('enabled', { type: 'checkbox' })}
          data-testid="booking-enabled"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NativeSelect
            label={t`Start times every`}
            {...form.getInputProps('slot_minutes')}
            value={String(v.slot_minutes)}
            onChange={(e) => form.setFieldValue('slot_minutes', Number(e.currentTarget.value))}
            data={SLOT_MINUTES_OPTIONS.map((m) => ({ value: String(m), label: durationLabel(m) }))}
          />
          <NativeSelect
            label={t`Usual length`}
            {...form.getInputProps('default_duration_minutes')}
            value={String(v.default_duration_minutes)}
            onChange={(e) => form.setFieldValue('default_duration_minutes', Number(e.currentTarget.value))}
            data={APPOINTMENT_DURATIONS.map((m) => ({ value: String(m), label: durationLabel(m) }))}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput label={t`Minimum notice (minutes)`} min={0} max={MIN_NOTICE_MINUTES_MAX} step={30} allowDecimal={false} {...number('min_notice_minutes')} />
          <NumberInput label={t`Book up to (days ahead)`} min={MAX_DAYS_AHEAD_MIN} max={MAX_DAYS_AHEAD_MAX} allowDecimal={false} {...number('max_days_ahead')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput
            label={t`Break between appointments (minutes)`}
            min={0}
            max={BUFFER_MINUTES_MAX}
            step={5}
            allowDecimal={false}
            {...number('buffer_minutes')}
          />
          <NumberInput
            label={t`Appointments at the same time`}
            description={t`For example, how many chairs you have.`}
            min={1}
            max={CAPACITY_MAX}
            allowDecimal={false}
            {...number('capacity')}
          />
        </SimpleGrid>
        <Switch
          label={t`Send an SMS reminder automatically`}
          checked={reminders}
          onChange={(e) => form.setFieldValue('reminder_hours_before', e.currentTarget.checked ? DEFAULT_BOOKING_SETTINGS.reminder_hours_before : null)}
          data-testid="booking-reminders"
        />
        {reminders && (
          <NumberInput label={t`Hours before the appointment`} min={1} max={REMINDER_HOURS_MAX} allowDecimal={false} {...number('reminder_hours_before')} />
        )}
        {failed && (
          <Alert color="red" role="alert">
            <Trans>The booking settings could not be saved. Please try again.</Trans>
          </Alert>
        )}
        <SaveButtons saving={form.submitting} disabled={!props.online} onCancel={props.onDone} label={<Trans>Save settings</Trans>} />
      </Stack>
    </form>
  )
}

function ServicesPanel(props: { userId: string; online: boolean }) {
  const { t, i18n } = useLingui()
  const query = useServices(props.userId)
  const actions = useServiceActions(props.userId)
  const confirm = useConfirmDelete()
  const [editing, setEditing] = useState<ServiceRow | 'new' | null>(null)

  if (query.isError) return <LoadError title={t`Could not load`} message={t`The services could not be loaded.`} onRetry={() => void query.refetch()} />
  if (!query.data) {
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton height={48} />
        <Skeleton height={48} />
      </Stack>
    )
  }
  const list = query.data
  return (
    <Stack gap="sm">
      <Text size="sm" c="gray.7">
        <Trans>When you have more than one service, the assistant asks which one, and books it for its length.</Trans>
      </Text>
      {list.length === 0 && editing === null && (
        <Paper withBorder p="md" radius="md">
          <Text size="sm">
            <Trans>No services yet: customers book the usual length.</Trans>
          </Text>
        </Paper>
      )}
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t`Services`}>
        {list.map((service) => {
          const name = service.name
          return editing !== null && editing !== 'new' && editing.id === service.id ? (
            <li key={service.id}>
              <ServiceForm initial={serviceToForm(service)} online={props.online} onCancel={() => setEditing(null)} save={async (payload) => {
                await actions.update.mutateAsync({ id: service.id, payload })
                setEditing(null)
              }} />
            </li>
          ) : (
            <Paper component="li" key={service.id} withBorder radius="md" p="sm" data-testid="service-row">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {service.name}
                  </Text>
                  <Text size="sm" c="gray.7">
                    {durationLabel(service.duration_minutes)}
                    {service.price !== null ? ` · ${formatPrice(service.price, service.currency, i18n.locale)}` : ''}
                  </Text>
                </div>
                <Group gap={6} wrap="nowrap">
                  {!service.active && (
                    <Badge color="gray" variant="light">
                      <Trans>Hidden</Trans>
                    </Badge>
                  )}
                  <Button size="xs" variant="default" disabled={!props.online} onClick={() => setEditing(service)} aria-label={t`Edit: ${name}`}>
                    <Trans>Edit</Trans>
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    disabled={!props.online}
                    aria-label={t`Delete: ${name}`}
                    onClick={() =>
                      confirm.record({
                        title: t`Delete service`,
                        name: service.name,
                        warning: t`Appointments already booked for it stay in your calendar.`,
                        remove: () => actions.remove.mutateAsync(service.id),
                        failed: t`The service could not be deleted. Please try again.`,
                      })
                    }
                  >
                    <Trans>Delete</Trans>
                  </Button>
                </Group>
              </Group>
            </Paper>
          )
        })}
      </Stack>
      {editing === 'new' ? (
        <ServiceForm initial={emptyServiceForm()} online={props.online} onCancel={() => setEditing(null)} save={async (payload) => {
          await actions.add.mutateAsync(payload)
          setEditing(null)
        }} />
      ) : (
        <Button variant="light" disabled={!props.online || editing !== null} onClick={() => setEditing('new')} data-testid="add-service">
          <Trans>Add service</Trans>
        </Button>
      )}
    </Stack>
  )
}

function ServiceForm(props: {
  initial: ServiceFormValues
  online: boolean
  onCancel: () => void
  save: (payload: ReturnType<typeof servicePayloadFromForm>) => Promise<void>
}) {
  const { t } = useLingui()
  const [failed, setFailed] = useState(false)
  const { form, onSubmit } = useDomainForm({
    initialValues: props.initial,
    validate: validateServiceForm,
    messages: SERVICE_ERRORS,
  })
  async function submit(values: ServiceFormValues) {
    setFailed(false)
    try {
      await props.save(servicePayloadFromForm(values))
    } catch (e) {
      console.error('saving a service failed', e)
      setFailed(true)
    }
  }
  return (
    <Paper withBorder radius="md" p="sm">
      <form onSubmit={onSubmit(submit)} noValidate aria-busy={form.submitting} aria-label={t`Service`}>
        <Stack gap="sm">
          <TextInput label={t`Service name`} required maxLength={SERVICE_NAME_MAX} {...form.getInputProps('name')} data-autofocus />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <NativeSelect
              label={t`Length`}
              {...form.getInputProps('duration_minutes')}
              value={String(form.values.duration_minutes)}
              onChange={(e) => form.setFieldValue('duration_minutes', Number(e.currentTarget.value))}
              data={APPOINTMENT_DURATIONS.map((m) => ({ value: String(m), label: durationLabel(m) }))}
            />
            <TextInput label={t`Price (optional)`} inputMode="decimal" {...form.getInputProps('price')} />
            <NativeSelect label={t`Currency`} {...form.getInputProps('currency')} data={[...CURRENCY_CODES]} />
          </SimpleGrid>
          <Switch label={t`Customers can book it`} {...form.getInputProps('active', { type: 'checkbox' })} />
          {failed && (
            <Alert color="red" role="alert">
              <Trans>The service could not be saved. Please try again.</Trans>
            </Alert>
          )}
          <SaveButtons saving={form.submitting} disabled={!props.online} onCancel={props.onCancel} label={<Trans>Save service</Trans>} />
        </Stack>
      </form>
    </Paper>
  )
}
