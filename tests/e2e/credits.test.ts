// The credits screen and the payment return page in real Chromium against the
// production build and the local stack, whose payment provider is the local
// checkout page: a purchase paid there, one cancelled there, the processing
// banner after a return, offline, and the failure states.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { ENTERPRISE_CONTACT_EMAIL } from '../../domain/plans.ts'
import { POLL_DURATION_MS, POLL_INTERVAL_MS, RETURN_REDIRECT_MS } from '../../src/features/credits/constants.ts'
import { axeViolations } from '../support/axe.ts'
import { useAppUnderTest, type OpenOptions } from '../support/app-under-test.ts'
import { reloadUnderServiceWorker } from '../support/browser.ts'
import { createVerifiedOwner, serverRows, type Owner } from '../support/owners.ts'


type Balance = { amount: number; used: number; remaining: number }
type ServerTransaction = { amount: number; credits_purchased: number; status: string; provider_session_id: string }

describe('credits screen', () => {
  const running = useAppUnderTest()

  const open = (owner: Owner, path = '/dashboard', options: OpenOptions = {}) => running.openAs(owner, path, options)

  const balance = async (owner: Owner) => (await serverRows<Balance>(running.keys, owner, 'credits', 'select=amount,used,remaining'))[0]
  const transactions = (owner: Owner) =>
    serverRows<ServerTransaction>(running.keys, owner, 'transactions', 'select=amount,credits_purchased,status,provider_session_id&order=created_at.desc')
  const remaining = (page: Page) => page.getByTestId('balance-remaining').textContent()
  const path = (page: Page) => new URL(page.url()).pathname
  const search = (page: Page) => new URL(page.url()).search

  /**
   * Waits for the return page to reach `state`, moving the page's clock on
   * meanwhile (the page must be opened with `clock`): its waits before and
   * after asking the server pass in a moment, its requests take their time.
   */
  async function returnPageReaches(page: Page, state: string) {
    const panel = page.getByTestId('payment-return')
    const deadline = Date.now() + 15_000
    while ((await panel.getAttribute('data-state')) !== state) {
      if (Date.now() > deadline) throw new Error(`the return page never showed "${state}": it shows "${await panel.getAttribute('data-state')}"`)
      await page.clock.runFor(250)
    }
  }

  /** A checkout session opened through the function as the app opens it, for the tests that return without the browser paying. */
  async function openSession(owner: Owner, priceId = 'price_starter'): Promise<string> {
    const res = await fetch(`${running.keys.api}/functions/v1/create-checkout-session`, {
      method: 'POST',
      headers: { apikey: running.keys.anonKey, authorization: `Bearer ${owner.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        price_id: priceId,
        success_url: `${running.app}/dashboard/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${running.app}/dashboard`,
        mode: 'payment',
      }),
    })
    const body = (await res.json()) as { session_id?: string }
    expect(res.status).toBe(200)
    return body.session_id!
  }

  /** The dashboard with its requests to `url` (a route pattern) held until the test, done looking at what they show, calls `release()`. */
  async function openHolding(owner: Owner, url: string) {
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    const { page } = await open(owner, '/dashboard', {
      setup: (p) =>
        p.route(url, async (route) => {
          await released
          await route.continue()
        }),
    })
    return { page, release }
  }

  /** What the Pay button of the local checkout page does, without a browser. */
  async function paySession(sessionId: string) {
    const res = await fetch(`${running.keys.api}/__local/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' })
    expect(res.status).toBe(303)
  }

  it('buys Starter at the provider: the return page confirms it once however often it is reloaded, and the dashboard shows 250', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const { page } = await open(owner, '/dashboard', { clock: new Date() })
    await page.getByRole('heading', { level: 1, name: 'Krediler' }).waitFor()
    await expect.poll(() => remaining(page), { timeout: 20_000 }).toBe('0')
    expect(await page.getByTestId('balance-purchased').textContent()).toBe('0')
    await page.getByTestId('transactions-empty').waitFor()
    // Enterprise is not sold by card: it is a mail link.
    const contact = page.getByTestId('plan-enterprise').getByRole('link', { name: 'Bize ulaşın' })
    expect(await contact.getAttribute('href')).toMatch(new RegExp(`^mailto:${ENTERPRISE_CONTACT_EMAIL}\\?subject=`))
    expect(await axeViolations(page)).toEqual([])

    const buy = page.getByRole('button', { name: 'Başlangıç paketini satın al' })
    await Promise.all([page.waitForURL(/\/__local\/checkout\/cs_local_[0-9a-f]{32}$/, { timeout: 20_000 }), buy.click()])
    const sessionId = page.url().split('/').pop()!
    await page.getByRole('heading', { name: /Local checkout/ }).waitFor()

    await page.getByRole('button', { name: /^Pay/ }).click()
    await page.waitForURL(`${running.app}/dashboard/success?session_id=${sessionId}`)
    const panel = page.getByTestId('payment-return')
    await page.getByRole('heading', { level: 1, name: 'Ödemeniz işleniyor' }).waitFor()
    await returnPageReaches(page, 'credited')
    expect(await panel.getByTestId('credits-added').textContent()).toBe('Hesabınıza 250 mesaj kredisi eklendi.')
    await panel.getByText('Birkaç saniye içinde panele yönlendirileceksiniz.').waitFor()
    await panel.getByRole('link', { name: 'Ürünlere git' }).waitFor()
    expect(await axeViolations(page)).toEqual([])

    // A reloaded return page asks again; nothing is credited twice.
    for (let i = 0; i < 2; i++) {
      await page.reload()
      await returnPageReaches(page, 'credited')
      expect(await balance(owner)).toEqual({ amount: 250, used: 0, remaining: 250 })
    }
    expect(await transactions(owner)).toEqual([{ amount: 1500, credits_purchased: 250, status: 'completed', provider_session_id: sessionId }])

    // It moves on to the dashboard by itself, where the purchase is in.
    await page.clock.runFor(RETURN_REDIRECT_MS)
    await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/dashboard')
    expect(search(page)).toBe('')
    await expect.poll(() => remaining(page), { timeout: 20_000 }).toBe('250')
    expect(await page.getByTestId('balance-purchased').textContent()).toBe('250')
    expect(await page.getByTestId('balance-used').textContent()).toBe('0')
    const rows = page.getByTestId('transaction-row')
    expect(await rows.count()).toBe(1)
    expect(await rows.first().textContent()).toContain('$15,00')
    expect(await rows.first().getByTestId('transaction-status').textContent()).toBe('Tamamlandı')
    expect(await rows.first().getByTestId('transaction-status').getAttribute('data-tone')).toBe('completed')
    expect(await axeViolations(page)).toEqual([])
  })

  it('comes back to the dashboard with nothing credited when the buyer cancels at the provider', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const { page } = await open(owner, '/dashboard/credits')
    await expect.poll(() => remaining(page), { timeout: 20_000 }).toBe('0')
    await Promise.all([
      page.waitForURL(/\/__local\/checkout\/cs_local_/, { timeout: 20_000 }),
      page.getByRole('button', { name: 'Büyüme paketini satın al' }).click(),
    ])
    await page.getByRole('button', { name: /^Cancel/ }).click()
    await page.waitForURL(`${running.app}/dashboard`)
    await page.getByRole('heading', { level: 1, name: 'Krediler' }).waitFor()
    await expect.poll(() => remaining(page), { timeout: 20_000 }).toBe('0')
    await page.getByTestId('transactions-empty').waitFor()
    expect(await page.getByTestId('processing-banner').count()).toBe(0)
    // Back at the screen the buttons work again.
    expect(await page.getByRole('button', { name: 'Büyüme paketini satın al' }).isEnabled()).toBe(true)
    expect(await balance(owner)).toEqual({ amount: 0, used: 0, remaining: 0 })
    expect(await transactions(owner)).toEqual([])
  })

  it('says how many WhatsApp messages went unanswered for lack of credits', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const plain = await running.openAs(owner, '/dashboard/credits')
    await plain.page.getByTestId('balance-remaining').waitFor()
    expect(await plain.page.getByTestId('credits-unanswered').count()).toBe(0)
    await plain.context.close()

    // As whatsapp-webhook keeps a message it could not pay a reply for.
    const rows = [1, 2, 3].map((n) => ({ user_id: owner.id, message_id: `wamid.unanswered${n}`, wa_id: '905321234567', kind: 'text', body: `soru ${n}`, status: 'no_credits' }))
    const res = await fetch(`${running.keys.api}/rest/v1/whatsapp_inbound_messages`, {
      method: 'POST',
      headers: { apikey: running.keys.serviceRoleKey, authorization: `Bearer ${running.keys.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(rows),
    })
    expect(res.ok).toBe(true)
    const { page } = await running.openAs(owner, '/dashboard/credits')
    await page.getByTestId('credits-unanswered').waitFor()
    expect(await page.getByTestId('credits-unanswered').textContent()).toContain('Krediniz yokken gelen 3 WhatsApp mesajı yanıtlanmadı.')
    expect(await axeViolations(page)).toEqual([])
  })

  it('shows skeletons announced as a status while the balance loads', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const { page, release } = await openHolding(owner, '**/rest/v1/credits*')
    const loading = page.getByTestId('credits-loading')
    await loading.waitFor()
    expect(await loading.getAttribute('role')).toBe('status')
    expect(await loading.textContent()).toBe('Krediler yükleniyor')
    const transactionsLoading = page.getByTestId('transactions-loading')
    expect(await transactionsLoading.getAttribute('role')).toBe('status')
    expect(await transactionsLoading.textContent()).toBe('İşlemler yükleniyor')
    expect(await page.getByRole('status').filter({ hasText: 'Krediler yükleniyor' }).count()).toBe(1)
    expect(await page.getByTestId('balance-remaining').count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])

    release()
    await expect.poll(() => remaining(page), { timeout: 20_000 }).toBe('0')
    await loading.waitFor({ state: 'detached' })
    await transactionsLoading.waitFor({ state: 'detached' })
  })

  it('spins the clicked plan and disables the others until the browser leaves for the provider', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const { page, release } = await openHolding(owner, '**/functions/v1/create-checkout-session')
    await expect.poll(() => remaining(page), { timeout: 20_000 }).toBe('0')
    const growth = page.getByRole('button', { name: 'Büyüme paketini satın al' })
    await growth.click()
    await expect.poll(() => growth.getAttribute('data-loading')).toBe('true')
    for (const name of ['Başlangıç paketini satın al', 'İşletme paketini satın al']) {
      expect(await page.getByRole('button', { name }).isDisabled(), name).toBe(true)
    }
    expect(await page.getByTestId('plan-enterprise').getByRole('link', { name: 'Bize ulaşın' }).isVisible()).toBe(true)

    release()
    await page.waitForURL(/\/__local\/checkout\/cs_local_[0-9a-f]{32}$/, { timeout: 20_000 })
  })

  it('shows the processing banner after a return and re-reads until the purchase arrives', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const sessionId = await openSession(owner, 'price_growth')
    const { page } = await open(owner, `/dashboard?session_id=${sessionId}`)
    const banner = page.getByTestId('processing-banner')
    await banner.getByText('Ödemeniz işleniyor').waitFor()
    await expect.poll(() => remaining(page), { timeout: 20_000 }).toBe('0')
    // Each disabled button points at the banner that says why.
    const bannerId = await banner.getAttribute('id')
    expect(bannerId).toBeTruthy()
    for (const name of ['Başlangıç paketini satın al', 'Büyüme paketini satın al', 'İşletme paketini satın al']) {
      const button = page.getByRole('button', { name })
      expect(await button.isDisabled()).toBe(true)
      expect(await button.getAttribute('aria-describedby'), name).toBe(bannerId)
    }
    expect(await axeViolations(page)).toEqual([])

    // The webhook arrives while the screen waits: the next re-read shows it and the wait ends.
    await paySession(sessionId)
    await expect.poll(() => remaining(page), { timeout: 10_000 }).toBe('1.000')
    await page
      .getByText(/^Hesabınıza 1\.?000 mesaj kredisi eklendi\.$/)
      .first()
      .waitFor()
    await banner.waitFor({ state: 'detached' })
    expect(path(page)).toBe('/dashboard')
    expect(search(page)).toBe('')
    expect(await page.getByRole('button', { name: 'Başlangıç paketini satın al' }).isEnabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Başlangıç paketini satın al' }).getAttribute('aria-describedby')).toBeNull()
    expect(await page.getByTestId('transaction-row').first().textContent()).toContain('$60,00')
  })

  it('gives up waiting after 30 s: the banner and the query string go, purchases come back', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const sessionId = await openSession(owner)
    // The wait starts in an effect of the render that shows the banner, so the page's clock when the banner entered the
    // DOM is no later than the wait's start (read from the test, it would be a round trip later).
    const { page } = await open(owner, `/dashboard?session_id=${sessionId}`, { clock: new Date(), initScript: recordBannerShown })
    const banner = page.getByTestId('processing-banner')
    await banner.waitFor()
    const pageNow = () => page.evaluate(() => Date.now())
    const shownAt = await page.evaluate(() => (window as unknown as { bannerShownAt: number }).bannerShownAt)
    expect(await page.getByRole('button', { name: 'Başlangıç paketini satın al' }).isDisabled()).toBe(true)
    // Re-reads happen every 2 s while the banner shows. The page's clock is
    // moved on a re-read at a time, each one answered before the next step,
    // so the 30 s pass in a moment and every re-read is counted.
    let reads = 0
    page.on('requestfinished', (request) => {
      if (request.url().includes('/rest/v1/credits')) reads++
    })
    let stepsPastTheWait = 0
    while (await banner.isVisible()) {
      expect(stepsPastTheWait, 'the banner outlived the wait').toBeLessThan(3)
      const before = reads
      await page.clock.runFor(POLL_INTERVAL_MS)
      const elapsed = (await pageNow()) - shownAt
      // The screen began its wait a moment after the banner showed, so in the wait's last interval a re-read may or
      // may not come; before it, every step brings one, and after it the banner has a few steps to go.
      if (elapsed < POLL_DURATION_MS - POLL_INTERVAL_MS) await expect.poll(() => reads, { timeout: 10_000 }).toBeGreaterThan(before)
      else if (elapsed >= POLL_DURATION_MS) stepsPastTheWait++
    }
    expect((await pageNow()) - shownAt).toBeGreaterThanOrEqual(POLL_DURATION_MS)
    // Real time passes as well between the steps, so a few steps may hold a little more than 2 s.
    expect(reads).toBeGreaterThanOrEqual(10)
    expect(path(page)).toBe('/dashboard')
    expect(search(page)).toBe('')
    expect(await page.getByRole('button', { name: 'Başlangıç paketini satın al' }).isEnabled()).toBe(true)
    expect(await remaining(page)).toBe('0')
  })

  it('reads the balance again when the tab becomes visible, as after a purchase finished in another tab', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const { page } = await open(owner, '/dashboard', { clock: new Date() })
    await expect.poll(() => remaining(page), { timeout: 20_000 }).toBe('0')
    await page.getByTestId('transactions-empty').waitFor()
    await paySession(await openSession(owner))
    // Nothing else re-reads this screen without a session id in the query: a
    // minute of the page's timers passes without a read of the balance.
    const reads: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/rest/v1/credits') reads.push(r.url())
    })
    await page.clock.runFor(60_000)
    expect(reads).toEqual([])
    expect(await remaining(page)).toBe('0')
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
    await expect.poll(() => remaining(page), { timeout: 10_000 }).toBe('250')
    expect(await page.getByTestId('transaction-row').count()).toBe(1)
  })

  it('says it is offline instead of failing, keeps its figures and disables purchases; back online it reads again', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const { context, page } = await open(owner, '/dashboard', { serviceWorker: true })
    await expect.poll(() => remaining(page), { timeout: 20_000 }).toBe('0')
    // One online load served by the worker, so the app and its config are cached for the offline reload below.
    await reloadUnderServiceWorker(page)
    await expect.poll(() => remaining(page), { timeout: 20_000 }).toBe('0')

    await context.setOffline(true)
    const offline = page.getByTestId('credits-offline')
    await offline.getByText('Çevrimdışısınız').waitFor()
    await offline.getByText(/Bu rakamlar son ziyaretinizden/).waitFor()
    expect(await remaining(page)).toBe('0')
    const starter = page.getByRole('button', { name: 'Başlangıç paketini satın al' })
    expect(await starter.isDisabled()).toBe(true)
    expect(await starter.getAttribute('aria-describedby')).toBe(await offline.getAttribute('id'))
    expect(await page.getByTestId('credits-error').count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])

    // A fresh start offline has nothing to show and says when it will.
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Krediler' }).waitFor({ timeout: 20_000 })
    await offline.getByText(/Yeniden çevrimiçi olduğunuzda hemen yüklenecekler/).waitFor()
    expect(await page.getByTestId('credits-error').count()).toBe(0)
    expect(await page.getByTestId('balance-remaining').count()).toBe(0)

    // Meanwhile a purchase is credited; the connection returns and the screen reads it.
    await paySession(await openSession(owner))
    await context.setOffline(false)
    await expect.poll(() => remaining(page), { timeout: 20_000 }).toBe('250')
    await offline.waitFor({ state: 'detached' })
    expect(await page.getByRole('button', { name: 'Başlangıç paketini satın al' }).isEnabled()).toBe(true)
  })

  it('says on the return page that confirming needs a connection, and confirms the purchase once back online', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const { context, page } = await open(owner, '/dashboard', { clock: new Date(), serviceWorker: true })
    await expect.poll(() => remaining(page), { timeout: 20_000 }).toBe('0')
    // One online load served by the worker, so the app is cached for the offline visit below.
    await reloadUnderServiceWorker(page)
    await expect.poll(() => remaining(page), { timeout: 20_000 }).toBe('0')

    const sessionId = await openSession(owner)
    await context.setOffline(true)
    await page.goto(`${running.app}/dashboard/success?session_id=${sessionId}`)
    const panel = page.getByTestId('payment-return')
    await panel.getByRole('heading', { level: 1, name: 'Çevrimdışısınız' }).waitFor({ timeout: 20_000 })
    await panel.getByText('Krediler ve ödemeler internet bağlantısı gerektirir. Yeniden çevrimiçi olduğunuzda ödemeniz hemen kontrol edilecek.').waitFor()
    expect(await panel.getAttribute('data-state')).toBe('offline')
    expect(await axeViolations(page)).toEqual([])
    // Offline the check does not run out into "credits will be added soon" (2 s wait + 3 s), nor leave the page.
    await page.clock.runFor(10_000)
    expect(await panel.getAttribute('data-state')).toBe('offline')
    expect(path(page)).toBe('/dashboard/success')

    // The provider's webhook lands meanwhile; back online, the page checks and confirms it.
    await paySession(sessionId)
    await context.setOffline(false)
    await returnPageReaches(page, 'credited')
    expect(await panel.getByTestId('credits-added').textContent()).toBe('Hesabınıza 250 mesaj kredisi eklendi.')
    expect(await balance(owner)).toEqual({ amount: 250, used: 0, remaining: 250 })
  })

  it('shows the load error with Try Again, and the checkout failure, in English on a phone', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const context = await running.newContext({ viewport: { width: 375, height: 740 } })
    const page = await context.newPage()
    let failCredits = true
    await page.route('**/rest/v1/credits*', (route) =>
      failCredits ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }) : route.continue(),
    )
    await page.route('**/functions/v1/create-checkout-session', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'rate_limited' }) }),
    )
    await page.goto(`${running.app}/`)
    await running.storeSession(page, owner.session, { language: 'en' })
    await page.goto(`${running.app}/dashboard`)
    await page.getByRole('heading', { level: 1, name: 'Credits' }).waitFor()
    const error = page.getByTestId('credits-error')
    await error.getByText('Unable to Load Credits').waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('balance-remaining').count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])

    failCredits = false
    await error.getByRole('button', { name: 'Try Again' }).click()
    await expect.poll(() => remaining(page), { timeout: 20_000 }).toBe('0')
    await error.waitFor({ state: 'detached' })

    await page.getByRole('button', { name: 'Buy Business' }).click()
    const alert = page.getByTestId('checkout-error')
    await alert.getByText('Failed to start checkout process. Please try again.').waitFor()
    await alert.getByText('Too many payment attempts in the last hour. Please wait a while before trying again.').waitFor()
    expect(await axeViolations(page)).toEqual([])
    expect(await alert.getAttribute('role')).toBe('alert')
    // The spinner stops and the button can be used again.
    expect(await page.getByRole('button', { name: 'Buy Business' }).isEnabled()).toBe(true)
    expect(path(page)).toBe('/dashboard')
    await alert.getByRole('button', { name: 'Dismiss' }).click()
    await alert.waitFor({ state: 'detached' })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  })

  it('ends the return page without a session id, and reports an unknown session as not confirmed', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const { page } = await open(owner, '/dashboard/success', { language: 'en', clock: new Date() })
    const panel = page.getByTestId('payment-return')
    await expect.poll(() => panel.getAttribute('data-state'), { timeout: 15_000 }).toBe('none')
    await panel.getByRole('link', { name: 'Go to credits' }).waitFor()

    await page.goto(`${running.app}/dashboard/success?session_id=cs_local_${'0'.repeat(32)}`)
    await returnPageReaches(page, 'awaited')
    await panel.getByRole('heading', { level: 1, name: 'Payment not confirmed' }).waitFor()
    await panel.getByText('We could not find this payment for your account.').waitFor()
    expect(await axeViolations(page)).toEqual([])
    // Nothing will arrive for it, so the dashboard it moves on to does not wait either.
    await page.clock.runFor(RETURN_REDIRECT_MS)
    await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/dashboard')
    expect(search(page)).toBe('')
    expect(await balance(owner)).toEqual({ amount: 0, used: 0, remaining: 0 })
  })
})

/** Runs in the page before the app: keeps the page's time when the processing banner first enters the DOM. */
function recordBannerShown(): void {
  const seen = window as unknown as { bannerShownAt?: number }
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-testid="processing-banner"]')) {
      seen.bannerShownAt = Date.now()
      observer.disconnect()
    }
  }).observe(document, { childList: true, subtree: true })
}
