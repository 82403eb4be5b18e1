// What the payment return page decides, apart from how it looks (spec section
// 4): wait for the webhook, look for the purchase, fall back to the manual
// check, and say how long to hold the answer before leaving the processing
// state.
import type { CreditTransaction, ProcessPaymentErrorCode, ProcessPaymentResult } from './api.ts'
import { RETURN_ERROR_DELAY_MS, RETURN_FOLLOW_UP_MS, RETURN_INITIAL_WAIT_MS } from './constants.ts'

export type ReturnOutcome =
  /** The purchase is credited; `credits` when the page knows how many. */
  | { kind: 'credited'; credits: number | null }
  /** Not credited yet: the manual check said why. */
  | { kind: 'awaited'; code: ProcessPaymentErrorCode }
  /** Something threw (offline, a failed read): the credits will follow through the webhook. */
  | { kind: 'soon' }

export type ReturnDeps = {
  wait(ms: number): Promise<void>
  latestTransaction(): Promise<CreditTransaction | null>
  processManually(sessionId: string): Promise<ProcessPaymentResult>
}

export type ReturnResult = { outcome: ReturnOutcome; holdMs: number }

/**
 * The newest purchase counts only when it is this session's: after an earlier
 * purchase, "a latest transaction exists" says nothing about this one. The
 * manual check is idempotent, so asking it when in doubt is always safe.
 */
export async function checkPaymentReturn(sessionId: string, deps: ReturnDeps): Promise<ReturnResult> {
  try {
    await deps.wait(RETURN_INITIAL_WAIT_MS)
    const latest = await deps.latestTransaction()
    if (latest && latest.provider_session_id === sessionId && latest.status === 'completed') {
      return { outcome: { kind: 'credited', credits: latest.credits_purchased }, holdMs: RETURN_FOLLOW_UP_MS }
    }
    const result = await deps.processManually(sessionId)
    if (result.ok) {
      // Already credited (by the webhook meanwhile) adds nothing now, but the purchase is in.
      const credits = result.status === 'credited' && result.creditsAdded > 0 ? result.creditsAdded : null
      return { outcome: { kind: 'credited', credits }, holdMs: RETURN_FOLLOW_UP_MS }
    }
    return { outcome: { kind: 'awaited', code: result.code }, holdMs: RETURN_FOLLOW_UP_MS }
  } catch (error) {
    console.error('checking the payment return failed', error)
    return { outcome: { kind: 'soon' }, holdMs: RETURN_ERROR_DELAY_MS }
  }
}

// Refusals that waiting will not change.
const FINAL_REFUSALS = new Set<ProcessPaymentErrorCode>(['session_not_found', 'invalid_request', 'unauthorized', 'payment_mismatch', 'payment_closed'])

/** Whether the credits of a not-yet-credited return can still arrive by themselves. */
export function mayStillArrive(outcome: ReturnOutcome): boolean {
  if (outcome.kind === 'credited') return false
  return outcome.kind === 'soon' || !FINAL_REFUSALS.has(outcome.code)
}

/** Where the page sends the owner afterwards: still-awaited purchases keep their session id so the credits screen watches for them. */
export function redirectSessionId(outcome: ReturnOutcome | null, sessionId: string | null): string | null {
  return sessionId && outcome && mayStillArrive(outcome) ? sessionId : null
}

/** The check was cut short by the lost connection: its failed reads say nothing about the payment. */
export class CheckInterrupted extends Error {
  constructor() {
    super('the connection went during the payment check')
    this.name = 'CheckInterrupted'
  }
}

export type ConfirmDeps = ReturnDeps & {
  isOnline(): boolean
  /** The purchase is in: what else should know (the profile, the credits screen's figures). */
  onCredited(): void
}

/**
 * What the return page's query runs: the check, then the hold. A "soon"
 * while offline means the reads failed for want of a connection, so it
 * throws CheckInterrupted rather than answering.
 */
export async function confirmPaymentReturn(sessionId: string, deps: ConfirmDeps): Promise<ReturnOutcome> {
  const { outcome, holdMs } = await checkPaymentReturn(sessionId, deps)
  if (outcome.kind === 'soon' && !deps.isOnline()) throw new CheckInterrupted()
  if (outcome.kind === 'credited') deps.onCredited()
  await deps.wait(holdMs)
  return outcome
}

/**
 * Whether the return page's query runs the check again, from the start: only
 * when the connection cut it short (the query waits for it to come back).
 * Safe to repeat: the manual check credits a session once.
 */
export function retriesPaymentCheck(error: unknown, online: boolean): boolean {
  return error instanceof CheckInterrupted || !online
}
