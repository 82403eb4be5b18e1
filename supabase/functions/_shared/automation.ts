// The frame of the endpoints an owner's external automation calls
// (automation-webhook, products-api, user-api, each at /{name}/{userId}).
// A user id alone opens nothing: the caller must present the owner's
// automation token (migration 20261122001900_automation.sql), which the
// database compares by its SHA-256. Rate-limited per client address before
// the token is looked at (so guessing is slow) and per owner after (so a
// leaked token cannot run up the owner's bill faster than a person could).
import { AUTOMATION_ERRORS, type AutomationError } from '../../../domain/functions.ts'
import { addressGroup, clientAddress } from './client-address.ts'
import { publicFunction, type Answers, type Handler } from './handler.ts'
import { RATE_LIMITS, rateCheck, retryAfter, takeRateLimits, type RateCheck } from './rate-limits.ts'
import { bearerToken, createServiceClient } from './supabase.ts'
import type { SupabaseClient } from '@supabase/supabase-js'
import { isUuid } from '../../../domain/ids.ts'

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
    if (address) {
      const byAddress = await limited(db, answer, rateCheck(RATE_LIMITS.automationAddress, `automation:address:${addressGroup(address)}`))
      if (byAddress) return byAddress
    }

    const ownerId = new URL(req.url).pathname.split('/').filter(Boolean)[1] ?? ''
    const token = bearerToken(req)
    if (!isUuid(ownerId) || !token || !TOKEN.test(token)) return answer.fail('unauthorized', 401)
    const valid = await db.rpc('automation_token_valid', { p_user_id: ownerId, p_token: token })
    if (valid.error) throw valid.error
    if (valid.data !== true) return answer.fail('unauthorized', 401)

    const byOwner = await limited(db, answer, rateCheck(RATE_LIMITS.automationOwner, `automation:owner:${ownerId}`))
    if (byOwner) return byOwner
    return handle(req, { ownerId, db }, answer)
  })
}

async function limited(db: SupabaseClient, answer: Answers<AutomationError>, check: RateCheck): Promise<Response | null> {
  const taken = await takeRateLimits(db, [check])
  return taken.allowed ? null : answer.fail('rate_limited', 429, ...retryAfter(taken.retryAfter))
}
