// Handing the main thread back to the browser: between the steps of a long
// piece of work, so none of them adds up to a long task, and for work that
// can wait until the page has nothing else to do.

/** Resolves in a task of its own, after the browser has had a chance to paint and handle input. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/**
 * Runs `run` in the browser's next idle period, or after `timeoutMs` at the
 * latest; returns the cancel. Without idle callbacks (Safari), a quarter of
 * `timeoutMs` later: after the first paint and a moment to settle.
 */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs })
    return () => window.cancelIdleCallback(id)
  }
  const id = window.setTimeout(run, timeoutMs / 4)
  return () => window.clearTimeout(id)
}
