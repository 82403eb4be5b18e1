// The payment functions under real Deno, where the Stripe SDK is its worker
// build (fetch client, SubtleCrypto signatures) rather than the Node build the
// stack's shim loads: a checkout through the fake Stripe API, a forged and a
// genuine signed webhook, and the manual check, against a running stack.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHECKOUT_SESSION_PLACEHOLDER } from '../../../domain/functions.ts'
import { createFakeStripe, signedEvent, type FakeStripe } from '../../../tests/support/fake-stripe.ts'
import { serveWithDeno, type DenoFunction } from './deno-serve.ts'
import { startFunctionsStack, type FunctionsStack } from './test-stack.ts'

const SECRET = 'whsec_deno_secret'
const SITE = 'http://127.0.0.1:5173'

describe('payment functions under Deno with Stripe', () => {
  let s: FunctionsStack
  let fake: FakeStripe
  let api: { url: string; close(): Promise<void> }
  let fns: Record<'checkout' | 'webhook' | 'manual', DenoFunction>

  beforeAll(async () => {
    s = await startFunctionsStack('pglite')
    fake = createFakeStripe({ price_1Growth: { unit_amount: 6000, currency: 'usd' } })
    api = await fake.listen()
    const env = {
      SUPABASE_URL: s.url,
      SUPABASE_ANON_KEY: s.stack.config.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: s.stack.config.serviceRoleKey,
      SITE_URL: SITE,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_deno',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_PRICE_GROWTH: 'price_1Growth',
      STRIPE_API_URL: api.url,
    }
    const [checkout, webhook, manual] = await Promise.all([
      serveWithDeno('create-checkout-session', env),
      serveWithDeno('payment-webhook', env),
      serveWithDeno('process-payment-manual', env),
    ])
    fns = { checkout: checkout!, webhook: webhook!, manual: manual! }
  })
  afterAll(async () => {
    await Promise.all(Object.values(fns ?? {}).map((f) => f.stop()))
    await api?.close()
    await s?.close()
  })

  it('sells a package through Stripe Checkout and credits it once from a signed event', async () => {
    const owner = s.client()
    const { data, error } = await owner.auth.signUp({
      email: `deno.odeme.${Date.now()}@ornek.com.tr`,
      password: 'Guclu-Sifre-2026',
      options: { data: { business_name: 'Ege Zeytinyağı', phone_number: `+905${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}` } },
    })
    expect(error).toBeNull()
    const token = data.session!.access_token
    const userId = data.user!.id
    // Past the verification screen, as checkout requires.
    await s.stack.db.query('update public.users set phone_verified = true where id = $1', [userId])
    const post = (url: string, body: string, headers: Record<string, string>) => fetch(url, { method: 'POST', headers, body })
    const asOwner = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }
    const credits = async () =>
      (await s.stack.db.query<{ remaining: number }>('select remaining from public.credits where user_id = $1', [userId])).rows[0]!.remaining

    const opened = await post(
      fns.checkout.url,
      JSON.stringify({ price_id: 'price_growth', success_url: `${SITE}/dashboard/success?session_id=${CHECKOUT_SESSION_PLACEHOLDER}`, cancel_url: `${SITE}/dashboard`, mode: 'payment' }),
      asOwner,
    )
    const reply = (await opened.json()) as { url: string; session_id: string }
    expect(opened.status, fns.checkout.output()).toBe(200)
    expect(reply.url).toBe(`https://checkout.stripe.com/c/pay/${reply.session_id}`)
    expect(fake.sessions.get(reply.session_id)?.metadata).toMatchObject({ user_id: userId, credits: '1000' })

    const session = fake.pay(reply.session_id)
    const forged = signedEvent('checkout.session.completed', session, 'whsec_forger')
    const refused = await post(fns.webhook.url, forged.payload, { 'Stripe-Signature': forged.signature })
    expect(refused.status).toBe(400)
    expect(await credits()).toBe(0)

    const genuine = signedEvent('checkout.session.completed', session, SECRET)
    const delivered = await post(fns.webhook.url, genuine.payload, { 'Stripe-Signature': genuine.signature })
    expect(await delivered.json(), fns.webhook.output()).toEqual({ received: true, error: null, result: 'credited' })
    expect(await credits()).toBe(1000)

    const manual = await post(fns.manual.url, JSON.stringify({ session_id: reply.session_id }), asOwner)
    expect(await manual.json()).toMatchObject({ success: true, status: 'already_credited', credits_added: 0 })
    expect(await credits()).toBe(1000)
  })
})
