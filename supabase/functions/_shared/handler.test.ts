// The frame of supabase/functions/_shared/handler.ts, without a stack: what
// every function answers before and after its own code runs. The owner check
// runs against a stack in functions.suite.test.ts and tests/integration.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PaymentProviderError } from './payments.ts'
import { corsHeaders } from './cors.ts'
import { ProviderConfigError } from './deployment.ts'
import { publicFunction } from './handler.ts'

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
