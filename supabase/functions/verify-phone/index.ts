// Checks a code sent by send-verification and marks the owner's phone as
// verified. Possession of the code is the only proof accepted: the account is
// found by the phone number the code was sent to, never by an id in the body,
// and only while it still holds that number.
import { VERIFY_PHONE_ERRORS } from '../../../domain/functions.ts'
import { secretsEqual } from '../_shared/constant-time.ts'
import { phoneFunction, unverifiedAccount } from '../_shared/phone-body.ts'
import { CODE_PATTERN, hashCode, MAX_ATTEMPTS, verificationSecret } from '../_shared/phone-verification.ts'
import { createServiceClient } from '../_shared/supabase.ts'

type Pending = { id: string; code_hash: string; expires_at: string; attempts: number }

/** Losing a race for the attempt counter is retried a few times, then reported. */
const COUNT_RETRIES = 3

Deno.serve(
  phoneFunction({ name: 'verify-phone', errors: VERIFY_PHONE_ERRORS }, async (req, { body, phone }, { ok, fail }) => {
    const code = typeof body.code === 'string' ? body.code.trim() : body.code
    if (typeof code !== 'string' || !CODE_PATTERN.test(code)) return fail('invalid_code', 400)

    const db = createServiceClient()
    const account = await unverifiedAccount(db, phone)
    if (typeof account === 'string') return fail(account, 400)

    // The attempt is counted before the code is compared, with a check that
    // nobody counted in between, so parallel guesses cannot exceed the limit.
    let pending: Pending | undefined
    for (let i = 0; i < COUNT_RETRIES && !pending; i++) {
      const latest = await db
        .from('phone_verifications')
        .select('id, code_hash, expires_at, attempts')
        .eq('phone_number', phone)
        .is('verified_at', null)
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(1)
        .maybeSingle()
      if (latest.error) throw latest.error
      const row = latest.data as Pending | null
      if (!row) return fail('code_not_found', 400)
      if (Date.parse(row.expires_at) <= Date.now()) return fail('code_expired', 400)
      if (row.attempts >= MAX_ATTEMPTS) return fail('too_many_attempts', 400)
      const counted = await db
        .from('phone_verifications')
        .update({ attempts: row.attempts + 1 })
        .eq('id', row.id)
        .eq('attempts', row.attempts)
        .select('id')
      if (counted.error) throw counted.error
      if (counted.data.length === 1) pending = { ...row, attempts: row.attempts + 1 }
    }
    if (!pending) return fail('server_error', 409)

    const hash = await hashCode(verificationSecret(), phone, code)
    if (!(await secretsEqual(hash, pending.code_hash))) {
      return fail('invalid_code', 400, { attempts_left: Math.max(0, MAX_ATTEMPTS - pending.attempts) })
    }

    const used = await db
      .from('phone_verifications')
      .update({ verified_at: new Date().toISOString() })
      .eq('id', pending.id)
      .is('verified_at', null)
      .select('id')
    if (used.error) throw used.error
    if (used.data.length !== 1) return fail('code_not_found', 400)

    // One statement, conditioned on the number the code was checked for: if
    // the account switched numbers meanwhile, nothing is marked verified.
    const verified = await db
      .from('users')
      .update({ phone_verified: true })
      .eq('id', account.id)
      .eq('phone_number', phone)
      .select('id')
    if (verified.error) throw verified.error
    if (verified.data.length !== 1) return fail('phone_not_registered', 400)

    return ok()
  }),
)
