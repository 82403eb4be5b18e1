// The money tables from the owner's side of the data API: an owner reads her
// own balance, purchases and payments and nobody else's, writes none of them
// (not even her own), and the database functions that move credits are
// service_role's alone. isolation.test.ts covers strangers and anon per
// table; this adds the owner's own rows and the functions.
import { randomBytes } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS, startTestStack, type Owner, type TestStack } from '../support/stack.ts'

const MONEY_TABLES = ['credits', 'transactions', 'payments'] as const
const FUNCTIONS = {
  credit_payment: (userId: string) => ({
    p_provider: 'local', p_session_id: `cs_local_${randomBytes(16).toString('hex')}`, p_user_id: userId,
    p_price_id: 'price_business', p_credits: 5000, p_amount: 29900, p_currency: 'usd',
  }),
  consume_credit: (userId: string) => ({ p_user_id: userId }),
} as const

describe.each(BACKENDS)('credits, transactions and payments are read-only to owners on %s', (backend) => {
  let stack: TestStack
  let a: Owner
  let b: Owner
  const sessionOf: Record<string, string> = {}

  /** A purchase as the payment functions record it, through the service role. */
  async function purchase(owner: Owner): Promise<string> {
    const session = `cs_local_${randomBytes(16).toString('hex')}`
    const { error } = await stack.service().rpc('credit_payment', {
      p_provider: 'local', p_session_id: session, p_user_id: owner.user.id,
      p_price_id: 'price_starter', p_credits: 250, p_amount: 1500, p_currency: 'usd',
    })
    if (error) throw new Error(`seeding a purchase failed: ${error.message}`)
    return session
  }
  async function snapshot(userId: string) {
    const out: Record<string, unknown> = {}
    for (const t of MONEY_TABLES) {
      const { rows } = await stack.db.query(`select * from public.${t} where user_id = $1 order by id`, [userId])
      out[t] = rows
    }
    return out
  }
  const refused = (error: { code?: string } | null) => expect(error?.code, JSON.stringify(error)).toBe('42501')

  beforeAll(async () => {
    stack = await startTestStack(backend)
    ;[a, b] = await Promise.all([stack.signUpOwner(), stack.signUpOwner()])
    sessionOf[a.user.id] = await purchase(a)
    sessionOf[b.user.id] = await purchase(b)
  })
  afterAll(async () => {
    await stack?.close()
  })

  it('an owner reads exactly her own rows of each table', async () => {
    for (const [owner, other] of [[a, b], [b, a]] as const) {
      const credits = await owner.client.from('credits').select('*')
      expect(credits.error).toBeNull()
      expect(credits.data).toEqual([expect.objectContaining({ user_id: owner.user.id, amount: 250, used: 0, remaining: 250 })])
      const transactions = await owner.client.from('transactions').select('*').order('created_at', { ascending: false }).limit(5)
      expect(transactions.data).toEqual([
        expect.objectContaining({ user_id: owner.user.id, amount: 1500, credits_purchased: 250, status: 'completed', provider_session_id: sessionOf[owner.user.id] }),
      ])
      const payments = await owner.client.from('payments').select('*')
      expect(payments.data).toEqual([expect.objectContaining({ user_id: owner.user.id, status: 'paid', provider_session_id: sessionOf[owner.user.id] })])
      for (const t of MONEY_TABLES) {
        const { data } = await owner.client.from(t).select('*').eq('user_id', other.user.id)
        expect(data, t).toEqual([])
      }
    }
  })

  it('an owner cannot raise, forge or erase her own credits and purchases', async () => {
    const before = await snapshot(a.user.id)
    const c = a.client
    refused((await c.from('credits').update({ remaining: 1_000_000, amount: 1_000_000 }).eq('user_id', a.user.id)).error)
    refused((await c.from('credits').upsert({ user_id: a.user.id, amount: 1_000_000, used: 0, remaining: 1_000_000 }, { onConflict: 'user_id' })).error)
    refused((await c.from('credits').delete().eq('user_id', a.user.id)).error)
    refused((await c.from('transactions').insert({ user_id: a.user.id, amount: 0, credits_purchased: 20000, status: 'completed' })).error)
    refused((await c.from('transactions').update({ credits_purchased: 20000 }).eq('user_id', a.user.id)).error)
    refused((await c.from('transactions').delete().eq('user_id', a.user.id)).error)
    refused(
      (await c.from('payments').insert({
        user_id: a.user.id, provider: 'local', provider_session_id: `cs_local_${randomBytes(16).toString('hex')}`,
        price_id: 'price_business', credits: 5000, amount: 0, status: 'paid',
      })).error,
    )
    refused((await c.from('payments').update({ status: 'open' }).eq('user_id', a.user.id)).error)
    refused((await c.from('payments').delete().eq('user_id', a.user.id)).error)
    expect(await snapshot(a.user.id)).toEqual(before)
  })

  it('anon reads and writes nothing', async () => {
    const anon = stack.anon()
    for (const t of MONEY_TABLES) {
      refused((await anon.from(t).select('*')).error)
      refused((await anon.from(t).update({ user_id: a.user.id }).eq('user_id', a.user.id)).error)
    }
  })

  it('only service_role may credit or consume, through the data API and in the catalog', async () => {
    const before = await snapshot(a.user.id)
    const callers: [string, SupabaseClient][] = [['owner A', a.client], ['owner B', b.client], ['anon', stack.anon()]]
    for (const [name, args] of Object.entries(FUNCTIONS)) {
      for (const [who, client] of callers) {
        const { data, error } = await client.rpc(name, args(a.user.id))
        expect(data, `${who} ${name}`).toBeNull()
        refused(error)
      }
    }
    expect(await snapshot(a.user.id)).toEqual(before)

    const { rows } = await stack.db.query<{ fn: string; role: string; allowed: boolean }>(
      `select p.proname as fn, r.role, has_function_privilege(r.role, p.oid, 'execute') as allowed
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        cross join (values ('anon'), ('authenticated'), ('service_role')) r(role)
        where n.nspname = 'public' and p.proname in ('credit_payment', 'consume_credit')
        order by 1, 2`,
    )
    expect(rows).toEqual([
      { fn: 'consume_credit', role: 'anon', allowed: false },
      { fn: 'consume_credit', role: 'authenticated', allowed: false },
      { fn: 'consume_credit', role: 'service_role', allowed: true },
      { fn: 'credit_payment', role: 'anon', allowed: false },
      { fn: 'credit_payment', role: 'authenticated', allowed: false },
      { fn: 'credit_payment', role: 'service_role', allowed: true },
    ])
  })

  it('keeps row-level security on the money tables', async () => {
    const { rows } = await stack.db.query<{ name: string; rls: boolean }>(
      `select relname as name, relrowsecurity as rls from pg_class
        where relnamespace = 'public'::regnamespace and relname in ('credits', 'transactions', 'payments') order by 1`,
    )
    expect(rows).toEqual([
      { name: 'credits', rls: true },
      { name: 'payments', rls: true },
      { name: 'transactions', rls: true },
    ])
  })
})
