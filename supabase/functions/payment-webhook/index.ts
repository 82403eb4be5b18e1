// Where the payment provider reports what happened to a checkout session:
// Stripe's signed events, or the local checkout page's Pay button. A paid
// session is credited once, however often the event is delivered; a session
// that expired or failed is closed. The gateway does not check a JWT here
// (Stripe has none): the provider's signature is the only credential.
//
// Answers: 2xx tells the provider to stop delivering. Anything that may
// succeed on a later delivery (the database unreachable) answers 500, so
// Stripe retries; a signature that does not verify answers 400, and a charge
// of one of our checkouts that does not match its package 422, which Stripe
// shows as a failed delivery for a person to look at. Sessions of other
// integrations on the same Stripe account are acknowledged and left alone:
// refusing them would have Stripe retry them for days and then disable the
// endpoint.
import { preflight } from '../_shared/cors.ts'
import { creditPurchase } from '../_shared/credits.ts'
import { jsonResponse } from '../_shared/http.ts'
import {
  createPaymentProvider,
  isOwnSession,
  PaymentConfigError,
  purchaseOf,
  WebhookSignatureError,
  type PaymentEvent,
} from '../_shared/payments.ts'
import { createServiceClient } from '../_shared/supabase.ts'

type WebhookError = 'invalid_request' | 'invalid_signature' | 'payment_mismatch' | 'server_error'
type WebhookResult = 'credited' | 'already_credited' | 'pending' | 'closed' | 'not_creditable' | 'ignored'

const fail = (error: WebhookError, status: number) => jsonResponse({ received: false, error }, status)
const ok = (result: WebhookResult) => jsonResponse({ received: true, error: null, result })

Deno.serve(async (req) => {
  const pre = preflight(req)
  if (pre) return pre
  if (req.method !== 'POST') return fail('invalid_request', 405)
  try {
    const db = createServiceClient()
    const provider = createPaymentProvider({ db })
    let event: PaymentEvent
    try {
      event = await provider.parseWebhook(req)
    } catch (e) {
      if (!(e instanceof WebhookSignatureError)) throw e
      console.warn(`payment-webhook: refused a delivery: ${e.message}`)
      return fail('invalid_signature', 400)
    }

    switch (event.kind) {
      case 'ignored':
        return ok('ignored')
      case 'closed': {
        const { error } = await db
          .from('payments')
          .update({ status: event.status })
          .eq('provider', provider.name)
          .eq('provider_session_id', event.sessionId)
          .eq('status', 'open')
        if (error) throw error
        return ok('closed')
      }
      case 'paid': {
        if (!(await isOwnSession(db, provider.name, event.session))) return ok('ignored')
        const check = purchaseOf(provider.name, event.session)
        // Completed with a payment still processing (a bank debit): a later event says how it ended.
        if (!check.ok && check.error === 'payment_not_completed') return ok('pending')
        if (!check.ok) {
          console.error(`payment-webhook: session ${event.session.id} not credited: ${check.detail}`)
          return fail('payment_mismatch', 422)
        }
        const result = await creditPurchase(db, check.purchase)
        if (result.status === 'mismatch') {
          console.error(`payment-webhook: session ${event.session.id} is recorded for another owner, package or provider`)
          return fail('payment_mismatch', 422)
        }
        if (result.status === 'not_creditable') {
          // Delivering it again will not reopen the payment; a person has to look at why it was charged.
          console.error(`payment-webhook: session ${event.session.id} was reported paid, but its payment expired or failed; not credited`)
          return ok('not_creditable')
        }
        return ok(result.status)
      }
    }
  } catch (e) {
    if (e instanceof PaymentConfigError) console.error(`payment-webhook: ${e.code}: ${e.message}`)
    else console.error('payment-webhook failed:', e)
    return fail('server_error', 500)
  }
})
