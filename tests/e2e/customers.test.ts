// The customers screen in real Chromium against the production build and the
// local stack: create with validation (phones stored as E.164), edit, the
// ways the dialog closes, Turkish name order and search, summary counts,
// delete with its confirmation, a failed save that keeps the form, the
// loading and error states, the phone layout in English, offline edits and
// deletes that survive a reload and reach the server once online, and an edit
// that leaves alone a field another device changed while it was open.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { useAppUnderTest, type OpenOptions } from '../support/app-under-test.ts'
import { axeViolations } from '../support/axe.ts'
import { cancelConfirmation } from '../support/confirm-dialog.ts'
import { reloadUnderServiceWorker } from '../support/browser.ts'
import { createVerifiedOwner, insertRows, serverRows, updateRows, type Owner } from '../support/owners.ts'
import { expectRetryOpensStoreAgain, failedStoreOpens, failLocalWrites, storeNeverOpens, storeRefusesToOpen } from '../support/local-store-faults.ts'

const TR_LABELS = { name: 'Ad', phone: 'Telefon', email: 'E-posta', notes: 'Notlar' }

type ServerCustomer = { id: string; name: string; phone_number: string; email: string | null; notes: string | null; _deleted: boolean }

describe('customers screen', () => {
  const running = useAppUnderTest()

  async function openCustomers(owner: Owner, options: OpenOptions = {}) {
    const { context, page } = await running.openAs(owner, '/dashboard/customers', options)
    await page.getByRole('heading', { level: 1, name: options.language === 'en' ? 'Customers' : 'Müşteriler' }).waitFor()
    return { context, page }
  }

  const customers = (owner: Owner) => serverRows<ServerCustomer>(running.keys, owner, 'customers', 'select=*&_deleted=is.false&order=name.asc')
  const listedNames = (page: Page) => page.getByTestId('customer-name').allTextContents()
  const summary = async (page: Page) =>
    Promise.all(['total', 'phone', 'email'].map(async (card) => (await page.getByTestId(`summary-${card}`).getByTestId('summary-value').textContent()) ?? ''))
  const row = (page: Page, name: string) => page.getByTestId('customer-row').filter({ has: page.getByTestId('customer-name').getByText(name, { exact: true }) })

  async function fillCustomer(page: Page, fields: { name?: string; phone?: string; email?: string; notes?: string }, labels = TR_LABELS) {
    const dialog = page.getByRole('dialog')
    const field = (name: string) => dialog.getByRole('textbox', { name, exact: true })
    if (fields.name !== undefined) await field(labels.name).fill(fields.name)
    if (fields.phone !== undefined) await field(labels.phone).fill(fields.phone)
    if (fields.email !== undefined) await field(labels.email).fill(fields.email)
    if (fields.notes !== undefined) await field(labels.notes).fill(fields.notes)
  }

  it('creates a customer after validation errors, storing the phone as E.164, edits it, and the server follows', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const { page } = await openCustomers(owner)
    const empty = page.getByTestId('customers-empty')
    await empty.getByRole('heading', { name: 'Henüz müşteri yok' }).waitFor()
    expect(await summary(page)).toEqual(['0', '0', '0'])
    expect(await axeViolations(page)).toEqual([])

    await empty.getByRole('button', { name: 'İlk müşterinizi ekleyin' }).click()
    const dialog = page.getByRole('dialog', { name: 'Yeni müşteri' })
    await dialog.getByText('Yalnızca ad ve telefon numarası zorunludur.').waitFor()
    // The expected format is shown before anything goes wrong.
    await dialog.getByText('Örneğin 0532 123 45 67. Türkiye dışındaki numaralarda + ve ülke koduyla başlayın.').waitFor()
    expect(await dialog.getByRole('textbox', { name: 'E-posta', exact: true }).getAttribute('type')).toBe('email')
    expect(await dialog.getByRole('textbox', { name: 'Notlar', exact: true }).getAttribute('rows')).toBe('3')

    // Nothing filled: name and phone say they are required; nothing is stored.
    await dialog.getByRole('button', { name: 'Müşteri ekle' }).click()
    await expect.poll(() => dialog.getByText('Bu alan zorunludur').count()).toBe(2)
    // A landline cannot receive reminders, and the e-mail gets the browser's check.
    await fillCustomer(page, { name: 'Ayşe Yılmaz', phone: '0212 123 45 67', email: 'ayse@' })
    await dialog.getByRole('button', { name: 'Müşteri ekle' }).click()
    await dialog.getByText('Geçerli bir cep telefonu numarası girin').waitFor()
    await dialog.getByText('Geçerli bir e-posta adresi girin').waitFor()
    expect(await axeViolations(page)).toEqual([])
    expect(await dialog.getByText('Bu alan zorunludur').count()).toBe(0)
    expect(await customers(owner)).toEqual([])

    await fillCustomer(page, { phone: '0532 123 45 67', email: 'ayse.yilmaz@example.com', notes: 'Keten ürünleri seviyor.\nHafta içi arayın.' })
    // While saving: a spinner, progress text and both buttons disabled (recorded as the DOM changes: the local write takes milliseconds).
    await page.evaluate(() => {
      const w = window as unknown as { savingStates: Array<{ submit: boolean; cancel: boolean; spinner: boolean }> }
      w.savingStates = []
      new MutationObserver(() => {
        const buttons = [...document.querySelectorAll('[role=dialog] button')] as HTMLButtonElement[]
        const submit = buttons.find((b) => b.textContent?.includes('Kaydediliyor…'))
        if (!submit) return
        const cancel = buttons.find((b) => b.textContent?.trim() === 'İptal')
        w.savingStates.push({ submit: submit.disabled, cancel: Boolean(cancel?.disabled), spinner: Boolean(submit.querySelector('.mantine-Loader-root')) })
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true })
    })
    await dialog.getByRole('button', { name: 'Müşteri ekle' }).click()
    await dialog.waitFor({ state: 'detached' })
    const states = await page.evaluate(() => (window as unknown as { savingStates: unknown[] }).savingStates)
    expect(states.length).toBeGreaterThan(0)
    expect(states[0]).toEqual({ submit: true, cancel: true, spinner: true })
    await page.getByText('“Ayşe Yılmaz” eklendi.').waitFor()

    const ayse = row(page, 'Ayşe Yılmaz')
    await ayse.waitFor()
    expect(await ayse.getByRole('link', { name: '0532 123 45 67' }).getAttribute('href')).toBe('tel:+905321234567')
    expect(await ayse.textContent()).toContain('ayse.yilmaz@example.com')
    expect(await summary(page)).toEqual(['1', '1', '1'])
    expect(await axeViolations(page)).toEqual([])
    await expect
      .poll(async () => (await customers(owner)).map((c) => [c.name, c.phone_number, c.email, c.notes]), { timeout: 20_000 })
      .toEqual([['Ayşe Yılmaz', '+905321234567', 'ayse.yilmaz@example.com', 'Keten ürünleri seviyor.\nHafta içi arayın.']])

    // Edit: prefilled with the number as people read it; a foreign number and an emptied e-mail.
    await ayse.getByRole('button', { name: 'Düzenle: Ayşe Yılmaz' }).click()
    const edit = page.getByRole('dialog', { name: 'Müşteriyi düzenle' })
    await edit.getByText('Ayşe Yılmaz için iletişim bilgilerini ve notları güncelleyin.').waitFor()
    expect(await edit.getByRole('textbox', { name: 'Telefon', exact: true }).inputValue()).toBe('0532 123 45 67')
    expect(await edit.getByRole('textbox', { name: 'Notlar', exact: true }).inputValue()).toBe('Keten ürünleri seviyor.\nHafta içi arayın.')
    await fillCustomer(page, { name: 'Ayşe Kaya', phone: '+44 7911 123456', email: '' })
    await edit.getByRole('button', { name: 'Değişiklikleri kaydet' }).click()
    await edit.waitFor({ state: 'detached' })
    await page.getByText('“Ayşe Kaya” kaydedildi.').waitFor()
    const kaya = row(page, 'Ayşe Kaya')
    await kaya.getByRole('link', { name: '+44 7911 123456' }).waitFor()
    expect(await kaya.textContent()).toContain('E-posta yok')
    expect(await summary(page)).toEqual(['1', '1', '0'])
    await expect
      .poll(async () => (await customers(owner)).map((c) => [c.name, c.phone_number, c.email]), { timeout: 20_000 })
      .toEqual([['Ayşe Kaya', '+447911123456', null]])

    // The dialog closes by cancel, the close button and a click on the backdrop, and opens empty again each time.
    const newButton = page.getByRole('button', { name: 'Yeni müşteri' })
    const fresh = page.getByRole('dialog', { name: 'Yeni müşteri' })
    await newButton.click()
    await fillCustomer(page, { name: 'Yarım kalan' })
    await fresh.getByRole('button', { name: 'İptal' }).click()
    await fresh.waitFor({ state: 'detached' })
    await newButton.click()
    expect(await fresh.getByRole('textbox', { name: 'Ad', exact: true }).inputValue()).toBe('')
    await fresh.getByRole('button', { name: 'Kapat' }).click()
    await fresh.waitFor({ state: 'detached' })
    await newButton.click()
    await fresh.waitFor()
    await page.mouse.click(20, 880)
    await fresh.waitFor({ state: 'detached' })
    // Editing after creating shows that customer, not the last form.
    await kaya.getByRole('button', { name: 'Düzenle: Ayşe Kaya' }).click()
    expect(await page.getByRole('dialog', { name: 'Müşteriyi düzenle' }).getByRole('textbox', { name: 'Ad', exact: true }).inputValue()).toBe('Ayşe Kaya')
  })

  it('lists customers in Turkish name order and searches name, phone digits and e-mail with Turkish case folding', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const longNote = Array.from({ length: 60 }, (_, i) => `Not ${i + 1}`).join(' ')
    await insertRows(running.keys, owner, 'customers', [
      { id: crypto.randomUUID(), name: 'Zeynep Demir', phone_number: '+905443456789', email: 'zeynep@example.com', notes: null },
      { id: crypto.randomUUID(), name: 'Çağrı Işık', phone_number: '+905321112233', email: null, notes: longNote },
      { id: crypto.randomUUID(), name: 'Cem Ak', phone_number: '+447911123456', email: 'CEM@EXAMPLE.COM', notes: null },
      { id: crypto.randomUUID(), name: 'İpek Ünal', phone_number: '+905551234567', email: null, notes: 'Sabah arayın' },
    ])
    const { page } = await openCustomers(owner)
    await expect.poll(() => listedNames(page), { timeout: 20_000 }).toEqual(['Cem Ak', 'Çağrı Işık', 'İpek Ünal', 'Zeynep Demir'])
    expect(await summary(page)).toEqual(['4', '4', '2'])
    expect(await page.getByTestId('customer-count').textContent()).toBe('4 müşteri')

    // Long notes are cut to two lines.
    const note = row(page, 'Çağrı Işık').getByText(longNote)
    const { height, lineHeight } = await note.evaluate((el) => ({
      height: el.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(el).lineHeight),
    }))
    expect(height).toBeLessThanOrEqual(2 * lineHeight + 1)

    const search = page.getByRole('searchbox', { name: 'Ara' })
    for (const [query, names] of [
      ['IŞIK', ['Çağrı Işık']],
      ['ışık', ['Çağrı Işık']],
      ['İPEK', ['İpek Ünal']],
      ['ipek', ['İpek Ünal']],
      ['cem@example', ['Cem Ak']],
      ['EXAMPLE.COM', ['Cem Ak', 'Zeynep Demir']],
      ['0532 111', ['Çağrı Işık']],
      ['5551234', ['İpek Ünal']],
      ['+44 7911', ['Cem Ak']],
      ['', ['Cem Ak', 'Çağrı Işık', 'İpek Ünal', 'Zeynep Demir']],
    ] as const) {
      await search.fill(query)
      await expect.poll(() => listedNames(page), { message: query }).toEqual(names)
    }
    await search.fill('ışık')
    await expect.poll(() => page.getByTestId('customer-count').textContent()).toBe('4 müşteriden 1 tanesi')
    // The summary counts every customer, not only the matches.
    expect(await summary(page)).toEqual(['4', '4', '2'])

    await search.fill('yok böyle biri')
    const empty = page.getByTestId('customers-empty')
    await empty.getByRole('heading', { name: 'Eşleşen müşteri yok' }).waitFor()
    await empty.getByText('Hiçbir müşterinin adı, telefon numarası veya e-postası “yok böyle biri” içermiyor.').waitFor()
    await empty.getByRole('button', { name: 'Aramayı temizle' }).click()
    await expect.poll(() => listedNames(page)).toHaveLength(4)
    expect(await search.inputValue()).toBe('')
  })

  it('deletes only after a confirmation naming the customer and warning about their appointments', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const mehmet = crypto.randomUUID()
    const elif = crypto.randomUUID()
    await insertRows(running.keys, owner, 'customers', [
      { id: mehmet, name: 'Mehmet Kaya', phone_number: '+905332345678', email: null },
      { id: elif, name: 'Elif Şahin', phone_number: '+905365678901', email: 'elif@example.com' },
    ])
    const appointment = crypto.randomUUID()
    await insertRows(running.keys, owner, 'appointments', [
      { id: appointment, customer_id: mehmet, appointment_date: '2026-12-01', appointment_time: '10:00', duration_minutes: 60, status: 'scheduled' },
      { id: crypto.randomUUID(), customer_id: mehmet, appointment_date: '2026-12-08', appointment_time: '11:30', duration_minutes: 30, status: 'scheduled' },
    ])
    const { page } = await openCustomers(owner)
    await expect.poll(() => listedNames(page), { timeout: 20_000 }).toEqual(['Elif Şahin', 'Mehmet Kaya'])

    // Each action's name starts with the word on it, then says whose it is.
    const names = await row(page, 'Mehmet Kaya')
      .getByRole('button')
      .evaluateAll((els) => els.map((e) => [e.textContent?.trim(), e.getAttribute('aria-label')]))
    expect(names).toEqual([
      ['Sohbetler', 'Sohbetler: Mehmet Kaya'],
      ['Düzenle', 'Düzenle: Mehmet Kaya'],
      ['Sil', 'Sil: Mehmet Kaya'],
    ])

    // Cancelling keeps the customer.
    await row(page, 'Mehmet Kaya').getByRole('button', { name: 'Sil: Mehmet Kaya' }).click()
    const confirm = await cancelConfirmation(page, 'Müşteriyi sil', ['“Mehmet Kaya” silinsin mi? Bu işlem geri alınamaz.', 'Bu müşterinin 2 randevusu var.'])
    expect(await listedNames(page)).toEqual(['Elif Şahin', 'Mehmet Kaya'])

    // A customer without appointments gets no warning.
    await row(page, 'Elif Şahin').getByRole('button', { name: 'Sil: Elif Şahin' }).click()
    await confirm.getByText('“Elif Şahin” silinsin mi? Bu işlem geri alınamaz.').waitFor()
    expect(await confirm.getByTestId('delete-appointments-warning').count()).toBe(0)
    await confirm.getByRole('button', { name: 'Sil' }).click()
    await page.getByText('“Elif Şahin” silindi.').waitFor()
    await expect.poll(() => listedNames(page)).toEqual(['Mehmet Kaya'])
    expect(await summary(page)).toEqual(['1', '1', '0'])

    await row(page, 'Mehmet Kaya').getByRole('button', { name: 'Sil: Mehmet Kaya' }).click()
    await confirm.getByRole('button', { name: 'Sil' }).click()
    await page.getByTestId('customers-empty').getByRole('heading', { name: 'Henüz müşteri yok' }).waitFor()

    // A soft delete: tombstones on the server, and the appointments stay.
    await expect.poll(async () => (await customers(owner)).length, { timeout: 20_000 }).toBe(0)
    const tombstones = await serverRows<ServerCustomer>(running.keys, owner, 'customers', 'select=id,_deleted&order=id')
    expect(tombstones.map((c) => c._deleted)).toEqual([true, true])
    const kept = await serverRows<{ id: string; customer_id: string }>(running.keys, owner, 'appointments', 'select=id,customer_id&_deleted=is.false')
    expect(kept).toHaveLength(2)
    expect(kept.every((a) => a.customer_id === mehmet)).toBe(true)
  })

  it('keeps everything typed when saving fails, and saves on the next try', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const { page } = await openCustomers(owner)
    await page.getByTestId('customers-empty').waitFor()
    await page.getByRole('button', { name: 'Yeni müşteri' }).click()
    const dialog = page.getByRole('dialog', { name: 'Yeni müşteri' })
    const typed = { name: 'Hasan Öztürk', phone: '0542 678 90 12', email: 'hasan@example.com', notes: 'Prova için cumartesi' }
    await fillCustomer(page, typed)
    // The local store refuses writes, as a full disk would.
    await failLocalWrites(page, true)
    await dialog.getByRole('button', { name: 'Müşteri ekle' }).click()
    await dialog.getByRole('alert').getByText('Müşteri kaydedilirken bir hata oluştu.').waitFor()
    const field = (name: string) => dialog.getByRole('textbox', { name, exact: true }).inputValue()
    expect([await field('Ad'), await field('Telefon'), await field('E-posta'), await field('Notlar')]).toEqual([
      typed.name,
      typed.phone,
      typed.email,
      typed.notes,
    ])
    expect(await dialog.getByRole('button', { name: 'Müşteri ekle' }).isEnabled()).toBe(true)

    await failLocalWrites(page, false)
    await dialog.getByRole('button', { name: 'Müşteri ekle' }).click()
    await dialog.waitFor({ state: 'detached' })
    await row(page, 'Hasan Öztürk').waitFor()
    await expect
      .poll(async () => (await customers(owner)).map((c) => [c.name, c.phone_number]), { timeout: 30_000 })
      .toEqual([['Hasan Öztürk', '+905426789012']])
  })

  it('shows 5 skeleton rows and skeleton summary cards while loading, and an error panel whose retry opens the store again', async () => {
    const owner = await createVerifiedOwner(running.keys)
    await insertRows(running.keys, owner, 'customers', [{ id: crypto.randomUUID(), name: 'Can Öztürk', phone_number: '+905426789012' }])

    // IndexedDB never answers: the screen stays in its loading state.
    const loading = await openCustomers(owner, {
      initScript: storeNeverOpens,
    })
    await loading.page.getByTestId('customers-loading').waitFor()
    expect(await loading.page.getByTestId('customer-skeleton').count()).toBe(5)
    expect(await loading.page.getByTestId('customer-summary').getAttribute('aria-busy')).toBe('true')
    expect(await loading.page.getByTestId('summary-value').count()).toBe(0)

    // IndexedDB refuses to open: the error panel, and its button tries again.
    const { page } = await openCustomers(owner, {
      initScript: storeRefusesToOpen,
    })
    const failed = failedStoreOpens(page)
    const panel = page.getByTestId('customers-error')
    await panel.getByText('Müşteriler yüklenemedi').waitFor({ timeout: 20_000 })
    await panel.getByText('Müşterileriniz bu cihazın depolama alanından okunamadı.', { exact: false }).waitFor()
    expect(await page.getByTestId('customer-row').count()).toBe(0)
    await expectRetryOpensStoreAgain(panel, 'Tekrar dene', failed)
  })

  it('on a phone: cards, a bottom-sheet dialog and no sideways scrolling, in English', async () => {
    const owner = await createVerifiedOwner(running.keys)
    await insertRows(running.keys, owner, 'customers', [
      {
        id: crypto.randomUUID(),
        name: 'Margaret Featherstonehaugh-Whittington',
        phone_number: '+447911123456',
        email: 'margaret.featherstonehaugh-whittington@example.co.uk',
        notes: 'Prefers messages in English after 6 pm; allergic to wool; collects the order herself every second Saturday of the month.',
      },
    ])
    const { page } = await openCustomers(owner, { viewport: { width: 375, height: 740 }, language: 'en' })
    const card = page.getByTestId('customers-cards').getByTestId('customer-row').first()
    await card.waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('customers-table').count()).toBe(0)
    expect(await summary(page)).toEqual(['1', '1', '1'])
    await page.getByTestId('summary-total').getByText('Total customers').waitFor()
    await card.getByRole('button', { name: 'Edit: Margaret Featherstonehaugh-Whittington', exact: true }).waitFor()
    expect(await axeViolations(page)).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

    await page.getByRole('button', { name: 'New customer' }).click()
    const dialog = page.getByRole('dialog', { name: 'New customer' })
    await dialog.getByText('Only the name and phone number are required.').waitFor()
    expect(await dialog.getAttribute('data-layout')).toBe('sheet')
    // Settled at the bottom edge, full width.
    await expect
      .poll(async () => {
        const box = (await dialog.boundingBox())!
        return [Math.round(box.x), Math.round(box.width), Math.round(box.y + box.height)]
      })
      .toEqual([0, 375, 740])
    await dialog.getByRole('button', { name: 'Add customer' }).click()
    await expect.poll(() => dialog.getByText('This field is required').count()).toBe(2)
    expect(await axeViolations(page)).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })

    await card.getByRole('button', { name: 'Delete: Margaret Featherstonehaugh-Whittington' }).click()
    await page.getByRole('dialog', { name: 'Delete customer' }).getByText('Delete “Margaret Featherstonehaugh-Whittington”? This cannot be undone.').waitFor()
  })

  it('saves only what was edited: notes changed on another device while the form was open stay', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const id = crypto.randomUUID()
    await insertRows(running.keys, owner, 'customers', [{ id, name: 'Selin Aydın', phone_number: '+905301112233', email: 'selin@example.com', notes: 'İlk not' }])
    const { page } = await openCustomers(owner)
    const selin = row(page, 'Selin Aydın')
    await selin.waitFor({ timeout: 20_000 })
    await selin.getByRole('button', { name: 'Düzenle: Selin Aydın' }).click()
    const edit = page.getByRole('dialog', { name: 'Müşteriyi düzenle' })
    expect(await edit.getByRole('textbox', { name: 'Notlar', exact: true }).inputValue()).toBe('İlk not')

    // Another device rewrites the notes; the list behind the open form shows them once they arrive.
    await updateRows(running.keys, owner, 'customers', `id=eq.${id}`, { notes: 'Başka cihazdan not' })
    await selin.getByText('Başka cihazdan not').waitFor({ timeout: 20_000 })
    expect(await edit.getByRole('textbox', { name: 'Notlar', exact: true }).inputValue()).toBe('İlk not')

    await fillCustomer(page, { name: 'Selin Aydın Kaya' })
    await edit.getByRole('button', { name: 'Değişiklikleri kaydet' }).click()
    await edit.waitFor({ state: 'detached' })
    await row(page, 'Selin Aydın Kaya').getByText('Başka cihazdan not').waitFor()
    await expect
      .poll(async () => (await customers(owner)).map((c) => [c.name, c.phone_number, c.email, c.notes]), { timeout: 20_000 })
      .toEqual([['Selin Aydın Kaya', '+905301112233', 'selin@example.com', 'Başka cihazdan not']])
  })

  it('creates, edits and deletes customers offline; all survive a reload and reach the server once online', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const leaving = crypto.randomUUID()
    await insertRows(running.keys, owner, 'customers', [{ id: leaving, name: 'Ayrılan Müşteri', phone_number: '+905309998877' }])
    const { context, page } = await openCustomers(owner, { serviceWorker: true })
    await row(page, 'Ayrılan Müşteri').waitFor({ timeout: 20_000 })
    // One online load served by the worker, so the app and its config are cached.
    await reloadUnderServiceWorker(page)
    await row(page, 'Ayrılan Müşteri').waitFor({ timeout: 20_000 })

    await context.setOffline(true)
    await page.getByRole('button', { name: 'Yeni müşteri' }).click()
    await fillCustomer(page, { name: 'Çevrimdışı Müşteri', phone: '0555 111 22 33' })
    await page.getByRole('dialog').getByRole('button', { name: 'Müşteri ekle' }).click()
    const offline = row(page, 'Çevrimdışı Müşteri')
    await offline.waitFor()

    await offline.getByRole('button', { name: 'Düzenle: Çevrimdışı Müşteri' }).click()
    await fillCustomer(page, { email: 'cevrimdisi@example.com', notes: 'Bağlantı yokken eklendi' })
    await page.getByRole('dialog').getByRole('button', { name: 'Değişiklikleri kaydet' }).click()
    await offline.getByText('Bağlantı yokken eklendi').waitFor()
    // The header names what is waiting; the visible count is part of that name.
    await page.getByRole('button', { name: 'Eşitleme durumu: Çevrimdışı, bekleyen değişiklik: 1', exact: true }).waitFor()
    expect(await axeViolations(page, 'header')).toEqual([])

    await row(page, 'Ayrılan Müşteri').getByRole('button', { name: 'Sil: Ayrılan Müşteri' }).click()
    await page.getByRole('dialog', { name: 'Müşteriyi sil' }).getByRole('button', { name: 'Sil' }).click()
    await expect.poll(() => listedNames(page)).toEqual(['Çevrimdışı Müşteri'])

    await page.reload()
    await offline.getByText('Bağlantı yokken eklendi').waitFor({ timeout: 20_000 })
    expect(await offline.textContent()).toContain('cevrimdisi@example.com')
    expect(await listedNames(page)).toEqual(['Çevrimdışı Müşteri'])
    expect(await summary(page)).toEqual(['1', '1', '1'])
    expect((await customers(owner)).map((c) => c.name)).toEqual(['Ayrılan Müşteri'])

    await context.setOffline(false)
    await expect
      .poll(async () => (await customers(owner)).map((c) => [c.name, c.phone_number, c.email, c.notes]), { timeout: 30_000 })
      .toEqual([['Çevrimdışı Müşteri', '+905551112233', 'cevrimdisi@example.com', 'Bağlantı yokken eklendi']])
    // The offline delete arrives as a tombstone.
    expect(await serverRows<ServerCustomer>(running.keys, owner, 'customers', `select=id,_deleted&id=eq.${leaving}`)).toEqual([{ id: leaving, _deleted: true }])
  })
})
