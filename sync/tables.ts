// What each synced table is, in one place: the columns a device writes, which
// of them may be null, what the local store accepts in them, how their values
// are spelled and compared, which table they point at, and how the owner
// recognises one of its documents. The local store's schema (src/db/schemas.ts),
// the row conversions and the merge (rows.ts, merge.ts), the engine's push
// order and its notices, and the sync tests all read this.
//
// The server keeps its own copy of the column list, public.sync_columns() in
// supabase/migrations: a test (tests/sync/push-columns.test.ts) reads that
// list from the database and checks it, and what the push function writes and
// compares, against these columns. Adding a column therefore means: the
// record type in domain/records.ts (the compiler then asks for its rule here),
// a migration for the table and for sync_columns, and a new version of the
// local store's schema with a migration strategy (src/db/README.md).
import type { JsonSchema } from 'rxdb'
import {
  APPOINTMENT_DURATIONS, APPOINTMENT_SOURCES, APPOINTMENT_STATUSES, type SyncedRecords, type SyncedTable,
} from '../domain/records.ts'

/**
 * How a column's value is spelled and compared across the device and the
 * server. `money`: a number on the device, numeric(12,2) on the server, equal
 * to the cent. `time`: `14:30` and `14:30:00` are one value. The others keep
 * one spelling on both sides.
 */
export type ColumnKind = 'text' | 'integer' | 'money' | 'date' | 'time' | 'id'

export type ColumnRule = {
  readonly kind: ColumnKind
  /** SQL null on the server, an absent key on a device. */
  readonly optional: boolean
  /** What the local store accepts (JSON Schema). The server's own checks live in the migrations. */
  readonly schema: JsonSchema
  /** The table whose document this column holds the id of: that table's changes are pushed first. */
  readonly references?: SyncedTable
}

/** The columns a device writes besides `id` and `created_at`, which are fixed at creation. */
export type EditableColumn<T extends SyncedTable> = Exclude<keyof SyncedRecords[T], 'id' | 'created_at'> & string

type ColumnsOf<T extends SyncedTable> = {
  // Every column of the record has a rule, and `optional` says what its type says.
  readonly [K in EditableColumn<T>]-?: ColumnRule & { readonly optional: undefined extends SyncedRecords[T][K] ? true : false }
}

export type TableRules<T extends SyncedTable> = {
  /** In the order public.sync_columns lists them. */
  readonly columns: ColumnsOf<T>
  /** How the owner recognises a document in a notice (a merge, a refused change). */
  label(doc: Partial<SyncedRecords[T]>): string
}

const text = { type: 'string' } as const

export const SYNCED_TABLE_RULES: { readonly [T in SyncedTable]: TableRules<T> } = {
  customers: {
    columns: {
      name: { kind: 'text', optional: false, schema: { type: 'string', minLength: 1 } },
      phone_number: { kind: 'text', optional: false, schema: text },
      email: { kind: 'text', optional: true, schema: text },
      notes: { kind: 'text', optional: true, schema: text },
    },
    label: (doc) => doc.name ?? '',
  },
  products: {
    columns: {
      name: { kind: 'text', optional: false, schema: { type: 'string', minLength: 1 } },
      description: { kind: 'text', optional: true, schema: text },
      price: { kind: 'money', optional: false, schema: { type: 'number', minimum: 0 } },
      currency: { kind: 'text', optional: false, schema: { type: 'string', maxLength: 3 } },
      stock: { kind: 'integer', optional: false, schema: { type: 'integer', minimum: 0 } },
      product_link: { kind: 'text', optional: true, schema: text },
      group_id: { kind: 'text', optional: true, schema: text },
    },
    label: (doc) => doc.name ?? '',
  },
  appointments: {
    columns: {
      customer_id: { kind: 'id', optional: true, schema: { type: 'string', maxLength: 36 }, references: 'customers' },
      // Bounded: the store indexes date and time.
      appointment_date: { kind: 'date', optional: false, schema: { type: 'string', maxLength: 10 } },
      appointment_time: { kind: 'time', optional: false, schema: { type: 'string', maxLength: 8 } },
      duration_minutes: { kind: 'integer', optional: false, schema: { type: 'integer', enum: [...APPOINTMENT_DURATIONS] } },
      status: { kind: 'text', optional: false, schema: { type: 'string', enum: [...APPOINTMENT_STATUSES] } },
      description: { kind: 'text', optional: true, schema: text },
      notes: { kind: 'text', optional: true, schema: text },
      // Not a reference the push waits for: services are online-only rows, not a synced table.
      service_id: { kind: 'id', optional: true, schema: { type: 'string', maxLength: 36 } },
      // Who made it: the app writes 'owner' and keeps what it pulled; book_appointment writes 'assistant'.
      source: { kind: 'text', optional: false, schema: { type: 'string', enum: [...APPOINTMENT_SOURCES] } },
    },
    label: (doc) => `${doc.appointment_date ?? ''} ${(doc.appointment_time ?? '').slice(0, 5)}`,
  },
}

type AnyRule = readonly [name: string, rule: ColumnRule]

/** A table's editable columns with their rules, in order. */
export function columnRules(table: SyncedTable): readonly AnyRule[] {
  return Object.entries(SYNCED_TABLE_RULES[table].columns) as unknown as AnyRule[]
}

/** A table's editable columns, in order. */
export function editableColumns(table: SyncedTable): readonly string[] {
  return Object.keys(SYNCED_TABLE_RULES[table].columns)
}

export function columnRule(table: SyncedTable, column: string): ColumnRule | undefined {
  return (SYNCED_TABLE_RULES[table].columns as unknown as Record<string, ColumnRule | undefined>)[column]
}

/** The columns of `table` that point at another table, with that table. */
export function referencesOf(table: SyncedTable): ReadonlyArray<{ column: string; table: SyncedTable }> {
  return columnRules(table).flatMap(([column, rule]) => (rule.references ? [{ column, table: rule.references }] : []))
}

export function labelOf(table: SyncedTable, doc: Record<string, unknown>): string {
  return (SYNCED_TABLE_RULES[table].label as (d: Record<string, unknown>) => string)(doc)
}

/**
 * Every synced table, each after the tables it points at (customers before
 * appointments), otherwise in the order declared above. Pushes wait in this
 * order (a document waits for the tables it points at); replications start
 * together.
 */
export const SYNCED_TABLES: readonly SyncedTable[] = dependencyOrder(Object.keys(SYNCED_TABLE_RULES) as SyncedTable[])

function dependencyOrder(tables: SyncedTable[]): SyncedTable[] {
  const out: SyncedTable[] = []
  const visiting = new Set<SyncedTable>()
  const visit = (t: SyncedTable) => {
    if (out.includes(t)) return
    if (visiting.has(t)) throw new Error(`synced tables point at each other in a cycle through ${t}`)
    visiting.add(t)
    for (const ref of referencesOf(t)) visit(ref.table)
    visiting.delete(t)
    out.push(t)
  }
  for (const t of tables) visit(t)
  return out
}
