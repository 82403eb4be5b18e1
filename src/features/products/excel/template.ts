// The Excel template offered for download: the import's columns in order and
// two sample rows that pass the import's own rules.
import { EXCEL_COLUMNS, type ExcelColumn } from '../../../../domain/products/excel.ts'

export const TEMPLATE_FILE_NAME = 'product-template.xlsx'
export const TEMPLATE_SHEET_NAME = 'Ürünler'
export const XLSX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export const TEMPLATE_SAMPLE_ROWS: ReadonlyArray<Record<ExcelColumn, string | number>> = [
  {
    name: 'Örnek Ürün 1',
    description: 'Bu bir örnek ürün açıklamasıdır',
    price: 29.99,
    currency: 'USD',
    stock: 100,
    product_link: 'https://example.com/urun-1',
  },
  {
    name: 'Örnek Ürün 2',
    description: 'İkinci örnek ürünün açıklaması',
    price: 49.5,
    currency: 'EUR',
    stock: 50,
    product_link: 'https://example.com/urun-2',
  },
]

// Wide enough to read the samples without resizing columns.
const COLUMN_WIDTHS: Record<ExcelColumn, number> = { name: 24, description: 40, price: 10, currency: 10, stock: 8, product_link: 32 }

/** The template as .xlsx bytes. Loads SheetJS on first use. */
export async function buildTemplate(): Promise<ArrayBuffer> {
  const XLSX = await import('xlsx')
  const rows = [[...EXCEL_COLUMNS], ...TEMPLATE_SAMPLE_ROWS.map((row) => EXCEL_COLUMNS.map((column) => row[column]))]
  const sheet = XLSX.utils.aoa_to_sheet(rows)
  sheet['!cols'] = EXCEL_COLUMNS.map((column) => ({ wch: COLUMN_WIDTHS[column] }))
  const workbook = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(workbook, sheet, TEMPLATE_SHEET_NAME)
  return XLSX.write(workbook, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer
}

/** Saves the template through the browser's download. */
export async function downloadTemplate(): Promise<void> {
  const bytes = await buildTemplate()
  const url = URL.createObjectURL(new Blob([bytes], { type: XLSX_MIME_TYPE }))
  const link = document.createElement('a')
  link.href = url
  link.download = TEMPLATE_FILE_NAME
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked on a later task: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
