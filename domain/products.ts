// Product catalogue rules shared by the products screen, the Excel import and
// anything server-side that accepts products: currencies, price display, the
// manual form's checks (as codes), the Excel row checks (as the spec's
// Turkish messages), import batches, search and preview paging.
import type { ProductRecord } from './records.ts'
import { formErrorClass } from './forms.ts'

// ---------------------------------------------------------------------------
// Currencies

export const CURRENCIES = [
  { code: 'USD', symbol: '$', name: 'US Dollar' },
  { code: 'EUR', symbol: '€', name: 'Euro' },
  { code: 'GBP', symbol: '£', name: 'British Pound' },
  { code: 'TRY', symbol: '₺', name: 'Turkish Lira' },
  { code: 'JPY', symbol: '¥', name: 'Japanese Yen' },
  { code: 'CAD', symbol: 'C$', name: 'Canadian Dollar' },
  { code: 'AUD', symbol: 'A$', name: 'Australian Dollar' },
  { code: 'CHF', symbol: 'CHF', name: 'Swiss Franc' },
] as const

export type Currency = (typeof CURRENCIES)[number]
export type CurrencyCode = Currency['code']

export const CURRENCY_CODES: readonly CurrencyCode[] = CURRENCIES.map((c) => c.code)

/** What the add-product form starts with. */
export const DEFAULT_PRODUCT_CURRENCY: CurrencyCode = 'TRY'
/** What an Excel row with a blank currency cell gets. */
export const DEFAULT_EXCEL_CURRENCY: CurrencyCode = 'USD'

/** The symbol an unknown code falls back to (rows written by other clients may carry anything). */
export const UNKNOWN_CURRENCY_SYMBOL = '$'

const SYMBOLS: ReadonlyMap<string, string> = new Map(CURRENCIES.map((c) => [c.code, c.symbol]))

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && SYMBOLS.has(value)
}

export function currencySymbol(code: string): string {
  return SYMBOLS.get(code) ?? UNKNOWN_CURRENCY_SYMBOL
}

// ---------------------------------------------------------------------------
// Column limits, mirrored from the products table so that nothing the app
// accepts is later refused by the server (a refused push would never sync).

/** price numeric(12, 2) */
export const PRICE_MAX = 9_999_999_999.99
/** stock integer */
export const STOCK_MAX = 2_147_483_647

// ---------------------------------------------------------------------------
// Display

const numberFormats = new Map<string, Intl.NumberFormat>()

function twoDecimals(locale: string): Intl.NumberFormat {
  let format = numberFormats.get(locale)
  if (!format) {
    // A list of thousands of prices formats each one: build the formatter once per locale.
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true })
    numberFormats.set(locale, format)
  }
  return format
}

/**
 * A price as the products list shows it: the currency's symbol, the amount
 * with exactly two decimals in the locale's digit grouping and decimal mark,
 * then a space and the code — "₺1.250,00 TRY" (tr), "$12.50 USD" (en).
 *
 * The symbol always leads, as Turkish and English both write it. A symbol
 * made of letters (CHF) is set off by a space, and is not repeated as the
 * code ("CHF 12.50", not "CHF12.50 CHF"). A negative amount, which the
 * product never stores, keeps its sign in front of the symbol.
 */
export function formatPrice(price: number, currency: string, locale: string): string {
  const symbol = currencySymbol(currency)
  const amount = twoDecimals(locale).format(Math.abs(price))
  const sign = price < 0 && amount !== twoDecimals(locale).format(0) ? '-' : ''
  if (/^\p{L}+$/u.test(symbol)) {
    return symbol === currency ? `${sign}${symbol} ${amount}` : `${sign}${symbol} ${amount} ${currency}`
  }
  return `${sign}${symbol}${amount} ${currency}`
}

export const LINK_MAX_TABLE = 30
export const LINK_MAX_CARD = 40
export const ELLIPSIS = '…'

/**
 * A link shortened for display to at most `max` characters, the ellipsis
 * included: a 31-character URL becomes its first 29 characters and "…" in the
 * table. Characters are counted as code points, so an emoji or a non-Latin
 * letter is never cut in half.
 */
export function truncateLink(url: string, max: number): string {
  if (url.length <= max) return url
  const chars = Array.from(url)
  if (chars.length <= max) return url
  if (max <= 1) return ELLIPSIS.slice(0, Math.max(0, max))
  return chars.slice(0, max - 1).join('') + ELLIPSIS
}

// ---------------------------------------------------------------------------
// Numbers as people type them

/**
 * A decimal number typed by a person or stored as text in a spreadsheet:
 * optional sign, digits, and an optional fraction after either "." or ","
 * (Turkish keyboards write a decimal comma). Thousands separators are not
 * accepted: "1.250" would be ambiguous between the two conventions.
 */
const DECIMAL_TEXT = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/

/** A number read from input; `text` is the normalized text it was typed as, when it was text. */
type ParsedNumber = { kind: 'blank' } | { kind: 'invalid' } | { kind: 'number'; value: number; text?: string }

function parseNumberInput(value: unknown): ParsedNumber {
  if (value === null || value === undefined) return { kind: 'blank' }
  if (typeof value === 'number') return Number.isFinite(value) ? { kind: 'number', value } : { kind: 'invalid' }
  if (typeof value !== 'string') return { kind: 'invalid' }
  const text = value.trim()
  if (text === '') return { kind: 'blank' }
  if (!DECIMAL_TEXT.test(text)) return { kind: 'invalid' }
  const normalized = text.replace(',', '.')
  return { kind: 'number', value: Number(normalized), text: normalized }
}

/**
 * Significant decimal places: of the text as typed ("12.50" → 1), or of a
 * float as JavaScript prints it (12.5 → 1, 1e-7 → 7). Only the form asks,
 * so an import of thousands of numeric cells never pays for the printing.
 */
function decimalsOf(parsed: { value: number; text?: string }): number {
  if (parsed.text !== undefined) return (parsed.text.split('.')[1] ?? '').replace(/0+$/, '').length
  const [mantissa = '', exponent] = Math.abs(parsed.value).toString().split('e')
  const fraction = (mantissa.split('.')[1] ?? '').length
  return Math.max(0, fraction - Number(exponent ?? 0))
}

/**
 * Rounded half away from zero to the cent, as Postgres rounds numeric(12, 2),
 * working on the decimal text so 1.005 becomes 1.01 (binary 1.005 is 1.00499…).
 */
export function roundToCents(value: number): number {
  // Most prices are whole cents already; only the others need the decimal text.
  const cents = value * 100
  if (Number.isInteger(cents)) return cents / 100
  const text = Math.abs(value).toString()
  const rounded = text.includes('e') ? Math.round(Math.abs(value) * 100) / 100 : Number(`${Math.round(Number(`${text}e2`))}e-2`)
  return value < 0 ? -rounded : rounded
}

// ---------------------------------------------------------------------------
// Product form (manual add and edit)

/**
 * The form as the screen holds it. Price and stock are the text as typed
 * (never rewritten by the input, so the checks below see what the owner
 * wrote); numbers are accepted too, for callers that hold numbers.
 */
export type ProductFormValues = {
  name: string
  description: string
  price: number | string
  currency: string
  stock: number | string
  product_link: string
}

export type ProductFormField = keyof ProductFormValues

export type ProductFormError =
  | 'required'
  | 'not_a_number'
  | 'negative'
  | 'too_many_decimals'
  | 'not_an_integer'
  | 'too_large'
  | 'unknown_currency'
  | 'invalid_url'

export type ProductFormErrors = Partial<Record<ProductFormField, ProductFormError>>

/** The columns a person edits; `group_id`, `id` and `created_at` are the app's business. */
export type ProductFields = Pick<ProductRecord, 'name' | 'description' | 'price' | 'currency' | 'stock' | 'product_link'>

/** A product ready for the store's insert: everything but the id, which the store assigns. */
export type NewProduct = Omit<ProductRecord, 'id' | 'created_at'> & { created_at?: string }

export function emptyProductForm(): ProductFormValues {
  return { name: '', description: '', price: '', currency: DEFAULT_PRODUCT_CURRENCY, stock: '', product_link: '' }
}

/** The form prefilled for editing a stored product, the price written with the given decimal mark. */
export function productToForm(product: ProductRecord, decimalMark: '.' | ',' = '.'): ProductFormValues {
  return {
    name: product.name,
    description: product.description ?? '',
    price: String(product.price).replace('.', decimalMark),
    currency: product.currency,
    stock: String(product.stock),
    product_link: product.product_link ?? '',
  }
}

/** An absolute http or https address with a host: what a customer can open from the list. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}

// A bare host as people write one: labels of letters, digits and hyphens,
// a dot, a top-level domain of letters, then optionally a port and a path.
const BARE_HOST = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}(?::\d{1,5})?(?:[/?#]|$)/u

/**
 * Where a stored product link may take someone who clicks it: the address
 * itself when it is an absolute http(s) URL, https:// in front of a bare
 * host such as "www.ornek.com" or "ornek.com/vazo" (imports and other
 * clients store those), and null for anything else — another scheme
 * ("javascript:", "mailto:"), a relative path or plain text — which the list
 * shows as text, not as a link.
 */
export function productLinkHref(link: string | null | undefined): string | null {
  const value = link?.trim() ?? ''
  if (value === '') return null
  const candidate = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : BARE_HOST.test(value) ? `https://${value}` : null
  if (candidate === null || !isHttpUrl(candidate)) return null
  return new URL(candidate).href
}

function priceError(value: unknown): ProductFormError | undefined {
  const parsed = parseNumberInput(value)
  if (parsed.kind === 'blank') return 'required'
  if (parsed.kind === 'invalid') return 'not_a_number'
  if (parsed.value < 0) return 'negative'
  if (decimalsOf(parsed) > 2) return 'too_many_decimals'
  if (parsed.value > PRICE_MAX) return 'too_large'
  return undefined
}

function stockError(value: unknown): ProductFormError | undefined {
  const parsed = parseNumberInput(value)
  if (parsed.kind === 'blank') return 'required'
  if (parsed.kind === 'invalid') return 'not_a_number'
  if (parsed.value < 0) return 'negative'
  if (!Number.isInteger(parsed.value)) return 'not_an_integer'
  if (parsed.value > STOCK_MAX) return 'too_large'
  return undefined
}

/** Field → error code for every field that is wrong; `{}` when the form can be saved. */
export function validateProductForm(values: ProductFormValues): ProductFormErrors {
  const errors: ProductFormErrors = {}
  if (values.name.trim() === '') errors.name = 'required'
  const price = priceError(values.price)
  if (price) errors.price = price
  const stock = stockError(values.stock)
  if (stock) errors.stock = stock
  if (!isCurrencyCode(values.currency)) errors.currency = 'unknown_currency'
  const link = values.product_link.trim()
  if (link !== '' && !isHttpUrl(link)) errors.product_link = 'invalid_url'
  return errors
}

export const InvalidProductFormError = formErrorClass<ProductFormErrors>('InvalidProductFormError', 'product form')
export type InvalidProductFormError = InstanceType<typeof InvalidProductFormError>

function numberOf(value: number | string): number {
  return typeof value === 'number' ? value : Number(value.trim().replace(',', '.'))
}

/**
 * The fields to insert for a valid form: text trimmed, numbers parsed, and a
 * blank description or link left out (optional fields are absent, never
 * empty). Throws InvalidProductFormError when the form does not validate.
 */
export function productFieldsFromForm(values: ProductFormValues): ProductFields {
  const errors = validateProductForm(values)
  if (Object.keys(errors).length > 0) throw new InvalidProductFormError(errors)
  const fields: ProductFields = {
    name: values.name.trim(),
    price: roundToCents(numberOf(values.price)),
    currency: values.currency,
    stock: numberOf(values.stock),
  }
  const description = values.description.trim()
  if (description !== '') fields.description = description
  const link = values.product_link.trim()
  if (link !== '') fields.product_link = link
  return fields
}

/**
 * The changes to apply when editing: like productFieldsFromForm, but a
 * description or link the person emptied is present as undefined, because an
 * update that merely omits a field keeps its old value.
 */
export function productChangesFromForm(values: ProductFormValues): ProductFields {
  const fields = productFieldsFromForm(values)
  return { description: undefined, product_link: undefined, ...fields }
}

// ---------------------------------------------------------------------------
// Excel import: file and row checks
//
// A row error carries the spec's message text: Turkish for the row checks,
// English for the file-type message. That text is what anything without a
// translation layer shows; a screen maps each text (or an import error's
// code) to a message in the interface language, whose Turkish wording is the
// spec's (src/features/products/messages.ts).

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

export const EXCEL_MESSAGES = {
  nameRequired: 'Ürün adı boş olamaz',
  priceRequired: 'Fiyat boş olamaz',
  priceInvalid: 'Geçerli bir fiyat giriniz (0 veya daha büyük sayı)',
  stockRequired: 'Stok boş olamaz',
  stockInvalid: 'Geçerli bir stok miktarı giriniz (0 veya daha büyük tam sayı)',
  currencyInvalid: `Geçersiz para birimi. Geçerli para birimleri: ${CURRENCY_CODES.join(', ')}`,
  invalidFileType: 'Please select a valid Excel file (.xlsx or .xls)',
  unreadableWorkbook: 'Excel dosyası okunamadı. Lütfen geçerli bir Excel dosyası seçiniz.',
  fileReadFailed: 'Dosya okunamadı.',
  processingFailed: 'Error occurred while processing Excel file',
  // Not in the spec, which has no limits: Turkish like the other file messages.
  fileTooLarge: `Dosya çok büyük: en fazla ${megabytes(EXCEL_IMPORT_LIMITS.maxFileBytes)} MB yüklenebilir.`,
  tooManyRows: `Sayfada çok fazla satır var: başlığın altında en fazla ${EXCEL_IMPORT_LIMITS.maxRows.toLocaleString('tr')} satır olabilir.`,
  unpackedTooLarge: `Dosyanın içeriği çok büyük: açıldığında en fazla ${megabytes(EXCEL_IMPORT_LIMITS.maxUnpackedBytes)} MB olabilir.`,
} as const

export function isExcelFileName(fileName: string): boolean {
  const lower = fileName.trim().toLowerCase()
  return EXCEL_EXTENSIONS.some((ext) => lower.endsWith(ext) && lower.length > ext.length)
}

/** The template's columns, in order; a sheet without this header is read by position in the same order. */
export const EXCEL_COLUMNS = ['name', 'description', 'price', 'currency', 'stock', 'product_link'] as const
export type ExcelColumn = (typeof EXCEL_COLUMNS)[number]

/** One row's cells by column; a cell is whatever the spreadsheet holds (text, number, boolean) or nothing. */
export type ExcelRowInput = Partial<Record<ExcelColumn, unknown>>

export type ExcelRowError = {
  /** The spreadsheet's own row number: the first data row under the header is 2. */
  row: number
  field: ExcelColumn
  message: string
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
 * limits get the same message as any other invalid number.
 */
export function validateExcelRow(row: ExcelRowInput, rowNumber: number): ExcelRowResult {
  const errors: ExcelRowError[] = []
  const fail = (field: ExcelColumn, message: string) => errors.push({ row: rowNumber, field, message })

  const name = cellText(row.name)
  if (name === null) fail('name', EXCEL_MESSAGES.nameRequired)

  const price = excelNumber(row.price)
  if (price.kind === 'blank') fail('price', EXCEL_MESSAGES.priceRequired)
  else if (price.kind === 'invalid' || price.value < 0 || roundToCents(price.value) > PRICE_MAX) fail('price', EXCEL_MESSAGES.priceInvalid)

  const currency = (cellText(row.currency) ?? DEFAULT_EXCEL_CURRENCY).toUpperCase()
  if (!isCurrencyCode(currency)) fail('currency', EXCEL_MESSAGES.currencyInvalid)

  const stock = excelNumber(row.stock)
  if (stock.kind === 'blank') fail('stock', EXCEL_MESSAGES.stockRequired)
  else if (stock.kind === 'invalid' || stock.value < 0 || !Number.isInteger(stock.value) || stock.value > STOCK_MAX) {
    fail('stock', EXCEL_MESSAGES.stockInvalid)
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

// ---------------------------------------------------------------------------
// Import batches

export const EXCEL_BATCH_PREFIX = 'excel_'

/** `excel_{millisecond timestamp}_{9 random base-36 characters}`; the arguments are for tests. */
export function createBatchId(now: number = Date.now(), random: () => number = Math.random): string {
  const suffix = Math.floor(random() * 36 ** 9).toString(36).padStart(9, '0')
  return `${EXCEL_BATCH_PREFIX}${Math.trunc(now)}_${suffix}`
}

export function isExcelProduct(product: Pick<ProductRecord, 'group_id'>): boolean {
  return product.group_id?.includes(EXCEL_BATCH_PREFIX) ?? false
}

/**
 * The rows of one import stamped with their batch and creation times. The
 * first row gets `now` and each following row one millisecond earlier, so a
 * newest-first list shows the batch in the sheet's order instead of the
 * arbitrary order of equal timestamps.
 */
export function stampBatch(products: readonly ProductFields[], groupId: string, now: Date = new Date()): NewProduct[] {
  const start = now.getTime()
  return products.map((product, index) => ({ ...product, group_id: groupId, created_at: new Date(start - index).toISOString() }))
}

export type BatchSummary = {
  /** null for the entry collecting products added by hand. */
  groupId: string | null
  manual: boolean
  /** True when the group came from an Excel upload (its id contains excel_). */
  excel: boolean
  count: number
  /** The earliest created_at of the group, as stored. */
  firstCreatedAt: string
}

/**
 * Products grouped by group_id with a count and the earliest creation time,
 * newest group first; products without a group_id form one manual entry.
 * Times are compared as instants, not text, since the server and the device
 * may write the same instant differently.
 */
export function summarizeBatches(products: ReadonlyArray<Pick<ProductRecord, 'group_id' | 'created_at'>>): BatchSummary[] {
  const groups = new Map<string | null, BatchSummary & { firstTime: number }>()
  for (const product of products) {
    // An empty group id is no group: the device never writes one, another client might.
    const key = product.group_id || null
    const time = Date.parse(product.created_at)
    const entry = groups.get(key)
    if (!entry) {
      groups.set(key, {
        groupId: key,
        manual: key === null,
        excel: key !== null && key.includes(EXCEL_BATCH_PREFIX),
        count: 1,
        firstCreatedAt: product.created_at,
        firstTime: time,
      })
    } else {
      entry.count += 1
      if (time < entry.firstTime || Number.isNaN(entry.firstTime)) {
        entry.firstTime = time
        entry.firstCreatedAt = product.created_at
      }
    }
  }
  return [...groups.values()]
    .sort((a, b) => (b.firstTime || 0) - (a.firstTime || 0) || String(a.groupId).localeCompare(String(b.groupId)))
    .map(({ firstTime: _firstTime, ...summary }) => summary)
}

// ---------------------------------------------------------------------------
// Search

/**
 * Text folded for case-insensitive matching in Turkish: İ and I lower-case
 * the Turkish way (to i and ı), and dotless ı is then merged into i. The
 * merge lets English capitals still match ("IPHONE" finds "iphone", which
 * Turkish lower-casing alone would turn into "ıphone") at the cost of "ı"
 * and "i" matching each other, which a search box can afford.
 *
 * Same result as NFC + toLocaleLowerCase('tr') + ı → i (a test holds them
 * together), but the four i letters are mapped first and the rest
 * lower-cased without locale tailoring, about twice as fast over a large
 * catalogue. NFC first, so a decomposed "I + combining dot" is İ.
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFC').replace(/[Iİı]/g, 'i').toLowerCase()
}

export type SearchIndex<T> = {
  /** Items whose name or description contains the query (trimmed, folded); a blank query returns the items as given. */
  filter(query: string): readonly T[]
}

// Cannot be typed into a search box, so a query never matches across the name/description boundary.
const FIELD_SEPARATOR = '\u0000'

/**
 * A search over a fixed list, folding each item's text once up front. Each
 * query then costs one substring scan per item, and a query that extends the
 * previous one (the usual case while typing) scans only the previous matches.
 * Build a new index when the list changes.
 */
export function createSearchIndex<T extends { name: string; description?: string }>(items: readonly T[]): SearchIndex<T> {
  const keys = items.map((item) => foldForSearch(item.description ? `${item.name}${FIELD_SEPARATOR}${item.description}` : item.name))
  let lastQuery = ''
  let lastMatches: number[] | null = null

  return {
    filter(query) {
      const folded = foldForSearch(query.trim())
      if (folded === '') {
        lastQuery = ''
        lastMatches = null
        return items
      }
      const candidates = lastMatches !== null && folded.includes(lastQuery) ? lastMatches : null
      const matches: number[] = []
      if (candidates) {
        for (const i of candidates) if (keys[i]!.includes(folded)) matches.push(i)
      } else {
        for (let i = 0; i < keys.length; i++) if (keys[i]!.includes(folded)) matches.push(i)
      }
      lastQuery = folded
      lastMatches = matches
      return matches.map((i) => items[i]!)
    },
  }
}

/** One-off search without an index, for small lists. */
export function searchProducts<T extends { name: string; description?: string }>(items: readonly T[], query: string): readonly T[] {
  return createSearchIndex(items).filter(query)
}

// ---------------------------------------------------------------------------
// Preview pagination

export const PREVIEW_PAGE_SIZE = 50
/** Up to this many pages every number shows; past it the list collapses with ellipses. */
export const PAGES_SHOWN_IN_FULL = 5

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end'

export function pageCount(total: number, pageSize: number = PREVIEW_PAGE_SIZE): number {
  return total <= 0 ? 0 : Math.ceil(total / pageSize)
}

/** A page number kept within 1..pages (1 when there are no pages). */
export function clampPage(page: number, pages: number): number {
  return Math.min(Math.max(1, Math.trunc(page) || 1), Math.max(1, pages))
}

/** The items of a 1-based page. */
export function pageSlice<T>(items: readonly T[], page: number, pageSize: number = PREVIEW_PAGE_SIZE): T[] {
  const current = clampPage(page, pageCount(items.length, pageSize))
  return items.slice((current - 1) * pageSize, current * pageSize)
}

/**
 * The page buttons to show. Five pages or fewer: all of them. More: the first
 * and last page always, the current page with its neighbours, and an ellipsis
 * for each gap —
 *   current 1–3          1 2 3 4 … N
 *   current N−2 to N     1 … N−3 N−2 N−1 N
 *   otherwise            1 … c−1 c c+1 … N      (e.g. 1 … 4 5 6 … 20)
 * so the control never holds more than seven items. Each ellipsis has its own
 * value so a list can key on the items.
 */
export function paginationItems(currentPage: number, pages: number): PageItem[] {
  if (pages <= 0) return []
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)
  if (pages <= PAGES_SHOWN_IN_FULL) return range(1, pages)
  const current = clampPage(currentPage, pages)
  if (current <= 3) return [...range(1, 4), 'ellipsis-end', pages]
  if (current >= pages - 2) return [1, 'ellipsis-start', ...range(pages - 3, pages)]
  return [1, 'ellipsis-start', current - 1, current, current + 1, 'ellipsis-end', pages]
}
