// The local store mirrors Postgres: every column a device writes exists in
// both with the same optionality, so a pull never carries a field the store
// rejects and a push never drops one the server needs. Both the store schema
// and the expectations here come from the sync layer's table config.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { Database } from '../../supabase/local/db.ts'
import { prepareDatabase } from '../../supabase/local/migrate.ts'
import { DATABASE_BACKENDS } from '../support/databases.ts'
import { appointmentSchema, customerSchema, productSchema } from '../../src/db/schemas.ts'
import type { SyncedTable } from '../../domain/records.ts'
import { SYNCED_TABLE_RULES, editableColumns } from '../../sync/index.ts'

const SCHEMAS = { products: productSchema, customers: customerSchema, appointments: appointmentSchema } as const
const SERVER_ONLY = ['user_id', 'updated_at', '_modified', '_deleted', 'conversation_id']

describe('local store schema against Postgres', () => {
  let db: Database
  let stop: (() => Promise<void>) | undefined
  beforeAll(async () => {
    const opened = await DATABASE_BACKENDS[0]!.open()
    db = opened.db
    stop = opened.stop
    await prepareDatabase(db, { seed: false })
  })
  afterAll(async () => {
    await stop?.()
  })

  it.each(Object.keys(SCHEMAS) as SyncedTable[])('%s: same columns, same optionality', async (table) => {
    const { rows } = await db.query<{ column_name: string; is_nullable: string; column_default: string | null }>(
      `select column_name, is_nullable, column_default from information_schema.columns
       where table_schema = 'public' and table_name = $1`,
      [table],
    )
    const columns = new Map(rows.map((r) => [r.column_name, r]))
    const schema = SCHEMAS[table]
    const properties = Object.keys(schema.properties).sort()
    const expected = ['id', 'created_at', ...editableColumns(table)].sort()
    expect(properties).toEqual(expected)
    expect([...columns.keys()].filter((c) => !SERVER_ONLY.includes(c)).sort()).toEqual(expected)

    const optional = new Set(Object.entries(SYNCED_TABLE_RULES[table].columns).filter(([, rule]) => rule.optional).map(([name]) => name))
    for (const field of expected) {
      const column = columns.get(field)!
      const required = (schema.required as readonly string[]).includes(field)
      expect({ field, nullable: column.is_nullable === 'YES' }).toEqual({ field, nullable: optional.has(field) })
      expect({ field, required }).toEqual({ field, required: !optional.has(field) })
    }
  })
})
