// Headless Chromium for end-to-end tests and benches, from Debian, driven by
// playwright-core. Fails with what is missing rather than skipping.
//
// The browser is Debian's `chromium-headless-shell`: the same Blink as the
// `chromium` package without the desktop browser around it. On the two cores
// CI has, the full browser's software GPU process alone took a third of the
// end-to-end suite's CPU.
import { existsSync } from 'node:fs'
import { chromium, type Browser, type Page } from 'playwright-core'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'

/** Flags for every Chromium the tests and benches start: no GPU (drawing stays on the CPU, without a GPU process emulating one), nothing fetched in the background. */
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-gpu-compositing', '--disable-software-rasterizer',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
]

/** Stops with what to install when the browser is missing. */
export function requireChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install the Debian package "chromium-headless-shell" or set CHROMIUM_PATH`)
  }
}

export async function launchChromium(): Promise<Browser> {
  requireChromium()
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}

/**
 * Waits for the app's service worker, then reloads once so the app and its
 * runtime config are served by the worker, and so cached for offline loads.
 */
export async function reloadUnderServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
}
