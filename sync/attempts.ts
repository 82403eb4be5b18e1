// Failures and backoff of the pull and push requests, per table and
// direction. A failing request is retried by RxDB as soon as its handler
// throws; the wait between tries is this module's, not RxDB's: RxDB's own
// pause cannot be cut short, while this one ends at once when the owner asks
// to retry, the device comes back online or a new session arrives.
import { Subject, Subscription } from 'rxjs'
import type { SyncedTable } from '../domain/records.ts'
import { toSyncFailure, type SyncError } from './errors.ts'

export type Direction = 'pull' | 'push'

export type Attempts = {
  /**
   * Runs one pull or push request. Its failure is recorded (until that side
   * of the table next succeeds) and waited out before it is thrown on to
   * RxDB, which then tries again.
   */
  run<R>(table: SyncedTable, direction: Direction, request: () => Promise<R>): Promise<R>
  /**
   * An error RxDB reported. Those a handler threw are already recorded by
   * run(); any other stays until either side of the table succeeds.
   */
  reported(table: SyncedTable, rxError: unknown): void
  /** The failure the status shows: the oldest one still recorded. */
  error(): SyncError | null
  failing(): boolean
  /** A fresh start: recorded failures and backoffs are forgotten, and every wait ends now. */
  reset(): void
  /** Every wait ends now (a request let out gives up if its replication was stopped meanwhile). */
  wake(): void
  /** Every wait ends now and no new one starts. */
  stop(): void
}

export type AttemptOptions = {
  /** Backoff after a failure: first wait, doubled per failure up to the maximum. */
  retryMs: { initial: number; max: number }
  /** Called when the recorded failures changed. */
  changed: () => void
}

const failureKey = (table: SyncedTable, direction: Direction | 'other') => `${table}:${direction}`

export function createAttempts({ retryMs, changed }: AttemptOptions): Attempts {
  // A retry loop stays active while it fails, so activity alone would hide an error: it is kept here until that side succeeds.
  const failures = new Map<string, SyncError>()
  const delays = new Map<string, number>()
  const wake$ = new Subject<void>()

  function backoff(key: string): Promise<void> {
    const ms = delays.get(key) ?? retryMs.initial
    delays.set(key, Math.min(retryMs.max, ms * 2))
    return new Promise((resolve) => {
      const waiting = new Subscription()
      const done = () => {
        clearTimeout(timer)
        waiting.unsubscribe()
        resolve()
      }
      const timer = setTimeout(done, ms)
      // Once stopped (complete), nothing waits any more: done() may run right here.
      waiting.add(wake$.subscribe({ next: done, complete: done }))
    })
  }

  return {
    async run(table, direction, request) {
      const key = failureKey(table, direction)
      try {
        const result = await request()
        delays.delete(key)
        const cleared = [key, failureKey(table, 'other')].map((k) => failures.delete(k))
        if (cleared.some(Boolean)) changed()
        return result
      } catch (error) {
        const failure = toSyncFailure(error)
        failures.set(key, { code: failure.code, message: failure.message })
        changed()
        await backoff(key)
        throw failure
      }
    },
    reported(table, rxError) {
      if (fromHandler(rxError)) return
      const failure = toSyncFailure(unwrapRxError(rxError))
      failures.set(failureKey(table, 'other'), { code: failure.code, message: failure.message })
      changed()
    },
    error: () => failures.values().next().value ?? null,
    failing: () => failures.size > 0,
    reset() {
      failures.clear()
      delays.clear()
      wake$.next()
    },
    wake: () => wake$.next(),
    stop() {
      wake$.next()
      wake$.complete()
    },
  }
}

/** RxDB names the direction only on the errors a pull or push handler threw. */
function fromHandler(err: unknown): boolean {
  return (err as { parameters?: { direction?: unknown } } | undefined)?.parameters?.direction !== undefined
}

/** RxDB wraps handler failures (RC_PULL / RC_PUSH) with the original in parameters.errors. */
function unwrapRxError(err: unknown): unknown {
  const params = (err as { parameters?: { errors?: unknown[] } } | undefined)?.parameters
  const inner = params?.errors?.[0]
  return inner ?? err
}
