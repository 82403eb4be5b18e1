// RxDB schemas of the offline-first collections, built from the sync layer's
// table config (sync/tables.ts): the columns a device may write, what each
// accepts and which are optional. Server-owned columns (user_id, updated_at,
// _modified) are never stored here. Tests hold these to the live database
// schema (tests/schema/local-store-parity.test.ts) and to the schema each
// version was released with (schemas.test.ts): a store on a device refuses to
// open with a schema that changed under the same version.
import type { RxJsonSchema } from 'rxdb'
import type { AppointmentRecord, CustomerRecord, ProductRecord, SyncedRecords, SyncedTable } from '../../domain/records.ts'
import { SYNCED_TABLE_RULES } from '../../sync/index.ts'

const id = { type: 'string', maxLength: 36 } as const
// Indexed strings need a maxLength; an ISO instant is at most 32 characters.
const instant = { type: 'string', maxLength: 40 } as const

type StoreOptions = {
  version: number
  /** Indexed fields must be required and, if strings, bounded (RxDB). */
  indexes?: Array<string | string[]>
}

function storeSchema<T extends SyncedTable>(table: T, opts: StoreOptions): RxJsonSchema<SyncedRecords[T]> {
  const columns = Object.entries(SYNCED_TABLE_RULES[table].columns) as Array<[string, { optional: boolean; schema: object }]>
  const schema = {
    title: table,
    version: opts.version,
    primaryKey: 'id',
    type: 'object',
    properties: { id, ...Object.fromEntries(columns.map(([name, rule]) => [name, rule.schema])), created_at: instant },
    // RxDB hashes this list in order: id, the required columns as configured, created_at.
    required: ['id', ...columns.filter(([, rule]) => !rule.optional).map(([name]) => name), 'created_at'],
    ...(opts.indexes ? { indexes: opts.indexes } : {}),
    additionalProperties: false,
  }
  return schema as unknown as RxJsonSchema<SyncedRecords[T]>
}

export const productSchema: RxJsonSchema<ProductRecord> = storeSchema('products', { version: 0, indexes: ['created_at'] })

export const customerSchema: RxJsonSchema<CustomerRecord> = storeSchema('customers', { version: 0 })

export const appointmentSchema: RxJsonSchema<AppointmentRecord> = storeSchema('appointments', {
  version: 1,
  indexes: [['appointment_date', 'appointment_time']],
})

/**
 * How a stored appointment of each earlier version becomes the current one
 * (RxDB runs them in order when the store opens). Version 1 added
 * `service_id` and `source`: what a device stored before was the owner's,
 * as the server's default says for the same rows.
 */
export const appointmentMigrations = {
  1: (doc: Omit<AppointmentRecord, 'source'>): AppointmentRecord => ({ ...doc, source: 'owner' }),
}
