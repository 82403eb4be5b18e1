// Per-address limits on the endpoints that check passwords or mint sessions,
// with the Supabase CLI's `[auth.rate_limit]` defaults: password sign-ins and
// sign-ups share one budget (`sign_in_sign_ups`, 30 per 5 minutes), refresh
// grants have their own (`token_refresh`, 150 per 5 minutes). Each budget is
// a token bucket per client address holding the configured number and
// refilled at that number per 5 minutes, so a burst of N passes and then one
// request per 5 min / N. Counted in memory, per process, as GoTrue does.
import type { Context } from 'hono'
import type { StackConfig } from '../config.ts'
import { clientAddress } from '../client-address.ts'
import { AuthHttpError } from './errors.ts'

const WINDOW_MS = 5 * 60 * 1000
/** Past this many tracked addresses, the ones whose bucket is full again are forgotten. */
const PRUNE_AT = 10_000

export type RateLimiter = {
  /** Spends one request of `key`'s budget; the seconds to wait when there is none left. */
  take(key: string): { ok: true } | { ok: false; retryAfterSeconds: number }
}

export function createRateLimiter(perFiveMinutes: number, now: () => number = () => Date.now()): RateLimiter {
  const capacity = perFiveMinutes
  const perMs = perFiveMinutes / WINDOW_MS
  const buckets = new Map<string, { tokens: number; at: number }>()
  const level = (b: { tokens: number; at: number }, t: number) => Math.min(capacity, b.tokens + (t - b.at) * perMs)

  const prune = (t: number) => {
    for (const [key, b] of buckets) if (level(b, t) >= capacity) buckets.delete(key)
  }

  return {
    take(key) {
      const t = now()
      if (buckets.size >= PRUNE_AT) prune(t)
      const b = buckets.get(key)
      const tokens = b ? level(b, t) : capacity
      if (tokens < 1) {
        buckets.set(key, { tokens, at: t })
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)) }
      }
      buckets.set(key, { tokens: tokens - 1, at: t })
      return { ok: true }
    },
  }
}

export type AuthRateLimits = { signInSignUps: RateLimiter; tokenRefresh: RateLimiter }

export function createAuthRateLimits(config: Pick<StackConfig, 'authRateLimitSignInSignUps' | 'authRateLimitTokenRefresh'>): AuthRateLimits {
  return {
    signInSignUps: createRateLimiter(config.authRateLimitSignInSignUps),
    tokenRefresh: createRateLimiter(config.authRateLimitTokenRefresh),
  }
}

/** GoTrue's answer past a limit: 429 `over_request_rate_limit`, here with Retry-After. */
export function enforceRateLimit(limiter: RateLimiter, c: Context): void {
  const outcome = limiter.take(clientAddress(c))
  if (outcome.ok) return
  throw new AuthHttpError(429, 'over_request_rate_limit', 'Request rate limit reached', {
    headers: { 'Retry-After': String(outcome.retryAfterSeconds) },
  })
}
