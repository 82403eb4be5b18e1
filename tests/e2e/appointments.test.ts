// The appointments screen in real Chromium against the production build and
// the local stack: the month grid, the new-appointment wizard with an existing
// and a new customer, status changes (quick action and edit mode), delete,
// the day list, the SMS reminder reaching the local outbox, offline work that
// survives a reload and syncs with the customer link intact, the phone
// layout, the loading state, status colours, the spec's failure messages, an
// edit racing a change from another device, and today moving at midnight.
import { describe, expect, it } from 'vitest'
import type { Locator, Page, Route } from 'playwright-core'
import { axeViolations } from '../support/axe.ts'
import { cancelConfirmation } from '../support/confirm-dialog.ts'
import { screenshot, useAppUnderTest, type OpenOptions } from '../support/app-under-test.ts'
import { reloadUnderServiceWorker } from '../support/browser.ts'
import { createVerifiedOwner, insertRows, serverRows, updateRows, type Owner } from '../support/owners.ts'
import { failLocalWrites, storeNeverOpens } from '../support/local-store-faults.ts'


type ServerAppointment = {
  id: string
  customer_id: string | null
  appointment_date: string
  appointment_time: string
  duration_minutes: number
  status: string
  description: string | null
  notes: string | null
  _deleted: boolean
}
type ServerCustomer = { id: string; name: string; phone_number: string; email: string | null; notes: string | null }
type OutboxMessage = { channel: string; to: string; body: string; created_at: string }

const pad = (n: number) => String(n).padStart(2, '0')
/**
 * The month every test seeds and the calendar shows: each page's clock starts here (see openAppointments), so a run that
 * crosses midnight or a month's end still sees the days it seeded as this month's, and today where the test put it.
 */
const NOW = new Date()
/** A day of NOW's month, which the calendar opens on. */
const day = (d: number) => `${NOW.getFullYear()}-${pad(NOW.getMonth() + 1)}-${pad(d)}`
/**
 * Waits until what the app does in its own time (a write to the local store, a render, a sync) holds: for
 * up to 20 s, which a slow machine needs, where expect.poll alone gives up after one.
 */
const eventually = <T>(read: () => T, timeout = 20_000) => expect.poll(read, { timeout })

const longDate = (key: string, locale: string) => {
  const [y, m, d] = key.split('-').map(Number)
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(y!, m! - 1, d!))
}

describe('appointments screen', () => {
  const running = useAppUnderTest()

  /** The page's clock starts at NOW unless a `clock` is given; the calendar opens on its month. */
  type AppointmentsOptions = OpenOptions & {
    /** Wait for the grid (default) or only for the screen's heading. */
    waitForGrid?: boolean
  }

  async function openAppointments(owner: Owner, options: AppointmentsOptions = {}) {
    const { context, page } = await running.openAs(owner, '/dashboard/appointments', { clock: NOW, ...options })
    await page.getByRole('heading', { level: 1, name: options.language === 'en' ? 'Appointments' : 'Randevular' }).waitFor()
    if (options.waitForGrid !== false) await page.getByTestId('calendar-grid').waitFor({ timeout: 20_000 })
    return { context, page }
  }

  const appointments = (owner: Owner) =>
    serverRows<ServerAppointment>(running.keys, owner, 'appointments', 'select=*&_deleted=is.false&order=appointment_date.asc,appointment_time.asc')
  const customers = (owner: Owner) => serverRows<ServerCustomer>(running.keys, owner, 'customers', 'select=*&_deleted=is.false&order=name.asc')
  const dayCell = (page: Page, key: string) => page.locator(`[data-testid="calendar-day"][data-day="${key}"]`)
  const entries = (page: Page, key: string) =>
    dayCell(page, key)
      .getByTestId('calendar-entry')
      .evaluateAll((els) => els.map((e) => [e.textContent, e.getAttribute('data-status')]))
  /** A day cell's entries, [text, status] each, waited for until the assertion made on them holds. */
  const dayEntries = (page: Page, key: string) => eventually(() => entries(page, key))

  async function seedCustomer(owner: Owner, fields: Partial<ServerCustomer> & { name: string; phone_number: string }) {
    const id = crypto.randomUUID()
    await insertRows(running.keys, owner, 'customers', [{ id, email: null, notes: null, ...fields }])
    return id
  }

  async function seedAppointment(owner: Owner, fields: Partial<ServerAppointment> & { appointment_date: string; appointment_time: string }) {
    const id = crypto.randomUUID()
    await insertRows(running.keys, owner, 'appointments', [{ id, duration_minutes: 60, status: 'scheduled', description: null, notes: null, ...fields }])
    return id
  }

  /** The mode switch is a radio group whose inputs are hidden behind their labels. */
  async function chooseNewCustomer(dialog: Locator) {
    await dialog.locator('label').filter({ hasText: 'Yeni müşteri' }).click()
    await eventually(() => dialog.getByRole('radio', { name: 'Yeni müşteri' }).isChecked()).toBe(true)
  }

  async function wizardStep(dialog: Locator, n: number) {
    await dialog
      .getByTestId('wizard-step')
      .filter({ hasText: `Adım ${n} / 3` })
      .waitFor()
  }

  /** Opens the new-appointment wizard, gives it a date and a time and goes on to the customer step. */
  async function newAppointmentAt(page: Page, date: string, time: string): Promise<Locator> {
    await page.getByRole('button', { name: 'Yeni randevu' }).click()
    const dialog = page.getByRole('dialog', { name: 'Yeni randevu' })
    await dialog.locator('input[type=date]').fill(date)
    await dialog.locator('input[type=time]').fill(time)
    await dialog.getByRole('button', { name: 'Devam' }).click()
    await wizardStep(dialog, 2)
    return dialog
  }

  /** On the customer step: a new customer, with a name and a phone. */
  async function enterNewCustomer(dialog: Locator, name: string, phone: string) {
    await chooseNewCustomer(dialog)
    await dialog.getByRole('textbox', { name: 'Ad' }).fill(name)
    await dialog.getByRole('textbox', { name: 'Telefon' }).fill(phone)
  }

  /** From the customer step to the last one, with notes when given, and asks for the appointment. */
  async function createAppointment(dialog: Locator, notes?: string) {
    await dialog.getByRole('button', { name: 'Devam' }).click()
    await wizardStep(dialog, 3)
    if (notes !== undefined) await dialog.getByRole('textbox', { name: 'Notlar' }).fill(notes)
    await dialog.getByRole('button', { name: 'Randevu oluştur' }).click()
  }

  it('shows the month Monday first with today marked, and moves between months (English)', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const { page } = await openAppointments(owner, { language: 'en' })
    const weekdays = await page.getByTestId('calendar').locator('abbr').allTextContents()
    expect(weekdays).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'])
    const cells = page.getByTestId('calendar-day')
    expect(await cells.count()).toBe(42)
    // The first cell is a Monday.
    const first = (await cells.first().getAttribute('data-day'))!
    const [y, m, d] = first.split('-').map(Number)
    expect(new Date(y!, m! - 1, d!).getDay()).toBe(1)
    const today = dayCell(page, day(NOW.getDate()))
    expect(await today.getAttribute('data-today')).toBe('true')
    expect(await today.getByRole('button').getAttribute('aria-current')).toBe('date')
    expect(await axeViolations(page)).toEqual([])

    const title = page.getByTestId('calendar-month')
    const thisMonth = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(NOW)
    expect(await title.textContent()).toBe(thisMonth)
    const todayButton = page.getByRole('button', { name: 'Today', exact: true })
    expect(await todayButton.isDisabled()).toBe(true)
    await page.getByRole('button', { name: 'Next month' }).click()
    const next = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(new Date(NOW.getFullYear(), NOW.getMonth() + 1, 1))
    await eventually(() => title.textContent()).toBe(next)
    expect(await page.getByTestId('stat-total').textContent()).toContain(`Appointments in ${next}`)
    await page.getByRole('button', { name: 'Previous month' }).click()
    await page.getByRole('button', { name: 'Previous month' }).click()
    const previous = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(new Date(NOW.getFullYear(), NOW.getMonth() - 1, 1))
    await eventually(() => title.textContent()).toBe(previous)
    await todayButton.click()
    await eventually(() => title.textContent()).toBe(thisMonth)
    expect(await page.getByTestId('stat-total').textContent()).toContain('Appointments this month')
  })

  it('creates an appointment with an existing customer through the three steps', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const ayse = await seedCustomer(owner, { name: 'Ayşe Yılmaz', phone_number: '+905321234567', email: 'ayse@example.com' })
    await seedCustomer(owner, { name: 'Mehmet Kaya', phone_number: '+905332345678' })
    const { page } = await openAppointments(owner)

    await page.getByRole('button', { name: 'Yeni randevu' }).click()
    const dialog = page.getByRole('dialog', { name: 'Yeni randevu' })
    await wizardStep(dialog, 1)
    await dialog.getByText('%33').waitFor()
    expect(await dialog.getByRole('progressbar', { name: 'Adım 1 / 3' }).getAttribute('aria-valuenow')).toBe('33')
    expect(await dialog.getByRole('textbox', { name: 'Tarih', exact: true }).count()).toBe(1)
    const next = dialog.getByRole('button', { name: 'Devam' })
    expect(await next.isDisabled()).toBe(true)
    // Durations: 30, 60 (the default), 90, 120, 180 minutes.
    const duration = dialog.getByRole('combobox', { name: 'Süre' })
    expect(await duration.inputValue()).toBe('60')
    expect(await axeViolations(page)).toEqual([])
    expect(await duration.locator('option').allTextContents()).toEqual(['30 dakika', '60 dakika', '90 dakika', '120 dakika', '180 dakika'])
    await dialog.locator('input[type=date]').fill(day(12))
    expect(await next.isDisabled()).toBe(true)
    await dialog.locator('input[type=time]').fill('14:30')
    await duration.selectOption('90')
    await next.click()

    await wizardStep(dialog, 2)
    await dialog.getByText('%67').waitFor()
    expect(await next.isDisabled()).toBe(true)
    // The back arrow returns to step 1 with what was entered.
    await dialog.getByRole('button', { name: 'Geri' }).click()
    await wizardStep(dialog, 1)
    expect(await dialog.locator('input[type=time]').inputValue()).toBe('14:30')
    await next.click()
    await wizardStep(dialog, 2)
    // Turkish case folding finds Ayşe from capitals.
    const customer = dialog.getByTestId('wizard-customer')
    await customer.click()
    await customer.fill('AYŞE')
    const options = page.getByRole('option')
    await eventually(() => options.allTextContents()).toEqual(['Ayşe Yılmaz · 0532 123 45 67'])
    expect(await axeViolations(page)).toEqual([])
    await options.first().click()
    await next.click()

    await wizardStep(dialog, 3)
    await dialog.getByText('%100').waitFor()
    expect(await axeViolations(page)).toEqual([])
    expect(await dialog.getByTestId('wizard-summary').textContent()).toContain('14:30')
    expect(await dialog.getByTestId('wizard-summary').textContent()).toContain('Ayşe Yılmaz')
    await dialog.getByRole('textbox', { name: 'Açıklama' }).fill('Saç kesimi ve fön')
    await dialog.getByRole('button', { name: 'Geri' }).last().click()
    await wizardStep(dialog, 2)
    await next.click()
    expect(await dialog.getByRole('textbox', { name: 'Açıklama' }).inputValue()).toBe('Saç kesimi ve fön')
    await dialog.getByRole('button', { name: 'Randevu oluştur' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByText('Randevu oluşturuldu.').waitFor()

    await dayEntries(page, day(12)).toEqual([['14:30 Ayşe Yılmaz', 'scheduled']])
    expect(await page.getByTestId('stat-total').textContent()).toContain('1')
    expect(await page.getByTestId('stat-scheduled').textContent()).toContain('1')
    await eventually(async () =>
      (await appointments(owner)).map((a) => [a.customer_id, a.appointment_date, a.appointment_time, a.duration_minutes, a.status, a.description, a.notes]),
    ).toEqual([[ayse, day(12), '14:30:00', 90, 'scheduled', 'Saç kesimi ve fön', null]])
  })

  it('creates a new customer in the wizard from the day list, which starts on that day', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const { page } = await openAppointments(owner)
    await dayCell(page, day(15)).getByRole('button').first().click()
    const dayList = page.getByRole('dialog', { name: longDate(day(15), 'tr') })
    await dayList.getByTestId('day-empty').getByText('Bu günde randevu yok.').waitFor()
    await dayList.getByRole('button', { name: 'Yeni randevu' }).click()

    const dialog = page.getByRole('dialog', { name: 'Yeni randevu' })
    await wizardStep(dialog, 1)
    expect(await dialog.locator('input[type=date]').inputValue()).toBe(day(15))
    await dialog.locator('input[type=time]').fill('09:15')
    await dialog.getByRole('button', { name: 'Devam' }).click()
    await wizardStep(dialog, 2)
    // No customers yet: the step offers to add one.
    await dialog.getByText('Henüz müşteriniz yok.', { exact: false }).waitFor()
    await enterNewCustomer(dialog, 'Zeynep Demir', '0532 12')
    const next = dialog.getByRole('button', { name: 'Devam' })
    await dialog.getByRole('textbox', { name: 'E-posta (isteğe bağlı)' }).fill('zeynep@')
    await dialog.getByRole('textbox', { name: 'Ad' }).focus()
    await dialog.getByText('Geçerli bir cep telefonu numarası girin').waitFor()
    await dialog.getByText('Geçerli bir e-posta adresi girin').waitFor()
    expect(await next.isDisabled()).toBe(true)
    expect(await axeViolations(page)).toEqual([])
    await dialog.getByRole('textbox', { name: 'Telefon' }).fill('0532 111 22 33')
    await dialog.getByRole('textbox', { name: 'E-posta (isteğe bağlı)' }).fill('')
    expect(await next.isDisabled()).toBe(false)
    await next.click()
    await wizardStep(dialog, 3)
    expect(await dialog.getByTestId('wizard-summary').textContent()).toContain('Zeynep Demir (yeni müşteri)')
    await dialog.getByRole('button', { name: 'Randevu oluştur' }).click()
    await dialog.waitFor({ state: 'detached' })

    // Back on the day list, which now holds the appointment.
    await dayList.getByTestId('day-count').getByText('1 randevu').waitFor()
    const item = dayList.getByTestId('day-appointment')
    expect(await item.textContent()).toContain('09:15')
    expect(await item.textContent()).toContain('Zeynep Demir')
    expect(await item.textContent()).toContain('0532 111 22 33')

    await eventually(async () =>
      (await customers(owner)).map((c) => [c.name, c.phone_number, c.email]),
    ).toEqual([['Zeynep Demir', '+905321112233', null]])
    const [stored] = await customers(owner)
    await eventually(async () =>
      (await appointments(owner)).map((a) => [a.customer_id, a.appointment_date, a.appointment_time, a.duration_minutes]),
    ).toEqual([[stored!.id, day(15), '09:15:00', 60]])
  })

  it('lists a day: long date, count, and each appointment with status, contact and description', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const ayse = await seedCustomer(owner, { name: 'Ayşe Yılmaz', phone_number: '+905321234567', email: 'ayse@example.com' })
    const can = await seedCustomer(owner, { name: 'Can Öztürk', phone_number: '+905426789012' })
    await seedAppointment(owner, { customer_id: can, appointment_date: day(18), appointment_time: '16:00:00', status: 'cancelled' })
    await seedAppointment(owner, { customer_id: ayse, appointment_date: day(18), appointment_time: '09:30:00', status: 'confirmed', description: 'Prova' })
    await seedAppointment(owner, { customer_id: ayse, appointment_date: day(18), appointment_time: '12:00:00', status: 'completed' })
    await seedAppointment(owner, { customer_id: can, appointment_date: day(18), appointment_time: '17:30:00', status: 'no_show' })
    const { page } = await openAppointments(owner)

    // The cell lists three and counts the rest; its button names the date and the count.
    await dayEntries(page, day(18)).toEqual([
      ['09:30 Ayşe Yılmaz', 'confirmed'],
      ['12:00 Ayşe Yılmaz', 'completed'],
      ['16:00 Can Öztürk', 'cancelled'],
    ])
    await dayCell(page, day(18)).getByText('+1 daha').waitFor()
    const dayButton = page.getByRole('button', { name: `${longDate(day(18), 'tr')}, 4 randevu` })
    await dayButton.click()

    const dialog = page.getByRole('dialog', { name: longDate(day(18), 'tr') })
    await dialog.getByTestId('day-count').getByText('4 randevu').waitFor()
    const items = await dialog.getByTestId('day-appointment').allTextContents()
    expect(items).toHaveLength(4)
    expect(items[0]).toContain('09:30')
    expect(items[0]).toContain('Onaylandı')
    expect(items[0]).toContain('Ayşe Yılmaz')
    expect(items[0]).toContain('0532 123 45 67')
    expect(items[0]).toContain('ayse@example.com')
    expect(items[0]).toContain('Prova')
    expect(items[1]).toContain('Tamamlandı')
    expect(items[2]).toContain('İptal edildi')
    expect(items[2]).toContain('0542 678 90 12')
    expect(items[3]).toContain('17:30')
    expect(items[3]).toContain('Gelmedi')
    expect(await axeViolations(page)).toEqual([])

    // An appointment opens over the list; closing it returns to the list.
    await dialog.getByTestId('day-appointment').nth(3).click()
    const details = page.getByRole('dialog', { name: 'Randevu ayrıntıları' })
    await details.getByTestId('appointment-customer').getByText('Can Öztürk').waitFor()
    await details.getByRole('button', { name: 'Kapat' }).last().click()
    await details.waitFor({ state: 'detached' })
    await dialog.getByTestId('day-count').getByText('4 randevu').waitFor()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
  })

  it('changes the status by a quick action and in edit mode, then deletes the appointment', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const mehmet = await seedCustomer(owner, { name: 'Mehmet Kaya', phone_number: '+905332345678', email: 'mehmet@example.com' })
    const id = await seedAppointment(owner, { customer_id: mehmet, appointment_date: day(10), appointment_time: '10:00:00', description: 'Ürün değişimi' })
    const { page } = await openAppointments(owner)

    await page.getByRole('button', { name: '10:00 Mehmet Kaya, Planlandı' }).click({ timeout: 20_000 })
    const details = page.getByRole('dialog', { name: 'Randevu ayrıntıları' })
    const customer = details.getByTestId('appointment-customer')
    await customer.getByText('Mehmet Kaya').waitFor()
    expect(await customer.getByRole('link', { name: '0533 234 56 78' }).getAttribute('href')).toBe('tel:+905332345678')
    expect(await customer.getByRole('link', { name: 'mehmet@example.com' }).getAttribute('href')).toBe('mailto:mehmet@example.com')
    const facts = details.getByTestId('appointment-facts')
    expect(await facts.textContent()).toContain(longDate(day(10), 'tr'))
    expect(await facts.textContent()).toContain('60 dakika')
    expect(await facts.textContent()).toContain('Ürün değişimi')
    // A quick action for every other status.
    expect(await details.getByRole('group', { name: 'Durumu değiştir' }).getByRole('button').allTextContents()).toEqual([
      'Onaylandı',
      'Tamamlandı',
      'İptal edildi',
      'Gelmedi',
    ])
    expect(await details.getByTestId('send-reminder').count()).toBe(1)
    expect(await axeViolations(page)).toEqual([])
    // Hovered, the light red delete button darkens its tint; its text still reads at AA.
    await details.getByRole('button', { name: 'Randevuyu sil' }).hover()
    expect(await axeViolations(page)).toEqual([])

    // The quick action asks first, naming the new status; cancelling changes nothing.
    await details.getByRole('button', { name: 'Onaylandı' }).click()
    const confirm = await cancelConfirmation(page, 'Durumu değiştir', ['Bu randevunun durumu “Onaylandı” olarak değiştirilsin mi?'])
    expect(await details.getByTestId('appointment-status').textContent()).toBe('Planlandı')
    await details.getByRole('button', { name: 'Onaylandı' }).click()
    await confirm.getByRole('button', { name: '“Onaylandı” olarak değiştir' }).click()
    await confirm.waitFor({ state: 'detached' })
    await eventually(() => details.getByTestId('appointment-status').textContent()).toBe('Onaylandı')
    // Only a scheduled appointment can be reminded.
    expect(await details.getByTestId('send-reminder').count()).toBe(0)
    expect(await details.getByRole('group', { name: 'Durumu değiştir' }).getByRole('button').allTextContents()).toEqual([
      'Planlandı',
      'Tamamlandı',
      'İptal edildi',
      'Gelmedi',
    ])
    await dayEntries(page, day(10)).toEqual([['10:00 Mehmet Kaya', 'confirmed']])
    await eventually(async () => (await appointments(owner)).map((a) => a.status)).toEqual(['confirmed'])

    // Edit mode: date, time, duration, status and notes; a cleared description is removed.
    await details.getByRole('button', { name: 'Düzenle' }).click()
    const form = details.getByTestId('appointment-edit')
    expect(await form.locator('input[type=time]').inputValue()).toBe('10:00')
    expect(await axeViolations(page)).toEqual([])
    await form.locator('input[type=date]').fill(day(11))
    await form.locator('input[type=time]').fill('11:45')
    await form.getByRole('combobox', { name: 'Süre' }).selectOption('120')
    await form.getByRole('combobox', { name: 'Durum' }).selectOption('completed')
    await form.getByRole('textbox', { name: 'Açıklama' }).fill('')
    await form.getByRole('textbox', { name: 'Notlar' }).fill('Bir beden büyük')
    await form.getByRole('button', { name: 'Değişiklikleri kaydet' }).click()
    await form.waitFor({ state: 'detached' })
    await eventually(() => details.getByTestId('appointment-status').textContent()).toBe('Tamamlandı')
    expect(await details.getByTestId('appointment-facts').textContent()).toContain('120 dakika')
    await dayEntries(page, day(11)).toEqual([['11:45 Mehmet Kaya', 'completed']])
    expect(await entries(page, day(10))).toEqual([])
    expect(await page.getByTestId('stat-completed').textContent()).toContain('1')
    await eventually(async () =>
      (await appointments(owner)).map((a) => [a.id, a.appointment_date, a.appointment_time, a.duration_minutes, a.status, a.description, a.notes]),
    ).toEqual([[id, day(11), '11:45:00', 120, 'completed', null, 'Bir beden büyük']])

    // Delete asks first.
    await details.getByRole('button', { name: 'Randevuyu sil' }).click()
    const deletion = page.getByRole('dialog', { name: 'Randevuyu sil' })
    await deletion.getByText(`${longDate(day(11), 'tr')}, saat 11:45 randevusu silinsin mi? Bu işlem geri alınamaz.`).waitFor()
    // The red confirm button reads at AA, hovered too.
    expect(await axeViolations(page)).toEqual([])
    await deletion.getByRole('button', { name: 'Sil' }).hover()
    expect(await axeViolations(page)).toEqual([])
    await deletion.getByRole('button', { name: 'Sil' }).click()
    await details.waitFor({ state: 'detached' })
    await page.getByText('Randevu silindi.').waitFor()
    await dayEntries(page, day(11)).toEqual([])
    await eventually(async () => (await appointments(owner)).length).toBe(0)
    const tombstone = await serverRows<ServerAppointment>(running.keys, owner, 'appointments', `select=id,_deleted&id=eq.${id}`)
    expect(tombstone).toEqual([{ id, _deleted: true }])
  })

  it('sends the SMS reminder, which reaches the outbox in the interface language; offline the button is disabled', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const phone = `+90532${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`
    const elif = await seedCustomer(owner, { name: 'Elif Şahin', phone_number: phone })
    await seedAppointment(owner, { customer_id: elif, appointment_date: day(20), appointment_time: '13:00:00' })
    const { context, page } = await openAppointments(owner, { language: 'en' })

    await page.getByRole('button', { name: '13:00 Elif Şahin, Scheduled' }).click({ timeout: 20_000 })
    const details = page.getByRole('dialog', { name: 'Appointment details' })
    const send = details.getByRole('button', { name: 'Send SMS reminder' })

    await context.setOffline(true)
    await eventually(() => send.isDisabled()).toBe(true)
    await details.getByText('Sending an SMS needs an internet connection.').waitFor()
    expect(await send.getAttribute('aria-describedby')).toBe(await details.getByTestId('reminder-offline').getAttribute('id'))
    await context.setOffline(false)
    await eventually(() => send.isDisabled()).toBe(false)

    await send.click()
    await page.getByText('SMS reminder sent').waitFor({ timeout: 20_000 })
    const outbox = (await (await fetch(`${running.keys.api}/__local/outbox.json?to=${encodeURIComponent(phone)}`)).json()) as OutboxMessage[]
    expect(outbox).toHaveLength(1)
    expect(outbox[0]!.channel).toBe('sms')
    expect(outbox[0]!.body).toContain('Dear Elif Şahin')
    expect(outbox[0]!.body).toContain(`${longDate(day(20), 'en')} at 13:00`)
    await details.getByRole('button', { name: 'Close' }).last().click()
    await details.waitFor({ state: 'detached' })

    // Reminded right after it was made: the button lets the new appointment reach the server first.
    await page.getByRole('button', { name: 'New appointment' }).click()
    const wizard = page.getByRole('dialog', { name: 'New appointment' })
    await wizard.locator('input[type=date]').fill(day(21))
    await wizard.locator('input[type=time]').fill('08:00')
    await wizard.getByRole('button', { name: 'Continue' }).click()
    await wizard.getByTestId('wizard-customer').click()
    await page.getByRole('option', { name: /Elif Şahin/ }).click()
    await wizard.getByRole('button', { name: 'Continue' }).click()
    await wizard.getByRole('button', { name: 'Create appointment' }).click()
    await wizard.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: '08:00 Elif Şahin, Scheduled' }).click()
    await details.getByRole('button', { name: 'Send SMS reminder' }).click()
    // The outbox is the witness: the first notice may already have closed itself.
    const sent = async () => (await (await fetch(`${running.keys.api}/__local/outbox.json?to=${encodeURIComponent(phone)}`)).json()) as OutboxMessage[]
    await eventually(async () => (await sent()).length, 30_000).toBe(2)
    await page.getByText('SMS reminder sent').first().waitFor()
    expect(await page.getByText('An error occurred while sending SMS.').count()).toBe(0)
    const after = await sent()
    expect(after.map((m) => m.body.includes(`${longDate(day(21), 'en')} at 08:00`))).toEqual([true, false])
  })

  it('works offline: creates a customer and appointments in the wizard, edits one and deletes another; after a reload and going online the server has them, linked', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const ahmet = await seedCustomer(owner, { name: 'Ahmet Çelik', phone_number: '+905054567890' })
    const cancelled = await seedAppointment(owner, { customer_id: ahmet, appointment_date: day(19), appointment_time: '12:00:00' })
    const { context, page } = await openAppointments(owner, { serviceWorker: true })
    // One online load served by the worker, so the app and its config are cached.
    await reloadUnderServiceWorker(page)
    await page.getByTestId('calendar-grid').waitFor({ timeout: 20_000 })

    await context.setOffline(true)
    // A new customer and their appointment.
    let dialog = await newAppointmentAt(page, day(16), '10:00')
    await enterNewCustomer(dialog, 'Çevrimdışı Müşteri', '0544 345 67 89')
    await dialog.getByRole('textbox', { name: 'E-posta (isteğe bağlı)' }).fill('cevrimdisi@example.com')
    await createAppointment(dialog, 'İnternetsiz kaydedildi')
    await dialog.waitFor({ state: 'detached' })
    await dayEntries(page, day(16)).toEqual([['10:00 Çevrimdışı Müşteri', 'scheduled']])

    // One with an existing customer.
    dialog = await newAppointmentAt(page, day(17), '15:30')
    await dialog.getByTestId('wizard-customer').click()
    await page.getByRole('option', { name: /Ahmet Çelik/ }).click()
    await createAppointment(dialog)
    await dialog.waitFor({ state: 'detached' })

    // Edit the first one; the reminder needs a connection.
    await page.getByRole('button', { name: '10:00 Çevrimdışı Müşteri, Planlandı' }).click()
    const details = page.getByRole('dialog', { name: 'Randevu ayrıntıları' })
    expect(await details.getByRole('button', { name: 'SMS hatırlatması gönder' }).isDisabled()).toBe(true)
    await details.getByText('SMS göndermek için internet bağlantısı gerekir.').waitFor()
    await details.getByRole('button', { name: 'Düzenle' }).click()
    await details.locator('input[type=time]').fill('10:30')
    await details.getByRole('combobox', { name: 'Durum' }).selectOption('confirmed')
    await details.getByRole('button', { name: 'Değişiklikleri kaydet' }).click()
    await eventually(() => details.getByTestId('appointment-status').textContent()).toBe('Onaylandı')
    await details.getByRole('button', { name: 'Kapat' }).last().click()
    await details.waitFor({ state: 'detached' })

    // Delete the one the server already had.
    await page.getByRole('button', { name: '12:00 Ahmet Çelik, Planlandı' }).click()
    await details.getByRole('button', { name: 'Randevuyu sil' }).click()
    await page.getByRole('dialog', { name: 'Randevuyu sil' }).getByRole('button', { name: 'Sil' }).click()
    await details.waitFor({ state: 'detached' })
    await dayEntries(page, day(19)).toEqual([])

    await page.reload()
    await page.getByTestId('calendar-grid').waitFor({ timeout: 20_000 })
    await dayEntries(page, day(16)).toEqual([['10:30 Çevrimdışı Müşteri', 'confirmed']])
    await dayEntries(page, day(17)).toEqual([['15:30 Ahmet Çelik', 'scheduled']])
    expect(await entries(page, day(19))).toEqual([])
    expect((await appointments(owner)).map((a) => a.id)).toEqual([cancelled])
    expect((await customers(owner)).map((c) => c.name)).toEqual(['Ahmet Çelik'])

    await context.setOffline(false)
    await eventually(async () => (await customers(owner)).map((c) => [c.name, c.phone_number, c.email]), 30_000).toEqual([
      ['Ahmet Çelik', '+905054567890', null],
      ['Çevrimdışı Müşteri', '+905443456789', 'cevrimdisi@example.com'],
    ])
    const created = (await customers(owner)).find((c) => c.name === 'Çevrimdışı Müşteri')!
    await eventually(
      async () => (await appointments(owner)).map((a) => [a.customer_id, a.appointment_date, a.appointment_time, a.status, a.notes]),
      30_000,
    ).toEqual([
      [created.id, day(16), '10:30:00', 'confirmed', 'İnternetsiz kaydedildi'],
      [ahmet, day(17), '15:30:00', 'scheduled', null],
    ])
    // The offline delete arrives as a tombstone.
    expect(await serverRows<ServerAppointment>(running.keys, owner, 'appointments', `select=id,_deleted&id=eq.${cancelled}`)).toEqual([{ id: cancelled, _deleted: true }])
    // The server joins the appointment to the customer made offline.
    const joined = await serverRows<{ customer: { name: string } | null }>(
      running.keys,
      owner,
      'appointments',
      `select=customer:customers(name)&appointment_date=eq.${day(16)}`,
    )
    expect(joined).toEqual([{ customer: { name: 'Çevrimdışı Müşteri' } }])
  })

  it('shows 42 skeleton cells and no counts while the local store opens', async () => {
    const owner = await createVerifiedOwner(running.keys)
    // IndexedDB never answers: the screen stays in its loading state.
    const { page } = await openAppointments(owner, {
      waitForGrid: false,
      initScript: storeNeverOpens,
    })
    const loading = page.getByTestId('calendar-loading')
    await loading.waitFor({ timeout: 20_000 })
    expect(await loading.getAttribute('aria-busy')).toBe('true')
    expect(await loading.getAttribute('aria-label')).toBe('Takvim yükleniyor')
    expect(await loading.locator(':scope > div').count()).toBe(42)
    expect(await page.getByTestId('calendar-day').count()).toBe(0)
    for (const stat of ['stat-total', 'stat-completed', 'stat-scheduled']) expect(await page.getByTestId(stat).textContent()).toContain('–')
  })

  it('waits for the customers: no "No customer" entries and no "no customers yet" while they load', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const can = await seedCustomer(owner, { name: 'Can Öztürk', phone_number: '+905426789012' })
    await seedAppointment(owner, { customer_id: can, appointment_date: day(9), appointment_time: '09:00:00' })
    // Only the customers' IndexedDB database never answers; appointments load.
    const { page } = await openAppointments(owner, {
      waitForGrid: false,
      initScript: () => {
        const open = IDBFactory.prototype.open
        IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number) {
          if (name.endsWith('--customers')) return {} as IDBOpenDBRequest
          return open.call(this, name, version)
        }
      },
    })
    await page.getByTestId('calendar-loading').waitFor({ timeout: 20_000 })
    // The appointments' own store has opened: the calendar still waits for the customers.
    await page.waitForFunction(async () => (await indexedDB.databases()).some((d) => d.name?.endsWith('--appointments')))
    expect(await page.getByTestId('calendar-loading').count()).toBe(1)
    expect(await page.getByText('Müşteri yok').count()).toBe(0)

    const dialog = await newAppointmentAt(page, day(12), '10:00')
    const skeleton = dialog.getByTestId('wizard-customers-loading')
    await skeleton.waitFor()
    expect(await skeleton.getAttribute('aria-label')).toBe('Müşteriler yükleniyor')
    expect(await dialog.getByText('Henüz müşteriniz yok.', { exact: false }).count()).toBe(0)
  })

  it("says an appointment's customer is on its way, not that there is none, until the customer reaches the device", async () => {
    const owner = await createVerifiedOwner(running.keys)
    // Once the calendar is open, the customers' pulls wait until let through: each table syncs on its own.
    // A pull let through before that is answered by the server first, so none can carry the new customer.
    let hold = false
    const held: Route[] = []
    const passing = new Set<Promise<void>>()
    const { page } = await openAppointments(owner, {
      setup: (p) =>
        p.route(
          (url) => url.pathname === '/rest/v1/customers',
          async (route) => {
            if (hold && route.request().method() === 'GET') return void held.push(route)
            const answered = route.fetch().then((response) => route.fulfill({ response }))
            passing.add(answered)
            await answered.catch(() => undefined).finally(() => passing.delete(answered))
          },
        ),
    })
    hold = true
    await Promise.allSettled([...passing])
    const can = await seedCustomer(owner, { name: 'Can Öztürk', phone_number: '+905426789012' })
    await seedAppointment(owner, { customer_id: can, appointment_date: day(9), appointment_time: '09:00:00' })
    await seedAppointment(owner, { appointment_date: day(9), appointment_time: '11:00:00' })
    await dayEntries(page, day(9)).toEqual([
      ['09:00 Müşteri eşitleniyor…', 'scheduled'],
      ['11:00 Müşteri yok', 'scheduled'],
    ])
    await screenshot(page, 'appointments-customer-syncing-tr-1280')
    hold = false
    for (const route of held.splice(0)) await route.continue().catch(() => undefined)
    await dayEntries(page, day(9)).toEqual([
      ['09:00 Can Öztürk', 'scheduled'],
      ['11:00 Müşteri yok', 'scheduled'],
    ])
  })

  it('paints each status in the colour the spec gives it, on entries, dots, day items and quick actions', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const can = await seedCustomer(owner, { name: 'Can Öztürk', phone_number: '+905426789012' })
    const statuses = ['scheduled', 'confirmed', 'completed', 'cancelled', 'no_show'] as const
    const expected = { scheduled: 'blue', confirmed: 'yellow', completed: 'green', cancelled: 'red', no_show: 'grey' }
    for (const [i, status] of statuses.entries()) {
      await seedAppointment(owner, { customer_id: can, appointment_date: day(20 + i), appointment_time: '09:00:00', status })
      await seedAppointment(owner, { customer_id: can, appointment_date: day(8), appointment_time: `1${i}:00:00`, status })
    }
    const { page } = await openAppointments(owner)
    await eventually(() => page.getByTestId('calendar-entry').count()).toBe(8)

    /** Names the hue family of the CSS colour `property` of each element. */
    const hues = (locator: Locator, property: string) =>
      locator.evaluateAll(
        (els, prop) =>
          els.map((el) => {
            const [r, g, b] = getComputedStyle(el).getPropertyValue(prop).match(/\d+(\.\d+)?/g)!.map(Number) as [number, number, number]
            const max = Math.max(r, g, b)
            const min = Math.min(r, g, b)
            if (max - min < 40) return [el.getAttribute('data-status'), 'grey']
            const d = max - min
            const h = max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4
            const deg = h * 60
            const name = deg < 20 || deg >= 330 ? 'red' : deg < 65 ? 'yellow' : deg < 170 ? 'green' : deg < 250 ? 'blue' : 'other'
            return [el.getAttribute('data-status'), name]
          }),
        property,
      )
    const want = statuses.map((st) => [st, expected[st]])
    const wide = page.locator(statuses.map((_, i) => `[data-day="${day(20 + i)}"] [data-testid="calendar-entry"]`).join(', '))
    expect(await hues(wide, 'border-inline-start-color')).toEqual(want)

    await dayCell(page, day(8)).getByRole('button').first().click()
    const dayList = page.getByRole('dialog', { name: longDate(day(8), 'tr') })
    await dayList.getByTestId('day-count').getByText('5 randevu').waitFor()
    expect(await hues(dayList.getByTestId('day-appointment'), 'border-inline-start-color')).toEqual(want)
    await dayList.getByTestId('day-appointment').first().click()
    const details = page.getByRole('dialog', { name: 'Randevu ayrıntıları' })
    const actionDots = details.getByRole('group', { name: 'Durumu değiştir' }).locator('[data-status]')
    await actionDots.first().waitFor()
    expect(await hues(actionDots, 'background-color')).toEqual(want.slice(1))
    await page.keyboard.press('Escape')
    await details.waitFor({ state: 'detached' })
    await page.keyboard.press('Escape')
    await dayList.waitFor({ state: 'detached' })

    // On a phone each day shows a dot of its status's colour.
    await page.setViewportSize({ width: 375, height: 740 })
    const dots = page.locator(statuses.map((_, i) => `[data-day="${day(20 + i)}"] [data-testid="calendar-dots"] [data-status]`).join(', '))
    await eventually(() => dots.first().isVisible()).toBe(true)
    expect(await hues(dots, 'background-color')).toEqual(want)
  })

  it('shows the spec messages when the store refuses to create, update, change the status or delete; a customer made for a failed appointment goes on close', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const mehmet = await seedCustomer(owner, { name: 'Mehmet Kaya', phone_number: '+905332345678' })
    const id = await seedAppointment(owner, { customer_id: mehmet, appointment_date: day(10), appointment_time: '10:00:00' })
    const { page } = await openAppointments(owner)
    await page.getByRole('button', { name: '10:00 Mehmet Kaya, Planlandı' }).waitFor({ timeout: 20_000 })

    // Create: the new customer is stored, the appointment is refused.
    await failLocalWrites(page, true, 'appointments')
    const wizard = await newAppointmentAt(page, day(12), '11:00')
    await enterNewCustomer(wizard, 'Yarım Kalan', '0544 999 88 77')
    await createAppointment(wizard)
    await wizard.getByRole('alert').getByText('Randevu oluşturulurken bir hata oluştu. Lütfen tekrar deneyin.').waitFor()
    await eventually(async () => (await customers(owner)).map((c) => c.name)).toEqual(['Mehmet Kaya', 'Yarım Kalan'])
    // Closing gives up the appointment, and the customer stored only for it goes too.
    await wizard.getByRole('button', { name: 'Kapat' }).click()
    await wizard.waitFor({ state: 'detached' })
    await eventually(async () => (await customers(owner)).map((c) => c.name)).toEqual(['Mehmet Kaya'])
    const gone = await serverRows<{ name: string; _deleted: boolean }>(running.keys, owner, 'customers', 'select=name,_deleted&name=eq.Yarım Kalan')
    expect(gone).toEqual([{ name: 'Yarım Kalan', _deleted: true }])
    expect(await appointments(owner)).toHaveLength(1)

    // Update in edit mode.
    await page.getByRole('button', { name: '10:00 Mehmet Kaya, Planlandı' }).click()
    const details = page.getByRole('dialog', { name: 'Randevu ayrıntıları' })
    await details.getByRole('button', { name: 'Düzenle' }).click()
    const form = details.getByTestId('appointment-edit')
    await form.locator('input[type=time]').fill('10:15')
    await form.getByRole('button', { name: 'Değişiklikleri kaydet' }).click()
    await form.getByRole('alert').getByText('Randevu güncellenirken bir hata oluştu.').waitFor()
    expect(await form.locator('input[type=time]').inputValue()).toBe('10:15')
    await form.getByRole('button', { name: 'İptal' }).click()
    await form.waitFor({ state: 'detached' })

    // A quick status action.
    await details.getByRole('button', { name: 'Tamamlandı' }).click()
    await page.getByRole('dialog', { name: 'Durumu değiştir' }).getByRole('button', { name: '“Tamamlandı” olarak değiştir' }).click()
    await page.getByText('Randevu durumu güncellenirken bir hata oluştu.').waitFor()
    expect(await details.getByTestId('appointment-status').textContent()).toBe('Planlandı')

    // Delete.
    await details.getByRole('button', { name: 'Randevuyu sil' }).click()
    await page.getByRole('dialog', { name: 'Randevuyu sil' }).getByRole('button', { name: 'Sil' }).click()
    await page.getByText('Randevu silinirken bir hata oluştu.').waitFor()
    expect(await details.isVisible()).toBe(true)

    await failLocalWrites(page, false, 'appointments')
    // The sync has settled with nothing to send: no refused write reached the server.
    await eventually(() => page.getByTestId('sync-status').getAttribute('data-phase')).toBe('idle')
    await page.getByRole('button', { name: 'Eşitleme durumu: Eşitlendi', exact: true }).waitFor()
    expect((await appointments(owner)).map((a) => [a.id, a.appointment_time, a.status])).toEqual([[id, '10:00:00', 'scheduled']])
  })

  it('saves only what was edited: a status changed on another device while the form was open stays', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const elif = await seedCustomer(owner, { name: 'Elif Şahin', phone_number: '+905365678901' })
    const id = await seedAppointment(owner, { customer_id: elif, appointment_date: day(13), appointment_time: '14:00:00', notes: 'İlk not' })
    const { page } = await openAppointments(owner)
    await page.getByRole('button', { name: '14:00 Elif Şahin, Planlandı' }).click({ timeout: 20_000 })
    const details = page.getByRole('dialog', { name: 'Randevu ayrıntıları' })
    await details.getByRole('button', { name: 'Düzenle' }).click()
    const form = details.getByTestId('appointment-edit')
    expect(await form.getByRole('combobox', { name: 'Durum' }).inputValue()).toBe('scheduled')

    // Another device confirms the appointment; this device receives it while the form is open.
    await updateRows(running.keys, owner, 'appointments', `id=eq.${id}`, { status: 'confirmed' })
    await dayEntries(page, day(13)).toEqual([['14:00 Elif Şahin', 'confirmed']])
    expect(await form.getByRole('combobox', { name: 'Durum' }).inputValue()).toBe('scheduled')

    await form.locator('input[type=time]').fill('14:30')
    await form.getByRole('textbox', { name: 'Notlar' }).fill('Yeni not')
    await form.getByRole('button', { name: 'Değişiklikleri kaydet' }).click()
    await form.waitFor({ state: 'detached' })
    await eventually(() => details.getByTestId('appointment-status').textContent()).toBe('Onaylandı')
    await eventually(async () =>
      (await appointments(owner)).map((a) => [a.appointment_time, a.status, a.notes]),
    ).toEqual([['14:30:00', 'confirmed', 'Yeni not']])
  })

  it('on Enter or continue with an unfinished step, shows what is missing and focuses the first wrong field', async () => {
    const owner = await createVerifiedOwner(running.keys)
    await seedCustomer(owner, { name: 'Can Öztürk', phone_number: '+905426789012' })
    const { page } = await openAppointments(owner, { language: 'en' })
    await page.getByRole('button', { name: 'New appointment' }).click()
    const dialog = page.getByRole('dialog', { name: 'New appointment' })
    const next = dialog.getByRole('button', { name: 'Continue' })
    const focused = (field: Locator) => field.evaluate((el) => el === document.activeElement)
    expect(await next.getAttribute('aria-disabled')).toBe('true')
    expect(await next.isDisabled()).toBe(true)
    expect(await dialog.getByText('This field is required').count()).toBe(0)

    // Enter in the time field with no date: the date says so and takes the focus.
    const date = dialog.locator('input[type=date]')
    const time = dialog.locator('input[type=time]')
    await time.fill('09:00')
    await time.press('Enter')
    await dialog.getByText('This field is required').waitFor()
    expect(await focused(date)).toBe(true)
    expect(await dialog.getByTestId('wizard-step').textContent()).toBe('Step 1 / 3')
    await date.fill(day(12))
    await eventually(() => next.getAttribute('aria-disabled')).toBe(null)
    await next.click()
    await dialog.getByTestId('wizard-step').filter({ hasText: 'Step 2 / 3' }).waitFor()

    // Continue with no customer chosen points at the customer field.
    await next.press('Enter')
    await dialog.getByText('This field is required').waitFor()
    expect(await focused(dialog.getByTestId('wizard-customer'))).toBe(true)

    // A new customer with only a bad phone: continue points at the name first.
    await dialog.locator('label').filter({ hasText: 'New customer' }).click()
    await dialog.getByRole('textbox', { name: 'Phone' }).fill('12')
    // From the keyboard: a pointer press would first blur the phone field, whose error then moves the button away.
    await next.press('Enter')
    await dialog.getByText('Enter a valid mobile phone number').waitFor()
    expect(await dialog.getByText('This field is required').count()).toBe(1)
    expect(await focused(dialog.getByRole('textbox', { name: 'Name' }))).toBe(true)
    expect(await dialog.getByTestId('wizard-step').textContent()).toBe('Step 2 / 3')
    expect(await axeViolations(page)).toEqual([])
  })

  it('moves today at midnight and when the tab becomes visible again', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const { page } = await openAppointments(owner, { language: 'en', clock: new Date(NOW.getFullYear(), NOW.getMonth(), 14, 23, 59, 0) })
    const today = () => page.locator('[data-testid="calendar-day"][data-today]').getAttribute('data-day')
    expect(await today()).toBe(day(14))
    await page.clock.fastForward('01:30')
    await eventually(today).toBe(day(15))
    // A tab asleep for a day: its timer has not fired, the page becoming visible catches up.
    await page.clock.setSystemTime(new Date(NOW.getFullYear(), NOW.getMonth(), 16, 8, 0, 0))
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
    await eventually(today).toBe(day(16))
    expect(await page.getByRole('button', { name: new RegExp(`^${longDate(day(16), 'en')}.*\\(today\\)$`) }).count()).toBe(1)
  })

  it('shows coloured dots on a phone without scrolling sideways, and opens the day list full screen', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const can = await seedCustomer(owner, { name: 'Can Öztürk', phone_number: '+905426789012' })
    for (const [time, status] of [
      ['09:00:00', 'scheduled'],
      ['10:00:00', 'confirmed'],
      ['11:00:00', 'completed'],
      ['12:00:00', 'cancelled'],
      ['13:00:00', 'no_show'],
    ] as const) {
      await seedAppointment(owner, { customer_id: can, appointment_date: day(14), appointment_time: time, status })
    }
    const { page } = await openAppointments(owner, { viewport: { width: 375, height: 740 } })
    const cell = dayCell(page, day(14))
    const dots = cell.getByTestId('calendar-dots')
    await eventually(() => dots.locator('[data-status]').count()).toBe(3)
    expect(await dots.isVisible()).toBe(true)
    expect(await dots.textContent()).toBe('+2')
    expect(await dots.locator('[data-status]').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual([
      'scheduled',
      'confirmed',
      'completed',
    ])
    // The entries with names are not shown at this width.
    expect(await cell.getByTestId('calendar-entry').first().isVisible()).toBe(false)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    const box = await page.getByTestId('calendar').boundingBox()
    expect(box!.x + box!.width).toBeLessThanOrEqual(375)
    // Every day is a big enough target.
    const cellBox = await cell.boundingBox()
    expect(cellBox!.width).toBeGreaterThanOrEqual(44)
    expect(cellBox!.height).toBeGreaterThanOrEqual(44)
    expect(await axeViolations(page)).toEqual([])

    await cell.click()
    const dialog = page.getByRole('dialog', { name: longDate(day(14), 'tr') })
    await dialog.getByTestId('day-count').getByText('5 randevu').waitFor()
    const dialogBox = await dialog.boundingBox()
    expect(dialogBox!.width).toBeGreaterThanOrEqual(370)
    expect(await axeViolations(page)).toEqual([])
  })

  it('sets aside an appointment the server refuses, says why in the sync status, and discards it from the device', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const gone = await seedCustomer(owner, { name: 'Silinen Müşteri', phone_number: '+905051112233' })
    const kept = await seedAppointment(owner, { customer_id: null, appointment_date: day(10), appointment_time: '09:00:00' })
    const { page } = await openAppointments(owner)
    await dayEntries(page, day(10)).toHaveLength(1)
    // The customer leaves the server behind this device's back: its local copy stays, and an appointment for it cannot be stored.
    const removed = await fetch(`${running.keys.api}/rest/v1/customers?id=eq.${gone}`, {
      method: 'DELETE',
      headers: { apikey: running.keys.serviceRoleKey, authorization: `Bearer ${running.keys.serviceRoleKey}` },
    })
    expect(removed.ok).toBe(true)

    const dialog = await newAppointmentAt(page, day(11), '11:00')
    const customer = dialog.getByTestId('wizard-customer')
    await customer.click()
    await customer.fill('Silinen')
    await page.getByRole('option', { name: /Silinen Müşteri/ }).click()
    await createAppointment(dialog)
    await dialog.waitFor({ state: 'detached' })

    // Set aside, not stuck: the sync settles and asks for attention.
    const status = page.getByTestId('sync-status')
    await eventually(() => status.getAttribute('data-refused')).toBe('1')
    await page.getByRole('button', { name: 'Eşitleme durumu: Dikkat gerekiyor, reddedilen değişiklik: 1', exact: true }).waitFor({ timeout: 20_000 })
    await status.click()
    const refused = page.getByTestId('refused-changes')
    await refused.getByText(`Randevu “${day(11)} 11:00”`).waitFor()
    expect(['reference', 'forbidden']).toContain(await refused.locator('[data-reason]').getAttribute('data-reason'))
    await refused.getByText('Sunucuda yok: vazgeçerseniz bu cihazdan da kaldırılır.').waitFor()
    expect(await axeViolations(page)).toEqual([])
    expect((await appointments(owner)).map((a) => a.id)).toEqual([kept])

    await refused.getByRole('button', { name: `Vazgeç: Randevu “${day(11)} 11:00”` }).click()
    await refused.waitFor({ state: 'detached' })
    await dayEntries(page, day(11)).toEqual([])
    await page.getByRole('button', { name: 'Eşitleme durumu: Eşitlendi', exact: true }).waitFor({ timeout: 20_000 })
    expect((await appointments(owner)).map((a) => a.id)).toEqual([kept])
  })
})
