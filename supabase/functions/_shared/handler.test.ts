// The frame of supabase/functions/_shared/handler.ts (and phone-body.ts's
// phoneFunction), without a stack: what
// every function answers before and after its own code runs. The owner check
// runs against a stack in functions.suite.test.ts and tests/integration.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PaymentProviderError } from './payments.ts'
import { corsHeaders } from './cors.ts'
import { ProviderConfigError } from './deployment.ts'
import { publicFunction } from './handler.ts'
import { phoneFunction } from './phone-body.ts'

const ERRORS = ['invalid_request', 'provider_not_configured', 'rate_limited', 'server_error'] as const

const post = (body: unknown = {}) => new Request('http://fn.test/x', { method: 'POST', body: JSON.stringify(body) })

async function answer(res: Response) {
  return { status: res.status, body: (await res.json()) as unknown }
}

describe('the function frame', () => {
  afterEach(() => vi.restoreAllMocks())

  it('answers a preflight with the CORS headers and refuses methods other than POST', async () => {
    const run = vi.fn()
    const handler = publicFunction({ name: 't', errors: ERRORS }, run)
    const pre = await handler(new Request('http://fn.test/x', { method: 'OPTIONS' }))
    expect(pre.status).toBe(204)
    expect(await pre.text()).toBe('')
    for (const [k, v] of Object.entries(corsHeaders)) expect(pre.headers.get(k)).toBe(v)
    expect(await answer(await handler(new Request('http://fn.test/x')))).toEqual({ status: 405, body: { success: false, error: 'invalid_request' } })
    expect(run).not.toHaveBeenCalled()
  })

  it('shapes success and refusals, with extra fields and headers', async () => {
    const ok = publicFunction({ name: 't', errors: ERRORS }, async (_req, a) => a.ok({ n: 1 }))
    const res = await ok(post())
    expect(await answer(res)).toEqual({ status: 200, body: { success: true, error: null, n: 1 } })
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(res.headers.get('access-control-allow-origin')).toBe('*')

    const limited = publicFunction({ name: 't', errors: ERRORS, refusalFields: { message_id: null } }, async (_req, a) =>
      a.fail('rate_limited', 429, { retry_after: 5 }, { 'Retry-After': '5' }),
    )
    const refused = await limited(post())
    expect(refused.headers.get('retry-after')).toBe('5')
    expect(await answer(refused)).toEqual({ status: 429, body: { success: false, error: 'rate_limited', message_id: null, retry_after: 5 } })

    const webhook = publicFunction({ name: 't', errors: ERRORS, flag: 'received' }, async (_req, a) => a.ok({ result: 'ignored' }))
    expect(await answer(await webhook(post()))).toEqual({ status: 200, body: { received: true, error: null, result: 'ignored' } })
  })

  it("answers a thrown error's own code when the function has it, else a logged server_error", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const throwing = (e: unknown) => publicFunction({ name: 'fn', errors: ERRORS }, async () => Promise.reject(e))

    expect(await answer(await throwing(new ProviderConfigError('SMS_PROVIDER', 'SMS_PROVIDER is not set'))(post()))).toEqual({
      status: 500,
      body: { success: false, error: 'provider_not_configured' },
    })
    expect(errors.mock.calls.flat().join(' ')).toContain('fn: provider_not_configured: SMS_PROVIDER is not set')

    // provider_error is not one of this function's codes.
    expect(await answer(await throwing(new PaymentProviderError('stripe', 'down', 503))(post()))).toEqual({
      status: 500,
      body: { success: false, error: 'server_error' },
    })
    expect(await answer(await throwing(new Error('boom'))(post()))).toEqual({ status: 500, body: { success: false, error: 'server_error' } })
    expect(errors).toHaveBeenLastCalledWith('fn failed:', expect.any(Error))

    const payments = publicFunction({ name: 'pay', errors: [...ERRORS, 'provider_error'] }, async () => {
      throw new PaymentProviderError('stripe', 'down', 503)
    })
    expect(await answer(await payments(post()))).toEqual({ status: 502, body: { success: false, error: 'provider_error' } })
  })
})

describe('a function of the phone step', () => {
  const PHONE_ERRORS = ['invalid_request', 'invalid_phone', 'server_error'] as const

  it('refuses a body that is no JSON object or names no Turkish mobile number, before the function runs', async () => {
    const run = vi.fn()
    const handler = phoneFunction({ name: 't', errors: PHONE_ERRORS }, run)
    const raw = new Request('http://fn.test/x', { method: 'POST', body: 'not json' })
    expect(await answer(await handler(raw))).toEqual({ status: 400, body: { success: false, error: 'invalid_request' } })
    for (const phoneNumber of [undefined, 5321234567, '+15551234567', '+90212 123 45 67', '+90532123456']) {
      expect(await answer(await handler(post({ phoneNumber })))).toEqual({ status: 400, body: { success: false, error: 'invalid_phone' } })
    }
    expect(run).not.toHaveBeenCalled()
  })

  it('hands the function the number, trimmed, and the rest of the body', async () => {
    const handler = phoneFunction({ name: 't', errors: PHONE_ERRORS }, async (_req, { body, phone }, a) => a.ok({ phone, code: body.code }))
    expect(await answer(await handler(post({ phoneNumber: ' +905321234567 ', code: '123456' })))).toEqual({
      status: 200,
      body: { success: true, error: null, phone: '+905321234567', code: '123456' },
    })
  })
})
