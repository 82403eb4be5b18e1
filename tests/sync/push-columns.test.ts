// The server's column list against the app's table config (sync/tables.ts):
// what public.sync_columns() lists, and what the push function actually
// writes and compares, column by column. A column added to the config but not
// to the SQL (or the other way round) fails here, naming the column, instead
// of being silently dropped by every push or overwritten without a conflict.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SyncedTable } from '../../domain/records.ts'
import { SYNCED_TABLES, editableColumns, type EditableColumn } from '../../sync/index.ts'
import { sameField } from '../../sync/merge.ts'
import { fromServerRow, toServerRow } from '../../sync/rows.ts'
import { startTestStack, type Owner, type TestStack } from '../support/stack.ts'

type Row = Record<string, unknown>
/** Two versions of a document, every editable column set and different in each, so that any column left out shows. */
type Versions<T extends SyncedTable> = { [V in 'a' | 'b']: { [K in EditableColumn<T>]-?: unknown } }

const CUSTOMER_A = crypto.randomUUID()
const CUSTOMER_B = crypto.randomUUID()
const SERVICE_A = crypto.randomUUID()
const SERVICE_B = crypto.randomUUID()

const VERSIONS: { [T in SyncedTable]: Versions<T> } = {
  products: {
    a: { name: 'Türk Kahvesi', description: 'Orta kavrulmuş', price: 12.5, currency: 'TRY', stock: 3, product_link: 'https://ornek.com.tr/a', group_id: 'excel_1_a' },
    b: { name: 'Filtre Kahve', description: 'Yumuşak içim', price: 20.25, currency: 'USD', stock: 7, product_link: 'https://ornek.com.tr/b', group_id: 'excel_2_b' },
  },
  customers: {
    a: { name: 'Ayşe Yılmaz', phone_number: '+905321112233', email: 'ayse@ornek.com.tr', notes: 'VIP' },
    b: { name: 'Mehmet Demir', phone_number: '+905329998877', email: 'mehmet@ornek.com.tr', notes: 'Geç gelir' },
  },
  appointments: {
    a: { customer_id: CUSTOMER_A, appointment_date: '2026-12-01', appointment_time: '14:30:00', duration_minutes: 60, status: 'scheduled', description: 'Kesim', notes: 'İlk ziyaret', service_id: SERVICE_A, source: 'owner' },
    b: { customer_id: CUSTOMER_B, appointment_date: '2026-12-02', appointment_time: '09:00:00', duration_minutes: 90, status: 'confirmed', description: 'Boya', notes: 'Erken gelir', service_id: SERVICE_B, source: 'assistant' },
  },
}

let stack: TestStack
let owner: Owner
beforeAll(async () => {
  stack = await startTestStack('pglite')
  owner = await stack.signUpOwner()
  // The customers the appointment versions point at.
  for (const [id, v] of [[CUSTOMER_A, VERSIONS.customers.a], [CUSTOMER_B, VERSIONS.customers.b]] as const) {
    const { error } = await owner.client.from('customers').insert({ id, ...v })
    if (error) throw new Error(error.message)
  }
  // And the services (the server keeps an appointment's service only when it is one of the owner's).
  for (const id of [SERVICE_A, SERVICE_B]) {
    const { error } = await owner.client.from('services').insert({ id, user_id: owner.user.id, name: `Hizmet ${id.slice(0, 4)}` })
    if (error) throw new Error(error.message)
  }
})
afterAll(async () => {
  await stack?.close()
})

async function push(table: SyncedTable, assumed: Row | null, next: Row): Promise<{ conflicts: Row[]; refused: Row[] }> {
  const rows = [{ assumed: assumed && toServerRow(table, assumed), new: toServerRow(table, next) }]
  const { data, error } = await owner.client.rpc('sync_push', { target: `public.${table}`, rows })
  if (error) throw new Error(`sync_push on ${table} failed: ${error.code} ${error.message}`)
  return data as { conflicts: Row[]; refused: Row[] }
}

/** The row as stored, in the device's spelling. */
async function stored(table: SyncedTable, id: string): Promise<Row> {
  const { rows } = await stack.db.query<{ json: string }>(`select to_jsonb(t)::text as json from public.${table} t where id = $1`, [id])
  if (!rows[0]) throw new Error(`no ${table} row ${id}`)
  return fromServerRow(table, JSON.parse(rows[0].json) as Row) as unknown as Row
}

const differing = (table: SyncedTable, actual: Row, expected: Row) => editableColumns(table).filter((c) => !sameField(table, c, actual, expected))

describe('the push function and the table config', () => {
  it.each(SYNCED_TABLES)('%s: sync_columns lists exactly the configured columns, in order', async (table) => {
    const { rows } = await stack.db.query<{ columns: string[] }>('select public.sync_columns($1::regclass) as columns', [`public.${table}`])
    expect(rows[0]?.columns).toEqual([...editableColumns(table)])
  })

  it.each(SYNCED_TABLES)('%s: a push writes every configured column, on insert and on update, and compares every one', async (table) => {
    const id = crypto.randomUUID()
    const created_at = new Date().toISOString()
    const a: Row = { id, created_at, _deleted: false, ...VERSIONS[table].a }
    const b: Row = { id, created_at, _deleted: false, ...VERSIONS[table].b }
    expect(differing(table, a, b), 'the two versions differ in every column').toEqual(editableColumns(table))

    expect(await push(table, null, a)).toEqual({ conflicts: [], refused: [] })
    expect(differing(table, await stored(table, id), a), 'columns not written on insert').toEqual([])

    expect(await push(table, a, b)).toEqual({ conflicts: [], refused: [] })
    expect(differing(table, await stored(table, id), b), 'columns not written on update').toEqual([])

    const notCompared: string[] = []
    for (const column of editableColumns(table)) {
      // Another device changed this column only; a push that did not see it must come back as a conflict.
      await stack.db.query(`update public.${table} set ${column} = $1 where id = $2`, [a[column], id])
      const answer = await push(table, b, b)
      if (!answer.conflicts.some((c) => c.id === id)) notCompared.push(column)
      await stack.db.query(`update public.${table} set ${column} = $1 where id = $2`, [b[column], id])
    }
    expect(notCompared, 'columns a push does not compare').toEqual([])
  })
})
