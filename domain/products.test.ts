import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  CURRENCIES, EXCEL_MESSAGES, InvalidProductFormError,
  LINK_MAX_CARD, LINK_MAX_TABLE, PRICE_MAX, STOCK_MAX, clampPage, createBatchId, createSearchIndex,
  currencySymbol, emptyProductForm, excelColumnIndexes, foldForSearch, formatPrice, isBlankRow, isCurrencyCode,
  isExcelFileName, isExcelProduct, isHttpUrl, pageCount, pageSlice, paginationItems, productChangesFromForm,
  productFieldsFromForm, productLinkHref, productToForm, roundToCents, searchProducts, stampBatch, summarizeBatches, truncateLink,
  validateExcelRow, validateProductForm, type ProductFormValues,
} from './products.ts'
import type { ProductRecord } from './records.ts'

describe('currencies', () => {
  it('lists the eight currencies of the spec with symbol and English name', () => {
    expect(CURRENCIES.map((c) => [c.code, c.symbol, c.name])).toEqual([
      ['USD', '$', 'US Dollar'],
      ['EUR', '€', 'Euro'],
      ['GBP', '£', 'British Pound'],
      ['TRY', '₺', 'Turkish Lira'],
      ['JPY', '¥', 'Japanese Yen'],
      ['CAD', 'C$', 'Canadian Dollar'],
      ['AUD', 'A$', 'Australian Dollar'],
      ['CHF', 'CHF', 'Swiss Franc'],
    ])
  })

  it('shows $ for a code it does not know', () => {
    expect(['TRY', 'CAD', 'XYZ', '', 'try'].map(currencySymbol)).toEqual(['₺', 'C$', '$', '$', '$'])
  })

  it('defaults to TRY for a new product and USD for an Excel row', () => {
    expect(emptyProductForm().currency).toBe('TRY')
  })

  it('accepts only the eight codes, exactly as written', () => {
    expect(isCurrencyCode('EUR')).toBe(true)
    expect(isCurrencyCode('eur')).toBe(false)
    expect(isCurrencyCode('TL')).toBe(false)
    expect(isCurrencyCode(1)).toBe(false)
  })
})

describe('formatPrice', () => {
  it('writes symbol, two decimals in the locale, then the code', () => {
    expect(formatPrice(1250, 'TRY', 'tr')).toBe('₺1.250,00 TRY')
    expect(formatPrice(12.5, 'USD', 'en')).toBe('$12.50 USD')
    expect(formatPrice(1234567.891, 'EUR', 'tr')).toBe('€1.234.567,89 EUR')
    expect(formatPrice(1234567.891, 'EUR', 'en')).toBe('€1,234,567.89 EUR')
    expect(formatPrice(0, 'GBP', 'en')).toBe('£0.00 GBP')
    expect(formatPrice(99.9, 'JPY', 'tr')).toBe('¥99,90 JPY')
    expect(formatPrice(5, 'CAD', 'en')).toBe('C$5.00 CAD')
  })

  it('sets off a symbol made of letters and does not repeat it as the code', () => {
    expect(formatPrice(12.5, 'CHF', 'en')).toBe('CHF 12.50')
    expect(formatPrice(1250, 'CHF', 'tr')).toBe('CHF 1.250,00')
  })

  it('shows an unknown code with the $ symbol', () => {
    expect(formatPrice(3, 'XYZ', 'en')).toBe('$3.00 XYZ')
  })

  it('keeps a sign in front of the symbol and never shows a negative zero', () => {
    expect(formatPrice(-3.5, 'USD', 'en')).toBe('-$3.50 USD')
    expect(formatPrice(-0.001, 'USD', 'en')).toBe('$0.00 USD')
  })
})

describe('truncateLink', () => {
  const url = 'https://magaza.example.com.tr/urunler/seramik-vazo-buyuk'

  it('leaves a link within the limit alone', () => {
    expect(truncateLink('https://a.co', LINK_MAX_TABLE)).toBe('https://a.co')
    const exact = url.slice(0, 30)
    expect(truncateLink(exact, 30)).toBe(exact)
  })

  it('cuts to the limit with the ellipsis counted as one of the characters', () => {
    const table = truncateLink(url, LINK_MAX_TABLE)
    expect(table).toBe(`${url.slice(0, 29)}…`)
    expect(table).toHaveLength(30)
    expect(truncateLink(url, LINK_MAX_CARD)).toBe(`${url.slice(0, 39)}…`)
    expect(truncateLink(url.slice(0, 31), 30)).toHaveLength(30)
  })

  it('never splits a character made of two code units', () => {
    const link = `https://ornek.com/${'🌷'.repeat(20)}`
    const cut = truncateLink(link, 30)
    expect(Array.from(cut)).toHaveLength(30)
    expect(cut.endsWith('🌷…')).toBe(true)
  })
})

describe('productLinkHref', () => {
  it('keeps an absolute http(s) address', () => {
    expect(productLinkHref('https://ornek.com.tr/urunler/vazo?renk=mavi#boy')).toBe('https://ornek.com.tr/urunler/vazo?renk=mavi#boy')
    expect(productLinkHref(' HTTP://Ornek.com ')).toBe('http://ornek.com/')
  })

  it('puts https:// in front of a bare host, with or without a path or port', () => {
    expect(productLinkHref('www.x.com')).toBe('https://www.x.com/')
    expect(productLinkHref('example.com/a')).toBe('https://example.com/a')
    expect(productLinkHref('magaza.ornek.com.tr:8080/urun?id=5')).toBe('https://magaza.ornek.com.tr:8080/urun?id=5')
    expect(productLinkHref('çiçek.com.tr/gül')).toBe('https://xn--iek-1lab.com.tr/g%C3%BCl')
  })

  it('gives no address for other schemes, relative paths, plain text or nothing', () => {
    for (const link of [
      'javascript:alert(1)', 'JavaScript://ornek.com/%0Aalert(1)', 'data:text/html,<b>x</b>', 'mailto:satis@ornek.com', 'ftp://ornek.com/a',
      'tel:+905321112233', '/urunler/vazo', '//ornek.com/a', 'urunler/vazo', 'vazo', 'localhost:3000', '192.168.1.1/a', 'ornek.c', 'ornek.com is the shop',
      'https://', 'http//ornek.com', '', '   ', undefined, null,
    ]) {
      expect(productLinkHref(link), String(link)).toBeNull()
    }
  })
})

describe('product form', () => {
  const valid: ProductFormValues = {
    name: '  Seramik Vazo ',
    description: ' El yapımı ',
    price: '149,90',
    currency: 'TRY',
    stock: '12',
    product_link: ' https://ornek.com/vazo ',
  }

  it('accepts a complete form', () => {
    expect(validateProductForm(valid)).toEqual({})
    expect(validateProductForm({ ...valid, price: 0, stock: 0, description: '', product_link: '' })).toEqual({})
    expect(validateProductForm({ ...valid, price: 12.5, stock: 3 })).toEqual({})
    expect(validateProductForm({ ...valid, price: '12.50' })).toEqual({})
  })

  it('requires name, price and stock', () => {
    expect(validateProductForm({ ...valid, name: '   ', price: '', stock: ' ' })).toEqual({
      name: 'required',
      price: 'required',
      stock: 'required',
    })
  })

  it('wants a price of at least 0 with at most two decimals', () => {
    expect(validateProductForm({ ...valid, price: 'abc' }).price).toBe('not_a_number')
    expect(validateProductForm({ ...valid, price: '1.250,00' }).price).toBe('not_a_number')
    expect(validateProductForm({ ...valid, price: -1 }).price).toBe('negative')
    expect(validateProductForm({ ...valid, price: '12.345' }).price).toBe('too_many_decimals')
    expect(validateProductForm({ ...valid, price: 12.345 }).price).toBe('too_many_decimals')
    expect(validateProductForm({ ...valid, price: '12.340' }).price).toBeUndefined()
    expect(validateProductForm({ ...valid, price: Number.NaN }).price).toBe('not_a_number')
    expect(validateProductForm({ ...valid, price: PRICE_MAX }).price).toBeUndefined()
    expect(validateProductForm({ ...valid, price: 1e10 }).price).toBe('too_large')
  })

  it('wants a whole stock of at least 0', () => {
    expect(validateProductForm({ ...valid, stock: '2.5' }).stock).toBe('not_an_integer')
    expect(validateProductForm({ ...valid, stock: -3 }).stock).toBe('negative')
    expect(validateProductForm({ ...valid, stock: 'on iki' }).stock).toBe('not_a_number')
    expect(validateProductForm({ ...valid, stock: STOCK_MAX }).stock).toBeUndefined()
    expect(validateProductForm({ ...valid, stock: STOCK_MAX + 1 }).stock).toBe('too_large')
  })

  it('wants one of the eight currencies', () => {
    expect(validateProductForm({ ...valid, currency: 'TL' }).currency).toBe('unknown_currency')
    expect(validateProductForm({ ...valid, currency: '' }).currency).toBe('unknown_currency')
  })

  it('accepts an empty link but only an http(s) address otherwise', () => {
    for (const link of ['', '   ', 'http://ornek.com', 'https://ornek.com.tr/a?b=1#c']) {
      expect(validateProductForm({ ...valid, product_link: link }).product_link).toBeUndefined()
    }
    for (const link of ['ornek.com', 'www.ornek.com', 'ftp://ornek.com/a', 'javascript:alert(1)', 'https://', 'http//ornek.com']) {
      expect(validateProductForm({ ...valid, product_link: link }).product_link, link).toBe('invalid_url')
    }
    expect(isHttpUrl('HTTPS://ORNEK.COM')).toBe(true)
  })

  it('normalizes a valid form into the fields to store', () => {
    expect(productFieldsFromForm(valid)).toEqual({
      name: 'Seramik Vazo',
      description: 'El yapımı',
      price: 149.9,
      currency: 'TRY',
      stock: 12,
      product_link: 'https://ornek.com/vazo',
    })
  })

  it('leaves a blank description and link out of the fields', () => {
    const fields = productFieldsFromForm({ ...valid, description: '  ', product_link: '' })
    expect(fields).toEqual({ name: 'Seramik Vazo', price: 149.9, currency: 'TRY', stock: 12 })
    expect('description' in fields).toBe(false)
    expect('product_link' in fields).toBe(false)
  })

  it('marks emptied optional fields for clearing when editing', () => {
    const changes = productChangesFromForm({ ...valid, description: '', product_link: '' })
    expect('description' in changes && changes.description === undefined).toBe(true)
    expect('product_link' in changes && changes.product_link === undefined).toBe(true)
    expect(productChangesFromForm(valid).product_link).toBe('https://ornek.com/vazo')
  })

  it('refuses to normalize an invalid form', () => {
    expect(() => productFieldsFromForm({ ...valid, name: '' })).toThrow(InvalidProductFormError)
    try {
      productFieldsFromForm({ ...valid, name: '', stock: '-1' })
    } catch (error) {
      expect((error as InvalidProductFormError).errors).toEqual({ name: 'required', stock: 'negative' })
    }
  })

  it('prefills the form from a stored product and saves it back unchanged', () => {
    const product: ProductRecord = {
      id: 'p1', name: 'Çay', price: 45.5, currency: 'TRY', stock: 7, created_at: '2026-01-02T03:04:05.000Z',
    }
    const form = productToForm(product)
    expect(form).toEqual({ name: 'Çay', description: '', price: '45.5', currency: 'TRY', stock: '7', product_link: '' })
    expect(productFieldsFromForm(form)).toEqual({ name: 'Çay', price: 45.5, currency: 'TRY', stock: 7 })
    // In Turkish the price is shown with a decimal comma, and reads back the same.
    const turkish = productToForm(product, ',')
    expect(turkish.price).toBe('45,5')
    expect(productFieldsFromForm(turkish)).toEqual(productFieldsFromForm(form))
  })
})

describe('roundToCents', () => {
  it('rounds half away from zero on the decimal value, as Postgres numeric does', () => {
    expect(roundToCents(1.005)).toBe(1.01)
    expect(roundToCents(2.675)).toBe(2.68)
    expect(roundToCents(12.344)).toBe(12.34)
    expect(roundToCents(-1.005)).toBe(-1.01)
    expect(roundToCents(1e-7)).toBe(0)
    expect(roundToCents(PRICE_MAX)).toBe(PRICE_MAX)
  })
})

describe('Excel rows', () => {
  const row = { name: 'Zeytinyağı 1 L', description: 'Soğuk sıkım', price: 250, currency: 'TRY', stock: 40, product_link: 'https://ornek.com/z' }

  it('keeps the spec messages verbatim', () => {
    expect(EXCEL_MESSAGES.nameRequired).toBe('Ürün adı boş olamaz')
    expect(EXCEL_MESSAGES.priceRequired).toBe('Fiyat boş olamaz')
    expect(EXCEL_MESSAGES.priceInvalid).toBe('Geçerli bir fiyat giriniz (0 veya daha büyük sayı)')
    expect(EXCEL_MESSAGES.stockRequired).toBe('Stok boş olamaz')
    expect(EXCEL_MESSAGES.stockInvalid).toBe('Geçerli bir stok miktarı giriniz (0 veya daha büyük tam sayı)')
    expect(EXCEL_MESSAGES.currencyInvalid).toBe('Geçersiz para birimi. Geçerli para birimleri: USD, EUR, GBP, TRY, JPY, CAD, AUD, CHF')
    expect(EXCEL_MESSAGES.invalidFileType).toBe('Please select a valid Excel file (.xlsx or .xls)')
    expect(EXCEL_MESSAGES.unreadableWorkbook).toBe('Excel dosyası okunamadı. Lütfen geçerli bir Excel dosyası seçiniz.')
  })

  it('turns a valid row into product fields', () => {
    expect(validateExcelRow(row, 2)).toEqual({
      ok: true,
      product: { name: 'Zeytinyağı 1 L', description: 'Soğuk sıkım', price: 250, currency: 'TRY', stock: 40, product_link: 'https://ornek.com/z' },
    })
  })

  it('trims text, defaults a blank currency to USD and upper-cases it', () => {
    const result = validateExcelRow({ name: '  Kahve  ', description: '   ', price: ' 12,5 ', currency: '  ', stock: ' 3 ', product_link: ' ' }, 7)
    expect(result).toEqual({ ok: true, product: { name: 'Kahve', price: 12.5, currency: 'USD', stock: 3 } })
    expect(validateExcelRow({ ...row, currency: ' eur ' }, 2)).toMatchObject({ ok: true, product: { currency: 'EUR' } })
    expect(validateExcelRow({ ...row, currency: undefined }, 2)).toMatchObject({ ok: true, product: { currency: 'USD' } })
  })

  it('reads numbers written as text and rounds prices to the cent', () => {
    expect(validateExcelRow({ ...row, price: '1.005', stock: '5.0' }, 2)).toMatchObject({ ok: true, product: { price: 1.01, stock: 5 } })
    expect(validateExcelRow({ ...row, price: 0, stock: 0 }, 2)).toMatchObject({ ok: true, product: { price: 0, stock: 0 } })
    expect(validateExcelRow({ ...row, name: 2024 }, 2)).toMatchObject({ ok: true, product: { name: '2024' } })
  })

  it('reports each failing field with its row number and the spec message', () => {
    expect(validateExcelRow({ description: 'yalnız açıklama' }, 5)).toEqual({
      ok: false,
      errors: [
        { row: 5, field: 'name', message: 'Ürün adı boş olamaz' },
        { row: 5, field: 'price', message: 'Fiyat boş olamaz' },
        { row: 5, field: 'stock', message: 'Stok boş olamaz' },
      ],
    })
  })

  it('rejects prices that are not numbers of at least 0', () => {
    for (const price of [-1, '-0.5', 'on lira', '1.250,00', true, Number.POSITIVE_INFINITY, 1e10, new Date()]) {
      expect(validateExcelRow({ ...row, price }, 3), String(price)).toEqual({
        ok: false,
        errors: [{ row: 3, field: 'price', message: EXCEL_MESSAGES.priceInvalid }],
      })
    }
  })

  it('rejects stock that is not a whole number of at least 0', () => {
    for (const stock of [-1, 2.5, '2,5', 'çok', false, STOCK_MAX + 1]) {
      expect(validateExcelRow({ ...row, stock }, 4), String(stock)).toEqual({
        ok: false,
        errors: [{ row: 4, field: 'stock', message: EXCEL_MESSAGES.stockInvalid }],
      })
    }
  })

  it('rejects a currency outside the eight', () => {
    for (const currency of ['TL', 'usd dollar', 5]) {
      expect(validateExcelRow({ ...row, currency }, 9)).toEqual({
        ok: false,
        errors: [{ row: 9, field: 'currency', message: 'Geçersiz para birimi. Geçerli para birimleri: USD, EUR, GBP, TRY, JPY, CAD, AUD, CHF' }],
      })
    }
  })

  it('does not check the optional link', () => {
    expect(validateExcelRow({ ...row, product_link: 'ornek.com/z' }, 2)).toMatchObject({ ok: true, product: { product_link: 'ornek.com/z' } })
  })

  it('treats a row of empty or blank cells as blank', () => {
    expect(isBlankRow({})).toBe(true)
    expect(isBlankRow({ name: '  ', price: null, stock: undefined, currency: '' })).toBe(true)
    expect(isBlankRow({ stock: 0 })).toBe(false)
  })

  it('maps columns by header names only when the header names all six, otherwise by the template positions', () => {
    const template = { name: 0, description: 1, price: 2, currency: 3, stock: 4, product_link: 5 }
    expect(excelColumnIndexes(['name', 'description', 'price', 'currency', 'stock', 'product_link'])).toEqual(template)
    expect(excelColumnIndexes([' Stock ', 'notes', 'PRICE', 'Name', 'Product_Link', 'currency', 'Description'])).toEqual({
      name: 3, description: 6, price: 2, currency: 5, stock: 0, product_link: 4,
    })
    // Some names renamed or translated: reading the rest by name would drop those columns, so all go by position.
    expect(excelColumnIndexes(['name', 'description', 'price', 'Para birimi', 'stock', 'Product link'])).toEqual(template)
    expect(excelColumnIndexes([' Stock ', 'PRICE', 'Name', 'notes'])).toEqual(template)
    expect(excelColumnIndexes(['Ürün', 'Açıklama', 'Fiyat', 'Para birimi', 'Stok', 'Bağlantı'])).toEqual(template)
    expect(excelColumnIndexes([])).toEqual(template)
  })

  it('accepts only .xlsx and .xls file names, in any case', () => {
    const excel = ['urunler.xlsx', 'ESKI.XLS']
    expect([...excel, 'urunler.csv', 'urunler.xlsm', 'xlsx', '.xlsx'].filter(isExcelFileName)).toEqual(excel)
  })
})

describe('import batches', () => {
  it('names a batch excel_{milliseconds}_{random}', () => {
    expect(createBatchId(1767225600123, () => 0.5)).toMatch(/^excel_1767225600123_[0-9a-z]{9}$/)
    expect(createBatchId(1767225600123, () => 0)).toBe('excel_1767225600123_000000000')
    expect(createBatchId()).toMatch(/^excel_\d{13}_[0-9a-z]{9}$/)
    expect(createBatchId()).not.toBe(createBatchId())
  })

  it('counts a product as Excel-uploaded when its group_id contains excel_', () => {
    expect(isExcelProduct({ group_id: 'excel_1767225600123_abc' })).toBe(true)
    expect(isExcelProduct({ group_id: 'import-excel_2' })).toBe(true)
    expect(isExcelProduct({ group_id: 'manual' })).toBe(false)
    expect(isExcelProduct({})).toBe(false)
  })

  it('stamps a batch so that newest first shows the sheet order', () => {
    const now = new Date('2026-03-01T10:00:00.000Z')
    const stamped = stampBatch([
      { name: 'a', price: 1, currency: 'USD', stock: 1 },
      { name: 'b', price: 2, currency: 'USD', stock: 2 },
    ], 'excel_1_x', now)
    expect(stamped).toEqual([
      { name: 'a', price: 1, currency: 'USD', stock: 1, group_id: 'excel_1_x', created_at: '2026-03-01T10:00:00.000Z' },
      { name: 'b', price: 2, currency: 'USD', stock: 2, group_id: 'excel_1_x', created_at: '2026-03-01T09:59:59.999Z' },
    ])
    const newestFirst = [...stamped].sort((x, y) => (y.created_at ?? '').localeCompare(x.created_at ?? ''))
    expect(newestFirst.map((p) => p.name)).toEqual(['a', 'b'])
  })

  it('summarizes groups newest first, with manual additions as one entry', () => {
    const summary = summarizeBatches([
      { group_id: 'excel_1_a', created_at: '2026-01-10T10:00:00.000Z' },
      { created_at: '2026-01-05T08:00:00.000Z' },
      { group_id: 'excel_2_b', created_at: '2026-02-01T12:00:00.000Z' },
      { group_id: 'excel_1_a', created_at: '2026-01-10T09:59:59.999Z' },
      { created_at: '2026-03-01T08:00:00.000Z' },
      // The server writes the same kind of instant as +00:00 with microseconds.
      { group_id: 'excel_2_b', created_at: '2026-02-01 11:00:00.123456+00:00' },
    ])
    expect(summary).toEqual([
      { groupId: 'excel_2_b', manual: false, excel: true, count: 2, firstCreatedAt: '2026-02-01 11:00:00.123456+00:00' },
      { groupId: 'excel_1_a', manual: false, excel: true, count: 2, firstCreatedAt: '2026-01-10T09:59:59.999Z' },
      { groupId: null, manual: true, excel: false, count: 2, firstCreatedAt: '2026-01-05T08:00:00.000Z' },
    ])
    expect(summarizeBatches([])).toEqual([])
    expect(summarizeBatches([{ group_id: '', created_at: '2026-01-01T00:00:00Z' }])).toMatchObject([{ groupId: null, manual: true, count: 1 }])
  })
})

describe('search', () => {
  const products = [
    { id: '1', name: 'İSTANBUL Manzaralı Kupa', description: 'Porselen' },
    { id: '2', name: 'Masa lambası', description: 'Sıcak ışık veren LED' },
    { id: '3', name: 'istanbul haritası' },
    { id: '4', name: 'IPHONE kılıfı', description: 'Şeffaf' },
    { id: '5', name: 'Kalem', description: 'Mavi mürekkep' },
  ]
  const ids = (items: readonly { id: string }[]) => items.map((p) => p.id)

  it('folds Turkish capitals the Turkish way', () => {
    expect(foldForSearch('İSTANBUL')).toBe('istanbul')
    expect(foldForSearch('IŞIK')).toBe(foldForSearch('ışık'))
    expect(foldForSearch('ÇĞÖŞÜ')).toBe('çğöşü')
    // Decomposed letters (as some systems write them) match composed ones.
    expect(foldForSearch('s\u0327')).toBe(foldForSearch('ş'))
    expect(foldForSearch('I\u0307STANBUL')).toBe('istanbul')
  })

  it('folds like Turkish lower-casing with ı merged into i', () => {
    const letters = ['I', 'İ', 'ı', 'i', 'Ş', 'ş', 'Ç', 'ç', 'Ğ', 'ğ', 'Ö', 'ö', 'Ü', 'ü', 'A', 'z', 'Â', 'ß', 'Σ', ' ', '1', '\u0307', '\u0327', 'É']
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...letters), { maxLength: 12 }).map((cs) => cs.join('')), (text) => {
        expect(foldForSearch(text)).toBe(text.normalize('NFC').toLocaleLowerCase('tr').replace(/ı/g, 'i'))
      }),
      { numRuns: 2000 },
    )
  })

  it('matches name or description without regard to case', () => {
    const index = createSearchIndex(products)
    expect(ids(index.filter('İSTANBUL'))).toEqual(['1', '3'])
    expect(ids(index.filter('istanbul'))).toEqual(['1', '3'])
    expect(ids(index.filter('IŞIK'))).toEqual(['2'])
    expect(ids(index.filter('iphone'))).toEqual(['4'])
    expect(ids(index.filter('şeffaf'))).toEqual(['4'])
    expect(ids(index.filter('MÜREKKEP'))).toEqual(['5'])
    expect(ids(index.filter('yok böyle bir şey'))).toEqual([])
  })

  it('returns the list itself for a blank query and trims the query', () => {
    const index = createSearchIndex(products)
    expect(index.filter('')).toBe(products)
    expect(index.filter('   ')).toBe(products)
    expect(ids(index.filter('  kalem '))).toEqual(['5'])
  })

  it('never matches across the name and description', () => {
    expect(ids(searchProducts(products, 'kalemmavi'))).toEqual([])
    expect(ids(searchProducts(products, 'kupaporselen'))).toEqual([])
  })

  it('gives the same answer as a plain scan for any sequence of queries', () => {
    const alphabet = ['a', 'ı', 'i', 'I', 'İ', 'ş', 'S', 'k', ' ', 'l']
    const word = fc.array(fc.constantFrom(...alphabet), { maxLength: 6 }).map((cs) => cs.join(''))
    fc.assert(
      fc.property(fc.array(fc.record({ name: word, description: fc.option(word, { nil: undefined }) }), { maxLength: 30 }), fc.array(word, { maxLength: 8 }), (items, queries) => {
        const index = createSearchIndex(items)
        for (const query of queries) {
          const folded = foldForSearch(query.trim())
          const expected = folded === ''
            ? items
            : items.filter((p) => foldForSearch(p.name).includes(folded) || foldForSearch(p.description ?? '').includes(folded))
          expect(index.filter(query)).toEqual(expected)
        }
      }),
    )
  })

  it('narrows and widens correctly while typing over 10,000 products', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      name: `Ürün ${i} ${i % 3 === 0 ? 'IŞIKLI' : 'düz'}`,
      description: i % 5 === 0 ? 'İstanbul deposundan' : undefined,
    }))
    const index = createSearchIndex(many)
    // 3,334 lit ones and 2,000 from İstanbul, 667 of them both.
    expect(index.filter('ı')).toHaveLength(4667)
    expect(index.filter('ışık')).toHaveLength(3334)
    expect(index.filter('ışıklı')).toHaveLength(3334)
    expect(index.filter('ışık')).toHaveLength(3334)
    expect(index.filter('istanbul')).toHaveLength(2000)
    expect(index.filter('ürün 999')).toHaveLength(11)
    expect(index.filter('ürün 9999')).toHaveLength(1)
    expect(index.filter('')).toHaveLength(10_000)
  })
})

describe('preview pagination', () => {
  it('pages by 50', () => {
    expect(pageCount(0)).toBe(0)
    expect(pageCount(1)).toBe(1)
    expect(pageCount(50)).toBe(1)
    expect(pageCount(51)).toBe(2)
    expect(pageCount(10_000)).toBe(200)
  })

  it('slices a 1-based page and keeps the page in range', () => {
    const rows = Array.from({ length: 120 }, (_, i) => i)
    expect(pageSlice(rows, 1)).toEqual(rows.slice(0, 50))
    expect(pageSlice(rows, 3)).toEqual(rows.slice(100, 120))
    expect(pageSlice(rows, 9)).toEqual(rows.slice(100, 120))
    expect(pageSlice(rows, 0)).toEqual(rows.slice(0, 50))
    expect(pageSlice([], 1)).toEqual([])
    expect(clampPage(7, 3)).toBe(3)
    expect(clampPage(Number.NaN, 3)).toBe(1)
  })

  it('shows every page up to five', () => {
    expect(paginationItems(1, 0)).toEqual([])
    expect(paginationItems(1, 1)).toEqual([1])
    expect(paginationItems(3, 5)).toEqual([1, 2, 3, 4, 5])
  })

  it('collapses beyond five pages around the current one', () => {
    const show = (current: number, pages: number) =>
      paginationItems(current, pages).map((item) => (typeof item === 'number' ? String(item) : '…')).join(' ')
    expect(show(1, 20)).toBe('1 2 3 4 … 20')
    expect(show(3, 20)).toBe('1 2 3 4 … 20')
    expect(show(4, 20)).toBe('1 … 3 4 5 … 20')
    expect(show(5, 20)).toBe('1 … 4 5 6 … 20')
    expect(show(17, 20)).toBe('1 … 16 17 18 … 20')
    expect(show(18, 20)).toBe('1 … 17 18 19 20')
    expect(show(20, 20)).toBe('1 … 17 18 19 20')
    expect(show(1, 6)).toBe('1 2 3 4 … 6')
    expect(show(4, 6)).toBe('1 … 3 4 5 6')
    expect(show(99, 20)).toBe('1 … 17 18 19 20')
  })

  it('gives each ellipsis its own key and never more than seven items', () => {
    for (let pages = 1; pages <= 30; pages++) {
      for (let current = 1; current <= pages; current++) {
        const items = paginationItems(current, pages)
        expect(items.length).toBeLessThanOrEqual(7)
        expect(new Set(items).size).toBe(items.length)
        expect(items).toContain(current)
        expect(items[0]).toBe(1)
        expect(items.at(-1)).toBe(pages)
      }
    }
  })
})
