// The contract of sync_push, which the sync engine calls, and of the first
// contract kept for app versions in the field (push_products / push_customers
// / push_appointments and the sync_apply_push behind them), called the way the
// engine calls them: supabase-js rpc with rows built by sync/rows.ts. The
// engine trusts this contract blindly — an applied row is forgotten locally, a
// returned row is merged, a refused one is set aside — so a wrong answer here
// is a lost edit or a leak.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { BACKENDS, startTestStack, type Owner, type TestStack } from '../support/stack.ts'
import { APPOINTMENT_FIELDS, CUSTOMER_FIELDS, PRODUCT_FIELDS } from '../support/sync-documents.ts'
import { toServerRow } from '../../sync/rows.ts'
import type { SyncedTable } from '../../domain/records.ts'

type Row = Record<string, unknown>
type PushRow = { assumed: Row | null; new: Row }

const newId = () => crypto.randomUUID()

// A document of each table with a fresh id; `over` changes any field, to values a device would never write too.
const productDoc = (over: Row = {}): Row => ({ id: newId(), ...PRODUCT_FIELDS, ...over })
const customerDoc = (over: Row = {}): Row => ({ id: newId(), ...CUSTOMER_FIELDS, ...over })
const appointmentDoc = (over: Row = {}): Row => ({ id: newId(), ...APPOINTMENT_FIELDS, ...over })

const row = (table: SyncedTable, doc: Row) => toServerRow(table, doc)

async function push(client: SupabaseClient, table: SyncedTable, rows: PushRow[]) {
  return client.rpc(`push_${table}`, { rows })
}

type Answer = { conflicts: Row[]; refused: Array<{ id: string; code: string }> }

async function syncPush(client: SupabaseClient, table: SyncedTable, rows: PushRow[]) {
  return client.rpc('sync_push', { target: `public.${table}`, rows })
}

async function syncPushOk(client: SupabaseClient, table: SyncedTable, rows: PushRow[]): Promise<Answer> {
  const { data, error } = await syncPush(client, table, rows)
  if (error) throw new Error(`sync_push on ${table} failed: ${error.code} ${error.message}`)
  return data as Answer
}

async function pushOk(client: SupabaseClient, table: SyncedTable, rows: PushRow[]): Promise<Row[]> {
  const { data, error } = await push(client, table, rows)
  if (error) throw new Error(`push_${table} failed: ${error.code} ${error.message}`)
  return data as Row[]
}

/** Creates a document through push (as a device does) and returns its server row. */
async function created(client: SupabaseClient, table: SyncedTable, doc: Row): Promise<Row> {
  expect(await pushOk(client, table, [{ assumed: null, new: row(table, doc) }])).toEqual([])
  return serverRow(client, table, String(doc.id))
}

async function serverRow(client: SupabaseClient, table: SyncedTable, id: string): Promise<Row> {
  const { data, error } = await client.from(table).select('*').eq('id', id).single()
  if (error || !data) throw new Error(`no ${table} row ${id}: ${error?.message}`)
  return data as Row
}

/** Rows as the superuser sees them: what RLS would hide from a caller is still checked. */
async function rawRow(stack: TestStack, table: SyncedTable, id: string): Promise<Row | undefined> {
  const { rows } = await stack.db.query<Row>(`select * from public.${table} where id = $1`, [id])
  return rows[0]
}

describe.each(BACKENDS)('push functions on %s', (backend) => {
  let stack: TestStack
  let owner: Owner
  let stranger: Owner
  beforeAll(async () => {
    stack = await startTestStack(backend)
    owner = await stack.signUpOwner()
    stranger = await stack.signUpOwner()
  })
  afterAll(async () => {
    await stack?.close()
  })

  it('inserts a new row for the caller, with the server setting owner and checkpoint', async () => {
    const doc = productDoc({ product_link: 'https://ornek.com.tr/kahve' })
    const before = Date.now()
    const r = await created(owner.client, 'products', doc)
    expect(r).toMatchObject({
      id: doc.id,
      user_id: owner.user.id,
      name: doc.name,
      description: doc.description,
      currency: 'TRY',
      stock: 3,
      product_link: 'https://ornek.com.tr/kahve',
      group_id: null,
      _deleted: false,
    })
    expect(Number(r.price)).toBe(12.5)
    expect(Date.parse(String(r.created_at))).toBe(Date.parse(String(doc.created_at)))
    expect(Date.parse(String(r._modified))).toBeGreaterThanOrEqual(before - 60_000)
  })

  it('ignores owner and server columns sent by the device', async () => {
    const doc = productDoc()
    const sent = { ...row('products', doc), user_id: stranger.user.id, _modified: '2000-01-01T00:00:00Z', updated_at: '2000-01-01T00:00:00Z' }
    expect(await pushOk(owner.client, 'products', [{ assumed: null, new: sent }])).toEqual([])
    const r = (await rawRow(stack, 'products', String(doc.id)))!
    expect(r.user_id).toBe(owner.user.id)
    expect(new Date(r._modified as string).getUTCFullYear()).toBeGreaterThan(2000)
  })

  it('updates a row whose assumed state matches, reading 12.5 as 12.50', async () => {
    const doc = productDoc({ price: 12.5 })
    const before = await created(owner.client, 'products', doc)
    expect(String(before.price)).toMatch(/^12\.50?$/)
    const assumed = row('products', { ...doc, price: 12.50 })
    const next = row('products', { ...doc, name: 'Filtre Kahve', price: 14.25, description: undefined })
    expect(await pushOk(owner.client, 'products', [{ assumed, new: next }])).toEqual([])
    const after = await serverRow(owner.client, 'products', String(doc.id))
    expect(after).toMatchObject({ name: 'Filtre Kahve', description: null })
    expect(Number(after.price)).toBe(14.25)
    expect(Date.parse(String(after._modified))).toBeGreaterThan(Date.parse(String(before._modified)))
  })

  it('reads an assumed price of 12.499999 as the stored 12.50', async () => {
    const doc = productDoc({ price: 12.5 })
    await created(owner.client, 'products', doc)
    const conflicts = await pushOk(owner.client, 'products', [
      { assumed: row('products', { ...doc, price: 12.499999 }), new: row('products', { ...doc, stock: 4 }) },
    ])
    expect(conflicts).toEqual([])
    expect((await serverRow(owner.client, 'products', String(doc.id))).stock).toBe(4)
  })

  it('reads an assumed 14:30 as the stored 14:30:00 and a short instant as the stored one', async () => {
    const doc = appointmentDoc({ appointment_time: '14:30:00', created_at: '2026-11-20T10:00:00.123456Z' })
    await created(owner.client, 'appointments', doc)
    const assumed = row('appointments', { ...doc, appointment_time: '14:30', created_at: '2026-11-20T10:00:00.123Z' })
    const conflicts = await pushOk(owner.client, 'appointments', [{ assumed, new: row('appointments', { ...doc, status: 'confirmed' }) }])
    expect(conflicts).toEqual([])
    const after = await serverRow(owner.client, 'appointments', String(doc.id))
    expect(after).toMatchObject({ status: 'confirmed', appointment_time: '14:30:00' })
  })

  it('answers a conflict with the current row and writes nothing', async () => {
    const doc = productDoc()
    await created(owner.client, 'products', doc)
    // Another device got there first.
    await pushOk(owner.client, 'products', [{ assumed: row('products', doc), new: row('products', { ...doc, stock: 40 }) }])
    const current = await serverRow(owner.client, 'products', String(doc.id))

    const conflicts = await pushOk(owner.client, 'products', [
      { assumed: row('products', doc), new: row('products', { ...doc, name: 'Kaybolmamalı' }) },
    ])
    expect(conflicts).toHaveLength(1)
    expect(conflicts[0]).toMatchObject({ id: doc.id, name: doc.name, stock: 40, user_id: owner.user.id })
    expect(conflicts[0]!._modified).toBeDefined()
    expect(await serverRow(owner.client, 'products', String(doc.id))).toEqual(current)
  })

  it('answers a conflict for a create whose id already exists (no assumed state)', async () => {
    const doc = customerDoc()
    await created(owner.client, 'customers', doc)
    const current = await serverRow(owner.client, 'customers', String(doc.id))
    const conflicts = await pushOk(owner.client, 'customers', [{ assumed: null, new: row('customers', { ...doc, name: 'İkinci' }) }])
    expect(conflicts).toHaveLength(1)
    expect(conflicts[0]).toMatchObject({ id: doc.id, name: 'Ayşe Yılmaz' })
    expect(await serverRow(owner.client, 'customers', String(doc.id))).toEqual(current)
  })

  it('applies the matching rows of a batch and returns only the conflicting ones', async () => {
    const fresh = customerDoc({ name: 'Yeni Müşteri' })
    const matching = customerDoc({ name: 'Eşleşen' })
    const stale = customerDoc({ name: 'Eski' })
    await created(owner.client, 'customers', matching)
    await created(owner.client, 'customers', stale)
    await pushOk(owner.client, 'customers', [{ assumed: row('customers', stale), new: row('customers', { ...stale, notes: 'başka cihaz' }) }])
    const staleBefore = await serverRow(owner.client, 'customers', String(stale.id))

    const conflicts = await pushOk(owner.client, 'customers', [
      { assumed: null, new: row('customers', fresh) },
      { assumed: row('customers', stale), new: row('customers', { ...stale, email: 'eski@ornek.com.tr' }) },
      { assumed: row('customers', matching), new: row('customers', { ...matching, email: 'eslesen@ornek.com.tr' }) },
    ])
    expect(conflicts.map((c) => c.id)).toEqual([stale.id])
    expect(conflicts[0]).toMatchObject({ notes: 'başka cihaz', email: null })
    expect(await serverRow(owner.client, 'customers', String(fresh.id))).toMatchObject({ name: 'Yeni Müşteri' })
    expect(await serverRow(owner.client, 'customers', String(matching.id))).toMatchObject({ email: 'eslesen@ornek.com.tr' })
    expect(await serverRow(owner.client, 'customers', String(stale.id))).toEqual(staleBefore)
  })

  it('applies a tombstone, and a tombstone of a row never seen', async () => {
    const doc = productDoc()
    await created(owner.client, 'products', doc)
    await pushOk(owner.client, 'products', [{ assumed: row('products', doc), new: row('products', { ...doc, _deleted: true }) }])
    expect(await serverRow(owner.client, 'products', String(doc.id))).toMatchObject({ _deleted: true, name: doc.name })

    const offlineOnly = productDoc({ _deleted: true })
    expect(await pushOk(owner.client, 'products', [{ assumed: null, new: row('products', offlineOnly) }])).toEqual([])
    expect(await serverRow(owner.client, 'products', String(offlineOnly.id))).toMatchObject({ _deleted: true })
  })

  it('never overwrites created_at on update', async () => {
    const doc = productDoc({ created_at: '2026-11-20T10:00:00.000Z' })
    await created(owner.client, 'products', doc)
    await pushOk(owner.client, 'products', [
      { assumed: row('products', doc), new: row('products', { ...doc, stock: 9, created_at: '2030-01-01T00:00:00.000Z' }) },
    ])
    const after = await serverRow(owner.client, 'products', String(doc.id))
    expect(after.stock).toBe(9)
    expect(Date.parse(String(after.created_at))).toBe(Date.parse('2026-11-20T10:00:00.000Z'))
  })

  it('refuses an anonymous caller and writes nothing', async () => {
    const doc = productDoc()
    const { data, error } = await push(stack.anon(), 'products', [{ assumed: null, new: row('products', doc) }])
    expect(data).toBeNull()
    expect(error?.code).toBe('42501')
    expect(await rawRow(stack, 'products', String(doc.id))).toBeUndefined()
  })

  it('refuses the service role, which has no owner to write for', async () => {
    const doc = productDoc()
    const { error } = await push(stack.service(), 'products', [{ assumed: null, new: row('products', doc) }])
    expect(error?.code).toBe('42501')
    expect(await rawRow(stack, 'products', String(doc.id))).toBeUndefined()
  })

  it("keeps another owner's row out of reach: no update, no read-back, no hint of its content", async () => {
    const doc = productDoc({ name: 'Gizli Tarif', description: 'Sadece sahibi görür', stock: 11 })
    await created(owner.client, 'products', doc)
    const before = await rawRow(stack, 'products', String(doc.id))

    // With a right guess of the state, with a wrong one, and as a fresh create.
    const attempts: PushRow[] = [
      { assumed: row('products', doc), new: row('products', { ...doc, name: 'Ele Geçirildi' }) },
      { assumed: row('products', { ...doc, name: 'tahmin' }), new: row('products', { ...doc, name: 'Ele Geçirildi' }) },
      { assumed: null, new: row('products', { ...doc, name: 'Ele Geçirildi', _deleted: true }) },
    ]
    for (const attempt of attempts) {
      const { data, error } = await push(stranger.client, 'products', [attempt])
      // The row is invisible to the stranger, so the write becomes an insert that hits the primary key.
      expect(error?.code).toBe('23505')
      const told = JSON.stringify({ data, error })
      for (const secret of ['Gizli Tarif', 'Sadece sahibi', owner.user.id]) expect(told).not.toContain(secret)
    }
    // A batch whose other rows are fine fails as a whole, so nothing else is written either.
    const innocent = productDoc()
    const { error } = await push(stranger.client, 'products', [{ assumed: null, new: row('products', innocent) }, attempts[0]!])
    expect(error?.code).toBe('23505')
    expect(await rawRow(stack, 'products', String(innocent.id))).toBeUndefined()

    expect(await rawRow(stack, 'products', String(doc.id))).toEqual(before)
    const { data: seen } = await stranger.client.from('products').select('id').eq('id', String(doc.id))
    expect(seen).toEqual([])
  })

  it('cannot be aimed at any table but the three synced ones', async () => {
    const { data: mine } = await owner.client.from('users').select('*').eq('id', owner.user.id).single()
    expect(mine).toBeTruthy()
    const forged = { ...(mine as Row), business_name: 'Ele Geçirildi' }
    for (const target of ['public.users', 'public.credits', 'auth.users', 'users']) {
      const { error } = await owner.client.rpc('sync_apply_push', { target, rows: [{ assumed: mine, new: forged }] })
      expect(error?.code, target).toBe('22023')
    }
    const { error: svc } = await stack.service().rpc('sync_apply_push', { target: 'public.users', rows: [{ assumed: mine, new: forged }] })
    expect(svc?.code).toBe('22023')
    const { rows } = await stack.db.query<{ business_name: string }>('select business_name from public.users where id = $1', [owner.user.id])
    expect(rows[0]?.business_name).toBe((mine as Row).business_name)
  })

  it("refuses an appointment that points at another owner's customer", async () => {
    const theirs = customerDoc({ name: 'Başkasının Müşterisi' })
    await created(owner.client, 'customers', theirs)
    const appt = appointmentDoc({ customer_id: theirs.id })
    const { error } = await push(stranger.client, 'appointments', [{ assumed: null, new: row('appointments', appt) }])
    expect(error?.code).toBe('42501')
    expect(await rawRow(stack, 'appointments', String(appt.id))).toBeUndefined()

    // Re-pointing an existing appointment is refused the same way.
    const own = appointmentDoc()
    await created(stranger.client, 'appointments', own)
    const moved = await push(stranger.client, 'appointments', [{ assumed: row('appointments', own), new: row('appointments', { ...own, customer_id: theirs.id }) }])
    expect(moved.error?.code).toBe('42501')
    expect((await rawRow(stack, 'appointments', String(own.id)))?.customer_id).toBeNull()
  })

  it('accepts an appointment pointing at a customer created in an earlier push of the same owner', async () => {
    const c = customerDoc()
    await created(owner.client, 'customers', c)
    const appt = appointmentDoc({ customer_id: c.id })
    const r = await created(owner.client, 'appointments', appt)
    expect(r.customer_id).toBe(c.id)
  })
  describe('sync_push', () => {
    it('applies the rows it can and names each refused one with its SQLSTATE, writing none of them', async () => {
      const fine = productDoc({ name: 'Kabul Edilen' })
      const badCurrency = productDoc({ currency: 'XXX' })
      const blankName = productDoc({ name: '   ' })
      const malformedPrice = productDoc({ price: 'on iki' })
      const malformedId = productDoc({ id: 'kimlik-değil' })
      const answer = await syncPushOk(owner.client, 'products', [fine, badCurrency, blankName, malformedPrice, malformedId].map((d) => ({ assumed: null, new: row('products', d) })))
      expect(answer.conflicts).toEqual([])
      expect(answer.refused).toEqual([
        { id: badCurrency.id, code: '23514' },
        { id: blankName.id, code: '23514' },
        { id: malformedPrice.id, code: '22P02' },
        { id: 'kimlik-değil', code: '22P02' },
      ])
      expect(await serverRow(owner.client, 'products', String(fine.id))).toMatchObject({ name: 'Kabul Edilen' })
      for (const d of [badCurrency, blankName, malformedPrice]) expect(await rawRow(stack, 'products', String(d.id))).toBeUndefined()
    })

    it('refuses an update the table no longer accepts, keeps the row as it was, and still answers conflicts', async () => {
      const old = customerDoc({ name: 'Eski Numara' })
      await created(owner.client, 'customers', old)
      // A row written before the phone rule, as a device still holds it.
      const stale = customerDoc({ name: 'Başka Cihaz' })
      await created(owner.client, 'customers', stale)
      await pushOk(owner.client, 'customers', [{ assumed: row('customers', stale), new: row('customers', { ...stale, notes: 'önce gelen' }) }])
      const before = await serverRow(owner.client, 'customers', String(old.id))

      const answer = await syncPushOk(owner.client, 'customers', [
        { assumed: row('customers', old), new: row('customers', { ...old, phone_number: '0532 111 22 33', _deleted: true }) },
        { assumed: row('customers', stale), new: row('customers', { ...stale, email: 'kayip@ornek.com.tr' }) },
      ])
      expect(answer.refused).toEqual([{ id: old.id, code: '23514' }])
      expect(answer.conflicts.map((c) => c.id)).toEqual([stale.id])
      expect(await serverRow(owner.client, 'customers', String(old.id))).toEqual(before)
    })

    it("refuses another owner's id and an appointment pointing at another owner's customer, and applies the rest of the batch", async () => {
      const theirs = customerDoc({ name: 'Başkasının Müşterisi' })
      await created(owner.client, 'customers', theirs)
      const innocent = customerDoc({ name: 'Kendi Müşterim' })
      const answer = await syncPushOk(stranger.client, 'customers', [
        { assumed: null, new: row('customers', { ...theirs, name: 'Ele Geçirildi' }) },
        { assumed: null, new: row('customers', innocent) },
      ])
      expect(answer).toEqual({ conflicts: [], refused: [{ id: theirs.id, code: '23505' }] })
      // Nothing of the other owner's row comes back: no name, no owner.
      for (const secret of ['Başkasının', owner.user.id]) expect(JSON.stringify(answer)).not.toContain(secret)
      expect(await serverRow(stranger.client, 'customers', String(innocent.id))).toMatchObject({ name: 'Kendi Müşterim' })
      expect((await rawRow(stack, 'customers', String(theirs.id)))?.name).toBe('Başkasının Müşterisi')

      const appt = appointmentDoc({ customer_id: theirs.id })
      const own = appointmentDoc({ customer_id: innocent.id })
      const appts = await syncPushOk(stranger.client, 'appointments', [appt, own].map((d) => ({ assumed: null, new: row('appointments', d) })))
      expect(appts.refused).toEqual([{ id: appt.id, code: '42501' }])
      expect(await rawRow(stack, 'appointments', String(appt.id))).toBeUndefined()
      expect((await rawRow(stack, 'appointments', String(own.id)))?.customer_id).toBe(innocent.id)
    })

    it('still fails a request that is wrong as a whole', async () => {
      const doc = productDoc()
      const anon = await syncPush(stack.anon(), 'products', [{ assumed: null, new: row('products', doc) }])
      expect(anon.error?.code).toBe('42501')
      const { error: notSynced } = await owner.client.rpc('sync_push', { target: 'public.users', rows: [] })
      expect(notSynced?.code).toBe('22023')
      const { error: notArray } = await owner.client.rpc('sync_push', { target: 'public.products', rows: { new: row('products', doc) } })
      expect(notArray?.code).toBe('22023')
      const { error: noNew } = await owner.client.rpc('sync_push', { target: 'public.products', rows: [{ assumed: null }] })
      expect(noNew?.code).toBe('22023')
      expect(await rawRow(stack, 'products', String(doc.id))).toBeUndefined()
    })
  })
})
