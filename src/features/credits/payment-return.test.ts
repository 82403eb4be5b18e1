import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CreditTransaction, ProcessPaymentResult } from './api.ts'
import { checkPaymentReturn, redirectSessionId, type ReturnDeps } from './payment-return.ts'

const tx = (session: string | null, status = 'completed'): CreditTransaction => ({
  id: 't1',
  created_at: '2026-11-22T10:00:00Z',
  amount: 1500,
  credits_purchased: 250,
  status,
  provider_session_id: session,
})

function deps(latest: CreditTransaction | null | Error, manual: ProcessPaymentResult | Error) {
  const log: string[] = []
  const d: ReturnDeps = {
    wait: async (ms) => void log.push(`wait ${ms}`),
    latestTransaction: async () => {
      log.push('latest')
      if (latest instanceof Error) throw latest
      return latest
    },
    processManually: async (id) => {
      log.push(`manual ${id}`)
      if (manual instanceof Error) throw manual
      return manual
    },
  }
  return { d, log }
}

describe('payment return', () => {
  afterEach(() => vi.restoreAllMocks())

  it('waits 2 s, finds this session credited and holds the answer 2 s', async () => {
    const { d, log } = deps(tx('cs_1'), { ok: false, code: 'server_error' })
    expect(await checkPaymentReturn('cs_1', d)).toEqual({ outcome: { kind: 'credited', credits: 250 }, holdMs: 2000 })
    expect(log).toEqual(['wait 2000', 'latest'])
  })

  it('asks the manual check when there is no purchase yet', async () => {
    const { d, log } = deps(null, { ok: true, status: 'credited', creditsAdded: 1000 })
    expect(await checkPaymentReturn('cs_2', d)).toEqual({ outcome: { kind: 'credited', credits: 1000 }, holdMs: 2000 })
    expect(log).toEqual(['wait 2000', 'latest', 'manual cs_2'])
  })

  it('asks the manual check when the newest purchase is an earlier one', async () => {
    const { d, log } = deps(tx('cs_old'), { ok: true, status: 'already_credited', creditsAdded: 0 })
    expect(await checkPaymentReturn('cs_3', d)).toEqual({ outcome: { kind: 'credited', credits: null }, holdMs: 2000 })
    expect(log).toContain('manual cs_3')
  })

  it('reports a refusal of the manual check as credits awaited, with its code', async () => {
    const { d } = deps(null, { ok: false, code: 'payment_not_completed' })
    expect(await checkPaymentReturn('cs_4', d)).toEqual({ outcome: { kind: 'awaited', code: 'payment_not_completed' }, holdMs: 2000 })
  })

  it('says the credits will come soon after an exception and holds 3 s', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(await checkPaymentReturn('cs_5', deps(new Error('offline'), { ok: false, code: 'server_error' }).d)).toEqual({
      outcome: { kind: 'soon' },
      holdMs: 3000,
    })
    expect(await checkPaymentReturn('cs_5', deps(null, new Error('unreachable')).d)).toEqual({ outcome: { kind: 'soon' }, holdMs: 3000 })
  })

  it('hands the session to the credits screen only when the purchase may still arrive', () => {
    expect(redirectSessionId({ kind: 'credited', credits: 250 }, 'cs_1')).toBeNull()
    expect(redirectSessionId({ kind: 'soon' }, 'cs_1')).toBe('cs_1')
    expect(redirectSessionId({ kind: 'awaited', code: 'payment_not_completed' }, 'cs_1')).toBe('cs_1')
    expect(redirectSessionId({ kind: 'awaited', code: 'session_not_found' }, 'cs_1')).toBeNull()
    expect(redirectSessionId({ kind: 'awaited', code: 'payment_mismatch' }, 'cs_1')).toBeNull()
    expect(redirectSessionId({ kind: 'awaited', code: 'payment_closed' }, 'cs_1')).toBeNull()
    expect(redirectSessionId({ kind: 'soon' }, null)).toBeNull()
    expect(redirectSessionId(null, 'cs_1')).toBeNull()
  })
})
