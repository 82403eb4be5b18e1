// The re-reading after a payment return: a tick every interval until the
// duration is used up, then one call to onDone. Chained timeouts rather than
// an interval, so a tab the browser throttled never fires a burst of ticks.

export type PollingOptions = {
  intervalMs: number
  durationMs: number
  /** Called with the time elapsed since the start, in ms. */
  onTick: (elapsedMs: number) => void
  onDone: () => void
  timers?: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'>
}

/** The elapsed times at which `startPolling` ticks: 2 s, 4 s … 30 s for the spec's numbers. */
export function pollTicks(intervalMs: number, durationMs: number): number[] {
  if (!(intervalMs > 0) || !(durationMs > 0)) return []
  return Array.from({ length: Math.floor(durationMs / intervalMs) }, (_, i) => (i + 1) * intervalMs)
}

/** Starts polling; the returned function stops it, after which neither callback runs again. */
export function startPolling(options: PollingOptions): () => void {
  const timers = options.timers ?? globalThis
  const ticks = pollTicks(options.intervalMs, options.durationMs)
  let stopped = false
  let index = 0
  let previous = 0
  let handle: ReturnType<typeof setTimeout> | undefined

  const finish = () => {
    if (stopped) return
    stopped = true
    options.onDone()
  }

  const schedule = () => {
    if (index >= ticks.length) {
      // Whatever is left of the duration after the last tick (nothing for 30 s in steps of 2 s).
      const rest = Math.max(0, options.durationMs - previous)
      if (rest === 0) finish()
      else handle = timers.setTimeout(finish, rest)
      return
    }
    const at = ticks[index]!
    handle = timers.setTimeout(() => {
      if (stopped) return
      index++
      previous = at
      options.onTick(at)
      if (!stopped) schedule()
    }, at - previous)
  }

  schedule()
  return () => {
    stopped = true
    if (handle !== undefined) timers.clearTimeout(handle)
  }
}
