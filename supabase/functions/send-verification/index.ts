// Sends a 6-digit code by SMS to a registered, not yet verified number.
// Called with the anon key before the owner has finished signing up, so it
// trusts nothing but the phone number, and limits how often a number can be
// texted: at most one code a minute and five an hour, counted server-side.
import { preflight } from '../_shared/cors.ts'
import { jsonResponse, readJsonObject } from '../_shared/http.ts'
import { createMessageLog } from '../_shared/message-log.ts'
import { isTurkishPhone } from '../_shared/phone.ts'
import {
  CODE_TTL_SECONDS,
  generateCode,
  hashCode,
  MAX_SENDS_PER_HOUR,
  REDACTED_VERIFICATION_MESSAGE,
  RESEND_INTERVAL_SECONDS,
  verificationMessage,
  verificationSecret,
  type VerificationError,
} from '../_shared/phone-verification.ts'
import { createSmsProvider } from '../_shared/sms.ts'
import { createServiceClient } from '../_shared/supabase.ts'

type Row = { id: string; created_at: string }

const HOUR_MS = 60 * 60 * 1000
/** Old codes are useless after their hour of rate limiting; each send sweeps its number's. */
const KEEP_MS = 24 * HOUR_MS

const fail = (error: VerificationError, status: number, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  jsonResponse({ success: false, error, ...extra }, status, headers)

const rateLimited = (retryAfterMs: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000))
  return fail('rate_limited', 429, { retry_after: seconds }, { 'Retry-After': String(seconds) })
}

Deno.serve(async (req) => {
  const pre = preflight(req)
  if (pre) return pre
  if (req.method !== 'POST') return fail('invalid_request', 405)
  try {
    const body = await readJsonObject(req)
    if (!body) return fail('invalid_request', 400)
    const phone = typeof body.phoneNumber === 'string' ? body.phoneNumber.trim() : body.phoneNumber
    if (!isTurkishPhone(phone)) return fail('invalid_phone', 400)

    const db = createServiceClient()
    // Only numbers that belong to an account get texts: the anon key is
    // public, and an open SMS sender is an invitation to toll fraud.
    const user = await db.from('users').select('id, phone_verified').eq('phone_number', phone).maybeSingle()
    if (user.error) throw user.error
    if (!user.data) return fail('phone_not_registered', 400)
    if (user.data.phone_verified) return fail('already_verified', 400)

    const code = generateCode()
    const inserted = await db
      .from('phone_verifications')
      .insert({
        phone_number: phone,
        code_hash: await hashCode(verificationSecret(), phone, code),
        expires_at: new Date(Date.now() + CODE_TTL_SECONDS * 1000).toISOString(),
      })
      .select('id, created_at')
      .single()
    if (inserted.error) throw inserted.error
    const mine = inserted.data as Row
    const discard = async () => {
      const { error } = await db.from('phone_verifications').delete().eq('id', mine.id)
      if (error) throw error
    }

    // Counted after inserting, on the database's clock and in one total
    // order, so two requests racing for the same number cannot both pass.
    const mineAt = Date.parse(mine.created_at)
    const recent = await db
      .from('phone_verifications')
      .select('id, created_at')
      .eq('phone_number', phone)
      .gte('created_at', new Date(mineAt - HOUR_MS).toISOString())
      .order('created_at', { ascending: true })
      .order('id', { ascending: true })
    if (recent.error) throw recent.error
    const rows = recent.data as Row[]
    const earlier = rows.slice(0, Math.max(0, rows.findIndex((r) => r.id === mine.id)))
    const previous = earlier.at(-1)
    if (previous && mineAt - Date.parse(previous.created_at) < RESEND_INTERVAL_SECONDS * 1000) {
      await discard()
      return rateLimited(Date.parse(previous.created_at) + RESEND_INTERVAL_SECONDS * 1000 - mineAt)
    }
    if (earlier.length >= MAX_SENDS_PER_HOUR) {
      await discard()
      return rateLimited(Date.parse(earlier[earlier.length - MAX_SENDS_PER_HOUR]!.created_at) + HOUR_MS - mineAt)
    }

    // No user id on the message: the owner can read their own message log,
    // and must not find the code there without holding the phone.
    const sms = createSmsProvider({ log: createMessageLog(db) })
    const sent = await sms.send(phone, verificationMessage(code), { logBody: REDACTED_VERIFICATION_MESSAGE })
    if (sent.status === 'failed') {
      console.error('send-verification: SMS provider failed:', sent.error)
      await discard()
      return fail('sms_failed', 502)
    }

    const swept = await db
      .from('phone_verifications')
      .delete()
      .eq('phone_number', phone)
      .lt('created_at', new Date(mineAt - KEEP_MS).toISOString())
    if (swept.error) console.error('send-verification: could not remove old codes:', swept.error.message)

    return jsonResponse({ success: true, error: null, expires_in: CODE_TTL_SECONDS, retry_after: RESEND_INTERVAL_SECONDS })
  } catch (e) {
    console.error('send-verification failed:', e)
    return fail('server_error', 500)
  }
})
