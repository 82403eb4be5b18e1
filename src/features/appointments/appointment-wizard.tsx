// The new-appointment wizard: date, time and duration; an existing customer
// or a new one; description and notes. Continue is enabled only when the step
// is valid. A new customer is stored first and the appointment refers to the
// id made on this device, so the two stay linked through sync, offline too.
import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react'
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  type ComboboxItem,
  type OptionsFilter,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  emptyWizard,
  formatLongDate,
  isWizardStepValid,
  WIZARD_STEPS,
  wizardAppointmentPayload,
  wizardCustomerPayload,
  wizardProgress,
  wizardStepErrors,
  type AppointmentWizardValues,
  type CustomerMode,
  type DayKey,
  type WizardField,
  type WizardStep,
} from '../../../domain/calendar.ts'
import { createCustomerSearchIndex, customerFieldsFromPayload, formatPhone } from '../../../domain/customers.ts'
import { APPOINTMENT_DURATIONS, type AppointmentRecord, type CustomerRecord } from '../../../domain/records.ts'
import { useRecordActions } from '../../db/hooks.ts'
import { PHONE_EXAMPLE, PHONE_QUERY } from './constants.ts'
import { appointmentFields } from './fields.ts'
import { Icon } from './icon.tsx'
import { durationLabel, FORM_ERRORS } from './messages.ts'
import type { CustomerList } from './use-appointments.ts'
import classes from './appointments.module.css'

export type AppointmentWizardProps = {
  opened: boolean
  /** Changes with every opening, so the wizard starts afresh even when reopened while it closes. */
  openings: number
  /** The day to start on ('' for none). */
  date: DayKey
  customers: CustomerList
  onClose: () => void
  onCreated: (appointment: AppointmentRecord) => void
}

export function AppointmentWizard(props: AppointmentWizardProps) {
  const { t } = useLingui()
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false })
  const [saving, setSaving] = useState(false)
  const customerActions = useRecordActions('customers')
  // A customer this wizard stored for an appointment that then failed to
  // store: closing the wizard removes it, so no customer is left behind that
  // the owner never meant to add on its own.
  const orphan = useRef<string | null>(null)

  function close() {
    if (saving) return
    const id = orphan.current
    orphan.current = null
    if (id) customerActions.remove([id]).catch((e: unknown) => console.error('removing the customer of a failed appointment failed', e))
    props.onClose()
  }

  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={t`New appointment`}
      fullScreen={phone}
      size="lg"
      closeButtonProps={{ 'aria-label': t`Close`, disabled: saving }}
      data-testid="appointment-wizard"
    >
      <Wizard key={props.openings} {...props} onClose={close} saving={saving} setSaving={setSaving} setOrphan={(id) => (orphan.current = id)} />
    </Modal>
  )
}

type WizardProps = AppointmentWizardProps & {
  saving: boolean
  setSaving: (saving: boolean) => void
  /** Names the wizard's own new customer while no stored appointment refers to it (see AppointmentWizard). */
  setOrphan: (id: string | null) => void
}

/** The fields of each step in the order they show, for focusing the first one that is wrong. */
const STEP_FIELDS: readonly WizardField[] = [
  'appointment_date',
  'appointment_time',
  'duration_minutes',
  'customer_id',
  'newCustomer.name',
  'newCustomer.phone_number',
  'newCustomer.email',
]

function Wizard(props: WizardProps) {
  const { t, i18n } = useLingui()
  const customerActions = useRecordActions('customers')
  const appointmentActions = useRecordActions('appointments')
  const [values, setValues] = useState<AppointmentWizardValues>(() => emptyWizard(props.date))
  const [step, setStep] = useState<WizardStep>(1)
  const [touched, setTouched] = useState<ReadonlySet<WizardField>>(new Set())
  const [failed, setFailed] = useState(false)
  // The customer this wizard already stored, so trying again after a failure does not store a second one.
  const createdCustomer = useRef<string | null>(null)
  const formId = useId()
  const { saving, setSaving } = props
  const example = PHONE_EXAMPLE

  const customers = props.customers.all
  const valid = isWizardStepValid(step, values, customers)
  const errors = wizardStepErrors(step, values, customers)
  const percent = wizardProgress(step)
  const total = WIZARD_STEPS
  const percentText = new Intl.NumberFormat(i18n.locale, { style: 'percent' }).format(percent / 100)

  function touch(field: WizardField) {
    if (!touched.has(field)) setTouched(new Set(touched).add(field))
  }

  function error(field: WizardField): string | undefined {
    const code = errors[field]
    // A field says what is wrong once it has been left, not while it is first typed into.
    return code && touched.has(field) ? i18n._(FORM_ERRORS[code]) : undefined
  }

  function set<K extends keyof AppointmentWizardValues>(field: K, value: AppointmentWizardValues[K]) {
    setValues((v) => ({ ...v, [field]: value }))
  }

  function setNewCustomer(field: keyof AppointmentWizardValues['newCustomer'], value: string) {
    setValues((v) => ({ ...v, newCustomer: { ...v.newCustomer, [field]: value } }))
  }

  async function create() {
    setSaving(true)
    setFailed(false)
    try {
      const customer = wizardCustomerPayload(values)
      let customerId = values.customer_id
      if (customer) {
        const fields = customerFieldsFromPayload(customer)
        if (createdCustomer.current) {
          await customerActions.update(createdCustomer.current, fields)
        } else {
          const [stored] = await customerActions.insert([fields])
          createdCustomer.current = stored!.id
        }
        customerId = createdCustomer.current
      }
      // Until the appointment is stored, the customer made for it is the wizard's to remove.
      props.setOrphan(createdCustomer.current)
      const [appointment] = await appointmentActions.insert([appointmentFields(wizardAppointmentPayload(values, customerId))])
      props.setOrphan(null)
      // Made by an earlier, failed attempt and then not chosen: nobody refers to it.
      const unused = createdCustomer.current !== customerId ? createdCustomer.current : null
      if (unused) customerActions.remove([unused]).catch((e: unknown) => console.error('removing an unused customer failed', e))
      props.onCreated(appointment!)
    } catch (e) {
      console.error('creating an appointment failed', e)
      setFailed(true)
    } finally {
      setSaving(false)
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (saving) return
    if (!valid) {
      // Enter or continue on an unfinished step: show every problem of the step and go to the first.
      const wrong = STEP_FIELDS.filter((f) => errors[f])
      setTouched(new Set([...touched, ...wrong]))
      const first = wrong[0]
      if (first) document.getElementById(`${formId}-${first}`)?.focus()
      return
    }
    if (step < WIZARD_STEPS) setStep((step + 1) as WizardStep)
    else void create()
  }

  const fieldId = (field: WizardField) => `${formId}-${field}`

  const back = () => step > 1 && setStep((step - 1) as WizardStep)

  return (
    <form onSubmit={submit} noValidate aria-busy={saving} aria-labelledby={`${formId}-step`}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="center">
          {step > 1 && (
            <ActionIcon variant="subtle" color="gray" size="lg" onClick={back} disabled={saving} aria-label={t`Back`} data-testid="wizard-back-arrow">
              <Icon name="arrowLeft" />
            </ActionIcon>
          )}
          <Stack gap={4} style={{ flex: 1 }}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={600} data-testid="wizard-step">
                {t`Step ${step} / ${total}`}
              </Text>
              <Text size="sm" c="gray.7">
                {percentText}
              </Text>
            </Group>
            <Progress value={percent} size="sm" aria-label={t`Step ${step} / ${total}`} />
          </Stack>
        </Group>

        {failed && (
          <Alert color="red" role="alert">
            <Trans>An error occurred while creating the appointment. Please try again.</Trans>
          </Alert>
        )}

        {step === 1 && (
          <StepSection id={`${formId}-step`} title={t`Date and time`}>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                id={fieldId('appointment_date')}
                type="date"
                label={t`Date`}
                required
                value={values.appointment_date}
                onChange={(e) => set('appointment_date', e.currentTarget.value)}
                onBlur={() => touch('appointment_date')}
                error={error('appointment_date')}
                data-autofocus
              />
              <TextInput
                id={fieldId('appointment_time')}
                type="time"
                label={t`Time`}
                required
                value={values.appointment_time}
                onChange={(e) => set('appointment_time', e.currentTarget.value)}
                onBlur={() => touch('appointment_time')}
                error={error('appointment_time')}
              />
            </SimpleGrid>
            <NativeSelect
              id={fieldId('duration_minutes')}
              label={t`Duration`}
              value={String(values.duration_minutes)}
              onChange={(e) => set('duration_minutes', Number(e.currentTarget.value))}
              data={APPOINTMENT_DURATIONS.map((d) => ({ value: String(d), label: durationLabel(d) }))}
            />
          </StepSection>
        )}

        {step === 2 && (
          <StepSection id={`${formId}-step`} title={t`Customer`}>
            <SegmentedControl
              fullWidth
              aria-label={t`Customer`}
              value={values.customerMode}
              onChange={(mode) => set('customerMode', mode as CustomerMode)}
              data={[
                { value: 'existing', label: t`Existing customer` },
                { value: 'new', label: t`New customer` },
              ]}
            />
            {values.customerMode === 'existing' ? (
              <ExistingCustomer
                id={fieldId('customer_id')}
                customers={props.customers}
                value={values.customer_id}
                onChange={(id) => set('customer_id', id)}
                onNew={() => set('customerMode', 'new')}
                error={error('customer_id')}
                onBlur={() => touch('customer_id')}
              />
            ) : (
              <>
                <TextInput
                  id={fieldId('newCustomer.name')}
                  label={t`Name`}
                  required
                  value={values.newCustomer.name}
                  onChange={(e) => setNewCustomer('name', e.currentTarget.value)}
                  onBlur={() => touch('newCustomer.name')}
                  error={error('newCustomer.name')}
                  autoComplete="off"
                  maxLength={200}
                  data-autofocus
                />
                <TextInput
                  id={fieldId('newCustomer.phone_number')}
                  type="tel"
                  inputMode="tel"
                  label={t`Phone`}
                  required
                  description={t`For example ${example}. For a number outside Türkiye, start with + and the country code.`}
                  placeholder={PHONE_EXAMPLE}
                  value={values.newCustomer.phone_number}
                  onChange={(e) => setNewCustomer('phone_number', e.currentTarget.value)}
                  onBlur={() => touch('newCustomer.phone_number')}
                  error={error('newCustomer.phone_number')}
                  autoComplete="off"
                />
                <TextInput
                  id={fieldId('newCustomer.email')}
                  type="email"
                  label={t`E-mail (optional)`}
                  value={values.newCustomer.email}
                  onChange={(e) => setNewCustomer('email', e.currentTarget.value)}
                  onBlur={() => touch('newCustomer.email')}
                  error={error('newCustomer.email')}
                  autoComplete="off"
                />
              </>
            )}
          </StepSection>
        )}

        {step === 3 && (
          <StepSection id={`${formId}-step`} title={t`Details`}>
            <Summary values={values} customers={customers} />
            <Textarea
              label={t`Description`}
              value={values.description}
              onChange={(e) => set('description', e.currentTarget.value)}
              autosize
              minRows={2}
              maxRows={6}
              data-autofocus
            />
            <Textarea label={t`Notes`} value={values.notes} onChange={(e) => set('notes', e.currentTarget.value)} autosize minRows={2} maxRows={6} />
          </StepSection>
        )}

        <Group justify="flex-end" gap="sm" mt="xs">
          {step < WIZARD_STEPS ? (
            // Shown and announced as disabled until the step is valid, yet still
            // pressable, so pressing it says what is missing instead of doing nothing.
            <Button type="submit" aria-disabled={!valid || undefined} data-disabled={!valid || undefined}>
              <Trans>Continue</Trans>
            </Button>
          ) : (
            <>
              <Button variant="default" onClick={back} disabled={saving}>
                <Trans>Back</Trans>
              </Button>
              <Button type="submit" loading={saving} disabled={!valid}>
                <Trans>Create appointment</Trans>
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </form>
  )
}

function StepSection(props: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={3} size="h4" id={props.id}>
        {props.title}
      </Title>
      {props.children}
    </Stack>
  )
}

function ExistingCustomer(props: {
  id: string
  customers: CustomerList
  value: string
  onChange: (id: string) => void
  onNew: () => void
  error?: string
  onBlur: () => void
}) {
  const { t } = useLingui()
  const customers = props.customers.all
  const options = useMemo(
    () => customers.map((c) => ({ value: c.id, label: c.phone_number ? `${c.name} · ${formatPhone(c.phone_number)}` : c.name })),
    [customers],
  )
  // The customers screen's search: Turkish case folding, and phone digits however they are typed.
  const index = useMemo(() => createCustomerSearchIndex(customers), [customers])
  const filter: OptionsFilter = ({ options: items, search }) => {
    if (search.trim() === '') return items
    const ids = new Set(index.filter(search).map((c) => c.id))
    return (items as ComboboxItem[]).filter((o) => ids.has(o.value))
  }

  if (props.customers.loading) {
    // Not "no customers yet" before the store has answered.
    return (
      <Stack gap={6} aria-busy="true" aria-label={t`Loading customers`} data-testid="wizard-customers-loading">
        <Skeleton height={14} width={90} radius="sm" />
        <Skeleton height={36} radius="sm" />
      </Stack>
    )
  }
  if (customers.length === 0) {
    return (
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            <Trans>You have no customers yet. Add the customer of this appointment as a new customer.</Trans>
          </Text>
          {/* With no list to choose from, a continue on this step brings the focus here (it has the field's id). */}
          <Button id={props.id} variant="light" size="xs" onClick={props.onNew}>
            <Trans>New customer</Trans>
          </Button>
        </Stack>
      </Paper>
    )
  }
  return (
    <Select
      id={props.id}
      label={t`Customer`}
      placeholder={t`Search by name, phone or e-mail`}
      required
      searchable
      data={options}
      filter={filter}
      value={props.value || null}
      onChange={(id) => props.onChange(id ?? '')}
      onBlur={props.onBlur}
      error={props.error}
      nothingFoundMessage={t`No matching customers`}
      maxDropdownHeight={260}
      comboboxProps={{ withinPortal: true }}
      data-autofocus
      data-testid="wizard-customer"
    />
  )
}

function Summary(props: { values: AppointmentWizardValues; customers: readonly CustomerRecord[] }) {
  const { t, i18n } = useLingui()
  const v = props.values
  const date = formatLongDate(v.appointment_date, i18n.locale)
  const time = v.appointment_time
  const duration = durationLabel(v.duration_minutes)
  const customer = v.customerMode === 'new' ? v.newCustomer.name.trim() : (props.customers.find((c) => c.id === v.customer_id)?.name ?? '')
  return (
    <Paper p="sm" radius="md" className={classes.summary} data-testid="wizard-summary">
      <Text size="sm" fw={600}>
        {t`${date}, ${time}`}
      </Text>
      <Text size="sm" c="gray.7">
        {v.customerMode === 'new' ? t`${duration} · ${customer} (new customer)` : t`${duration} · ${customer}`}
      </Text>
    </Paper>
  )
}
