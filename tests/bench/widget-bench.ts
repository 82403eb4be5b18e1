// npm run bench:widget — what the chat widget costs the owner's page.
//
// Builds the app (the widget script is part of the build), then prints:
//   - the size of /chatbot-widget.js gzip-compressed at level 9 (budget ≤ 15 KB);
//   - in headless Chromium, on a blank page with the embed snippet, the time
//     from the script having arrived (its Resource Timing responseEnd) to the
//     launcher being drawn and wired (the widget's `chatbot-widget:ready`
//     mark), target ≤ 50 ms;
//   - the main-thread time the page spends (CDP Performance.getMetrics
//     TaskDuration, once loaded and two frames drawn) on the same blank page
//     with and without the widget, measured in this run, and the difference.
// Each figure is the median of WIDGET_BENCH_RUNS (default 15) fresh browser
// profiles, unthrottled and under 4× CPU throttling (a mid-range phone).
// The pages are served locally; the widget's API is never called. Exits
// non-zero when the size budget or the unthrottled time target is missed.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser } from 'playwright-core'
import { WIDGET_SCRIPT_PATH, widgetSnippet } from '../../domain/chatbot.ts'
import { launchChromium } from '../support/browser.ts'
import { ROOT } from '../support/cli-process.ts'

const BUDGET_KB = 15
const TARGET_READY_MS = 50
const RUNS = Number(process.env.WIDGET_BENCH_RUNS ?? 15)
const READY_MARK = 'chatbot-widget:ready'

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

function page(origin: string, withWidget: boolean): string {
  const snippet = withWidget
    ? widgetSnippet({
        userId: 'd0000000-0000-4000-8000-000000000001',
        // Never called: nobody opens the panel.
        apiUrl: `${origin}/functions/v1/chatbot-api`,
        scriptUrl: `${origin}${WIDGET_SCRIPT_PATH}`,
        enabled: true,
        botName: 'Demo Butik Asistanı',
        welcomeMessage: 'Merhaba! Size nasıl yardımcı olabilirim?',
        primaryColor: '#0C7A6B',
        position: 'bottom-right',
      })
    : ''
  return `<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>Bench</title></head><body><h1>Blank</h1>${snippet}</body></html>`
}

async function serve(script: Buffer): Promise<{ origin: string; close(): void }> {
  let origin = ''
  const server = createServer((req, res) => {
    if (req.url === WIDGET_SCRIPT_PATH) {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' }).end(script)
    } else if (req.url === '/blank.html' || req.url === '/widget.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(origin, req.url === '/widget.html'))
    } else {
      res.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { origin, close: () => server.close() }
}

type Sample = { taskMs: number; readyMs: number | null }

async function sample(browser: Browser, url: string, cpuThrottle: number): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    const tab = await context.newPage()
    const cdp = await context.newCDPSession(tab)
    await cdp.send('Performance.enable')
    if (cpuThrottle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle })
    await tab.goto(url, { waitUntil: 'load' })
    const readyMs = await tab.evaluate(async (mark) => {
      const script = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/chatbot-widget.js')) as PerformanceResourceTiming | undefined
      if (!script) return null
      const deadline = performance.now() + 5000
      while (performance.getEntriesByName(mark).length === 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5))
      const ready = performance.getEntriesByName(mark)[0]
      if (!ready) throw new Error('the widget never marked itself ready')
      return ready.startTime - script.responseEnd
    }, READY_MARK)
    // Two frames: the launcher (or the blank page) has been laid out and painted.
    await tab.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
    const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> }
    const taskMs = metrics.find((m) => m.name === 'TaskDuration')!.value * 1000
    return { taskMs, readyMs }
  } finally {
    await context.close()
  }
}

async function main() {
  console.info('building the app…')
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], { cwd: ROOT, stdio: 'inherit' })
  const script = readFileSync(path.join(ROOT, 'dist', WIDGET_SCRIPT_PATH))
  const gzipKb = gzipSync(script, { level: 9 }).length / 1024
  const sizeOk = gzipKb <= BUDGET_KB
  console.info(`\n${WIDGET_SCRIPT_PATH}  ${(script.length / 1024).toFixed(1)} KB, ${gzipKb.toFixed(1)} KB gzip (budget ≤ ${BUDGET_KB} KB)  ${sizeOk ? 'ok' : 'MISSED'}`)

  const server = await serve(script)
  const browser = await launchChromium()
  let readyOk = true
  try {
    // One load of each first, so the first measured run does not pay for Chromium warming up.
    await sample(browser, `${server.origin}/blank.html`, 1)
    await sample(browser, `${server.origin}/widget.html`, 1)
    for (const cpuThrottle of [1, 4]) {
      const blank: Sample[] = []
      const widget: Sample[] = []
      // Interleaved, so drift in the machine's load falls on both alike.
      for (let i = 0; i < RUNS; i++) {
        blank.push(await sample(browser, `${server.origin}/blank.html`, cpuThrottle))
        widget.push(await sample(browser, `${server.origin}/widget.html`, cpuThrottle))
      }
      const ready = median(widget.map((s) => s.readyMs!))
      const base = median(blank.map((s) => s.taskMs))
      const withWidget = median(widget.map((s) => s.taskMs))
      const label = cpuThrottle === 1 ? 'unthrottled' : `${cpuThrottle}× CPU throttling`
      const verdict = cpuThrottle === 1 ? (ready <= TARGET_READY_MS ? 'ok' : 'MISSED') : '(for information)'
      if (cpuThrottle === 1) readyOk = ready <= TARGET_READY_MS
      console.info(`\n${label}, ${RUNS} runs (median)`)
      console.info(`script arrived → launcher ready   ${ready.toFixed(1)} ms (target ≤ ${TARGET_READY_MS} ms)  ${verdict}`)
      console.info(`main-thread time, blank page      ${base.toFixed(1)} ms`)
      console.info(`main-thread time, with the widget ${withWidget.toFixed(1)} ms  (+${(withWidget - base).toFixed(1)} ms, ×${(withWidget / base).toFixed(2)})`)
    }
  } finally {
    await browser.close()
    server.close()
  }
  if (!sizeOk || !readyOk) process.exit(1)
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
