import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { CHECKOUT_SESSION_PLACEHOLDER } from '../../../domain/functions.ts'
import {
  FALLBACK_BALANCE,
  CreditsLoadFailure,
  FunctionUnreachable,
  checkoutOutcome,
  checkoutRequest,
  createCheckout,
  fetchCreditsData,
  fetchLatestTransaction,
  processPaymentManually,
  processPaymentResult,
} from './api.ts'
import { readSessionId } from './search.ts'

type Answer = { data: unknown; error: unknown }

/** Just enough of PostgREST's builder: records the calls and answers per table. */
function fakeClient(answers: Record<string, Answer>) {
  const calls: Array<[string, string, unknown[]]> = []
  const from = (table: string) => {
    const builder = {
      select: (...args: unknown[]) => (calls.push([table, 'select', args]), builder),
      eq: (...args: unknown[]) => (calls.push([table, 'eq', args]), builder),
      order: (...args: unknown[]) => (calls.push([table, 'order', args]), builder),
      limit: (...args: unknown[]) => (calls.push([table, 'limit', args]), builder),
      maybeSingle: () => (calls.push([table, 'maybeSingle', []]), Promise.resolve(answers[table]!)),
      then: (resolve: (a: Answer) => unknown, reject: (e: unknown) => unknown) => Promise.resolve(answers[table]!).then(resolve, reject),
    }
    return builder
  }
  return { client: { from } as unknown as Pick<SupabaseClient, 'from'>, calls }
}

const tx = { id: 't1', created_at: '2026-11-22T10:00:00Z', amount: 1500, credits_purchased: 250, status: 'completed', provider_session_id: 'cs_local_1' }

function httpError(status: number, body: unknown) {
  return Object.assign(new Error('Edge Function returned a non-2xx status code'), {
    name: 'FunctionsHttpError',
    context: new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  })
}

describe('credits data', () => {
  afterEach(() => vi.restoreAllMocks())

  it('reads the owner balance and their five newest purchases', async () => {
    const balance = { id: 'c1', amount: 250, used: 10, remaining: 240 }
    const { client, calls } = fakeClient({ credits: { data: balance, error: null }, transactions: { data: [tx], error: null } })
    expect(await fetchCreditsData(client, 'u1')).toEqual({ balance, transactions: [tx] })
    expect(calls).toContainEqual(['credits', 'eq', ['user_id', 'u1']])
    expect(calls).toContainEqual(['transactions', 'eq', ['user_id', 'u1']])
    expect(calls).toContainEqual(['transactions', 'order', ['created_at', { ascending: false }]])
    expect(calls).toContainEqual(['transactions', 'limit', [5]])
  })

  it('shows zeros without writing anything when the credits row is missing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { client, calls } = fakeClient({ credits: { data: null, error: null }, transactions: { data: [], error: null } })
    expect(await fetchCreditsData(client, 'u1')).toEqual({ balance: { id: 'fallback', amount: 0, used: 0, remaining: 0 }, transactions: [] })
    expect(warn).toHaveBeenCalled()
    expect(calls.map((c) => c[1])).not.toContain('insert')
  })

  it('fails when the balance cannot be read but treats unreadable purchases as none', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const broken = fakeClient({ credits: { data: null, error: { message: 'boom' } }, transactions: { data: [tx], error: null } })
    await expect(fetchCreditsData(broken.client, 'u1')).rejects.toMatchObject({ code: 'load_failed' })
    const noList = fakeClient({ credits: { data: FALLBACK_BALANCE, error: null }, transactions: { data: null, error: { message: 'boom' } } })
    expect((await fetchCreditsData(noList.client, 'u1')).transactions).toEqual([])
  })

  it('refuses to read without a user', async () => {
    const { client } = fakeClient({})
    const error = await fetchCreditsData(client, null).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CreditsLoadFailure)
    expect((error as CreditsLoadFailure).code).toBe('not_authenticated')
  })

  it('reads the newest purchase for the payment return page', async () => {
    const { client, calls } = fakeClient({ transactions: { data: [tx], error: null } })
    expect(await fetchLatestTransaction(client, 'u1')).toEqual(tx)
    expect(calls).toContainEqual(['transactions', 'limit', [1]])
    expect(await fetchLatestTransaction(fakeClient({ transactions: { data: [], error: null } }).client, 'u1')).toBeNull()
    await expect(fetchLatestTransaction(fakeClient({ transactions: { data: null, error: { message: 'x' } } }).client, 'u1')).rejects.toThrow()
  })
})

describe('function replies', () => {
  it('builds the checkout request of the spec', () => {
    expect(checkoutRequest('price_starter', 'https://panel.example.com')).toEqual({
      price_id: 'price_starter',
      success_url: `https://panel.example.com/dashboard/success?session_id=${CHECKOUT_SESSION_PLACEHOLDER}`,
      cancel_url: 'https://panel.example.com/dashboard',
      mode: 'payment',
    })
  })

  it('turns checkout replies into a URL or a code', () => {
    expect(checkoutOutcome({ kind: 'ok', data: { success: true, url: 'http://127.0.0.1:1/__local/checkout/cs_local_1' } })).toEqual({
      ok: true,
      url: 'http://127.0.0.1:1/__local/checkout/cs_local_1',
    })
    expect(checkoutOutcome({ kind: 'ok', data: { success: true, url: 'javascript:alert(1)' } })).toEqual({ ok: false, code: 'server_error' })
    expect(checkoutOutcome({ kind: 'error', code: 'rate_limited', status: 429, body: {} })).toEqual({ ok: false, code: 'rate_limited' })
    expect(checkoutOutcome({ kind: 'unknown', status: 500, body: { error: 'something_new' } })).toEqual({ ok: false, code: 'server_error' })
    expect(checkoutOutcome({ kind: 'unauthorized', body: null })).toEqual({ ok: false, code: 'unauthorized' })
    expect(checkoutOutcome({ kind: 'network' })).toEqual({ ok: false, code: 'unreachable' })
  })

  it('checks the session before calling the checkout function, and reads its refusal', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const invoke = vi.fn(async () => ({ data: { success: true, url: 'https://checkout.example.com/s' }, error: null }))
    const signedOut = { auth: { getSession: async () => ({ data: { session: null } }) }, functions: { invoke } } as unknown as Parameters<
      typeof createCheckout
    >[0]
    expect(await createCheckout(signedOut, 'price_starter', 'https://a.example')).toEqual({ ok: false, code: 'not_authenticated' })
    expect(invoke).not.toHaveBeenCalled()

    const signedIn = { auth: { getSession: async () => ({ data: { session: { user: { id: 'u1' } } } }) }, functions: { invoke } } as unknown as Parameters<
      typeof createCheckout
    >[0]
    expect(await createCheckout(signedIn, 'price_growth', 'https://a.example')).toEqual({ ok: true, url: 'https://checkout.example.com/s' })
    expect(invoke).toHaveBeenCalledWith('create-checkout-session', { body: checkoutRequest('price_growth', 'https://a.example') })

    invoke.mockResolvedValueOnce({ data: null, error: httpError(403, { success: false, error: 'phone_not_verified' }) } as never)
    expect(await createCheckout(signedIn, 'price_growth', 'https://a.example')).toEqual({ ok: false, code: 'phone_not_verified' })

    const throwing = { auth: { getSession: async () => Promise.reject(new Error('offline')) }, functions: { invoke } } as unknown as Parameters<
      typeof createCheckout
    >[0]
    expect(await createCheckout(throwing, 'price_growth', 'https://a.example')).toEqual({ ok: false, code: 'unreachable' })
  })

  it('reads the manual check: credited, already credited, a refusal code, or an exception', async () => {
    expect(processPaymentResult({ kind: 'ok', data: { success: true, status: 'credited', credits_added: 250 } })).toEqual({
      ok: true,
      status: 'credited',
      creditsAdded: 250,
    })
    expect(processPaymentResult({ kind: 'ok', data: { success: true, status: 'already_credited', credits_added: 0 } })).toEqual({
      ok: true,
      status: 'already_credited',
      creditsAdded: 0,
    })
    expect(processPaymentResult({ kind: 'error', code: 'payment_not_completed', status: 409, body: {} })).toEqual({ ok: false, code: 'payment_not_completed' })
    expect(processPaymentResult({ kind: 'error', code: 'payment_closed', status: 409, body: {} })).toEqual({ ok: false, code: 'payment_closed' })
    expect(processPaymentResult({ kind: 'unknown', status: 502, body: null })).toEqual({ ok: false, code: 'server_error' })
    expect(processPaymentResult({ kind: 'unauthorized', body: null })).toEqual({ ok: false, code: 'unauthorized' })
    expect(() => processPaymentResult({ kind: 'network' })).toThrow(FunctionUnreachable)

    const invoke = vi.fn(async () => ({ data: null, error: httpError(404, { success: false, error: 'session_not_found' }) }))
    const client = { functions: { invoke } } as unknown as Parameters<typeof processPaymentManually>[0]
    expect(await processPaymentManually(client, 'cs_local_1')).toEqual({ ok: false, code: 'session_not_found' })
    expect(invoke).toHaveBeenCalledWith('process-payment-manual', { body: { session_id: 'cs_local_1' } })
    invoke.mockResolvedValueOnce({ data: null, error: Object.assign(new Error('x'), { name: 'FunctionsFetchError' }) } as never)
    await expect(processPaymentManually(client, 'cs_local_1')).rejects.toBeInstanceOf(FunctionUnreachable)
  })

  it('reads session_id from the search whether the router parsed a string or a number', () => {
    expect(readSessionId({ session_id: 'cs_local_abc' })).toBe('cs_local_abc')
    expect(readSessionId({ session_id: 123 })).toBe('123')
    expect(readSessionId({ session_id: '' })).toBeNull()
    expect(readSessionId({ session_id: { a: 1 } })).toBeNull()
    expect(readSessionId({})).toBeNull()
    expect(readSessionId(undefined)).toBeNull()
  })
})
