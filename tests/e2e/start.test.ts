// `npm start` as a user meets it: the stack and the production build of the
// PWA, with its runtime config, service worker and both languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchChromium } from '../support/browser.ts'
import { freePort, runCli, type CliRun } from '../support/cli-process.ts'
import { DEFAULT_ANON_KEY, DEFAULT_SERVICE_ROLE_KEY } from '../../supabase/local/config.ts'

describe('npm start', () => {
  let run: CliRun
  let browser: Browser
  let apiPort: number
  let appPort: number

  beforeAll(async () => {
    apiPort = await freePort()
    appPort = await freePort()
    run = await runCli(['start', '--db', 'memory', '--no-seed', '--port', String(apiPort), '--app-port', String(appPort)])
    browser = await launchChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await run?.stop()
  })

  it('prints the API URL, both keys and the app URL, each on its own line', () => {
    expect(run.lines).toEqual(
      expect.arrayContaining([
        `API_URL=http://127.0.0.1:${apiPort}`,
        `ANON_KEY=${DEFAULT_ANON_KEY}`,
        `SERVICE_ROLE_KEY=${DEFAULT_SERVICE_ROLE_KEY}`,
        `APP_URL=http://127.0.0.1:${appPort}`,
      ]),
    )
  })

  it('serves the runtime config naming the stack it started', async () => {
    const res = await fetch(`${run.vars.APP_URL}/config.json`)
    expect(await res.json()).toEqual({ supabaseUrl: run.vars.API_URL, supabaseAnonKey: DEFAULT_ANON_KEY })
  })

  it('serves the app shell for client-side routes', async () => {
    const res = await fetch(`${run.vars.APP_URL}/dashboard/products`)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('<div id="root">')
  })

  it('serves the landing page prerendered, other routes the empty shell, and every file precompressed', async () => {
    const accept = { 'accept-encoding': 'gzip, deflate, br' }
    const landing = await fetch(`${run.vars.APP_URL}/`, { headers: accept })
    expect(landing.headers.get('content-encoding')).toBe('br')
    const html = await landing.text()
    expect(html).toContain('Müşterilerinize günün her saati yanıt veren işletme asistanınız')
    const shell = await (await fetch(`${run.vars.APP_URL}/dashboard`, { headers: accept })).text()
    expect(shell).toContain('<div id="root"></div>')
    expect(shell).not.toContain('Müşterilerinize')
    const script = /<script type="module"[^>]* src="([^"]+)"/.exec(shell)?.[1]
    const stylesheet = /<link rel="stylesheet"[^>]* href="([^"]+)"/.exec(shell)?.[1]
    // The landing page loads the same app, once it has painted.
    expect(html).toContain(`"${script}"`)
    expect(html).toContain(`href="${stylesheet}"`)
    for (const asset of [script, stylesheet]) {
      expect(asset).toBeDefined()
      const res = await fetch(`${run.vars.APP_URL}${asset}`, { headers: accept })
      expect(res.status, asset).toBe(200)
      expect(res.headers.get('content-encoding'), asset).toBe('br')
      expect(res.headers.get('vary'), asset).toMatch(/accept-encoding/i)
    }
    const identity = await fetch(`${run.vars.APP_URL}${script}`, { headers: { 'accept-encoding': 'identity' } })
    expect(identity.headers.get('content-encoding')).toBeNull()
    expect((await identity.text()).length).toBeGreaterThan(0)
  })

  it('takes over the prerendered landing page without rendering it again', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 }, isMobile: true })
    try {
      const page = await context.newPage()
      const problems: string[] = []
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text())
      })
      page.on('pageerror', (e) => problems.push(e.message))
      await page.addInitScript(() => {
        const shifts = { total: 0 }
        Object.assign(window, { shifts })
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
            if (!entry.hadRecentInput) shifts.total += entry.value
          }
        }).observe({ type: 'layout-shift', buffered: true })
        document.addEventListener('DOMContentLoaded', () => {
          Object.assign(window, { staticHeading: document.querySelector('h1') })
          // The browser may offer installation before the app starts; the page must still match what the build rendered.
          window.dispatchEvent(Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: async () => undefined, userChoice: new Promise(() => undefined) }))
        })
      })
      await page.goto(`${run.vars.APP_URL}/`)
      // On a phone the offer floats at the bottom, so the top bar keeps its size.
      await page.getByRole('button', { name: 'Uygulamayı yükle' }).waitFor()
      expect(await page.getByRole('banner').getByRole('button', { name: 'Uygulamayı yükle' }).count()).toBe(0)
      expect(await page.evaluate(() => (window as unknown as { shifts: { total: number } }).shifts.total)).toBeLessThan(0.01)
      // Interactive now: the language menu opens.
      await page.getByTestId('language-switcher').click()
      await page.getByRole('menuitem', { name: 'English' }).waitFor()
      expect(await page.evaluate(() => (window as unknown as { staticHeading: Element }).staticHeading === document.querySelector('h1'))).toBe(true)
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('renders in Turkish by default, reaches the stack and activates the service worker', async () => {
    const page = await browser.newPage()
    await page.goto(run.vars.APP_URL!)
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('tr')
    await page.getByRole('heading', { level: 1, name: 'Müşterilerinize günün her saati yanıt veren işletme asistanınız' }).waitFor()
    const controlled = await page.evaluate(async () => {
      await navigator.serviceWorker.ready
      return true
    })
    expect(controlled).toBe(true)
    await page.reload()
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
    await page.close()
  })

  it('switches to English from the stored language choice', async () => {
    const page = await browser.newPage()
    await page.goto(run.vars.APP_URL!)
    await page.evaluate(() => localStorage.setItem('language', 'en'))
    await page.reload()
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en')
    await page.getByRole('heading', { level: 1, name: "Your business's assistant that answers customers around the clock" }).waitFor()
    await page.close()
  })

  it('shows the local outbox page', async () => {
    const page = await browser.newPage()
    const res = await page.goto(`${run.vars.API_URL}/__local/outbox`)
    expect(res?.status()).toBe(200)
    await page.getByRole('table').waitFor()
    expect((await fetch(`${run.vars.API_URL}/__local/outbox.json`)).status).toBe(200)
    await page.close()
  })

  it('closes cleanly on Ctrl-C', async () => {
    expect(await run.stop()).toBe(0)
  })
})
