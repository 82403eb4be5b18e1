// The frame of the endpoints an owner's external automation calls
// (automation-webhook, products-api, user-api, each at /{name}/{userId}).
// A user id alone opens nothing: the caller must present the owner's
// automation token (migration 20261122001900_automation.sql), which the
// database compares by its SHA-256. Rate-limited per client address before
// the token is looked at (so guessing is slow) and per owner after (so a
// leaked token cannot run up the owner's bill faster than a person could).
import { AUTOMATION_ERRORS, type AutomationError } from '../../../domain/functions.ts'
import { clientAddress } from './client-address.ts'
import { readEnv } from './env.ts'
import { publicFunction, type Answers, type Handler } from './handler.ts'
import { limitSetting } from './phone-verification.ts'
import { bearerToken, createServiceClient } from './supabase.ts'
import type { SupabaseClient } from '@supabase/supabase-js'

/** Calls a minute from one address, to any owner (AUTOMATION_ADDRESS_LIMIT_PER_MINUTE). */
export const DEFAULT_ADDRESS_LIMIT_PER_MINUTE = 120
/** Calls a minute for one owner (AUTOMATION_OWNER_LIMIT_PER_MINUTE): far above a shop's message rate. */
export const DEFAULT_OWNER_LIMIT_PER_MINUTE = 60

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const TOKEN = /^sat_[0-9a-f]{64}$/

export type AutomationCall = { ownerId: string; db: SupabaseClient }

export function automationFunction(
  name: string,
  methods: readonly ('GET' | 'POST')[],
  handle: (req: Request, call: AutomationCall, answer: Answers<AutomationError>) => Promise<Response>,
): Handler {
  return publicFunction({ name, errors: AUTOMATION_ERRORS, methods }, async (req, answer) => {
    const db = createServiceClient()
    const address = clientAddress(req)
    const byAddress = await reserve(db, answer, [address ? `address:${address}` : null], limitSetting(readEnv, 'AUTOMATION_ADDRESS_LIMIT_PER_MINUTE', DEFAULT_ADDRESS_LIMIT_PER_MINUTE))
    if (byAddress) return byAddress

    const ownerId = new URL(req.url).pathname.split('/').filter(Boolean)[1] ?? ''
    const token = bearerToken(req)
    if (!UUID.test(ownerId) || !token || !TOKEN.test(token)) return answer.fail('unauthorized', 401)
    const valid = await db.rpc('automation_token_valid', { p_user_id: ownerId, p_token: token })
    if (valid.error) throw valid.error
    if (valid.data !== true) return answer.fail('unauthorized', 401)

    const byOwner = await reserve(db, answer, [`owner:${ownerId}`], limitSetting(readEnv, 'AUTOMATION_OWNER_LIMIT_PER_MINUTE', DEFAULT_OWNER_LIMIT_PER_MINUTE))
    if (byOwner) return byOwner
    return handle(req, { ownerId, db }, answer)
  })
}

async function reserve(db: SupabaseClient, answer: Answers<AutomationError>, keys: (string | null)[], limit: number): Promise<Response | null> {
  if (keys.every((k) => k === null)) return null
  const { data, error } = await db.rpc('reserve_automation_request', { p_keys: keys, p_limit: limit })
  if (error) throw error
  const result = data as { allowed: boolean; retry_after?: number }
  if (result.allowed) return null
  const seconds = result.retry_after ?? 60
  return answer.fail('rate_limited', 429, { retry_after: seconds }, { 'Retry-After': String(seconds) })
}
