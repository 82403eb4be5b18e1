import { describe, expect, it } from 'vitest'
import { DEMO_RESTART_MS, DEMO_STEP_MS, initialDemoVisible, nextDemoStep } from './chat-demo.ts'

const total = 6

describe('landing chat demo', () => {
  it('adds a message every 2 s and starts over 3 s after the last one', () => {
    let visible = initialDemoVisible(total, false)
    const seen: Array<[number, number]> = []
    for (let i = 0; i < total + 1; i++) {
      const step = nextDemoStep(visible, total)
      seen.push([step.visible, step.delayMs])
      visible = step.visible
    }
    expect(seen).toEqual([
      ...Array.from({ length: total - 1 }, (_, i) => [i + 2, DEMO_STEP_MS]),
      [1, DEMO_RESTART_MS],
      [2, DEMO_STEP_MS],
    ])
  })

  it('shows the whole conversation at once when motion is reduced', () => {
    expect(initialDemoVisible(total, true)).toBe(total)
    expect(initialDemoVisible(total, false)).toBe(1)
  })
})
