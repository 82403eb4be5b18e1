// npm run bench:landing — how light and accessible the landing page is.
//
// Builds the app, starts `npm start`'s stack (in-memory database, no seed),
// runs Lighthouse on `/` with its default mobile settings (mobile form factor,
// simulated slow-4G and 4× CPU throttling), and prints:
//   - performance and accessibility scores (target ≥ 95 each);
//   - the first-load JS+CSS size: every script and stylesheet the page itself
//     requested while loading `/`, each gzip-compressed here at level 9, summed
//     (target ≤ 160 KB), measured in a separate load with service workers
//     blocked, since their precache downloads are not what the visitor waits for.
// Exits non-zero when a target is missed or Lighthouse cannot run.
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import lighthouse from 'lighthouse'
import { CHROMIUM_ARGS, CHROMIUM_PATH, launchChromium, requireChromium } from '../support/browser.ts'
import { freePort, ROOT, runCli } from '../support/cli-process.ts'

const TARGET_SCORE = 95
const TARGET_KB = 160
const RUNS = Number(process.env.LANDING_BENCH_RUNS ?? 3)

// The same flags the end-to-end tests use, plus a debugging port for Lighthouse.
const CHROMIUM_FLAGS = [...CHROMIUM_ARGS, '--disable-dev-shm-usage']

async function launchDebuggableChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  requireChromium()
  const port = await freePort()
  const profile = mkdtempSync(path.join(os.tmpdir(), 'landing-bench-'))
  const child = spawn(CHROMIUM_PATH, [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
    rmSync(profile, { recursive: true, force: true, maxRetries: 5 })
  }
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`)
      if (res.ok) return { port, stop }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  await stop()
  throw new Error(`Chromium at ${CHROMIUM_PATH} did not open its debugging port ${port} within 20 s`)
}

/**
 * Loads the page once more in a fresh Chromium context and gzips each script
 * and stylesheet body as it arrives, so the figure matches what that load
 * fetched even if the build on disk changes afterwards. Service workers are
 * blocked: their precache downloads are not what the first view waits for.
 */
async function firstLoadGzipBytes(url: string): Promise<{ total: number; files: Array<[string, number]> }> {
  const browser = await launchChromium()
  try {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 375, height: 740 } })
    const page = await context.newPage()
    const pending: Array<Promise<[string, number]>> = []
    page.on('response', (res) => {
      const kind = res.request().resourceType()
      if (kind !== 'script' && kind !== 'stylesheet') return
      pending.push(
        res.body().then((body) => {
          const type = res.headers()['content-type'] ?? ''
          if (!/javascript|css/.test(type)) {
            throw new Error(`${res.url()} answered ${type}, not ${kind}: was the build replaced during the run?`)
          }
          return [new URL(res.url()).pathname, gzipSync(body, { level: 9 }).length] as [string, number]
        }),
      )
    })
    await page.goto(url, { waitUntil: 'networkidle' })
    await page.locator('h1').waitFor()
    const files = await Promise.all(pending)
    return { total: files.reduce((sum, [, n]) => sum + n, 0), files }
  } finally {
    await browser.close()
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

async function main() {
  console.info('building the app…')
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const apiPort = await freePort()
  const appPort = await freePort()
  const run = await runCli(['start', '--db', 'memory', '--no-seed', '--port', String(apiPort), '--app-port', String(appPort)])
  const chrome = await launchDebuggableChromium()
  let failed = false
  try {
    const url = `${run.vars.APP_URL}/`
    const perf: number[] = []
    const a11y: number[] = []
    let last: Awaited<ReturnType<typeof lighthouse>>
    for (let i = 0; i < RUNS; i++) {
      last = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      })
      if (!last?.lhr) throw new Error('Lighthouse returned no report')
      if (last.lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${last.lhr.runtimeError.message}`)
      perf.push(Math.round((last.lhr.categories.performance?.score ?? 0) * 100))
      a11y.push(Math.round((last.lhr.categories.accessibility?.score ?? 0) * 100))
    }
    const lhr = last!.lhr
    const reportPath = path.join(os.tmpdir(), 'landing-lighthouse.json')
    writeFileSync(reportPath, JSON.stringify(lhr))
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?'
    const { total, files } = await firstLoadGzipBytes(url)
    const kb = total / 1024
    const perfScore = median(perf)
    const a11yScore = median(a11y)

    console.info(`\nLighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}, ${lhr.configSettings.throttlingMethod} throttling, ${RUNS} runs (median)`)
    console.info(`performance    ${perfScore}  (runs ${perf.join(', ')}; target ≥ ${TARGET_SCORE})  ${perfScore >= TARGET_SCORE ? 'ok' : 'MISSED'}`)
    console.info(`accessibility  ${a11yScore}  (runs ${a11y.join(', ')}; target ≥ ${TARGET_SCORE})  ${a11yScore >= TARGET_SCORE ? 'ok' : 'MISSED'}`)
    console.info(`  FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`)
    console.info(`first-load JS+CSS ${kb.toFixed(1)} KB gzip (target ≤ ${TARGET_KB} KB)  ${kb <= TARGET_KB ? 'ok' : 'MISSED'}`)
    for (const [file, bytes] of files.sort((a, b) => b[1] - a[1])) console.info(`  ${(bytes / 1024).toFixed(1).padStart(7)} KB  ${file}`)

    console.info(`full report: ${reportPath}`)
    for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id]
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) console.info(`  accessibility: ${audit.id} — ${audit.title}`)
    }
    failed = perfScore < TARGET_SCORE || a11yScore < TARGET_SCORE || kb > TARGET_KB
  } finally {
    await chrome.stop()
    await run.stop()
  }
  if (failed) process.exitCode = 1
}

main().catch((err: unknown) => {
  console.error(`landing bench could not run: ${err instanceof Error ? err.message : String(err)}`)
  process.exitCode = 1
})
