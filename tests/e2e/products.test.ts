// The products screen in real Chromium against the production build and the
// local stack: manual add/edit/delete, search and filter, the Excel template
// and import with its batches, the phone layout, and an offline add that
// survives a reload and reaches the server once back online.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import * as XLSX from 'xlsx'
import { axeViolations } from '../support/axe.ts'
import { cancelConfirmation } from '../support/confirm-dialog.ts'
import { useAppUnderTest, type OpenOptions } from '../support/app-under-test.ts'
import { reloadUnderServiceWorker } from '../support/browser.ts'
import { createVerifiedOwner, insertRows, serverRows, type Owner } from '../support/owners.ts'
import { expectRetryOpensStoreAgain, failedStoreOpens, failLocalWrites, storeNeverOpens, storeRefusesToOpen } from '../support/local-store-faults.ts'


type ServerProduct = { id: string; name: string; price: number; currency: string; stock: number; description: string | null; product_link: string | null; group_id: string | null; _deleted: boolean }

describe('products screen', () => {
  const running = useAppUnderTest()

  async function openProducts(owner: Owner, options: OpenOptions = {}) {
    const { context, page } = await running.openAs(owner, '/dashboard/products', { ...options, context: { acceptDownloads: true } })
    await page.getByRole('heading', { level: 1, name: options.language === 'en' ? 'Products' : 'Ürünler' }).waitFor()
    return { context, page }
  }

  /** A new owner's products screen, once it shows the empty catalogue. */
  async function openEmptyProducts(options: OpenOptions = {}) {
    const owner = await createVerifiedOwner(running.keys)
    const opened = await openProducts(owner, options)
    await opened.page.getByTestId('products-empty').waitFor()
    return { owner, ...opened }
  }

  const products = (owner: Owner) => serverRows<ServerProduct>(running.keys, owner, 'products', 'select=*&_deleted=is.false&order=created_at.desc')
  /** A pager's buttons by their accessible names, in order: what a screen reader walks through. */
  const pagerButtons = (pager: Locator) => pager.getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')))

  const listedNames = async (page: Page) =>
    page.getByTestId('product-row').evaluateAll((rows) => rows.map((row) => row.querySelector('td p, p')?.textContent ?? ''))

  async function fillProduct(page: Page, fields: { name?: string; description?: string; price?: string; stock?: string; link?: string }) {
    const dialog = page.getByRole('dialog')
    const field = (name: string) => dialog.getByRole('textbox', { name, exact: true })
    if (fields.name !== undefined) await field('Ad').fill(fields.name)
    if (fields.description !== undefined) await field('Açıklama').fill(fields.description)
    if (fields.price !== undefined) await field('Fiyat').fill(fields.price)
    if (fields.stock !== undefined) await field('Stok').fill(fields.stock)
    if (fields.link !== undefined) await field('Ürün bağlantısı').fill(fields.link)
  }

  /** An .xlsx file's bytes with the template header and the given rows. */
  function xlsx(rows: unknown[][]): Buffer {
    const workbook = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([['name', 'description', 'price', 'currency', 'stock', 'product_link'], ...rows]), 'Sayfa1')
    return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer
  }

  it('starts empty, adds a product with validation, edits it and deletes it, and the server follows', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const { page } = await openProducts(owner)
    const empty = page.getByTestId('products-empty')
    await empty.getByRole('heading', { name: 'Henüz ürün yok' }).waitFor()

    await empty.getByRole('button', { name: 'İlk ürününüzü ekleyin' }).click()
    const dialog = page.getByRole('dialog', { name: 'Ürün ekle' })
    await dialog.waitFor()
    // The currency of a new product is TRY.
    expect(await dialog.getByRole('textbox', { name: 'Para birimi' }).or(dialog.getByRole('combobox', { name: 'Para birimi' })).inputValue()).toMatch(/^TRY/)
    // Nothing filled: the required fields say so and nothing is stored.
    await dialog.getByRole('button', { name: 'Ürün ekle' }).click()
    await expect.poll(() => dialog.getByText('Bu alan zorunludur').count()).toBe(3)
    expect(await axeViolations(page)).toEqual([])
    await fillProduct(page, { name: 'Kapadokya Seramik Tabak', price: '249,90', stock: '12', link: 'not a link' })
    await dialog.getByRole('button', { name: 'Ürün ekle' }).click()
    await dialog.getByText('http:// veya https:// ile başlayan tam bir web adresi girin').waitFor()
    await fillProduct(page, { link: '' })
    await dialog.getByRole('button', { name: 'Ürün ekle' }).click()
    await dialog.waitFor({ state: 'detached' })

    const row = page.getByTestId('product-row').filter({ hasText: 'Kapadokya Seramik Tabak' })
    await row.waitFor()
    expect(await row.textContent()).toContain('₺249,90 TRY')
    expect(await row.textContent()).toContain('Açıklama yok')
    expect(await row.textContent()).toContain('Bağlantı yok')
    await expect
      .poll(async () => (await products(owner)).map((p) => [p.name, Number(p.price), p.currency, p.stock, p.product_link]), { timeout: 20_000 })
      .toEqual([['Kapadokya Seramik Tabak', 249.9, 'TRY', 12, null]])

    // Edit: a description and a link arrive, the price changes.
    await row.getByRole('button', { name: 'Kapadokya Seramik Tabak ürününü düzenle' }).click()
    const edit = page.getByRole('dialog', { name: 'Ürünü düzenle' })
    expect(await edit.getByRole('textbox', { name: 'Ad', exact: true }).inputValue()).toBe('Kapadokya Seramik Tabak')
    await fillProduct(page, { description: 'El boyaması, 26 cm', price: '275', link: 'https://ornek.com.tr/urunler/kapadokya-seramik-tabak-26-cm' })
    await edit.getByRole('button', { name: 'Değişiklikleri kaydet' }).click()
    await edit.waitFor({ state: 'detached' })
    await row.getByText('El boyaması, 26 cm').waitFor()
    // The table shows the link cut to 30 characters and opens it in a new tab.
    const link = row.getByRole('link')
    expect(await link.textContent()).toBe('https://ornek.com.tr/urunler/…')
    expect(await link.getAttribute('target')).toBe('_blank')
    await expect
      .poll(async () => (await products(owner)).map((p) => [Number(p.price), p.description, p.product_link]), { timeout: 20_000 })
      .toEqual([[275, 'El boyaması, 26 cm', 'https://ornek.com.tr/urunler/kapadokya-seramik-tabak-26-cm']])

    // Delete asks first; cancelling keeps the product.
    await row.getByRole('button', { name: 'Kapadokya Seramik Tabak ürününü sil' }).click()
    await cancelConfirmation(page, 'Ürünü sil', ['“Kapadokya Seramik Tabak” silinsin mi? Bu işlem geri alınamaz.'])
    await row.waitFor()
    await row.getByRole('button', { name: 'Kapadokya Seramik Tabak ürününü sil' }).click()
    await page.getByRole('dialog', { name: 'Ürünü sil' }).getByRole('button', { name: 'Sil' }).click()
    await empty.getByRole('heading', { name: 'Henüz ürün yok' }).waitFor()
    await expect.poll(async () => (await products(owner)).length, { timeout: 20_000 }).toBe(0)
  })

  it('judges price and stock as typed: nothing rewritten, whole stock, two decimals, a decimal comma saved', async () => {
    const { owner, page } = await openEmptyProducts()
    await page.getByRole('button', { name: 'Ürün ekle' }).click()
    const dialog = page.getByRole('dialog', { name: 'Ürün ekle' })
    const price = dialog.getByRole('textbox', { name: 'Fiyat', exact: true })
    const stock = dialog.getByRole('textbox', { name: 'Stok', exact: true })
    await dialog.getByRole('textbox', { name: 'Ad', exact: true }).fill('Lavanta Kesesi')
    // Typed key by key, as a person does: the inputs keep every character.
    await stock.pressSequentially('2.5')
    await price.pressSequentially('12.345')
    expect([await stock.inputValue(), await price.inputValue()]).toEqual(['2.5', '12.345'])
    await dialog.getByRole('button', { name: 'Ürün ekle' }).click()
    await dialog.getByText('Tam sayı girin').waitFor()
    await dialog.getByText('En fazla iki ondalık basamak kullanın').waitFor()
    expect(await stock.getAttribute('aria-invalid')).toBe('true')
    expect(await price.getAttribute('aria-invalid')).toBe('true')

    // "2.0" is a whole number; "1,5" is a price written with the Turkish decimal comma.
    await stock.fill('')
    await stock.pressSequentially('2.0')
    await price.fill('')
    await price.pressSequentially('1,5')
    await expect.poll(() => dialog.getByText(/Tam sayı girin|En fazla iki ondalık/).count()).toBe(0)
    await dialog.getByRole('button', { name: 'Ürün ekle' }).click()
    await dialog.waitFor({ state: 'detached' })
    const row = page.getByTestId('product-row').filter({ hasText: 'Lavanta Kesesi' })
    expect(await row.textContent()).toContain('₺1,50 TRY')
    await expect
      .poll(async () => (await products(owner)).map((p) => [p.name, Number(p.price), p.stock]), { timeout: 20_000 })
      .toEqual([['Lavanta Kesesi', 1.5, 2]])

    // Editing shows the stored price in Turkish writing, and saving it untouched keeps it.
    await row.getByRole('button', { name: 'Lavanta Kesesi ürününü düzenle' }).click()
    const edit = page.getByRole('dialog', { name: 'Ürünü düzenle' })
    expect(await edit.getByRole('textbox', { name: 'Fiyat', exact: true }).inputValue()).toBe('1,5')
    expect(await edit.getByRole('textbox', { name: 'Stok', exact: true }).inputValue()).toBe('2')
    await edit.getByRole('button', { name: 'Değişiklikleri kaydet' }).click()
    await edit.waitFor({ state: 'detached' })
    expect(await row.textContent()).toContain('₺1,50 TRY')
  })

  it('searches name and description with Turkish case folding and filters Excel uploads', async () => {
    const owner = await createVerifiedOwner(running.keys)
    await insertRows(running.keys, owner, 'products', [
      // Links as other clients and imports store them: a bare host, and a script that must never become a link.
      { id: crypto.randomUUID(), name: 'İpek Eşarp', description: 'Bursa ipeği', price: 980, currency: 'TRY', stock: 3, group_id: null, created_at: '2026-11-01T10:00:00Z', product_link: 'javascript:alert(1)' },
      { id: crypto.randomUUID(), name: 'Işıklı Ayna', description: 'Banyo için', price: 1500, currency: 'TRY', stock: 2, group_id: null, created_at: '2026-11-02T10:00:00Z', product_link: null },
      { id: crypto.randomUUID(), name: 'Bakır Cezve', description: 'ISLAK zemine uygun değil', price: 45.5, currency: 'GBP', stock: 9, group_id: 'excel_1700000000000_abc', created_at: '2026-11-03T10:00:00Z', product_link: 'www.bakircezve.com.tr/cezve' },
    ])
    const { page } = await openProducts(owner)
    await expect.poll(() => page.getByTestId('product-row').count(), { timeout: 20_000 }).toBe(3)
    const cezve = page.getByTestId('product-row').filter({ hasText: 'Bakır Cezve' })
    expect(await cezve.textContent()).toContain('£45,50 GBP')
    expect(await cezve.getByRole('link').getAttribute('href')).toBe('https://www.bakircezve.com.tr/cezve')
    const esarp = page.getByTestId('product-row').filter({ hasText: 'İpek Eşarp' })
    expect(await esarp.getByRole('link').count()).toBe(0)
    expect(await esarp.getByTestId('product-link-text').textContent()).toBe('javascript:alert(1)')

    // The uploads panel: the Excel batch, and the products added by hand as one entry that cannot be deleted.
    const manual = page.getByTestId('batches-panel').getByTestId('batch-row').filter({ hasText: 'Manuel ekleme' })
    expect(await manual.textContent()).toContain('2 ürün')
    expect(await manual.getByRole('button').count()).toBe(0)

    const search = page.getByRole('searchbox', { name: 'Ara' })
    await search.fill('İPEK')
    await expect.poll(() => listedNames(page)).toEqual(['İpek Eşarp'])
    await search.fill('ışık')
    await expect.poll(() => listedNames(page)).toEqual(['Işıklı Ayna'])
    // Description matches, and capitals fold the Turkish way.
    await search.fill('islak')
    await expect.poll(() => listedNames(page)).toEqual(['Bakır Cezve'])
    await search.fill('yok böyle bir ürün')
    await page.getByTestId('products-empty').getByRole('heading', { name: 'Eşleşen ürün yok' }).waitFor()
    await page.getByTestId('products-empty').getByRole('button', { name: 'Aramayı temizle' }).click()
    await expect.poll(() => listedNames(page)).toEqual(['Bakır Cezve', 'Işıklı Ayna', 'İpek Eşarp'])

    await page.getByTestId('product-filter').click()
    await page.getByRole('option', { name: 'Excel ile yüklenenler' }).click()
    await expect.poll(() => listedNames(page)).toEqual(['Bakır Cezve'])
    await page.getByTestId('product-filter').click()
    await page.getByRole('option', { name: 'Tüm ürünler' }).click()
    await expect.poll(() => listedNames(page)).toHaveLength(3)
  })

  it('shows the Excel-filter empty message with an upload button when nothing came from Excel', async () => {
    const owner = await createVerifiedOwner(running.keys)
    await insertRows(running.keys, owner, 'products', [{ id: crypto.randomUUID(), name: 'Elle eklenen', price: 10, currency: 'TRY', stock: 1 }])
    const { page } = await openProducts(owner)
    await page.getByTestId('product-row').first().waitFor({ timeout: 20_000 })
    await page.getByTestId('product-filter').click()
    await page.getByRole('option', { name: 'Excel ile yüklenenler' }).click()
    const empty = page.getByTestId('products-empty')
    await empty.getByRole('heading', { name: 'Excel ile yüklenmiş ürün yok' }).waitFor()
    await empty.getByRole('button', { name: 'Excel yükle' }).click()
    await page.getByRole('dialog', { name: "Excel'den ürün yükle" }).waitFor()
  })

  it('downloads the template with the products sheet, its columns and two sample rows', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const { page } = await openProducts(owner)
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Şablonu indir' }).click()])
    expect(download.suggestedFilename()).toBe('product-template.xlsx')
    const workbook = XLSX.read(readFileSync((await download.path())!))
    expect(workbook.SheetNames).toEqual(['Ürünler'])
    const rows = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets['Ürünler']!, { header: 1 })
    expect(rows[0]).toEqual(['name', 'description', 'price', 'currency', 'stock', 'product_link'])
    expect(rows.slice(1).map((r) => r[3])).toEqual(['USD', 'EUR'])
  })

  it('imports a workbook: errors listed, preview paged by 50, one batch added, then the batch deleted', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const rows: unknown[][] = [['name', 'description', 'price', 'currency', 'stock', 'product_link']]
    for (let i = 1; i <= 260; i++) rows.push([`Zeytinyağlı Sabun ${i}`, i % 2 ? 'Doğal' : '', 40 + i, i % 3 ? 'try' : '', i, ''])
    rows.push([])
    rows.push(['', 'adı yok', -1, 'XYZ', 1.5, ''])
    rows.push(['Fiyatsız', '', '', 'EUR', '', ''])
    const workbook = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Sayfa1')
    const bytes = XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer

    const { page } = await openProducts(owner)
    await page.getByRole('button', { name: 'Excel yükle' }).click()
    const dialog = page.getByRole('dialog', { name: "Excel'den ürün yükle" })
    // A file that is not Excel is refused by name.
    await dialog.locator('input[type=file]').setInputFiles({ name: 'urunler.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b') })
    await dialog.getByText('Lütfen geçerli bir Excel dosyası seçin (.xlsx veya .xls)').waitFor()
    // A corrupt workbook gets the unreadable message.
    await dialog.locator('input[type=file]').setInputFiles({ name: 'bozuk.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from([0, 1, 2, 3, 255, 254, 0, 7]) })
    await dialog.getByText('Excel dosyası okunamadı. Lütfen geçerli bir Excel dosyası seçiniz.').waitFor()

    await dialog.locator('input[type=file]').setInputFiles({ name: 'urunler.xlsx', mimeType: 'application/octet-stream', buffer: bytes })
    await dialog.getByTestId('import-preview').waitFor({ timeout: 30_000 })
    await dialog.getByText('260 ürün eklenmeye hazır.').waitFor()
    expect(await axeViolations(page)).toEqual([])
    const errors = dialog.getByTestId('import-errors')
    const errorRows = await errors.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)))
    expect(errorRows).toEqual([
      ['263', 'Ad', 'Ürün adı boş olamaz'],
      ['263', 'Fiyat', 'Geçerli bir fiyat giriniz (0 veya daha büyük sayı)'],
      ['263', 'Para birimi', 'Geçersiz para birimi. Geçerli para birimleri: USD, EUR, GBP, TRY, JPY, CAD, AUD, CHF'],
      ['263', 'Stok', 'Geçerli bir stok miktarı giriniz (0 veya daha büyük tam sayı)'],
      ['264', 'Fiyat', 'Fiyat boş olamaz'],
      ['264', 'Stok', 'Stok boş olamaz'],
    ])
    // 260 rows → 6 pages, past the five shown in full: 1 2 3 … 6 from the first page.
    const preview = dialog.getByTestId('import-preview')
    expect(await preview.locator('tbody tr').count()).toBe(50)
    const pager = dialog.getByRole('navigation', { name: 'Önizleme sayfaları' })
    expect(await pagerButtons(pager)).toEqual(['Önceki sayfa', 'Sayfa 1', 'Sayfa 2', 'Sayfa 3', 'Sayfa 6', 'Sonraki sayfa'])
    await pager.getByRole('button', { name: 'Sayfa 6' }).click()
    expect(await preview.locator('tbody tr').count()).toBe(10)
    expect(await preview.locator('tbody tr').first().textContent()).toContain('Zeytinyağlı Sabun 251')
    // Blank currencies became USD, lower-case ones upper-case.
    expect(await preview.locator('tbody tr').first().textContent()).toContain('TRY')

    await dialog.getByRole('button', { name: '260 ürünü ekle' }).click()
    await dialog.getByText('260 ürün eklendi').waitFor()
    // The dialog closes itself two seconds later.
    await dialog.waitFor({ state: 'detached', timeout: 5_000 })

    const panel = page.getByTestId('batches-panel')
    const batch = panel.getByTestId('batch-row').filter({ hasText: 'Excel yüklemesi' })
    await batch.getByText('260 ürün').waitFor()
    expect(await axeViolations(page)).toEqual([])
    const groupId = await batch.getAttribute('data-group-id')
    expect(groupId).toMatch(/^excel_\d{13}_[0-9a-z]+$/)
    await expect
      .poll(async () => (await products(owner)).filter((p) => p.group_id === groupId).length, { timeout: 30_000 })
      .toBe(260)
    const stored = await products(owner)
    expect(stored.find((p) => p.name === 'Zeytinyağlı Sabun 3')?.currency).toBe('USD')
    expect(stored.find((p) => p.name === 'Zeytinyağlı Sabun 1')?.currency).toBe('TRY')

    await batch.getByRole('button', { name: /yüklemeyi sil$/ }).click()
    const confirm = page.getByRole('dialog', { name: 'Bu yüklemeyi sil' })
    await confirm.getByText('Bu yüklemenin 260 ürününün tümü silinecek. Bu işlem geri alınamaz.').waitFor()
    // While the owner reads the question, another device's row of the same upload syncs in: it goes too.
    await insertRows(running.keys, owner, 'products', [{ id: crypto.randomUUID(), name: 'Geç gelen sabun', price: 1, currency: 'TRY', stock: 1, group_id: groupId }])
    await page.getByTestId('product-count').filter({ hasText: '261 ürün' }).waitFor({ timeout: 30_000 })
    await confirm.getByRole('button', { name: '260 ürünü sil' }).click()
    await page.getByTestId('products-empty').waitFor()
    await page.getByText('261 ürün silindi.').waitFor()
    await expect(page.getByTestId('batches-panel').count()).resolves.toBe(0)
    await expect.poll(async () => (await products(owner)).length, { timeout: 30_000 }).toBe(0)
  })

  it('refuses a file over the size limit before reading it, naming the limit, and keeps what is stored', async () => {
    const owner = await createVerifiedOwner(running.keys)
    await insertRows(running.keys, owner, 'products', [{ id: crypto.randomUUID(), name: 'Kayıtlı kupa', price: 5, currency: 'TRY', stock: 1 }])
    const { page } = await openProducts(owner, {
      // Records whether the page ever reads a file's bytes.
      initScript: () => {
        const original = Blob.prototype.arrayBuffer
        Blob.prototype.arrayBuffer = function (this: Blob) {
          ;(window as unknown as { bytesRead: boolean }).bytesRead = true
          return original.call(this)
        }
      },
    })
    await page.getByTestId('product-count').filter({ hasText: '1 ürün' }).waitFor({ timeout: 30_000 })
    await page.getByRole('button', { name: 'Excel yükle' }).click()
    const dialog = page.getByRole('dialog', { name: "Excel'den ürün yükle" })
    await dialog.locator('input[type=file]').setInputFiles({ name: 'buyuk.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x41) })
    await dialog.getByRole('alert').getByText('Dosya çok büyük: en fazla 10 MB yüklenebilir.').waitFor()
    expect(await page.evaluate(() => (window as unknown as { bytesRead?: boolean }).bytesRead ?? false)).toBe(false)
    await dialog.getByRole('button', { name: 'İptal' }).click()
    await page.getByTestId('product-count').filter({ hasText: '1 ürün' }).waitFor()
    expect((await products(owner)).map((p) => p.name)).toEqual(['Kayıtlı kupa'])
  })

  it('shows the progress while a file is read, the file-read failure, and every row error a page of 50 at a time', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const { page } = await openProducts(owner, {
      // The file is read on the page (no worker), and the test decides when, or whether, its bytes arrive.
      initScript: () => {
        Object.defineProperty(window, 'Worker', { value: undefined, configurable: true })
        const control = { mode: 'pass', release: () => {} }
        ;(window as unknown as { fileRead: typeof control }).fileRead = control
        const original = Blob.prototype.arrayBuffer
        Blob.prototype.arrayBuffer = function (this: Blob) {
          if (control.mode === 'fail') return Promise.reject(new DOMException('The file could not be read', 'NotReadableError'))
          if (control.mode === 'hold') return new Promise((resolve) => (control.release = () => resolve(original.call(this))))
          return original.call(this)
        }
      },
    })
    const setRead = (mode: 'pass' | 'hold' | 'fail') =>
      page.evaluate((m) => {
        ;(window as unknown as { fileRead: { mode: string } }).fileRead.mode = m
      }, mode)
    await page.getByTestId('products-empty').waitFor()
    await page.getByRole('button', { name: 'Excel yükle' }).click()
    const dialog = page.getByRole('dialog', { name: "Excel'den ürün yükle" })
    const input = dialog.locator('input[type=file]')

    await setRead('fail')
    await input.setInputFiles({ name: 'urunler.xlsx', mimeType: 'application/octet-stream', buffer: xlsx([['Kupa', '', 1, 'TRY', 1, '']]) })
    await dialog.getByRole('alert').getByText('Dosya okunamadı.', { exact: true }).waitFor()

    // 130 rows without a name and two good ones: 130 errors, three pages of them.
    const rows: unknown[][] = []
    for (let i = 0; i < 130; i++) rows.push(['', `Adsız ${i}`, 10, 'TRY', 1, ''])
    rows.push(['Kupa', '', 1, 'TRY', 1, ''], ['Tabak', '', 2, 'TRY', 2, ''])
    await setRead('hold')
    await input.setInputFiles({ name: 'hatalar.xlsx', mimeType: 'application/octet-stream', buffer: xlsx(rows) })
    const progress = dialog.getByRole('progressbar', { name: 'Excel dosyası okunuyor' })
    await progress.waitFor()
    await dialog.getByText('hatalar.xlsx').waitFor()
    // The bar moves while the file is being read.
    await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 5_000 }).toBeGreaterThanOrEqual(20)
    expect(Number(await progress.getAttribute('aria-valuenow'))).toBeLessThan(100)
    await page.evaluate(() => (window as unknown as { fileRead: { release: () => void } }).fileRead.release())
    await dialog.getByTestId('import-preview').waitFor({ timeout: 30_000 })
    expect(await progress.count()).toBe(0)

    await dialog.getByText('130 hata bulundu').waitFor()
    const errors = dialog.getByTestId('import-errors')
    const rowNumbers = () => errors.locator('tbody tr td:first-child').allTextContents()
    expect(await rowNumbers()).toEqual(Array.from({ length: 50 }, (_, i) => String(i + 2)))
    const pager = dialog.getByRole('navigation', { name: 'Hata sayfaları' })
    expect(await pagerButtons(pager)).toEqual(['Önceki sayfa', 'Sayfa 1', 'Sayfa 2', 'Sayfa 3', 'Sonraki sayfa'])
    await pager.getByRole('button', { name: 'Sayfa 3' }).click()
    expect(await rowNumbers()).toEqual(Array.from({ length: 30 }, (_, i) => String(i + 102)))
    await pager.getByRole('button', { name: 'Önceki sayfa' }).click()
    expect((await rowNumbers())[0]).toBe('52')
    // The preview keeps its own pages: two products, no pager.
    expect(await dialog.getByTestId('import-preview').locator('tbody tr').count()).toBe(2)
    expect(await dialog.getByRole('navigation', { name: 'Önizleme sayfaları' }).count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])
  })

  it('keeps the preview when adding fails and says so; a failed upload delete says so too', async () => {
    const { page } = await openEmptyProducts()
    await page.getByRole('button', { name: 'Excel yükle' }).click()
    const dialog = page.getByRole('dialog', { name: "Excel'den ürün yükle" })
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'urunler.xlsx',
      mimeType: 'application/octet-stream',
      buffer: xlsx([['Kupa', '', 80, 'TRY', 5, ''], ['Tabak', '', 45, 'TRY', 2, '']]),
    })
    await dialog.getByTestId('import-preview').waitFor({ timeout: 30_000 })

    await failLocalWrites(page, true)
    await dialog.getByRole('button', { name: '2 ürünü ekle' }).click()
    const failure = dialog.getByRole('alert').filter({ hasText: 'Ürünler eklenirken hata oluştu: ' })
    await failure.waitFor()
    expect(await failure.textContent()).toMatch(/^Ürünler eklenirken hata oluştu: \S/)
    expect(await dialog.getByTestId('import-preview').locator('tbody tr').count()).toBe(2)

    await failLocalWrites(page, false)
    await dialog.getByRole('button', { name: '2 ürünü ekle' }).click()
    await dialog.getByText('2 ürün eklendi').waitFor()
    await dialog.waitFor({ state: 'detached', timeout: 5_000 })

    const batch = page.getByTestId('batches-panel').getByTestId('batch-row').filter({ hasText: 'Excel yüklemesi' })
    await batch.getByText('2 ürün').waitFor()
    await failLocalWrites(page, true)
    await batch.getByRole('button', { name: /yüklemeyi sil$/ }).click()
    await page.getByRole('dialog', { name: 'Bu yüklemeyi sil' }).getByRole('button', { name: '2 ürünü sil' }).click()
    const notice = page.getByRole('alert').filter({ hasText: 'Ürünler silinirken hata oluştu: ' })
    await notice.waitFor()
    expect(await notice.textContent()).toMatch(/Ürünler silinirken hata oluştu: \S/)
    expect(await page.getByTestId('product-row').count()).toBe(2)
  })

  it('shows 5 skeleton rows while loading, and an error panel whose retry opens the store again', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const loading = await openProducts(owner, {
      // IndexedDB never answers: the screen stays in its loading state.
      initScript: storeNeverOpens,
    })
    const skeleton = loading.page.getByTestId('products-loading')
    await skeleton.waitFor()
    expect(await skeleton.getAttribute('aria-busy')).toBe('true')
    expect(await skeleton.locator('tbody tr').count()).toBe(5)
    expect(await loading.page.getByTestId('product-row').count()).toBe(0)

    // IndexedDB refuses to open: the error panel, and its button tries again.
    const { page } = await openProducts(owner, {
      initScript: storeRefusesToOpen,
    })
    const failed = failedStoreOpens(page)
    const panel = page.getByRole('alert').filter({ hasText: 'Ürünler yüklenemedi' })
    await panel.waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('product-row').count()).toBe(0)
    await expectRetryOpensStoreAgain(panel, 'Tekrar dene', failed)
  })

  it('shows cards on a phone with links cut to 40 characters, in English', async () => {
    const owner = await createVerifiedOwner(running.keys)
    await insertRows(running.keys, owner, 'products', [
      { id: crypto.randomUUID(), name: 'Silk scarf', price: 12.5, currency: 'USD', stock: 4, product_link: 'https://shop.example.com/products/silk-scarf-90-by-90', group_id: null, created_at: '2026-01-06T09:00:00Z' },
      { id: crypto.randomUUID(), name: 'Wool socks', price: 8, currency: 'GBP', stock: 20, product_link: null, group_id: 'excel_1700000000000_def', created_at: '2026-01-05T09:00:00Z' },
    ])
    const { page } = await openProducts(owner, { viewport: { width: 375, height: 740 }, language: 'en' })
    const cards = page.getByTestId('products-cards')
    const card = cards.getByTestId('product-row').first()
    await card.waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('products-table').count()).toBe(0)
    expect(await card.textContent()).toContain('$12.50 USD')
    expect(await card.textContent()).toContain('No description')
    expect(await card.getByRole('link').textContent()).toBe('https://shop.example.com/products/silk-…')
    const batches = page.getByTestId('batches-panel').getByTestId('batch-row')
    await batches.filter({ hasText: 'Manual Addition' }).getByText('1 product').waitFor()
    await batches.filter({ hasText: 'Excel upload' }).getByText('1 product').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    expect(await axeViolations(page)).toEqual([])
  })

  it('adds a product offline; it survives a reload and reaches the server once online', async () => {
    const { owner, context, page } = await openEmptyProducts({ serviceWorker: true })
    // One online load served by the worker, so the app and its config are cached.
    await reloadUnderServiceWorker(page)
    await page.getByTestId('products-empty').waitFor()

    await context.setOffline(true)
    await page.getByRole('button', { name: 'Ürün ekle' }).click()
    await fillProduct(page, { name: 'Çevrimdışı Kupa', price: '320', stock: '5' })
    await page.getByRole('dialog').getByRole('button', { name: 'Ürün ekle' }).click()
    await page.getByTestId('product-row').filter({ hasText: 'Çevrimdışı Kupa' }).waitFor()

    await page.reload()
    await page.getByTestId('product-row').filter({ hasText: 'Çevrimdışı Kupa' }).waitFor({ timeout: 20_000 })
    expect(await products(owner)).toEqual([])

    await context.setOffline(false)
    await expect.poll(async () => (await products(owner)).map((p) => p.name), { timeout: 30_000 }).toEqual(['Çevrimdışı Kupa'])
  })
})
