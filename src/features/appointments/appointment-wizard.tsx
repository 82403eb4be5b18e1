// The new-appointment wizard: date, time and duration; an existing customer
// or a new one; description and notes. Continue is announced disabled until
// the step is valid. A new customer is stored first and the appointment
// refers to the id made on this device, so the two stay linked through sync,
// offline too.
import { useId, useMemo, useRef, useState, type ReactNode } from 'react'
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  type ComboboxItem,
  type OptionsFilter,
} from '@mantine/core'
import type { GetInputPropsReturnType } from '@mantine/form'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatLongDate, type DayKey } from '../../../domain/calendar.ts'
import {
  emptyWizard,
  isWizardStepValid,
  WIZARD_STEPS,
  wizardAppointmentPayload,
  wizardCustomerPayload,
  wizardProgress,
  wizardStepErrors,
  type AppointmentWizardValues,
  type CustomerMode,
  type WizardStep,
} from '../../../domain/appointment-form.ts'
import { createCustomerSearchIndex, customerFieldsFromPayload, formatPhone } from '../../../domain/customers.ts'
import type { AppointmentRecord, CustomerRecord } from '../../../domain/records.ts'
import { useDomainForm } from '../../components/forms.ts'
import { FormDialog, useDialogBusy } from '../../components/form-dialog.tsx'
import { ModalButtons } from '../../components/responsive-modal.tsx'
import { useRecordActions } from '../../db/hooks.ts'
import { PHONE_EXAMPLE } from './constants.ts'
import { appointmentFields } from './fields.ts'
import { NoteFields, ScheduleFields } from './form-fields.tsx'
import { FreeTimes, OverlapWarning } from './free-times.tsx'
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
  const customerActions = useRecordActions('customers')
  // A customer this wizard stored for an appointment that then failed to
  // store: closing the wizard removes it, so no customer is left behind that
  // the owner never meant to add on its own.
  const orphan = useRef<string | null>(null)

  function close() {
    const id = orphan.current
    orphan.current = null
    if (id) customerActions.remove([id]).catch((e: unknown) => console.error('removing the customer of a failed appointment failed', e))
    props.onClose()
  }

  return (
    <FormDialog dialog={{ opened: props.opened, close, formKey: String(props.openings) }} title={t`New appointment`} testId="appointment-wizard">
      <Wizard {...props} setOrphan={(id) => (orphan.current = id)} />
    </FormDialog>
  )
}

type WizardProps = AppointmentWizardProps & {
  /** Names the wizard's own new customer while no stored appointment refers to it (see AppointmentWizard). */
  setOrphan: (id: string | null) => void
}

function Wizard(props: WizardProps) {
  const { t, i18n } = useLingui()
  const customerActions = useRecordActions('customers')
  const appointmentActions = useRecordActions('appointments')
  const [step, setStep] = useState<WizardStep>(1)
  const [failed, setFailed] = useState(false)
  // The customer this wizard already stored, so trying again after a failure does not store a second one.
  const createdCustomer = useRef<string | null>(null)
  const headingId = useId()
  const customers = props.customers.all
  const { form, onSubmit, resetAttempt } = useDomainForm({
    initialValues: emptyWizard(props.date),
    // Only the step on screen is judged. A field also says what is wrong once
    // it has been left, before any continue: the owner fills a step field by field.
    validate: (values) => wizardStepErrors(step, values, customers),
    validateInputOnBlur: true,
    messages: FORM_ERRORS,
  })
  const values = form.values
  const valid = isWizardStepValid(step, values, customers)
  const saving = form.submitting
  useDialogBusy(saving)

  const percent = wizardProgress(step)
  const total = WIZARD_STEPS
  const percentText = new Intl.NumberFormat(i18n.locale, { style: 'percent' }).format(percent / 100)

  /** Fields the owner has not seen yet start unjudged: a step, or the other customer mode. */
  function startAfresh() {
    form.clearErrors()
    resetAttempt()
  }

  function goTo(next: WizardStep) {
    setStep(next)
    startAfresh()
  }

  function setCustomerMode(mode: CustomerMode) {
    form.setFieldValue('customerMode', mode)
    startAfresh()
  }

  async function create(values: AppointmentWizardValues) {
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
    }
  }

  // Enter or continue on an unfinished step shows every problem of the step
  // and focuses the first (useDomainForm); a finished one moves on.
  const next = (values: AppointmentWizardValues) => (step < WIZARD_STEPS ? goTo((step + 1) as WizardStep) : create(values))
  const back = () => step > 1 && goTo((step - 1) as WizardStep)

  return (
    // Bound at submit time: `next` reaches refs, which render must not read.
    <form onSubmit={(e) => onSubmit(next)(e)} noValidate aria-busy={saving} aria-labelledby={headingId}>
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
          <StepSection id={headingId} title={t`Date and time`}>
            <ScheduleFields field={form.getInputProps} />
            <FreeTimes date={values.appointment_date} duration={values.duration_minutes} time={values.appointment_time} onPick={(time) => form.setFieldValue('appointment_time', time)} />
            <OverlapWarning date={values.appointment_date} time={values.appointment_time} duration={values.duration_minutes} customers={props.customers} />
          </StepSection>
        )}

        {step === 2 && (
          <StepSection id={headingId} title={t`Customer`}>
            <SegmentedControl
              fullWidth
              aria-label={t`Customer`}
              value={values.customerMode}
              onChange={(mode) => setCustomerMode(mode as CustomerMode)}
              data={[
                { value: 'existing', label: t`Existing customer` },
                { value: 'new', label: t`New customer` },
              ]}
            />
            {values.customerMode === 'existing' ? (
              <ExistingCustomer field={form.getInputProps('customer_id')} customers={props.customers} onNew={() => setCustomerMode('new')} />
            ) : (
              <NewCustomer field={form.getInputProps} />
            )}
          </StepSection>
        )}

        {step === 3 && (
          <StepSection id={headingId} title={t`Details`}>
            <Summary values={values} customers={customers} />
            <NoteFields field={form.getInputProps} autoFocus />
          </StepSection>
        )}

        <ModalButtons mt="xs">
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
              <Button type="submit" loading={saving}>
                <Trans>Create appointment</Trans>
              </Button>
            </>
          )}
        </ModalButtons>
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

function NewCustomer(props: { field: (path: 'newCustomer.name' | 'newCustomer.phone_number' | 'newCustomer.email') => GetInputPropsReturnType }) {
  const { t } = useLingui()
  const example = PHONE_EXAMPLE
  return (
    <>
      <TextInput label={t`Name`} required {...props.field('newCustomer.name')} autoComplete="off" maxLength={200} data-autofocus />
      <TextInput
        type="tel"
        inputMode="tel"
        label={t`Phone`}
        required
        description={t`For example ${example}. For a number outside Türkiye, start with + and the country code.`}
        placeholder={PHONE_EXAMPLE}
        {...props.field('newCustomer.phone_number')}
        autoComplete="off"
      />
      <TextInput type="email" label={t`E-mail (optional)`} {...props.field('newCustomer.email')} autoComplete="off" />
    </>
  )
}

/** The attribute useForm finds a field's element by, for an element that is not the field's input. */
const dataPath = (field: GetInputPropsReturnType) => (field as { 'data-path'?: string })['data-path']

function ExistingCustomer(props: { field: GetInputPropsReturnType; customers: CustomerList; onNew: () => void }) {
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
          {/* With no list to choose from, a continue on this step brings the focus here (it stands for the field). */}
          <Button data-path={dataPath(props.field)} variant="light" size="xs" onClick={props.onNew}>
            <Trans>New customer</Trans>
          </Button>
        </Stack>
      </Paper>
    )
  }
  return (
    <Select
      label={t`Customer`}
      placeholder={t`Search by name, phone or e-mail`}
      required
      searchable
      data={options}
      filter={filter}
      {...props.field}
      // The form holds '' for no customer; the select speaks null.
      value={props.field.value || null}
      onChange={(id) => props.field.onChange(id ?? '')}
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
