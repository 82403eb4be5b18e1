// Buying and spending credits across every layer: the app's calls
// (supabase-js functions.invoke with the owner's session), the edge functions,
// the local checkout page and Stripe's webhook (official SDK, fake API on
// loopback), down to the database functions that credit a session once and
// take one credit at a time. Runs on PGlite and on PostgreSQL 15.
import { randomBytes, randomUUID } from 'node:crypto'
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { CHECKOUT_SESSION_PLACEHOLDER } from '../../domain/functions.ts'
import { createFakeStripe, signedEvent, type FakeStripe } from '../support/fake-stripe.ts'
import { BACKENDS, startTestStack, type Owner, type TestStack } from '../support/stack.ts'

type Reply = Record<string, unknown> & { success?: boolean; error?: string | null }
type Balance = { amount: number; used: number; remaining: number }

/** A balance after `credits` were bought on top of `before`. */
const plusCredits = (before: Balance, credits: number): Balance => ({
  amount: before.amount + credits,
  used: before.used,
  remaining: before.remaining + credits,
})

/** Ten concurrent attempts to credit one session: one credits it, the other nine find it credited. */
function expectCreditedOnce(results: unknown[]) {
  expect(results.filter((r) => r === 'credited')).toHaveLength(1)
  expect(results.filter((r) => r === 'already_credited')).toHaveLength(9)
}

const SITE = 'http://127.0.0.1:5173'
const SUCCESS_URL = `${SITE}/dashboard/success?session_id=${CHECKOUT_SESSION_PLACEHOLDER}`
const CANCEL_URL = `${SITE}/dashboard`
const WEBHOOK_SECRET = 'whsec_integration_secret'

/** What the credits screen sends when a plan's button is pressed. */
const checkoutBody = (price_id: string, overrides: Record<string, unknown> = {}) => ({
  price_id,
  success_url: SUCCESS_URL,
  cancel_url: CANCEL_URL,
  mode: 'payment',
  ...overrides,
})

async function invoke(client: SupabaseClient, name: string, body: unknown): Promise<{ status: number; reply: Reply }> {
  const { data, error } = await client.functions.invoke(name, { body: body as Record<string, unknown> })
  if (!error) return { status: 200, reply: data as Reply }
  expect(error).toBeInstanceOf(FunctionsHttpError)
  const res = (error as FunctionsHttpError).context as Response
  return { status: res.status, reply: (await res.json()) as Reply }
}

describe.each(BACKENDS)('credits and payments on %s', (backend) => {
  let stack: TestStack
  let a: Owner
  let b: Owner

  async function balance(userId: string): Promise<Balance> {
    const { rows } = await stack.db.query<Balance>('select amount, used, remaining from public.credits where user_id = $1', [userId])
    return rows[0]!
  }
  async function paymentRow(sessionId: string) {
    const { rows } = await stack.db.query<{ status: string; user_id: string; provider: string; amount: number; credits: number; price_id: string; success_url: string | null; cancel_url: string | null }>(
      'select status, user_id, provider, amount, credits, price_id, success_url, cancel_url from public.payments where provider_session_id = $1',
      [sessionId],
    )
    return rows[0]
  }
  async function transactionCount(sessionId: string): Promise<number> {
    const { rows } = await stack.db.query<{ n: number }>('select count(*)::int as n from public.transactions where provider_session_id = $1', [sessionId])
    return rows[0]!.n
  }
  async function checkout(owner: Owner, priceId = 'price_starter') {
    const { status, reply } = await invoke(owner.client, 'create-checkout-session', checkoutBody(priceId))
    expect(status, JSON.stringify(reply)).toBe(200)
    return reply as { success: true; error: null; url: string; session_id: string }
  }
  const page = (url: string, action?: 'pay' | 'cancel', headers: Record<string, string> = {}) =>
    action
      ? fetch(`${url}/${action}`, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers } })
      : fetch(url)

  beforeAll(async () => {
    stack = await startTestStack(backend)
    ;[a, b] = await Promise.all([stack.signUpVerifiedOwner(), stack.signUpVerifiedOwner()])
  })
  afterAll(async () => {
    await stack?.close()
  })
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.restoreAllMocks()
  })
  /** An owner of its own, for tests that open several sessions: each owner may open 20 an hour. */
  const freshOwner = () => stack.signUpVerifiedOwner()
  /** The functions log refusals and provider failures on purpose; the tests assert on answers. */
  const quiet = () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
  }
  /**
   * For a session that expired and one whose payment failed (set in the
   * database, as the provider's events would): `attempt` tries to get it paid,
   * and afterwards it is still closed and nothing was credited.
   */
  async function eachClosedSession(priceId: string, attempt: (session: { url: string; session_id: string; status: string }) => Promise<void>) {
    const o = await freshOwner()
    quiet()
    const before = await balance(o.user.id)
    for (const status of ['expired', 'failed']) {
      const { url, session_id } = await checkout(o, priceId)
      await stack.db.query('update public.payments set status = $2 where provider_session_id = $1', [session_id, status])
      await attempt({ url, session_id, status })
      expect(await paymentRow(session_id)).toMatchObject({ status })
      expect(await transactionCount(session_id)).toBe(0)
    }
    expect(await balance(o.user.id)).toEqual(before)
  }

  describe('checkout (local provider, the default)', () => {
    it("opens a session for the owner's package and records it as an open payment", async () => {
      const before = await balance(a.user.id)
      const { url, session_id } = await checkout(a, 'price_growth')
      expect(session_id).toMatch(/^cs_local_[0-9a-f]{32}$/)
      expect(url).toBe(`${stack.url}/__local/checkout/${session_id}`)
      expect(await paymentRow(session_id)).toEqual({
        status: 'open', user_id: a.user.id, provider: 'local', amount: 6000, credits: 1000, price_id: 'price_growth',
        success_url: SUCCESS_URL, cancel_url: CANCEL_URL,
      })
      expect(await balance(a.user.id)).toEqual(before)
    })

    it('takes the amount from the plan, never from the client', async () => {
      const { status, reply } = await invoke(a.client, 'create-checkout-session', checkoutBody('price_business', { amount: 1, credits: 999999, price: 1 }))
      expect(status).toBe(200)
      expect(await paymentRow(reply.session_id as string)).toMatchObject({ amount: 29900, credits: 5000 })
    })

    it('refuses a tampered or unknown price id, and Enterprise, which has no price', async () => {
      for (const [price, code] of [
        ['price_free', 'unknown_price'],
        ['price_starter; drop table credits', 'unknown_price'],
        [1500, 'unknown_price'],
        ['price_enterprise', 'plan_not_purchasable'],
      ] as const) {
        const { status, reply } = await invoke(a.client, 'create-checkout-session', checkoutBody(price as string))
        expect(status, String(price)).toBe(400)
        expect(reply).toEqual({ success: false, error: code })
      }
      const wrongMode = await invoke(a.client, 'create-checkout-session', checkoutBody('price_starter', { mode: 'subscription' }))
      expect(wrongMode).toEqual({ status: 400, reply: { success: false, error: 'invalid_request' } })
    })

    it("refuses return URLs outside the app's own origin", async () => {
      for (const overrides of [
        { success_url: `https://evil.example/dashboard/success?session_id=${CHECKOUT_SESSION_PLACEHOLDER}` },
        { cancel_url: 'https://evil.example/dashboard' },
        { success_url: 'http://127.0.0.1:5174/dashboard/success' },
        { success_url: 'javascript:alert(document.cookie)' },
        { cancel_url: undefined },
      ]) {
        const { status, reply } = await invoke(a.client, 'create-checkout-session', checkoutBody('price_starter', overrides))
        expect(status, JSON.stringify(overrides)).toBe(400)
        expect(reply).toEqual({ success: false, error: 'invalid_redirect_url' })
      }
      // The other configured origin (config.toml's additional_redirect_urls) is the app too.
      const other = await invoke(a.client, 'create-checkout-session', checkoutBody('price_starter', { cancel_url: 'http://localhost:5173/dashboard' }))
      expect(other.status).toBe(200)
    })

    it('refuses a caller that is not a signed-in owner', async () => {
      const anon = await invoke(stack.anon(), 'create-checkout-session', checkoutBody('price_starter'))
      expect(anon).toEqual({ status: 401, reply: { success: false, error: 'unauthorized' } })
      const bare = await fetch(`${stack.url}/functions/v1/create-checkout-session`, { method: 'POST', body: JSON.stringify(checkoutBody('price_starter')) })
      expect(bare.status).toBe(401)
    })
  })

  describe('the local checkout page', () => {
    it('shows the package and amount, with Pay and Cancel buttons', async () => {
      const { url } = await checkout(a, 'price_starter')
      const res = await page(url)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/html/)
      const html = await res.text()
      expect(html).toContain('<dd>Starter</dd>')
      expect(html).toContain('<dd>250</dd>')
      expect(html).toContain(a.email)
      const buttons = [...html.matchAll(/<button type="submit"[^>]*>([\s\S]*?)<\/button>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, '').trim())
      expect(buttons).toEqual(['Pay $15 (Öde)', 'Cancel (İptal)'])
      expect((await page(`${stack.url}/__local/checkout/cs_local_${'0'.repeat(32)}`)).status).toBe(404)
    })

    it('Pay redirects to success_url with the session id and credits once', async () => {
      const before = await balance(a.user.id)
      const { url, session_id } = await checkout(a, 'price_starter')
      const paid = await page(url, 'pay')
      expect(paid.status).toBe(303)
      expect(paid.headers.get('location')).toBe(`${SITE}/dashboard/success?session_id=${session_id}`)
      expect(await balance(a.user.id)).toEqual(plusCredits(before, 250))
      expect(await paymentRow(session_id)).toMatchObject({ status: 'paid' })
      expect(await transactionCount(session_id)).toBe(1)

      // Back button, double click: the same redirect, no second credit.
      const again = await page(url, 'pay')
      expect(again.status).toBe(303)
      expect(again.headers.get('location')).toBe(`${SITE}/dashboard/success?session_id=${session_id}`)
      expect(await balance(a.user.id)).toEqual(plusCredits(before, 250))

      // What the credits screen then reads: its own newest transaction.
      const { data } = await a.client.from('transactions').select('*').eq('user_id', a.user.id).order('created_at', { ascending: false }).limit(1)
      expect(data?.[0]).toMatchObject({ amount: 1500, credits_purchased: 250, status: 'completed', provider_session_id: session_id })
    })

    it('Cancel redirects to cancel_url and credits nothing', async () => {
      const before = await balance(a.user.id)
      const { url, session_id } = await checkout(a, 'price_business')
      const cancelled = await page(url, 'cancel')
      expect(cancelled.status).toBe(303)
      expect(cancelled.headers.get('location')).toBe(CANCEL_URL)
      expect(await balance(a.user.id)).toEqual(before)
      expect(await paymentRow(session_id)).toMatchObject({ status: 'open' })
      expect(await transactionCount(session_id)).toBe(0)
    })

    it('refuses a Pay form sent from another site', async () => {
      const before = await balance(a.user.id)
      const { url } = await checkout(a)
      const res = await page(url, 'pay', { Origin: 'https://evil.example' })
      expect(res.status).toBe(403)
      expect(await balance(a.user.id)).toEqual(before)
    })

    it('refuses to take a payment for a session that expired or whose payment failed', async () => {
      await eachClosedSession('price_starter', async ({ url, status }) => {
        const res = await page(url, 'pay')
        expect(res.status, status).toBe(410)
        expect(await res.text()).toMatch(status === 'failed' ? /This payment failed\./ : /This checkout session has expired\./)
      })
    })

    it('credits once when Pay is pressed 10 times at once', async () => {
      const before = await balance(a.user.id)
      const { url, session_id } = await checkout(a, 'price_growth')
      const answers = await Promise.all(Array.from({ length: 10 }, () => page(url, 'pay')))
      expect(answers.map((r) => r.status)).toEqual(Array(10).fill(303))
      expect(await balance(a.user.id)).toEqual(plusCredits(before, 1000))
      expect(await transactionCount(session_id)).toBe(1)
    })
  })

  describe('process-payment-manual', () => {
    it('credits nothing for an open session and confirms a paid one, without crediting twice', async () => {
      const { url, session_id } = await checkout(a)
      expect(await invoke(a.client, 'process-payment-manual', { session_id })).toEqual({
        status: 409, reply: { success: false, error: 'payment_not_completed' },
      })
      await page(url, 'pay')
      const after = await balance(a.user.id)
      const answers = await Promise.all(Array.from({ length: 10 }, () => invoke(a.client, 'process-payment-manual', { session_id })))
      for (const { status, reply } of answers) {
        expect(status).toBe(200)
        expect(reply).toEqual({ success: true, error: null, status: 'already_credited', credits_added: 0, balance: after })
      }
      expect(await balance(a.user.id)).toEqual(after)
    })

    it("answers a stranger as if another owner's session did not exist", async () => {
      const { url, session_id } = await checkout(a)
      await page(url, 'pay')
      const beforeB = await balance(b.user.id)
      expect(await invoke(b.client, 'process-payment-manual', { session_id })).toEqual({
        status: 404, reply: { success: false, error: 'session_not_found' },
      })
      expect(await invoke(b.client, 'process-payment-manual', { session_id: `cs_local_${randomBytes(16).toString('hex')}` })).toEqual({
        status: 404, reply: { success: false, error: 'session_not_found' },
      })
      expect(await balance(b.user.id)).toEqual(beforeB)
    })

    it('refuses the anon key and malformed ids', async () => {
      expect(await invoke(stack.anon(), 'process-payment-manual', { session_id: 'cs_local_x' })).toEqual({
        status: 401, reply: { success: false, error: 'unauthorized' },
      })
      for (const session_id of [undefined, '', 42, 'cs_test_../../v1/charges', 'x'.repeat(256)]) {
        expect((await invoke(a.client, 'process-payment-manual', { session_id })).reply).toEqual({ success: false, error: 'invalid_request' })
      }
    })
  })

  describe('payment-webhook (local events)', () => {
    const deliver = (body: unknown, key: string) =>
      fetch(`${stack.url}/functions/v1/payment-webhook`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })

    it('refuses an event without the service role key', async () => {
      quiet()
      const before = await balance(a.user.id)
      const { session_id } = await checkout(a)
      for (const key of [stack.anonKey, a.session.access_token, 'not-a-key']) {
        const res = await deliver({ type: 'checkout.session.completed', session_id }, key)
        expect(res.status).toBe(400)
        expect(await res.json()).toEqual({ received: false, error: 'invalid_signature' })
      }
      expect(await balance(a.user.id)).toEqual(before)
    })

    it('credits nothing for a session whose payment expired or failed, and leaves it closed', async () => {
      await eachClosedSession('price_growth', async ({ session_id, status }) => {
        const res = await deliver({ type: 'checkout.session.completed', session_id }, stack.serviceRoleKey)
        expect(res.status, status).toBe(200)
        expect(await res.json()).toEqual({ received: true, error: null, result: 'not_creditable' })
      })
    })

    it('credits once when the same event arrives 10 times at once', async () => {
      const before = await balance(a.user.id)
      const { session_id } = await checkout(a, 'price_business')
      const replies = await Promise.all(
        Array.from({ length: 10 }, async () => (await deliver({ type: 'checkout.session.completed', session_id }, stack.serviceRoleKey)).json()),
      )
      const results = replies.map((r) => (r as { result: string }).result)
      expectCreditedOnce(results)
      expect(await balance(a.user.id)).toEqual(plusCredits(before, 5000))
      expect(await transactionCount(session_id)).toBe(1)
    })
  })

  describe('credit_payment (database function)', () => {
    it('credits a session once under 10 concurrent calls, and refuses a session recorded for someone else', async () => {
      const before = await balance(b.user.id)
      const session = `cs_test_${randomBytes(12).toString('hex')}`
      const args = { p_provider: 'stripe', p_session_id: session, p_user_id: b.user.id, p_price_id: 'price_growth', p_credits: 1000, p_amount: 6000, p_currency: 'usd' }
      const results = await Promise.all(Array.from({ length: 10 }, () => stack.service().rpc('credit_payment', args)))
      for (const r of results) expect(r.error).toBeNull()
      const statuses = results.map((r) => (r.data as { status: string }).status)
      expectCreditedOnce(statuses)
      const after = plusCredits(before, 1000)
      expect(await balance(b.user.id)).toEqual(after)
      expect(results.find((r) => (r.data as { status: string }).status === 'credited')!.data).toMatchObject({ credits_added: 1000, balance: after })
      expect(await transactionCount(session)).toBe(1)
      expect(await paymentRow(session)).toMatchObject({ status: 'paid', user_id: b.user.id, amount: 6000 })

      const stolen = await stack.service().rpc('credit_payment', { ...args, p_user_id: a.user.id })
      expect(stolen.data).toMatchObject({ status: 'mismatch', credits_added: 0 })
      const inflated = await stack.service().rpc('credit_payment', { ...args, p_credits: 5000, p_price_id: 'price_business' })
      expect(inflated.data).toMatchObject({ status: 'mismatch' })
      expect(await balance(b.user.id)).toEqual(after)
    })

    it('treats an expired or failed payment as not creditable and changes nothing', async () => {
      const before = await balance(b.user.id)
      for (const status of ['expired', 'failed']) {
        const session = `cs_test_${randomBytes(12).toString('hex')}`
        await stack.db.query(
          `insert into public.payments (user_id, provider, provider_session_id, price_id, credits, amount, currency, status)
           values ($1, 'stripe', $2, 'price_starter', 250, 1500, 'usd', $3)`,
          [b.user.id, session, status],
        )
        const args = { p_provider: 'stripe', p_session_id: session, p_user_id: b.user.id, p_price_id: 'price_starter', p_credits: 250, p_amount: 1500, p_currency: 'usd' }
        const { data, error } = await stack.service().rpc('credit_payment', args)
        expect(error).toBeNull()
        expect(data, status).toEqual({ status: 'not_creditable', credits_added: 0, transaction_id: null, balance: null })
        expect(await paymentRow(session)).toMatchObject({ status })
        expect(await transactionCount(session)).toBe(0)
      }
      expect(await balance(b.user.id)).toEqual(before)
    })

    it('refuses nonsense arguments', async () => {
      const { error } = await stack
        .service()
        .rpc('credit_payment', { p_provider: 'stripe', p_session_id: 'cs_x', p_user_id: b.user.id, p_price_id: 'price_starter', p_credits: 0, p_amount: 1500 })
      expect(error?.code).toBe('22023')
    })
  })

  describe('consume_credit', () => {
    it('lets exactly 50 of 200 concurrent consumptions through 50 credits, ending at 0', async () => {
      const c = await stack.signUpVerifiedOwner()
      await stack.db.query('update public.credits set amount = 50, remaining = 50, used = 0 where user_id = $1', [c.user.id])
      const service = stack.service()
      const results = await Promise.all(Array.from({ length: 200 }, () => service.rpc('consume_credit', { p_user_id: c.user.id })))
      for (const r of results) expect(r.error).toBeNull()
      const data = results.map((r) => r.data as { consumed: boolean; remaining: number; error: string | null })
      expect(data.filter((d) => d.consumed)).toHaveLength(50)
      expect(data.filter((d) => !d.consumed).every((d) => d.error === 'insufficient_credits' && d.remaining === 0)).toBe(true)
      expect(new Set(data.filter((d) => d.consumed).map((d) => d.remaining)).size).toBe(50)
      expect(await balance(c.user.id)).toEqual({ amount: 50, used: 50, remaining: 0 })
      expect((await service.rpc('consume_credit', { p_user_id: c.user.id })).data).toEqual({
        consumed: false, remaining: 0, used: 50, error: 'insufficient_credits',
      })
    })

    it('answers credits_not_found for an id without credits', async () => {
      const { data } = await stack.service().rpc('consume_credit', { p_user_id: randomUUID() })
      expect(data).toEqual({ consumed: false, remaining: 0, used: 0, error: 'credits_not_found' })
    })
  })

  describe('Stripe (official SDK against a fake Stripe API)', () => {
    let fake: FakeStripe
    let api: { url: string; close(): Promise<void> }

    beforeAll(async () => {
      fake = createFakeStripe({ price_1Starter: { unit_amount: 1500, currency: 'usd' }, price_1Business: { unit_amount: 29900, currency: 'usd' } })
      api = await fake.listen()
    })
    afterAll(async () => {
      await api?.close()
    })

    function useStripe(overrides: Record<string, string> = {}) {
      const env = {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_integration',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PRICE_STARTER: 'price_1Starter',
        STRIPE_PRICE_BUSINESS: 'price_1Business',
        STRIPE_API_URL: api.url,
        ...overrides,
      }
      for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v)
    }
    const deliver = (payload: string, signature: string) =>
      fetch(`${stack.url}/functions/v1/payment-webhook`, {
        method: 'POST',
        headers: { 'Stripe-Signature': signature, 'Content-Type': 'application/json' },
        body: payload,
      })
    /** An owner of its own with a Stripe Checkout Session open for the Starter plan. */
    async function openStarterSession() {
      const o = await freshOwner()
      useStripe()
      const before = await balance(o.user.id)
      const { session_id } = await checkout(o, 'price_starter')
      return { o, before, session_id }
    }
    /** The session completed with its money still on the way, as a bank debit does. */
    const processing = (sessionId: string) =>
      Object.assign(fake.sessions.get(sessionId)!, { status: 'complete', payment_status: 'unpaid', url: null })

    it('opens a Stripe Checkout Session and records it', async () => {
      useStripe()
      const { url, session_id } = await checkout(a, 'price_starter')
      expect(url).toBe(`https://checkout.stripe.com/c/pay/${session_id}`)
      expect(fake.sessions.get(session_id)).toMatchObject({
        mode: 'payment', line_items_price: 'price_1Starter', success_url: SUCCESS_URL, cancel_url: CANCEL_URL,
        metadata: { user_id: a.user.id, price_id: 'price_starter', credits: '250', plan_id: 'starter' },
      })
      expect(await paymentRow(session_id)).toMatchObject({ provider: 'stripe', status: 'open', amount: 1500, credits: 250 })
    })

    it('answers provider_error when Stripe refuses, and server_error when a price is not mapped', async () => {
      quiet()
      useStripe({ STRIPE_PRICE_STARTER: 'price_deleted' })
      expect(await invoke(a.client, 'create-checkout-session', checkoutBody('price_starter'))).toEqual({
        status: 502, reply: { success: false, error: 'provider_error' },
      })
      useStripe({ STRIPE_PRICE_STARTER: '' })
      expect(await invoke(a.client, 'create-checkout-session', checkoutBody('price_starter'))).toEqual({
        status: 500, reply: { success: false, error: 'server_error' },
      })
    })

    it('refuses a badly signed webhook and credits a correctly signed one once, however often delivered', async () => {
      quiet()
      useStripe()
      const before = await balance(a.user.id)
      const beforeB = await balance(b.user.id)
      const { session_id } = await checkout(a, 'price_business')
      const session = fake.pay(session_id)

      const forged = signedEvent('checkout.session.completed', session, 'whsec_forger')
      const refused = await deliver(forged.payload, forged.signature)
      expect(refused.status).toBe(400)
      expect(await refused.json()).toEqual({ received: false, error: 'invalid_signature' })
      const genuine = signedEvent('checkout.session.completed', session, WEBHOOK_SECRET)
      const tampered = await deliver(genuine.payload.replace(a.user.id, b.user.id), genuine.signature)
      expect(tampered.status).toBe(400)
      expect(await balance(a.user.id)).toEqual(before)
      expect(await balance(b.user.id)).toEqual(beforeB)

      const replies = await Promise.all(Array.from({ length: 10 }, async () => (await deliver(genuine.payload, genuine.signature)).json()))
      const results = replies.map((r) => (r as { result: string }).result)
      expectCreditedOnce(results)
      expect(await balance(a.user.id)).toEqual(plusCredits(before, 5000))
      expect(await transactionCount(session_id)).toBe(1)

      // The return page's fallback agrees, and credits nothing more.
      const manual = await invoke(a.client, 'process-payment-manual', { session_id })
      expect(manual.reply).toMatchObject({ success: true, status: 'already_credited', credits_added: 0 })
    })

    it('credits through process-payment-manual when the webhook is late, asking Stripe, once under 10 calls', async () => {
      useStripe()
      const before = await balance(a.user.id)
      const { session_id } = await checkout(a, 'price_starter')
      expect(await invoke(a.client, 'process-payment-manual', { session_id })).toEqual({
        status: 409, reply: { success: false, error: 'payment_not_completed' },
      })
      fake.pay(session_id)
      expect(await invoke(b.client, 'process-payment-manual', { session_id })).toEqual({
        status: 404, reply: { success: false, error: 'session_not_found' },
      })
      const answers = await Promise.all(Array.from({ length: 10 }, () => invoke(a.client, 'process-payment-manual', { session_id })))
      expect(answers.every((x) => x.status === 200)).toBe(true)
      const statuses = answers.map((x) => x.reply.status)
      expectCreditedOnce(statuses)
      expect(await balance(a.user.id)).toEqual(plusCredits(before, 250))
      expect(await invoke(a.client, 'process-payment-manual', { session_id: 'cs_test_unknown' })).toEqual({
        status: 404, reply: { success: false, error: 'session_not_found' },
      })

      // A late webhook for the same session changes nothing.
      const late = signedEvent('checkout.session.completed', fake.sessions.get(session_id), WEBHOOK_SECRET)
      expect(await (await deliver(late.payload, late.signature)).json()).toMatchObject({ received: true, result: 'already_credited' })
      expect(await balance(a.user.id)).toEqual(plusCredits(before, 250))
    })

    it('refuses to credit a session whose charge does not match its package', async () => {
      useStripe()
      const before = await balance(a.user.id)
      const { session_id } = await checkout(a, 'price_business')
      // A Stripe price mapped to the wrong package: $15 charged for 5000 messages.
      const session = fake.pay(session_id, { amount_subtotal: 1500, amount_total: 1500 })
      quiet()
      expect(await invoke(a.client, 'process-payment-manual', { session_id })).toEqual({
        status: 409, reply: { success: false, error: 'payment_mismatch' },
      })
      const event = signedEvent('checkout.session.completed', session, WEBHOOK_SECRET)
      const res = await deliver(event.payload, event.signature)
      expect(res.status).toBe(422)
      expect(await res.json()).toEqual({ received: false, error: 'payment_mismatch' })
      expect(await balance(a.user.id)).toEqual(before)
      expect(await paymentRow(session_id)).toMatchObject({ status: 'open' })
    })

    it('acknowledges sessions of other integrations on the same Stripe account and credits nothing', async () => {
      const o = await freshOwner()
      useStripe()
      const beforeO = await balance(o.user.id)
      const foreign = (overrides: Record<string, unknown>) => ({
        id: `cs_test_${randomBytes(12).toString('hex')}`, object: 'checkout.session', mode: 'payment', status: 'complete',
        payment_status: 'paid', client_reference_id: 'order_4711', customer_email: 'buyer@example.com', metadata: {},
        amount_subtotal: 4900, amount_total: 4900, currency: 'usd', ...overrides,
      })
      const sessions = [
        foreign({}),
        // A shop that also keeps its own user ids in metadata is still not one of our checkouts.
        foreign({ metadata: { user_id: o.user.id, order: '4711' }, client_reference_id: o.user.id }),
        foreign({ mode: 'subscription', metadata: { plan: 'pro' } }),
        foreign({ payment_status: 'unpaid' }),
      ]
      for (const session of sessions) {
        for (const type of ['checkout.session.completed', 'checkout.session.async_payment_succeeded']) {
          const event = signedEvent(type, session, WEBHOOK_SECRET)
          const res = await deliver(event.payload, event.signature)
          expect(res.status, `${type} ${JSON.stringify(session.metadata)}`).toBe(200)
          expect(await res.json()).toEqual({ received: true, error: null, result: 'ignored' })
        }
        expect(await paymentRow(session.id)).toBeUndefined()
        expect(await transactionCount(session.id)).toBe(0)
      }
      expect(await balance(o.user.id)).toEqual(beforeO)

      // One of ours whose metadata was lost is still ours, by its payment row, and still refused.
      quiet()
      const { session_id } = await checkout(o, 'price_starter')
      const stripped = fake.pay(session_id, { metadata: {} })
      const event = signedEvent('checkout.session.completed', stripped, WEBHOOK_SECRET)
      const res = await deliver(event.payload, event.signature)
      expect(res.status).toBe(422)
      expect(await res.json()).toEqual({ received: false, error: 'payment_mismatch' })
      expect(await paymentRow(session_id)).toMatchObject({ status: 'open' })
      expect(await balance(o.user.id)).toEqual(beforeO)
    })

    it('waits for a payment still processing and credits it once when Stripe reports it succeeded', async () => {
      const { o, before, session_id } = await openStarterSession()
      const completed = signedEvent('checkout.session.completed', processing(session_id), WEBHOOK_SECRET)
      const first = await deliver(completed.payload, completed.signature)
      expect(first.status).toBe(200)
      expect(await first.json()).toEqual({ received: true, error: null, result: 'pending' })
      expect(await balance(o.user.id)).toEqual(before)
      expect(await paymentRow(session_id)).toMatchObject({ status: 'open' })
      expect(await transactionCount(session_id)).toBe(0)

      const succeeded = signedEvent('checkout.session.async_payment_succeeded', fake.pay(session_id), WEBHOOK_SECRET)
      const results = []
      for (let i = 0; i < 2; i++) results.push(((await (await deliver(succeeded.payload, succeeded.signature)).json()) as { result: string }).result)
      expect(results).toEqual(['credited', 'already_credited'])
      expect(await balance(o.user.id)).toEqual(plusCredits(before, 250))
      expect(await paymentRow(session_id)).toMatchObject({ status: 'paid' })
      expect(await transactionCount(session_id)).toBe(1)
    })

    it('never credits a payment that failed, even if a paid event for it arrives afterwards', async () => {
      quiet()
      const { o, before, session_id } = await openStarterSession()
      const failed = signedEvent('checkout.session.async_payment_failed', processing(session_id), WEBHOOK_SECRET)
      expect(await (await deliver(failed.payload, failed.signature)).json()).toEqual({ received: true, error: null, result: 'closed' })
      expect(await paymentRow(session_id)).toMatchObject({ status: 'failed' })

      const paid = signedEvent('checkout.session.async_payment_succeeded', fake.pay(session_id), WEBHOOK_SECRET)
      const res = await deliver(paid.payload, paid.signature)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ received: true, error: null, result: 'not_creditable' })
      expect(await invoke(o.client, 'process-payment-manual', { session_id })).toEqual({
        status: 409, reply: { success: false, error: 'payment_closed' },
      })
      expect(await paymentRow(session_id)).toMatchObject({ status: 'failed' })
      expect(await transactionCount(session_id)).toBe(0)
      expect(await balance(o.user.id)).toEqual(before)
    })

    it('credits nothing for a subscription-mode session, even a paid one', async () => {
      const { o, before, session_id } = await openStarterSession()
      const subscription = fake.pay(session_id, { mode: 'subscription' })
      const event = signedEvent('checkout.session.completed', subscription, WEBHOOK_SECRET)
      const res = await deliver(event.payload, event.signature)
      expect(res.status).toBe(200)
      expect(((await res.json()) as { result: string }).result).not.toMatch(/credited/)
      expect(await invoke(o.client, 'process-payment-manual', { session_id })).toMatchObject({ status: 409 })
      expect(await paymentRow(session_id)).toMatchObject({ status: 'open' })
      expect(await transactionCount(session_id)).toBe(0)
      expect(await balance(o.user.id)).toEqual(before)
    })

    it('closes an expired session', async () => {
      useStripe()
      const { session_id } = await checkout(a, 'price_starter')
      const event = signedEvent('checkout.session.expired', { ...fake.sessions.get(session_id), status: 'expired' }, WEBHOOK_SECRET)
      expect(await (await deliver(event.payload, event.signature)).json()).toEqual({ received: true, error: null, result: 'closed' })
      expect(await paymentRow(session_id)).toMatchObject({ status: 'expired' })
    })
  })
})
