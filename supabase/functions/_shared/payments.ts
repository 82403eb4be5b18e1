// Card payments behind one small interface, chosen by PAYMENT_PROVIDER:
// `local` (default) sells through a checkout page of the local stack, so the
// whole purchase works offline; `stripe` sells through Stripe Checkout.
//
// What a package contains and costs comes from domain/plans.ts only: the
// client names a price id, never an amount, and a paid session is credited
// only when what the provider charged matches the package.
import Stripe from 'stripe'
import type { SupabaseClient } from '@supabase/supabase-js'
import { CHECKOUT_SESSION_PLACEHOLDER, type CheckoutError, type ProcessPaymentError } from '../../../domain/functions.ts'
import {
  findPlanByPriceId,
  isPurchasable,
  PLAN_CURRENCY,
  PLAN_PAYMENT_MODE,
  PLANS,
  type Plan,
  type PurchasablePlan,
} from '../../../domain/plans.ts'
import { MissingEnvError, readEnv, requireEnv, type EnvReader } from './env.ts'
import { CodedError } from './http.ts'
import { PROVIDER_TIMEOUT_MS } from './message-log.ts'
import { secretsEqual } from './constant-time.ts'
import { isLoopbackUrl, UnknownProviderError } from './deployment.ts'
import { isUuid } from '../../../domain/ids.ts'

export type PaymentProviderName = 'local' | 'stripe'

export type CheckoutInput = {
  userId: string
  email?: string | null
  plan: PurchasablePlan
  /** May hold CHECKOUT_SESSION_PLACEHOLDER (domain/functions.ts), which the provider replaces on return. */
  successUrl: string
  cancelUrl: string
}

export type CheckoutSession = { id: string; url: string }

/** What the provider says about one checkout session, before any check against the plans. */
export type ProviderSession = {
  id: string
  paid: boolean
  userId: string | null
  /** The plan's price id (domain/plans.ts), not the provider's own. */
  priceId: string | null
  credits: number | null
  /** Charged, in minor units (cents). */
  amountPaid: number | null
  /** The package's price before tax and discounts, in minor units. */
  listAmount: number | null
  /** Lower case, as Stripe writes it. */
  currency: string | null
}

export type PaymentEvent =
  | { kind: 'paid'; session: ProviderSession }
  | { kind: 'closed'; sessionId: string; status: 'expired' | 'failed' }
  | { kind: 'ignored'; type: string }

export type PaymentProvider = {
  readonly name: PaymentProviderName
  createCheckout(input: CheckoutInput): Promise<CheckoutSession>
  /** null when the provider does not know the id. */
  retrieveSession(id: string): Promise<ProviderSession | null>
  /** Authenticates a webhook delivery (WebhookSignatureError when it cannot) and reads its event. */
  parseWebhook(req: Request): Promise<PaymentEvent>
}

export type PaymentDeps = {
  /** Service-role client: the local provider keeps its sessions in public.payments. */
  db: SupabaseClient
  env?: EnvReader
  fetch?: typeof fetch
}

/** The delivery is not from the provider (or was altered): it must not move money. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'WebhookSignatureError'
  }
}

/** The provider refused or could not be reached: `502 provider_error` where the function has that code. */
export class PaymentProviderError extends CodedError<'provider_error'> {
  constructor(
    readonly provider: PaymentProviderName,
    message: string,
    /** The provider's own HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super('provider_error', 502, `${provider}: ${message}`)
    this.name = 'PaymentProviderError'
  }
}

export type PaymentConfigErrorCode = 'local_provider_not_local'

/** The deployment's payment settings cannot work; nothing was sent anywhere. */
export class PaymentConfigError extends Error {
  constructor(
    readonly code: PaymentConfigErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'PaymentConfigError'
  }
}

export function createPaymentProvider(deps: PaymentDeps): PaymentProvider {
  const env = deps.env ?? readEnv
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init))
  const choice = env('PAYMENT_PROVIDER') ?? 'local'
  switch (choice) {
    case 'local':
      assertLocalCheckoutReachable(env)
      return localPaymentProvider(deps.db, env)
    case 'stripe':
      return stripePaymentProvider(env, doFetch)
    default:
      throw new UnknownProviderError('PAYMENT_PROVIDER', choice)
  }
}

/**
 * The local provider's checkout page is served by the local stack only. A
 * hosted project that forgot PAYMENT_PROVIDER would otherwise hand buyers a
 * `${SUPABASE_URL}/__local/checkout/…` link that does not exist, so the local
 * provider is refused away from loopback unless LOCAL_CHECKOUT_URL says
 * where its page really is (the local stack always names its own).
 */
function assertLocalCheckoutReachable(env: EnvReader): void {
  const supabaseUrl = env('SUPABASE_URL')
  if (env('LOCAL_CHECKOUT_URL') || !supabaseUrl || isLoopbackUrl(supabaseUrl)) return
  throw new PaymentConfigError(
    'local_provider_not_local',
    `PAYMENT_PROVIDER is local (the default) but SUPABASE_URL ${supabaseUrl} is not this machine: ` +
      'the local checkout page exists only in the local stack. Set PAYMENT_PROVIDER=stripe, ' +
      'or LOCAL_CHECKOUT_URL to where a local checkout page is served.',
  )
}

// Plans and purchases ------------------------------------------------------------

export type PlanError = Extract<CheckoutError, 'unknown_price' | 'plan_not_purchasable'>

/** The package a client may buy with this price id; Enterprise is sold by conversation, not by card. */
export function planForCheckout(priceId: unknown): { plan: PurchasablePlan } | { error: PlanError } {
  const plan: Plan | undefined = typeof priceId === 'string' ? findPlanByPriceId(priceId) : undefined
  if (!plan) return { error: 'unknown_price' }
  if (!isPurchasable(plan)) return { error: 'plan_not_purchasable' }
  return { plan }
}

export const PAYMENT_CURRENCY = PLAN_CURRENCY.toLowerCase()
export { PLAN_PAYMENT_MODE }

/** A paid session that matches its package: what credit_payment is called with. */
export type Purchase = {
  provider: PaymentProviderName
  sessionId: string
  userId: string
  plan: PurchasablePlan
  amountPaid: number
  currency: string
}

export type PurchaseCheck =
  | { ok: true; purchase: Purchase }
  | { ok: false; error: Extract<ProcessPaymentError, 'payment_not_completed' | 'payment_mismatch'>; detail: string }


/**
 * Whether a session may be credited, and with what. A session that is not
 * paid yet may still become paid; a mismatch never will (a wrong price
 * mapped in the provider, a tampered or foreign session) and is logged by
 * the caller for a person to look at.
 */
export function purchaseOf(provider: PaymentProviderName, s: ProviderSession): PurchaseCheck {
  if (!s.paid) return { ok: false, error: 'payment_not_completed', detail: 'the session is not paid' }
  const found = planForCheckout(s.priceId)
  if ('error' in found) return { ok: false, error: 'payment_mismatch', detail: `price ${String(s.priceId)}: ${found.error}` }
  const plan = found.plan
  if (!s.userId || !isUuid(s.userId)) return { ok: false, error: 'payment_mismatch', detail: 'no owner on the session' }
  if (s.credits !== plan.messages) {
    return { ok: false, error: 'payment_mismatch', detail: `${String(s.credits)} credits recorded for ${plan.id} (${plan.messages})` }
  }
  if (s.currency !== PAYMENT_CURRENCY || s.listAmount !== plan.priceCents) {
    return {
      ok: false,
      error: 'payment_mismatch',
      detail: `charged ${String(s.listAmount)} ${String(s.currency)} for ${plan.id} (${plan.priceCents} ${PAYMENT_CURRENCY})`,
    }
  }
  return {
    ok: true,
    purchase: { provider, sessionId: s.id, userId: s.userId, plan, amountPaid: s.amountPaid ?? plan.priceCents, currency: s.currency },
  }
}

/**
 * Whether a session is one of this app's checkouts. Each is recorded in
 * payments when it opens and carries a plan's price id in its metadata
 * (which still names it if that insert failed). Another integration selling
 * through the same Stripe account has neither: its sessions are none of our
 * business, neither to credit nor to refuse.
 */
export async function isOwnSession(db: SupabaseClient, provider: PaymentProviderName, s: ProviderSession): Promise<boolean> {
  if (s.priceId !== null && findPlanByPriceId(s.priceId)) return true
  const { data, error } = await db
    .from('payments')
    .select('id')
    .eq('provider', provider)
    .eq('provider_session_id', s.id)
    .maybeSingle()
  if (error) throw new Error(`could not look up payment ${s.id}: ${error.message}`)
  return data !== null
}

// Return URLs --------------------------------------------------------------------

const MAX_URL_LENGTH = 2048
/** The placeholder as URLSearchParams and encodeURIComponent write it, in either case. */
const ENCODED_PLACEHOLDER = new RegExp(encodeURIComponent(CHECKOUT_SESSION_PLACEHOLDER), 'gi')

/**
 * The app's own origins, configured as for Supabase Auth: SITE_URL plus the
 * comma-separated ADDITIONAL_REDIRECT_URLS (only their origins count).
 */
export function allowedOrigins(env: EnvReader = readEnv): string[] {
  const entries = [env('SITE_URL'), ...(env('ADDITIONAL_REDIRECT_URLS') ?? '').split(',')]
  const origins = new Set<string>()
  for (const entry of entries) {
    const url = parseHttpUrl(entry?.trim())
    if (url) origins.add(url.origin)
  }
  return [...origins]
}

function parseHttpUrl(value: string | undefined): URL | null {
  if (!value) return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null
  } catch {
    return null
  }
}

/**
 * A return URL on one of the app's origins, normalised, or null. The session
 * placeholder survives even when the client URL-encoded its braces (as
 * URLSearchParams does), because the provider only replaces the literal.
 */
export function returnUrl(value: unknown, origins: readonly string[]): string | null {
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH) return null
  const url = parseHttpUrl(value)
  if (!url || url.username || url.password || !origins.includes(url.origin)) return null
  return url.href.replace(ENCODED_PLACEHOLDER, CHECKOUT_SESSION_PLACEHOLDER)
}

// Local provider -----------------------------------------------------------------

type PaymentRow = {
  provider_session_id: string
  user_id: string
  price_id: string
  credits: number
  amount: number
  currency: string
  status: 'open' | 'paid' | 'expired' | 'failed'
}

/** The event the local checkout page delivers when the buyer presses Pay. */
export type LocalPaymentEvent = { type: 'checkout.session.completed'; session_id: string }

export const LOCAL_SESSION_PREFIX = 'cs_local_'

function randomId(bytes: number): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes))
  return Array.from(buf, (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * Sessions live in public.payments (written by the checkout function), and a
 * session counts as paid once credit_payment marked it so: the page's Pay
 * button is the card charge, and it credits through the payment webhook like
 * Stripe's event does. That delivery proves itself with the service role key,
 * which only the stack (and the project's own servers) hold.
 */
export function localPaymentProvider(db: SupabaseClient, env: EnvReader = readEnv): PaymentProvider {
  const toSession = (row: PaymentRow, paid: boolean): ProviderSession => ({
    id: row.provider_session_id,
    paid,
    userId: row.user_id,
    priceId: row.price_id,
    credits: row.credits,
    amountPaid: row.amount,
    listAmount: row.amount,
    currency: row.currency,
  })
  const load = async (id: string): Promise<PaymentRow | null> => {
    const { data, error } = await db
      .from('payments')
      .select('provider_session_id, user_id, price_id, credits, amount, currency, status')
      .eq('provider', 'local')
      .eq('provider_session_id', id)
      .maybeSingle()
    if (error) throw new Error(`could not read the local checkout session: ${error.message}`)
    return data as PaymentRow | null
  }
  return {
    name: 'local',
    async createCheckout() {
      const base = env('LOCAL_CHECKOUT_URL') ?? `${requireEnv('SUPABASE_URL', env).replace(/\/+$/, '')}/__local/checkout`
      const id = `${LOCAL_SESSION_PREFIX}${randomId(16)}`
      return { id, url: `${base}/${id}` }
    },
    async retrieveSession(id) {
      const row = await load(id)
      return row && toSession(row, row.status === 'paid')
    },
    async parseWebhook(req) {
      const token = /^Bearer\s+(\S+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1] ?? ''
      if (!(await secretsEqual(token, requireEnv('SUPABASE_SERVICE_ROLE_KEY', env)))) {
        throw new WebhookSignatureError('local payment events carry the service role key')
      }
      let event: Partial<LocalPaymentEvent>
      try {
        event = (await req.json()) as Partial<LocalPaymentEvent>
      } catch {
        throw new WebhookSignatureError('the local payment event is not JSON')
      }
      if (event.type !== 'checkout.session.completed' || typeof event.session_id !== 'string') {
        return { kind: 'ignored', type: String(event.type) }
      }
      const row = await load(event.session_id)
      if (!row) return { kind: 'ignored', type: 'unknown_session' }
      return { kind: 'paid', session: toSession(row, true) }
    },
  }
}

// Stripe -----------------------------------------------------------------------

export type StripeConfig = {
  secretKey?: string
  webhookSecret?: string
  /** Stripe's price id for each plan price id, from STRIPE_PRICE_<PLAN>. */
  prices: Record<string, string | undefined>
  /** Only for tests and proxies: STRIPE_API_URL. */
  apiUrl?: string
}

/** STRIPE_PRICE_STARTER, STRIPE_PRICE_GROWTH, …: the plans hold placeholders, each Stripe account has its own ids. */
export function stripePriceVariable(plan: Plan): string {
  return `STRIPE_PRICE_${plan.id.toUpperCase()}`
}

export function stripeConfig(env: EnvReader): StripeConfig {
  const prices: Record<string, string | undefined> = {}
  for (const plan of PLANS.filter(isPurchasable)) prices[plan.providerPriceId] = env(stripePriceVariable(plan))
  return {
    secretKey: env('STRIPE_SECRET_KEY'),
    webhookSecret: env('STRIPE_WEBHOOK_SECRET'),
    prices,
    apiUrl: env('STRIPE_API_URL'),
  }
}

/** Metadata Stripe keeps on the session and its payment: who bought which package. */
export type StripeSessionMetadata = { user_id: string; price_id: string; plan_id: string; credits: string }

export function stripeCheckoutParams(input: CheckoutInput, stripePrice: string): Stripe.Checkout.SessionCreateParams {
  const metadata: StripeSessionMetadata = {
    user_id: input.userId,
    price_id: input.plan.providerPriceId,
    plan_id: input.plan.id,
    credits: String(input.plan.messages),
  }
  return {
    mode: PLAN_PAYMENT_MODE,
    line_items: [{ price: stripePrice, quantity: 1 }],
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    client_reference_id: input.userId,
    ...(input.email ? { customer_email: input.email } : {}),
    metadata,
    payment_intent_data: { metadata },
  }
}

export function stripeSessionOf(s: Stripe.Checkout.Session): ProviderSession {
  const meta = (s.metadata ?? {}) as Partial<StripeSessionMetadata>
  const credits = Number(meta.credits)
  return {
    id: s.id,
    paid: s.mode === PLAN_PAYMENT_MODE && s.payment_status === 'paid',
    userId: meta.user_id ?? s.client_reference_id ?? null,
    priceId: meta.price_id ?? null,
    credits: Number.isInteger(credits) ? credits : null,
    amountPaid: s.amount_total,
    listAmount: s.amount_subtotal,
    currency: s.currency,
  }
}

function stripeClient(cfg: StripeConfig, doFetch: typeof fetch): Stripe {
  if (!cfg.secretKey) throw new MissingEnvError('STRIPE_SECRET_KEY')
  const api = cfg.apiUrl ? new URL(cfg.apiUrl) : undefined
  return new Stripe(cfg.secretKey, {
    // fetch works the same under Deno and Node, and lets tests answer for Stripe.
    httpClient: Stripe.createFetchHttpClient(doFetch),
    timeout: PROVIDER_TIMEOUT_MS,
    maxNetworkRetries: 2,
    telemetry: false,
    ...(api
      ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'https:' ? 'https' : 'http' }
      : {}),
  })
}

function stripeFailure(e: unknown): PaymentProviderError {
  const err = e as { message?: string; statusCode?: number; code?: string }
  return new PaymentProviderError('stripe', `${err.code ? `${err.code}: ` : ''}${err.message ?? String(e)}`, err.statusCode)
}

export function stripePaymentProvider(env: EnvReader, doFetch: typeof fetch): PaymentProvider {
  const cfg = stripeConfig(env)
  return {
    name: 'stripe',
    async createCheckout(input) {
      const price = cfg.prices[input.plan.providerPriceId]
      if (!price) throw new MissingEnvError(stripePriceVariable(input.plan))
      const stripe = stripeClient(cfg, doFetch)
      let session: Stripe.Checkout.Session
      try {
        session = await stripe.checkout.sessions.create(stripeCheckoutParams(input, price))
      } catch (e) {
        throw stripeFailure(e)
      }
      if (!session.url) throw new PaymentProviderError('stripe', `session ${session.id} has no checkout URL`)
      return { id: session.id, url: session.url }
    },
    async retrieveSession(id) {
      const stripe = stripeClient(cfg, doFetch)
      try {
        return stripeSessionOf(await stripe.checkout.sessions.retrieve(id))
      } catch (e) {
        if ((e as { statusCode?: number }).statusCode === 404) return null
        throw stripeFailure(e)
      }
    },
    async parseWebhook(req) {
      if (!cfg.webhookSecret) throw new MissingEnvError('STRIPE_WEBHOOK_SECRET')
      const signature = req.headers.get('stripe-signature')
      if (!signature) throw new WebhookSignatureError('no Stripe-Signature header')
      // The signature covers the exact bytes Stripe sent: read them as text, never re-serialised JSON.
      const payload = await req.text()
      let event: Stripe.Event
      try {
        event = await Stripe.webhooks.constructEventAsync(
          payload,
          signature,
          cfg.webhookSecret,
          undefined,
          Stripe.createSubtleCryptoProvider(),
        )
      } catch (e) {
        throw new WebhookSignatureError((e as Error).message)
      }
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          return { kind: 'paid', session: stripeSessionOf(event.data.object) }
        case 'checkout.session.expired':
          return { kind: 'closed', sessionId: event.data.object.id, status: 'expired' }
        case 'checkout.session.async_payment_failed':
          return { kind: 'closed', sessionId: event.data.object.id, status: 'failed' }
        default:
          return { kind: 'ignored', type: event.type }
      }
    },
  }
}
