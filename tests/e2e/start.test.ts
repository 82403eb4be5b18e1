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
