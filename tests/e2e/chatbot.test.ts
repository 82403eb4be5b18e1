// The chatbot screen in real Chromium against the production build and the
// local stack: saving the settings (the toggle locks, the row holds the
// payload, invalid values save nothing), a failed save, one the database
// refuses, and offline keeping what was typed, the widget code from the
// saved settings with its copy button, the usage bars at every colour
// boundary, the counters, "Try it" answering from the catalogue without
// touching usage or statistics, axe on every tab in both languages on a
// desktop and a phone, and finally the copied snippet pasted into a page on
// another origin, answering there.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { CHATBOT_SYSTEM_PROMPT_MAX, widgetScriptUrl, widgetSnippet } from '../../domain/chatbot.ts'
import { axeViolations } from '../support/axe.ts'
import { useAppUnderTest, type OpenOptions } from '../support/app-under-test.ts'
import { createVerifiedOwner, insertRows, serverRows, updateRows, type Owner } from '../support/owners.ts'
import { startWidgetHost } from '../support/widget-host.ts'

type ConfigRow = {
  enabled: boolean
  bot_name: string | null
  welcome_message: string | null
  primary_color: string
  position: string
  openai_model: string
  temperature: number
  max_tokens: number
  website_url: string | null
  allowed_domains: string[]
  system_prompt: string | null
}

const CONFIG_SELECT = 'select=enabled,bot_name,welcome_message,primary_color,position,openai_model,temperature,max_tokens,website_url,allowed_domains,system_prompt'
const PHONE = { width: 375, height: 740 }
const utcToday = () => new Date().toISOString().slice(0, 10)

describe('chatbot screen', () => {
  const running = useAppUnderTest()

  async function open(owner: Owner, tab: 'settings' | 'code' | 'usage' = 'settings', options: OpenOptions = {}) {
    const errors: string[] = []
    const opened = await running.openAs(owner, `/dashboard/chatbot${tab === 'settings' ? '' : `?tab=${tab}`}`, {
      ...options,
      setup: async (p) => {
        p.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())))
        await options.setup?.(p)
      },
    })
    try {
      await opened.page.getByRole('heading', { level: 1, name: options.language === 'en' ? 'Chatbot' : 'Sohbet Botu' }).waitFor()
    } catch (error) {
      await opened.page.screenshot({ path: '/tmp/shots/chatbot-open-failure.png' })
      console.error('open failed at', opened.page.url(), errors)
      throw error
    }
    return opened
  }

  const config = async (owner: Owner) => (await serverRows<ConfigRow>(running.keys, owner, 'chatbot_configs', CONFIG_SELECT))[0]!

  /** Writes as server code would (api_usage_limits and chatbot_messages are read-only to owners). */
  async function asService(method: 'POST' | 'PATCH', path: string, body: unknown): Promise<unknown> {
    const res = await fetch(`${running.keys.api}/rest/v1/${path}`, {
      method,
      headers: {
        apikey: running.keys.serviceRoleKey,
        authorization: `Bearer ${running.keys.serviceRoleKey}`,
        'content-type': 'application/json',
        prefer: 'return=representation',
      },
      body: JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`${method} ${path} failed with ${res.status}: ${await res.text()}`)
    return res.json()
  }

  const setLimits = (owner: Owner, patch: Record<string, unknown>) => asService('PATCH', `api_usage_limits?user_id=eq.${owner.id}`, patch)

  async function stats(owner: Owner) {
    const res = await fetch(`${running.keys.api}/rest/v1/rpc/get_chatbot_stats`, {
      method: 'POST',
      headers: { apikey: running.keys.anonKey, authorization: `Bearer ${owner.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ p_user_id: owner.id }),
    })
    expect(res.status).toBe(200)
    return res.json()
  }
  const limits = (owner: Owner) => serverRows(running.keys, owner, 'api_usage_limits', 'select=*')

  const toggle = (page: Page, name = 'Sohbet botunu etkinleştir') => page.getByRole('switch', { name })
  // Not exact: a required field's label ends with its asterisk.
  const field = (page: Page, label: string) =>
    page.getByTestId('chatbot-settings-form').getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`))
  const snippetText = (page: Page) => page.getByTestId('chatbot-snippet').inputValue()

  async function enableWith(owner: Owner, patch: Partial<ConfigRow> = {}) {
    await updateRows(running.keys, owner, 'chatbot_configs', `user_id=eq.${owner.id}`, { enabled: true, ...patch })
  }

  it('saves the settings: invalid colour and domains save nothing, then the row holds the payload and the toggle locks', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const before = await config(owner)
    expect(before.enabled).toBe(false)
    const { page } = await open(owner)
    await page.getByTestId('chatbot-settings-form').waitFor()
    // Off: only the toggle (and the save button) show.
    expect(await toggle(page).isChecked()).toBe(false)
    expect(await page.getByLabel('Bot adı').count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])

    await toggle(page).click()
    await field(page, 'Bot adı').waitFor()
    await page.getByTestId('chatbot-ai-banner').getByText(/API anahtarına/).waitFor()
    expect(await field(page, 'Açıklama').getAttribute('rows')).toBe('3')
    expect(await field(page, 'Sistem talimatı').getAttribute('rows')).toBe('4')
    expect(await field(page, 'Web sitesi adresi').getAttribute('type')).toBe('url')
    await page.getByText('Virgülle ayırın, örneğin: example.com, *.example.com.', { exact: false }).waitFor()
    expect(await field(page, 'Sıcaklık').inputValue()).toBe('0.7')
    expect(await field(page, 'En fazla token').inputValue()).toBe('1000')

    await field(page, 'Bot adı').fill('Mağaza Asistanı')
    // Not a colour even to the colour picker: leaving the field keeps it as typed, for the check to name.
    await field(page, 'Ana renk').fill('#12')
    await page.keyboard.press('Escape')
    await field(page, 'İzin verilen alan adları').fill('example.com, kötü alan!, *.shop.example.com')
    expect(await field(page, 'Ana renk').inputValue()).toBe('#12')
    await field(page, 'En fazla token').fill('5000')
    await page.getByTestId('chatbot-save').click()
    await page.getByText('Rengi onaltılık kod olarak girin, örneğin #3B82F6').waitFor()
    await page.getByText('Alan adı değil: kötü alan!. example.com veya *.example.com gibi alan adları girin.').waitFor()
    await page.getByText('100 ile 4000 arasında bir token sayısı girin').waitFor()
    expect(await axeViolations(page)).toEqual([])
    expect(await config(owner)).toEqual(before)

    await field(page, 'Ana renk').fill('#12AB34')
    await page.keyboard.press('Escape')
    await field(page, 'İzin verilen alan adları').fill('Example.com, *.shop.example.com, example.com')
    expect(await field(page, 'Ana renk').inputValue()).toBe('#12AB34')
    await field(page, 'En fazla token').fill('1500')
    await field(page, 'Sıcaklık').fill('0.3')
    await field(page, 'Web sitesi adresi').fill('https://shop.example.com')
    await page.getByText('Sol alt').click()
    await page.getByText('GPT-4 (daha yetenekli)').click()
    await page.getByTestId('chatbot-save').click()

    await page.getByText('Sohbet botu ayarları kaydedildi').waitFor()
    const note = page.getByTestId('chatbot-saved-note')
    await note.getByText('Ayarlarınız kaydedildi. Açma/kapama düğmesi bu oturumun sonuna kadar kilitli.').waitFor()
    expect(await toggle(page).isDisabled()).toBe(true)
    expect(await config(owner)).toEqual({
      ...before,
      enabled: true,
      bot_name: 'Mağaza Asistanı',
      primary_color: '#12ab34',
      position: 'bottom-left',
      openai_model: 'gpt-4',
      temperature: 0.3,
      max_tokens: 1500,
      website_url: 'https://shop.example.com',
      allowed_domains: ['example.com', '*.shop.example.com'],
    })
    // The form now shows what is stored.
    expect(await field(page, 'İzin verilen alan adları').inputValue()).toBe('example.com, *.shop.example.com')
    expect(await axeViolations(page)).toEqual([])

    // Still locked after leaving the screen and coming back, and after a reload.
    await page.getByRole('link', { name: 'Müşteriler' }).first().click()
    await page.getByRole('heading', { level: 1, name: 'Müşteriler' }).waitFor()
    await page.getByRole('link', { name: 'Sohbet Botu' }).first().click()
    await field(page, 'Bot adı').waitFor()
    expect(await toggle(page).isDisabled()).toBe(true)
    await page.getByTestId('chatbot-saved-note').waitFor()
    await page.reload()
    await field(page, 'Bot adı').waitFor()
    expect(await toggle(page).isDisabled()).toBe(true)
    expect(await field(page, 'Bot adı').inputValue()).toBe('Mağaza Asistanı')
  })

  it('says a failed save in the spec words and keeps what was typed (English, phone)', async () => {
    const owner = await createVerifiedOwner(running.keys)
    await enableWith(owner)
    const { page } = await open(owner, 'settings', {
      language: 'en',
      viewport: PHONE,
      setup: (p) => p.route('**/rest/v1/chatbot_configs**', (route) => (route.request().method() === 'GET' ? route.continue() : route.abort())),
    })
    const name = field(page, 'Bot name')
    await name.fill('Shop helper')
    await field(page, 'Welcome message').fill('Hi there!')
    await page.getByTestId('chatbot-save').click()
    await page.getByTestId('chatbot-save-error').getByText('An error occurred while saving settings.').waitFor()
    expect(await name.inputValue()).toBe('Shop helper')
    expect(await field(page, 'Welcome message').inputValue()).toBe('Hi there!')
    expect(await toggle(page, 'Enable the chatbot').isDisabled()).toBe(false)
    expect(await page.getByTestId('chatbot-saved-note').count()).toBe(0)
    expect((await config(owner)).bot_name).toBe('Asistan')
    expect(await axeViolations(page)).toEqual([])
  })

  it('says a refusal of the database in the same words and keeps what was typed', async () => {
    const owner = await createVerifiedOwner(running.keys)
    await enableWith(owner)
    const before = await config(owner)
    // The form lets nothing past a limit through, so the save leaves as typed and gets one character too
    // many on its way, as a client that skips the form's checks would send it: the database itself refuses.
    const { page } = await open(owner, 'settings', {
      setup: (p) =>
        p.route('**/rest/v1/chatbot_configs**', (route) => {
          const request = route.request()
          if (request.method() !== 'POST') return route.continue()
          const tooLong = (row: object) => ({ ...row, system_prompt: 'x'.repeat(CHATBOT_SYSTEM_PROMPT_MAX + 1) })
          const body = request.postDataJSON() as object | object[]
          return route.continue({ postData: JSON.stringify(Array.isArray(body) ? body.map(tooLong) : tooLong(body)) })
        }),
    })
    const name = field(page, 'Bot adı')
    await name.fill('Reddedilen Asistan')
    await field(page, 'Sistem talimatı').fill('Kısa ve kibar yanıt ver.')
    const answer = page.waitForResponse((r) => r.url().includes('/rest/v1/chatbot_configs') && r.request().method() === 'POST')
    await page.getByTestId('chatbot-save').click()
    const refused = await answer
    expect({ status: refused.status(), code: ((await refused.json()) as { code?: string }).code }).toEqual({ status: 400, code: '23514' })
    await page.getByTestId('chatbot-save-error').getByText('Ayarlar kaydedilirken bir hata oluştu.').waitFor()
    expect(await name.inputValue()).toBe('Reddedilen Asistan')
    expect(await field(page, 'Sistem talimatı').inputValue()).toBe('Kısa ve kibar yanıt ver.')
    expect(await toggle(page).isDisabled()).toBe(false)
    expect(await page.getByTestId('chatbot-saved-note').count()).toBe(0)
    expect(await config(owner)).toEqual(before)
  })

  it('offline: says so, keeps what was typed and disables saving until the connection is back', async () => {
    const owner = await createVerifiedOwner(running.keys)
    await enableWith(owner)
    const { context, page } = await open(owner)
    const name = field(page, 'Bot adı')
    await name.fill('Çevrimdışı Asistan')
    await context.setOffline(true)
    const notice = page.getByTestId('chatbot-offline')
    await notice.getByText('Çevrimdışısınız').waitFor()
    await notice.getByText(/Yazdıklarınız burada kalır/).waitFor()
    const save = page.getByTestId('chatbot-save')
    expect(await save.isDisabled()).toBe(true)
    expect(await save.getAttribute('aria-describedby')).toBe(await notice.getAttribute('id'))
    expect(await name.inputValue()).toBe('Çevrimdışı Asistan')
    await name.fill('Çevrimdışı Asistan 2')
    expect(await axeViolations(page)).toEqual([])

    await context.setOffline(false)
    await notice.waitFor({ state: 'detached' })
    expect(await name.inputValue()).toBe('Çevrimdışı Asistan 2')
    await save.click()
    await page.getByTestId('chatbot-saved-note').waitFor()
    expect((await config(owner)).bot_name).toBe('Çevrimdışı Asistan 2')
  })

  it('shows a retry instead of a form when the settings cannot be loaded', async () => {
    const owner = await createVerifiedOwner(running.keys)
    let fail = true
    const { page } = await open(owner, 'settings', {
      setup: (p) => p.route('**/rest/v1/chatbot_configs**', (route) => (fail ? route.fulfill({ status: 500, body: '{}' }) : route.continue())),
    })
    const error = page.getByTestId('chatbot-settings-error')
    await error.getByText('Sohbet botu ayarları yüklenemedi').waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('chatbot-settings-form').count()).toBe(0)
    fail = false
    await error.getByRole('button', { name: 'Tekrar dene' }).click()
    await page.getByTestId('chatbot-settings-form').waitFor()
  })

  it('widget code: the snippet of the saved settings, copied for 2 s, the fallback when copying fails, and the disabled notice', async () => {
    const owner = await createVerifiedOwner(running.keys)
    await enableWith(owner, { bot_name: "Ayşe'nin Dükkânı", primary_color: '#12ab34', position: 'bottom-left', welcome_message: 'Hoş geldiniz!' })
    const { context, page } = await open(owner, 'code')
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: running.app })
    const expected = widgetSnippet({
      userId: owner.id,
      apiUrl: `${running.keys.api}/functions/v1/chatbot-api`,
      scriptUrl: widgetScriptUrl(running.app),
      enabled: true,
      botName: "Ayşe'nin Dükkânı",
      welcomeMessage: 'Hoş geldiniz!',
      primaryColor: '#12ab34',
      position: 'bottom-left',
    })
    await page.getByTestId('chatbot-snippet').waitFor()
    expect(await snippetText(page)).toBe(expected)
    expect(expected).toContain('Ayşe\\u0027nin')
    expect(await page.getByTestId('chatbot-steps').getByRole('listitem').count()).toBe(3)
    expect(await page.getByRole('tab', { name: 'Widget kodu' }).getAttribute('aria-selected')).toBe('true')

    const copy = page.getByTestId('chatbot-copy')
    expect(await copy.textContent()).toBe('Kodu kopyala')
    // Timed from before the click: a poll that sees "Kopyalandı" late only makes the span longer, never shorter.
    const clickedAt = Date.now()
    await copy.click()
    await expect.poll(() => copy.textContent()).toBe('Kopyalandı')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected)
    await expect.poll(() => copy.textContent(), { timeout: 5_000 }).toBe('Kodu kopyala')
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(1_950)

    // An unsaved edit: the code stays the saved one and says so.
    await page.getByRole('tab', { name: 'Ayarlar' }).click()
    await field(page, 'Bot adı').fill('Yeni Ad')
    await page.getByRole('tab', { name: 'Widget kodu' }).click()
    await page.getByTestId('chatbot-code-unsaved').waitFor()
    expect(await snippetText(page)).toBe(expected)
    expect(await axeViolations(page)).toEqual([])

    // Copying refused: the code is selected and the owner is told how to copy it.
    const refusing = await open(owner, 'code', {
      initScript: () => {
        Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true })
      },
    })
    await refusing.page.getByTestId('chatbot-copy').click()
    await refusing.page.getByTestId('chatbot-copy-manual').getByText(/Ctrl\+C/).waitFor()
    const selected = await refusing.page.evaluate(() => {
      const area = document.activeElement as HTMLTextAreaElement
      return area.value.slice(area.selectionStart, area.selectionEnd)
    })
    expect(selected).toBe(expected)

    // Disabled: a notice instead of the code, with a way to the settings.
    const off = await createVerifiedOwner(running.keys)
    const disabled = await open(off, 'code')
    const notice = disabled.page.getByTestId('chatbot-code-disabled')
    await notice.getByText('Sohbet botu kapalı').waitFor()
    expect(await disabled.page.getByTestId('chatbot-snippet').count()).toBe(0)
    expect(await axeViolations(disabled.page)).toEqual([])
    await notice.getByRole('button', { name: 'Ayarlara git' }).click()
    await toggle(disabled.page).waitFor()
    expect(new URL(disabled.page.url()).search).toBe('')
  })

  it('colours the usage bars at each threshold and reads a passed reset as nothing used', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const today = utcToday()
    const month = `${today.slice(0, 7)}-01`
    const cases = [
      { daily: 11, monthly: 101, tones: ['green', 'green'] },
      { daily: 10, monthly: 100, tones: ['yellow', 'yellow'] },
      { daily: 6, monthly: 51, tones: ['yellow', 'yellow'] },
      { daily: 5, monthly: 50, tones: ['red', 'red'] },
    ]
    let page: Page | undefined
    for (const c of cases) {
      await setLimits(owner, {
        daily_message_limit: 50,
        daily_messages_used: 50 - c.daily,
        monthly_message_limit: 1000,
        monthly_messages_used: 1000 - c.monthly,
        plan_type: 'starter',
        daily_reset_at: today,
        monthly_reset_at: month,
      })
      if (!page) page = (await open(owner, 'usage')).page
      else await page.reload()
      const daily = page.getByTestId('chatbot-daily-bar')
      await daily.waitFor()
      expect([await daily.getAttribute('data-tone'), await page.getByTestId('chatbot-monthly-bar').getAttribute('data-tone')], `${c.daily}/${c.monthly} left`).toEqual(c.tones)
      expect(await daily.getAttribute('aria-valuetext')).toBe(`50 mesajın ${50 - c.daily} tanesi kullanıldı, ${c.daily} kaldı`)
      expect(await page.getByRole('progressbar', { name: 'Bugün' }).getAttribute('aria-valuenow')).toBe(String(50 - c.daily))
      expect(await page.getByRole('progressbar', { name: 'Bu ay' }).getAttribute('aria-valuetext')).toBe(
        `1.000 mesajın ${1000 - c.monthly} tanesi kullanıldı, ${c.monthly} kaldı`,
      )
    }
    expect(await page!.getByTestId('chatbot-plan').textContent()).toBe('Paket: Başlangıç')
    expect(await page!.getByRole('link', { name: 'daha büyük bir paket satın alın' }).getAttribute('href')).toBe('/dashboard/credits')

    // A day and a month that are over count as nothing used; an unknown plan is capitalised.
    await setLimits(owner, { daily_messages_used: 50, daily_reset_at: '2020-01-01', monthly_messages_used: 1000, monthly_reset_at: '2020-01-01', plan_type: 'pro' })
    await page!.reload()
    await page!.getByTestId('chatbot-daily-bar').waitFor()
    expect(await page!.getByTestId('chatbot-daily-summary').textContent()).toBe('50 mesajın 0 tanesi kullanıldı, 50 kaldı')
    expect(await page!.getByTestId('chatbot-monthly-bar').getAttribute('data-tone')).toBe('green')
    expect(await page!.getByTestId('chatbot-plan').textContent()).toBe('Paket: Pro')
  })

  it('shows the four counters of get_chatbot_stats, and the empty notice when there are none', async () => {
    const fresh = await createVerifiedOwner(running.keys)
    const { page: empty } = await open(fresh, 'usage', { language: 'en' })
    await empty.getByTestId('chatbot-stats-empty').getByText(/No messages yet/).waitFor()
    expect(await empty.getByTestId('chatbot-stat-total').textContent()).toBe('0')
    expect(await empty.getByTestId('chatbot-plan').textContent()).toBe('Plan: Free')

    const owner = await createVerifiedOwner(running.keys)
    const now = Date.now()
    const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000).toISOString()
    const times = [at(1), at(2), at(3), at(3 * 24), at(40 * 24)]
    const [conversation] = (await asService('POST', 'conversations', { user_id: owner.id, channel: 'widget' })) as { id: string }[]
    await asService(
      'POST',
      'chatbot_messages',
      times.map((created_at, i) => ({
        user_id: owner.id,
        channel: 'widget',
        conversation_id: conversation!.id,
        author: i % 2 ? 'assistant' : 'customer',
        content: `mesaj ${i}`,
        created_at,
      })),
    )
    // The counters count answered messages: the assistant's replies (2 and 72 hours ago), not the customers' messages.
    const monthStart = Date.parse(`${utcToday().slice(0, 7)}-01T00:00:00Z`)
    const replies = times.filter((_, i) => i % 2 === 1)
    const expected = {
      total: 2,
      month: replies.filter((t) => Date.parse(t) >= monthStart).length,
      week: 2,
      day: 1,
    }
    const { page } = await open(owner, 'usage')
    await page.getByTestId('chatbot-stat-total').waitFor()
    expect(await page.getByTestId('chatbot-stat-total').textContent()).toBe(String(expected.total))
    expect(await page.getByTestId('chatbot-stat-month').textContent()).toBe(String(expected.month))
    expect(await page.getByTestId('chatbot-stat-week').textContent()).toBe(String(expected.week))
    expect(await page.getByTestId('chatbot-stat-day').textContent()).toBe(String(expected.day))
    expect(await page.getByTestId('chatbot-stats-empty').count()).toBe(0)
  })

  it('says when a few visitor addresses sent most of a day, in Turkish and English, and stays quiet otherwise', async () => {
    const owner = await createVerifiedOwner(running.keys)
    await setLimits(owner, { daily_message_limit: 50 })
    const quiet = await open(owner, 'usage')
    await quiet.page.getByTestId('chatbot-daily-summary').waitFor()
    await quiet.page.getByTestId('chatbot-stat-total').waitFor()
    expect(await quiet.page.getByTestId('chatbot-address-concentration').count()).toBe(0)

    // As the widget's limiter leaves them: one address 20 messages, another 8, a third 2, in the last hours.
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString()
    const hits = [20, 8, 2].flatMap((n, address) =>
      Array.from({ length: n }, (_, i) => ({
        rate_key: `chatbot:address-day:${owner.id}:203.0.113.${address + 1}`,
        window_seconds: 86_400,
        at: at(30 + i),
        expires_at: new Date(Date.parse(at(30 + i)) + 86_400_000).toISOString(),
      })),
    )
    await asService('POST', 'rate_limit_hits', hits)
    const tr = await open(owner, 'usage')
    const notice = tr.page.getByTestId('chatbot-address-concentration')
    await notice.waitFor()
    expect(await notice.textContent()).toContain('Son 24 saatte 2 ziyaretçi adresi 28 mesaj gönderdi; günlük mesaj hakkınız 50.')
    const en = await open(owner, 'usage', { language: 'en' })
    const said = en.page.getByTestId('chatbot-address-concentration')
    await said.waitFor()
    expect(await said.textContent()).toContain('In the last 24 hours, 2 visitor addresses sent 28 messages, against your daily allowance of 50.')
    expect(await axeViolations(en.page)).toEqual([])
  })

  it('Try it answers with a real price from the catalogue, sends the history, and leaves usage and statistics alone', async () => {
    const owner = await createVerifiedOwner(running.keys)
    await insertRows(running.keys, owner, 'products', [
      { id: crypto.randomUUID(), name: 'Kablosuz Kulaklık', price: 1299.9, currency: 'TRY', stock: 12, description: 'Gürültü önleyici', product_link: null },
      { id: crypto.randomUUID(), name: 'Keten Gömlek', price: 45, currency: 'USD', stock: 3, description: null, product_link: null },
    ])
    const statsBefore = await stats(owner)
    const limitsBefore = await limits(owner)
    const bodies: Array<Record<string, unknown>> = []
    let hold: Promise<void> | null = null
    const { page } = await open(owner, 'settings', {
      setup: (p) =>
        p.route('**/functions/v1/chatbot-api', async (route) => {
          if (route.request().method() === 'POST') bodies.push(route.request().postDataJSON() as Record<string, unknown>)
          if (hold) await hold
          await route.continue()
        }),
    })
    const input = page.getByRole('textbox', { name: 'Mesajınız' })
    const log = page.getByRole('log', { name: 'Asistanınızla sohbet' })
    await input.waitFor()

    let release!: () => void
    hold = new Promise((resolve) => (release = resolve))
    await input.fill('Kablosuz Kulaklık ne kadar?')
    await input.press('Enter')
    await page.getByTestId('chatbot-try-typing').getByText('Asistan yazıyor…').waitFor()
    hold = null
    release()
    const answers = log.getByTestId('chatbot-try-answer')
    await answers.first().waitFor({ timeout: 20_000 })
    expect(await answers.first().textContent()).toMatch(/1\.299,90|1,299\.90|1299[.,]90/)
    expect(bodies[0]).toMatchObject({ userId: owner.id, message: 'Kablosuz Kulaklık ne kadar?', language: 'tr', preview: true, history: [] })

    await input.fill('Stokta var mı?')
    await input.press('Enter')
    await expect.poll(() => answers.count(), { timeout: 20_000 }).toBe(2)
    const history = bodies[1]!.history as Array<{ role: string; content: string; productIds?: string[] }>
    expect(history.map((turn) => turn.role)).toEqual(['user', 'assistant'])
    expect(history[0]!.content).toBe('Kablosuz Kulaklık ne kadar?')
    expect(history[1]!.productIds?.length).toBeGreaterThan(0)
    expect(await axeViolations(page)).toEqual([])

    expect(await stats(owner)).toEqual(statsBefore)
    expect(await limits(owner)).toEqual(limitsBefore)

    // A refusal is said in words; starting over empties the conversation.
    await page.route('**/functions/v1/chatbot-api', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'rate_limited', retry_after: 5 }) }),
    )
    await input.fill('Bir soru daha')
    await input.press('Enter')
    await log.getByTestId('chatbot-try-error').getByText('Aynı anda çok fazla mesaj gönderildi. Biraz bekleyip tekrar deneyin.').waitFor()
    await page.getByRole('button', { name: 'Baştan başla' }).click()
    expect(await log.getByTestId('chatbot-try-answer').count()).toBe(0)
    expect(await log.getByTestId('chatbot-try-question').count()).toBe(0)
  })

  it('passes axe on every tab in Turkish and English, on a desktop and a 375 px phone', async () => {
    const owner = await createVerifiedOwner(running.keys)
    await enableWith(owner)
    for (const language of ['tr', 'en'] as const) {
      for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
        const { page, context } = await open(owner, 'settings', { language, viewport })
        const tabNames = language === 'tr' ? ['Ayarlar', 'Widget kodu', 'Kullanım', 'İçgörüler'] : ['Settings', 'Widget code', 'Usage', 'Insights']
        await page.getByTestId('chatbot-settings-form').waitFor()
        for (const [i, name] of tabNames.entries()) {
          await page.getByRole('tab', { name }).click()
          const ready = [
            page.getByTestId('chatbot-settings-form'), page.getByTestId('chatbot-snippet'), page.getByTestId('chatbot-stat-total'), page.getByTestId('unanswered-empty'),
          ][i]!
          await ready.waitFor()
          expect(await axeViolations(page), `${language} ${viewport.width} ${name}`).toEqual([])
        }
        // Arrow keys move between the tabs.
        await page.getByRole('tab', { name: tabNames[2]! }).focus()
        await page.keyboard.press('ArrowLeft')
        expect(await page.getByRole('tab', { name: tabNames[1]! }).getAttribute('aria-selected')).toBe('true')
        await context.close()
      }
    }
    // Sixteen axe scans (two languages, two viewports, four tabs): 25 s alone, a minute beside the rest of CI on two cores.
  }, 120_000)

  // Needs the widget script (src/widget, built into /chatbot-widget.js) and tests/support/widget-host.ts.
  it('the copied snippet, pasted into a site on another origin, opens the widget and answers from the catalogue', async () => {
    const owner = await createVerifiedOwner(running.keys)
    await insertRows(running.keys, owner, 'products', [
      { id: crypto.randomUUID(), name: 'Seramik Kupa', price: 249.5, currency: 'TRY', stock: 30, description: 'El yapımı', product_link: null },
    ])
    const { context, page } = await open(owner)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: running.app })
    await toggle(page).click()
    await field(page, 'Bot adı').fill('Kupa Asistanı')
    await field(page, 'İzin verilen alan adları').fill('localhost')
    await page.getByTestId('chatbot-save').click()
    await page.getByTestId('chatbot-saved-note').waitFor()

    await page.getByRole('tab', { name: 'Widget kodu' }).click()
    await page.getByTestId('chatbot-copy').click()
    await expect.poll(() => page.getByTestId('chatbot-copy').textContent()).toBe('Kopyalandı')
    const snippet = await page.evaluate(() => navigator.clipboard.readText())
    expect(snippet).toBe(await snippetText(page))

    const host = await startWidgetHost({ snippet })
    try {
      const site = await context.newPage()
      await site.goto(host.url)
      await site.getByRole('button', { name: 'Sohbeti aç' }).click()
      const dialog = site.getByRole('dialog', { name: 'Kupa Asistanı' })
      await dialog.waitFor()
      await dialog.getByRole('textbox', { name: 'Mesajınız' }).fill('Seramik Kupa kaç lira?')
      await dialog.getByRole('textbox', { name: 'Mesajınız' }).press('Enter')
      await expect.poll(() => dialog.locator('.msg.bot:not(.typing)').count(), { timeout: 20_000 }).toBe(2)
      expect(await dialog.locator('.msg.bot:not(.typing)').last().textContent()).toMatch(/249,50|249\.50|249,5|249\.5/)
    } finally {
      await host.close()
    }
  })
})
