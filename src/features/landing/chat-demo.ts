// When the landing page's sample conversation advances. Free of React and
// Lingui so the timing is testable on its own.

export const DEMO_STEP_MS = 2000
export const DEMO_RESTART_MS = 3000

export type DemoStep = { visible: number; delayMs: number }

/**
 * What follows a state with `visible` messages shown: one more message after
 * the step delay, or, once all are shown, the first message alone again after
 * the longer restart pause so the reader can finish the last one.
 */
export function nextDemoStep(visible: number, total: number): DemoStep {
  if (visible >= total) return { visible: Math.min(1, total), delayMs: DEMO_RESTART_MS }
  return { visible: visible + 1, delayMs: DEMO_STEP_MS }
}

/** How many messages show first: all of them when motion is reduced, since nothing will advance. */
export function initialDemoVisible(total: number, reducedMotion: boolean): number {
  return reducedMotion ? total : Math.min(1, total)
}
