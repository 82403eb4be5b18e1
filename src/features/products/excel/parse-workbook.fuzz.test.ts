// Bad files and bad input at scale: generated workbooks, broken bytes, zip
// bombs and oversized sheets must each end in a preview or one clear error
// code, and no row may reach the preview unless it is exactly the input row
// checked by the spec's rules. Fixed seeds keep CI deterministic.
import { deflateRawSync } from 'node:zlib'
import fc from 'fast-check'
import * as XLSX from 'xlsx'
import { describe, expect, it } from 'vitest'
import { CURRENCY_CODES } from '../../../../domain/products/currency.ts'
import { EXCEL_COLUMNS, EXCEL_IMPORT_LIMITS, EXCEL_ROW_ERRORS, type ExcelColumn, type ExcelRowErrorCode } from '../../../../domain/products/excel.ts'
import type { ProductFields } from '../../../../domain/products/fields.ts'
import { PRICE_MAX, roundToCents, STOCK_MAX } from '../../../../domain/products/numbers.ts'
import { ExcelImportError, type ExcelImportErrorCode } from './errors.ts'
import { parseInWorker } from './parse-in-worker.ts'
import { parseWorkbook, type ExcelParseResult } from './parse-workbook.ts'

const SEED = 20_240_611

// ---------------------------------------------------------------------------
// What a cell holds, as Excel would show it to the owner

type Model =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number }
  | { kind: 'bool'; value: boolean }
  | { kind: 'error'; text: string }

type GenCell = { cell: XLSX.CellObject | undefined; model: Model }

const ERRORS: Array<[number, string]> = [[0x00, '#NULL!'], [0x07, '#DIV/0!'], [0x0f, '#VALUE!'], [0x17, '#REF!'], [0x1d, '#NAME?'], [0x24, '#NUM!'], [0x2a, '#N/A']]
const FRAGMENTS = ['a', 'Z', 'ç', 'ğ', 'İ', 'ı', 'ş', 'Ö', '😀', '👨‍👩‍👧', ' ', '\u00a0', '\t', '\n', '5', ',', '.', '-', '#', 'usd', 'try', 'Eur']
const TEXTS = ['Çay', 'İğne', 'ışık', '😀 Kupa', '   ', '\u00a0', 'TL', ' chf ', 'gbp', '12,50', '1.000,50', '-3', '+4', '1e5', 'NaN', 'Infinity', '0x10', '٣', '.5', '7.', '2147483648', '0012']
const NUMBERS = [0, -0, 0.005, 1.005, 12.345, 9_999_999_999.99, 9_999_999_999.995, 1e10, STOCK_MAX, STOCK_MAX + 1, -1, -0.01, 1e308, 1e-9, 45_000.25]

const text = fc.oneof(fc.constantFrom(...TEXTS), fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 8 }).map((parts) => parts.join('')))
// SheetJS's own .xls number codec garbles magnitudes below about 1e-290 (5e-324 comes back as -8): no price
// or stock is that small, so doubles stay above 1e-9 in magnitude rather than test SheetJS's writer.
const number = fc.oneof(
  fc.constantFrom(...NUMBERS),
  fc.integer({ min: -1_000, max: 1_000_000 }),
  fc.double({ min: -1e12, max: 1e12, noNaN: true }).map((n) => (Math.abs(n) < 1e-9 ? 0 : n)),
)

const cell: fc.Arbitrary<GenCell> = fc.oneof(
  { arbitrary: fc.constant<GenCell>({ cell: undefined, model: { kind: 'empty' } }), weight: 3 },
  { arbitrary: text.map((t): GenCell => ({ cell: { t: 's', v: t }, model: { kind: 'text', text: t } })), weight: 4 },
  { arbitrary: number.map((n): GenCell => ({ cell: { t: 'n', v: n }, model: { kind: 'number', value: n } })), weight: 4 },
  fc.boolean().map((b): GenCell => ({ cell: { t: 'b', v: b }, model: { kind: 'bool', value: b } })),
  // A date is a number formatted as one, as Excel stores it.
  fc.integer({ min: 1, max: 60_000 }).map((d): GenCell => ({ cell: { t: 'n', v: d, z: 'yyyy-mm-dd' }, model: { kind: 'number', value: d } })),
  fc.constantFrom(...ERRORS).map(([code, shown]): GenCell => ({ cell: { t: 'e', v: code }, model: { kind: 'error', text: shown } })),
  // Formulas with the result Excel saved, and without one (a file written by a tool that never calculated).
  number.map((n): GenCell => ({ cell: { t: 'n', v: n, f: '1+1' }, model: { kind: 'number', value: n } })),
  text.map((t): GenCell => ({ cell: { t: 's', v: t, f: '"x"' }, model: { kind: 'text', text: t } })),
  fc.constant<GenCell>({ cell: { t: 'n', f: 'A1*2' } as XLSX.CellObject, model: { kind: 'empty' } }),
)

/** A column made for one field, often with the values that field expects so that many rows are valid. */
function field(column: ExcelColumn): fc.Arbitrary<GenCell> {
  const likely: Record<ExcelColumn, fc.Arbitrary<GenCell>> = {
    name: text.map((t) => ({ cell: { t: 's', v: t }, model: { kind: 'text', text: t } })),
    description: cell,
    price: fc.double({ min: 0, max: 1e6, noNaN: true }).map((n) => (n < 1e-9 ? 0 : n)).map((n) => ({ cell: { t: 'n', v: n }, model: { kind: 'number', value: n } })),
    currency: fc.constantFrom(...CURRENCY_CODES, 'usd', ' try ', '').map((t) => ({ cell: t === '' ? undefined : { t: 's', v: t }, model: t === '' ? { kind: 'empty' } : { kind: 'text', text: t } })),
    stock: fc.integer({ min: 0, max: 500 }).map((n) => ({ cell: { t: 'n', v: n }, model: { kind: 'number', value: n } })),
    product_link: cell,
  }
  return fc.oneof({ arbitrary: likely[column], weight: 3 }, { arbitrary: cell, weight: 1 })
}

// ---------------------------------------------------------------------------
// The spec's rules, applied to what the owner sees in the cell

function shown(model: Model): string | null {
  const value = model.kind === 'empty' ? '' : model.kind === 'text' || model.kind === 'error' ? model.text : String(model.value)
  const trimmed = value.trim()
  return trimmed === '' ? null : trimmed
}

/** A number as the README documents text numbers: digits with an optional "." or "," fraction, no thousands separators. */
function numeric(model: Model): number | 'blank' | 'invalid' {
  if (model.kind === 'number') return model.value
  const value = shown(model)
  if (value === null) return 'blank'
  if (model.kind !== 'text' || !/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(value)) return 'invalid'
  return Number(value.replace(',', '.'))
}

type Expected = { ok: true; product: ProductFields } | { ok: false; errors: Map<ExcelColumn, ExcelRowErrorCode> }

function expectRow(cells: Record<ExcelColumn, Model>): Expected | null {
  if (EXCEL_COLUMNS.every((column) => shown(cells[column]) === null)) return null
  const errors = new Map<ExcelColumn, ExcelRowErrorCode>()
  const name = shown(cells.name)
  if (name === null) errors.set('name', 'name_required')
  const price = numeric(cells.price)
  if (price === 'blank') errors.set('price', 'price_required')
  else if (price === 'invalid' || price < 0 || roundToCents(price) > PRICE_MAX) errors.set('price', 'price_invalid')
  const currency = (shown(cells.currency) ?? 'USD').toUpperCase()
  if (!(CURRENCY_CODES as readonly string[]).includes(currency)) errors.set('currency', 'currency_invalid')
  const stock = numeric(cells.stock)
  if (stock === 'blank') errors.set('stock', 'stock_required')
  else if (stock === 'invalid' || stock < 0 || !Number.isInteger(stock) || stock > STOCK_MAX) errors.set('stock', 'stock_invalid')
  if (errors.size > 0 || name === null || typeof price !== 'number' || typeof stock !== 'number') return { ok: false, errors }
  // Excel has no negative zero: -0 is the price 0.
  const product: ProductFields = { name, price: Math.abs(roundToCents(price)), currency, stock: Math.abs(stock) }
  const description = shown(cells.description)
  if (description !== null) product.description = description
  const link = shown(cells.product_link)
  if (link !== null) product.product_link = link
  return { ok: true, product }
}

/** What must hold of any preview, whatever the input: every row one the spec allows in. */
function assertSound(result: ExcelParseResult): void {
  for (const product of result.products) {
    expect(product.name).toBe(product.name.trim())
    expect(product.name).not.toBe('')
    expect(Number.isFinite(product.price) && product.price >= 0 && product.price <= PRICE_MAX).toBe(true)
    expect(Math.abs(product.price * 100 - Math.round(product.price * 100))).toBeLessThan(1e-6 * Math.max(1, product.price))
    expect(Number.isInteger(product.stock) && product.stock >= 0 && product.stock <= STOCK_MAX).toBe(true)
    expect(CURRENCY_CODES).toContain(product.currency)
    if (product.description !== undefined) expect(product.description).toBe(product.description.trim())
    if (product.description !== undefined) expect(product.description).not.toBe('')
  }
  for (const error of result.errors) {
    expect(error.row).toBeGreaterThanOrEqual(2)
    expect(EXCEL_COLUMNS).toContain(error.field)
    expect(EXCEL_ROW_ERRORS).toContain(error.code)
  }
  expect(result.totalRows).toBe(result.products.length + new Set(result.errors.map((e) => e.row)).size)
}

const KNOWN_FAILURES: ExcelImportErrorCode[] = ['unreadable_workbook', 'file_too_large', 'too_many_rows', 'unpacked_too_large']

/** A preview that satisfies the rules, or one of the whole-file error codes: nothing else. */
async function outcome(bytes: Uint8Array, limits = EXCEL_IMPORT_LIMITS): Promise<ExcelParseResult | ExcelImportErrorCode> {
  try {
    const result = await parseWorkbook(bytes, undefined, { limits })
    assertSound(result)
    return result
  } catch (error) {
    expect(error).toBeInstanceOf(ExcelImportError)
    expect(KNOWN_FAILURES).toContain((error as ExcelImportError).code)
    return (error as ExcelImportError).code
  }
}

// ---------------------------------------------------------------------------
// Generated workbooks

type Layout = { kind: 'template' } | { kind: 'named'; positions: number[]; width: number; upper: boolean } | { kind: 'unnamed'; header: readonly string[] }

const layout: fc.Arbitrary<Layout> = fc.oneof(
  fc.constant<Layout>({ kind: 'template' }),
  fc.integer({ min: 6, max: 9 }).chain((width) =>
    fc.tuple(fc.shuffledSubarray([...Array(width).keys()], { minLength: width, maxLength: width }), fc.boolean())
      .map(([positions, upper]): Layout => ({ kind: 'named', positions, width, upper }))),
  fc.constantFrom<readonly string[]>(
    ['Ad', 'Açıklama', 'Fiyat', 'Para birimi', 'Stok', 'Bağlantı'],
    ['name', 'description', 'price', 'currency', 'stock'],
    [],
    ['😀', '', '  ', 'price', 'x', 'name', 'Notes'],
  ).map((header): Layout => ({ kind: 'unnamed', header })),
)

type Sheet = { layout: Layout; rows: Array<Record<ExcelColumn, GenCell> & { extra: GenCell[] } | null>; merges: Array<[number, number, number, number]> }

const row = fc.record({
  name: field('name'), description: field('description'), price: field('price'), currency: field('currency'), stock: field('stock'), product_link: field('product_link'),
  extra: fc.array(cell, { maxLength: 3 }),
})

const sheet: fc.Arbitrary<Sheet> = fc.record({
  layout,
  rows: fc.array(fc.option(row, { freq: 6 }), { maxLength: 40 }),
  merges: fc.array(fc.tuple(fc.nat(40), fc.nat(8), fc.nat(3), fc.nat(2)), { maxLength: 3 }),
})

/** Writes the sheet, and returns the cells the owner sees per sheet row (merged-away cells emptied, as Excel keeps only the first). */
function build(spec: Sheet, bookType: XLSX.BookType): { bytes: Uint8Array; expected: Array<Expected | null> } {
  const grid: Array<Array<GenCell | undefined>> = []
  const width = spec.layout.kind === 'named' ? spec.layout.width : 9
  const position = (i: number) => (spec.layout.kind === 'named' ? spec.layout.positions[i]! : i)
  const header: GenCell[] = []
  if (spec.layout.kind === 'unnamed') spec.layout.header.forEach((h, i) => (header[i] = { cell: { t: 's', v: h }, model: { kind: 'text', text: h } }))
  else EXCEL_COLUMNS.forEach((column, i) => {
    const name = spec.layout.kind === 'named' && spec.layout.upper ? column.toUpperCase() : column
    header[position(i)] = { cell: { t: 's', v: name }, model: { kind: 'text', text: name } }
  })
  if (spec.layout.kind === 'named') for (let c = 6; c < width; c++) header[position(c)] = { cell: { t: 's', v: `Ek ${c}` }, model: { kind: 'text', text: `Ek ${c}` } }
  grid.push(header)
  for (const data of spec.rows) {
    const cells: Array<GenCell | undefined> = []
    if (data) {
      EXCEL_COLUMNS.forEach((column, i) => (cells[position(i)] = data[column]))
      data.extra.forEach((extra, i) => {
        const at = spec.layout.kind === 'named' ? (6 + i < width ? position(6 + i) : undefined) : 6 + i
        if (at !== undefined) cells[at] = extra
      })
    }
    grid.push(cells)
  }

  const merges: XLSX.Range[] = []
  const taken = new Set<string>()
  for (const [r, c, h, w] of spec.merges) {
    const range = { s: { r: 1 + r, c }, e: { r: 1 + r + h, c: c + w } }
    if (range.e.r >= grid.length || (h === 0 && w === 0)) continue
    const cellsIn: string[] = []
    for (let rr = range.s.r; rr <= range.e.r; rr++) for (let cc = range.s.c; cc <= range.e.c; cc++) cellsIn.push(`${rr},${cc}`)
    if (cellsIn.some((k) => taken.has(k))) continue
    cellsIn.forEach((k) => taken.add(k))
    merges.push(range)
    for (let rr = range.s.r; rr <= range.e.r; rr++) for (let cc = range.s.c; cc <= range.e.c; cc++) if (rr !== range.s.r || cc !== range.s.c) grid[rr]![cc] = undefined
  }

  const ws: XLSX.WorkSheet = {}
  let lastColumn = 0
  grid.forEach((cells, r) => cells.forEach((g, c) => {
    if (g?.cell) {
      ws[XLSX.utils.encode_cell({ r, c })] = { ...g.cell }
      lastColumn = Math.max(lastColumn, c)
    }
  }))
  ws['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: Math.max(0, grid.length - 1), c: Math.max(lastColumn, ...merges.map((m) => m.e.c)) } })
  if (merges.length > 0) ws['!merges'] = merges
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, ws, 'Ürünler')
  const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType, compression: bookType === 'xlsx' }) as ArrayBuffer)

  const byName = spec.layout.kind !== 'unnamed'
  const expected = grid.slice(1).map((cells) => {
    const models = {} as Record<ExcelColumn, Model>
    EXCEL_COLUMNS.forEach((column, i) => (models[column] = cells[byName ? position(i) : i]?.model ?? { kind: 'empty' }))
    return expectRow(models)
  })
  return { bytes, expected }
}

function assertMatches(result: ExcelParseResult, expected: Array<Expected | null>): void {
  const products: ProductFields[] = []
  const errors: Array<{ row: number; field: ExcelColumn; code: ExcelRowErrorCode }> = []
  expected.forEach((e, i) => {
    if (e?.ok) products.push(e.product)
    else if (e) for (const [field, code] of e.errors) errors.push({ row: i + 2, field, code })
  })
  expect(result.products).toEqual(products)
  const order = (list: typeof errors) => [...list].sort((a, b) => a.row - b.row || a.field.localeCompare(b.field))
  expect(order(result.errors)).toEqual(order(errors))
  expect(result.totalRows).toBe(expected.filter((e) => e !== null).length)
}

// ---------------------------------------------------------------------------
// Zips built by hand, for the bombs

type ZipEntry = { name: string; data: Uint8Array; method: 0 | 8; size: number; declared?: number }

function zip(entries: ZipEntry[], central: Array<{ entry: number; declared?: number }> = entries.map((_, entry) => ({ entry }))): Uint8Array {
  const parts: Uint8Array[] = []
  const offsets: number[] = []
  let offset = 0
  const header = (size: number) => new DataView(new ArrayBuffer(size))
  // What a local header and its central directory entry both say of a file: the entry
  // says it two bytes further on (after "version made by"), and may declare another size.
  const fileFields = (view: DataView, shift: number, e: ZipEntry, size: number, nameLength: number) => {
    view.setUint16(4 + shift, 20, true)
    view.setUint16(8 + shift, e.method, true)
    view.setUint32(18 + shift, e.data.length, true)
    view.setUint32(22 + shift, size, true)
    view.setUint16(26 + shift, nameLength, true)
  }
  for (const e of entries) {
    const name = new TextEncoder().encode(e.name)
    const local = header(30)
    local.setUint32(0, 0x04034b50, true)
    fileFields(local, 0, e, e.declared ?? e.size, name.length)
    offsets.push(offset)
    parts.push(new Uint8Array(local.buffer), name, e.data)
    offset += 30 + name.length + e.data.length
  }
  const start = offset
  for (const { entry, declared } of central) {
    const e = entries[entry]!
    const name = new TextEncoder().encode(e.name)
    const cd = header(46)
    cd.setUint32(0, 0x02014b50, true)
    fileFields(cd, 2, e, declared ?? e.declared ?? e.size, name.length)
    cd.setUint32(42, offsets[entry]!, true)
    parts.push(new Uint8Array(cd.buffer), name)
    offset += 46 + name.length
  }
  const end = header(22)
  end.setUint32(0, 0x06054b50, true)
  end.setUint16(8, central.length, true)
  end.setUint16(10, central.length, true)
  end.setUint32(12, offset - start, true)
  end.setUint32(16, start, true)
  parts.push(new Uint8Array(end.buffer))
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** A real workbook's entries, with its sheet swapped for `sheetXml` inflating to `size` bytes. */
function xlsxWithSheet(sheetData: Uint8Array, size: number, declared?: number): ZipEntry[] {
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([[...EXCEL_COLUMNS], ['Kupa', '', 1, 'TRY', 1, '']]), 'Ürünler')
  const container = XLSX.CFB.read(new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer), { type: 'array' })
  const entries: ZipEntry[] = []
  container.FullPaths.forEach((path: string, i: number) => {
    const file = container.FileIndex[i]!
    if (file.type !== 2 || path.includes('Sh33tJ5')) return
    const name = path.replace(/^Root Entry\//, '')
    if (name === 'xl/worksheets/sheet1.xml') entries.push({ name, data: sheetData, method: 8, size, declared })
    else {
      const content = new Uint8Array(file.content as unknown as ArrayLike<number>)
      entries.push({ name, data: content, method: 0, size: content.length })
    }
  })
  return entries
}

const SHEET_OPEN = '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
const SHEET_CLOSE = '</sheetData></worksheet>'

/** Sheet XML padded with spaces to `size` bytes, deflated (about a thousand to one). */
function bombSheet(size: number): Uint8Array {
  const xml = Buffer.alloc(size, 0x20)
  xml.write(SHEET_OPEN, 0)
  xml.write(SHEET_CLOSE, size - SHEET_CLOSE.length)
  return new Uint8Array(deflateRawSync(xml, { level: 1 }))
}

// ---------------------------------------------------------------------------

describe('parseWorkbook on generated and hostile input', () => {
  it('turns every generated workbook into exactly the rows the spec allows, with the right errors', async () => {
    await fc.assert(
      fc.asyncProperty(sheet, fc.constantFrom<XLSX.BookType>('xlsx', 'biff8'), async (spec, bookType) => {
        const { bytes, expected } = build(spec, bookType)
        const result = await outcome(bytes)
        if (typeof result === 'string') throw new Error(`a workbook of ${expected.length} rows was refused: ${result}`)
        assertMatches(result, expected)
      }),
      { seed: SEED, numRuns: 300 },
    )
  })

  it('ends broken, truncated and foreign bytes in a sound preview or a known error code', async () => {
    const good = build(fc.sample(sheet, { seed: SEED, numRuns: 1 })[0]!, 'xlsx').bytes
    const stored = new Uint8Array(XLSX.write(XLSX.read(good, { type: 'array' }), { type: 'array', bookType: 'xlsx' }) as ArrayBuffer)
    const xls = new Uint8Array(XLSX.write(XLSX.read(good, { type: 'array' }), { type: 'array', bookType: 'biff8' }) as ArrayBuffer)
    const damaged = fc.oneof(
      fc.uint8Array({ maxLength: 4096 }),
      fc.constantFrom(good, stored, xls).chain((base) => fc.nat(base.length).map((n) => base.slice(0, n))),
      fc.constantFrom(good, stored, xls).chain((base) =>
        fc.array(fc.tuple(fc.nat(base.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }).map((flips) => {
          const copy = base.slice()
          for (const [at, byte] of flips) copy[at] = byte
          return copy
        })),
      fc.array(fc.constantFrom('name\tprice\r\n', 'Kupa\t12,5\t\tTRY\t3\n', '<table><tr><td>Çay</td><td>1</td></tr>', '\u0000', '"a\nb",1\n', 'PK\u0003\u0004'), { maxLength: 20 })
        .map((parts) => new TextEncoder().encode(parts.join(''))),
    )
    await fc.assert(fc.asyncProperty(damaged, async (bytes) => void (await outcome(bytes))), { seed: SEED, numRuns: 400 })
  })

  it('refuses file names that are not .xlsx or .xls, and files over the size limit, before reading them', async () => {
    const name = fc.tuple(fc.string({ maxLength: 12 }), fc.constantFrom('.xlsx', '.XLS', '.xls ', '.csv', '.xlsm', '.pdf', '', '.xlsx.exe', 'xlsx'))
    await fc.assert(
      fc.asyncProperty(name, fc.nat(2 * EXCEL_IMPORT_LIMITS.maxFileBytes), async ([stem, extension], size) => {
        let read = false
        // Only the name and size may be looked at: reading the bytes is recorded (and fails, as a file can).
        const file = { name: stem + extension, size, arrayBuffer: () => ((read = true), Promise.reject(new Error('not to be read'))) } as unknown as File
        const error = await parseInWorker(file, undefined, { createWorker: null }).catch((e: unknown) => e)
        expect(error).toBeInstanceOf(ExcelImportError)
        const excelName = /\.xlsx?$/.test((stem + extension).trim().toLowerCase()) && (stem + extension).trim().length > extension.trim().length
        const code = (error as ExcelImportError).code
        if (!excelName) expect(code).toBe('invalid_file_type')
        else if (size > EXCEL_IMPORT_LIMITS.maxFileBytes) expect(code).toBe('file_too_large')
        else expect(code).toBe('file_read_failed')
        expect(read).toBe(excelName && size <= EXCEL_IMPORT_LIMITS.maxFileBytes)
      }),
      { seed: SEED, numRuns: 200 },
    )
  })

  it('refuses zip bombs, however their sizes are declared, before SheetJS inflates them', async () => {
    const size = 150 * 1024 * 1024
    const sheetData = bombSheet(size)
    const cases: Array<[string, Uint8Array]> = [
      ['honest sizes', zip(xlsxWithSheet(sheetData, size))],
      ['sizes that lie', zip(xlsxWithSheet(sheetData, size, 1_000))],
      ['sizes left to a data descriptor', zip(xlsxWithSheet(sheetData, size, 0))],
    ]
    // Sixty directory entries over one entry of 2 MB: each is inflated again.
    const small = xlsxWithSheet(bombSheet(2 * 1024 * 1024), 2 * 1024 * 1024, 100)
    const sheetEntry = small.findIndex((e) => e.name === 'xl/worksheets/sheet1.xml')
    cases.push(['overlapping entries', zip(small, [...small.map((_, entry) => ({ entry })), ...Array.from({ length: 60 }, () => ({ entry: sheetEntry, declared: 100 }))])])
    for (const [label, bytes] of cases) {
      expect(bytes.length, label).toBeLessThan(EXCEL_IMPORT_LIMITS.maxFileBytes)
      expect(await outcome(bytes), label).toBe('unpacked_too_large')
    }
  })

  it('refuses generated bombs past a small unpacked limit and reads what stays under it', async () => {
    const limits = { ...EXCEL_IMPORT_LIMITS, maxUnpackedBytes: 256 * 1024 }
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1_000, max: 600_000 }), fc.constantFrom<number | undefined>(undefined, 0, 10), async (size, declared) => {
        const result = await outcome(zip(xlsxWithSheet(bombSheet(size), size, declared)), limits)
        // The rest of the workbook is a few kilobytes: well under the limit, it reads; well over, it is refused.
        if (size > limits.maxUnpackedBytes) expect(result).toBe('unpacked_too_large')
        else if (size < limits.maxUnpackedBytes - 64 * 1024) expect(result).toEqual({ products: [], errors: [], totalRows: 0 })
      }),
      { seed: SEED, numRuns: 30 },
    )
  })

  it('refuses a 100,000-row sheet as too many rows', async () => {
    const rows: unknown[][] = [[...EXCEL_COLUMNS]]
    for (let i = 0; i < 100_000; i++) rows.push([`Ürün ${i}`, '', i % 100, 'TRY', 1, ''])
    const book = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Ürünler')
    const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer)
    expect(bytes.length).toBeLessThan(EXCEL_IMPORT_LIMITS.maxFileBytes)
    const fractions: number[] = []
    const error = await parseWorkbook(bytes, (f) => fractions.push(f)).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ExcelImportError)
    expect((error as ExcelImportError).code).toBe('too_many_rows')
    // Refused before any row was converted: progress never reached the row stage.
    expect(Math.max(...fractions)).toBeLessThan(0.85)
  }, 60_000)
})
