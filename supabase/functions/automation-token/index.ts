// The owner's automation access, for the signed-in owner of the access token
// (ownerFunction): `{action, password?}`.
//   create   mints the automation token (a new one replaces the old), shown
//            in this answer only;
//   share    lets the automation read the WhatsApp access token
//            (GET automation-webhook);
//   unshare  stops that.
// `create` and `share` hand something lasting to whoever holds the session,
// so they take the account password again: a stolen session alone mints
// nothing and unlocks nothing. Turning sharing off (and revoking the token,
// the owner's RPC) only takes access away, so it needs no password.
// Every answer carries the resulting `status` (AutomationAccessStatus).
import {
  AUTOMATION_TOKEN_ACTIONS, AUTOMATION_TOKEN_ERRORS, isCode, type AutomationAccessStatus, type AutomationTokenError,
} from '../../../domain/functions.ts'
import type { SupabaseClient } from '@supabase/supabase-js'
import { ownerFunction, type Answers } from '../_shared/handler.ts'
import { readJsonObject } from '../_shared/http.ts'
import { RATE_LIMITS, rateCheck, releaseRateLimits, retryAfter, takeRateLimits } from '../_shared/rate-limits.ts'
import { createServiceClient } from '../_shared/supabase.ts'

/** Far above any password GoTrue would have taken; bcrypt reads 72 bytes of it anyway. */
const PASSWORD_MAX = 1024

Deno.serve(
  ownerFunction({ name: 'automation-token', errors: AUTOMATION_TOKEN_ERRORS }, async (req, { user }, answer) => {
    const body = await readJsonObject(req)
    const action = body?.action
    if (!isCode(AUTOMATION_TOKEN_ACTIONS, action)) return answer.fail('invalid_request', 400)
    const db = createServiceClient()

    if (action === 'unshare') return answer.ok({ status: await setSharing(db, user.id, false) })

    const password = body?.password
    if (typeof password !== 'string' || password === '' || password.length > PASSWORD_MAX) return answer.fail('invalid_request', 400)
    const refused = await confirmPassword(db, user.id, password, answer)
    if (refused) return refused

    if (action === 'share') return answer.ok({ status: await setSharing(db, user.id, true) })
    const made = await db.rpc('issue_automation_token', { p_user_id: user.id })
    if (made.error) throw made.error
    const { token, created_at } = made.data as { token: string; created_at: string }
    return answer.ok({ token, created_at, status: await status(db, user.id) })
  }),
)

/**
 * Null when `password` is the account's; else the refusal. Every attempt is
 * counted before the comparison (RATE_LIMITS.passwordConfirmation), so
 * guessing stays slow; a right one is given back, so an owner who confirms
 * a few times in a row is never locked out by it.
 */
async function confirmPassword(
  db: SupabaseClient,
  userId: string,
  password: string,
  { fail }: Answers<AutomationTokenError>,
): Promise<Response | null> {
  const check = rateCheck(RATE_LIMITS.passwordConfirmation, `password:${userId}`)
  const taken = await takeRateLimits(db, [check])
  if (!taken.allowed) return fail('rate_limited', 429, ...retryAfter(taken.retryAfter))
  const { data, error } = await db.rpc('check_owner_password', { p_user_id: userId, p_password: password })
  if (error) throw error
  if (data !== true) return fail('invalid_password', 403)
  await releaseRateLimits(db, [check], taken.at)
  return null
}

async function setSharing(db: SupabaseClient, userId: string, share: boolean): Promise<AutomationAccessStatus> {
  const { data, error } = await db.rpc('set_automation_sharing', { p_user_id: userId, p_share: share })
  if (error) throw error
  return data as AutomationAccessStatus
}

async function status(db: SupabaseClient, userId: string): Promise<AutomationAccessStatus> {
  const { data, error } = await db.rpc('automation_status', { p_user_id: userId })
  if (error) throw error
  return data as AutomationAccessStatus
}
