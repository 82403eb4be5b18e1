// The payment return page's fallback when the webhook has not credited a
// purchase yet: asks the provider itself whether the session is paid and
// belongs to the caller, then credits it through the same idempotent
// database function as the webhook. Nothing in the request is trusted but
// the session id, and a session of another owner looks like no session.
import { PROCESS_PAYMENT_ERRORS } from '../../../domain/functions.ts'
import { creditPurchase } from '../_shared/credits.ts'
import { ownerFunction } from '../_shared/handler.ts'
import { readJsonObject } from '../_shared/http.ts'
import { createPaymentProvider, isOwnSession, purchaseOf } from '../_shared/payments.ts'
import { createServiceClient } from '../_shared/supabase.ts'

/** Stripe's ids (cs_test_…, cs_live_…) and the local provider's (cs_local_…). */
const SESSION_ID = /^[A-Za-z0-9_]{1,255}$/

const NAME = 'process-payment-manual'

Deno.serve(
  ownerFunction({ name: NAME, errors: PROCESS_PAYMENT_ERRORS }, async (req, { user }, { ok, fail }) => {
    const body = await readJsonObject(req)
    const sessionId = body?.session_id
    if (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId)) return fail('invalid_request', 400)

    const db = createServiceClient()
    const provider = createPaymentProvider({ db })
    const session = await provider.retrieveSession(sessionId)
    if (!session || session.userId !== user.id || !(await isOwnSession(db, provider.name, session))) return fail('session_not_found', 404)
    const check = purchaseOf(provider.name, session)
    if (!check.ok) {
      if (check.error === 'payment_mismatch') console.error(`${NAME}: session ${sessionId} not credited: ${check.detail}`)
      return fail(check.error, 409)
    }
    const result = await creditPurchase(db, check.purchase)
    if (result.status === 'mismatch') {
      console.error(`${NAME}: session ${sessionId} is recorded for another owner, package or provider`)
      return fail('payment_mismatch', 409)
    }
    if (result.status === 'not_creditable') {
      console.error(`${NAME}: session ${sessionId} is paid at the provider, but its payment expired or failed; not credited`)
      return fail('payment_closed', 409)
    }
    return ok({ status: result.status, credits_added: result.credits_added, balance: result.balance })
  }),
)
