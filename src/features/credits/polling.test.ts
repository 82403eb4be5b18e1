import { describe, expect, it } from 'vitest'
import type { CreditTransaction } from './api.ts'
import { POLL_DURATION_MS, POLL_INTERVAL_MS } from './constants.ts'
import { arrivedPurchase, paymentPollInterval, type PaymentWatch } from './polling.ts'

const purchase = (sessionId: string | null, status: string, credits = 250): CreditTransaction => ({
  id: `tx-${sessionId ?? 'none'}-${status}`,
  created_at: '2026-11-22T09:00:00Z',
  amount: 1500,
  credits_purchased: credits,
  status,
  provider_session_id: sessionId,
})

const START = Date.UTC(2026, 10, 22, 9)
const watch: PaymentWatch = { sessionId: 'cs_1', startedAt: START }

describe('after a payment return', () => {
  it('reads again at the interval for as long as the wait lasts', () => {
    expect(paymentPollInterval(watch, [], START)).toBe(POLL_INTERVAL_MS)
    expect(paymentPollInterval(watch, undefined, START + POLL_INTERVAL_MS)).toBe(POLL_INTERVAL_MS)
    expect(paymentPollInterval(watch, [], START + POLL_DURATION_MS - 1)).toBe(POLL_INTERVAL_MS)
  })

  it('stops once the wait is over, whatever has arrived', () => {
    expect(paymentPollInterval(watch, [], START + POLL_DURATION_MS)).toBe(false)
    expect(paymentPollInterval(watch, [], START + 10 * POLL_DURATION_MS)).toBe(false)
  })

  it('stops as soon as the session’s purchase is listed as completed', () => {
    expect(paymentPollInterval(watch, [purchase('cs_0', 'completed'), purchase('cs_1', 'completed')], START + POLL_INTERVAL_MS)).toBe(false)
  })

  it('keeps reading while the purchase is only pending, or only another session’s is completed', () => {
    expect(paymentPollInterval(watch, [purchase('cs_1', 'pending')], START)).toBe(POLL_INTERVAL_MS)
    expect(paymentPollInterval(watch, [purchase('cs_0', 'completed'), purchase(null, 'completed')], START)).toBe(POLL_INTERVAL_MS)
  })

  it('does not read by itself without a return to wait for', () => {
    expect(paymentPollInterval(null, [], START)).toBe(false)
  })
})

describe('arrivedPurchase', () => {
  it('finds the completed purchase of the session only', () => {
    const mine = purchase('cs_1', 'completed', 1000)
    expect(arrivedPurchase([purchase('cs_1', 'pending'), purchase('cs_2', 'completed'), mine], 'cs_1')).toBe(mine)
    expect(arrivedPurchase([purchase('cs_1', 'failed')], 'cs_1')).toBeUndefined()
    expect(arrivedPurchase([mine], null)).toBeUndefined()
    expect(arrivedPurchase(undefined, 'cs_1')).toBeUndefined()
  })
})
