// Headless Chromium for end-to-end tests, from the Debian package (`chromium`),
// driven by playwright-core. Fails with what is missing rather than skipping.
import { existsSync } from 'node:fs'
import { chromium, type Browser, type Page } from 'playwright-core'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install the Debian package "chromium" or set CHROMIUM_PATH`)
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--disable-quic',
    ],
  })
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
