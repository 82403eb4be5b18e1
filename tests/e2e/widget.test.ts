// The website chat widget (/chatbot-widget.js) on an owner's site: a page on
// another origin (tests/support/widget-host.ts, localhost while the app and
// API are on 127.0.0.1) with a strict CSP, embedding the snippet the app
// makes. The answers come from chatbot-api and the owner's real catalogue;
// the owner's own replies are sent through conversation-reply, as the inbox
// sends them, and reach the open widget by its polling.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContextOptions, Page } from 'playwright-core'
import { widgetScriptUrl, widgetSnippet } from '../../domain/chatbot.ts'
import { useAppUnderTest } from '../support/app-under-test.ts'
import { axeViolations } from '../support/axe.ts'
import { productInput } from '../support/factories.ts'
import { createVerifiedOwner, insertRows, updateRows, type Owner } from '../support/owners.ts'
import { startWidgetHost, type WidgetHost, type WidgetHostOptions } from '../support/widget-host.ts'

const app = useAppUnderTest()

const BOT_NAME = 'Kupa Dükkanı Asistanı'
const WELCOME = 'Merhaba! Kupalarımız hakkında ne sormak istersiniz?'
const COLOR = '#0c7a6b'
const PRODUCT = { name: 'Seramik Kupa', price: 149.9, stock: 7 }
const QUESTION = 'Seramik kupa ne kadar?'
/**
 * How long an answer may take to appear: the file's first message also loads
 * the function's module, and CI runs the suites side by side on two cores.
 * Speed is measured by npm run bench:widget and bench:load, not here.
 */
const ANSWERED = { timeout: 20_000 }

let owner: Owner
let snippet: string
const hosts: WidgetHost[] = []

beforeAll(async () => {
  owner = await createVerifiedOwner(app.keys)
  await insertRows(app.keys, owner, 'products', [
    productInput(owner.id, { ...PRODUCT, description: 'El yapımı, 350 ml', currency: 'TRY' }),
    productInput(owner.id, { name: 'Bambu Tabak', price: 89, stock: 20, currency: 'TRY' }),
  ])
  await updateRows(app.keys, owner, 'chatbot_configs', `user_id=eq.${owner.id}`, {
    enabled: true,
    bot_name: BOT_NAME,
    welcome_message: WELCOME,
    primary_color: COLOR,
    allowed_domains: ['localhost'],
  })
  snippet = widgetSnippet({
    userId: owner.id,
    apiUrl: `${app.keys.api}/functions/v1/chatbot-api`,
    scriptUrl: widgetScriptUrl(app.app),
    enabled: true,
    botName: BOT_NAME,
    welcomeMessage: WELCOME,
    primaryColor: COLOR,
    position: 'bottom-right',
  })
})

afterEach(async () => {
  while (hosts.length > 0) await hosts.pop()!.close()
})
afterAll(async () => {
  while (hosts.length > 0) await hosts.pop()!.close()
})

const CLEAN_BODY = '<main><h1>Kupa Dükkanı</h1><p id="intro">El yapımı kupalar.</p><button id="page-button" type="button">Sepet</button></main>'

async function host(options: Partial<WidgetHostOptions> = {}): Promise<WidgetHost> {
  const started = await startWidgetHost({ snippet, body: CLEAN_BODY, ...options })
  hosts.push(started)
  return started
}

type Visit = { page: Page; violations: string[] }

/** Opens the host page in a fresh browser profile, collecting every CSP violation it reports. */
async function visit(url: string, context: BrowserContextOptions = {}): Promise<Visit> {
  const ctx = await app.newContext(context)
  await ctx.addInitScript(() => {
    const w = window as unknown as { __csp: string[] }
    w.__csp = []
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`), true)
  })
  const page = await ctx.newPage()
  const violations: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text())
  })
  await page.goto(url)
  await launcher(page, /.+/).waitFor()
  return { page, violations }
}

async function cspViolations({ page, violations }: Visit): Promise<string[]> {
  return [...violations, ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp))]
}

const launcher = (page: Page, name: string | RegExp = 'Sohbeti aç') => page.locator('chatbot-widget').getByRole('button', { name, exact: true })
const dialog = (page: Page) => page.getByRole('dialog')
const input = (page: Page) => dialog(page).getByRole('textbox')
const botMessages = (page: Page) => page.locator('chatbot-widget .msg.bot:not(.typing)')
const ownerMessages = (page: Page) => page.locator('chatbot-widget .msg.owner')
const userMessages = (page: Page) => page.locator('chatbot-widget .msg.user')

/** The focused element inside the widget's shadow root, by class. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const host = document.querySelector('chatbot-widget')
    return document.activeElement === host ? (host!.shadowRoot!.activeElement?.className ?? null) : null
  })

/** Past the panel's entry animation (the typing dots run for ever and do not count). */
const settled = (page: Page) =>
  page.waitForFunction(() =>
    document.querySelector('chatbot-widget')!.shadowRoot!.getAnimations().every((a) => a.effect?.getComputedTiming().iterations === Infinity),
  )

function waitForChat(page: Page) {
  return page.waitForRequest((r) => r.url().endsWith('/functions/v1/chatbot-api') && r.method() === 'POST')
}

/** The widget's next fetch of its conversation, answered. */
function waitForFetch(page: Page) {
  return page.waitForResponse((r) => r.url().includes('/functions/v1/chatbot-api/conversations/') && r.request().method() === 'GET')
}

/** The owner answering in the inbox: conversation-reply with the owner's access token. */
async function ownerReply(conversationId: string, message: string): Promise<void> {
  const res = await fetch(`${app.keys.api}/functions/v1/conversation-reply`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: app.keys.anonKey, authorization: `Bearer ${owner.accessToken}` },
    body: JSON.stringify({ conversationId, messageId: randomUUID(), message }),
  })
  expect(res.status).toBe(200)
}

describe('the chat widget on an allowed site', () => {
  it('opens with the welcome message and answers a product question from the catalogue', async () => {
    const visitPage = await visit((await host()).url)
    const { page } = visitPage
    await launcher(page).click()
    await expect.poll(() => dialog(page).getAttribute('aria-labelledby')).toBeTruthy()
    await dialog(page).getByRole('heading', { name: BOT_NAME }).waitFor()
    expect(await botMessages(page).first().textContent()).toContain(WELCOME)

    await input(page).fill(QUESTION)
    const request = waitForChat(page)
    await dialog(page).getByRole('button', { name: 'Gönder' }).click()
    const sent = await request
    expect(sent.postDataJSON()).toEqual({ userId: owner.id, message: QUESTION, language: 'tr' })
    // The file's first message also loads the function's module: the answer is awaited, then its bubble.
    expect((await sent.response())?.status()).toBe(200)
    await expect.poll(() => botMessages(page).count(), ANSWERED).toBe(2)
    const reply = (await botMessages(page).nth(1).textContent())!
    // Grounded: the product's real name, price and stock, as stored.
    expect(reply).toMatch(/Seramik Kupa/)
    expect(reply).toMatch(/149,90/)
    expect(reply).toMatch(/7 adet/)
    expect(await userMessages(page).allTextContents()).toEqual([`Siz: ${QUESTION}`])
    expect(await cspViolations(visitPage)).toEqual([])
  })

  it('keeps the conversation across page loads of the site, continuing it by its id', async () => {
    const site = await host()
    const { page } = await visit(site.url)
    await launcher(page).click()
    await input(page).fill(QUESTION)
    const first = waitForChat(page)
    await input(page).press('Enter')
    const firstResponse = await (await first).response()
    const { conversationId } = (await firstResponse!.json()) as { conversationId: string }
    await expect.poll(() => botMessages(page).count(), ANSWERED).toBe(2)

    await page.goto(`${site.origin}/another-page.html`)
    await launcher(page).click()
    await expect.poll(() => botMessages(page).count(), ANSWERED).toBe(2)
    expect(await userMessages(page).allTextContents()).toEqual([`Siz: ${QUESTION}`])
    expect(await botMessages(page).nth(1).textContent()).toMatch(/Seramik Kupa/)

    await input(page).fill('Bambu tabak ne kadar?')
    const second = waitForChat(page)
    await input(page).press('Enter')
    expect((await second).postDataJSON()).toMatchObject({ conversationId })
    await expect.poll(() => botMessages(page).count(), ANSWERED).toBe(3)
  })

  it('can be used with the keyboard alone', async () => {
    const { page } = await visit((await host({ body: '<main><h1>Kupa Dükkanı</h1></main>' })).url)
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('launcher')
    expect(await launcher(page).getAttribute('aria-expanded')).toBe('false')
    await page.keyboard.press('Enter')
    await dialog(page).waitFor()
    expect(await focused(page)).toBe('input')
    expect(await launcher(page, 'Sohbeti küçült').getAttribute('aria-expanded')).toBe('true')
    await page.keyboard.type(QUESTION)
    await page.keyboard.press('Enter')
    await expect.poll(() => botMessages(page).count(), ANSWERED).toBe(2)
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'hidden' })
    expect(await focused(page)).toBe('launcher')
    // Enter opens it again with the conversation; the close button closes it and focus goes back too.
    await page.keyboard.press('Enter')
    expect(await focused(page)).toBe('input')
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Shift+Tab')
    expect(await focused(page)).toBe('icon-btn')
    await page.keyboard.press('Enter')
    await dialog(page).waitFor({ state: 'hidden' })
    expect(await focused(page)).toBe('launcher')
  })

  it('speaks English on an English page and Turkish on a page that names no language', async () => {
    const english = await visit((await host({ lang: 'en' })).url)
    await launcher(english.page, 'Open chat').click()
    expect(await input(english.page).getAttribute('placeholder')).toBe('Type your message…')
    await dialog(english.page).getByRole('button', { name: 'Close chat' }).waitFor()
    await input(english.page).fill('How much is the Seramik Kupa?')
    const request = waitForChat(english.page)
    await input(english.page).press('Enter')
    expect((await request).postDataJSON()).toMatchObject({ language: 'en' })
    await expect.poll(() => botMessages(english.page).count(), ANSWERED).toBe(2)
    expect(await botMessages(english.page).nth(1).textContent()).toMatch(/Seramik Kupa.*149\.90/)

    const none = await visit((await host({ lang: null })).url)
    await launcher(none.page, 'Sohbeti aç').click()
    expect(await input(none.page).getAttribute('placeholder')).toBe('Mesajınızı yazın…')
  })

  it('keeps a message that could not be sent, says why, and sends it once back online', async () => {
    const { page } = await visit((await host()).url)
    await launcher(page).click()
    await page.context().setOffline(true)
    await input(page).fill(QUESTION)
    await input(page).press('Enter')
    const alert = dialog(page).getByRole('alert')
    await expect.poll(() => alert.textContent()).toBe('İnternet bağlantınız yok. Bağlandığınızda mesajınızı tekrar gönderin.')
    expect(await input(page).inputValue()).toBe(QUESTION)
    expect(await userMessages(page).count()).toBe(0)

    await page.context().setOffline(false)
    await input(page).press('Enter')
    await expect.poll(() => botMessages(page).count(), ANSWERED).toBe(2)
    expect(await alert.isVisible()).toBe(false)
    expect(await input(page).inputValue()).toBe('')
  })

  it('fits a 320 px wide phone: the panel takes the width, nothing scrolls sideways, the input does not zoom', async () => {
    const { page } = await visit((await host()).url, { viewport: { width: 320, height: 568 }, isMobile: true, hasTouch: true })
    await launcher(page).click()
    await settled(page)
    const panel = await dialog(page).boundingBox()
    expect(panel).toMatchObject({ x: 0, width: 320 })
    expect(panel!.y + panel!.height).toBeLessThanOrEqual(568)
    await input(page).fill(`${QUESTION} ${'ç'.repeat(60)}`)
    await input(page).press('Enter')
    await expect.poll(() => botMessages(page).count(), ANSWERED).toBe(2)
    const sizes = await page.evaluate(() => {
      const shadow = document.querySelector('chatbot-widget')!.shadowRoot!
      const log = shadow.querySelector('.log')!
      const field = shadow.querySelector('input')!
      return {
        pageWidth: document.documentElement.scrollWidth,
        logOverflow: log.scrollWidth - log.clientWidth,
        inputFont: getComputedStyle(field).fontSize,
        send: shadow.querySelector('.send')!.getBoundingClientRect().right,
      }
    })
    expect(sizes).toEqual({ pageWidth: 320, logOverflow: 0, inputFont: '16px', send: expect.any(Number) })
    expect(sizes.send).toBeLessThanOrEqual(320)
  })

  it('passes axe (WCAG 2.1 A/AA) open, with a conversation, inside its shadow root', async () => {
    const { page } = await visit((await host()).url)
    // The page's CSP refuses the <script> axe.ts would add; evaluated over the protocol, axe is not the page's script.
    await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'))
    expect(await axeViolations(page)).toEqual([])
    await launcher(page).click()
    await input(page).fill(QUESTION)
    await input(page).press('Enter')
    await expect.poll(() => botMessages(page).count(), ANSWERED).toBe(2)
    // axe reaches into open shadow roots: prove it looked at the widget's own elements.
    expect(await page.evaluate(() => document.querySelector('chatbot-widget')!.shadowRoot!.mode)).toBe('open')
    expect(await axeViolations(page)).toEqual([])
    expect(await axeViolations(page, 'chatbot-widget')).toEqual([])
    // And it does look inside: a nameless button in the panel is caught.
    await page.evaluate(() => document.querySelector('chatbot-widget')!.shadowRoot!.querySelector('.send')!.removeAttribute('aria-label'))
    expect((await axeViolations(page)).map((v) => v.id)).toContain('button-name')
  })
})

describe('the chat widget when a person answers', () => {
  it("says a held message was passed on, shows the owner's reply within 3 s, and each reply once after closing, reopening and another page", async () => {
    const site = await host()
    const visited = await visit(site.url)
    const { page } = visited
    await launcher(page).click()
    await input(page).fill('Bir yetkiliyle görüşmek istiyorum')
    const asked = waitForChat(page)
    await input(page).press('Enter')
    const handoff = (await (await (await asked).response())!.json()) as { conversationId: string; status: string; reply: string }
    expect(handoff).toMatchObject({ status: 'needs_human', reply: expect.any(String) })
    await expect.poll(() => botMessages(page).count(), ANSWERED).toBe(2)

    // The next message waits for the person: no empty bubble, a line that says so.
    await input(page).fill('Kargom nerede acaba?')
    const held = waitForChat(page)
    await input(page).press('Enter')
    expect(await (await (await held).response())!.json()).toMatchObject({ reply: null, conversationId: handoff.conversationId })
    const note = dialog(page).getByRole('status')
    await expect.poll(() => note.textContent()).toBe('Mesajınız iletildi; size buradan yanıt verilecek.')
    expect(await userMessages(page).count()).toBe(2)
    expect(await botMessages(page).count()).toBe(2)
    await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'))
    expect(await axeViolations(page, 'chatbot-widget')).toEqual([])

    // Within 3 s: 2.5 s between polls and half a second for requests (poll.ts). Requests this machine serves slowly under
    // load are measured in the same run: at worst the one under way when the reply was sent, then the one that carries it.
    const carried = page.waitForResponse(async (r) => r.url().includes('/functions/v1/chatbot-api/conversations/') && (await r.text()).includes('kargonuz yarın'))
    await ownerReply(handoff.conversationId, 'Merhaba, ben Ayşe; kargonuz yarın elinizde.')
    const sentAt = Date.now()
    await ownerMessages(page).first().waitFor({ timeout: 10_000 })
    const shownMs = Date.now() - sentAt
    const carrier = await carried
    const requestMs = carrier.request().timing().responseEnd
    const allowedMs = Math.max(3000, 2500 + 2 * requestMs)
    expect(shownMs, `the reply showed ${shownMs} ms after it was sent; ${allowedMs} ms allowed (3 s, or 2.5 s and twice the ${requestMs.toFixed(0)} ms the carrying request took)`).toBeLessThanOrEqual(allowedMs)
    const first = 'İşletme: Merhaba, ben Ayşe; kargonuz yarın elinizde.'
    expect(await ownerMessages(page).allTextContents()).toEqual([first])
    expect(await note.textContent()).toBe('')
    expect(await axeViolations(page, 'chatbot-widget')).toEqual([])

    // What the owner sends while the panel is closed is there when it opens again; the first reply stays once.
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'hidden' })
    await ownerReply(handoff.conversationId, 'Başka bir sorunuz var mı?')
    const reopened = waitForFetch(page)
    await launcher(page).click()
    expect((await reopened).status()).toBe(200)
    const both = [first, 'İşletme: Başka bir sorunuz var mı?']
    await expect.poll(() => ownerMessages(page).allTextContents(), { timeout: 5000 }).toEqual(both)
    const again = waitForFetch(page)
    await page.keyboard.press('Escape')
    await launcher(page).click()
    await again
    expect(await ownerMessages(page).allTextContents()).toEqual(both)

    // Another page of the site: the conversation as it was, fetched on from where it stopped.
    await page.goto(`${site.origin}/another-page.html`)
    const next = waitForFetch(page)
    await launcher(page).click()
    expect(new URL((await next).url()).searchParams.get('after')).toMatch(/^[0-9a-f-]{36}$/)
    expect(await ownerMessages(page).allTextContents()).toEqual(both)
    expect(await userMessages(page).count()).toBe(2)
    expect(await cspViolations(visited)).toEqual([])
  })
})

describe('the chat widget and the owner\'s inbox together', () => {
  it('a visitor asks for a person; the inbox shows it live with the badge; the owner takes over and replies; the widget shows it; given back, the assistant answers', async () => {
    const { page: inbox } = await app.openAs(owner, '/dashboard/conversations', { language: 'tr', viewport: { width: 1280, height: 900 }, context: { locale: 'tr-TR' } })
    await inbox.getByRole('heading', { level: 1, name: 'Sohbetler' }).waitFor()
    // Counted once the list has loaded: rows from earlier tests, or the empty state.
    await inbox.getByTestId('inbox-row').or(inbox.getByTestId('inbox-empty')).first().waitFor()
    const rowsBefore = await inbox.getByTestId('inbox-row').count()

    const { page } = await visit((await host()).url)
    await launcher(page).click()
    await input(page).fill('Bir yetkiliyle görüşmek istiyorum')
    await input(page).press('Enter')
    await expect.poll(() => botMessages(page).count(), ANSWERED).toBe(2)
    expect(await botMessages(page).nth(1).textContent()).toContain('ekibimize aktardım')

    // Live in the inbox: a new row waiting, and the badge.
    await expect.poll(() => inbox.getByTestId('inbox-row').count(), { timeout: 10_000 }).toBe(rowsBefore + 1)
    await inbox.getByTestId('inbox-badge').waitFor({ timeout: 10_000 })
    // Newest first: the visitor's conversation is the top row.
    await inbox.getByTestId('inbox-row').first().click()
    const thread = inbox.getByTestId('inbox-thread')
    await thread.getByTestId('thread-messages').getByText('Bir yetkiliyle görüşmek istiyorum').waitFor()
    await thread.getByRole('button', { name: 'Devral' }).click()
    await thread.getByTestId('thread-status').getByText('Sizde').waitFor()
    await thread.getByLabel('Yanıtınız').fill('Merhaba, ben Ayşe. Size nasıl yardımcı olabilirim?')
    await thread.getByRole('button', { name: 'Gönder' }).click()

    // The visitor's open widget shows it, once.
    await expect.poll(() => ownerMessages(page).count(), { timeout: 10_000 }).toBe(1)
    expect(await ownerMessages(page).first().textContent()).toContain('Merhaba, ben Ayşe. Size nasıl yardımcı olabilirim?')

    // Given back: the next product question is the assistant's.
    await thread.getByRole('button', { name: 'Asistana geri ver' }).click()
    await thread.getByTestId('thread-status').getByText('Asistan').waitFor()
    await input(page).fill(QUESTION)
    await input(page).press('Enter')
    await expect.poll(() => botMessages(page).last().textContent(), { timeout: 10_000 }).toMatch(/Seramik Kupa.*149,90/)
    await thread.locator('[data-author="assistant"]').filter({ hasText: '149,90' }).waitFor({ timeout: 10_000 })
  })
})

describe('the chat widget under a hostile page', () => {
  const HOSTILE_CSS = [
    '* { all: unset !important; }',
    'chatbot-widget { display: none !important; }',
    'div, button, input, form, h2, p { display: none !important; }',
    'button { background: red !important; width: 1px !important; }',
    'html { font-size: 6px !important; }',
    '* { --cw-primary: red !important; --cw-on-primary: red !important; }',
    'body > * { position: absolute !important; left: -9999px !important; opacity: 0 !important; }',
  ].join('\n')

  const WIDGET_PARTS = ['.launcher', '.panel', '.head', '.title', '.log', '.msg', '.input', '.send']
  const PROPS = ['display', 'position', 'color', 'background-color', 'font-size', 'font-family', 'border-radius', 'opacity', 'visibility', 'z-index']

  async function widgetLook(page: Page): Promise<Record<string, Record<string, unknown>>> {
    return page.evaluate(
      ([parts, props]) => {
        const shadow = document.querySelector('chatbot-widget')!.shadowRoot!
        return Object.fromEntries(
          parts!.map((selector) => {
            const node = shadow.querySelector(selector)!
            const style = getComputedStyle(node)
            const box = node.getBoundingClientRect()
            return [selector, { box: [box.x, box.y, box.width, box.height].map(Math.round), ...Object.fromEntries(props!.map((p) => [p, style.getPropertyValue(p)])) }]
          }),
        )
      },
      [WIDGET_PARTS, PROPS] as const,
    )
  }

  async function pageLook(page: Page) {
    return page.evaluate((props) => {
      return Object.fromEntries(
        ['body', 'main', 'h1', '#intro', '#page-button'].map((selector) => {
          const style = getComputedStyle(document.querySelector(selector)!)
          return [selector, Object.fromEntries([...props, 'margin', 'padding', 'line-height', 'box-sizing'].map((p) => [p, style.getPropertyValue(p)]))]
        }),
      )
    }, PROPS)
  }

  async function openLook(url: string) {
    const visited = await visit(url)
    await launcher(visited.page).click()
    await dialog(visited.page).waitFor()
    await settled(visited.page)
    return { ...visited, look: await widgetLook(visited.page) }
  }

  it('looks and works exactly as on a clean page', async () => {
    const clean = await openLook((await host()).url)
    const hostile = await openLook((await host({ head: `<style>${HOSTILE_CSS}</style>` })).url)
    // The hostile rules do apply to the page itself.
    expect(await hostile.page.evaluate(() => getComputedStyle(document.querySelector('h1')!).display)).toBe('inline')
    expect(hostile.look).toEqual(clean.look)
    expect(clean.look['.launcher']!['background-color']).toBe('rgb(12, 122, 107)')
    expect(clean.look['.input']!['font-size']).toBe('16px')
    expect(await cspViolations(hostile)).toEqual([])
    await input(hostile.page).fill(QUESTION)
    await input(hostile.page).press('Enter')
    await expect.poll(() => botMessages(hostile.page).count(), ANSWERED).toBe(2)
  })

  it('leaves the page\'s own elements as they were without it', async () => {
    const without = await startWidgetHost({ snippet: '', body: CLEAN_BODY })
    hosts.push(without)
    const bare = await app.newContext()
    const barePage = await bare.newPage()
    await barePage.goto(without.url)
    const withWidget = await openLook((await host()).url)
    expect(await pageLook(withWidget.page)).toEqual(await pageLook(barePage))
    expect(await withWidget.page.evaluate(() => Object.keys(window).filter((k) => /chatbot|widget/i.test(k)))).toEqual(['ChatbotConfig'])
  })

  it('runs under a CSP that refuses inline styles, which the page really enforces', async () => {
    const visited = await visit((await host()).url)
    const { page } = visited
    expect(await cspViolations(visited)).toEqual([])
    // The policy bites: an inline <style> added by the page is refused.
    await page.evaluate(() => {
      const style = document.createElement('style')
      style.textContent = 'body { background: red }'
      document.head.append(style)
    })
    await expect.poll(async () => (await cspViolations(visited)).some((v) => v.startsWith('style-src'))).toBe(true)
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(255, 0, 0)')
  })
})

describe('the chat widget on a site the owner did not allow', () => {
  it('says the chat is not enabled on this website and keeps the message', async () => {
    const { page } = await visit((await host({ hostname: '127.0.0.1' })).url)
    await launcher(page).click()
    await input(page).fill(QUESTION)
    await input(page).press('Enter')
    await expect.poll(() => dialog(page).getByRole('alert').textContent()).toBe('Bu sohbet bu web sitesinde kullanıma açık değil.')
    expect(await input(page).inputValue()).toBe(QUESTION)
    expect(await botMessages(page).count()).toBe(1)
  })
})
