// The app shell in real Chromium against the production build and the local
// stack: route guards, both languages, the phone layout and an offline start.
import { describe, expect, it } from 'vitest'
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { formatUsd, PLANS, type PlanId } from '../../domain/plans.ts'
import { useAppUnderTest } from '../support/app-under-test.ts'
import { reloadUnderServiceWorker } from '../support/browser.ts'
import { createVerifiedOwner, insertRows } from '../support/owners.ts'

describe('app shell', () => {
  const running = useAppUnderTest()

  async function newPage(viewport = { width: 1280, height: 800 }, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
    const context = await running.newContext({ viewport, ...options })
    const page = await context.newPage()
    return { context, page }
  }

  async function passwordSession(email: string, password: string): Promise<Record<string, unknown>> {
    const res = await fetch(`${running.keys.api}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: running.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
    expect(res.status).toBe(200)
    return (await res.json()) as Record<string, unknown>
  }

  /** Puts the session where supabase-js looks for it, then opens `path`. */
  async function signInAs(page: Page, session: Record<string, unknown>, path: string) {
    await page.goto(`${running.app}/`)
    await running.storeSession(page, session)
    await page.goto(`${running.app}${path}`)
  }

  async function expectPath(page: Page, path: string) {
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(path)
  }

  it('sends a signed-out visitor from the dashboard to /auth', async () => {
    const { page } = await newPage()
    await page.goto(`${running.app}/dashboard`)
    await expectPath(page, '/auth')
    await page.goto(`${running.app}/dashboard/products`)
    await expectPath(page, '/auth')
    // The public top bar offers sign-in.
    await page.getByRole('banner').getByRole('link', { name: 'Giriş yap' }).waitFor()
  })

  it('sends a signed-in, verified owner from /auth and /phone-verify to the dashboard', async () => {
    const { page } = await newPage()
    await signInAs(page, await passwordSession('demo@example.com', 'demo1234'), '/auth')
    await expectPath(page, '/dashboard')
    await page.getByRole('heading', { level: 1, name: 'Krediler' }).waitFor()
    await page.goto(`${running.app}/phone-verify`)
    await expectPath(page, '/dashboard')

    const nav = page.getByRole('navigation', { name: 'Panel' })
    for (const name of ['Krediler', 'Ürünler', 'Takvim', 'Müşteriler', 'Sohbet Botu', 'Ayarlar']) {
      await nav.getByRole('link', { name, exact: true }).waitFor()
    }
    // The demo business has one WhatsApp customer waiting for a person: the inbox's item says so.
    await nav.getByRole('link', { name: 'Sohbetler 1 sohbet sizi bekliyor', exact: true }).waitFor()
    expect(await nav.getByRole('link', { name: 'Krediler' }).getAttribute('aria-current')).toBe('page')
    await nav.getByRole('link', { name: 'Ürünler' }).click()
    await expectPath(page, '/dashboard/products')
    await page.getByRole('heading', { level: 1, name: 'Ürünler' }).waitFor()
    expect(await nav.getByRole('link', { name: 'Ürünler' }).getAttribute('aria-current')).toBe('page')
    expect(await nav.getByRole('link', { name: 'Krediler' }).getAttribute('aria-current')).toBeNull()
    await page.getByTestId('profile-card').getByText('demo@example.com').waitFor()
    await page.getByRole('main').waitFor()

    // The payment return carries session_id and links to the credits screen.
    await page.goto(`${running.app}/dashboard/success?session_id=cs_test_1`)
    await page.getByRole('link', { name: 'Kredilere git' }).click()
    await expectPath(page, '/dashboard/credits')
    await page.getByRole('heading', { level: 1, name: 'Krediler' }).waitFor()

    // Signing out leaves the dashboard and forgets the cached profile.
    await nav.getByRole('button', { name: 'Çıkış yap' }).click()
    await expectPath(page, '/')
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('profile-cache:')))).toEqual([])
    await page.goto(`${running.app}/dashboard`)
    await expectPath(page, '/auth')
  })

  it('sends a signed-in owner whose phone is not verified to /phone-verify', async () => {
    const digits = String(Date.now()).slice(-9)
    const email = `unverified-${digits}@example.com`
    const res = await fetch(`${running.keys.api}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: running.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        email, password: 'secret-pass-1', data: { business_name: 'Kuaför Ayşe', phone_number: `+905${digits}` },
      }),
    })
    expect(res.status).toBe(200)
    const { page } = await newPage()
    await signInAs(page, await passwordSession(email, 'secret-pass-1'), '/dashboard')
    await expectPath(page, '/phone-verify')
  })

  it('sends a signed-out visitor from /phone-verify to /auth', async () => {
    const { page } = await newPage()
    await page.goto(`${running.app}/phone-verify`)
    await expectPath(page, '/auth')
    await page.getByRole('heading', { level: 1, name: 'Giriş yap' }).waitFor()
  })

  it('sends a signed-in owner without a phone number from /phone-verify to /auth, and keeps them there', async () => {
    const email = `no-phone-${Date.now()}@example.com`
    const res = await fetch(`${running.keys.api}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: running.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret-pass-1', data: { business_name: 'Kuaför Ayşe' } }),
    })
    expect(res.status).toBe(200)
    const session = await passwordSession(email, 'secret-pass-1')
    const profiles = await fetch(`${running.keys.api}/rest/v1/users?select=phone_number,phone_verified`, {
      headers: { apikey: running.keys.anonKey, authorization: `Bearer ${String(session.access_token)}` },
    })
    expect(await profiles.json()).toEqual([{ phone_number: null, phone_verified: false }])

    const { page } = await newPage()
    await signInAs(page, session, '/phone-verify')
    await expectPath(page, '/auth')
    await page.getByRole('heading', { level: 1, name: 'Giriş yap' }).waitFor()
    // The dashboard would send them to /phone-verify and that back to /auth: the screen must settle here.
    await page.goto(`${running.app}/dashboard`)
    await page.getByRole('heading', { level: 1, name: 'Giriş yap' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/auth')
  })

  it('starts in Turkish, switches to English and back, and remembers the choice', async () => {
    const { page } = await newPage()
    await page.goto(`${running.app}/`)
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('tr')
    const switcher = page.getByTestId('language-switcher')
    expect(await switcher.getAttribute('aria-label')).toBe('Dil: Türkçe, TR')

    await switcher.click()
    await page.getByRole('menuitem', { name: 'English' }).click()
    // The switch takes half a second and shows that it is working.
    await expect.poll(() => switcher.getAttribute('aria-busy')).toBe('true')
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en')
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor()
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en')

    await page.reload()
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en')
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor()
    await page.goto(`${running.app}/no/such/page`)
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()

    await page.getByTestId('language-switcher').click()
    await page.getByRole('menuitem', { name: 'Türkçe' }).click()
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('tr')
    await page.getByRole('heading', { name: 'Sayfa bulunamadı' }).waitFor()
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('tr')
  })

  it('lists every package of domain/plans.ts in the pricing grid with its price, Most popular on Business alone', async () => {
    const words = {
      tr: { starter: 'Başlangıç', growth: 'Büyüme', business: 'İşletme', enterprise: 'Kurumsal', custom: 'Size özel', popular: 'En popüler' },
      en: { starter: 'Starter', growth: 'Growth', business: 'Business', enterprise: 'Enterprise', custom: 'Custom', popular: 'Most popular' },
    } satisfies Record<string, Record<PlanId | 'custom' | 'popular', string>>
    expect(PLANS.filter((p) => p.popular).map((p) => p.id)).toEqual(['business'])
    for (const locale of ['tr', 'en'] as const) {
      const { page } = await newPage()
      await page.goto(`${running.app}/`)
      await page.evaluate((language) => localStorage.setItem('language', language), locale)
      await page.reload()
      // The prerendered page is Turkish; English comes once the app has loaded, which a busy machine can take seconds to do.
      await expect.poll(() => page.getAttribute('html', 'lang'), { timeout: 20_000 }).toBe(locale)
      const pricing = page.locator('#pricing')
      const cards = pricing.getByRole('article')
      await expect.poll(() => cards.count()).toBe(PLANS.length)
      for (const plan of PLANS) {
        const card = pricing.getByRole('article', { name: words[locale][plan.id], exact: true })
        const price = plan.priceCents === null ? words[locale].custom : formatUsd(plan.priceCents, locale)
        await card.getByText(price, { exact: true }).waitFor()
        const badges = await card.getByText(words[locale].popular, { exact: true }).count()
        expect(badges, `${locale} ${plan.id}`).toBe(plan.id === 'business' ? 1 : 0)
      }
      expect(await pricing.getByText(words[locale].popular, { exact: true }).count()).toBe(1)
    }
  })

  it('shows a translated not-found page with a link home', async () => {
    const { page } = await newPage()
    await page.goto(`${running.app}/does-not-exist`)
    await page.getByRole('heading', { level: 1, name: 'Sayfa bulunamadı' }).waitFor()
    await page.getByRole('link', { name: 'Ana sayfaya dön' }).click()
    await expectPath(page, '/')
  })

  it('fits a 375 px phone with the navigation in a drawer opened by the burger', async () => {
    const { page } = await newPage({ width: 375, height: 740 })
    await signInAs(page, await passwordSession('demo@example.com', 'demo1234'), '/dashboard')
    await page.getByRole('heading', { level: 1, name: 'Krediler' }).waitFor()
    const productsLink = page.getByRole('navigation', { name: 'Panel' }).getByRole('link', { name: 'Ürünler' })
    expect(await productsLink.isVisible().then((v) => v && inViewport(page, productsLink))).toBe(false)

    const burger = page.getByRole('button', { name: 'Menüyü aç' })
    expect(await burger.getAttribute('aria-expanded')).toBe('false')
    await burger.click()
    await expect.poll(() => inViewport(page, productsLink)).toBe(true)
    expect(await page.getByRole('button', { name: 'Menüyü kapat' }).getAttribute('aria-expanded')).toBe('true')
    await productsLink.click()
    await expectPath(page, '/dashboard/products')
    await page.getByRole('heading', { level: 1, name: 'Ürünler' }).waitFor()
    // Choosing a screen closes the drawer.
    await expect.poll(() => inViewport(page, productsLink)).toBe(false)
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(scrollWidth).toBeLessThanOrEqual(375)
  })

  it('shows the sync status of the local store: synced online, offline with the connection gone', async () => {
    const { context, page } = await newPage()
    await signInAs(page, await passwordSession('demo@example.com', 'demo1234'), '/dashboard')
    const status = page.getByTestId('sync-status')
    await expect.poll(() => status.getAttribute('data-phase'), { timeout: 20_000 }).toBe('idle')
    await page.getByRole('button', { name: 'Eşitleme durumu: Eşitlendi', exact: true }).waitFor()
    await status.click()
    const details = page.getByRole('dialog')
    await details.getByText('Bu cihaz çevrimiçi.').waitFor()
    await details.getByText('Bekleyen değişiklik yok.').waitFor()
    await details.getByText(/^Son eşitleme/).waitFor()

    await context.setOffline(true)
    await expect.poll(() => status.getAttribute('data-phase')).toBe('offline')
    await details.getByText(/^Bu cihaz çevrimdışı\./).waitFor()
    await context.setOffline(false)
    await expect.poll(() => status.getAttribute('data-phase'), { timeout: 20_000 }).toBe('idle')
  })

  it('syncs the owner\'s data onto the device from a screen that does not read it, for use offline', async () => {
    const owner = await createVerifiedOwner(running.keys)
    await insertRows(running.keys, owner, 'products', [{ id: crypto.randomUUID(), name: 'Çevrimdışı gömlek', price: 120, currency: 'TRY', stock: 3 }])
    // Credits reads nothing from the local store: it opens once the screen is idle, and syncs all the same.
    const { context, page } = await running.openAs(owner, '/dashboard', { serviceWorker: true })
    await page.getByRole('heading', { level: 1, name: 'Krediler' }).waitFor()
    await expect.poll(() => page.getByTestId('sync-status').getAttribute('data-phase'), { timeout: 20_000 }).toBe('idle')
    // The products screen's code comes from the service worker's cache offline.
    await reloadUnderServiceWorker(page)
    await page.getByRole('heading', { level: 1, name: 'Krediler' }).waitFor()

    await context.setOffline(true)
    await page.getByRole('navigation', { name: 'Panel' }).getByRole('link', { name: 'Ürünler' }).click()
    await page.getByText('Çevrimdışı gömlek').first().waitFor()
    await context.setOffline(false)
  })

  it('reloads the dashboard offline for a signed-in owner once the service worker controls the page', async () => {
    const { context, page } = await newPage(undefined, { serviceWorkers: 'allow' })
    await signInAs(page, await passwordSession('demo@example.com', 'demo1234'), '/dashboard')
    await page.getByRole('heading', { level: 1, name: 'Krediler' }).waitFor()
    // One online load served by the worker, so the runtime config is cached too.
    await reloadUnderServiceWorker(page)
    await page.getByRole('heading', { level: 1, name: 'Krediler' }).waitFor()
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)

    await context.setOffline(true)
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Krediler' }).waitFor()
    await expectPath(page, '/dashboard')
    await page.getByTestId('profile-card').getByText('demo@example.com').waitFor()
    await page.getByRole('navigation', { name: 'Panel' }).getByRole('link', { name: 'Ayarlar' }).click()
    await expectPath(page, '/dashboard/settings')
    await context.setOffline(false)
  })
})

async function inViewport(page: Page, locator: ReturnType<Page['locator']>): Promise<boolean> {
  const box = await locator.boundingBox()
  const width = page.viewportSize()?.width ?? 0
  return box !== null && box.x >= 0 && box.x + box.width <= width + 1
}
