// The eight currencies a product may be priced in, and a price as the
// products list and the assistant write it.

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
