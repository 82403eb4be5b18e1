// Booking in real Chromium against the production build and the local stack:
// the owner turns on online booking and adds a service (Turkish at 1280 px,
// English at 375 px, axe clean); the new-appointment wizard suggests the
// chosen day's free times and warns about an overlap; and a visitor books
// on the website widget while the owner's calendar is open, where the
// appointment appears without a reload, marked as the assistant's, and the
// inbox shows the conversation.
import { afterAll, describe, expect, it } from 'vitest'
import { localTime } from '../../domain/business.ts'
import { addDays, monthOf, sameMonth } from '../../domain/calendar.ts'
import { widgetScriptUrl, widgetSnippet } from '../../domain/chatbot.ts'
import { axeViolations } from '../support/axe.ts'
import { DESKTOP, PHONE, screenshot, TR_DESKTOP_EN_PHONE, useAppUnderTest } from '../support/app-under-test.ts'
import { createVerifiedOwner, insertRows, serverRows, updateRows, visitorMessage, type Owner } from '../support/owners.ts'
import { startWidgetHost, type WidgetHost } from '../support/widget-host.ts'

const LIVE_MS = 15_000
const ANSWERED = { timeout: 20_000 }
const ALL_DAY = [['00:00', '24:00']]
const OPEN_ALWAYS = { mon: ALL_DAY, tue: ALL_DAY, wed: ALL_DAY, thu: ALL_DAY, fri: ALL_DAY, sat: ALL_DAY, sun: ALL_DAY }

const WORDS = {
  tr: { locale: 'tr-TR', open: 'Online randevu', enabled: 'Müşteriler asistan üzerinden randevu alabilir', save: 'Ayarları kaydet', saved: 'Randevu ayarları kaydedildi.', services: 'Hizmetler', add: 'Hizmet ekle', name: 'Hizmet adı', saveService: 'Hizmeti kaydet' },
  en: { locale: 'en-US', open: 'Online booking', enabled: 'Customers can book through the assistant', save: 'Save settings', saved: 'Booking settings saved.', services: 'Services', add: 'Add service', name: 'Service name', saveService: 'Save service' },
} as const

describe('booking', () => {
  const running = useAppUnderTest()
  const hosts: WidgetHost[] = []
  afterAll(async () => {
    while (hosts.length > 0) await hosts.pop()!.close()
  })

  async function salon(): Promise<Owner> {
    const owner = await createVerifiedOwner(running.keys)
    await updateRows(running.keys, owner, 'business_profiles', `user_id=eq.${owner.id}`, { opening_hours: OPEN_ALWAYS, time_zone: 'Europe/Istanbul', contact_phone: '0212 555 00 00' })
    return owner
  }

  it.each(TR_DESKTOP_EN_PHONE)('$language at $viewport.width px: the owner turns on online booking and adds a service', async ({ language, viewport }) => {
    const w = WORDS[language]
    const owner = await salon()
    const { page } = await running.openAs(owner, '/dashboard/appointments', { language, viewport, context: { locale: w.locale } })
    await page.getByRole('button', { name: w.open }).click()
    const dialog = page.getByTestId('booking-settings')
    await dialog.getByRole('switch', { name: w.enabled }).waitFor()
    expect(await axeViolations(page, '[data-testid="booking-settings"]'), `${language} settings`).toEqual([])
    await screenshot(page, `booking-settings-${language}-${viewport.width}`)
    await dialog.getByRole('switch', { name: w.enabled }).check({ force: true })
    await dialog.getByRole('button', { name: w.save }).click()
    await page.getByText(w.saved).waitFor()
    await expect.poll(async () => (await serverRows<{ enabled: boolean }>(running.keys, owner, 'booking_settings', 'select=enabled'))[0]?.enabled).toBe(true)

    await page.getByRole('button', { name: w.open }).click()
    await dialog.getByRole('tab', { name: w.services }).click()
    await dialog.getByRole('button', { name: w.add }).click()
    await dialog.getByRole('textbox', { name: w.name }).fill('Saç kesimi')
    expect(await axeViolations(page, '[data-testid="booking-settings"]'), `${language} service form`).toEqual([])
    await screenshot(page, `booking-service-form-${language}-${viewport.width}`)
    await dialog.getByRole('button', { name: w.saveService }).click()
    await dialog.getByTestId('service-row').getByText('Saç kesimi').waitFor()
    expect(await serverRows<{ name: string; duration_minutes: number }>(running.keys, owner, 'services', 'select=name,duration_minutes')).toEqual([
      { name: 'Saç kesimi', duration_minutes: 60 },
    ])
  })

  it.each(TR_DESKTOP_EN_PHONE)('$language at $viewport.width px: the wizard suggests the free times of the chosen day and warns about an overlap', async ({ language, viewport }) => {
    const owner = await salon()
    const day9to6 = [['09:00', '18:00']]
    await updateRows(running.keys, owner, 'business_profiles', `user_id=eq.${owner.id}`, {
      opening_hours: { mon: day9to6, tue: day9to6, wed: day9to6, thu: day9to6, fri: day9to6, sat: day9to6, sun: day9to6 },
    })
    await updateRows(running.keys, owner, 'booking_settings', `user_id=eq.${owner.id}`, { enabled: true, min_notice_minutes: 0 })
    const day = addDays(localTime(new Date(), 'Europe/Istanbul').date, 2)
    await insertRows(running.keys, owner, 'appointments', [{ id: crypto.randomUUID(), appointment_date: day, appointment_time: '10:00', duration_minutes: 60, status: 'scheduled' }])
    const { page } = await running.openAs(owner, '/dashboard/appointments', { language, viewport, context: { locale: WORDS[language].locale } })
    await page.getByTestId('calendar-grid').waitFor({ timeout: 20_000 })
    await page.getByRole('button', { name: language === 'tr' ? 'Yeni randevu' : 'New appointment' }).click()
    const wizard = page.getByTestId('appointment-wizard')
    await wizard.locator('input[type=date]').fill(day)
    const free = wizard.getByTestId('free-times')
    await free.waitFor({ timeout: LIVE_MS })
    // The hour of the appointment is taken, and the half hours overlapping it; the hour after is free.
    expect(await free.getByRole('button').allTextContents()).toEqual(['09:00', ...['11', '12', '13', '14', '15', '16'].flatMap((h) => [`${h}:00`, `${h}:30`]), '17:00'])
    await free.getByRole('button', { name: '11:00', exact: true }).click()
    expect(await wizard.locator('input[type=time]').inputValue()).toBe('11:00')
    expect(await wizard.getByTestId('overlap-warning').count()).toBe(0)
    await wizard.locator('input[type=time]').fill('10:30')
    await wizard.getByTestId('overlap-warning').waitFor()
    expect(await axeViolations(page, '[data-testid="appointment-wizard"]')).toEqual([])
    await screenshot(page, `booking-wizard-free-times-${language}-${viewport.width}`)
  })

  it('a booking made while the owner is offline arrives in the calendar when the device reconnects', async () => {
    const owner = await salon()
    await updateRows(running.keys, owner, 'booking_settings', `user_id=eq.${owner.id}`, { enabled: true })
    await updateRows(running.keys, owner, 'chatbot_configs', `user_id=eq.${owner.id}`, { enabled: true })
    const day = addDays(localTime(new Date(), 'Europe/Istanbul').date, 1)
    const { context, page } = await running.openAs(owner, '/dashboard/appointments', { language: 'tr', viewport: DESKTOP })
    await page.getByTestId('calendar-grid').waitFor({ timeout: 20_000 })
    if (!sameMonth(monthOf(day), monthOf(new Date()))) await page.getByRole('button', { name: 'Sonraki ay' }).click()
    await context.setOffline(true)
    await page.getByRole('button', { name: /^Eşitleme durumu: Çevrimdışı/ }).waitFor()

    let conversationId: string | undefined
    const ask = async (message: string) => {
      const answer = await visitorMessage(running.keys, { userId: owner.id, message, conversationId })
      conversationId ??= answer.conversationId
      return answer.reply
    }
    await ask('Yarın saat 11:00 için randevu alabilir miyim?')
    await ask('Can Öztürk')
    await ask('0533 222 33 44')
    expect(await ask('evet')).toMatch(/Randevunuz oluşturuldu/)
    const entry = page.locator(`[data-testid="calendar-day"][data-day="${day}"] [data-testid="calendar-entry"][data-source="assistant"]`)
    expect(await entry.count()).toBe(0)

    await context.setOffline(false)
    // The appointment and its new customer sync apart: the name may follow the entry by a moment.
    await expect.poll(() => entry.textContent(), { timeout: LIVE_MS }).toContain('Can Öztürk')
  })

  it('a visitor books on the widget: the appointment appears in the open calendar without a reload, and the inbox shows the conversation', async () => {
    const owner = await salon()
    await updateRows(running.keys, owner, 'booking_settings', `user_id=eq.${owner.id}`, { enabled: true })
    await updateRows(running.keys, owner, 'chatbot_configs', `user_id=eq.${owner.id}`, { enabled: true, allowed_domains: ['localhost'] })
    const snippet = widgetSnippet({
      userId: owner.id, apiUrl: `${running.keys.api}/functions/v1/chatbot-api`, scriptUrl: widgetScriptUrl(running.app), enabled: true,
      botName: 'Kuaför Asistanı', welcomeMessage: 'Merhaba!', primaryColor: '#0c7a6b', position: 'bottom-right',
    })
    const host = await startWidgetHost({ snippet, body: '<main><h1>Kuaför</h1></main>' })
    hosts.push(host)

    const tomorrow = addDays(localTime(new Date(), 'Europe/Istanbul').date, 1)
    const { page: calendar } = await running.openAs(owner, '/dashboard/appointments', { language: 'tr', viewport: DESKTOP })
    await calendar.getByTestId('calendar-grid').waitFor({ timeout: 20_000 })
    if (!sameMonth(monthOf(tomorrow), monthOf(new Date()))) await calendar.getByRole('button', { name: 'Sonraki ay' }).click()
    const cell = calendar.locator(`[data-testid="calendar-day"][data-day="${tomorrow}"]`)
    await cell.waitFor()

    const ctx = await running.newContext({ viewport: PHONE, locale: 'tr-TR' })
    const visitor = await ctx.newPage()
    await visitor.goto(host.url)
    await visitor.locator('chatbot-widget').getByRole('button', { name: 'Sohbeti aç', exact: true }).click()
    const input = visitor.getByRole('dialog').getByRole('textbox')
    const bot = visitor.locator('chatbot-widget .msg.bot:not(.typing)')
    const say = async (text: string, expected: RegExp) => {
      const before = await bot.count()
      await input.fill(text)
      await input.press('Enter')
      await expect.poll(() => bot.count(), ANSWERED).toBeGreaterThan(before)
      const reply = (await bot.last().textContent()) ?? ''
      expect(reply, `after "${text}"`).toMatch(expected)
    }
    await say('Yarın saat 15:00 için randevu alabilir miyim?', /adınızı/i)
    await say('Ayşe Yılmaz', /telefon/i)
    await say('0532 111 22 33', /Onaylıyor musunuz/)
    await say('evet', /Randevunuz oluşturuldu/)
    await screenshot(visitor, 'booking-widget-booked-tr-375')

    // Live in the owner's calendar, as the assistant's.
    const entry = cell.locator('[data-testid="calendar-entry"][data-source="assistant"]')
    await entry.waitFor({ timeout: LIVE_MS })
    expect(await entry.textContent()).toContain('15:00')
    await expect.poll(() => entry.textContent(), { timeout: LIVE_MS }).toContain('Ayşe Yılmaz')
    await screenshot(calendar, 'booking-calendar-live-tr-1280')

    // Its details say who booked it and, once the scheduler tried, how the automatic reminder went.
    const [booked] = await serverRows<{ id: string }>(running.keys, owner, 'appointments', 'select=id&source=eq.assistant')
    const failed = await fetch(`${running.keys.api}/rest/v1/appointment_reminders?on_conflict=appointment_id`, {
      method: 'POST',
      headers: {
        apikey: running.keys.serviceRoleKey, authorization: `Bearer ${running.keys.serviceRoleKey}`, 'content-type': 'application/json',
        prefer: 'resolution=merge-duplicates,return=minimal',
      },
      body: JSON.stringify({ appointment_id: booked!.id, user_id: owner.id, attempts: 1, last_error: 'sms_failed', next_attempt_at: new Date(Date.now() + 5 * 60_000).toISOString() }),
    })
    expect(failed.status).toBeLessThan(300)
    await entry.click()
    const details = calendar.getByRole('dialog')
    expect(await details.getByTestId('appointment-source').textContent()).toBe('Asistan tarafından')
    const reminder = details.getByTestId('auto-reminder')
    await reminder.waitFor()
    expect(await reminder.textContent()).toMatch(/^Otomatik hatırlatma gönderilemedi: .+ yeniden denenecek\.$/)
    await screenshot(calendar, 'booking-details-tr-1280')
    await calendar.keyboard.press('Escape')
    await details.waitFor({ state: 'hidden' })

    // The inbox has the conversation with the booking in it.
    await calendar.getByRole('link', { name: /^Sohbetler/ }).click()
    await calendar.getByTestId('inbox-filter').locator('label').filter({ hasText: 'Tümü' }).click()
    await calendar.getByTestId('inbox-row').first().click()
    const thread = calendar.getByTestId('inbox-thread')
    await thread.getByText(/Randevunuz oluşturuldu/).waitFor()
    expect(await thread.getByTestId('booking-mark').textContent()).toBe('Randevu oluşturuldu')
    await screenshot(calendar, 'booking-inbox-thread-tr-1280')
  })
})
