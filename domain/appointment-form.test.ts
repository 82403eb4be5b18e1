import { describe, expect, it } from 'vitest'
import {
  DEFAULT_APPOINTMENT_DURATION, InvalidAppointmentError, appointmentChangesFromEdit, appointmentToEditForm, changedAppointmentFields,
  emptyWizard, isWizardStepValid, validateAppointmentEdit, wizardAppointmentPayload, wizardCustomerPayload, wizardProgress,
  wizardStepErrors, type AppointmentWizardValues,
} from './appointment-form.ts'
import { APPOINTMENT_DURATIONS } from './records.ts'

describe('new-appointment wizard', () => {
  const filled = (over: Partial<AppointmentWizardValues> = {}): AppointmentWizardValues => ({
    ...emptyWizard('2026-11-25'),
    appointment_time: '14:30',
    customer_id: 'c1',
    ...over,
  })
  const customers = [{ id: 'c1' }, { id: 'c2' }]

  it('starts on the given day with the default duration and existing-customer mode', () => {
    expect(emptyWizard()).toMatchObject({ appointment_date: '', duration_minutes: 60, customerMode: 'existing', customer_id: '' })
    expect(emptyWizard('2026-11-25').appointment_date).toBe('2026-11-25')
    expect(APPOINTMENT_DURATIONS).toContain(DEFAULT_APPOINTMENT_DURATION)
  })

  it('step 1 needs a real date, a time and a listed duration', () => {
    expect(wizardStepErrors(1, emptyWizard())).toEqual({ appointment_date: 'required', appointment_time: 'required' })
    expect(isWizardStepValid(1, filled())).toBe(true)
    expect(wizardStepErrors(1, filled({ appointment_date: '2026-02-30' }))).toEqual({ appointment_date: 'invalid_date' })
    expect(wizardStepErrors(1, filled({ appointment_time: '25:00' }))).toEqual({ appointment_time: 'invalid_time' })
    expect(wizardStepErrors(1, filled({ duration_minutes: 45 }))).toEqual({ duration_minutes: 'invalid_duration' })
    for (const d of APPOINTMENT_DURATIONS) expect(isWizardStepValid(1, filled({ duration_minutes: d }))).toBe(true)
  })

  it('step 2 needs a chosen existing customer', () => {
    expect(wizardStepErrors(2, filled({ customer_id: '' }))).toEqual({ customer_id: 'required' })
    expect(isWizardStepValid(2, filled(), customers)).toBe(true)
    expect(wizardStepErrors(2, filled({ customer_id: 'c9' }), customers)).toEqual({ customer_id: 'unknown_customer' })
  })

  it('step 2 in new mode needs a name and a valid phone, and a valid e-mail only when given', () => {
    const fresh = (nc: Partial<AppointmentWizardValues['newCustomer']>) =>
      filled({ customerMode: 'new', customer_id: '', newCustomer: { name: 'Elif Şahin', phone_number: '0536 567 89 01', email: '', ...nc } })
    expect(isWizardStepValid(2, fresh({}))).toBe(true)
    expect(wizardStepErrors(2, fresh({ name: ' ', phone_number: '' }))).toEqual({
      'newCustomer.name': 'required',
      'newCustomer.phone_number': 'required',
    })
    expect(wizardStepErrors(2, fresh({ phone_number: '0536 567' }))).toEqual({ 'newCustomer.phone_number': 'invalid_phone' })
    expect(wizardStepErrors(2, fresh({ email: 'elif@' }))).toEqual({ 'newCustomer.email': 'invalid_email' })
    expect(isWizardStepValid(2, fresh({ email: 'elif@ornek.com.tr' }))).toBe(true)
  })

  it('step 3 is always valid', () => {
    expect(isWizardStepValid(3, emptyWizard())).toBe(true)
  })

  it('reports progress for Step n / 3', () => {
    expect([wizardProgress(1), wizardProgress(2), wizardProgress(3)]).toEqual([33, 67, 100])
  })

  it('builds the appointment with blank text as null and the time with seconds', () => {
    expect(wizardAppointmentPayload(filled({ description: '  ', notes: '' }))).toEqual({
      customer_id: 'c1',
      appointment_date: '2026-11-25',
      appointment_time: '14:30:00',
      duration_minutes: 60,
      status: 'scheduled',
      description: null,
      notes: null,
    })
    expect(wizardAppointmentPayload(filled({ description: ' Saç kesimi ', notes: 'Kahve', duration_minutes: 90 }), 'new-id')).toMatchObject({
      customer_id: 'new-id',
      duration_minutes: 90,
      description: 'Saç kesimi',
      notes: 'Kahve',
    })
  })

  it('builds the new customer only in new mode, with the number in E.164', () => {
    expect(wizardCustomerPayload(filled())).toBeNull()
    const values = filled({ customerMode: 'new', customer_id: '', newCustomer: { name: ' Can Öztürk ', phone_number: '0542 678 90 12', email: ' ' } })
    expect(wizardCustomerPayload(values)).toEqual({ name: 'Can Öztürk', phone_number: '+905426789012', email: null, notes: null })
    expect(() => wizardCustomerPayload({ ...values, newCustomer: { ...values.newCustomer, phone_number: '1' } })).toThrow(InvalidAppointmentError)
  })

  it('refuses to build from an unfinished wizard', () => {
    expect(() => wizardAppointmentPayload(emptyWizard())).toThrow(InvalidAppointmentError)
    expect(() => wizardAppointmentPayload(filled({ customer_id: '' }))).toThrow(InvalidAppointmentError)
  })
})

describe('editing an appointment', () => {
  const stored = {
    customer_id: 'c1',
    appointment_date: '2026-11-25',
    appointment_time: '14:30:00',
    duration_minutes: 60,
    status: 'scheduled' as const,
    description: 'Kesim',
  }

  it('prefills the form and gives the changes back', () => {
    const form = appointmentToEditForm(stored)
    expect(form).toEqual({ appointment_date: '2026-11-25', appointment_time: '14:30', duration_minutes: 60, status: 'scheduled', description: 'Kesim', notes: '' })
    expect(appointmentChangesFromEdit({ ...form, status: 'completed', description: '' })).toEqual({
      appointment_date: '2026-11-25',
      appointment_time: '14:30:00',
      duration_minutes: 60,
      status: 'completed',
      description: null,
      notes: null,
    })
  })

  it('refuses an unknown status or a bad time', () => {
    const form = appointmentToEditForm(stored)
    expect(validateAppointmentEdit({ ...form, status: 'done', appointment_time: '' })).toEqual({ status: 'invalid_status', appointment_time: 'required' })
    expect(() => appointmentChangesFromEdit({ ...form, status: 'done' })).toThrow(InvalidAppointmentError)
  })

  it('gives back only the fields the owner changed, as they are stored', () => {
    const initial = appointmentToEditForm(stored)
    expect(changedAppointmentFields(initial, initial)).toEqual({})
    // Trailing spaces and the time's missing seconds change nothing that is stored.
    expect(changedAppointmentFields(initial, { ...initial, description: ' Kesim ', appointment_time: '14:30' })).toEqual({})
    expect(changedAppointmentFields(initial, { ...initial, appointment_time: '15:00', notes: 'Kapıda' })).toEqual({
      appointment_time: '15:00:00',
      notes: 'Kapıda',
    })
    // A cleared description is a change to null, which clears it.
    expect(changedAppointmentFields(initial, { ...initial, description: '' })).toEqual({ description: null })
    expect(() => changedAppointmentFields(initial, { ...initial, appointment_time: '' })).toThrow(InvalidAppointmentError)
  })

  it('leaves out a field changed elsewhere while the form was open', () => {
    // The form opened as scheduled; another device confirmed it meanwhile. The owner moved the time only.
    const initial = appointmentToEditForm(stored)
    const changes = changedAppointmentFields(initial, { ...initial, appointment_time: '16:00' })
    const current = { ...stored, status: 'confirmed' as const }
    expect({ ...current, ...changes }).toEqual({ ...stored, status: 'confirmed', appointment_time: '16:00:00' })
    expect(changes).not.toHaveProperty('status')
  })
})
