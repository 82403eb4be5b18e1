// The chatbot screen's "Business info" tab in real Chromium against the
// production build and the local stack, in Turkish and English on a desktop
// and a 375 px phone: opening hours with a closed day, a second range and an
// end at midnight, the time zone, contact and policies saved in one request
// and read back after a reload and through the data API; a value the
// database refuses said at its field with nothing typed lost; the FAQ added,
// edited and deleted, and its count limit; axe in the tab and in the FAQ
// dialog; the load error with its retry and the offline state.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { FAQ_ENTRIES_MAX } from '../../domain/business.ts'
import { axeViolations } from '../support/axe.ts'
import { DESKTOP, PHONE, useAppUnderTest, type OpenOptions } from '../support/app-under-test.ts'
import { createVerifiedOwner, insertRows, serverRows, type Owner } from '../support/owners.ts'

type ProfileRow = {
  address: string | null
  maps_url: string | null
  contact_phone: string | null
  contact_email: string | null
  opening_hours: Record<string, [string, string][]>
  time_zone: string
  shipping_info: string | null
  returns_info: string | null
  payment_info: string | null
  ordering_info: string | null
}
type FaqRow = { id: string; question: string; answer: string }

const PROFILE_SELECT = 'select=address,maps_url,contact_phone,contact_email,opening_hours,time_zone,shipping_info,returns_info,payment_info,ordering_info'

/** What each language calls the controls the test drives. */
const WORDS = {
  tr: {
    locale: 'tr-TR',
    heading: 'Sohbet Botu',
    tab: 'İşletme bilgileri',
    address: 'Adres',
    maps: 'Harita bağlantısı',
    phone: 'Telefon',
    email: 'E-posta',
    zone: 'Saat dilimi',
    shipping: 'Kargo',
    returns: 'İade ve değişim',
    day: { mon: 'Pazartesi', fri: 'Cuma', sat: 'Cumartesi', sun: 'Pazar' },
    open: (day: string) => `${day} açık`,
    opens: (day: string, n?: number) => (n ? `${day}, ${n}. aralık, açılış saati` : `${day} açılış saati`),
    closes: (day: string, n?: number) => (n ? `${day}, ${n}. aralık, kapanış saati` : `${day} kapanış saati`),
    addRange: (day: string) => `${day} için aralık ekle`,
    copyMonday: 'Pazartesiyi Salı–Cuma günlerine kopyala',
    save: 'İşletme bilgilerini kaydet',
    saved: 'İşletme bilgileri kaydedildi',
    refusedZone: 'Sunucu bu saat dilimini tanımıyor. Başka birini seçin, örneğin size en yakın büyük şehri.',
    addQuestion: 'Soru ekle',
    dialogAdd: 'Soru ekle',
    dialogEdit: 'Soruyu düzenle',
    question: 'Soru',
    answer: 'Yanıt',
    questionRequired: 'Soruyu yazın',
    answerRequired: 'Yanıtı yazın',
    saveChanges: 'Değişiklikleri kaydet',
    edit: (q: string) => `Düzenle: ${q}`,
    remove: (q: string) => `Sil: ${q}`,
    deleteTitle: 'Soruyu sil',
    confirmDelete: 'Sil',
    empty: 'Henüz soru yok',
    count: (n: number) => `${n} / ${FAQ_ENTRIES_MAX} soru`,
    full: `${FAQ_ENTRIES_MAX} sorunuz var, bu en yüksek sayı. Yenisini eklemek için birini silin.`,
    faq: { question: 'Kargo kaç günde gelir?', answer: '1-2 iş günü içinde kargoya verilir.', edited: '1-2 iş günü içinde kargoya verilir, 2-3 günde elinizde.' },
    texts: { address: 'Moda Cad. No: 12\nKadıköy, İstanbul', shipping: '500 TL üzeri kargo ücretsiz.', returns: '14 gün içinde ücretsiz iade.' },
  },
  en: {
    locale: 'en-US',
    heading: 'Chatbot',
    tab: 'Business info',
    address: 'Address',
    maps: 'Map link',
    phone: 'Phone',
    email: 'E-mail',
    zone: 'Time zone',
    shipping: 'Shipping',
    returns: 'Returns and exchanges',
    day: { mon: 'Monday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' },
    open: (day: string) => `${day} open`,
    opens: (day: string, n?: number) => (n ? `${day}, range ${n}, opens at` : `${day} opens at`),
    closes: (day: string, n?: number) => (n ? `${day}, range ${n}, closes at` : `${day} closes at`),
    addRange: (day: string) => `Add range to ${day}`,
    copyMonday: 'Copy Monday to Tuesday–Friday',
    save: 'Save business info',
    saved: 'Business info saved',
    refusedZone: 'The server does not know this time zone. Choose another one, for example the nearest large city.',
    addQuestion: 'Add question',
    dialogAdd: 'Add a question',
    dialogEdit: 'Edit question',
    question: 'Question',
    answer: 'Answer',
    questionRequired: 'Write the question',
    answerRequired: 'Write the answer',
    saveChanges: 'Save changes',
    edit: (q: string) => `Edit: ${q}`,
    remove: (q: string) => `Delete: ${q}`,
    deleteTitle: 'Delete question',
    confirmDelete: 'Delete',
    empty: 'No questions yet',
    count: (n: number) => `${n} of ${FAQ_ENTRIES_MAX} questions`,
    full: `You have ${FAQ_ENTRIES_MAX} questions, the most there can be. Delete one to add another.`,
    faq: { question: 'How long does delivery take?', answer: 'Orders ship within 1–2 working days.', edited: 'Orders ship within 1–2 working days and arrive 2–3 days later.' },
    texts: { address: '12 Moda Street\nKadıköy, Istanbul', shipping: 'Free shipping over 500 TL.', returns: 'Free returns within 14 days.' },
  },
} as const

type Language = keyof typeof WORDS

describe('business info tab', () => {
  const running = useAppUnderTest()

  async function open(owner: Owner, language: Language, viewport: { width: number; height: number }, options: OpenOptions = {}) {
    const opened = await running.openAs(owner, '/dashboard/chatbot?tab=business', {
      language,
      viewport,
      ...options,
      context: { locale: WORDS[language].locale, ...options.context },
    })
    await opened.page.getByRole('heading', { level: 1, name: WORDS[language].heading }).waitFor()
    return opened
  }

  const profile = async (owner: Owner) => (await serverRows<ProfileRow>(running.keys, owner, 'business_profiles', PROFILE_SELECT))[0]!
  const faqRows = (owner: Owner) => serverRows<FaqRow>(running.keys, owner, 'faq_entries', 'select=id,question,answer')
  // Not exact: a required field's label ends with its asterisk.
  const field = (scope: Page | ReturnType<Page['getByTestId']>, label: string) => scope.getByLabel(new RegExp(`^${label}(\\s*\\*)?$`))

  it.each([
    // The time zone search and a refused save once a language (they do not depend on the width).
    { language: 'tr' as const, viewport: DESKTOP, full: true },
    { language: 'en' as const, viewport: PHONE, full: true },
    { language: 'tr' as const, viewport: PHONE, full: false },
    { language: 'en' as const, viewport: DESKTOP, full: false },
  ])('$language at $viewport.width px: hours, contact and policies saved and read back, the FAQ added, edited and deleted, axe clean', async ({ language, viewport, full }) => {
    const w = WORDS[language]
    const owner = await createVerifiedOwner(running.keys)
    const before = await profile(owner)
    expect(before.opening_hours).toEqual({})
    // The first save of this run is turned into one the database refuses (a zone the browser knows and the server does not).
    let refuse = full
    const { page } = await open(owner, language, viewport, {
      setup: (p) =>
        p.route('**/rest/v1/business_profiles**', (route) => {
          const request = route.request()
          if (request.method() !== 'POST' || !refuse) return route.continue()
          refuse = false
          return route.continue({ postData: JSON.stringify({ ...(request.postDataJSON() as object), time_zone: 'Mars/Olympus' }) })
        }),
    })
    expect(await page.getByRole('tab', { name: w.tab }).getAttribute('aria-selected')).toBe('true')
    const form = page.getByTestId('business-form')
    await form.waitFor()
    await page.getByTestId('faq-empty').getByText(w.empty).waitFor()
    expect(await axeViolations(page, 'main'), `${language} ${viewport.width} tab`).toEqual([])

    // Contact.
    await field(form, w.address).fill(w.texts.address)
    await field(form, w.maps).fill('https://maps.example.com/moda')
    await field(form, w.phone).fill('+90 216 555 12 34')
    await field(form, w.email).fill('info@example.com')

    // Time zone: searched, Turkish capitals folded.
    const zone = full ? 'Europe/Berlin' : 'Europe/Istanbul'
    if (full) {
      await field(form, w.zone).fill('İSTANBUL')
      await page.getByRole('option', { name: 'Europe/Istanbul' }).waitFor()
      await field(form, w.zone).fill('berlin')
      await page.getByRole('option', { name: 'Europe/Berlin' }).click()
    }
    expect(await field(form, w.zone).inputValue()).toBe(zone)

    // Hours: Monday 09:00–12:00 and 13:00–18:00, copied to Tuesday–Friday, Friday then closed,
    // Saturday 10:00 to midnight, Sunday left closed.
    const { mon, fri, sat, sun } = w.day
    await page.getByRole('switch', { name: w.open(mon) }).click()
    await page.getByLabel(w.closes(mon), { exact: true }).fill('12:00')
    await page.getByRole('button', { name: w.addRange(mon) }).click()
    await page.getByLabel(w.opens(mon, 2), { exact: true }).fill('13:00')
    await page.getByLabel(w.closes(mon, 2), { exact: true }).fill('18:00')
    await page.getByRole('button', { name: w.copyMonday }).click()
    await page.getByRole('switch', { name: w.open(fri) }).click()
    await page.getByRole('switch', { name: w.open(sat) }).click()
    await page.getByLabel(w.opens(sat), { exact: true }).fill('10:00')
    await page.getByLabel(w.closes(sat), { exact: true }).fill('00:00')
    expect(await page.getByRole('switch', { name: w.open(sun) }).isChecked()).toBe(false)

    // Policies.
    await field(form, w.shipping).fill(w.texts.shipping)
    await field(form, w.returns).fill(w.texts.returns)

    if (full) {
      // Refused by the database: said at the time zone, every field as typed, nothing stored.
      const refused = page.waitForResponse((r) => r.url().includes('/rest/v1/business_profiles') && r.request().method() === 'POST')
      await page.getByRole('button', { name: w.save }).click()
      expect(((await (await refused).json()) as { code?: string }).code).toBe('23514')
      await form.getByText(w.refusedZone).waitFor()
      await page.getByTestId('business-save-error').waitFor()
      expect(await field(form, w.address).inputValue()).toBe(w.texts.address)
      expect(await field(form, w.returns).inputValue()).toBe(w.texts.returns)
      expect(await page.getByLabel(w.opens(mon, 2), { exact: true }).inputValue()).toBe('13:00')
      expect(await field(form, w.zone).inputValue()).toBe(zone)
      expect(await profile(owner)).toEqual(before)
      expect(await axeViolations(page, 'main'), `${language} ${viewport.width} refused`).toEqual([])
    }

    // Saved: the row holds the payload.
    await page.getByRole('button', { name: w.save }).click()
    await page.getByText(w.saved).waitFor()
    expect(await page.getByTestId('business-save-error').count()).toBe(0)
    const week: [string, string][] = [['09:00', '12:00'], ['13:00', '18:00']]
    const expected: ProfileRow = {
      address: w.texts.address,
      maps_url: 'https://maps.example.com/moda',
      contact_phone: '+90 216 555 12 34',
      contact_email: 'info@example.com',
      opening_hours: { mon: week, tue: week, wed: week, thu: week, sat: [['10:00', '24:00']] },
      time_zone: zone,
      shipping_info: w.texts.shipping,
      returns_info: w.texts.returns,
      payment_info: null,
      ordering_info: null,
    }
    expect(await profile(owner)).toEqual(expected)

    // Read back after a reload.
    await page.reload()
    await form.waitFor()
    expect(await field(form, w.address).inputValue()).toBe(w.texts.address)
    expect(await field(form, w.email).inputValue()).toBe('info@example.com')
    expect(await field(form, w.zone).inputValue()).toBe(zone)
    expect(await field(form, w.shipping).inputValue()).toBe(w.texts.shipping)
    expect(await page.getByLabel(w.closes(mon, 2), { exact: true }).inputValue()).toBe('18:00')
    expect(await page.getByLabel(w.closes(sat), { exact: true }).inputValue()).toBe('00:00')
    expect(await page.getByRole('switch', { name: w.open(fri) }).isChecked()).toBe(false)
    expect(await page.getByRole('switch', { name: w.open(sun) }).isChecked()).toBe(false)

    // FAQ: the dialog checks both fields, then adds; edit; delete after confirming.
    await page.getByTestId('faq-add').click()
    let dialog = page.getByRole('dialog', { name: w.dialogAdd })
    await dialog.waitFor()
    await dialog.getByRole('button', { name: w.addQuestion }).click()
    await dialog.getByText(w.questionRequired, { exact: true }).waitFor()
    await dialog.getByText(w.answerRequired, { exact: true }).waitFor()
    expect(await axeViolations(page, '[data-testid=faq-dialog]'), `${language} ${viewport.width} dialog`).toEqual([])
    await field(dialog, w.question).fill(w.faq.question)
    await field(dialog, w.answer).fill(w.faq.answer)
    await dialog.getByRole('button', { name: w.addQuestion }).click()
    await dialog.waitFor({ state: 'detached' })
    const list = page.getByTestId('faq-list')
    await list.getByText(w.faq.question).waitFor()
    expect(await page.getByTestId('faq-count').textContent()).toBe(w.count(1))

    await page.getByRole('button', { name: w.edit(w.faq.question) }).click()
    dialog = page.getByRole('dialog', { name: w.dialogEdit })
    expect(await field(dialog, w.answer).inputValue()).toBe(w.faq.answer)
    await field(dialog, w.answer).fill(w.faq.edited)
    await dialog.getByRole('button', { name: w.saveChanges }).click()
    await dialog.waitFor({ state: 'detached' })
    await list.getByText(w.faq.edited).waitFor()
    expect((await faqRows(owner)).map(({ question, answer }) => ({ question, answer }))).toEqual([{ question: w.faq.question, answer: w.faq.edited }])

    await page.getByRole('button', { name: w.remove(w.faq.question) }).click()
    const confirm = page.getByRole('dialog', { name: w.deleteTitle })
    await confirm.getByRole('button', { name: w.confirmDelete, exact: true }).click()
    await page.getByTestId('faq-empty').waitFor()
    expect(await faqRows(owner)).toEqual([])
  })

  it('the FAQ count limit: the database refuses entry 201, said in the dialog with the text kept', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const rows = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ question: `Soru ${from + i + 1}?`, answer: 'Yanıt.' }))
    await insertRows(running.keys, owner, 'faq_entries', rows(FAQ_ENTRIES_MAX - 1))
    const { page } = await open(owner, 'tr', DESKTOP)
    await page.getByTestId('faq-count').getByText(WORDS.tr.count(FAQ_ENTRIES_MAX - 1)).waitFor()
    await page.getByTestId('faq-add').click()
    const dialog = page.getByRole('dialog', { name: WORDS.tr.dialogAdd })
    await field(dialog, WORDS.tr.question).fill('Taksit var mı?')
    await field(dialog, WORDS.tr.answer).fill('Evet, 6 taksit.')
    // Another device takes the last place meanwhile.
    await insertRows(running.keys, owner, 'faq_entries', rows(1, FAQ_ENTRIES_MAX))
    await dialog.getByRole('button', { name: WORDS.tr.addQuestion }).click()
    await dialog.getByTestId('faq-save-error').getByText(WORDS.tr.full).waitFor()
    expect(await field(dialog, WORDS.tr.question).inputValue()).toBe('Taksit var mı?')
    expect(await field(dialog, WORDS.tr.answer).inputValue()).toBe('Evet, 6 taksit.')
    expect((await faqRows(owner)).length).toBe(FAQ_ENTRIES_MAX)

    // The list is read again: full, so adding is disabled and says why.
    await page.getByTestId('faq-count').getByText(WORDS.tr.count(FAQ_ENTRIES_MAX)).waitFor()
    expect(await page.getByTestId('faq-add').isDisabled()).toBe(true)
    expect(await page.getByTestId('faq-disabled-reason').textContent()).toBe(WORDS.tr.full)
  })

  it('a load error offers a retry instead of an empty form; offline keeps what was typed and disables saving', async () => {
    const owner = await createVerifiedOwner(running.keys)
    let fail = true
    const { context, page } = await open(owner, 'en', PHONE, {
      setup: (p) =>
        p.route('**/rest/v1/business_profiles**', (route) =>
          fail && route.request().method() === 'GET' ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
        ),
    })
    const error = page.getByTestId('business-error')
    await error.getByText('Unable to load your business info').waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('business-form').count()).toBe(0)
    fail = false
    await error.getByRole('button', { name: 'Try again' }).click()
    const form = page.getByTestId('business-form')
    await form.waitFor()

    await field(form, 'Address').fill('Offline Street 1')
    await context.setOffline(true)
    await page.getByTestId('business-offline').waitFor()
    const save = page.getByRole('button', { name: 'Save business info' })
    expect(await save.isDisabled()).toBe(true)
    expect(await page.getByTestId('faq-add').isDisabled()).toBe(true)
    expect(await axeViolations(page, 'main')).toEqual([])
    await context.setOffline(false)
    await page.getByTestId('business-offline').waitFor({ state: 'detached' })
    expect(await field(form, 'Address').inputValue()).toBe('Offline Street 1')
    await save.click()
    await page.getByText('Business info saved').waitFor()
    expect((await profile(owner)).address).toBe('Offline Street 1')
  })
})
