// The domain's payloads (blank text as null, as the data API takes it) as
// fields of the local store's records, where an optional column is an absent
// key. An update keeps the keys with undefined, which clears them.
import type { AppointmentChanges, AppointmentPayload } from '../../../domain/calendar.ts'
import type { AppointmentRecord } from '../../../domain/records.ts'

export function appointmentFields(payload: AppointmentPayload): Omit<AppointmentRecord, 'id' | 'created_at'> {
  return { ...payload, description: payload.description ?? undefined, notes: payload.notes ?? undefined }
}

export function appointmentChangeFields(changes: AppointmentChanges): Partial<Omit<AppointmentRecord, 'id' | 'created_at'>> {
  return { ...changes, description: changes.description ?? undefined, notes: changes.notes ?? undefined }
}
