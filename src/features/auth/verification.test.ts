import { describe, expect, it } from 'vitest'
import {
  clearSentMarker,
  formatTurkishPhone,
  hasSentMarker,
  invokeOutcome,
  isCompleteCode,
  sanitizeCode,
  secondsLeft,
  sentMarkerKey,
  setSentMarker,
  toFunctionOutcome,
  toPhoneChangeOutcome,
} from './verification.ts'

// As functions-js builds it: the error carries the Response in `context`.
const httpError = (status: number, body: unknown) =>
  Object.assign(new Error('Edge Function returned a non-2xx status code'), {
    name: 'FunctionsHttpError',
    context: new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  })

describe('toFunctionOutcome', () => {
  it('accepts a successful reply', async () => {
    expect(await toFunctionOutcome({ data: { success: true, error: null }, error: null })).toEqual({ ok: true })
  })

  it('reads the error code, retry_after and attempts_left from a non-2xx reply', async () => {
    expect(await toFunctionOutcome({ data: null, error: httpError(429, { success: false, error: 'rate_limited', retry_after: 42 }) })).toEqual({
      ok: false,
      kind: 'rejected',
      code: 'rate_limited',
      retryAfter: 42,
    })
    expect(await toFunctionOutcome({ data: null, error: httpError(400, { success: false, error: 'invalid_code', attempts_left: 3 }) })).toEqual({
      ok: false,
      kind: 'rejected',
      code: 'invalid_code',
      attemptsLeft: 3,
    })
  })

  it('rejects without a code when the body is not JSON', async () => {
    const error = Object.assign(new Error('x'), { name: 'FunctionsHttpError', context: new Response('oops', { status: 500 }) })
    expect(await toFunctionOutcome({ data: null, error })).toEqual({ ok: false, kind: 'rejected', code: null })
  })

  it('rejects without a code an answer outside the contract: an unknown code, a gateway refusal', async () => {
    expect(await toFunctionOutcome({ data: null, error: httpError(400, { success: false, error: 'something_new' }) })).toEqual({
      ok: false,
      kind: 'rejected',
      code: null,
    })
    const gateway = httpError(401, { code: 'UNAUTHORIZED_LEGACY_JWT', message: 'Invalid JWT' })
    expect(await toFunctionOutcome({ data: null, error: gateway })).toEqual({ ok: false, kind: 'rejected', code: null })
  })

  it('rejects a 200 reply whose success is not true', async () => {
    expect(await toFunctionOutcome({ data: { success: false, error: 'code_expired' }, error: null })).toEqual({ ok: false, kind: 'rejected', code: 'code_expired' })
    expect(await toFunctionOutcome({ data: 'nope', error: null })).toEqual({ ok: false, kind: 'rejected', code: null })
  })

  it('treats fetch and relay errors, and throws, as network failures', async () => {
    const fetchError = Object.assign(new Error('Failed to send a request to the Edge Function'), { name: 'FunctionsFetchError' })
    expect(await toFunctionOutcome({ data: null, error: fetchError })).toEqual({ ok: false, kind: 'network' })
    expect(await invokeOutcome(() => Promise.reject(new TypeError('Failed to fetch')))).toEqual({ ok: false, kind: 'network' })
  })
})

describe('code entry', () => {
  it('keeps digits only, at most six', () => {
    expect(sanitizeCode(' 12a3-45 678')).toBe('123456')
    expect(sanitizeCode('abc')).toBe('')
  })

  it('accepts exactly six digits', () => {
    expect(['123456', '12345', '1234567', '12345a'].filter(isCompleteCode)).toEqual(['123456'])
  })
})

describe('secondsLeft', () => {
  it('rounds up and never goes below zero', () => {
    expect([0, 100, 59_001, 60_000, 90_000].map((now) => secondsLeft(60_000, now))).toEqual([60, 60, 1, 0, 0])
  })
})

describe('formatTurkishPhone', () => {
  it('groups a stored number for reading', () => {
    expect(formatTurkishPhone('+905321234567')).toBe('+90 532 123 45 67')
    expect(formatTurkishPhone('0532')).toBe('0532')
  })
})

describe('sent marker', () => {
  it('is set, read and cleared per user', () => {
    const map = new Map<string, string>()
    const store = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    }
    expect(hasSentMarker('u1', store)).toBe(false)
    setSentMarker('u1', store)
    expect(map.has(sentMarkerKey('u1'))).toBe(true)
    expect(hasSentMarker('u1', store)).toBe(true)
    expect(hasSentMarker('u2', store)).toBe(false)
    clearSentMarker('u1', store)
    expect(hasSentMarker('u1', store)).toBe(false)
  })

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => { throw new Error('denied') },
      setItem: () => { throw new Error('denied') },
      removeItem: () => { throw new Error('denied') },
    }
    expect(hasSentMarker('u1', broken)).toBe(false)
    expect(() => setSentMarker('u1', broken)).not.toThrow()
    expect(() => clearSentMarker('u1', broken)).not.toThrow()
  })
})

describe('changing the phone number', () => {
  it('reads the RPC answer: changed, unchanged, each refusal, and a call that was not answered', () => {
    expect(toPhoneChangeOutcome({ data: { changed: true, error: null }, error: null })).toEqual({ ok: true, changed: true })
    expect(toPhoneChangeOutcome({ data: { changed: false, error: null }, error: null })).toEqual({ ok: true, changed: false })
    for (const code of ['unauthorized', 'invalid_phone', 'phone_taken'] as const) {
      expect(toPhoneChangeOutcome({ data: { changed: false, error: code }, error: null })).toEqual({ ok: false, code })
    }
    expect(toPhoneChangeOutcome({ data: { changed: false, error: 'rate_limited', retry_after: 3600 }, error: null })).toEqual({
      ok: false, code: 'rate_limited', retryAfter: 3600,
    })
    expect(toPhoneChangeOutcome({ data: { changed: false, error: 'something_new' }, error: null })).toEqual({ ok: false, code: 'server_error' })
    expect(toPhoneChangeOutcome({ data: null, error: { message: 'fetch failed' } })).toEqual({ ok: false, code: 'network' })
    expect(toPhoneChangeOutcome({ data: null, error: null })).toEqual({ ok: false, code: 'server_error' })
  })
})
