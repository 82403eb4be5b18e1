// Starts the purchase of a credit package for the signed-in owner: a checkout
// session at the payment provider, recorded as an open payment. The buyer is
// the user of the access token, the package comes from the price id alone
// (its amount never from the client), and the provider may only send the
// buyer back to the app's own origins.
import { CHECKOUT_ERRORS } from '../../../domain/functions.ts'
import { MissingEnvError } from '../_shared/env.ts'
import { ownerFunction } from '../_shared/handler.ts'
import { readJsonObject } from '../_shared/http.ts'
import { allowedOrigins, createPaymentProvider, PAYMENT_CURRENCY, planForCheckout, PLAN_PAYMENT_MODE, returnUrl } from '../_shared/payments.ts'
import { RATE_LIMITS, rateCheck, retryAfter, takeRateLimits } from '../_shared/rate-limits.ts'
import { createServiceClient } from '../_shared/supabase.ts'

Deno.serve(
  ownerFunction({ name: 'create-checkout-session', errors: CHECKOUT_ERRORS }, async (req, { user }, { ok, fail }) => {
    const body = await readJsonObject(req)
    if (!body) return fail('invalid_request', 400)
    if (body.mode !== undefined && body.mode !== PLAN_PAYMENT_MODE) return fail('invalid_request', 400)
    const found = planForCheckout(body.price_id)
    if ('error' in found) return fail(found.error, 400)
    const origins = allowedOrigins()
    if (!origins.length) throw new MissingEnvError('SITE_URL')
    const successUrl = returnUrl(body.success_url, origins)
    const cancelUrl = returnUrl(body.cancel_url, origins)
    if (!successUrl || !cancelUrl) return fail('invalid_redirect_url', 400)

    const db = createServiceClient()
    const taken = await takeRateLimits(db, [rateCheck(RATE_LIMITS.checkoutOwnerHourly, `checkout:owner:${user.id}`)])
    if (!taken.allowed) return fail('rate_limited', 429, ...retryAfter(taken.retryAfter))

    const provider = createPaymentProvider({ db })
    const plan = found.plan
    const session = await provider.createCheckout({ userId: user.id, email: user.email, plan, successUrl, cancelUrl })
    const { error: insertError } = await db.from('payments').insert({
      user_id: user.id,
      provider: provider.name,
      provider_session_id: session.id,
      price_id: plan.providerPriceId,
      credits: plan.messages,
      amount: plan.priceCents,
      currency: PAYMENT_CURRENCY,
      status: 'open',
      success_url: successUrl,
      cancel_url: cancelUrl,
    })
    if (insertError) throw insertError
    return ok({ url: session.url, session_id: session.id })
  }),
)
