// When the widget asks for the owner's replies: every POLL_INTERVAL_MS while
// it is started (the panel open on a visible page, a conversation under
// way), one request at a time, the next one planned only once the last has
// answered. Failures back off, doubling up to POLL_MAX_DELAY_MS (or as long
// as a rate limit asked); a refusal that will not change by asking again
// stops it until it is started again.

/** A reply shows within 3 s of being sent: one interval and a request. */
export const POLL_INTERVAL_MS = 2500
export const POLL_MAX_DELAY_MS = 30_000

/** What one poll says about the next: on time, later (a failure; `retryAfter` seconds when the server said), or not at all. */
export type PollOutcome = 'again' | 'stop' | { backoff: true; retryAfter?: number }

export type Timers = {
  set: (run: () => void, ms: number) => unknown
  clear: (handle: unknown) => void
}

const browserTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

export type Poller = {
  /** Polls now unless already started (or a poll is under way), then every interval. */
  start(): void
  /** No further poll; one under way finishes. */
  stop(): void
}

/** The delay before the next poll after `failures` failures in a row. */
export function pollDelay(failures: number, retryAfter?: number): number {
  const backoff = Math.min(POLL_INTERVAL_MS * 2 ** failures, POLL_MAX_DELAY_MS)
  return retryAfter === undefined ? backoff : Math.max(backoff, retryAfter * 1000)
}

export function createPoller(poll: () => Promise<PollOutcome>, timers: Timers = browserTimers): Poller {
  let started = false
  let busy = false
  let timer: unknown = null
  let failures = 0

  const cancel = () => {
    if (timer !== null) timers.clear(timer)
    timer = null
  }

  const run = async () => {
    timer = null
    busy = true
    let outcome: PollOutcome
    try {
      outcome = await poll()
    } catch {
      outcome = { backoff: true }
    }
    busy = false
    if (outcome === 'stop') started = false
    if (!started || outcome === 'stop') return
    failures = outcome === 'again' ? 0 : failures + 1
    timer = timers.set(() => void run(), pollDelay(failures, outcome === 'again' ? undefined : outcome.retryAfter))
  }

  return {
    start() {
      if (started) return
      started = true
      // A poll under way plans the next one when it answers.
      if (!busy) void run()
    },
    stop() {
      started = false
      cancel()
    },
  }
}
