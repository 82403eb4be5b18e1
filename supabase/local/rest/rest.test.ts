// The data API as supabase-js sees it, on PGlite and on a real PostgreSQL 15:
// every filter, embedding, write, function call and error status that
// postgrest-js can produce, compared with what PostgREST 12 answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { BACKENDS, startRestHarness, type RestHarness } from './test-support.ts'
import { createRestApp } from './index.ts'
import { Hono } from 'hono'
import { withBrokenSignature } from '../../../tests/support/jwt.ts'
import { BufferedRequest, BufferedResponse } from '../in-process-bodies.ts'

/** A fixture id: the prefix tells the kind of row, the number the row. */
const fixtureId = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`
const fixtureIds = <const N extends readonly number[]>(prefix: string, ns: N) =>
  ns.map((n) => fixtureId(prefix, n)) as { [K in keyof N]: string }

const A = fixtureId('aaaaaaaa', 1)
const B = fixtureId('bbbbbbbb', 2)
/** Owner of the rows the function-call tests read; nothing else writes them. */
const D = fixtureId('dddddddd', 4)
const [C1, C2, C3, C4, C5] = fixtureIds('c0000000', [1, 2, 3, 4, 5])
const [D1, D2, D3] = fixtureIds('d0000000', [1, 2, 3])
const MISSING = 'ffffffff-0000-4000-8000-00000000ffff'

const customers = [
  { id: C1, user_id: A, name: 'Ann', email: 'ann@x.test', tags: ['vip', 'tr'], data: { city: 'Istanbul', n: 1 }, score: 9.5, active: true },
  { id: C2, user_id: A, name: 'Bob', email: 'bob@x.test', tags: ['tr'], data: { city: 'Ankara', n: 2 }, score: null, active: false },
  { id: C3, user_id: A, name: 'Cem', email: null, tags: [], data: null, score: 3.25, active: null },
  { id: C4, user_id: A, name: 'Dilek, Jr.', email: 'd@x.test', tags: ['vip'], data: { city: 'Izmir', n: 4 }, score: 7, active: true },
  { id: C5, user_id: B, name: 'Eve', email: 'eve@x.test', tags: [], data: null, score: 1, active: true },
  { id: D1, user_id: D, name: 'Deniz', email: null, tags: [], data: null, score: 5, active: true },
  { id: D2, user_id: D, name: 'Derya', email: null, tags: [], data: null, score: 2, active: true },
  { id: D3, user_id: D, name: 'Doruk', email: null, tags: [], data: null, score: null, active: true },
]
const orders = [
  { id: 1, user_id: A, customer_id: C1, amount: 10, status: 'paid', placed_on: '2026-11-01', note: 'first' },
  { id: 2, user_id: A, customer_id: C1, amount: 25.5, status: 'open', placed_on: '2026-11-15', note: null },
  { id: 3, user_id: A, customer_id: C2, amount: 5, status: 'void', placed_on: '2026-10-31', note: 'old' },
  { id: 4, user_id: A, customer_id: null, amount: 99.99, status: 'open', placed_on: '2026-11-30', note: 'walk-in' },
  { id: 5, user_id: B, customer_id: C5, amount: 1, status: 'open', placed_on: '2026-11-02', note: null },
  { id: 6, user_id: D, customer_id: D1, amount: 40, status: 'paid', placed_on: '2026-11-03', note: null },
  { id: 7, user_id: D, customer_id: D1, amount: 2.5, status: 'open', placed_on: '2026-11-04', note: null },
  { id: 8, user_id: D, customer_id: D2, amount: 7, status: 'open', placed_on: '2026-11-05', note: null },
  { id: 9, user_id: D, customer_id: null, amount: 0.01, status: 'void', placed_on: '2026-11-06', note: null },
]

describe.each(BACKENDS)('data API on %s', (backend) => {
  let h: RestHarness
  let a: SupabaseClient
  let b: SupabaseClient
  let d: SupabaseClient
  let service: SupabaseClient
  let anon: SupabaseClient

  /** A raw request to /rest/v1 with the anon key and, optionally, a user's token. */
  const raw = async (path: string, init: RequestInit & { token?: string } = {}) => {
    const headers = new Headers(init.headers)
    if (!headers.has('apikey')) headers.set('apikey', h.config.anonKey)
    if (init.token) headers.set('authorization', `Bearer ${init.token}`)
    return h.fetch(`http://local.test/rest/v1${path}`, { ...init, headers })
  }
  /** A result that must be this error: its status and PostgREST's error body. */
  const expectError = (
    res: { status: number; error: unknown },
    status: number,
    code: string,
    message: string,
    details: string | null = null,
    hint: string | null = null,
  ) => {
    expect(res.status).toBe(status)
    expect(res.error).toEqual({ code, details, hint, message })
  }
  /** The same for a raw answer, whose JSON body is the error. */
  const expectErrorAnswer = async (res: Response, status: number, code: string, message: string, details: string | null = null) =>
    expectError({ status: res.status, error: await res.json() }, status, code, message, details)

  beforeAll(async () => {
    h = await startRestHarness(backend)
    a = await h.user(A)
    b = await h.user(B)
    d = await h.user(D)
    service = h.service()
    anon = h.anon()
    const c = await service.from('customers').insert(customers)
    if (c.error) throw new Error(JSON.stringify(c.error))
    const o = await service.from('orders').insert(orders)
    if (o.error) throw new Error(JSON.stringify(o.error))
    await h.db.exec(`select setval(pg_get_serial_sequence('public.orders', 'id'), 100)`)
    const p = await service.from('profiles').insert({ customer_id: C1, bio: 'regular' })
    if (p.error) throw new Error(JSON.stringify(p.error))
    await service.from('labels').insert([{ id: 1, title: 'gold' }, { id: 2, title: 'late payer' }, { id: 3, title: 'unused' }])
    await service.from('customer_labels').insert([
      { customer_id: C1, label_id: 1 },
      { customer_id: C1, label_id: 2 },
      { customer_id: C2, label_id: 2 },
    ])
  })
  afterAll(async () => {
    await h?.close()
  })

  const names = (rows: unknown) => (rows as { name: string }[] | null)?.map((r) => r.name)

  describe('filters', () => {
    it('eq, neq, gt, gte, lt, lte', async () => {
      expect(names((await a.from('customers').select('name').eq('name', 'Bob')).data)).toEqual(['Bob'])
      expect(names((await a.from('customers').select('name').neq('name', 'Bob').order('name')).data)).toEqual(['Ann', 'Cem', 'Dilek, Jr.'])
      expect(names((await a.from('customers').select('name').gt('score', 7).order('name')).data)).toEqual(['Ann'])
      expect(names((await a.from('customers').select('name').gte('score', 7).order('name')).data)).toEqual(['Ann', 'Dilek, Jr.'])
      expect(names((await a.from('customers').select('name').lt('score', 7).order('name')).data)).toEqual(['Cem'])
      expect(names((await a.from('customers').select('name').lte('score', 7).order('name')).data)).toEqual(['Cem', 'Dilek, Jr.'])
    })

    it('the same column twice (a date range)', async () => {
      const { data, error } = await a
        .from('orders')
        .select('id')
        .gte('placed_on', '2026-11-01')
        .lte('placed_on', '2026-11-30')
        .order('placed_on')
      expect(error).toBeNull()
      expect(data).toEqual([{ id: 1 }, { id: 2 }, { id: 4 }])
    })

    it('like and ilike, with * as %', async () => {
      expect(names((await a.from('customers').select('name').like('name', 'A%')).data)).toEqual(['Ann'])
      expect(names((await a.from('customers').select('name').like('name', '*e*').order('name')).data)).toEqual(['Cem', 'Dilek, Jr.'])
      expect(names((await a.from('customers').select('name').ilike('name', 'b*')).data)).toEqual(['Bob'])
      expect(names((await a.from('customers').select('name').not('name', 'ilike', '*n*').order('name')).data)).toEqual(['Bob', 'Cem', 'Dilek, Jr.'])
      expect(names((await a.from('customers').select('name').likeAnyOf('name', ['A*', 'B*']).order('name')).data)).toEqual(['Ann', 'Bob'])
      expect(names((await a.from('customers').select('name').ilikeAllOf('name', ['*i*', '*k*'])).data)).toEqual(['Dilek, Jr.'])
    })

    it('is null, not null, true and false', async () => {
      expect(names((await a.from('customers').select('name').is('email', null)).data)).toEqual(['Cem'])
      expect(names((await a.from('customers').select('name').not('email', 'is', null).order('name')).data)).toEqual(['Ann', 'Bob', 'Dilek, Jr.'])
      expect(names((await a.from('customers').select('name').is('active', true).order('name')).data)).toEqual(['Ann', 'Dilek, Jr.'])
      expect(names((await a.from('customers').select('name').is('active', false)).data)).toEqual(['Bob'])
      expect(names((await a.from('customers').select('name').not('active', 'is', true).order('name')).data)).toEqual(['Bob', 'Cem'])
      expect(names((await a.from('customers').select('name').filter('active', 'is', 'not_null').order('name')).data)).toEqual(['Ann', 'Bob', 'Dilek, Jr.'])
    })

    it('in and not.in, with values quoted for reserved characters', async () => {
      const { data } = await a.from('customers').select('name').in('name', ['Ann', 'Dilek, Jr.']).order('name')
      expect(names(data)).toEqual(['Ann', 'Dilek, Jr.'])
      const { data: none } = await a.from('customers').select('name').in('name', [])
      expect(none).toEqual([])
      const { data: others } = await a.from('customers').select('name').not('name', 'in', '("Ann","Dilek, Jr.")').order('name')
      expect(names(others)).toEqual(['Bob', 'Cem'])
      const { data: ids } = await a.from('orders').select('id').in('id', [1, 3, 99]).order('id')
      expect(ids).toEqual([{ id: 1 }, { id: 3 }])
    })

    it('contains, containedBy and overlaps on arrays and jsonb', async () => {
      expect(names((await a.from('customers').select('name').contains('tags', ['vip']).order('name')).data)).toEqual(['Ann', 'Dilek, Jr.'])
      expect(names((await a.from('customers').select('name').containedBy('tags', ['tr', 'vip']).order('name')).data)).toEqual([
        'Ann', 'Bob', 'Cem', 'Dilek, Jr.',
      ])
      expect(names((await a.from('customers').select('name').overlaps('tags', ['tr']).order('name')).data)).toEqual(['Ann', 'Bob'])
      expect(names((await a.from('customers').select('name').contains('data', { city: 'Ankara' })).data)).toEqual(['Bob'])
    })

    it('regex match, isdistinct and full-text search', async () => {
      expect(names((await a.from('customers').select('name').match({ name: 'Cem' })).data)).toEqual(['Cem'])
      expect(names((await a.from('customers').select('name').regexMatch('name', '^[AB]').order('name')).data)).toEqual(['Ann', 'Bob'])
      expect(names((await a.from('customers').select('name').regexIMatch('name', '^d')).data)).toEqual(['Dilek, Jr.'])
      expect(names((await a.from('customers').select('name').isDistinct('active', true).order('name')).data)).toEqual(['Bob', 'Cem'])
      const { data, error } = await a.from('orders').select('id').textSearch('note', 'walk', { config: 'simple', type: 'plain' })
      expect(error).toBeNull()
      expect(data).toEqual([{ id: 4 }])
    })

    it('or / and / not nesting', async () => {
      const { data, error } = await a.from('customers').select('name').or('name.eq.Ann,and(score.gt.5,score.lt.8)').order('name')
      expect(error).toBeNull()
      expect(names(data)).toEqual(['Ann', 'Dilek, Jr.'])
      const { data: d2 } = await a
        .from('customers')
        .select('name')
        .or('email.is.null,name.in.("Dilek, Jr.",Bob),tags.cs.{vip,tr}')
        .order('name')
      expect(names(d2)).toEqual(['Ann', 'Bob', 'Cem', 'Dilek, Jr.'])
      const { data: d3 } = await a.from('customers').select('name').not('name', 'eq', 'Cem').or('score.is.null,not.and(score.gte.5,active.is.true)').order('name')
      expect(names(d3)).toEqual(['Bob'])
      const res = await raw(`/customers?select=name&not.or=(name.eq.Ann,name.eq.Bob)&order=name`, { token: await h.token(A) })
      expect(names(await res.json())).toEqual(['Cem', 'Dilek, Jr.'])
    })

    it('json paths in select, filters and order', async () => {
      const { data, error } = await a
        .from('customers')
        .select('name, city:data->>city, n:data->n, data->city')
        .not('data', 'is', null)
        .eq('data->>city', 'Ankara')
      expect(error).toBeNull()
      expect(data).toEqual([{ name: 'Bob', city: 'Ankara', n: 2 }].map((r) => ({ ...r, city: 'Ankara' })))
      const { data: ordered } = await a.from('customers').select('name').not('data', 'is', null).order('data->n', { ascending: false })
      expect(names(ordered)).toEqual(['Dilek, Jr.', 'Bob', 'Ann'])
    })

    it('aliases and casts', async () => {
      const { data } = await a.from('customers').select('who:name, score::text, tags').eq('id', C3).single()
      expect(data).toEqual({ who: 'Cem', score: '3.25', tags: [] })
    })
  })

  describe('ordering, ranges and counts', () => {
    it('orders by several columns with nulls first or last', async () => {
      const { data } = await a.from('customers').select('name').order('score', { ascending: false, nullsFirst: true })
      expect(names(data)).toEqual(['Bob', 'Ann', 'Dilek, Jr.', 'Cem'])
      const { data: last } = await a.from('customers').select('name').order('score', { ascending: true, nullsFirst: false })
      expect(names(last)).toEqual(['Cem', 'Dilek, Jr.', 'Ann', 'Bob'])
      const { data: multi } = await a.from('orders').select('id').order('status').order('amount', { ascending: false })
      expect(multi).toEqual([{ id: 4 }, { id: 2 }, { id: 1 }, { id: 3 }])
    })

    it('limit, offset and range with an exact count (206 and Content-Range)', async () => {
      const res = await a.from('customers').select('name', { count: 'exact' }).order('name').range(1, 2)
      expect(res.status).toBe(206)
      expect(res.count).toBe(4)
      expect(names(res.data)).toEqual(['Bob', 'Cem'])
      const all = await a.from('customers').select('name', { count: 'planned' }).order('name')
      expect(all.status).toBe(200)
      expect(all.count).toBe(4)
      const limited = await a.from('customers').select('name').order('name').limit(2)
      expect(limited.status).toBe(200)
      expect(limited.count).toBeNull()
      expect(names(limited.data)).toEqual(['Ann', 'Bob'])
    })

    it('HEAD with count answers no body', async () => {
      const res = await a.from('orders').select('*', { count: 'exact', head: true }).eq('status', 'open')
      expect(res.error).toBeNull()
      expect(res.data).toBeNull()
      expect(res.count).toBe(2)
      const r = await raw('/orders?status=eq.open', { method: 'HEAD', token: await h.token(A), headers: { prefer: 'count=exact' } })
      expect(r.status).toBe(200)
      expect(r.headers.get('content-range')).toBe('0-1/2')
      expect(await r.text()).toBe('')
    })

    it('Content-Range forms and the Range header', async () => {
      const token = await h.token(A)
      const r1 = await raw('/customers?select=name&order=name&limit=2', { token })
      expect(r1.headers.get('content-range')).toBe('0-1/*')
      expect(r1.headers.get('content-type')).toBe('application/json; charset=utf-8')
      const r2 = await raw('/customers?select=name&name=eq.nobody', { token, headers: { prefer: 'count=exact' } })
      expect(r2.headers.get('content-range')).toBe('*/0')
      expect(r2.headers.get('preference-applied')).toBe('count=exact')
      const r3 = await raw('/customers?select=name&name=eq.nobody', { token })
      expect(r3.headers.get('content-range')).toBe('*/*')
      const r4 = await raw('/customers?select=name&order=name', { token, headers: { range: '2-3', prefer: 'count=exact' } })
      expect(r4.status).toBe(206)
      expect(r4.headers.get('content-range')).toBe('2-3/4')
      expect(names(await r4.json())).toEqual(['Cem', 'Dilek, Jr.'])
      const r5 = await raw('/customers?select=name&offset=10', { token, headers: { prefer: 'count=exact' } })
      await expectErrorAnswer(r5, 416, 'PGRST103', 'Requested range not satisfiable', 'An offset of 10 was requested, but there are only 4 rows.')
    })

    it('caps reads at max-rows', async () => {
      const capped = createRestApp({ db: h.db, config: { ...h.config, maxRows: 2 } })
      const root = new Hono().route('/rest/v1', capped)
      const res = await root.request('/rest/v1/orders?select=id&id=lte.5&order=id', {
        headers: { apikey: h.config.serviceRoleKey, prefer: 'count=exact' },
      })
      expect(res.status).toBe(206)
      expect(res.headers.get('content-range')).toBe('0-1/5')
      expect(await res.json()).toEqual([{ id: 1 }, { id: 2 }])
    })
  })

  describe('single and maybeSingle', () => {
    it('single() with 1, 0 and 2 rows', async () => {
      const one = await a.from('customers').select('name').eq('id', C1).single()
      expect(one.data).toEqual({ name: 'Ann' })
      expect(one.status).toBe(200)
      const zero = await a.from('customers').select('name').eq('id', MISSING).single()
      expect(zero.data).toBeNull()
      expectError(zero, 406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', 'The result contains 0 rows')
      const two = await a.from('customers').select('name').in('id', [C1, C2]).single()
      expect(two.status).toBe(406)
      expect(two.error?.details).toBe('The result contains 2 rows')
    })

    it('maybeSingle() with 0, 1 and 2 rows', async () => {
      expect((await a.from('customers').select('name').eq('id', MISSING).maybeSingle()).data).toBeNull()
      expect((await a.from('customers').select('name').eq('id', C2).maybeSingle()).data).toEqual({ name: 'Bob' })
      const two = await a.from('customers').select('name').in('id', [C1, C2]).maybeSingle()
      expect(two.error?.code).toBe('PGRST116')
      expect(two.status).toBe(406)
    })

    it('a write refused for its answer (single() of 2 rows) is rolled back; a failing write keeps none of its rows', async () => {
      const both = await a.from('customers').update({ score: 1 }).in('id', [C1, C2]).select('name').single()
      expect([both.status, both.error?.code]).toEqual([406, 'PGRST116'])
      const scores = await a.from('customers').select('score').in('id', [C1, C2]).order('name')
      expect(scores.data).toEqual([{ score: 9.5 }, { score: null }])
      // One statement, one transaction: the first row is not kept when the second is refused.
      const bad = await a.from('customers').insert([
        { id: fixtureId('c0000000', 99), user_id: A, name: 'Kept?' },
        { id: C1, user_id: A, name: 'Duplicate id' },
      ])
      expect(bad.error?.code).toBe('23505')
      expect((await a.from('customers').select('name').eq('name', 'Kept?')).data).toEqual([])
    })

    it('answers the object media type with its content type', async () => {
      const r = await raw(`/customers?select=name&id=eq.${C1}`, { token: await h.token(A), headers: { accept: 'application/vnd.pgrst.object+json' } })
      expect(r.headers.get('content-type')).toBe('application/vnd.pgrst.object+json; charset=utf-8')
      expect(await r.json()).toEqual({ name: 'Ann' })
    })
  })

  describe('embedding', () => {
    it('many-to-one as an object, or null', async () => {
      const { data, error } = await a.from('orders').select('id, amount, customer:customers(name, email)').order('id')
      expect(error).toBeNull()
      expect(data).toEqual([
        { id: 1, amount: 10, customer: { name: 'Ann', email: 'ann@x.test' } },
        { id: 2, amount: 25.5, customer: { name: 'Ann', email: 'ann@x.test' } },
        { id: 3, amount: 5, customer: { name: 'Bob', email: 'bob@x.test' } },
        { id: 4, amount: 99.99, customer: null },
      ])
    })

    it('the select-star-plus-embed pattern with filters and two orders', async () => {
      const { data, error } = await a
        .from('orders')
        .select('*, customer:customers(*)')
        .eq('user_id', A)
        .gte('placed_on', '2026-11-01')
        .lte('placed_on', '2026-11-30')
        .order('placed_on', { ascending: true })
        .order('id', { ascending: true })
      expect(error).toBeNull()
      expect(data!.map((o) => o.id)).toEqual([1, 2, 4])
      expect(data![0]).toMatchObject({ status: 'paid', customer_id: C1, customer: { id: C1, tags: ['vip', 'tr'], score: 9.5 } })
    })

    it('one-to-many as an array, empty when there are none', async () => {
      const { data } = await a.from('customers').select('name, orders(id, amount)').order('name').order('id', { referencedTable: 'orders' })
      expect(data).toEqual([
        { name: 'Ann', orders: [{ id: 1, amount: 10 }, { id: 2, amount: 25.5 }] },
        { name: 'Bob', orders: [{ id: 3, amount: 5 }] },
        { name: 'Cem', orders: [] },
        { name: 'Dilek, Jr.', orders: [] },
      ])
    })

    it('embedded filters, order and limit apply inside the embed', async () => {
      const { data } = await a
        .from('customers')
        .select('name, orders(id)')
        .eq('orders.status', 'paid')
        .order('name')
        .limit(2)
      expect(data).toEqual([
        { name: 'Ann', orders: [{ id: 1 }] },
        { name: 'Bob', orders: [] },
      ])
      const { data: top } = await a
        .from('customers')
        .select('name, orders(id, amount)')
        .eq('id', C1)
        .order('amount', { referencedTable: 'orders', ascending: false })
        .limit(1, { referencedTable: 'orders' })
      expect(top).toEqual([{ name: 'Ann', orders: [{ id: 2, amount: 25.5 }] }])
    })

    it('!inner filters the parents, and counts follow', async () => {
      const { data, count } = await a
        .from('customers')
        .select('name, orders!inner(id)', { count: 'exact' })
        .eq('orders.status', 'void')
      expect(data).toEqual([{ name: 'Bob', orders: [{ id: 3 }] }])
      expect(count).toBe(1)
      const { data: withCustomer } = await a.from('orders').select('id, customers!inner(name)').eq('customers.name', 'Ann').order('id')
      expect(withCustomer).toEqual([
        { id: 1, customers: { name: 'Ann' } },
        { id: 2, customers: { name: 'Ann' } },
      ])
    })

    it('null filters on an embed', async () => {
      const { data } = await a.from('orders').select('id, customer:customers(name)').not('customer', 'is', null).order('id')
      expect(data!.map((o) => o.id)).toEqual([1, 2, 3])
      const { data: orphans } = await a.from('orders').select('id, customer:customers(name)').is('customer', null)
      expect(orphans).toEqual([{ id: 4, customer: null }])
      const { data: buyers } = await a.from('customers').select('name, orders(id)').not('orders', 'is', null).order('name')
      expect(names(buyers)).toEqual(['Ann', 'Bob'])
    })

    it('hints, foreign-key columns and constraint names as targets', async () => {
      const viaHint = await a.from('orders').select('id, customers!orders_customer_id_fkey(name)').eq('id', 3).single()
      expect(viaHint.data).toEqual({ id: 3, customers: { name: 'Bob' } })
      const viaColumn = await a.from('orders').select('id, customer_id(name)').eq('id', 3).single()
      expect(viaColumn.data).toEqual({ id: 3, customer_id: { name: 'Bob' } })
      const viaRefColumn = await a.from('customers').select('name, orders!customer_id(id)').eq('id', C2).single()
      expect(viaRefColumn.data).toEqual({ name: 'Bob', orders: [{ id: 3 }] })
    })

    it('nested embeds, one-to-one as an object, spread and related order', async () => {
      const { data, error } = await a.from('orders').select('id, customers(name, profiles(bio), orders(id))').eq('id', 1).single()
      expect(error).toBeNull()
      expect(data).toEqual({ id: 1, customers: { name: 'Ann', profiles: { bio: 'regular' }, orders: [{ id: 1 }, { id: 2 }] } })
      const spread = await a.from('orders').select('id, ...customers(customer_name:name)').eq('id', 3).single()
      expect(spread.data).toEqual({ id: 3, customer_name: 'Bob' })
      const related = await raw('/orders?select=id,customers(name)&customer_id=not.is.null&order=customers(name).desc,id', { token: await h.token(A) })
      expect((await related.json()).map((o: { id: number }) => o.id)).toEqual([3, 1, 2])
    })

    it('many-to-many through a junction table', async () => {
      const { data, error } = await a.from('customers').select('name, labels(title)').in('id', [C1, C2, C3]).order('name').order('id', { referencedTable: 'labels' })
      expect(error).toBeNull()
      expect(data).toEqual([
        { name: 'Ann', labels: [{ title: 'gold' }, { title: 'late payer' }] },
        { name: 'Bob', labels: [{ title: 'late payer' }] },
        { name: 'Cem', labels: [] },
      ])
      const back = await a.from('labels').select('title, customers!inner(name)').eq('customers.name', 'Bob')
      expect(back.data).toEqual([{ title: 'late payer', customers: [{ name: 'Bob' }] }])
      const hinted = await a.from('customers').select('name, labels!customer_labels(id)').eq('id', C2).single()
      expect(hinted.data).toEqual({ name: 'Bob', labels: [{ id: 2 }] })
    })

    it('unknown relationships are PGRST200', async () => {
      const { error, status } = await a.from('customers').select('name, profilez(*)')
      expect(status).toBe(400)
      expect(error).toMatchObject({
        code: 'PGRST200',
        message: "Could not find a relationship between 'customers' and 'profilez' in the schema cache",
        details: "Searched for a foreign key relationship between 'customers' and 'profilez' in the schema 'public', but no matches were found.",
        hint: "Perhaps you meant 'profiles' instead of 'profilez'.",
      })
      const notEmbedded = await a.from('customers').select('name').eq('orders.status', 'paid')
      expect(notEmbedded.status).toBe(400)
      expect(notEmbedded.error?.code).toBe('PGRST108')
    })
  })

  describe('inserts', () => {
    it('a single object: defaults fill the rest, 201 without a body', async () => {
      const res = await a.from('customers').insert({ name: 'Fatma', tags: ['new'] })
      expect(res.error).toBeNull()
      expect(res.status).toBe(201)
      expect(res.data).toBeNull()
      const { data } = await a.from('customers').select('user_id, email, active').eq('name', 'Fatma').single()
      expect(data).toEqual({ user_id: A, email: null, active: null })
    })

    it('with select(): the representation, shaped and embedded', async () => {
      const { data, error, status } = await a
        .from('orders')
        .insert({ customer_id: C2, amount: '12.345', note: 'rep' })
        .select('id, amount, status, customer:customers(name)')
        .single()
      expect(error).toBeNull()
      expect(status).toBe(201)
      expect(data).toMatchObject({ amount: 12.35, status: 'open', customer: { name: 'Bob' } })
      expect(data!.id).toBeGreaterThan(100)
    })

    it('bulk: the union of keys, missing ones as null or, with missing=default, as defaults', async () => {
      const nulls = await a.from('customers').insert([{ name: 'G1', tags: ['x'] }, { name: 'G2', tags: ['y'], email: 'g2@x.test' }]).select('name, email, user_id')
      expect(nulls.error).toBeNull()
      expect(nulls.data).toEqual([
        { name: 'G1', email: null, user_id: A },
        { name: 'G2', email: 'g2@x.test', user_id: A },
      ])
      const failing = await a.from('customers').insert([{ name: 'H1' }, { name: 'H2', tags: ['z'] }])
      expect(failing.status).toBe(400)
      expect(failing.error?.code).toBe('23502')
      const defaults = await a
        .from('customers')
        .insert([{ name: 'H1' }, { name: 'H2', tags: ['z'] }], { defaultToNull: false })
        .select('name, tags, user_id')
      expect(defaults.error).toBeNull()
      expect(defaults.data).toEqual([
        { name: 'H1', tags: [], user_id: A },
        { name: 'H2', tags: ['z'], user_id: A },
      ])
      // Identity columns have no catalog default; the sequence stands in for one.
      const identity = await a
        .from('orders')
        .insert([{ id: 500, amount: 1 }, { amount: 2 }], { defaultToNull: false })
        .select('id, status')
      expect(identity.error).toBeNull()
      expect(identity.data![0]).toEqual({ id: 500, status: 'open' })
      expect(identity.data![1]!.id).toBeGreaterThan(100)
      await service.from('orders').delete().gte('id', 101)
    })

    it('Prefer return=minimal and headers-only, with Preference-Applied', async () => {
      const token = await h.token(A)
      const minimal = await raw('/customers', {
        method: 'POST',
        token,
        headers: { 'content-type': 'application/json', prefer: 'return=minimal' },
        body: JSON.stringify({ name: 'Min', tags: [] }),
      })
      expect(minimal.status).toBe(201)
      expect(await minimal.text()).toBe('')
      expect(minimal.headers.get('content-range')).toBe('*/*')
      expect(minimal.headers.get('preference-applied')).toBe('return=minimal')
      const located = await raw('/orders', {
        method: 'POST',
        token,
        headers: { 'content-type': 'application/json', prefer: 'return=headers-only' },
        body: JSON.stringify({ amount: 1 }),
      })
      expect(located.status).toBe(201)
      expect(located.headers.get('location')).toMatch(/^\/orders\?id=eq\.\d+$/)
      const rep = await raw('/customers?select=name', {
        method: 'POST',
        token,
        headers: { 'content-type': 'application/json', prefer: 'return=representation,count=exact' },
        body: JSON.stringify([{ name: 'R1', tags: [] }, { name: 'R2', tags: [] }]),
      })
      expect(rep.status).toBe(201)
      expect(rep.headers.get('content-range')).toBe('*/2')
      expect(rep.headers.get('preference-applied')).toBe('return=representation, count=exact')
      expect(await rep.json()).toEqual([{ name: 'R1' }, { name: 'R2' }])
    })

    it('the columns parameter restricts what is read from the body', async () => {
      const res = await raw('/customers?columns=name,tags&select=name,email', {
        method: 'POST',
        token: await h.token(A),
        headers: { 'content-type': 'application/json', prefer: 'return=representation' },
        body: JSON.stringify({ name: 'Cols', tags: [], email: 'ignored@x.test' }),
      })
      expect(await res.json()).toEqual([{ name: 'Cols', email: null }])
    })

    it('unknown columns and invalid JSON bodies', async () => {
      const unknown = await a.from('customers').insert({ name: 'X', nickname: 'x' })
      expectError(unknown, 400, 'PGRST204', "Could not find the 'nickname' column of 'customers' in the schema cache")
      const broken = await raw('/customers', { method: 'POST', token: await h.token(A), headers: { 'content-type': 'application/json' }, body: '{"name":' })
      expect(broken.status).toBe(400)
      expect((await broken.json()).code).toBe('PGRST102')
    })
  })

  describe('upserts', () => {
    it('merge-duplicates on a unique key updates (200) or inserts (201)', async () => {
      const existing = await a
        .from('customers')
        .upsert({ user_id: A, email: 'bob@x.test', name: 'Bobby', tags: ['tr'] }, { onConflict: 'user_id,email' })
        .select('id, name')
        .single()
      expect(existing.error).toBeNull()
      expect(existing.status).toBe(200)
      expect(existing.data).toEqual({ id: C2, name: 'Bobby' })
      const fresh = await a
        .from('customers')
        .upsert({ user_id: A, email: 'new@x.test', name: 'Newbie', tags: [] }, { onConflict: 'user_id,email' })
        .select('name')
      expect(fresh.status).toBe(201)
      expect(fresh.data).toEqual([{ name: 'Newbie' }])
      await a.from('customers').update({ name: 'Bob' }).eq('id', C2)
    })

    it('merge on the primary key by default, ignore-duplicates leaves rows alone', async () => {
      const merged = await a.from('orders').upsert({ id: 2, user_id: A, amount: 26, customer_id: C1, note: 'merged' }).select('id, amount, note')
      expect(merged.data).toEqual([{ id: 2, amount: 26, note: 'merged' }])
      const ignored = await a
        .from('orders')
        .upsert([{ id: 2, user_id: A, amount: 1, note: 'ignored' }], { ignoreDuplicates: true })
        .select('id')
      expect(ignored.error).toBeNull()
      expect(ignored.data).toEqual([])
      const { data } = await a.from('orders').select('amount, note').eq('id', 2).single()
      expect(data).toEqual({ amount: 26, note: 'merged' })
      await service.from('orders').update({ amount: 25.5, note: null }).eq('id', 2)
    })

    it('Preference-Applied names the resolution', async () => {
      const res = await raw('/orders?on_conflict=id', {
        method: 'POST',
        token: await h.token(A),
        headers: { 'content-type': 'application/json', prefer: 'resolution=merge-duplicates' },
        body: JSON.stringify({ id: 2, user_id: A, amount: 25.5, customer_id: C1 }),
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('preference-applied')).toBe('resolution=merge-duplicates')
    })
  })

  describe('updates and deletes', () => {
    it('update by filter: 204, or 200 with the representation', async () => {
      const plain = await a.from('orders').update({ note: 'updated' }).eq('id', 3)
      expect(plain.status).toBe(204)
      expect(plain.data).toBeNull()
      const rep = await a.from('orders').update({ note: 'again' }).eq('status', 'void').select('id, note, customers(name)')
      expect(rep.status).toBe(200)
      expect(rep.data).toEqual([{ id: 3, note: 'again', customers: { name: 'Bob' } }])
      const res = await raw('/orders?id=eq.3', {
        method: 'PATCH',
        token: await h.token(A),
        headers: { 'content-type': 'application/json', prefer: 'count=exact' },
        body: JSON.stringify({ note: 'old' }),
      })
      expect(res.status).toBe(204)
      expect(res.headers.get('content-range')).toBe('0-0/1')
    })

    it("update and delete only reach the caller's rows", async () => {
      const upd = await a.from('orders').update({ note: 'hijack' }).eq('id', 5).select()
      expect(upd.data).toEqual([])
      const del = await a.from('customers').delete().eq('id', C5).select()
      expect(del.data).toEqual([])
      expect((await service.from('customers').select('name').eq('id', C5).single()).data).toEqual({ name: 'Eve' })
    })

    it('delete by filter: 204, or 200 with the representation', async () => {
      const made = await a.from('customers').insert([{ name: 'Del1', tags: [] }, { name: 'Del2', tags: [] }]).select('id')
      const ids = made.data!.map((r) => r.id as string)
      const one = await a.from('customers').delete().eq('id', ids[0]!)
      expect(one.status).toBe(204)
      const rep = await a.from('customers').delete({ count: 'exact' }).eq('id', ids[1]!).select('name')
      expect(rep.status).toBe(200)
      expect(rep.data).toEqual([{ name: 'Del2' }])
      expect(rep.count).toBe(1)
    })

    it('writes without a representation answer 204 whether they match no row or many', async () => {
      const none = await a.from('customers').delete().eq('name', 'nobody-by-this-name')
      expect(none.error).toBeNull()
      expect(none.status).toBe(204)
      const made = await a.from('customers').insert([{ name: 'Many', tags: [] }, { name: 'Many', tags: [] }]).select('id')
      expect(made.data).toHaveLength(2)
      const upd = await a.from('customers').update({ name: 'Many2' }, { count: 'exact' }).eq('name', 'Many')
      expect(upd.status).toBe(204)
      expect(upd.count).toBe(2)
      const del = await a.from('customers').delete({ count: 'exact' }).eq('name', 'Many2')
      expect(del.status).toBe(204)
      expect(del.count).toBe(2)
    })

    it('unfiltered update and delete are refused as pg-safeupdate does', async () => {
      const upd = await raw('/orders', { method: 'PATCH', token: await h.token(A), headers: { 'content-type': 'application/json' }, body: '{"note":"x"}' })
      await expectErrorAnswer(upd, 400, '21000', 'UPDATE requires a WHERE clause')
      const del = await raw('/orders', { method: 'DELETE', token: await h.token(A) })
      expect(del.status).toBe(400)
    })

    it('single() on a write that touches 2 rows is a 406 and rolls back', async () => {
      const res = await a.from('orders').update({ note: 'both' }).in('id', [1, 2]).select().single()
      expect(res.status).toBe(406)
      expect(res.error?.details).toBe('The result contains 2 rows')
      const { data } = await a.from('orders').select('note').in('id', [1, 2]).order('id')
      expect(data).toEqual([{ note: 'first' }, { note: null }])
    })
  })

  describe('row-level security and privileges', () => {
    it('anon without privilege: 401 with 42501', async () => {
      expectError(await anon.from('orders').select(), 401, '42501', 'permission denied for table orders')
      const ins = await anon.from('customers').insert({ name: 'anon', tags: [] })
      expect(ins.status).toBe(401)
      expect(ins.error?.code).toBe('42501')
      const visible = await anon.from('customers').select()
      expect(visible.data).toEqual([])
    })

    it("a user writing another user's row: 403 with the RLS message", async () => {
      const spoof = await a.from('customers').insert({ name: 'Spoof', user_id: B, tags: [] })
      expectError(spoof, 403, '42501', 'new row violates row-level security policy for table "customers"')
    })

    it('users see only their rows, service_role sees all', async () => {
      expect(names((await b.from('customers').select('name')).data)).toEqual(['Eve'])
      const all = await service.from('customers').select('name', { count: 'exact', head: true }).in('id', [C1, C2, C3, C4, C5, D1])
      expect(all.count).toBe(6)
    })
  })

  describe('constraint and input errors', () => {
    it('maps SQLSTATEs to PostgREST statuses', async () => {
      const dup = await a.from('customers').insert({ name: 'Dup', email: 'ann@x.test', tags: [] })
      expect(dup.status).toBe(409)
      expect(dup.error?.code).toBe('23505')
      // Postgres hides key values from callers under RLS; a role that bypasses it sees them.
      expect(dup.error?.details).toBeNull()
      const dupService = await service.from('customers').insert({ user_id: A, name: 'Dup', email: 'ann@x.test', tags: [] })
      expect(dupService.error?.details).toBe(`Key (user_id, email)=(${A}, ann@x.test) already exists.`)
      const fk = await a.from('orders').insert({ amount: 1, customer_id: MISSING })
      expect(fk.status).toBe(409)
      expect(fk.error?.code).toBe('23503')
      const nn = await a.from('customers').insert({ tags: [] })
      expect(nn.status).toBe(400)
      expect(nn.error?.code).toBe('23502')
      const check = await a.from('orders').insert({ amount: -1 })
      expect(check.status).toBe(400)
      expect(check.error?.code).toBe('23514')
      const bad = await a.from('customers').select().eq('id', 'not-a-uuid')
      expect(bad.status).toBe(400)
      expect(bad.error).toMatchObject({ code: '22P02', message: 'invalid input syntax for type uuid: "not-a-uuid"' })
    })

    it('unknown tables, columns, operators and schemas', async () => {
      const table = await a.from('customer').select()
      expectError(table, 404, 'PGRST205', "Could not find the table 'public.customer' in the schema cache", null, "Perhaps you meant the table 'public.customers'")
      const column = await a.from('customers').select('name, nope')
      expectError(column, 400, '42703', 'column customers.nope does not exist')
      const embedded = await a.from('orders').select('id, customers(nope)')
      expect(embedded.error?.message).toBe('column customers_1.nope does not exist')
      // Without an operator a parameter is not a filter (PostgREST ignores it on tables)…
      expect((await a.from('customers').select('name').filter('name', 'approx', 'x')).status).toBe(200)
      // …but after `not.` it must be one.
      const op = await a.from('customers').select().not('name', 'approx', 'x')
      expect(op.status).toBe(400)
      expect(op.error).toMatchObject({ code: 'PGRST100', details: 'unknown single value operator approx' })
      const schema = await a.schema('private').from('customers').select()
      expectError(schema, 406, 'PGRST106', 'The schema must be one of the following: public, graphql_public')
      const other = await a.schema('graphql_public').from('customers').select()
      expect(other.status).toBe(404)
      expect(other.error?.code).toBe('PGRST205')
    })

    it('request-shape errors: aggregates, strict preferences, methods, media types, casts', async () => {
      const agg = await a.from('orders').select('amount.sum()')
      expectError(agg, 400, 'PGRST123', 'Use of aggregate functions is not allowed')
      const token = await h.token(A)
      const strict = await raw('/orders?select=id', { token, headers: { prefer: 'handling=strict, frobnicate' } })
      await expectErrorAnswer(strict, 400, 'PGRST122', 'Invalid preferences given with handling=strict', 'Invalid preferences: frobnicate')
      const lenient = await raw('/orders?select=id&id=eq.1', { token, headers: { prefer: 'frobnicate' } })
      expect(lenient.status).toBe(200)
      const put = await raw('/orders?id=eq.1', { method: 'PUT', token, headers: { 'content-type': 'application/json' }, body: '{}' })
      expect(put.status).toBe(405)
      const html = await raw('/orders', { token, headers: { accept: 'text/html' } })
      expect(html.status).toBe(406)
      expect((await html.json()).code).toBe('PGRST107')
      const sneaky = await raw('/orders?select=id::text$$', { token })
      expect(sneaky.status).toBe(400)
      expect((await sneaky.json()).code).toBe('PGRST100')
      const rpcPatch = await raw('/rpc/add', { method: 'PATCH', token, headers: { 'content-type': 'application/json' }, body: '{"a":1}' })
      expect(rpcPatch.status).toBe(405)
      expect((await rpcPatch.json()).code).toBe('PGRST101')
    })
  })

  describe('functions (rpc)', () => {
    it('scalar results with named and default arguments, POST and GET', async () => {
      expect((await a.rpc('add', { a: 2 })).data).toBe(3)
      expect((await a.rpc('add', { a: 2, b: 5 })).data).toBe(7)
      const viaGet = await a.rpc('add', { a: 40, b: 2 }, { get: true })
      expect(viaGet.data).toBe(42)
      const head = await a.rpc('add', { a: 1 }, { head: true })
      expect(head.status).toBe(200)
      expect(head.data).toBeNull()
      expect((await d.rpc('customer_count')).data).toBe(3)
      expect((await a.rpc('whoami')).data).toBe(`${A}:authenticated`)
      expect((await anon.rpc('whoami')).data).toBe('nobody:anon')
    })

    it('setof a table: filters, order, limit, select, embedding and single', async () => {
      const { data, error } = await d
        .rpc('customers_named', { pattern: 'D%' })
        .select('name, orders(id)')
        .not('score', 'is', null)
        .order('name', { ascending: false })
        .order('id', { referencedTable: 'orders' })
        .limit(2)
      expect(error).toBeNull()
      expect(data).toEqual([
        { name: 'Derya', orders: [{ id: 8 }] },
        { name: 'Deniz', orders: [{ id: 6 }, { id: 7 }] },
      ])
      const one = await d.rpc('customers_named', { pattern: 'Dor%' }).select('name').single()
      expect(one.data).toEqual({ name: 'Doruk' })
      const counted = await d.rpc('customers_named', { pattern: '%' }, { count: 'exact' }).select('name').range(0, 0)
      expect(counted.count).toBe(3)
      expect(counted.status).toBe(206)
      const viaGet = await d.rpc('customers_named', { pattern: '%' }, { get: true }).select('name').order('name')
      expect(names(viaGet.data)).toEqual(['Deniz', 'Derya', 'Doruk'])
    })

    it('a single composite, a table result and a set of scalars', async () => {
      const row = await d.rpc('customer_by_id', { p_id: D2 })
      expect(row.data).toMatchObject({ id: D2, name: 'Derya', score: 2 })
      const totals = await d.rpc('order_totals').order('total', { ascending: false })
      expect(totals.data).toEqual([
        { customer_id: D1, total: 42.5, n: 2 },
        { customer_id: D2, total: 7, n: 1 },
        { customer_id: null, total: 0.01, n: 1 },
      ])
      const filtered = await d.rpc('order_totals').select('n').gt('total', 5).order('n')
      expect(filtered.data).toEqual([{ n: 1 }, { n: 2 }])
      expect((await a.rpc('series', { n: 3 })).data).toEqual([1, 2, 3])
    })

    it('void answers 204, and runs', async () => {
      const res = await a.rpc('touch', { p_note: 'touched' })
      expect(res.status).toBe(204)
      expect(res.data).toBeNull()
      expect(res.error).toBeNull()
      const { data } = await a.from('orders').select('note').eq('id', 4).single()
      expect(data).toEqual({ note: 'touched' })
      await service.from('orders').update({ note: 'walk-in' }).eq('id', 4)
      await service.from('orders').update({ note: 'first' }).eq('id', 1)
      await service.from('orders').update({ note: null }).eq('id', 2)
      await service.from('orders').update({ note: 'old' }).eq('id', 3)
    })

    it('GET calls run read-only: a writing function answers 405 with 25006', async () => {
      const res = await d.rpc('touch', { p_note: 'via get' }, { get: true })
      expectError(res, 405, '25006', 'cannot execute UPDATE in a read-only transaction')
    })

    it('json and array arguments, and a single unnamed json parameter', async () => {
      const echo = await a.rpc('echo', { payload: { nested: [1, { x: true }] }, tags: ['a', 'b'] })
      expect(echo.error).toBeNull()
      expect(echo.data).toEqual({ payload: { nested: [1, { x: true }] }, tags: ['a', 'b'] })
      const whole = await a.rpc('whole', { anything: 1, goes: 'here' })
      expect(whole.data).toEqual({ anything: 1, goes: 'here' })
    })

    it('raised errors: P0001 400, 42501 403/401, PT418', async () => {
      const failed = await a.rpc('fail', { msg: 'boom' })
      expectError(failed, 400, 'P0001', 'boom', 'from fail()', 'do not call fail()')
      expect((await a.rpc('deny')).status).toBe(403)
      expect((await anon.rpc('deny')).status).toBe(401)
      const tea = await a.rpc('teapot')
      expect(tea.status).toBe(418)
      expect(tea.error?.message).toBe('short and stout')
    })

    it('response.status and response.headers set in SQL', async () => {
      const res = await raw('/rpc/with_status', { method: 'POST', token: await h.token(A), headers: { 'content-type': 'application/json' }, body: '{}' })
      expect(res.status).toBe(202)
      expect(res.headers.get('x-custom')).toBe('yes')
      expect(await res.json()).toBe('accepted')
    })

    it('unknown functions and arguments are PGRST202', async () => {
      const missing = await a.rpc('nope', { x: 1 })
      expectError(
        missing,
        404,
        'PGRST202',
        'Could not find the function public.nope(x) in the schema cache',
        'Searched for the function public.nope with parameter x or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      )
      const wrongArgs = await a.rpc('add', { z: 1 })
      expect(wrongArgs.status).toBe(404)
      expect(wrongArgs.error?.message).toBe('Could not find the function public.add(z) in the schema cache')
      const typo = await a.rpc('customer_cout')
      expect(typo.error?.hint).toBe('Perhaps you meant to call the function public.customer_count')
      const badArg = await a.rpc('add', { a: 'x' })
      expect(badArg.status).toBe(400)
      expect(badArg.error?.code).toBe('22P02')
    })
  })

  describe('authentication', () => {
    it('expired and forged tokens are 401 PGRST303 / PGRST301', async () => {
      const expired = await h.user(A, { exp: Math.floor(Date.now() / 1000) - 10 })
      const e = await expired.from('customers').select()
      expectError(e, 401, 'PGRST303', 'JWT expired')
      const forged = h.client(h.config.anonKey, withBrokenSignature(await h.token(A)))
      const f = await forged.from('customers').select()
      expect(f.status).toBe(401)
      expect(f.error?.code).toBe('PGRST301')
      const none = await h.fetch('http://local.test/rest/v1/customers')
      expect(none.status).toBe(401)
    })

    it('the key may come as an apikey query parameter', async () => {
      const res = await h.fetch(`http://local.test/rest/v1/rpc/whoami?apikey=${h.config.anonKey}`)
      expect(res.status).toBe(200)
      expect(await res.json()).toBe('nobody:anon')
    })

    it('opaque keys map to anon and service_role', async () => {
      const pub = h.client(h.config.publishableKey)
      expect((await pub.rpc('whoami')).data).toBe('nobody:anon')
      const secret = h.client(h.config.secretKey)
      expect((await secret.from('customers').select('id', { count: 'exact', head: true }).eq('id', C5)).count).toBe(1)
    })
  })

  describe('schema cache', () => {
    it('reloads on NOTIFY pgrst and on reloadSchema()', async () => {
      await h.db.exec(`create table public.late (id int primary key, label text); grant all on public.late to service_role; insert into public.late values (1, 'one')`)
      expect((await service.from('late').select()).error?.code).toBe('PGRST205')
      await h.db.exec(`notify pgrst, 'reload schema'`)
      let data: unknown = null
      for (let i = 0; i < 100 && !data; i++) {
        data = (await service.from('late').select()).data
        if (!data) await new Promise((r) => setTimeout(r, 20))
      }
      expect(data).toEqual([{ id: 1, label: 'one' }])
      await h.db.exec(`alter table public.late add column extra text default 'x'`)
      await h.app.reloadSchema()
      expect((await service.from('late').select('extra')).data).toEqual([{ extra: 'x' }])
    })
  })

  describe('callers in the same process', () => {
    // What a function's supabase-js call is handed to the data API as (../functions/deno-shim.ts).
    const calls: { what: string; method: string; path: string; body?: string; prefer?: string; status: number }[] = [
      { what: 'a partial read', method: 'GET', path: '/orders?select=id,amount&order=id&limit=2', prefer: 'count=exact', status: 206 },
      { what: 'a call with a body', method: 'POST', path: '/rpc/echo', body: '{"payload":{"ş":1}}', status: 200 },
      { what: 'a write answered without a body', method: 'DELETE', path: '/orders?id=eq.999', status: 204 },
      { what: 'a failing call', method: 'POST', path: '/rpc/fail', body: '{"msg":"boom"}', status: 400 },
      { what: 'a read of an unknown table', method: 'GET', path: '/nowhere', status: 404 },
    ]
    const contents = async (res: Response) => ({
      status: res.status,
      statusText: res.statusText,
      headers: Object.fromEntries(res.headers),
      body: await res.text(),
    })

    it.each(calls)('get $what answered from memory, as the network gets it', async ({ method, path, body, prefer, status }) => {
      const headers = {
        apikey: h.config.anonKey,
        authorization: `Bearer ${await h.token(A)}`,
        'content-type': 'application/json',
        ...(prefer && { prefer }),
      }
      const network = await h.app.fetch(new Request(`http://local.test${path}`, { method, headers, body }))
      const inProcess = await h.app.fetch(new BufferedRequest(`http://local.test${path}`, { method, headers, body }))
      expect(network.status).toBe(status)
      expect(network).not.toBeInstanceOf(BufferedResponse)
      expect(inProcess).toBeInstanceOf(BufferedResponse)
      expect(await contents(inProcess)).toEqual(await contents(network))
    })
  })

  describe('representation details', () => {
    it('numbers, bigints, timestamps and arrays come out as PostgREST writes them', async () => {
      const res = await raw(`/customers?select=score,tags,data,created_at&id=eq.${C1}`, { token: await h.token(A) })
      const text = await res.text()
      expect(text).toMatch(/^\[\{"score":9\.50,"tags":\["vip","tr"\],"data":\{"n": 1, "city": "Istanbul"\},"created_at":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00"\}\]$/)
      expect(res.headers.get('content-profile')).toBe('public')
    })

    it('CSV on request', async () => {
      const { data, error } = await a.from('orders').select('id,status').in('id', [1, 3]).order('id').csv()
      expect(error).toBeNull()
      expect(data).toBe('id,status\n1,paid\n3,void')
    })

    it('stripped nulls', async () => {
      const { data } = await a.from('customers').select('name, email, score').eq('id', C3).stripNulls()
      expect(data).toEqual([{ name: 'Cem', score: 3.25 }])
    })
  })
})
