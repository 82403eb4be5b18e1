// A stand-in for the part of Stripe's API the payment functions use (create
// and retrieve Checkout Sessions), so the Stripe provider is tested through
// the official SDK without the network: as an injected fetch, or served over
// HTTP for a whole stack (STRIPE_API_URL). Events are signed with the SDK's
// own test helper, exactly as Stripe signs webhook deliveries.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'
import Stripe from 'stripe'

export type FakePrice = { unit_amount: number; currency: string }

export type FakeSession = {
  id: string
  object: 'checkout.session'
  mode: string
  status: 'open' | 'complete' | 'expired'
  payment_status: 'paid' | 'unpaid' | 'no_payment_required'
  url: string | null
  success_url: string
  cancel_url: string
  client_reference_id: string | null
  customer_email: string | null
  metadata: Record<string, string>
  amount_subtotal: number
  amount_total: number
  currency: string
  line_items_price: string
}

export type FakeStripe = {
  sessions: Map<string, FakeSession>
  /** Every request, as the SDK sent it (method, path, decoded form). */
  requests: { method: string; path: string; form: URLSearchParams; authorization: string | null }[]
  handle(req: Request): Promise<Response>
  fetch: typeof fetch
  /** Marks a session paid, as completing Stripe Checkout does. */
  pay(id: string, overrides?: Partial<FakeSession>): FakeSession
  listen(): Promise<{ url: string; close(): Promise<void> }>
}

const stripeError = (status: number, code: string, message: string) =>
  Response.json({ error: { type: 'invalid_request_error', code, message } }, { status })

/** Stripe's form encoding: metadata[user_id]=… → { user_id: … }. */
function nested(form: URLSearchParams, key: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of form) {
    const m = new RegExp(`^${key}\\[([^\\]]+)\\]$`).exec(k)
    if (m) out[m[1]!] = v
  }
  return out
}

export function createFakeStripe(prices: Record<string, FakePrice>): FakeStripe {
  const sessions = new Map<string, FakeSession>()
  const requests: FakeStripe['requests'] = []

  async function handle(req: Request): Promise<Response> {
    const url = new URL(req.url)
    const form = new URLSearchParams(req.method === 'GET' ? url.search : await req.text())
    requests.push({ method: req.method, path: url.pathname, form, authorization: req.headers.get('authorization') })
    if (!/^Bearer sk_test_/.test(req.headers.get('authorization') ?? '')) {
      return Response.json({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }, { status: 401 })
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const priceId = form.get('line_items[0][price]') ?? ''
      const price = prices[priceId]
      if (!price) return stripeError(400, 'resource_missing', `No such price: '${priceId}'`)
      const quantity = Number(form.get('line_items[0][quantity]') ?? '1')
      const id = `cs_test_${randomBytes(12).toString('hex')}`
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        mode: form.get('mode') ?? '',
        status: 'open',
        payment_status: 'unpaid',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
        client_reference_id: form.get('client_reference_id'),
        customer_email: form.get('customer_email'),
        metadata: nested(form, 'metadata'),
        amount_subtotal: price.unit_amount * quantity,
        amount_total: price.unit_amount * quantity,
        currency: price.currency,
        line_items_price: priceId,
      }
      sessions.set(id, session)
      return Response.json(session)
    }
    const m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname)
    if (req.method === 'GET' && m) {
      const session = sessions.get(decodeURIComponent(m[1]!))
      return session ? Response.json(session) : stripeError(404, 'resource_missing', `No such checkout.session: '${m[1]}'`)
    }
    return stripeError(404, 'resource_missing', `Unrecognized request URL (${req.method}: ${url.pathname})`)
  }

  return {
    sessions,
    requests,
    handle,
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => handle(new Request(input, init))) as typeof fetch,
    pay(id, overrides = {}) {
      const s = sessions.get(id)
      if (!s) throw new Error(`no fake Stripe session ${id}`)
      Object.assign(s, { status: 'complete', payment_status: 'paid', url: null }, overrides)
      return s
    },
    async listen() {
      const server = http.createServer((req, res) => {
        const chunks: Buffer[] = []
        req.on('data', (c: Buffer) => chunks.push(c))
        req.on('end', () => {
          const body = Buffer.concat(chunks)
          const request = new Request(`http://${req.headers.host}${req.url}`, {
            method: req.method,
            headers: req.headers as Record<string, string>,
            body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
          })
          handle(request)
            .then(async (r) => {
              res.writeHead(r.status, Object.fromEntries(r.headers))
              res.end(Buffer.from(await r.arrayBuffer()))
            })
            .catch((e: unknown) => {
              res.writeHead(500)
              res.end(String(e))
            })
        })
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      return {
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((resolve) => server.close(() => resolve())),
      }
    },
  }
}

export type SignedDelivery = { payload: string; signature: string }

/** A webhook event as Stripe delivers it, signed with the endpoint's secret (or another, to forge one). */
export function signedEvent(type: string, object: unknown, secret: string, timestamp?: number): SignedDelivery {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  })
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }) }
}
