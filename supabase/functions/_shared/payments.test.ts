// The payment providers of supabase/functions/_shared/payments.ts without a
// stack: which package a price id buys, which return URLs are the app's own,
// when a paid session may be credited, the Stripe provider through the
// official SDK against a fake Stripe API (no network), Stripe's webhook
// signatures, and the deploy check that lets functions import domain/.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { SupabaseClient } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { CHECKOUT_SESSION_PLACEHOLDER, checkoutReturnUrl } from '../../../domain/functions.ts'
import { getPlan, isPurchasable, PLANS, type PlanId, type PurchasablePlan } from '../../../domain/plans.ts'
import { createFakeStripe, signedEvent } from '../../../tests/support/fake-stripe.ts'
import { MissingEnvError } from './env.ts'
import {
  allowedOrigins,
  createPaymentProvider,
  localPaymentProvider,
  PaymentConfigError,
  PaymentProviderError,
  planForCheckout,
  purchaseOf,
  returnUrl,
  stripePaymentProvider,
  WebhookSignatureError,
  type ProviderSession,
} from './payments.ts'
import { isLoopbackUrl, UnknownProviderError } from './deployment.ts'
import { deployProblems } from '../../local/functions/deno-check.ts'
import { installDenoShim } from '../../local/functions/deno-shim.ts'

installDenoShim()

const envOf = (vars: Record<string, string>) => (name: string) => vars[name]
const noDb = {} as SupabaseClient
const OWNER = '7d1c1f9e-3c55-4b43-9a51-4a5b8c0f2e11'
const APP = 'https://panel.mesajasistani.com.tr'

function card(id: PlanId): PurchasablePlan {
  const plan = getPlan(id)
  if (!isPurchasable(plan)) throw new Error(`${id} is not sold by card`)
  return plan
}

describe('plans at checkout', () => {
  it('sells the card packages by their price id and nothing else', () => {
    expect(planForCheckout('price_starter')).toEqual({ plan: getPlan('starter') })
    expect(planForCheckout('price_business')).toEqual({ plan: getPlan('business') })
    expect(planForCheckout('price_enterprise')).toEqual({ error: 'plan_not_purchasable' })
    for (const tampered of ['price_free', 'price_starter ', 'PRICE_STARTER', '', 1500, null, { id: 'price_starter' }]) {
      expect(planForCheckout(tampered), String(tampered)).toEqual({ error: 'unknown_price' })
    }
  })
})

describe('return URLs', () => {
  const origins = allowedOrigins(envOf({ SITE_URL: `${APP}/`, ADDITIONAL_REDIRECT_URLS: ' http://localhost:5173 , not a url,ftp://x.test' }))

  it('reads the origins of SITE_URL and ADDITIONAL_REDIRECT_URLS', () => {
    expect(origins).toEqual([APP, 'http://localhost:5173'])
    expect(allowedOrigins(envOf({}))).toEqual([])
  })

  it("accepts only the app's own origins, keeping the session placeholder", () => {
    const success = `${APP}/dashboard/success?session_id=${CHECKOUT_SESSION_PLACEHOLDER}`
    expect(returnUrl(success, origins)).toBe(success)
    // URLSearchParams encodes the braces; the provider only replaces the literal.
    expect(returnUrl(`${APP}/dashboard/success?session_id=${encodeURIComponent(CHECKOUT_SESSION_PLACEHOLDER)}`, origins)).toBe(success)
    expect(returnUrl('http://localhost:5173/dashboard', origins)).toBe('http://localhost:5173/dashboard')
    for (const foreign of [
      'https://evil.example/dashboard/success',
      'https://panel.mesajasistani.com.tr.evil.example/dashboard',
      'http://panel.mesajasistani.com.tr/dashboard',
      `https://user:pass@panel.mesajasistani.com.tr/dashboard`,
      'javascript:alert(1)',
      '//evil.example/x',
      '/dashboard',
      `${APP}/${'a'.repeat(2100)}`,
      42,
      undefined,
    ]) {
      expect(returnUrl(foreign, origins), String(foreign)).toBeNull()
    }
  })

  it('sends the buyer back with the session id in place of the placeholder', () => {
    expect(checkoutReturnUrl(`${APP}/dashboard/success?session_id=${CHECKOUT_SESSION_PLACEHOLDER}`, 'cs_test_1')).toBe(
      `${APP}/dashboard/success?session_id=cs_test_1`,
    )
  })
})

describe('crediting a provider session', () => {
  const paid: ProviderSession = {
    id: 'cs_test_1', paid: true, userId: OWNER, priceId: 'price_growth', credits: 1000, amountPaid: 6000, listAmount: 6000, currency: 'usd',
  }

  it('credits a paid session that matches its package', () => {
    expect(purchaseOf('stripe', paid)).toEqual({
      ok: true,
      purchase: { provider: 'stripe', sessionId: 'cs_test_1', userId: OWNER, plan: getPlan('growth'), amountPaid: 6000, currency: 'usd' },
    })
    // Tax is added on top of the list price and is not the package's business.
    expect(purchaseOf('stripe', { ...paid, amountPaid: 7200 })).toMatchObject({ ok: true, purchase: { amountPaid: 7200 } })
  })

  it('waits for an unpaid session and refuses one that does not match its package', () => {
    expect(purchaseOf('stripe', { ...paid, paid: false })).toMatchObject({ ok: false, error: 'payment_not_completed' })
    const mismatches: Partial<ProviderSession>[] = [
      { listAmount: 1500 },
      { currency: 'try' },
      { credits: 5000 },
      { priceId: 'price_enterprise' },
      { priceId: 'price_unknown' },
      { priceId: null },
      { userId: null },
      { userId: 'not-a-uuid' },
    ]
    for (const m of mismatches) expect(purchaseOf('stripe', { ...paid, ...m }), JSON.stringify(m)).toMatchObject({ ok: false, error: 'payment_mismatch' })
  })
})

describe('provider choice', () => {
  it('defaults to the local provider and refuses an unknown one', () => {
    expect(createPaymentProvider({ db: noDb, env: envOf({}) }).name).toBe('local')
    expect(createPaymentProvider({ db: noDb, env: envOf({ PAYMENT_PROVIDER: 'stripe' }) }).name).toBe('stripe')
    expect(() => createPaymentProvider({ db: noDb, env: envOf({ PAYMENT_PROVIDER: 'paypal' }) })).toThrow(UnknownProviderError)
  })

  it('refuses the local provider on a hosted project, whose URL is not this machine, unless told where its page is', () => {
    const hosted = { SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co' }
    for (const env of [hosted, { ...hosted, PAYMENT_PROVIDER: 'local' }, { SUPABASE_URL: 'http://192.168.1.20:54321' }]) {
      let thrown: unknown
      try {
        createPaymentProvider({ db: noDb, env: envOf(env) })
      } catch (e) {
        thrown = e
      }
      expect(thrown, JSON.stringify(env)).toBeInstanceOf(PaymentConfigError)
      expect(thrown).toMatchObject({ code: 'local_provider_not_local' })
      expect((thrown as Error).message).toContain('PAYMENT_PROVIDER=stripe')
    }
    // Said explicitly, a local checkout page elsewhere is fine; so is Stripe on the hosted project.
    expect(createPaymentProvider({ db: noDb, env: envOf({ ...hosted, LOCAL_CHECKOUT_URL: 'https://pay.example.test/__local/checkout' }) }).name).toBe('local')
    expect(createPaymentProvider({ db: noDb, env: envOf({ ...hosted, PAYMENT_PROVIDER: 'stripe' }) }).name).toBe('stripe')
    for (const url of ['http://127.0.0.1:54321', 'http://localhost:54321/', 'http://[::1]:54321', 'http://127.8.0.1', 'http://api.localhost:54321']) {
      expect(createPaymentProvider({ db: noDb, env: envOf({ SUPABASE_URL: url }) }).name, url).toBe('local')
    }
  })

  it('counts only this machine as loopback', () => {
    for (const url of ['http://127.0.0.1:54321', 'http://LOCALHOST', 'http://[::1]', 'http://127.255.255.254/x']) expect(isLoopbackUrl(url), url).toBe(true)
    for (const url of ['http://127.0.0.1.nip.io', 'http://localhost.example.com', 'http://0.0.0.0:54321', 'http://10.0.0.1', 'https://x.supabase.co', 'not a url', '']) {
      expect(isLoopbackUrl(url), url).toBe(false)
    }
  })

  it('sends local checkouts to the stack page, and takes local events only with the service role key', async () => {
    const local = localPaymentProvider(noDb, envOf({ SUPABASE_URL: 'http://127.0.0.1:54321/', SUPABASE_SERVICE_ROLE_KEY: 'service-key' }))
    const session = await local.createCheckout({ userId: OWNER, plan: card('starter'), successUrl: APP, cancelUrl: APP })
    expect(session.id).toMatch(/^cs_local_[0-9a-f]{32}$/)
    expect(session.url).toBe(`http://127.0.0.1:54321/__local/checkout/${session.id}`)
    const event = (auth?: string) =>
      new Request('http://x/payment-webhook', {
        method: 'POST',
        headers: auth ? { Authorization: auth } : {},
        body: JSON.stringify({ type: 'checkout.session.completed', session_id: session.id }),
      })
    for (const auth of [undefined, 'Bearer anon-key', 'Bearer service-ke', 'service-key']) {
      await expect(local.parseWebhook(event(auth)), String(auth)).rejects.toBeInstanceOf(WebhookSignatureError)
    }
  })
})

describe('Stripe provider (official SDK, fake API)', () => {
  const SECRET = 'whsec_test_secret'
  const STRIPE_ENV = {
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_PRICE_STARTER: 'price_1StarterReal',
    STRIPE_PRICE_GROWTH: 'price_1GrowthReal',
    STRIPE_PRICE_BUSINESS: 'price_1BusinessReal',
  }
  const fakePrices = {
    price_1StarterReal: { unit_amount: 1500, currency: 'usd' },
    price_1GrowthReal: { unit_amount: 6000, currency: 'usd' },
    price_1BusinessReal: { unit_amount: 29900, currency: 'usd' },
  }
  const success = `${APP}/dashboard/success?session_id=${CHECKOUT_SESSION_PLACEHOLDER}`

  it("opens a payment-mode Checkout Session for the plan's mapped price, owner and credits in metadata", async () => {
    const fake = createFakeStripe(fakePrices)
    const stripe = stripePaymentProvider(envOf(STRIPE_ENV), fake.fetch)
    const session = await stripe.createCheckout({
      userId: OWNER, email: 'sahip@ornek.com.tr', plan: card('business'), successUrl: success, cancelUrl: `${APP}/dashboard`,
    })
    expect(session.id).toMatch(/^cs_test_/)
    expect(session.url).toBe(`https://checkout.stripe.com/c/pay/${session.id}`)
    const [req] = fake.requests
    expect(req!.method).toBe('POST')
    expect(req!.path).toBe('/v1/checkout/sessions')
    expect(req!.authorization).toBe('Bearer sk_test_123')
    expect(Object.fromEntries(req!.form)).toMatchObject({
      mode: 'payment',
      'line_items[0][price]': 'price_1BusinessReal',
      'line_items[0][quantity]': '1',
      success_url: success,
      cancel_url: `${APP}/dashboard`,
      client_reference_id: OWNER,
      customer_email: 'sahip@ornek.com.tr',
      'metadata[user_id]': OWNER,
      'metadata[price_id]': 'price_business',
      'metadata[plan_id]': 'business',
      'metadata[credits]': '5000',
      'payment_intent_data[metadata][user_id]': OWNER,
      'payment_intent_data[metadata][credits]': '5000',
    })
    // No amount is ever sent: Stripe charges what the mapped price says.
    expect([...req!.form.keys()].some((k) => /amount/.test(k))).toBe(false)
  })

  it('needs a mapped price and a secret key, and reports Stripe refusals as provider errors', async () => {
    const fake = createFakeStripe(fakePrices)
    const input = { userId: OWNER, plan: card('starter'), successUrl: success, cancelUrl: APP }
    const { STRIPE_PRICE_STARTER: _unmapped, ...withoutStarter } = STRIPE_ENV
    await expect(stripePaymentProvider(envOf(withoutStarter), fake.fetch).createCheckout(input)).rejects.toMatchObject({
      name: 'MissingEnvError', variable: 'STRIPE_PRICE_STARTER',
    })
    const { STRIPE_SECRET_KEY: _key, ...withoutKey } = STRIPE_ENV
    await expect(stripePaymentProvider(envOf(withoutKey), fake.fetch).createCheckout(input)).rejects.toBeInstanceOf(MissingEnvError)
    const wrongPrice = stripePaymentProvider(envOf({ ...STRIPE_ENV, STRIPE_PRICE_STARTER: 'price_deleted' }), fake.fetch)
    await expect(wrongPrice.createCheckout(input)).rejects.toBeInstanceOf(PaymentProviderError)
    expect(fake.sessions.size).toBe(0)
  })

  it('reads a session back: paid or not, its owner, package and amounts; unknown ids are null', async () => {
    const fake = createFakeStripe(fakePrices)
    const stripe = stripePaymentProvider(envOf(STRIPE_ENV), fake.fetch)
    const { id } = await stripe.createCheckout({ userId: OWNER, plan: card('starter'), successUrl: success, cancelUrl: APP })
    expect(await stripe.retrieveSession(id)).toEqual({
      id, paid: false, userId: OWNER, priceId: 'price_starter', credits: 250, amountPaid: 1500, listAmount: 1500, currency: 'usd',
    })
    fake.pay(id)
    expect(await stripe.retrieveSession(id)).toMatchObject({ id, paid: true })
    expect(await stripe.retrieveSession('cs_test_missing')).toBeNull()
    expect(fake.requests.at(-2)).toMatchObject({ method: 'GET', path: `/v1/checkout/sessions/${id}` })
  })

  describe('webhook signatures (constructEventAsync)', () => {
    const stripe = () => stripePaymentProvider(envOf(STRIPE_ENV), createFakeStripe(fakePrices).fetch)
    const deliver = (payload: string, signature?: string) =>
      new Request('http://x/payment-webhook', {
        method: 'POST',
        headers: signature ? { 'Stripe-Signature': signature, 'Content-Type': 'application/json' } : {},
        body: payload,
      })
    const sessionObject = {
      id: 'cs_test_signed', object: 'checkout.session', mode: 'payment', payment_status: 'paid', status: 'complete',
      client_reference_id: OWNER, metadata: { user_id: OWNER, price_id: 'price_starter', plan_id: 'starter', credits: '250' },
      amount_subtotal: 1500, amount_total: 1500, currency: 'usd',
    }

    it('accepts a correctly signed completed session as paid', async () => {
      const { payload, signature } = signedEvent('checkout.session.completed', sessionObject, SECRET)
      expect(await stripe().parseWebhook(deliver(payload, signature))).toEqual({
        kind: 'paid',
        session: { id: 'cs_test_signed', paid: true, userId: OWNER, priceId: 'price_starter', credits: 250, amountPaid: 1500, listAmount: 1500, currency: 'usd' },
      })
    })

    it('refuses a wrong secret, an altered payload, a stale timestamp and a missing header', async () => {
      const forged = signedEvent('checkout.session.completed', sessionObject, 'whsec_someone_else')
      await expect(stripe().parseWebhook(deliver(forged.payload, forged.signature))).rejects.toBeInstanceOf(WebhookSignatureError)

      const genuine = signedEvent('checkout.session.completed', sessionObject, SECRET)
      const altered = genuine.payload.replace('"credits":"250"', '"credits":"5000"').replace('price_starter', 'price_business')
      expect(altered).not.toBe(genuine.payload)
      await expect(stripe().parseWebhook(deliver(altered, genuine.signature))).rejects.toBeInstanceOf(WebhookSignatureError)

      const stale = signedEvent('checkout.session.completed', sessionObject, SECRET, Math.floor(Date.now() / 1000) - 3600)
      await expect(stripe().parseWebhook(deliver(stale.payload, stale.signature))).rejects.toBeInstanceOf(WebhookSignatureError)

      await expect(stripe().parseWebhook(deliver(genuine.payload))).rejects.toBeInstanceOf(WebhookSignatureError)
      await expect(stripe().parseWebhook(deliver(genuine.payload, 't=1,v1=00'))).rejects.toBeInstanceOf(WebhookSignatureError)
    })

    it('closes expired and failed sessions and ignores other events', async () => {
      const expired = signedEvent('checkout.session.expired', { ...sessionObject, status: 'expired', payment_status: 'unpaid' }, SECRET)
      expect(await stripe().parseWebhook(deliver(expired.payload, expired.signature))).toEqual({
        kind: 'closed', sessionId: 'cs_test_signed', status: 'expired',
      })
      const failed = signedEvent('checkout.session.async_payment_failed', sessionObject, SECRET)
      expect(await stripe().parseWebhook(deliver(failed.payload, failed.signature))).toMatchObject({ kind: 'closed', status: 'failed' })
      const other = signedEvent('customer.created', { id: 'cus_1', object: 'customer' }, SECRET)
      expect(await stripe().parseWebhook(deliver(other.payload, other.signature))).toEqual({ kind: 'ignored', type: 'customer.created' })
    })

    it('needs STRIPE_WEBHOOK_SECRET', async () => {
      const { STRIPE_WEBHOOK_SECRET: _s, ...rest } = STRIPE_ENV
      const { payload, signature } = signedEvent('checkout.session.completed', sessionObject, SECRET)
      await expect(stripePaymentProvider(envOf(rest), fetch).parseWebhook(deliver(payload, signature))).rejects.toBeInstanceOf(MissingEnvError)
    })
  })

  it('maps every card package to its own STRIPE_PRICE_ variable', () => {
    const fake = createFakeStripe(fakePrices)
    const stripe = stripePaymentProvider(envOf(STRIPE_ENV), fake.fetch)
    return Promise.all(
      PLANS.filter(isPurchasable).map(async (plan) => {
        await stripe.createCheckout({ userId: OWNER, plan, successUrl: success, cancelUrl: APP })
        const sent = fake.requests.find((r) => r.form.get('metadata[plan_id]') === plan.id)
        expect(sent?.form.get('line_items[0][price]')).toBe(STRIPE_ENV[`STRIPE_PRICE_${plan.id.toUpperCase()}` as keyof typeof STRIPE_ENV])
      }),
    )
  })
})

describe('deploy check of imports outside supabase/functions', () => {
  function project(denoJson: Record<string, string>) {
    const root = mkdtempSync(path.join(tmpdir(), 'deploy-check-'))
    const dir = path.join(root, 'supabase', 'functions')
    mkdirSync(path.join(dir, 'fn'), { recursive: true })
    writeFileSync(path.join(dir, 'fn', 'deno.json'), JSON.stringify({ imports: denoJson }))
    const url = (p: string) => pathToFileURL(path.join(root, p)).href
    return { root, dir, url, cleanup: () => rmSync(root, { recursive: true, force: true }) }
  }
  const graph = (url: (p: string) => string, extra: { specifier: string; target: string }[] = []) => ({
    modules: [
      {
        specifier: url('supabase/functions/fn/index.ts'),
        dependencies: [
          { specifier: '../_shared/payments.ts', code: { specifier: url('supabase/functions/_shared/payments.ts') } },
          ...extra.map((e) => ({ specifier: e.specifier, code: { specifier: url(e.target) } })),
        ],
      },
      {
        specifier: url('supabase/functions/_shared/payments.ts'),
        dependencies: [{ specifier: '../../../domain/plans.ts', code: { specifier: url('domain/plans.ts') } }],
      },
      { specifier: url('domain/plans.ts'), dependencies: [{ specifier: './money.ts', code: { specifier: url('domain/money.ts') } }] },
    ],
  })

  it('accepts domain/ when the deno.json maps the folder, so the bundler mounts it', () => {
    const p = project({ '../../../domain/': '../../../domain/' })
    try {
      expect(deployProblems('fn', graph(p.url), p.dir)).toEqual([])
    } finally {
      p.cleanup()
    }
  })

  it('refuses domain/ without the mapping, and anything else outside supabase/functions', () => {
    const p = project({})
    try {
      expect(deployProblems('fn', graph(p.url, [{ specifier: '../../../src/lib/env.ts', target: 'src/lib/env.ts' }]), p.dir)).toEqual([
        'fn/index.ts imports src/lib/env.ts, outside supabase/functions and domain: a deploy cannot bundle it',
        '_shared/payments.ts imports domain/plans.ts: map "../../../domain/": "../../../domain/" in fn/deno.json so a deploy bundles that folder',
      ])
    } finally {
      p.cleanup()
    }
  })

  it('lets domain/ files import only domain/ and packages the function maps', () => {
    const p = project({ '../../../domain/': '../../../domain/', 'libphonenumber-js/': 'npm:libphonenumber-js@1.13.16/' })
    try {
      const g = graph(p.url)
      g.modules[2]!.dependencies.push(
        { specifier: '../supabase/functions/_shared/env.ts', code: { specifier: p.url('supabase/functions/_shared/env.ts') } },
        { specifier: 'libphonenumber-js/mobile', code: { specifier: p.url('node_modules/libphonenumber-js/mobile/index.js') } },
        { specifier: 'dexie', code: { specifier: p.url('node_modules/dexie/dist/dexie.mjs') } },
      )
      expect(deployProblems('fn', g, p.dir)).toEqual([
        'domain/plans.ts imports "../supabase/functions/_shared/env.ts": code shared with functions imports only its own folder and packages',
        'domain/plans.ts imports "dexie", which only node_modules provides: map it in fn/deno.json ("npm:…")',
      ])
    } finally {
      p.cleanup()
    }
  })
})
