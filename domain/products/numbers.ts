// Prices and stock as people type them or spreadsheets hold them, and the
// limits of the columns they end up in.

// Mirrored from the products table so that nothing the app accepts is later
// refused by the server (a refused push would never sync).
/** price numeric(12, 2) */
export const PRICE_MAX = 9_999_999_999.99
/** stock integer */
export const STOCK_MAX = 2_147_483_647

/**
 * A decimal number typed by a person or stored as text in a spreadsheet:
 * optional sign, digits, and an optional fraction after either "." or ","
 * (Turkish keyboards write a decimal comma). Thousands separators are not
 * accepted: "1.250" would be ambiguous between the two conventions.
 */
const DECIMAL_TEXT = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/

/** A number read from input; `text` is the normalized text it was typed as, when it was text. */
export type ParsedNumber = { kind: 'blank' } | { kind: 'invalid' } | { kind: 'number'; value: number; text?: string }

export function parseNumberInput(value: unknown): ParsedNumber {
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
export function decimalsOf(parsed: { value: number; text?: string }): number {
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
