import { describe, expect, it } from 'vitest'
import { EXCEL_IMPORT_LIMITS, excelColumnIndexes, excelFileProblem, isBlankRow, isExcelFileName, validateExcelRow } from './excel.ts'
import { STOCK_MAX } from './numbers.ts'

describe('Excel rows', () => {
  const row = { name: 'Zeytinyağı 1 L', description: 'Soğuk sıkım', price: 250, currency: 'TRY', stock: 40, product_link: 'https://ornek.com/z' }

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

  it('reports each failing field with its row number and a code', () => {
    expect(validateExcelRow({ description: 'yalnız açıklama' }, 5)).toEqual({
      ok: false,
      errors: [
        { row: 5, field: 'name', code: 'name_required' },
        { row: 5, field: 'price', code: 'price_required' },
        { row: 5, field: 'stock', code: 'stock_required' },
      ],
    })
  })

  it('rejects prices that are not numbers of at least 0', () => {
    for (const price of [-1, '-0.5', 'on lira', '1.250,00', true, Number.POSITIVE_INFINITY, 1e10, new Date()]) {
      expect(validateExcelRow({ ...row, price }, 3), String(price)).toEqual({
        ok: false,
        errors: [{ row: 3, field: 'price', code: 'price_invalid' }],
      })
    }
  })

  it('rejects stock that is not a whole number of at least 0', () => {
    for (const stock of [-1, 2.5, '2,5', 'çok', false, STOCK_MAX + 1]) {
      expect(validateExcelRow({ ...row, stock }, 4), String(stock)).toEqual({
        ok: false,
        errors: [{ row: 4, field: 'stock', code: 'stock_invalid' }],
      })
    }
  })

  it('rejects a currency outside the eight', () => {
    for (const currency of ['TL', 'usd dollar', 5]) {
      expect(validateExcelRow({ ...row, currency }, 9)).toEqual({
        ok: false,
        errors: [{ row: 9, field: 'currency', code: 'currency_invalid' }],
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

  it('refuses a file by its name first, then by its size, before reading it', () => {
    const max = EXCEL_IMPORT_LIMITS.maxFileBytes
    expect(excelFileProblem({ name: 'urunler.xlsx', size: max })).toBeNull()
    expect(excelFileProblem({ name: 'urunler.xlsx', size: max + 1 })).toBe('file_too_large')
    expect(excelFileProblem({ name: 'urunler.csv', size: max + 1 })).toBe('invalid_file_type')
  })
})
