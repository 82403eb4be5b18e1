// Sends a 6-digit code by SMS to a registered, not yet verified number.
// Called with the anon key before the owner has finished signing up, so it
// trusts nothing but the phone number, and every text is reserved in the
// database against limits per number, per account, per client address and
// for the whole project (reserve_phone_verification), so neither one number
// nor one account nor one client can turn it into an SMS cannon.
import { PHONE_CODE_RESEND_SECONDS, SEND_VERIFICATION_ERRORS } from '../../../domain/functions.ts'
import { addressGroup, clientAddress } from '../_shared/client-address.ts'
import { createMessageLog } from '../_shared/message-log.ts'
import { phoneFunction, unverifiedAccount } from '../_shared/phone-body.ts'
import {
  CODE_TTL_SECONDS,
  generateCode,
  hashCode,
  REDACTED_VERIFICATION_MESSAGE,
  verificationMessage,
  verificationSecret,
} from '../_shared/phone-verification.ts'
import { RATE_LIMITS, rateCheck, releaseRateLimits, retryAfter, type RateCheck } from '../_shared/rate-limits.ts'
import { createSmsProvider } from '../_shared/sms.ts'
import { createServiceClient } from '../_shared/supabase.ts'

type Reservation =
  | { id: string; created_at: string; error: null }
  | { id: null; allowed: false; error: 'rate_limited'; retry_after: number; limit: 'number' | 'account' | 'address' | 'global' }

/** Per number, per account, per client address and for the whole project (rate-limits.ts). */
function verificationLimits(phone: string, userId: string, address: string | null): RateCheck[] {
  const L = RATE_LIMITS
  return [
    rateCheck(L.verificationNumber, `verification:number:${phone}`),
    rateCheck(L.verificationNumberHourly, `verification:number:${phone}`),
    rateCheck(L.verificationAccountHourly, `verification:account:${userId}`),
    rateCheck(L.verificationAccountDaily, `verification:account:${userId}`),
    ...(address ? [rateCheck(L.verificationAddressHourly, `verification:address:${addressGroup(address)}`)] : []),
    rateCheck(L.verificationGlobalHourly, 'verification:global'),
  ]
}

/** Old codes are useless after a day of rate limiting; each send sweeps its number's. */
const KEEP_MS = 24 * 60 * 60 * 1000

Deno.serve(
  phoneFunction({ name: 'send-verification', errors: SEND_VERIFICATION_ERRORS }, async (req, { phone }, { ok, fail }) => {
    const db = createServiceClient()
    // Chosen before anything is reserved: a deployment that cannot send says so.
    const sms = createSmsProvider({ log: createMessageLog(db) })
    // Only numbers that belong to an account get texts: the anon key is
    // public, and an open SMS sender is an invitation to toll fraud.
    const account = await unverifiedAccount(db, phone)
    if (typeof account === 'string') return fail(account, 400)

    const code = generateCode()
    const address = clientAddress(req)
    const limits = verificationLimits(phone, account.id, address)
    const reserved = await db.rpc('reserve_phone_verification', {
      p_phone_number: phone,
      p_user_id: account.id,
      p_client_address: address,
      p_code_hash: await hashCode(verificationSecret(), phone, code),
      p_expires_at: new Date(Date.now() + CODE_TTL_SECONDS * 1000).toISOString(),
      p_limits: limits,
    })
    if (reserved.error) throw reserved.error
    const reservation = reserved.data as Reservation
    if (reservation.error) {
      if (reservation.limit === 'global') console.error('send-verification: the project-wide hourly limit of verification texts is reached')
      return fail('rate_limited', 429, ...retryAfter(reservation.retry_after))
    }

    // No user id on the message: the owner can read their own message log,
    // and must not find even the redacted line there without holding the phone.
    const sent = await sms.send(phone, verificationMessage(code), { logBody: REDACTED_VERIFICATION_MESSAGE })
    if (sent.status === 'failed') {
      console.error('send-verification: SMS provider failed:', sent.error)
      // A text that never left does not count: the code goes, and so do its hits.
      const { error } = await db.from('phone_verifications').delete().eq('id', reservation.id)
      if (error) throw error
      await releaseRateLimits(db, limits, reservation.created_at)
      return fail('sms_failed', 502)
    }

    const swept = await db
      .from('phone_verifications')
      .delete()
      .eq('phone_number', phone)
      .lt('created_at', new Date(Date.parse(reservation.created_at) - KEEP_MS).toISOString())
    if (swept.error) console.error('send-verification: could not remove old codes:', swept.error.message)

    return ok({ expires_in: CODE_TTL_SECONDS, retry_after: PHONE_CODE_RESEND_SECONDS })
  }),
)
