// The chatbot screen's Insights tab in real Chromium against the production
// build and the local stack, in Turkish on a desktop and in English on a
// 375 px phone: visitors ask what the owner has not written down, the same
// question in two wordings is one row asked twice, "Add to FAQ" opens the
// FAQ editor with the question written, the next visitor gets the owner's
// answer and the question leaves the list; another question is dismissed;
// "Open conversation" opens it in the inbox; both CSVs download the owner's
// rows; axe in the tab and the dialog. Then: no chart code loads before the
// tab is opened, the empty owner, a load error with its retry, and offline.
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { axeViolations } from '../support/axe.ts'
import { PHONE, screenshot, TR_DESKTOP_EN_PHONE, useAppUnderTest } from '../support/app-under-test.ts'
import { createChatbotOwner, insertRows, serverRows, visitorMessage, type Owner } from '../support/owners.ts'

const WORDS = {
  tr: {
    locale: 'tr-TR',
    heading: 'Sohbet Botu',
    tab: 'İçgörüler',
    business: 'İşletme bilgileri',
    earlier: { question: 'Toptan satış yapıyor musunuz?', answer: 'Evet, 20 adet üzeri.' },
    shipping: 'Kargo ücretli mi?',
    shippingAgain: 'kargo ucretli mi',
    returns: 'İade yapabiliyor muyum?',
    answer: '500 TL üzeri kargo ücretsiz, altı 49,90 TL.',
    asked: (n: number) => (n === 1 ? 'Bir kez soruldu' : `${n} kez soruldu`),
    add: (q: string) => `SSS'ye ekle: ${q}`,
    dismiss: (q: string) => `Kaldır: ${q}`,
    open: (q: string) => `Sohbeti aç: ${q}`,
    dialog: 'Soru ekle',
    question: 'Soru',
    answerField: 'Yanıt',
    save: 'Soru ekle',
    added: 'Soru eklendi',
    csv: 'CSV indir',
    csvList: 'Listeyi CSV olarak indir',
    inbox: 'Sohbetler',
  },
  en: {
    locale: 'en-US',
    heading: 'Chatbot',
    tab: 'Insights',
    business: 'Business info',
    earlier: { question: 'Do you sell wholesale?', answer: 'Yes, from 20 pieces.' },
    shipping: 'Is shipping free?',
    shippingAgain: 'is shipping free',
    returns: 'Can I return an item?',
    answer: 'Shipping is free over 500 TL, 49.90 TL below.',
    asked: (n: number) => (n === 1 ? 'Asked once' : `Asked ${n} times`),
    add: (q: string) => `Add to FAQ: ${q}`,
    dismiss: (q: string) => `Dismiss: ${q}`,
    open: (q: string) => `Open conversation: ${q}`,
    dialog: 'Add a question',
    question: 'Question',
    answerField: 'Answer',
    save: 'Add question',
    added: 'Question added',
    csv: 'Download CSV',
    csvList: 'Download list as CSV',
    inbox: 'Conversations',
  },
} as const

describe('insights tab', () => {
  const running = useAppUnderTest()

  const visitor = (owner: Owner, message: string, language: 'tr' | 'en') => visitorMessage(running.keys, { userId: owner.id, message, language })
  const shop = () => createChatbotOwner(running.keys)

  async function downloaded(page: Page, button: string): Promise<string> {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()])
    return readFile((await download.path())!, 'utf8')
  }

  it.each(TR_DESKTOP_EN_PHONE)('$language at $viewport.width px: an unknown question, added to the FAQ, answers the next visitor and leaves the list', async ({ language, viewport }) => {
    const w = WORDS[language]
    const owner = await shop()
    const first = await visitor(owner, w.shipping, language)
    await visitor(owner, w.shippingAgain, language)
    const returns = await visitor(owner, w.returns, language)
    // An entry the owner wrote before: the one added from the list joins it.
    await insertRows(running.keys, owner, 'faq_entries', [{ user_id: owner.id, ...w.earlier }])

    const { page } = await running.openAs(owner, '/dashboard/chatbot?tab=insights', { language, viewport, context: { locale: w.locale } })
    await page.getByRole('heading', { level: 1, name: w.heading }).waitFor()
    expect(await page.getByRole('tab', { name: w.tab }).getAttribute('aria-selected')).toBe('true')
    await page.getByTestId('insights-conversations').getByText('3', { exact: true }).waitFor()
    expect(await page.getByTestId('insights-messages').innerText()).toBe('3')
    await page.getByTestId('insights-chart').locator('svg').first().waitFor()
    const items = page.getByTestId('unanswered-item')
    await items.first().waitFor()
    // The two wordings are one question, asked twice, shown as most asked.
    expect(await items.count()).toBe(2)
    expect(await items.nth(0).innerText()).toContain(w.asked(2))
    expect(await items.nth(1).innerText()).toContain(w.returns)
    const shownQuestion = (await items.nth(0).locator('p').first().innerText()).trim()
    expect([w.shipping, w.shippingAgain]).toContain(shownQuestion)
    expect(await axeViolations(page, 'main'), `${language} tab`).toEqual([])
    await screenshot(page, `insights-${language}-${viewport.width}`)

    // The daily CSV holds the three messages, the list's CSV the two questions.
    const daily = await downloaded(page, w.csv)
    expect(daily.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('day,channel,conversations,customer_messages,answered,unknown,handoffs,refused,bookings')
    expect(daily).toMatch(/,widget,3,3,/)
    const list = await downloaded(page, w.csvList)
    expect(list).toContain(`${w.returns},1,`)
    expect(list.trimEnd().split('\r\n')).toHaveLength(3)

    // Add to FAQ: the question is written; the answer is what is left to type.
    await page.getByRole('button', { name: w.add(shownQuestion) }).click()
    const dialog = page.getByRole('dialog', { name: w.dialog })
    await dialog.waitFor()
    expect(await dialog.getByLabel(new RegExp(`^${w.question}`)).inputValue()).toBe(shownQuestion)
    const answer = dialog.getByLabel(new RegExp(`^${w.answerField}`))
    await expect.poll(() => answer.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await axeViolations(page, '[role="dialog"]'), `${language} dialog`).toEqual([])
    await answer.fill(w.answer)
    await screenshot(page, `insights-faq-dialog-${language}-${viewport.width}`)
    await dialog.getByRole('button', { name: w.save, exact: true }).click()
    await dialog.waitFor({ state: 'hidden' })
    // The question leaves the list; the next visitor gets the owner's answer, in either wording.
    await expect.poll(() => items.count()).toBe(1)
    expect((await serverRows<{ question: string; answer: string }>(running.keys, owner, 'faq_entries', 'select=question,answer&order=created_at'))).toEqual([
      w.earlier, { question: shownQuestion, answer: w.answer },
    ])
    // The FAQ section, opened now, shows both.
    await page.getByRole('tab', { name: w.business }).click()
    await expect.poll(() => page.getByTestId('faq-item').count()).toBe(2)
    await page.getByRole('tab', { name: w.tab }).click()
    expect((await visitor(owner, w.shipping, language)).reply).toBe(w.answer)
    expect((await visitor(owner, w.shippingAgain, language)).reply).toBe(w.answer)

    // Open conversation: the inbox, at the conversation that asked it.
    const link = page.getByRole('link', { name: w.open(w.returns) })
    expect(await link.getAttribute('href')).toContain(`c=${returns.conversationId}`)
    await link.click()
    await page.getByRole('heading', { level: 1, name: w.inbox }).waitFor()
    await page.getByTestId('inbox-thread').getByTestId('thread-messages').getByText(w.returns).waitFor()
    expect(page.url()).toContain(`c=${returns.conversationId}`)
    expect(first.conversationId).not.toBe(returns.conversationId)

    // Back on the tab: the one left is dismissed, and stays so after a reload.
    await page.goBack()
    await page.getByRole('button', { name: w.dismiss(w.returns) }).click()
    await page.getByTestId('unanswered-empty').waitFor()
    await page.reload()
    await page.getByTestId('unanswered-empty').waitFor()
    expect(await axeViolations(page, 'main'), `${language} empty list`).toEqual([])
  })

  it('loads no chart code until the tab is opened', async () => {
    const owner = await shop()
    await visitor(owner, 'Kargo ücretli mi?', 'tr')
    const chunks: string[] = []
    const { page } = await running.openAs(owner, '/dashboard/chatbot', {
      language: 'tr',
      setup: async (p) => p.on('request', (request) => void chunks.push(new URL(request.url()).pathname)),
    })
    await page.getByRole('heading', { level: 1, name: WORDS.tr.heading }).waitFor()
    await page.getByTestId('chatbot-tab-usage').click()
    await page.getByTestId('chatbot-stat-total').waitFor()
    expect(chunks.filter((c) => /insights/.test(c))).toEqual([])
    await page.getByRole('tab', { name: WORDS.tr.tab }).click()
    await page.getByTestId('insights-chart').locator('svg').first().waitFor()
    expect(chunks.filter((c) => /\/assets\/insights-chart-[^/]+\.js$/.test(c))).toHaveLength(1)
  })

  it('says when there is nothing yet, retries a failed load, and waits while offline', async () => {
    const owner = await shop()
    let fail = true
    const { page, context } = await running.openAs(owner, '/dashboard/chatbot?tab=insights', {
      language: 'en',
      viewport: PHONE,
      setup: (p) => p.route('**/rest/v1/rpc/get_chatbot_insights', (route) => (fail ? route.fulfill({ status: 500, body: '{}' }) : route.continue())),
    })
    await page.getByTestId('insights-error').waitFor()
    await page.getByTestId('unanswered-empty').waitFor()
    fail = false
    await page.getByTestId('insights-error').getByRole('button', { name: 'Try again' }).click()
    await page.getByTestId('insights-empty').waitFor()
    expect(await page.getByTestId('insights-conversations').innerText()).toBe('0')
    expect(await page.getByTestId('insights-answered-share').innerText()).toBe('–')
    expect(await axeViolations(page, 'main'), 'empty tab').toEqual([])
    await screenshot(page, 'insights-empty-en-375')

    await context.setOffline(true)
    await page.getByTestId('insights-offline').waitFor()
    expect(await page.getByTestId('insights-csv-daily').isDisabled()).toBe(true)
    expect(await page.getByTestId('insights-csv-daily').getAttribute('aria-describedby')).toBe('insights-offline-reason')
    await context.setOffline(false)
    await expect.poll(() => page.getByTestId('insights-csv-daily').isDisabled()).toBe(false)
  })
})
