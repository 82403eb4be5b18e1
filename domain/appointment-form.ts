// The forms that write an appointment: the new-appointment wizard (its step
// checks, and the customer and appointment it creates) and the details
// modal's edit form (its checks and the changes it saves), each a payload in
// the stored shape: time with seconds, blank text as null.
import { validateCustomerForm, type CustomerFormError, type CustomerPayload } from './customers.ts'
import { formatTime, isAppointmentStatus, isDayKey, isTimeOfDay, type DayKey } from './calendar.ts'
import { normalizePhone } from './phone.ts'
import {
  APPOINTMENT_DURATIONS,
  changedFields,
  normalizeTime,
  type AppointmentRecord,
  type AppointmentStatus,
} from './records.ts'
import { assertValid, blankToNull, fieldErrors, formErrorClass, hasErrors, nestedErrors, requiredError } from './forms.ts'

// ---------------------------------------------------------------------------
// Durations

export type AppointmentDuration = (typeof APPOINTMENT_DURATIONS)[number]

export const DEFAULT_APPOINTMENT_DURATION: AppointmentDuration = 60

export function isAppointmentDuration(value: unknown): value is AppointmentDuration {
  return typeof value === 'number' && (APPOINTMENT_DURATIONS as readonly number[]).includes(value)
}

// ---------------------------------------------------------------------------
// New-appointment wizard

export const WIZARD_STEPS = 3
export type WizardStep = 1 | 2 | 3
export type CustomerMode = 'existing' | 'new'

export type AppointmentWizardValues = {
  appointment_date: DayKey
  /** HH:MM as the time input gives it. */
  appointment_time: string
  duration_minutes: number
  customerMode: CustomerMode
  /** The chosen customer in existing mode; '' when none is chosen. */
  customer_id: string
  /** The customer to create in new mode. */
  newCustomer: { name: string; phone_number: string; email: string }
  description: string
  notes: string
}

export type WizardField =
  | 'appointment_date'
  | 'appointment_time'
  | 'duration_minutes'
  | 'customer_id'
  | 'newCustomer.name'
  | 'newCustomer.phone_number'
  | 'newCustomer.email'

export type WizardError = 'required' | 'invalid_date' | 'invalid_time' | 'invalid_duration' | 'unknown_customer' | CustomerFormError

export type WizardErrors = Partial<Record<WizardField, WizardError>>

/** A fresh wizard; the day list's button passes its day. */
export function emptyWizard(date: DayKey = ''): AppointmentWizardValues {
  return {
    appointment_date: date,
    appointment_time: '',
    duration_minutes: DEFAULT_APPOINTMENT_DURATION,
    customerMode: 'existing',
    customer_id: '',
    newCustomer: { name: '', phone_number: '', email: '' },
    description: '',
    notes: '',
  }
}

function scheduleErrors(values: Pick<AppointmentWizardValues, 'appointment_date' | 'appointment_time' | 'duration_minutes'>): WizardErrors {
  return fieldErrors<WizardErrors>({
    appointment_date: requiredError(values.appointment_date) ?? (isDayKey(values.appointment_date) ? undefined : 'invalid_date'),
    appointment_time: requiredError(values.appointment_time) ?? (isTimeOfDay(values.appointment_time) ? undefined : 'invalid_time'),
    duration_minutes: isAppointmentDuration(values.duration_minutes) ? undefined : 'invalid_duration',
  })
}

/**
 * What stops a step from continuing: step 1 needs a real date, a time and a
 * listed duration; step 2 an existing customer (one of `customers` when the
 * list is given), or a new customer's name and valid phone, with the e-mail
 * checked only when typed; step 3 (description and notes) has no rules.
 */
export function wizardStepErrors(
  step: WizardStep,
  values: AppointmentWizardValues,
  customers?: ReadonlyArray<{ id: string }>,
): WizardErrors {
  if (step === 1) return scheduleErrors(values)
  if (step === 3) return {}
  if (values.customerMode === 'existing') {
    if (values.customer_id === '') return { customer_id: 'required' }
    return customers && !customers.some((c) => c.id === values.customer_id) ? { customer_id: 'unknown_customer' } : {}
  }
  // Judged as the customers screen judges a customer: the wizard creates one.
  return nestedErrors('newCustomer', validateCustomerForm({ ...values.newCustomer, notes: '' }))
}

/** Whether continue (or create, on the last step) is enabled. */
export function isWizardStepValid(step: WizardStep, values: AppointmentWizardValues, customers?: ReadonlyArray<{ id: string }>): boolean {
  return !hasErrors(wizardStepErrors(step, values, customers))
}

/** The progress bar of "Step n / 3": 33, 67, 100. */
export function wizardProgress(step: WizardStep): number {
  return Math.round((step / WIZARD_STEPS) * 100)
}

export const InvalidAppointmentError = formErrorClass<WizardErrors | AppointmentEditErrors>('InvalidAppointmentError', 'appointment')
export type InvalidAppointmentError = InstanceType<typeof InvalidAppointmentError>

function assertSteps(values: AppointmentWizardValues, steps: readonly WizardStep[], customers?: ReadonlyArray<{ id: string }>) {
  assertValid(Object.assign({}, ...steps.map((s) => wizardStepErrors(s, values, customers))) as WizardErrors, InvalidAppointmentError)
}

/**
 * The customer the wizard creates before the appointment, or null when an
 * existing one was chosen. The number is stored in E.164; a blank e-mail is
 * null. Throws InvalidAppointmentError when step 2 is not valid.
 */
export function wizardCustomerPayload(values: AppointmentWizardValues): CustomerPayload | null {
  if (values.customerMode === 'existing') return null
  assertSteps(values, [2])
  return {
    name: values.newCustomer.name.trim(),
    phone_number: normalizePhone(values.newCustomer.phone_number)!,
    email: blankToNull(values.newCustomer.email),
    notes: null,
  }
}

/** The columns written for an appointment, as the data API takes them: blank text is null. */
export type AppointmentPayload = {
  customer_id: string
  appointment_date: DayKey
  /** HH:MM:SS, the form Postgres returns, so a pulled row compares equal to what was written. */
  appointment_time: string
  duration_minutes: AppointmentDuration
  /**
   * Always sent: the local store requires a status and a new appointment is
   * scheduled (the same value the server's column default gives).
   */
  status: AppointmentStatus
  description: string | null
  notes: string | null
}

/**
 * The appointment to create from the finished wizard. `customerId` is the
 * chosen customer or the one just created from wizardCustomerPayload.
 * Throws InvalidAppointmentError when step 1 is not valid.
 */
export function wizardAppointmentPayload(values: AppointmentWizardValues, customerId: string = values.customer_id): AppointmentPayload {
  assertSteps(values, [1])
  if (customerId === '') throw new InvalidAppointmentError({ customer_id: 'required' })
  return {
    customer_id: customerId,
    appointment_date: values.appointment_date,
    appointment_time: normalizeTime(values.appointment_time),
    duration_minutes: values.duration_minutes as AppointmentDuration,
    status: 'scheduled',
    description: blankToNull(values.description),
    notes: blankToNull(values.notes),
  }
}

// ---------------------------------------------------------------------------
// Editing an appointment (details modal)

export type AppointmentEditValues = {
  appointment_date: DayKey
  appointment_time: string
  duration_minutes: number
  status: string
  description: string
  notes: string
}

export type AppointmentEditErrors = Partial<Record<keyof AppointmentEditValues, WizardError | 'invalid_status'>>

export type AppointmentChanges = Omit<AppointmentPayload, 'customer_id'>

/** The edit form prefilled from a stored appointment, the time as HH:MM for the time input. */
export function appointmentToEditForm(
  a: Pick<AppointmentRecord, 'appointment_date' | 'appointment_time' | 'duration_minutes' | 'status' | 'description' | 'notes'>,
): AppointmentEditValues {
  return {
    appointment_date: a.appointment_date,
    appointment_time: formatTime(a.appointment_time),
    duration_minutes: a.duration_minutes,
    status: a.status,
    description: a.description ?? '',
    notes: a.notes ?? '',
  }
}

export function validateAppointmentEdit(values: AppointmentEditValues): AppointmentEditErrors {
  const errors: AppointmentEditErrors = { ...scheduleErrors(values) }
  if (!isAppointmentStatus(values.status)) errors.status = 'invalid_status'
  return errors
}

/** The update for a valid edit form; throws InvalidAppointmentError otherwise. */
export function appointmentChangesFromEdit(values: AppointmentEditValues): AppointmentChanges {
  assertValid(validateAppointmentEdit(values), InvalidAppointmentError)
  return asStored(values)
}

/** An edit form's values as they are stored: time with seconds, blank text as null. */
const asStored = (values: AppointmentEditValues): AppointmentChanges => ({
  appointment_date: values.appointment_date,
  appointment_time: normalizeTime(values.appointment_time),
  duration_minutes: values.duration_minutes as AppointmentDuration,
  status: values.status as AppointmentStatus,
  description: blankToNull(values.description),
  notes: blankToNull(values.notes),
})

/**
 * The changes an edit form makes to the appointment it opened with: only the
 * fields whose value differs from the form's starting values, normalized as
 * they are stored (time with seconds, blank text as null). With sync, the
 * record may have changed on another device while the form was open; a field
 * the owner did not touch must not put the form's older value back. Throws
 * InvalidAppointmentError when `edited` is not valid.
 */
export function changedAppointmentFields(initial: AppointmentEditValues, edited: AppointmentEditValues): Partial<AppointmentChanges> {
  return changedFields(asStored(initial), appointmentChangesFromEdit(edited))
}
