// The Excel import's rules: which files may be read, the template's columns,
// and the checks of one row. A row's problems are codes with the row and the
// column; the screen words them in the interface language
// (src/features/products/messages.ts), Turkish in the spec's own words.
import { DEFAULT_EXCEL_CURRENCY, isCurrencyCode } from './currency.ts'
import type { ProductFields } from './fields.ts'
import { parseNumberInput, PRICE_MAX, roundToCents, STOCK_MAX, type ParsedNumber } from './numbers.ts'

export const EXCEL_EXTENSIONS = ['.xlsx', '.xls'] as const

/**
 * Limits of one upload, checked before the file is read or its rows are
 * converted. 10,000 rows is the catalogue size the products screen and sync
 * are measured at (npm run bench:products: parse ≤ 1.5 s, first rows ≤ 300
 * ms, a keystroke ≤ 50 ms); an upload is one write of that many rows. 10 MB
 * holds such a sheet many times over (10,000 template rows are about 0.5 MB
 * as .xlsx and 2 MB as an HTML .xls export). An .xlsx is a zip: what it
 * unpacks to is capped separately, so a small file cannot inflate to
 * gigabytes in the reader (a zip bomb); 100 MB is ten times a 10,000-row
 * sheet with long descriptions and many extra columns.
 */
export const EXCEL_IMPORT_LIMITS = {
  maxFileBytes: 10 * 1024 * 1024,
  /** Data rows under the header: the last row with data may be sheet row maxRows + 1. */
  maxRows: 10_000,
  maxUnpackedBytes: 100 * 1024 * 1024,
} as const

export type ExcelImportLimits = { maxFileBytes: number; maxRows: number; maxUnpackedBytes: number }

/** Bytes as whole megabytes for a message ("10"), the unit the limits are written in. */
export function megabytes(bytes: number): number {
  return Math.floor(bytes / (1024 * 1024))
}

/** Why a chosen file is refused before it is read: a wrong name first, then its size; null when it may be read. */
export function excelFileProblem(file: { name: string; size: number }, limits: ExcelImportLimits = EXCEL_IMPORT_LIMITS): 'invalid_file_type' | 'file_too_large' | null {
  if (!isExcelFileName(file.name)) return 'invalid_file_type'
  if (file.size > limits.maxFileBytes) return 'file_too_large'
  return null
}

export function isExcelFileName(fileName: string): boolean {
  const lower = fileName.trim().toLowerCase()
  return EXCEL_EXTENSIONS.some((ext) => lower.endsWith(ext) && lower.length > ext.length)
}

/** The template's columns, in order; a sheet without this header is read by position in the same order. */
export const EXCEL_COLUMNS = ['name', 'description', 'price', 'currency', 'stock', 'product_link'] as const
export type ExcelColumn = (typeof EXCEL_COLUMNS)[number]

/** One row's cells by column; a cell is whatever the spreadsheet holds (text, number, boolean) or nothing. */
export type ExcelRowInput = Partial<Record<ExcelColumn, unknown>>

/** What can be wrong with a row, one code per spec rule; a column may have one of them at a time. */
export const EXCEL_ROW_ERRORS = ['name_required', 'price_required', 'price_invalid', 'stock_required', 'stock_invalid', 'currency_invalid'] as const
export type ExcelRowErrorCode = (typeof EXCEL_ROW_ERRORS)[number]

export type ExcelRowError = {
  /** The spreadsheet's own row number: the first data row under the header is 2. */
  row: number
  field: ExcelColumn
  code: ExcelRowErrorCode
}

export type ExcelRowResult = { ok: true; product: ProductFields } | { ok: false; errors: ExcelRowError[] }

/** A cell as trimmed text; null for an empty cell. */
function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null
  const text = (value instanceof Date ? value.toISOString() : String(value)).trim()
  return text === '' ? null : text
}

/** True when every cell of the row is empty or blank text: such rows are skipped, not reported. */
export function isBlankRow(row: ExcelRowInput): boolean {
  return EXCEL_COLUMNS.every((column) => cellText(row[column]) === null)
}

function excelNumber(value: unknown): ParsedNumber {
  if (typeof value === 'string' || typeof value === 'number' || value === null || value === undefined) return parseNumberInput(value)
  return { kind: 'invalid' }
}

/**
 * One data row checked against the spec's rules, every failing field
 * reported. Prices with more than two decimals are accepted and rounded to
 * the cent (the spec asks only for a number ≥ 0); values past the column
 * limits get the same code as any other invalid number.
 */
export function validateExcelRow(row: ExcelRowInput, rowNumber: number): ExcelRowResult {
  const errors: ExcelRowError[] = []
  const fail = (field: ExcelColumn, code: ExcelRowErrorCode) => errors.push({ row: rowNumber, field, code })

  const name = cellText(row.name)
  if (name === null) fail('name', 'name_required')

  const price = excelNumber(row.price)
  if (price.kind === 'blank') fail('price', 'price_required')
  else if (price.kind === 'invalid' || price.value < 0 || roundToCents(price.value) > PRICE_MAX) fail('price', 'price_invalid')

  const currency = (cellText(row.currency) ?? DEFAULT_EXCEL_CURRENCY).toUpperCase()
  if (!isCurrencyCode(currency)) fail('currency', 'currency_invalid')

  const stock = excelNumber(row.stock)
  if (stock.kind === 'blank') fail('stock', 'stock_required')
  else if (stock.kind === 'invalid' || stock.value < 0 || !Number.isInteger(stock.value) || stock.value > STOCK_MAX) {
    fail('stock', 'stock_invalid')
  }

  if (errors.length > 0 || name === null || price.kind !== 'number' || stock.kind !== 'number') return { ok: false, errors }

  // + 0: a cell may hold negative zero (an .xls float), which is zero, not a sign to store.
  const product: ProductFields = { name, price: roundToCents(price.value) + 0, currency, stock: stock.value + 0 }
  const description = cellText(row.description)
  if (description !== null) product.description = description
  const link = cellText(row.product_link)
  if (link !== null) product.product_link = link
  return { ok: true, product }
}

/**
 * How a sheet's columns map to fields. By the header's names only when it
 * names all six template columns (any case, any order, other columns
 * allowed): a sheet that renamed or translated some of them would otherwise
 * lose those columns without a word (a "Para birimi" column read as no
 * currency, every row USD). Anything else is read by the template's
 * positions, A to F.
 */
export function excelColumnIndexes(header: readonly unknown[]): Record<ExcelColumn, number> {
  const byName = new Map<string, number>()
  header.forEach((cell, index) => {
    const text = cellText(cell)?.toLowerCase()
    if (text !== undefined && !byName.has(text)) byName.set(text, index)
  })
  const named = EXCEL_COLUMNS.every((column) => byName.has(column))
  const indexes = {} as Record<ExcelColumn, number>
  EXCEL_COLUMNS.forEach((column, position) => {
    indexes[column] = named ? byName.get(column)! : position
  })
  return indexes
}
