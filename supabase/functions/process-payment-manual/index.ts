// The payment return page's fallback when the webhook has not credited a
// purchase yet: asks the provider itself whether the session is paid and
// belongs to the caller, then credits it through the same idempotent
// database function as the webhook. Nothing in the request is trusted but
// the session id, and a session of another owner looks like no session.
import { preflight } from '../_shared/cors.ts'
import { creditPurchase } from '../_shared/credits.ts'
import { jsonResponse, readJsonObject } from '../_shared/http.ts'
import { createPaymentProvider, isOwnSession, PaymentConfigError, PaymentProviderError, purchaseOf } from '../_shared/payments.ts'
import { isRefusal, verifiedOwner } from '../_shared/owner.ts'
import { createServiceClient } from '../_shared/supabase.ts'

type ProcessPaymentError =
  | 'unauthorized'
  | 'phone_not_verified'
  | 'invalid_request'
  | 'session_not_found'
  | 'payment_not_completed'
  | 'payment_mismatch'
  | 'payment_closed'
  | 'provider_error'
  | 'server_error'

/** Stripe's ids (cs_test_…, cs_live_…) and the local provider's (cs_local_…). */
const SESSION_ID = /^[A-Za-z0-9_]{1,255}$/

const fail = (error: ProcessPaymentError, status: number) => jsonResponse({ success: false, error }, status)

Deno.serve(async (req) => {
  const pre = preflight(req)
  if (pre) return pre
  if (req.method !== 'POST') return fail('invalid_request', 405)
  try {
    const owner = await verifiedOwner(req)
    if (isRefusal(owner)) return fail(owner.error, owner.status)
    const { user } = owner

    const body = await readJsonObject(req)
    const sessionId = body?.session_id
    if (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId)) return fail('invalid_request', 400)

    const db = createServiceClient()
    const provider = createPaymentProvider({ db })
    const session = await provider.retrieveSession(sessionId)
    if (!session || session.userId !== user.id || !(await isOwnSession(db, provider.name, session))) return fail('session_not_found', 404)
    const check = purchaseOf(provider.name, session)
    if (!check.ok) {
      if (check.error === 'payment_mismatch') console.error(`process-payment-manual: session ${sessionId} not credited: ${check.detail}`)
      return fail(check.error, 409)
    }
    const result = await creditPurchase(db, check.purchase)
    if (result.status === 'mismatch') {
      console.error(`process-payment-manual: session ${sessionId} is recorded for another owner, package or provider`)
      return fail('payment_mismatch', 409)
    }
    if (result.status === 'not_creditable') {
      console.error(`process-payment-manual: session ${sessionId} is paid at the provider, but its payment expired or failed; not credited`)
      return fail('payment_closed', 409)
    }
    return jsonResponse({
      success: true,
      error: null,
      status: result.status,
      credits_added: result.credits_added,
      balance: result.balance,
    })
  } catch (e) {
    if (e instanceof PaymentProviderError) {
      console.error('process-payment-manual: payment provider failed:', e.message)
      return fail('provider_error', 502)
    }
    if (e instanceof PaymentConfigError) console.error(`process-payment-manual: ${e.code}: ${e.message}`)
    else console.error('process-payment-manual failed:', e)
    return fail('server_error', 500)
  }
})
