import { describe, expect, it } from 'vitest'
import { appointmentChangesFromEdit, emptyWizard, wizardAppointmentPayload } from '../../../domain/appointment-form.ts'
import { appointmentChangeFields, appointmentFields } from './fields.ts'

describe('appointment fields for the local store', () => {
  it('drops blank description and notes of a new appointment', () => {
    const values = { ...emptyWizard('2026-11-25'), appointment_time: '14:30', customer_id: 'c1' }
    expect(appointmentFields(wizardAppointmentPayload(values))).toEqual({
      customer_id: 'c1',
      appointment_date: '2026-11-25',
      appointment_time: '14:30:00',
      duration_minutes: 60,
      status: 'scheduled',
      description: undefined,
      notes: undefined,
      source: 'owner',
    })
  })

  it('keeps cleared fields as undefined keys, so an update clears them', () => {
    const changes = appointmentChangeFields(
      appointmentChangesFromEdit({
        appointment_date: '2026-11-26',
        appointment_time: '09:00',
        duration_minutes: 90,
        status: 'confirmed',
        description: ' ',
        notes: 'Kapıda',
      }),
    )
    expect(changes).toEqual({
      appointment_date: '2026-11-26',
      appointment_time: '09:00:00',
      duration_minutes: 90,
      status: 'confirmed',
      description: undefined,
      notes: 'Kapıda',
    })
    expect('description' in changes).toBe(true)
  })

  it('writes only the keys of a partial change, clearing a null one', () => {
    expect(appointmentChangeFields({ status: 'confirmed' })).toEqual({ status: 'confirmed' })
    const cleared = appointmentChangeFields({ notes: null, appointment_time: '10:30:00' })
    expect(cleared).toEqual({ appointment_time: '10:30:00', notes: undefined })
    expect('notes' in cleared).toBe(true)
    expect('description' in cleared).toBe(false)
  })
})
