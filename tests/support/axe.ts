// Accessibility checks in the browser with axe-core (the engine Lighthouse
// uses): WCAG 2.1 A and AA rules on whatever the page shows.
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const require = createRequire(import.meta.url)
const AXE_SOURCE = require.resolve('axe-core/axe.min.js')

// Longer than any entry transition's delay before it starts (Mantine: two frames).
const QUIET_MS = 200

export type AxeViolation = { id: string; impact: string | null; help: string; targets: string[]; html: string[] }

/** The WCAG A/AA violations on the page (optionally within `selector`), each with the elements it names. */
export async function axeViolations(page: Page, selector?: string): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SOURCE })
  // A dialog still fading in is drawn at partial opacity, which axe rightly
  // measures as low contrast: judge what the user sees once motion settles
  // (endless ones, such as spinners and skeletons, never do). Settled means
  // quiet for a while, not just at one frame: Mantine mounts a dialog
  // transparent and starts its fade two frames later, so a single quiet frame
  // can be the one before the fade.
  await page.evaluate(() => delete (window as unknown as { __quietSince?: number }).__quietSince)
  await page.waitForFunction(
    (quietMs) => {
      const w = window as unknown as { __quietSince?: number }
      const moving = document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity)
      if (moving) w.__quietSince = undefined
      else w.__quietSince ??= performance.now()
      return w.__quietSince !== undefined && performance.now() - w.__quietSince >= quietMs
    },
    QUIET_MS,
    { timeout: 5_000 },
  )
  return page.evaluate(async (scope) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[]; html: string }> }> }> } }).axe
    const result = await axe.run(scope ? { include: [scope] } : document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')), html: v.nodes.map((n) => n.html.slice(0, 300)) }))
  }, selector ?? null)
}
