// npm run bench:dashboard — every dashboard screen on a phone, signed in.
//
// Builds the app, starts `npm start`'s stack (in-memory database, no seed),
// signs up an owner with 10,000 products, 200 customers and a month of
// appointments, lets a first visit sync them into the browser's store until
// the sync status says synced (an owner returning to the app, which is what
// Lighthouse then measures), and runs
// Lighthouse (mobile: simulated slow 4G, 4× CPU) on credits, products,
// calendar, customers, chatbot and settings, printing for each:
//   - performance (target ≥ 90) and accessibility (target 100);
//   - the JavaScript the screen loaded (the build's files it requested, gzip);
//   - whether it loaded code it does not use on first view: the spreadsheet
//     library (only the Excel import needs it) or the chart library (only the
//     chatbot screen's Insights tab needs it) on any screen.
// And, once for the build: that RxDB's schema validator (a development aid)
// is not in the production bundle.
// DASHBOARD_BENCH_RUNS (default 1) Lighthouse runs per screen, median shown;
// each screen's last report is written to $TMPDIR/dashboard-lighthouse-<screen>.json.
// DASHBOARD_BENCH_SCREENS=credits,settings measures some screens only.
// Exits non-zero when a target is missed.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import lighthouse from 'lighthouse'
import { chromium, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH, requireChromium } from '../support/browser.ts'
import { freePort, ROOT, runCli } from '../support/cli-process.ts'
import { createVerifiedOwner, insertRows, type Owner, type StackKeys } from '../support/owners.ts'
import { AUTH_STORAGE_KEY } from '../support/app-under-test.ts'

const TARGET_PERFORMANCE = 90
const TARGET_ACCESSIBILITY = 100
const RUNS = Number(process.env.DASHBOARD_BENCH_RUNS ?? 1)
const PRODUCTS = 10_000

const ALL_SCREENS = [
  ['credits', '/dashboard/credits'],
  ['products', '/dashboard/products'],
  ['calendar', '/dashboard/appointments'],
  ['customers', '/dashboard/customers'],
  ['chatbot', '/dashboard/chatbot'],
  ['settings', '/dashboard/settings'],
] as const
const ONLY = process.env.DASHBOARD_BENCH_SCREENS?.split(',').map((s) => s.trim())
const SCREENS = ALL_SCREENS.filter(([name]) => !ONLY || ONLY.includes(name))

/** Chunks only the Excel import may load (SheetJS). */
const SPREADSHEET_CHUNK = /\/assets\/(xlsx|sheetjs|excel)[^/]*\.js$/i
/** Chunks only the Insights tab may load (@mantine/charts and recharts). */
const CHART_CHUNK = /\/assets\/(insights-chart|recharts)[^/]*\.js$/i

const CHROMIUM_FLAGS = [...CHROMIUM_ARGS, '--disable-dev-shm-usage']

async function launchDebuggableChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  requireChromium()
  const port = await freePort()
  const profile = mkdtempSync(path.join(os.tmpdir(), 'dashboard-bench-'))
  const child = spawn(CHROMIUM_PATH, [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    // Chromium's helpers may outlive a SIGTERM and keep writing to the profile.
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    await exited
    clearTimeout(timer)
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
    } catch (error) {
      console.warn(`could not remove the browser profile ${profile}: ${(error as Error).message}`)
    }
  }
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { port, stop }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  await stop()
  throw new Error(`Chromium did not open its debugging port ${port} within 20 s`)
}

async function seed(keys: StackKeys, owner: Owner): Promise<void> {
  const currencies = ['TRY', 'USD', 'EUR']
  for (let start = 0; start < PRODUCTS; start += 1000) {
    const rows = Array.from({ length: 1000 }, (_, i) => {
      const n = start + i
      return {
        id: crypto.randomUUID(),
        name: `Ürün ${String(n).padStart(5, '0')}`,
        description: n % 3 === 0 ? `Açıklama ${n}: pamuklu, yıkanabilir` : null,
        price: Math.round(((n * 37) % 5000) * 100 + 99) / 100,
        currency: currencies[n % 3]!,
        stock: n % 50,
        product_link: n % 2 === 0 ? `https://ornek.com.tr/urun/${n}` : null,
      }
    })
    await insertRows(keys, owner, 'products', rows)
  }
  const customers = Array.from({ length: 200 }, (_, i) => ({
    id: crypto.randomUUID(),
    name: `Müşteri ${i + 1}`,
    phone_number: `+90532${String(1_000_000 + i).slice(-7)}`,
    email: i % 2 === 0 ? `musteri${i}@ornek.com.tr` : null,
    notes: i % 5 === 0 ? 'Düzenli müşteri' : null,
  }))
  await insertRows(keys, owner, 'customers', customers)
  const now = new Date()
  const pad = (n: number) => String(n).padStart(2, '0')
  const appointments = Array.from({ length: 60 }, (_, i) => ({
    id: crypto.randomUUID(),
    customer_id: customers[i % customers.length]!.id,
    appointment_date: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad((i % 28) + 1)}`,
    appointment_time: `${pad(9 + (i % 8))}:00:00`,
    duration_minutes: 60,
    status: 'scheduled',
    description: null,
    notes: null,
  }))
  await insertRows(keys, owner, 'appointments', appointments)
}

/** Waits until the page's sync status has said "synced" (idle) for two seconds on end. */
async function syncSettled(page: Page): Promise<void> {
  const status = page.getByTestId('sync-status')
  const deadline = Date.now() + 180_000
  let idleSince: number | undefined
  while (Date.now() < deadline) {
    const phase = await status.getAttribute('data-phase', { timeout: 1_000 }).catch(() => null)
    idleSince = phase === 'idle' ? (idleSince ?? Date.now()) : undefined
    if (idleSince !== undefined && Date.now() - idleSince >= 2_000) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('the warm-up visit did not finish syncing within 3 minutes')
}

/** Signs the owner in inside the debuggable browser's own profile and lets the store sync, then detaches. */
async function warmUp(port: number, app: string, owner: Owner): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const context = browser.contexts()[0]!
    const page = await context.newPage()
    await page.goto(`${app}/`)
    await page.evaluate(
      ([key, value]) => {
        localStorage.setItem(key!, value!)
        localStorage.setItem('language', 'tr')
      },
      [AUTH_STORAGE_KEY, JSON.stringify({ ...owner.session, expires_at: Math.floor(Date.now() / 1000) + 24 * 3600 })],
    )
    for (const [, screen] of ALL_SCREENS) {
      await page.goto(`${app}${screen}`)
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 })
    }
    // The products screen counts what the store holds: all of them means the pull is done.
    await page.goto(`${app}/dashboard/products`)
    const expected = PRODUCTS.toLocaleString('tr-TR')
    await page.getByTestId('product-count').filter({ hasText: expected }).waitFor({ timeout: 180_000 })
    // The count moves as the last rows are stored, before sync has recorded them as the server's and saved
    // where its pull got to: a page closed then leaves the next visit to pull the last pages again and push
    // back rows it takes for local edits (as for an owner who closes the tab mid-sync). The owner measured
    // here synced, so the visit ends once the sync status says so, and a second visit agrees.
    await syncSettled(page)
    await page.reload()
    await page.getByTestId('product-count').filter({ hasText: expected }).waitFor({ timeout: 60_000 })
    await syncSettled(page)
    await page.close()
  } finally {
    // Disconnects; the browser and its profile (storage included) stay for Lighthouse.
    await browser.close()
  }
}

/** Whether RxDB's schema validator (ajv, via rxdb/plugins/validate-ajv) made it into the build. */
function validatorInBundle(): string[] {
  const dir = path.join(ROOT, 'dist', 'assets')
  return readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .filter((f) => {
      const text = readFileSync(path.join(dir, f), 'utf8')
      return /wrappedValidateAjvStorage|validate-ajv|\bajv\b.*compile|strictSchema/i.test(text)
    })
}

const gzipped = new Map<string, number>()

/** gzip size (level 9) of a built file, by its URL path. */
function gzippedSize(urlPath: string): number {
  let size = gzipped.get(urlPath)
  if (size === undefined) {
    const file = path.join(ROOT, 'dist', urlPath)
    size = existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0
    gzipped.set(urlPath, size)
  }
  return size
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

async function main() {
  console.info('building the app…')
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  const validator = validatorInBundle()

  const run = await runCli(['start', '--db', 'memory', '--no-seed', '--port', String(await freePort()), '--app-port', String(await freePort())])
  const keys = { api: run.vars.API_URL!, anonKey: run.vars.ANON_KEY!, serviceRoleKey: run.vars.SERVICE_ROLE_KEY! }
  const app = run.vars.APP_URL!
  const chrome = await launchDebuggableChromium()
  let failed = validator.length > 0
  try {
    console.info(`seeding ${PRODUCTS.toLocaleString('en')} products, 200 customers, 60 appointments…`)
    const owner = await createVerifiedOwner(keys)
    await seed(keys, owner)
    console.info('first visit: signing in and syncing the store…')
    await warmUp(chrome.port, app, owner)

    console.info(`\nLighthouse, mobile, ${RUNS} run(s) per screen (median); targets: performance ≥ ${TARGET_PERFORMANCE}, accessibility ${TARGET_ACCESSIBILITY}`)
    console.info('screen      perf  a11y  JS gzip   spreadsheet or chart code')
    for (const [name, screen] of SCREENS) {
      const perf: number[] = []
      const a11y: number[] = []
      let js = 0
      let unused: string[] = []
      let last: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'] | undefined
      const problems = new Set<string>()
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${app}${screen}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          // The signed-in owner and the synced store are the point.
          disableStorageReset: true,
        })
        const lhr = result?.lhr
        if (!lhr) throw new Error('Lighthouse returned no report')
        if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${screen}: ${lhr.runtimeError.message}`)
        last = lhr
        writeFileSync(path.join(os.tmpdir(), `dashboard-lighthouse-${name}.json`), JSON.stringify(lhr))
        perf.push(Math.round((lhr.categories.performance?.score ?? 0) * 100))
        a11y.push(Math.round((lhr.categories.accessibility?.score ?? 0) * 100))
        const requests = (lhr.audits['network-requests']?.details as { items?: Array<{ url: string; resourceType?: string; transferSize?: number }> } | undefined)?.items ?? []
        // The service worker serves a returning owner's scripts (transferSize 0): what a screen loads is
        // measured as the build's own files, gzipped, whoever delivered them.
        const scripts = [...new Set(requests.filter((r) => r.resourceType === 'Script' && r.url.startsWith(app)).map((r) => new URL(r.url).pathname))]
        js = scripts.reduce((sum, p) => sum + gzippedSize(p), 0)
        unused = scripts.filter((p) => SPREADSHEET_CHUNK.test(p) || CHART_CHUNK.test(p))
        for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id]
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) problems.add(`${audit.id} — ${audit.title}`)
        }
      }
      const p = median(perf)
      const a = median(a11y)
      const ok = p >= TARGET_PERFORMANCE && a >= TARGET_ACCESSIBILITY && unused.length === 0
      if (!ok) failed = true
      console.info(
        `${name.padEnd(11)} ${String(p).padStart(4)}  ${String(a).padStart(4)}  ${(js / 1024).toFixed(1).padStart(6)} KB  ${unused.length ? unused.join(', ') : 'none'}  ${ok ? 'ok' : 'MISSED'}`,
      )
      for (const problem of problems) console.info(`            accessibility: ${problem}`)
      const metric = (id: string) => last?.audits[id]?.displayValue ?? '?'
      console.info(`            FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')} (last run)${RUNS > 1 ? `; performance of each run ${perf.join(', ')}` : ''}`)
    }
    console.info(`\nRxDB schema validator in the production bundle: ${validator.length ? `YES (${validator.join(', ')})` : 'no'}  ${validator.length ? 'MISSED' : 'ok'}`)
  } finally {
    try {
      await chrome.stop()
    } finally {
      await run.stop()
    }
  }
  if (failed) process.exitCode = 1
}

main().catch((err: unknown) => {
  console.error(`dashboard bench could not run: ${err instanceof Error ? err.message : String(err)}`)
  process.exitCode = 1
})
