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
import { PAYMENT_WEBHOOK_ERRORS, type PaymentWebhookResult } from '../../../domain/functions.ts'
import { creditPurchase } from '../_shared/credits.ts'
import { publicFunction } from '../_shared/handler.ts'
import { createPaymentProvider, isOwnSession, purchaseOf, WebhookSignatureError, type PaymentEvent } from '../_shared/payments.ts'
import { createServiceClient } from '../_shared/supabase.ts'

const NAME = 'payment-webhook'

Deno.serve(
  publicFunction({ name: NAME, errors: PAYMENT_WEBHOOK_ERRORS, flag: 'received' }, async (req, { ok, fail }) => {
    const acknowledge = (result: PaymentWebhookResult) => ok({ result })
    const db = createServiceClient()
    const provider = createPaymentProvider({ db })
    let event: PaymentEvent
    try {
      event = await provider.parseWebhook(req)
    } catch (e) {
      if (!(e instanceof WebhookSignatureError)) throw e
      console.warn(`${NAME}: refused a delivery: ${e.message}`)
      return fail('invalid_signature', 400)
    }

    switch (event.kind) {
      case 'ignored':
        return acknowledge('ignored')
      case 'closed': {
        const { error } = await db
          .from('payments')
          .update({ status: event.status })
          .eq('provider', provider.name)
          .eq('provider_session_id', event.sessionId)
          .eq('status', 'open')
        if (error) throw error
        return acknowledge('closed')
      }
      case 'paid': {
        if (!(await isOwnSession(db, provider.name, event.session))) return acknowledge('ignored')
        const check = purchaseOf(provider.name, event.session)
        // Completed with a payment still processing (a bank debit): a later event says how it ended.
        if (!check.ok && check.error === 'payment_not_completed') return acknowledge('pending')
        if (!check.ok) {
          console.error(`${NAME}: session ${event.session.id} not credited: ${check.detail}`)
          return fail('payment_mismatch', 422)
        }
        const result = await creditPurchase(db, check.purchase)
        if (result.status === 'mismatch') {
          console.error(`${NAME}: session ${event.session.id} is recorded for another owner, package or provider`)
          return fail('payment_mismatch', 422)
        }
        if (result.status === 'not_creditable') {
          // Delivering it again will not reopen the payment; a person has to look at why it was charged.
          console.error(`${NAME}: session ${event.session.id} was reported paid, but its payment expired or failed; not credited`)
          return acknowledge('not_creditable')
        }
        return acknowledge(result.status)
      }
    }
  }),
)
