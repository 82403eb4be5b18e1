// The local payment provider's checkout page: the developer stand-in for
// Stripe Checkout. It shows what the session sells and lets the buyer Pay or
// Cancel, then sends the browser back exactly as Stripe would (success_url
// with its session placeholder replaced, or cancel_url). Pay is the card charge:
// it delivers the paid event to the payment-webhook function, signed with the
// service role key, so purchases credit through the same path as Stripe's.
// Local only, like the outbox: never mount it in anything deployed.
import { Hono, type Context } from 'hono'
import { checkoutReturnUrl } from '../../../domain/functions.ts'
import { findPlanByPriceId, formatUsd } from '../../../domain/plans.ts'
import type { StackContext } from '../server.ts'

export type LocalCheckoutOptions = {
  /** Calls one of the stack's edge functions in-process (the stack's own app). */
  invokeFunction(name: string, init: RequestInit): Promise<Response>
}

type SessionRow = {
  session_id: string
  email: string | null
  price_id: string
  credits: number
  amount: number
  currency: string
  status: 'open' | 'paid' | 'expired' | 'failed'
  success_url: string | null
  cancel_url: string | null
  expired: boolean
}

/** The local provider's ids: cs_local_ and 32 hex digits. */
const SESSION_ID = /^cs_local_[0-9a-f]{32}$/
/** As Stripe Checkout: a session can be paid for 24 hours. */
const SESSION_HOURS = 24

async function loadSession(db: StackContext['db'], id: string): Promise<SessionRow | null> {
  const res = await db.query<SessionRow>(
    `select p.provider_session_id as session_id, u.email, p.price_id, p.credits, p.amount, p.currency, p.status,
            p.success_url, p.cancel_url, p.created_at < now() - make_interval(hours => $2::int) as expired
       from public.payments p left join public.users u on u.id = p.user_id
      where p.provider = 'local' and p.provider_session_id = $1`,
    [id, SESSION_HOURS],
  )
  return res.rows[0] ?? null
}

export function createLocalCheckoutApp(ctx: Pick<StackContext, 'db' | 'config'>, opts: LocalCheckoutOptions): Hono {
  const app = new Hono()

  const session = async (c: Context): Promise<SessionRow | Response> => {
    const id = c.req.param('session') ?? ''
    const row = SESSION_ID.test(id) ? await loadSession(ctx.db, id) : null
    return row ?? c.html(renderMessage('Checkout session not found', 'Ödeme oturumu bulunamadı', 'No open payment has this id.'), 404)
  }

  // A form of another site must not pay or cancel for the buyer.
  const foreignOrigin = (c: Context) => {
    const origin = c.req.header('Origin')
    return origin !== undefined && origin !== 'null' && origin !== new URL(c.req.url).origin
  }

  app.get('/:session', async (c) => {
    const row = await session(c)
    if (row instanceof Response) return row
    c.header('Cache-Control', 'no-store')
    return c.html(renderCheckout(row))
  })

  app.post('/:session/pay', async (c) => {
    if (foreignOrigin(c)) return c.html(renderMessage('Forbidden', 'Yasak', 'This form was sent from another site.'), 403)
    const row = await session(c)
    if (row instanceof Response) return row
    if (row.status !== 'paid') {
      // As Stripe Checkout: a session that expired or whose payment failed cannot be paid any more.
      if (row.expired || row.status === 'expired' || row.status === 'failed') return c.html(renderCheckout(row), 410)
      const res = await opts.invokeFunction('payment-webhook', {
        method: 'POST',
        headers: { Authorization: `Bearer ${ctx.config.serviceRoleKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ type: 'checkout.session.completed', session_id: row.session_id }),
      })
      const reply = (await res.json().catch(() => ({}))) as { result?: string; error?: string | null }
      if (!res.ok || (reply.result !== 'credited' && reply.result !== 'already_credited')) {
        console.error(`[checkout] payment-webhook did not credit ${row.session_id}: ${res.status} ${JSON.stringify(reply)}`)
        const why = reply.error ?? reply.result ?? `HTTP ${res.status}`
        return c.html(renderMessage('Payment failed', 'Ödeme başarısız', `The payment webhook answered ${why}; nothing was charged.`), 502)
      }
    }
    if (!row.success_url) return c.html(renderMessage('Payment complete', 'Ödeme tamamlandı', 'You can close this page.'))
    return c.redirect(checkoutReturnUrl(row.success_url, row.session_id), 303)
  })

  app.post('/:session/cancel', async (c) => {
    if (foreignOrigin(c)) return c.html(renderMessage('Forbidden', 'Yasak', 'This form was sent from another site.'), 403)
    const row = await session(c)
    if (row instanceof Response) return row
    // As on Stripe, cancelling only leaves the page: the session stays open until it expires.
    if (!row.cancel_url) return c.html(renderMessage('Payment cancelled', 'Ödeme iptal edildi', 'You can close this page.'))
    return c.redirect(row.cancel_url, 303)
  })

  return app
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)

const planName = (priceId: string) => {
  const id = findPlanByPriceId(priceId)?.id ?? priceId
  return id.charAt(0).toUpperCase() + id.slice(1)
}

const formatAmount = (row: Pick<SessionRow, 'amount' | 'currency'>) =>
  row.currency === 'usd' ? formatUsd(row.amount, 'en') : `${(row.amount / 100).toFixed(2)} ${row.currency.toUpperCase()}`

export function renderCheckout(row: SessionRow): string {
  const price = formatAmount(row)
  const state =
    row.status === 'paid' ? { en: 'This payment is complete.', tr: 'Bu ödeme tamamlandı.' }
    : row.expired || row.status === 'expired' ? { en: 'This checkout session has expired.', tr: 'Bu ödeme oturumunun süresi doldu.' }
    : row.status === 'failed' ? { en: 'This payment failed.', tr: 'Bu ödeme başarısız oldu.' }
    : null
  const actions = state
    ? `<p role="status">${escapeHtml(state.en)} <span lang="tr">${escapeHtml(state.tr)}</span></p>${
        row.status === 'paid' && row.success_url
          ? `\n        <form method="post" action="${escapeHtml(row.session_id)}/pay"><button type="submit">Return to the app <span lang="tr">(Uygulamaya dön)</span></button></form>`
          : ''
      }`
    : `<div class="actions">
          <form method="post" action="${escapeHtml(row.session_id)}/pay">
            <button type="submit" class="pay">Pay ${escapeHtml(price)} <span lang="tr">(Öde)</span></button>
          </form>
          <form method="post" action="${escapeHtml(row.session_id)}/cancel">
            <button type="submit">Cancel <span lang="tr">(İptal)</span></button>
          </form>
        </div>`
  return page(
    'Local checkout',
    `<h1>Local checkout <span lang="tr">(Yerel ödeme)</span></h1>
      <p>A stand-in for the card payment page: no card is needed and no money moves. Pay adds the credits as a real purchase would.</p>
      <p lang="tr">Kart ödeme sayfasının yerel karşılığı: kart gerekmez, para hareket etmez. Öde, gerçek bir satın alma gibi kredileri ekler.</p>
      <dl>
        <dt>Package <span lang="tr">(Paket)</span></dt><dd>${escapeHtml(planName(row.price_id))}</dd>
        <dt>Messages <span lang="tr">(Mesaj)</span></dt><dd>${row.credits.toLocaleString('en')}</dd>
        <dt>Amount <span lang="tr">(Tutar)</span></dt><dd>${escapeHtml(price)} · one-time payment <span lang="tr">(tek seferlik ödeme)</span></dd>${
          row.email ? `\n        <dt>Account <span lang="tr">(Hesap)</span></dt><dd>${escapeHtml(row.email)}</dd>` : ''
        }
      </dl>
      ${actions}`,
  )
}

function renderMessage(title: string, titleTr: string, text: string): string {
  return page(title, `<h1>${escapeHtml(title)} <span lang="tr">(${escapeHtml(titleTr)})</span></h1>\n      <p>${escapeHtml(text)}</p>`)
}

function page(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>${escapeHtml(title)} · Yerel ödeme</title>
    <style>
      :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
      body { margin: 0; line-height: 1.5; display: grid; place-items: center; min-height: 100vh; }
      main { max-width: 28rem; padding: 1.5rem; }
      dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; }
      dt { font-weight: 600; }
      dd { margin: 0; }
      .actions { display: flex; gap: 0.75rem; flex-wrap: wrap; }
      button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 0.4rem; border: 1px solid #8888; cursor: pointer; }
      button:focus-visible { outline: 3px solid #3b82f6; outline-offset: 2px; }
      .pay { background: #1d4ed8; border-color: #1d4ed8; color: #fff; }
    </style>
  </head>
  <body>
    <main>
      ${main}
    </main>
  </body>
</html>
`
}
