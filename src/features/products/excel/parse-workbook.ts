// Reads an uploaded workbook into validated products. Runs in the import
// worker, or on the main thread where workers are unavailable; SheetJS is
// imported here on demand only, so it never weighs on a page that does not
// import a file.
import type { CellObject, WorkSheet } from 'xlsx'
import { EXCEL_COLUMNS, EXCEL_IMPORT_LIMITS, excelColumnIndexes, isBlankRow, validateExcelRow, type ExcelColumn, type ExcelImportLimits, type ExcelRowError, type ExcelRowInput } from '../../../../domain/products/excel.ts'
import type { ProductFields } from '../../../../domain/products/fields.ts'
import { ExcelImportError } from './errors.ts'
import { checkZipExpansion } from './zip-guard.ts'
import { nextTask } from '../../../lib/scheduling.ts'

export type ExcelParseResult = {
  /**
   * The valid rows in sheet order, ready for the store's insert (which
   * assigns ids). Stamp them with stampBatch(products, createBatchId()) from
   * domain/products/batches.ts when the person confirms.
   */
  products: ProductFields[]
  errors: ExcelRowError[]
  /** Data rows that were not blank: valid and invalid together. */
  totalRows: number
}

/** Receives the share of the work done, from 0 to 1, never decreasing. */
export type ProgressListener = (fraction: number) => void

// Shares of the whole job, as measured on a 10,000-row sheet: reading the
// file is about nine tenths of it, walking and validating the rows the rest.
const LOADED = 0.05
const READ = 0.85
const PROGRESS_EVERY_ROWS = 500
/** Sheet rows counted from 0: row 1 of the sheet, the header. */
const HEADER_ROW = 0
// On the main thread a long import would freeze the page: hand control back
// this often. In a worker the pauses cost almost nothing.
const SLICE_MS = 40

/**
 * How the bytes are handed to SheetJS, or null when they are no spreadsheet.
 * Accepted: Office Open XML (a zip), BIFF in a compound file (.xls from Excel
 * 97 on), bare BIFF2–5 streams, and the text-based sheets that exports often
 * name .xls (SpreadsheetML, HTML tables, tab- or comma-separated text).
 * SheetJS reads nearly any bytes as a one-column text sheet, so binary bytes
 * of no known format are refused here rather than shown as rows of garbage.
 */
export function spreadsheetEncoding(bytes: Uint8Array): 'binary' | 'utf-16' | 'text' | null {
  if (bytes.length < 2) return null
  const [b0, b1, b2, b3] = [bytes[0]!, bytes[1]!, bytes[2], bytes[3]]
  if (b0 === 0x50 && b1 === 0x4b && b2 === 0x03 && b3 === 0x04) return 'binary'
  if (b0 === 0xd0 && b1 === 0xcf && b2 === 0x11 && b3 === 0xe0) return 'binary'
  if (b0 === 0x09 && (b1 === 0x00 || b1 === 0x02 || b1 === 0x04 || b1 === 0x08)) return 'binary'
  // Excel's "Unicode text" is UTF-16 with a byte order mark.
  if ((b0 === 0xff && b1 === 0xfe) || (b0 === 0xfe && b1 === 0xff)) return 'utf-16'
  // Otherwise text: no control bytes other than tab, line feed and carriage return.
  for (const byte of bytes.subarray(0, 4096)) {
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) || byte === 0x7f) return null
  }
  return 'text'
}

export function looksLikeSpreadsheet(bytes: Uint8Array): boolean {
  return spreadsheetEncoding(bytes) !== null
}

/**
 * Text sheets decoded here rather than by SheetJS, which takes bytes as
 * Latin-1: UTF-8 when the bytes are valid UTF-8, else Windows-1254, the
 * Turkish ANSI code page older Excel versions save text in.
 */
function decodeText(bytes: Uint8Array, encoding: 'utf-16' | 'text'): string {
  if (encoding === 'utf-16') return new TextDecoder(bytes[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(bytes)
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1254').decode(bytes)
  }
}

/** Excel's error codes as it shows them; the import reads without SheetJS's formatted text. */
const ERROR_TEXT: Record<number, string> = {
  0x00: '#NULL!', 0x07: '#DIV/0!', 0x0f: '#VALUE!', 0x17: '#REF!', 0x1d: '#NAME?', 0x24: '#NUM!', 0x2a: '#N/A', 0x2b: '#GETTING_DATA',
}

function cellValue(cell: CellObject | undefined): unknown {
  if (!cell) return undefined
  switch (cell.t) {
    case 'z':
      return undefined
    case 'e':
      // An error cell (#N/A, #DIV/0!) is text to the rules: an invalid number, or a name as Excel shows it.
      // A formula saved without its result has no value at all: an empty cell, as the .xls reader gives it.
      if (cell.v === undefined) return undefined
      return cell.w ?? ERROR_TEXT[cell.v as number] ?? '#N/A'
    default:
      return cell.v
  }
}

/**
 * What the import asks SheetJS for: only the first sheet, dense, and without
 * the formulas, formatted text and styles of a default read, since the
 * import looks at cell values alone. The bench times the bare read with the
 * same options.
 */
export const READ_OPTIONS = { dense: true, sheets: 0, cellFormula: false, cellText: false, cellHTML: false, cellNF: false, cellStyles: false } as const

/** The first sheet's rows as the import walks them, whatever range the sheet records. */
type SheetRows = {
  /** Index (from 0) of the last row that holds cells; -1 for none. */
  last: number
  row(r: number): Array<CellObject | undefined>
}

function sheetRows(sheet: WorkSheet, XLSX: typeof import('xlsx')): SheetRows {
  const dense = sheet['!data'] as Array<CellObject[] | undefined> | undefined
  // The cells read are the truth: a recorded range (the file's own <dimension>) may claim
  // fewer rows than the sheet holds, and reading by it would drop the rest without a word.
  if (dense) return { last: dense.length - 1, row: (r) => dense[r] ?? [] }
  const ref = sheet['!ref']
  if (!ref) return { last: -1, row: () => [] }
  const range = XLSX.utils.decode_range(ref)
  const columns = Array.from({ length: range.e.c + 1 }, (_, c) => XLSX.utils.encode_col(c))
  return { last: range.e.r, row: (r) => columns.map((column) => sheet[column + (r + 1)] as CellObject | undefined) }
}

function rowInput(cells: Array<CellObject | undefined>, columns: ReadonlyArray<readonly [ExcelColumn, number]>): ExcelRowInput {
  const row: ExcelRowInput = {}
  for (const [column, index] of columns) row[column] = cellValue(cells[index])
  return row
}

/**
 * Rows a text sheet can hold at most: its table rows when it is HTML or
 * SpreadsheetML, else its lines. Counted before reading, since SheetJS says
 * nothing of the rows it leaves unread in a text sheet.
 */
function textRowCount(text: string): number {
  const rows = /^\s*</.test(text) ? text.match(/<(tr|row)[\s>]/gi) : text.match(/\r\n|\n|\r/g)
  return (rows?.length ?? 0) + 1
}

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
}

export type ParseWorkbookOptions = {
  /** The upload limits; tests pass smaller ones. */
  limits?: ExcelImportLimits
}

/**
 * Parses the first sheet of a workbook: sheet row 1 is the header (even when
 * it is empty), rows blank in every import column are skipped, every other
 * row is validated with the domain rules and reported with its sheet row
 * number, so the first data row is row 2. Columns are the template's
 * positions A to F unless the header names all six (excelColumnIndexes).
 *
 * Refused before any row is converted (ExcelImportError): bytes over the
 * size limit ('file_too_large'), a zip that unpacks past its limit
 * ('unpacked_too_large'), a sheet with data below row maxRows + 1
 * ('too_many_rows'), and bytes that are no spreadsheet SheetJS can read
 * ('unreadable_workbook').
 */
export async function parseWorkbook(data: ArrayBuffer | Uint8Array, onProgress?: ProgressListener, options: ParseWorkbookOptions = {}): Promise<ExcelParseResult> {
  const limits = options.limits ?? EXCEL_IMPORT_LIMITS
  const report = onProgress ?? (() => {})
  report(0)
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data)
  // The dialog and the worker check the file's size before reading it; this is for every other caller.
  if (bytes.length > limits.maxFileBytes) throw new ExcelImportError('file_too_large')
  const encoding = spreadsheetEncoding(bytes)
  if (encoding === null) throw new ExcelImportError('unreadable_workbook')
  if (isZip(bytes)) {
    const zip = await checkZipExpansion(bytes, limits.maxUnpackedBytes)
    if (zip === 'too_large') throw new ExcelImportError('unpacked_too_large')
    if (zip === 'corrupt') throw new ExcelImportError('unreadable_workbook')
  }

  let XLSX: typeof import('xlsx')
  try {
    XLSX = await import('xlsx')
  } catch (error) {
    throw new ExcelImportError('processing_failed', { cause: error })
  }
  report(LOADED)

  // Text sheets are read raw (every cell text) so that the domain rules read
  // "45,5" as 45.5, where SheetJS would guess 455.
  const text = encoding === 'binary' ? null : decodeText(bytes, encoding)
  const read = (sheetRows: number | undefined): WorkSheet => {
    let sheet: WorkSheet | undefined
    try {
      const workbook = text === null
        ? XLSX.read(bytes, { ...READ_OPTIONS, sheetRows, type: 'array' })
        : XLSX.read(text, { ...READ_OPTIONS, sheetRows, type: 'string', raw: true })
      const first = workbook.SheetNames[0]
      sheet = first === undefined ? undefined : workbook.Sheets[first]
    } catch (error) {
      throw new ExcelImportError('unreadable_workbook', { cause: error })
    }
    if (!sheet) throw new ExcelImportError('unreadable_workbook')
    return sheet
  }

  // SheetJS is asked for the header, the rows allowed and one more, so a
  // sheet of 100,000 rows never becomes 100,000 rows of cells. Whether data
  // goes on below the rows read is told by the range the sheet records
  // (SheetJS keeps it as !fullref); a text sheet records none, so one that
  // may be longer is read whole, which its size limit keeps affordable.
  const lastAllowed = limits.maxRows // row index from 0: sheet row maxRows + 1
  const capped = text !== null && textRowCount(text) > lastAllowed + 1 ? undefined : lastAllowed + 2
  let sheet = read(capped)
  let rows = sheetRows(sheet, XLSX)

  // Row 1 is the header whatever the sheet's recorded range says: a sheet
  // whose row 1 is empty has no header, and its row 2 is a product. Cells are
  // addressed absolutely (column A is 0), as the template lays them out.
  const indexes = excelColumnIndexes(rows.row(HEADER_ROW).map(cellValue))
  const columns = EXCEL_COLUMNS.map((column) => [column, indexes[column]] as const)
  const hasData = (r: number) => !isBlankRow(rowInput(rows.row(r), columns))
  const dataBelowLimit = () => {
    for (let r = rows.last; r > lastAllowed; r--) if (hasData(r)) return true
    return false
  }

  if (dataBelowLimit()) throw new ExcelImportError('too_many_rows')
  const full = sheet['!fullref']
  if (capped !== undefined && full && XLSX.utils.decode_range(full).e.r > lastAllowed) {
    // The sheet records rows below those read: empty but formatted ones, as
    // Excel records them, or more data. Only a full read tells which.
    sheet = read(undefined)
    rows = sheetRows(sheet, XLSX)
    if (dataBelowLimit()) throw new ExcelImportError('too_many_rows')
  }
  report(READ)

  const result: ExcelParseResult = { products: [], errors: [], totalRows: 0 }
  const firstDataRow = HEADER_ROW + 1
  const lastRow = Math.min(rows.last, lastAllowed)
  const dataRows = Math.max(0, lastRow - firstDataRow + 1)
  let sliceStart = performance.now()
  for (let r = firstDataRow; r <= lastRow; r++) {
    const row = rowInput(rows.row(r), columns)
    if (!isBlankRow(row)) {
      result.totalRows += 1
      const checked = validateExcelRow(row, r + 1)
      if (checked.ok) result.products.push(checked.product)
      else result.errors.push(...checked.errors)
    }

    const done = r - firstDataRow + 1
    if (done % PROGRESS_EVERY_ROWS === 0 && done < dataRows) {
      report(READ + (1 - READ) * (done / dataRows))
      if (performance.now() - sliceStart > SLICE_MS) {
        await nextTask()
        sliceStart = performance.now()
      }
    }
  }
  report(1)
  return result
}
