import * as XLSX from 'xlsx'
import { describe, expect, it } from 'vitest'
import { parseWorkbook } from './parse-workbook.ts'
import { TEMPLATE_SAMPLE_ROWS, TEMPLATE_SHEET_NAME, buildTemplate } from './template.ts'

describe('Excel template', () => {
  it('is an .xlsx file named product-template.xlsx', async () => {
    const bytes = new Uint8Array(await buildTemplate())
    expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04])
  })

  it('holds one products sheet with the columns in order and two Turkish samples in USD and EUR', async () => {
    const book = XLSX.read(await buildTemplate(), { type: 'array' })
    expect(book.SheetNames).toEqual(['Ürünler'])
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[TEMPLATE_SHEET_NAME]!, { header: 1 })
    expect(rows[0]).toEqual(['name', 'description', 'price', 'currency', 'stock', 'product_link'])
    expect(rows).toHaveLength(3)
    expect(rows.slice(1).map((row) => row[3])).toEqual(['USD', 'EUR'])
    for (const row of rows.slice(1)) {
      expect(row[0]).toMatch(/[çğıöşüÇĞİÖŞÜ]/)
      expect(row[1]).toMatch(/[çğıöşüÇĞİÖŞÜ]/)
    }
  })

  it('imports as two valid products', async () => {
    const result = await parseWorkbook(await buildTemplate())
    expect(result.errors).toEqual([])
    expect(result.totalRows).toBe(2)
    expect(result.products).toEqual(TEMPLATE_SAMPLE_ROWS.map((row) => ({ ...row })))
  })
})
