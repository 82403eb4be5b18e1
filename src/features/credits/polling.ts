// The re-reading after a payment return (spec sections 7 and 9): while the
// return's session id is in the query, the credits query reads again every
// 2 s, for 30 s or until that session's purchase is listed as completed. The
// credits query asks `paymentPollInterval` after each of its reads (its
// `refetchInterval`); the screen ends the wait itself when the 30 s are up.
import type { CreditTransaction } from './api.ts'
import { POLL_DURATION_MS, POLL_INTERVAL_MS } from './constants.ts'

/** A payment return being waited for: its checkout session, and since when (ms since epoch). */
export type PaymentWatch = { sessionId: string; startedAt: number }

/** This checkout session's purchase, once it is listed as completed. */
export function arrivedPurchase(transactions: readonly CreditTransaction[] | undefined, sessionId: string | null): CreditTransaction | undefined {
  if (!sessionId) return undefined
  return transactions?.find((tx) => tx.provider_session_id === sessionId && tx.status === 'completed')
}

/** How long until the next read, or false: nothing is awaited, the purchase is in, or the wait is over. */
export function paymentPollInterval(watch: PaymentWatch | null, transactions: readonly CreditTransaction[] | undefined, now: number): number | false {
  if (!watch) return false
  if (arrivedPurchase(transactions, watch.sessionId)) return false
  return now - watch.startedAt < POLL_DURATION_MS ? POLL_INTERVAL_MS : false
}
