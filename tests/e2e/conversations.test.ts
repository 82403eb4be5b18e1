// The inbox in real Chromium against the production build and the local
// stack, in Turkish on a desktop and in English on a 375 px phone: a
// customer's handoff arrives live (the badge and the list, over Realtime),
// the owner opens it (read), takes it over and replies, the customer's next
// message waits for the owner and shows up live, the owner gives it back and
// the assistant answers again; the empty state, axe on the list and the
// thread, and a reply typed offline kept as a draft.
import { describe, expect, it } from 'vitest'
import { axeViolations } from '../support/axe.ts'
import { DESKTOP, PHONE, screenshot, TR_DESKTOP_EN_PHONE, useAppUnderTest } from '../support/app-under-test.ts'
import { createChatbotOwner, insertRows, serverRows, visitorMessage, type Owner } from '../support/owners.ts'

/** Live updates arrive over Realtime; a generous bound for a busy 2-core machine. */
const LIVE_MS = 10_000

const WORDS = {
  tr: {
    locale: 'tr-TR',
    heading: 'Sohbetler',
    nav: /^Sohbetler/,
    empty: 'Sizi bekleyen kimse yok',
    waiting: (n: number) => `${n} sohbet sizi bekliyor`,
    takeOver: 'Devral',
    giveBack: 'Asistana geri ver',
    reply: 'Yanıtınız',
    send: 'Gönder',
    withYou: 'Sizde',
    assistant: 'Asistan',
    asked: 'Bir yetkiliyle görüşmek istiyorum',
    later: 'Siparişim ne zaman gelir?',
    product: 'Merhaba',
    ownerReply: 'Merhaba, ben Ayşe. Hemen yardımcı oluyorum.',
    back: 'Sohbetlere dön',
    offline: 'Yanıt göndermek için bağlantı gerekir. Yazdıklarınız yeniden çevrimiçi olana kadar saklanır.',
  },
  en: {
    locale: 'en-US',
    heading: 'Conversations',
    nav: /^Conversations/,
    empty: 'Nobody is waiting for you',
    waiting: (n: number) => `${n} waiting for you`,
    takeOver: 'Take over',
    giveBack: 'Give back to the assistant',
    reply: 'Your reply',
    send: 'Send',
    withYou: 'With you',
    assistant: 'Assistant',
    asked: 'I want to talk to a real person',
    later: 'When will my order arrive?',
    product: 'Hello',
    ownerReply: 'Hi, this is Ayşe. I am on it.',
    back: 'Back to the conversations',
    offline: 'Sending a reply needs a connection. What you type is kept until you are back online.',
  },
} as const

describe('conversations inbox', () => {
  const running = useAppUnderTest()

  const visitor = (owner: Owner, message: string, conversationId?: string) => visitorMessage(running.keys, { userId: owner.id, message, conversationId })
  const shop = () => createChatbotOwner(running.keys)

  it.each(TR_DESKTOP_EN_PHONE)('$language at $viewport.width px: a handoff arrives live, the owner takes over and replies, then gives it back', async ({ language, viewport }) => {
    const w = WORDS[language]
    const owner = await shop()
    const { page } = await running.openAs(owner, '/dashboard/conversations', { language, viewport, context: { locale: w.locale } })
    await page.getByRole('heading', { level: 1, name: w.heading }).waitFor()
    await page.getByTestId('inbox-empty').getByText(w.empty).waitFor()
    expect(await axeViolations(page, 'main'), `${language} empty list`).toEqual([])
    await screenshot(page, `inbox-empty-${language}-${viewport.width}`)

    // A customer asks for a person: the badge and the list follow without a reload.
    const first = await visitor(owner, w.asked)
    expect(first.status).toBe('needs_human')
    const row = page.getByTestId('inbox-row')
    await row.first().waitFor({ timeout: LIVE_MS })
    // On a phone the navigation is folded away; the badge is in it all the same.
    await page.getByTestId('inbox-badge').getByText(w.waiting(1)).waitFor({ state: 'attached', timeout: LIVE_MS })
    expect(await row.count()).toBe(1)
    await expect.poll(() => row.first().getByTestId('inbox-unread').count(), { timeout: LIVE_MS }).toBe(1)
    await screenshot(page, `inbox-list-${language}-${viewport.width}`)

    // Opened: read, and the customer's message and the assistant's handoff are there.
    await row.first().click()
    const thread = page.getByTestId('inbox-thread')
    await thread.waitFor()
    await thread.getByTestId('thread-messages').getByText(w.asked).waitFor()
    await expect
      .poll(async () => (await serverRows<{ unread_count: number }>(running.keys, owner, 'conversations', 'select=unread_count'))[0]?.unread_count, { timeout: LIVE_MS })
      .toBe(0)
    expect(await axeViolations(page, 'main'), `${language} thread`).toEqual([])

    // Take over, reply.
    await thread.getByRole('button', { name: w.takeOver }).click()
    await thread.getByTestId('thread-status').getByText(w.withYou).waitFor()
    await thread.getByLabel(w.reply).fill(w.ownerReply)
    await thread.getByRole('button', { name: w.send }).click()
    await thread.locator('[data-author="owner"]').getByText(w.ownerReply).waitFor()
    expect(await thread.getByLabel(w.reply).inputValue()).toBe('')
    const stored = await serverRows<{ author: string; content: string }>(running.keys, owner, 'chatbot_messages', 'select=author,content&author=eq.owner')
    expect(stored).toEqual([{ author: 'owner', content: w.ownerReply }])
    await screenshot(page, `inbox-thread-${language}-${viewport.width}`)

    // The customer writes again: nobody answers but the owner, and it shows up live.
    const held = await visitor(owner, w.later, first.conversationId)
    expect(held).toMatchObject({ reply: null, status: 'human' })
    await thread.getByTestId('thread-messages').getByText(w.later).waitFor({ timeout: LIVE_MS })

    // Given back: the assistant answers the next message.
    await thread.getByRole('button', { name: w.giveBack }).click()
    await thread.getByTestId('thread-status').getByText(w.assistant).waitFor()
    const answered = await visitor(owner, w.product, first.conversationId)
    expect(answered.status).toBe('bot')
    expect(answered.reply).toBeTruthy()
    await thread.locator('[data-author="assistant"]').getByText(answered.reply!.slice(0, 20), { exact: false }).last().waitFor({ timeout: LIVE_MS })

    if (viewport === PHONE) {
      // On a phone the thread is the screen; back returns to the list.
      await page.getByRole('button', { name: w.back }).click()
      await page.getByTestId('inbox-search').waitFor()
    }
  })

  it("a customer's conversations open from the customers screen; a WhatsApp number not yet a customer is offered to be added, prefilled", async () => {
    const owner = await shop()
    const customerId = crypto.randomUUID()
    await insertRows(running.keys, owner, 'customers', [{ id: customerId, user_id: owner.id, name: 'Zeynep Demir', phone_number: '+905321114455' }])
    const service = { apikey: running.keys.serviceRoleKey, authorization: `Bearer ${running.keys.serviceRoleKey}`, 'content-type': 'application/json', prefer: 'return=representation' }
    const made = async (contact: string, customer: string | null, text: string) => {
      const res = await fetch(`${running.keys.api}/rest/v1/conversations`, { method: 'POST', headers: service, body: JSON.stringify({ user_id: owner.id, channel: 'whatsapp', contact, customer_id: customer }) })
      const [row] = (await res.json()) as { id: string }[]
      await fetch(`${running.keys.api}/rest/v1/chatbot_messages`, { method: 'POST', headers: service, body: JSON.stringify({ user_id: owner.id, channel: 'whatsapp', conversation_id: row!.id, author: 'customer', content: text }) })
      return row!.id
    }
    await made('905321114455', customerId, 'Zeynep: kargom nerede?')
    const stranger = await made('905339998877', null, 'Merhaba, fiyat alabilir miyim?')
    await visitor(owner, WORDS.tr.asked)

    const { page } = await running.openAs(owner, '/dashboard/customers', { language: 'tr', viewport: DESKTOP, context: { locale: 'tr-TR' } })
    await page.getByRole('button', { name: 'Sohbetler: Zeynep Demir' }).click()
    await page.getByTestId('inbox-customer-filter').waitFor()
    await expect.poll(() => page.getByTestId('inbox-row').count(), { timeout: LIVE_MS }).toBe(1)
    expect(await page.getByTestId('inbox-row').first().textContent()).toContain('Zeynep Demir')

    await page.goto(`${running.app}/dashboard/conversations?filter=all&c=${stranger}`)
    const card = page.getByTestId('customer-card')
    await card.getByText('0533 999 88 77 müşterileriniz arasında değil.').waitFor()
    await card.getByRole('button', { name: 'Müşteri olarak ekle' }).click()
    const dialog = page.getByRole('dialog', { name: 'Yeni müşteri' })
    await dialog.waitFor()
    expect(await dialog.getByLabel(/^Telefon/).inputValue()).toBe('0533 999 88 77')
  })

  it('tells the owner by a browser notification when a conversation starts waiting, once they chose to be told', async () => {
    const owner = await shop()
    const { page } = await running.openAs(owner, '/dashboard/conversations', {
      language: 'tr',
      viewport: DESKTOP,
      context: { locale: 'tr-TR' },
      // The notification is shown by the service worker.
      serviceWorker: true,
      // The browser's permission prompt and the system's notification centre are outside the page: recorded instead.
      initScript: () => {
        const w = window as unknown as { __shown: unknown[]; __permission: NotificationPermission }
        w.__shown = []
        w.__permission = 'default'
        Object.defineProperty(Notification, 'permission', { get: () => w.__permission })
        Notification.requestPermission = async () => (w.__permission = 'granted')
        ServiceWorkerRegistration.prototype.showNotification = async function (title: string, options?: NotificationOptions) {
          w.__shown.push({ title, ...options })
        }
        // The owner is on another tab.
        Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' })
      },
    })
    await page.getByRole('heading', { level: 1, name: 'Sohbetler' }).waitFor()
    const shown = () => page.evaluate(() => (window as unknown as { __shown: { title: string; body: string; data: { url: string } }[] }).__shown)
    // Nothing asked on load; the owner chooses.
    expect(await page.evaluate(() => Notification.permission)).toBe('default')
    await page.getByRole('button', { name: 'Biri beklediğinde bana haber ver' }).click()
    await page.getByTestId('inbox-notify').waitFor({ state: 'detached' })

    const { conversationId } = await visitor(owner, WORDS.tr.asked)
    await expect.poll(async () => (await shown()).length, { timeout: LIVE_MS }).toBeGreaterThan(0)
    expect((await shown())[0]).toMatchObject({ title: 'Bir müşteri sizi bekliyor', body: 'Yanıtlamak için sohbeti açın.', data: { url: `/dashboard/conversations?c=${conversationId}` } })
  })

  it('reads the list and an opened conversation offline after a reload, and keeps a reply typed offline as a draft', async () => {
    const w = WORDS.en
    const owner = await shop()
    const { conversationId } = await visitor(owner, w.asked)
    const { context, page } = await running.openAs(owner, `/dashboard/conversations?c=${conversationId}`, { language: 'en', viewport: DESKTOP, context: { locale: w.locale }, serviceWorker: true })
    const thread = page.getByTestId('inbox-thread')
    await thread.getByTestId('thread-messages').getByText(w.asked).waitFor()
    await page.getByTestId('inbox-row').first().waitFor()
    // The app shell comes from the service worker once it controls the page; the inbox's copy is written a moment after a change.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('owner-data:inbox-cache:'))), { timeout: LIVE_MS }).toBe(true)
    await page.waitForTimeout(1_500)

    await context.setOffline(true)
    await page.reload()
    await page.getByTestId('inbox-offline').waitFor()
    await page.getByTestId('inbox-row').first().waitFor()
    await page.getByTestId('inbox-thread').getByTestId('thread-messages').getByText(w.asked).waitFor()
    const offlineThread = page.getByTestId('inbox-thread')
    await offlineThread.getByTestId('reply-offline').getByText(w.offline).waitFor()
    await offlineThread.getByLabel(w.reply).fill('Draft while offline')
    expect(await offlineThread.getByRole('button', { name: w.send }).isDisabled()).toBe(true)

    await context.setOffline(false)
    await page.reload()
    await page.getByTestId('inbox-thread').getByLabel(w.reply).waitFor()
    expect(await page.getByTestId('inbox-thread').getByLabel(w.reply).inputValue()).toBe('Draft while offline')
  })
})
