// The sign-up form's one question before an account exists: does an account
// already hold this number? Answered to anyone with the anon key, so it is
// an oracle of which numbers are customers of the product; the answer is
// only yes or no, and each client address may ask a limited number of times
// (RATE_LIMITS.phoneCheckAddress) before it is told to wait. The database
// function behind it (phone_number_exists) is the service role's alone.
import { CHECK_PHONE_ERRORS } from '../../../domain/functions.ts'
import { addressGroup, clientAddress } from '../_shared/client-address.ts'
import { phoneFunction } from '../_shared/phone-body.ts'
import { RATE_LIMITS, rateCheck, retryAfter, takeRateLimits } from '../_shared/rate-limits.ts'
import { createServiceClient } from '../_shared/supabase.ts'

Deno.serve(
  phoneFunction({ name: 'check-phone', errors: CHECK_PHONE_ERRORS }, async (req, { phone }, { ok, fail }) => {
    const db = createServiceClient()
    const address = clientAddress(req)
    // Without an address every caller shares one count: slower for all, never open.
    const key = `phone-check:address:${address ? addressGroup(address) : 'unknown'}`
    const taken = await takeRateLimits(db, [rateCheck(RATE_LIMITS.phoneCheckAddress, key)])
    if (!taken.allowed) return fail('rate_limited', 429, ...retryAfter(taken.retryAfter))

    const { data, error } = await db.rpc('phone_number_exists', { p_phone_number: phone })
    if (error) throw error
    return ok({ exists: data === true })
  }),
)
