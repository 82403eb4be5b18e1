// Where the payment provider reports what happened to a checkout session:
// Stripe's signed events, or the local checkout page's Pay button. A paid
// session is credited once, however often the event is delivered; a session
// that expired or failed is closed. The gateway does not check a JWT here
// (Stripe has none): the provider's signature is the only credential.
//
// Answers: 2xx tells the provider to stop delivering. Anything that may
// succeed on a later delivery (the database unreachable) answers 500, so
// Stripe retries; a signature that does not verify answers 400, and a charge
// that does not match its package 422, which Stripe shows as a failed
// delivery for a person to look at.
import { preflight } from '../_shared/cors.ts'
import { creditPurchase } from '../_shared/credits.ts'
import { jsonResponse } from '../_shared/http.ts'
import { createPaymentProvider, purchaseOf, WebhookSignatureError, type PaymentEvent } from '../_shared/payments.ts'
import { createServiceClient } from '../_shared/supabase.ts'

type WebhookError = 'invalid_request' | 'invalid_signature' | 'payment_mismatch' | 'server_error'
type WebhookResult = 'credited' | 'already_credited' | 'pending' | 'closed' | 'ignored'

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
        return ok(result.status)
      }
    }
  } catch (e) {
    console.error('payment-webhook failed:', e)
    return fail('server_error', 500)
  }
})
