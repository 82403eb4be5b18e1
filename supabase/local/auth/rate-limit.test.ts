// GoTrue's per-address limits with the Supabase CLI's defaults: 30 password
// sign-ins plus sign-ups and 150 refreshes per 5 minutes, answered with 429
// `over_request_rate_limit`, which supabase-js surfaces as an AuthApiError.
import { isAuthApiError } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DEFAULT_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS, DEFAULT_AUTH_RATE_LIMIT_TOKEN_REFRESH, loadConfig } from '../config.ts'
import { startAuthHarness, type AuthHarness } from './auth.suite.test.ts'
import { createRateLimiter } from './rate-limit.ts'

const PASSWORD = 'correct-horse-1'
const DEFAULT_LIMITS = {
  authRateLimitSignInSignUps: DEFAULT_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS,
  authRateLimitTokenRefresh: DEFAULT_AUTH_RATE_LIMIT_TOKEN_REFRESH,
}

describe('the rate limiter', () => {
  it('lets a burst of N through per address, then one request per 5 min / N', () => {
    let now = 1_000_000
    const limiter = createRateLimiter(30, () => now)
    for (let i = 0; i < 30; i++) expect(limiter.take('203.0.113.7')).toEqual({ ok: true })
    expect(limiter.take('203.0.113.7')).toEqual({ ok: false, retryAfterSeconds: 10 })
    // Another address has a budget of its own.
    expect(limiter.take('198.51.100.1')).toEqual({ ok: true })
    now += 9_000
    expect(limiter.take('203.0.113.7')).toMatchObject({ ok: false })
    now += 1_100
    expect(limiter.take('203.0.113.7')).toEqual({ ok: true })
    expect(limiter.take('203.0.113.7')).toMatchObject({ ok: false })
    now += 5 * 60 * 1000
    for (let i = 0; i < 30; i++) expect(limiter.take('203.0.113.7')).toEqual({ ok: true })
    expect(limiter.take('203.0.113.7')).toMatchObject({ ok: false })
  })

  it('takes its numbers from the environment, with the CLI defaults', () => {
    expect(loadConfig({})).toMatchObject({ authRateLimitSignInSignUps: 30, authRateLimitTokenRefresh: 150 })
    expect(loadConfig({ AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '5', AUTH_RATE_LIMIT_TOKEN_REFRESH: '7' })).toMatchObject({
      authRateLimitSignInSignUps: 5,
      authRateLimitTokenRefresh: 7,
    })
    expect(() => loadConfig({ AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '0' })).toThrow(/AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS/)
    expect(() => loadConfig({ AUTH_RATE_LIMIT_TOKEN_REFRESH: 'lots' })).toThrow(/AUTH_RATE_LIMIT_TOKEN_REFRESH/)
  })
})

describe('auth rate limits on PGlite, with the defaults', () => {
  let h: AuthHarness
  beforeAll(async () => {
    // The clock stands still, so a slow machine cannot refill a budget mid-test.
    vi.useFakeTimers({ toFake: ['Date'] })
    h = await startAuthHarness({ kind: 'memory' }, { config: DEFAULT_LIMITS })
  })
  afterAll(async () => {
    vi.useRealTimers()
    await h?.close()
  })

  it('answers sign-ins past 30 in 5 minutes from one address with 429 over_request_rate_limit, and sign-ups share that budget', async () => {
    const email = `limited-${Date.now().toString(36)}@example.com`
    const signedUp = await h.client().auth.signUp({ email, password: PASSWORD })
    expect(signedUp.error).toBeNull()
    const refreshToken = signedUp.data.session!.refresh_token

    const outcomes = []
    for (let i = 0; i < 50; i++) outcomes.push(await h.client().auth.signInWithPassword({ email, password: PASSWORD }))
    // The sign-up spent one of the 30.
    const passed = outcomes.filter((o) => o.error === null)
    expect(passed).toHaveLength(29)
    expect(outcomes.slice(0, 29).every((o) => o.error === null && o.data.session)).toBe(true)
    for (const { error, data } of outcomes.slice(29)) {
      expect(isAuthApiError(error)).toBe(true)
      expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' })
      expect(data.session).toBeNull()
    }

    const raw = await h.request('/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email, password: PASSWORD }) })
    expect(raw.status).toBe(429)
    expect(await raw.json()).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' })
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(raw.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    const legacy = await h.request('/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email, password: PASSWORD }),
      apiVersion: false,
    })
    expect(legacy.status).toBe(429)
    expect(await legacy.json()).toEqual({ code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' })

    const another = await h.client().auth.signUp({ email: `second-${email}`, password: PASSWORD })
    expect(another.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
    const { rows } = await h.db.query('select 1 from auth.users where email = $1', [`second-${email}`])
    expect(rows).toHaveLength(0)

    // Refreshes have a budget of their own.
    const refreshed = await h.client().auth.refreshSession({ refresh_token: refreshToken })
    expect(refreshed.error).toBeNull()
  })

  it('answers refreshes past 150 in 5 minutes from one address with 429', async () => {
    // A stack of its own: the test before spent a refresh of this address's budget.
    const limited = await startAuthHarness({ kind: 'memory' }, { config: DEFAULT_LIMITS })
    try {
      const email = `refresher-${Date.now().toString(36)}@example.com`
      const signedUp = await limited.client().auth.signUp({ email, password: PASSWORD })
      let token = signedUp.data.session!.refresh_token
      const statuses: number[] = []
      for (let i = 0; i < 160; i++) {
        const res = await limited.request('/token?grant_type=refresh_token', {
          method: 'POST',
          body: JSON.stringify({ refresh_token: token }),
        })
        statuses.push(res.status)
        const body = (await res.json()) as { refresh_token?: string; code?: string }
        if (res.status === 200) token = body.refresh_token!
        else expect(body.code).toBe('over_request_rate_limit')
      }
      expect(statuses.slice(0, 150).every((s) => s === 200)).toBe(true)
      expect(statuses.slice(150).every((s) => s === 429)).toBe(true)
      // Sign-ins are counted apart.
      expect((await limited.client().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull()
      const viaClient = await limited.client().auth.refreshSession({ refresh_token: token })
      expect(viaClient.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
    } finally {
      await limited.close()
    }
  })
})
