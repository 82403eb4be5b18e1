import { describe, expect, it, vi } from 'vitest'
import { callFunction, classifyAnswer, invokeFunction, numberField, refusalCode, type FunctionRefusal } from './functions.ts'

const CODES = ['invalid_request', 'unauthorized', 'rate_limited', 'server_error'] as const

/** As functions-js builds it for a non-2xx reply: the Response in `context`. */
function httpError(status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  return Object.assign(new Error('Edge Function returned a non-2xx status code'), {
    name: 'FunctionsHttpError',
    context: new Response(text, { status, headers: { 'content-type': 'application/json' } }),
  })
}

describe('classifyAnswer', () => {
  it('is ok for a 2xx reply that says success, with its fields', async () => {
    expect(await classifyAnswer({ data: { success: true, error: null, url: 'u' }, error: null }, CODES)).toEqual({
      kind: 'ok',
      data: { success: true, error: null, url: 'u' },
    })
  })

  it("reads a refusal's code, status and fields when the code is the function's", async () => {
    expect(await classifyAnswer({ data: null, error: httpError(429, { success: false, error: 'rate_limited', retry_after: 42 }) }, CODES)).toEqual({
      kind: 'error',
      code: 'rate_limited',
      status: 429,
      body: { success: false, error: 'rate_limited', retry_after: 42 },
    })
    // A 200 that says it failed is a refusal too.
    expect(await classifyAnswer({ data: { success: false, error: 'invalid_request' }, error: null }, CODES)).toMatchObject({
      kind: 'error',
      code: 'invalid_request',
      status: null,
    })
  })

  it('reads any 401 as unauthorized, from the gateway or the function', async () => {
    const gateway = { code: 'UNAUTHORIZED_NO_AUTH_HEADER', message: 'Missing authorization header' }
    expect(await classifyAnswer({ data: null, error: httpError(401, gateway) }, CODES)).toEqual({ kind: 'unauthorized', body: gateway })
    expect(await classifyAnswer({ data: null, error: httpError(401, { success: false, error: 'unauthorized' }) }, CODES)).toMatchObject({
      kind: 'unauthorized',
    })
  })

  it('calls anything outside the contract unknown', async () => {
    expect(await classifyAnswer({ data: null, error: httpError(400, { success: false, error: 'invalid_code' }) }, CODES)).toEqual({
      kind: 'unknown',
      status: 400,
      body: { success: false, error: 'invalid_code' },
    })
    expect(await classifyAnswer({ data: null, error: httpError(502, '<html>bad gateway</html>') }, CODES)).toEqual({ kind: 'unknown', status: 502, body: null })
    expect(await classifyAnswer({ data: null, error: { name: 'FunctionsHttpError' } }, CODES)).toEqual({ kind: 'unknown', status: null, body: null })
    expect(await classifyAnswer({ data: 'ok', error: null }, CODES)).toEqual({ kind: 'unknown', status: null, body: null })
    expect(await classifyAnswer({ data: { ok: true }, error: null }, CODES)).toEqual({ kind: 'unknown', status: null, body: { ok: true } })
  })

  it('reads fetch and relay errors as never reached', async () => {
    for (const name of ['FunctionsFetchError', 'FunctionsRelayError']) {
      expect(await classifyAnswer({ data: null, error: Object.assign(new Error('x'), { name }) }, CODES), name).toEqual({ kind: 'network' })
    }
  })
})

describe('calling a function', () => {
  it('invokes it by name with a JSON body', async () => {
    const invoke = vi.fn(async () => ({ data: { success: true, error: null }, error: null }))
    const client = { functions: { invoke } } as unknown as Parameters<typeof invokeFunction>[0]
    expect(await invokeFunction(client, 'send-sms', { appointment_id: 'a1' }, CODES)).toEqual({ kind: 'ok', data: { success: true, error: null } })
    expect(invoke).toHaveBeenCalledWith('send-sms', { body: { appointment_id: 'a1' } })
  })

  it('counts a call that throws as never reached', async () => {
    expect(await callFunction(() => Promise.reject(new TypeError('Failed to fetch')), CODES)).toEqual({ kind: 'network' })
    expect(
      await callFunction(() => {
        throw new Error('the client did not load')
      }, CODES),
    ).toEqual({ kind: 'network' })
  })
})

describe('reading a refusal', () => {
  it('stands for one code: its own, unauthorized, network, or server_error for the unknown', () => {
    const cases: [FunctionRefusal<(typeof CODES)[number]>, string][] = [
      [{ kind: 'error', code: 'rate_limited', status: 429, body: {} }, 'rate_limited'],
      [{ kind: 'unauthorized', body: null }, 'unauthorized'],
      [{ kind: 'network' }, 'network'],
      [{ kind: 'unknown', status: 418, body: null }, 'server_error'],
    ]
    for (const [answer, code] of cases) expect(refusalCode(answer)).toBe(code)
  })

  it('takes a number field only when it is a number', () => {
    expect(numberField({ retry_after: 42 }, 'retry_after')).toBe(42)
    expect(numberField({ retry_after: '42' }, 'retry_after')).toBeUndefined()
    expect(numberField({ retry_after: Number.NaN }, 'retry_after')).toBeUndefined()
    expect(numberField(null, 'retry_after')).toBeUndefined()
  })
})
