import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CreditTransaction, ProcessPaymentResult } from './api.ts'
import {
  CheckInterrupted,
  checkPaymentReturn,
  confirmPaymentReturn,
  redirectSessionId,
  retriesPaymentCheck,
  type ReturnDeps,
} from './payment-return.ts'

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

  describe('as the return page runs it', () => {
    function confirmDeps(latest: CreditTransaction | null | Error, manual: ProcessPaymentResult | Error, online = true) {
      const { d, log } = deps(latest, manual)
      return { d: { ...d, isOnline: () => online, onCredited: () => void log.push('credited') }, log }
    }

    it('tells the others once the purchase is in, then holds the answer', async () => {
      const { d, log } = confirmDeps(tx('cs_1'), { ok: false, code: 'server_error' })
      expect(await confirmPaymentReturn('cs_1', d)).toEqual({ kind: 'credited', credits: 250 })
      expect(log).toEqual(['wait 2000', 'latest', 'credited', 'wait 2000'])
    })

    it('tells nobody when the credits are still awaited', async () => {
      const { d, log } = confirmDeps(null, { ok: false, code: 'payment_not_completed' })
      expect(await confirmPaymentReturn('cs_2', d)).toEqual({ kind: 'awaited', code: 'payment_not_completed' })
      expect(log).not.toContain('credited')
    })

    it('answers "soon" for a failure while online, after the longer hold', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined)
      const { d, log } = confirmDeps(new Error('boom'), { ok: false, code: 'server_error' })
      expect(await confirmPaymentReturn('cs_3', d)).toEqual({ kind: 'soon' })
      expect(log.at(-1)).toBe('wait 3000')
    })

    it('does not answer when the reads failed because the connection went: it is interrupted', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined)
      const { d, log } = confirmDeps(new Error('Failed to fetch'), { ok: false, code: 'server_error' }, false)
      await expect(confirmPaymentReturn('cs_4', d)).rejects.toBeInstanceOf(CheckInterrupted)
      expect(log).toEqual(['wait 2000', 'latest'])
    })

    it('is run again only when the connection cut it short', () => {
      expect(retriesPaymentCheck(new CheckInterrupted(), true)).toBe(true)
      expect(retriesPaymentCheck(new Error('config_unavailable'), false)).toBe(true)
      expect(retriesPaymentCheck(new Error('config_unavailable'), true)).toBe(false)
    })
  })
})
