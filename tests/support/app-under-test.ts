// One running product for an end-to-end file: the CLI's `start` on an
// in-memory database (the production build on the app port, the local stack on
// the API port), one Chromium, and a way to open a page signed in as an owner.
// `useAppUnderTest()` registers the suite's beforeAll/afterAll; its fields are
// read inside tests, once they have started.
import { afterAll, afterEach, beforeAll } from 'vitest'
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { launchChromium } from './browser.ts'
import { freePort, runCli, type CliRun } from './cli-process.ts'
import type { Owner, StackKeys } from './owners.ts'

/** Where supabase-js keeps the session for an API on 127.0.0.1. */
export const AUTH_STORAGE_KEY = 'sb-127-auth-token'

/** The two screen sizes a screen is checked at. */
export const DESKTOP = { width: 1280, height: 900 }
export const PHONE = { width: 375, height: 740 }
/** Turkish on a desktop and English on a phone: what a screen's main test runs in, once each. */
export const TR_DESKTOP_EN_PHONE = [
  { language: 'tr' as const, viewport: DESKTOP },
  { language: 'en' as const, viewport: PHONE },
]

/** A full-page screenshot in the folder E2E_SCREENSHOTS names, when it names one (to look at the screens a run went through). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png`, fullPage: true })
}

export type OpenOptions = {
  viewport?: { width: number; height: number }
  language?: 'tr' | 'en'
  /** Runs in every page of the context before the app's scripts. */
  initScript?: () => void
  /** The page's clock starts here (and runs on). */
  clock?: Date
  /** Runs on the new page before anything loads (routes to hold or fail requests). */
  setup?: (page: Page) => Promise<unknown>
  /** Lets the app install its service worker, as a user's browser does: for offline reloads and notifications. */
  serviceWorker?: boolean
  context?: BrowserContextOptions
}

export type AppUnderTest = {
  readonly app: string
  readonly keys: StackKeys
  readonly browser: Browser
  /**
   * A fresh browser profile, closed when the test ends. It has no service
   * worker unless `serviceWorkers: 'allow'` is passed: installing one precaches
   * the whole build, which cost a third of the end-to-end suite's CPU, and only
   * tests of offline loads and updates need it.
   */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>
  /** Stores `session` where supabase-js looks for it (and the language), on a page already at the app's origin. */
  storeSession(page: Page, session: Record<string, unknown>, options?: { language?: 'tr' | 'en'; now?: number }): Promise<void>
  /** A new context and page signed in as `owner`, opened at `path`. */
  openAs(owner: Owner, path: string, options?: OpenOptions): Promise<{ context: BrowserContext; page: Page }>
}

export function useAppUnderTest(cliArgs: string[] = []): AppUnderTest {
  let run: CliRun | undefined
  let browser: Browser | undefined
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    // A port found free can be taken by another suite before the stack listens on it: start again on new ones.
    for (let attempt = 1; !run; attempt++) {
      try {
        // No scheduled jobs unless a suite asks (--jobs-every): an automatic reminder must not land in another test's outbox.
        const jobs = cliArgs.includes('--jobs-every') ? [] : ['--jobs-every', '0']
        run = await runCli(['start', '--db', 'memory', '--port', String(await freePort()), '--app-port', String(await freePort()), ...jobs, ...cliArgs])
      } catch (e) {
        if (attempt >= 3 || !/EADDRINUSE/.test(String(e))) throw e
      }
    }
    browser = await launchChromium()
  })

  // A page left open keeps syncing, polling and animating through every later
  // test of the file, on the same two cores: each test's pages go with it.
  const closeContexts = async () => {
    while (contexts.length > 0) await contexts.pop()!.close().catch(() => undefined)
  }
  afterEach(async ({ task }) => {
    // A failure under load says what it waited for; what the pages showed instead says why.
    if (task.result?.state === 'fail') await reportPages(contexts)
    await closeContexts()
  })

  afterAll(async () => {
    await closeContexts()
    await browser?.close()
    await run?.stop()
  })

  const started = () => {
    if (!run || !browser) throw new Error('the app under test is read before its suite started')
    return { run, browser }
  }

  const self: AppUnderTest = {
    get app() {
      return started().run.vars.APP_URL!
    },
    get keys() {
      const { vars } = started().run
      return { api: vars.API_URL!, anonKey: vars.ANON_KEY!, serviceRoleKey: vars.SERVICE_ROLE_KEY! }
    },
    get browser() {
      return started().browser
    },
    async newContext(options = {}) {
      const context = await started().browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block', ...options })
      contexts.push(context)
      return context
    },
    async storeSession(page, session, options = {}) {
      await page.evaluate((items) => {
        for (const { name, value } of items) localStorage.setItem(name, value)
      }, sessionStorageItems(session, options))
    },
    async openAs(owner, path, options = {}) {
      // The profile starts with the session in its storage, so the app loads once, already signed in.
      const localStorage = sessionStorageItems(owner.session, { language: options.language ?? 'tr', now: options.clock?.getTime() })
      const context = await self.newContext({
        ...(options.viewport ? { viewport: options.viewport } : {}),
        ...(options.serviceWorker ? { serviceWorkers: 'allow' as const } : {}),
        storageState: { cookies: [], origins: [{ origin: self.app, localStorage }] },
        ...options.context,
      })
      if (options.initScript) await context.addInitScript(options.initScript)
      if (options.clock) await context.clock.install({ time: options.clock })
      const page = await context.newPage()
      await options.setup?.(page)
      await page.goto(`${self.app}${path}`)
      return { context, page }
    },
  }
  return self
}

/** The local storage of a signed-in app: the session where supabase-js looks for it, expiring `expires_in` after `now`, and the language. */
function sessionStorageItems(session: Record<string, unknown>, options: { language?: 'tr' | 'en'; now?: number }): { name: string; value: string }[] {
  const now = options.now ?? Date.now()
  const stored = { ...session, expires_at: Math.floor(now / 1000) + Number(session.expires_in ?? 3600) }
  return [{ name: AUTH_STORAGE_KEY, value: JSON.stringify(stored) }, ...(options.language ? [{ name: 'language', value: options.language }] : [])]
}

async function reportPages(contexts: BrowserContext[]): Promise<void> {
  for (const page of contexts.flatMap((c) => c.pages())) {
    const text = await page
      .evaluate(() => document.body?.innerText ?? '')
      .catch((e: unknown) => `(unreadable: ${String(e)})`)
    console.error(`page at ${page.url()} showed:\n${text.slice(0, 2_000)}`)
  }
}
