// RxDB schemas of the offline-first collections. They mirror the Postgres
// columns a device may write (domain/records.ts); server-owned columns
// (user_id, updated_at, _modified) are never stored here. A test checks these
// against the live database schema so the two cannot drift apart.
import type { RxJsonSchema } from 'rxdb'
import type { AppointmentRecord, CustomerRecord, ProductRecord } from '../../domain/records.ts'
import { APPOINTMENT_DURATIONS, APPOINTMENT_STATUSES } from '../../domain/records.ts'

const id = { type: 'string', maxLength: 36 } as const
// Indexed strings need a maxLength; an ISO instant is at most 32 characters.
const instant = { type: 'string', maxLength: 40 } as const
const text = { type: 'string' } as const

export const productSchema: RxJsonSchema<ProductRecord> = {
  title: 'products',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id,
    name: { type: 'string', minLength: 1 },
    description: text,
    price: { type: 'number', minimum: 0 },
    currency: { type: 'string', maxLength: 3 },
    stock: { type: 'integer', minimum: 0 },
    product_link: text,
    group_id: text,
    created_at: instant,
  },
  required: ['id', 'name', 'price', 'currency', 'stock', 'created_at'],
  indexes: ['created_at'],
  additionalProperties: false,
}

export const customerSchema: RxJsonSchema<CustomerRecord> = {
  title: 'customers',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id,
    name: { type: 'string', minLength: 1 },
    phone_number: text,
    email: text,
    notes: text,
    created_at: instant,
  },
  required: ['id', 'name', 'phone_number', 'created_at'],
  additionalProperties: false,
}

export const appointmentSchema: RxJsonSchema<AppointmentRecord> = {
  title: 'appointments',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id,
    customer_id: { type: 'string', maxLength: 36 },
    appointment_date: { type: 'string', maxLength: 10 },
    appointment_time: { type: 'string', maxLength: 8 },
    duration_minutes: { type: 'integer', enum: [...APPOINTMENT_DURATIONS] },
    status: { type: 'string', enum: [...APPOINTMENT_STATUSES] },
    description: text,
    notes: text,
    created_at: instant,
  },
  required: ['id', 'appointment_date', 'appointment_time', 'duration_minutes', 'status', 'created_at'],
  indexes: [['appointment_date', 'appointment_time']],
  additionalProperties: false,
}
