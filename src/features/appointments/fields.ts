// The domain's payloads (blank text as null, as the data API takes it) as
// fields of the local store's records, where an optional column is an absent
// key. An update keeps the keys with undefined, which clears them, and leaves
// out the keys it does not change.
import type { AppointmentChanges, AppointmentPayload } from '../../../domain/appointment-form.ts'
import type { AppointmentRecord } from '../../../domain/records.ts'

export function appointmentFields(payload: AppointmentPayload): Omit<AppointmentRecord, 'id' | 'created_at'> {
  return { ...payload, description: payload.description ?? undefined, notes: payload.notes ?? undefined, source: 'owner' }
}

/** Only the keys present are written; a null description or notes becomes undefined, which clears it. */
export function appointmentChangeFields(changes: Partial<AppointmentChanges>): Partial<Omit<AppointmentRecord, 'id' | 'created_at'>> {
  const { description, notes, ...rest } = changes
  const out: Partial<Omit<AppointmentRecord, 'id' | 'created_at'>> = rest
  if ('description' in changes) out.description = description ?? undefined
  if ('notes' in changes) out.notes = notes ?? undefined
  return out
}
