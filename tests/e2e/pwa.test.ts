// The installable, offline-capable side of the production build in real
// Chromium: the web manifest and its icons, the precached app shell, the
// update prompt for a new service worker and the app's own install button.
// Each test serves a private copy of the build through the same app host as
// `npm start`, so one test can ship a new service worker without touching
// dist/ or the others. None of this needs the API: nobody signs in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { startAppHost } from '../../supabase/local/app-host.ts'
import { launchChromium } from '../support/browser.ts'
import { freePort, ROOT } from '../support/cli-process.ts'

const DIST = path.join(ROOT, 'dist')
const LANDING_HEADING = 'Müşterilerinize günün her saati yanıt veren işletme asistanınız'

type BuildCopy = {
  url: string
  /** Rewrites sw.js as the build made it plus a hook answering `version`: a new worker for the browser. */
  shipWorker(version: string): Promise<void>
  /** Files the service worker precaches, as URL paths. */
  precached: string[]
  close(): Promise<void>
}

// Lets the page ask the worker that controls it which version it is.
const versionHook = (version: string) =>
  `\n;self.addEventListener('message', (event) => {\n` +
  `  if (event.data && event.data.type === 'E2E_VERSION') event.ports[0].postMessage(${JSON.stringify(version)})\n` +
  `});\n`

/** The precache list of a build, or why the copy is not a whole build. */
async function precacheOf(dir: string): Promise<{ urls: string[] } | { broken: string }> {
  let sw: string
  try {
    sw = await readFile(path.join(dir, 'sw.js'), 'utf8')
  } catch {
    return { broken: 'no sw.js' }
  }
  // The production build minifies sw.js: its manifest's keys lose their quotes.
  const entries = [...sw.matchAll(/"?url"?:\s*"([^"]+)",\s*"?revision"?:\s*(null|"([0-9a-f]+)")/g)].map((m) => ({ url: m[1]!, revision: m[3] }))
  if (!entries.some((e) => e.url === 'index.html')) return { broken: 'sw.js lists no index.html' }
  for (const { url, revision } of entries) {
    const file = path.join(dir, url)
    if (!existsSync(file)) return { broken: `missing ${url}` }
    if (revision && createHash('md5').update(await readFile(file)).digest('hex') !== revision) return { broken: `${url} changed` }
  }
  return { urls: [...new Set(entries.map((e) => `/${e.url}`))] }
}

/**
 * A private copy of dist/ taken once per file: dist/ may be rebuilt by someone
 * else meanwhile, so copy until the copy is one whole build.
 */
async function snapshotBuild(): Promise<{ dir: string; precached: string[] }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pwa-e2e-build-'))
  let precache: Awaited<ReturnType<typeof precacheOf>> = { broken: 'not copied' }
  for (let attempt = 0; attempt < 30 && 'broken' in precache; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, 1000))
    await rm(dir, { recursive: true, force: true })
    try {
      await cp(DIST, dir, { recursive: true })
      precache = await precacheOf(dir)
    } catch (error) {
      // A file went away while being copied: the build was being replaced.
      precache = { broken: (error as Error).message }
    }
  }
  if ('broken' in precache) throw new Error(`no consistent build in ${DIST}: ${precache.broken}`)
  return { dir, precached: precache.urls }
}

async function serveBuildCopy(build: { dir: string; precached: string[] }): Promise<BuildCopy> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pwa-e2e-'))
  await cp(build.dir, dir, { recursive: true })
  const swFile = path.join(dir, 'sw.js')
  const original = await readFile(swFile, 'utf8')
  // The host prefers the build's precompressed siblings: they must carry the same new worker.
  const siblings = [
    { file: `${swFile}.br`, encode: (b: Buffer) => brotliCompressSync(b) },
    { file: `${swFile}.gz`, encode: (b: Buffer) => gzipSync(b) },
  ].filter((s) => existsSync(s.file))
  const shipWorker = async (version: string) => {
    const bytes = Buffer.from(original + versionHook(version))
    await writeFile(swFile, bytes)
    for (const s of siblings) await writeFile(s.file, s.encode(bytes))
  }
  await shipWorker('v1')
  // Nothing listens there: these tests never reach the API.
  const host = await startAppHost({ distDir: dir, port: 0, host: '127.0.0.1', apiPort: await freePort(), anonKey: 'unused' })
  return {
    url: host.url,
    shipWorker,
    precached: build.precached,
    async close() {
      await host.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/** What the controlling worker's hook answers: null when no worker controls the page, 'silent' when it has no hook. */
async function controllerVersion(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const sw = navigator.serviceWorker.controller
        if (!sw) return resolve(null)
        const channel = new MessageChannel()
        channel.port1.onmessage = (event) => resolve(event.data as string)
        setTimeout(() => resolve('silent'), 5000)
        sw.postMessage({ type: 'E2E_VERSION' }, [channel.port2])
      }),
  )
}

/** Waits until an active worker controls the page (the first install claims the open page). */
async function waitForController(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
}

function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true)
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

describe('progressive web app', () => {
  let browser: Browser
  let build: { dir: string; precached: string[] }
  let copy: BuildCopy
  const contexts: BrowserContext[] = []
  const copies: BuildCopy[] = []

  beforeAll(async () => {
    browser = await launchChromium()
    build = await snapshotBuild()
    copy = await serveBuildCopy(build)
    copies.push(copy)
  })

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined)
    await browser?.close()
    for (const c of copies) await c.close()
    if (build) await rm(build.dir, { recursive: true, force: true })
  })

  async function newPage(options: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext(options)
    contexts.push(context)
    return { context, page: await context.newPage() }
  }

  it('links a web manifest that describes the installed app, with icons of the sizes it claims', async () => {
    const html = await (await fetch(`${copy.url}/`)).text()
    const href = /<link rel="manifest" href="([^"]+)"/.exec(html)?.[1]
    expect(href).toBeDefined()
    const manifestUrl = new URL(href!, copy.url)
    const res = await fetch(manifestUrl)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/)
    const manifest = (await res.json()) as {
      name: string; short_name: string; lang: string; start_url: string; scope: string; display: string
      theme_color: string; background_color: string; icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>
    }
    expect(manifest).toMatchObject({
      name: 'Mesaj Asistanı',
      short_name: 'Asistan',
      lang: 'tr',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
    })
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i)
    // The browser chrome has the same colour before and after installation.
    expect(html).toContain(`<meta name="theme-color" content="${manifest.theme_color}" />`)
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i)

    const sizes = manifest.icons.map((i) => i.sizes)
    expect(sizes).toContain('192x192')
    expect(sizes).toContain('512x512')
    expect(manifest.icons.some((i) => i.purpose?.split(' ').includes('maskable'))).toBe(true)
    for (const icon of manifest.icons) {
      const iconRes = await fetch(new URL(icon.src, manifestUrl))
      expect(iconRes.status, icon.src).toBe(200)
      expect(iconRes.headers.get('content-type')).toBe('image/png')
      expect(icon.type).toBe('image/png')
      const { width, height } = pngSize(Buffer.from(await iconRes.arrayBuffer()))
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes)
    }

    // Chromium reads the same manifest from the page without complaint.
    const { page } = await newPage({ serviceWorkers: 'block' })
    await page.goto(`${copy.url}/`)
    const cdp = await page.context().newCDPSession(page)
    const seen = await cdp.send('Page.getAppManifest')
    expect(seen.url).toBe(manifestUrl.href)
    expect(seen.errors).toEqual([])
  })

  it('precaches the app shell, so / and /auth open offline once the service worker is active', async () => {
    const { context, page } = await newPage()
    await page.goto(`${copy.url}/`)
    await page.getByRole('heading', { level: 1, name: LANDING_HEADING }).waitFor()
    await waitForController(page)
    const cached = await page.evaluate(async () => {
      const names = (await caches.keys()).filter((n) => n.startsWith('workbox-precache'))
      const urls: string[] = []
      for (const name of names) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname)
      return urls
    })
    expect(new Set(cached)).toEqual(new Set(copy.precached))

    await context.setOffline(true)
    try {
      await page.reload()
      await page.getByRole('heading', { level: 1, name: LANDING_HEADING }).waitFor()
      expect(await page.evaluate(() => navigator.onLine)).toBe(false)
      // Never opened online: the navigation fallback and the lazily loaded screen both come from the precache.
      await page.goto(`${copy.url}/auth`)
      await page.getByRole('heading', { level: 1, name: 'Giriş yap' }).waitFor()
      await page.getByLabel('E-posta').waitFor()
    } finally {
      await context.setOffline(false)
    }
  })

  it('offers a waiting new version, and activates it and reloads when accepted', async () => {
    const own = await serveBuildCopy(build)
    copies.push(own)
    const { page } = await newPage()
    await page.goto(`${own.url}/`)
    await waitForController(page)
    // A returning visitor: the page starts under the installed worker.
    await page.reload()
    await page.getByRole('heading', { level: 1, name: LANDING_HEADING }).waitFor()
    expect(await controllerVersion(page)).toBe('v1')

    await own.shipWorker('v2')
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())!.update()
    })
    const prompt = page.getByRole('alert').filter({ hasText: 'Yeni bir sürüm hazır' })
    await prompt.waitFor()
    await prompt.getByText('En son sürümü kullanmak için sayfayı yenileyin.').waitFor()
    // The new worker waits for the owner's consent.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting !== null)).toBe(true)
    expect(await controllerVersion(page)).toBe('v1')

    // "Later" hides the offer; the next page load makes it again.
    await prompt.getByRole('button', { name: 'Sonra' }).click()
    await prompt.waitFor({ state: 'detached' })
    await page.reload()
    await prompt.waitFor()
    expect(await controllerVersion(page)).toBe('v1')

    const reloaded = page.waitForEvent('load')
    await prompt.getByRole('button', { name: 'Yenile' }).click()
    await reloaded
    await page.getByRole('heading', { level: 1, name: LANDING_HEADING }).waitFor()
    await expect.poll(() => controllerVersion(page)).toBe('v2')
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting)).toBeNull()
    expect(await prompt.count()).toBe(0)
  })

  it('offers its own install button when the browser allows installation', async () => {
    const { page } = await newPage({ serviceWorkers: 'block' })
    await page.goto(`${copy.url}/`)
    await page.getByRole('heading', { level: 1, name: LANDING_HEADING }).waitFor()
    const install = page.getByRole('banner').getByRole('button', { name: 'Uygulamayı yükle' })
    expect(await install.count()).toBe(0)

    const prevented = await page.evaluate(() => {
      const record = { prompts: 0, choose: (_outcome: string) => undefined as void }
      const event = new Event('beforeinstallprompt', { cancelable: true })
      const userChoice = new Promise((resolve) => {
        record.choose = (outcome) => resolve({ outcome, platform: 'web' })
      })
      Object.assign(event, {
        prompt: async () => {
          record.prompts += 1
        },
        userChoice,
      })
      Object.assign(window, { __install: record })
      window.dispatchEvent(event)
      return event.defaultPrevented
    })
    // The browser's own mini-infobar stays away; the app offers installation itself.
    expect(prevented).toBe(true)
    await install.waitFor()
    const prompts = () => page.evaluate(() => (window as unknown as { __install: { prompts: number } }).__install.prompts)
    expect(await prompts()).toBe(0)

    await install.click()
    await expect.poll(prompts).toBe(1)
    await page.evaluate(() => (window as unknown as { __install: { choose(o: string): void } }).__install.choose('accepted'))
    await install.waitFor({ state: 'detached' })
    // An offer the browser has used up is not made again.
    expect(await prompts()).toBe(1)

    // A fresh offer comes back, and installing by other means withdraws it.
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true })
      Object.assign(event, { prompt: async () => undefined, userChoice: new Promise(() => undefined) })
      window.dispatchEvent(event)
    })
    await install.waitFor()
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')))
    await install.waitFor({ state: 'detached' })
  })
})
