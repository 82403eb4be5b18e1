import { randomBytes } from 'node:crypto'
import * as XLSX from 'xlsx'
import { describe, expect, it } from 'vitest'
import { EXCEL_COLUMNS, EXCEL_IMPORT_LIMITS } from '../../../../domain/products/excel.ts'
import { ExcelImportError } from './errors.ts'
import { looksLikeSpreadsheet, parseWorkbook } from './parse-workbook.ts'

type Cell = string | number | boolean | null | undefined
const HEADER = [...EXCEL_COLUMNS]

/**
 * A workbook's bytes, its first sheet built from rows (the header included), as the person's Excel would save it.
 * With `origin` the rows start at that cell and the sheet records only their range (B2:F3), as Excel's own
 * files do when the cells above and to the left are empty.
 */
function workbook(rows: Cell[][], options: { bookType?: XLSX.BookType; sheets?: Record<string, Cell[][]>; origin?: string } = {}): ArrayBuffer {
  const book = XLSX.utils.book_new()
  let sheet: XLSX.WorkSheet
  if (options.origin) {
    sheet = XLSX.utils.sheet_add_aoa({}, rows, { origin: options.origin })
    const start = XLSX.utils.decode_cell(options.origin)
    const end = XLSX.utils.decode_range(sheet['!ref']!).e
    sheet['!ref'] = XLSX.utils.encode_range(start, end)
  } else {
    sheet = XLSX.utils.aoa_to_sheet(rows)
  }
  XLSX.utils.book_append_sheet(book, sheet, 'Ürünler')
  for (const [name, extra] of Object.entries(options.sheets ?? {})) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(extra), name)
  return XLSX.write(book, { type: 'array', bookType: options.bookType ?? 'xlsx' }) as ArrayBuffer
}

async function unreadable(data: ArrayBuffer | Uint8Array): Promise<ExcelImportError> {
  const error = await parseWorkbook(data).then(
    () => { throw new Error('expected the workbook to be refused') },
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ExcelImportError)
  return error as ExcelImportError
}

const VALID: Cell[][] = [
  HEADER,
  ['Seramik Vazo', 'El yapımı, büyük boy', 349.9, 'TRY', 12, 'https://ornek.com/vazo'],
  ['  Filtre Kahve 250 g ', '', '12.5', 'eur', '40', ''],
  ['Defter', null, 3, null, 0, null],
]

describe('parseWorkbook', () => {
  it('turns valid rows into products to insert', async () => {
    const result = await parseWorkbook(workbook(VALID))
    expect(result).toEqual({
      products: [
        { name: 'Seramik Vazo', description: 'El yapımı, büyük boy', price: 349.9, currency: 'TRY', stock: 12, product_link: 'https://ornek.com/vazo' },
        { name: 'Filtre Kahve 250 g', price: 12.5, currency: 'EUR', stock: 40 },
        { name: 'Defter', price: 3, currency: 'USD', stock: 0 },
      ],
      errors: [],
      totalRows: 3,
    })
  })

  it('accepts a Uint8Array as well as an ArrayBuffer', async () => {
    const result = await parseWorkbook(new Uint8Array(workbook(VALID)))
    expect(result.products).toHaveLength(3)
  })

  it('reports every kind of row error with the sheet row number and leaves those rows out', async () => {
    const result = await parseWorkbook(workbook([
      HEADER,
      ['Geçerli', '', 10, 'USD', 1, ''], // 2
      ['', 'adı yok', 10, 'USD', 1, ''], // 3
      ['Fiyatsız', '', '', 'USD', 1, ''], // 4
      ['Eksi fiyat', '', -5, 'USD', 1, ''], // 5
      ['Yazıyla fiyat', '', 'on lira', 'USD', 1, ''], // 6
      ['Stoksuz', '', 10, 'USD', null, ''], // 7
      ['Kesirli stok', '', 10, 'USD', 2.5, ''], // 8
      ['Eksi stok', '', 10, 'USD', -1, ''], // 9
      ['Lira', '', 10, 'TL', 1, ''], // 10
      ['   ', '', 'abc', 'XXX', 'çok', 'https://ornek.com'], // 11
      ['Doğru bool', '', true, 'USD', 1, ''], // 12
      ['Son geçerli', '', 0, 'chf', 0, ''], // 13
    ]))
    expect(result.errors).toEqual([
      { row: 3, field: 'name', code: 'name_required' },
      { row: 4, field: 'price', code: 'price_required' },
      { row: 5, field: 'price', code: 'price_invalid' },
      { row: 6, field: 'price', code: 'price_invalid' },
      { row: 7, field: 'stock', code: 'stock_required' },
      { row: 8, field: 'stock', code: 'stock_invalid' },
      { row: 9, field: 'stock', code: 'stock_invalid' },
      { row: 10, field: 'currency', code: 'currency_invalid' },
      { row: 11, field: 'name', code: 'name_required' },
      { row: 11, field: 'price', code: 'price_invalid' },
      { row: 11, field: 'currency', code: 'currency_invalid' },
      { row: 11, field: 'stock', code: 'stock_invalid' },
      { row: 12, field: 'price', code: 'price_invalid' },
    ])
    expect(result.products.map((p) => p.name)).toEqual(['Geçerli', 'Son geçerli'])
    expect(result.products[1]).toMatchObject({ currency: 'CHF', price: 0, stock: 0 })
    expect(result.totalRows).toBe(12)
  })

  it('skips fully empty rows and keeps the sheet row numbers of the others', async () => {
    const result = await parseWorkbook(workbook([
      HEADER,
      ['Bir', '', 1, 'USD', 1, ''], // 2
      [], // 3: absent from the sheet
      ['  ', null, '', ' ', '', '   '], // 4: blank text only
      ['', '', 'x', '', '', ''], // 5
      [], // 6
      ['İki', '', 2, 'USD', 2, ''], // 7
      [], // 8: trailing
      [' '], // 9: trailing blank text
    ]))
    expect(result.products.map((p) => p.name)).toEqual(['Bir', 'İki'])
    expect(result.errors).toEqual([
      { row: 5, field: 'name', code: 'name_required' },
      { row: 5, field: 'price', code: 'price_invalid' },
      { row: 5, field: 'stock', code: 'stock_required' },
    ])
    expect(result.totalRows).toBe(3)
  })

  it('reads only the first sheet', async () => {
    const result = await parseWorkbook(workbook(VALID, { sheets: { Diğer: [HEADER, ['Gizli', '', 1, 'USD', 1, ''], ['', '', '', '', '', 'bozuk']] } }))
    expect(result.products.map((p) => p.name)).not.toContain('Gizli')
    expect(result.totalRows).toBe(3)
    expect(result.errors).toEqual([])
  })

  it('returns nothing for a sheet with only a header, or an empty sheet', async () => {
    expect(await parseWorkbook(workbook([HEADER]))).toEqual({ products: [], errors: [], totalRows: 0 })
    expect(await parseWorkbook(workbook([]))).toEqual({ products: [], errors: [], totalRows: 0 })
  })

  it('follows a header that names all six columns in another order, with other columns among them', async () => {
    const result = await parseWorkbook(workbook([
      ['Stock', 'Notes', 'Name', 'PRICE', 'product_link', 'Currency', ' description '],
      [5, 'iç not', 'Kupa', 80, 'https://ornek.com/kupa', 'try', 'Porselen'],
    ]))
    expect(result.products).toEqual([{ name: 'Kupa', description: 'Porselen', price: 80, currency: 'TRY', stock: 5, product_link: 'https://ornek.com/kupa' }])
  })

  it('reads by the template positions when the header does not name all six columns, so no column is dropped', async () => {
    const result = await parseWorkbook(workbook([
      ['name', 'description', 'price', 'Para birimi', 'stock', 'Product link'],
      ['Kupa', 'Porselen', 80, 'EUR', 5, 'https://ornek.com/kupa'],
    ]))
    expect(result.products).toEqual([{ name: 'Kupa', description: 'Porselen', price: 80, currency: 'EUR', stock: 5, product_link: 'https://ornek.com/kupa' }])
    expect(result.errors).toEqual([])
  })

  it('takes row 1 as the header even when it is empty, so the product in row 2 is kept', async () => {
    const result = await parseWorkbook(workbook([
      ['Kupa', 'Porselen', 80, 'EUR', 5, ''],
      ['', 'adı yok', 12, 'USD', 1, ''],
      ['Tabak', '', 45, 'TRY', 2, ''],
    ], { origin: 'A2' }))
    expect(result.products.map((p) => p.name)).toEqual(['Kupa', 'Tabak'])
    expect(result.errors).toEqual([{ row: 3, field: 'name', code: 'name_required' }])
    expect(result.totalRows).toBe(3)

    const reported = await parseWorkbook(workbook([['', '', 1, 'USD', 1, ''], ['', '', 2, 'USD', 2, '']], { origin: 'A2' }))
    expect(reported.errors.map((e) => [e.row, e.field])).toEqual([[2, 'name'], [3, 'name']])
  })

  it('addresses columns from column A, whatever range the sheet records', async () => {
    // Column A (the names) is empty in every row, so the sheet's used range starts at B:
    // the description must stay the description, not become the name.
    const result = await parseWorkbook(workbook([['Porselen', 80, 'EUR', 5, ''], ['Cam', 12, 'USD', 1, '']], { origin: 'B2' }))
    expect(result.errors).toEqual([
      { row: 2, field: 'name', code: 'name_required' },
      { row: 3, field: 'name', code: 'name_required' },
    ])
    expect(result.totalRows).toBe(2)
  })

  it('reads an .xls (BIFF8) workbook the same as .xlsx', async () => {
    const rows: Cell[][] = [...VALID, ['', 'eksik', -1, 'ABC', 1.5, '']]
    const xls = workbook(rows, { bookType: 'biff8' })
    expect([...new Uint8Array(xls, 0, 4)]).toEqual([0xd0, 0xcf, 0x11, 0xe0])
    const fromXls = await parseWorkbook(xls)
    expect(fromXls).toEqual(await parseWorkbook(workbook(rows)))
    expect(fromXls.products).toHaveLength(3)
    expect(fromXls.errors.map((e) => [e.row, e.field])).toEqual([[5, 'name'], [5, 'price'], [5, 'currency'], [5, 'stock']])
  })

  it('reads tab-separated text saved under an .xls name', async () => {
    const text = `${HEADER.join('\t')}\r\nÇay\tSiyah çay\t45,5\tTRY\t10\t\r\n`
    const result = await parseWorkbook(new TextEncoder().encode(text))
    expect(result.products).toEqual([{ name: 'Çay', description: 'Siyah çay', price: 45.5, currency: 'TRY', stock: 10 }])
  })

  it('reads Turkish text in the Windows code page and in UTF-16', async () => {
    // "Şeker;Küp şeker" in Windows-1254: Ş = 0xDE, ü = 0xFC, ş = 0xFE.
    const ansi = Uint8Array.from([...'name\tdescription\tprice\tcurrency\tstock\r\n'].map((c) => c.charCodeAt(0))
      .concat([0xde, 0x65, 0x6b, 0x65, 0x72, 0x09, 0x4b, 0xfc, 0x70, 0x20, 0xfe, 0x65, 0x6b, 0x65, 0x72, 0x09, 0x33, 0x09, 0x09, 0x35]))
    expect((await parseWorkbook(ansi)).products).toEqual([{ name: 'Şeker', description: 'Küp şeker', price: 3, currency: 'USD', stock: 5 }])

    const text = 'name\tdescription\tprice\tcurrency\tstock\r\nIşık\t\t2\t\t1\r\n'
    const utf16 = new Uint8Array(2 + text.length * 2)
    utf16.set([0xff, 0xfe])
    for (let i = 0; i < text.length; i++) {
      utf16[2 + i * 2] = text.charCodeAt(i) & 0xff
      utf16[3 + i * 2] = text.charCodeAt(i) >> 8
    }
    expect((await parseWorkbook(utf16)).products).toEqual([{ name: 'Işık', price: 2, currency: 'USD', stock: 1 }])
  })

  it('refuses a corrupt or empty file as an unreadable workbook', async () => {
    const good = new Uint8Array(workbook(VALID))
    const truncated = good.slice(0, Math.floor(good.length / 3))
    const damagedXls = new Uint8Array(workbook(VALID, { bookType: 'biff8' })).slice(0, 700)
    for (const bytes of [randomBytes(4096), truncated, damagedXls, new Uint8Array(0), new Uint8Array([0x50])]) {
      const error = await unreadable(bytes)
      expect(error.code).toBe('unreadable_workbook')
    }
  })

  it('tells spreadsheet bytes from other binary data', () => {
    expect(looksLikeSpreadsheet(new Uint8Array(workbook(VALID)))).toBe(true)
    expect(looksLikeSpreadsheet(new Uint8Array(workbook(VALID, { bookType: 'biff8' })))).toBe(true)
    expect(looksLikeSpreadsheet(new Uint8Array(workbook(VALID, { bookType: 'biff5' })))).toBe(true)
    expect(looksLikeSpreadsheet(new Uint8Array(workbook(VALID, { bookType: 'xlml' })))).toBe(true)
    expect(looksLikeSpreadsheet(new TextEncoder().encode('<table><tr><td>a</td></tr></table>'))).toBe(true)
    expect(looksLikeSpreadsheet(new Uint8Array([0xff, 0xfe, 0x61, 0x00]))).toBe(true)
    expect(looksLikeSpreadsheet(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(false)
    expect(looksLikeSpreadsheet(new TextEncoder().encode('%PDF-1.7\n\u0000\u0001'))).toBe(false)
  })

  it('parses 10,000 rows with the right counts and reports real progress', async () => {
    const rows: Cell[][] = [HEADER]
    for (let i = 0; i < 10_000; i++) {
      // Every 10th row lacks a price, every 25th has a bad currency, every 50th is blank.
      if (i % 50 === 49) {
        rows.push([])
        continue
      }
      rows.push([`Ürün ${i}`, `Açıklama ${i}`, i % 10 === 0 ? null : (i % 1000) + 0.99, i % 25 === 24 ? 'TL' : 'TRY', i % 100, `https://ornek.com/${i}`])
    }
    const fractions: number[] = []
    const result = await parseWorkbook(workbook(rows), (f) => fractions.push(f))

    expect(result.totalRows).toBe(9_800)
    // Rows without a price: i % 10 === 0 (1,000, none of them blank); bad currency: i % 25 === 24 and not blank (400 − 200 blank = 200).
    const withoutPrice = result.errors.filter((e) => e.field === 'price')
    const badCurrency = result.errors.filter((e) => e.field === 'currency')
    expect(withoutPrice).toHaveLength(1_000)
    expect(badCurrency).toHaveLength(200)
    expect(result.products).toHaveLength(9_800 - 1_000 - 200)
    expect(withoutPrice[1]).toEqual({ row: 12, field: 'price', code: 'price_required' })
    expect(result.products[0]).toEqual({ name: 'Ürün 1', description: 'Açıklama 1', price: 1.99, currency: 'TRY', stock: 1, product_link: 'https://ornek.com/1' })

    expect(fractions[0]).toBe(0)
    expect(fractions.at(-1)).toBe(1)
    expect(fractions.every((f, i) => i === 0 || f >= fractions[i - 1]!)).toBe(true)
    // Row validation reports in steps, not only at the end.
    expect(fractions.filter((f) => f > 0.85 && f < 1).length).toBeGreaterThanOrEqual(10)
  })

  describe('limits', () => {
    const limits = { ...EXCEL_IMPORT_LIMITS, maxRows: 20 }
    const product = (i: number): Cell[] => [`Ürün ${i}`, '', 1, 'TRY', 1, '']
    const rows = (n: number): Cell[][] => [HEADER, ...Array.from({ length: n }, (_, i) => product(i))]
    const refused = (promise: Promise<unknown>) => promise.then(() => 'parsed', (e: unknown) => (e instanceof ExcelImportError ? e.code : e))

    it('reads data down to row maxRows + 1 and refuses data below it, in every format', async () => {
      for (const bookType of ['xlsx', 'biff8', 'xlml', 'csv', 'html'] as const) {
        const atLimit = workbook(rows(20), { bookType })
        expect((await parseWorkbook(atLimit, undefined, { limits })).products, bookType).toHaveLength(20)
        expect(await refused(parseWorkbook(workbook(rows(21), { bookType }), undefined, { limits })), bookType).toBe('too_many_rows')
        // Data again after a blank row just past the limit, where a capped read stops looking.
        const gap = [...rows(20), [], product(22)]
        expect(await refused(parseWorkbook(workbook(gap, { bookType }), undefined, { limits })), bookType).toBe('too_many_rows')
      }
    })

    it('does not count blank rows the sheet records below its data, and reads rows a too-small recorded range leaves out', async () => {
      const book = XLSX.utils.book_new()
      const formatted = XLSX.utils.aoa_to_sheet(rows(20))
      formatted['!ref'] = 'A1:F5000'
      XLSX.utils.book_append_sheet(book, formatted, 'Ürünler')
      const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer
      expect((await parseWorkbook(bytes, undefined, { limits })).products).toHaveLength(20)

      // The file's <dimension> says A1:F2 over 16 rows of cells (patched in place: the zip stores the sheet uncompressed).
      const honest = Buffer.from(workbook(rows(15)))
      const at = honest.indexOf('<dimension ref="A1:F16"/>')
      expect(at).toBeGreaterThan(0)
      honest.write('<dimension ref="A1:F02"/>', at)
      expect((await parseWorkbook(new Uint8Array(honest), undefined, { limits })).products).toHaveLength(15)
    })

    it('counts rows of a text sheet, not its lines', async () => {
      const lines = [HEADER.join(','), ...Array.from({ length: 20 }, (_, i) => `"Ürün ${i}","iki\nsatır",1,TRY,1,`)].join('\n')
      const result = await parseWorkbook(new TextEncoder().encode(lines), undefined, { limits })
      expect(result.products).toHaveLength(20)
      expect(result.products[0]?.description).toBe('iki\nsatır')
    })

    it('refuses bytes over the size limit before looking at them', async () => {
      const error = await parseWorkbook(new Uint8Array(EXCEL_IMPORT_LIMITS.maxFileBytes + 1)).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ExcelImportError)
      expect(error).toMatchObject({ code: 'file_too_large' })
    })
  })
})
