// The offline-first records as the app, the local store and the sync layer
// see them: the Postgres columns a device may write, with SQL nulls as absent
// optional keys. Server-owned columns (user_id, updated_at, _modified) never
// reach a device's documents; deletion is the `_deleted` tombstone flag that
// the store adds. How each column is stored, spelled, compared and pushed is
// the sync layer's table config (sync/tables.ts), which must name every
// field of these types.

export type ProductRecord = {
  id: string
  name: string
  description?: string
  /** Two decimals; compare with sameMoney, never with ===. */
  price: number
  currency: string
  stock: number
  product_link?: string
  group_id?: string
  /** ISO 8601 instant, set once when the record is created. */
  created_at: string
}

export type CustomerRecord = {
  id: string
  name: string
  phone_number: string
  email?: string
  notes?: string
  created_at: string
}

export const APPOINTMENT_STATUSES = ['scheduled', 'confirmed', 'completed', 'cancelled', 'no_show'] as const
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number]
export const APPOINTMENT_DURATIONS = [30, 60, 90, 120, 180] as const
/** Who made an appointment: the owner (on any device) or the assistant, for a customer. Only the server writes `assistant`. */
export const APPOINTMENT_SOURCES = ['owner', 'assistant'] as const
export type AppointmentSource = (typeof APPOINTMENT_SOURCES)[number]

export type AppointmentRecord = {
  id: string
  customer_id?: string
  /** YYYY-MM-DD */
  appointment_date: string
  /** HH:MM:SS, as Postgres prints a time */
  appointment_time: string
  duration_minutes: number
  status: AppointmentStatus
  description?: string
  notes?: string
  /** One of the owner's services (public.services), when the appointment is for one. */
  service_id?: string
  source: AppointmentSource
  created_at: string
}

export type SyncedRecords = {
  products: ProductRecord
  customers: CustomerRecord
  appointments: AppointmentRecord
}
export type SyncedTable = keyof SyncedRecords

/** Amounts are equal when they agree to the cent (floats from JSON never are exactly). */
export function sameMoney(a: number, b: number): boolean {
  return Math.round(a * 100) === Math.round(b * 100)
}

/** `14:30` and `14:30:00` name the same time. */
export function normalizeTime(value: string): string {
  return /^\d{2}:\d{2}$/.test(value) ? `${value}:00` : value
}

/**
 * The entries of `after` whose value differs from `before` (compared with
 * ===, so callers pass normalized values). Edit forms write only these: a
 * field the owner left alone is not written back from the form's starting
 * state, which may be older than the record by the time the form is saved.
 */
export function changedFields<T extends Record<string, unknown>>(before: T, after: T): Partial<T> {
  const out: Partial<T> = {}
  for (const key of Object.keys(after) as Array<keyof T>) {
    if (after[key] !== before[key]) out[key] = after[key]
  }
  return out
}
