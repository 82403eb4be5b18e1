// How credit figures and purchase records read on screen. Pure, so the rules
// of the spec (amount in cents shown ÷ 100 with two decimals in dollars; any
// status but completed or pending looks failed) are tested once here.

/** The three looks a purchase can have; anything unknown is shown as failed so it stands out. */
export type TransactionTone = 'completed' | 'pending' | 'failed'

export function transactionTone(status: string | null | undefined): TransactionTone {
  if (status === 'completed') return 'completed'
  if (status === 'pending') return 'pending'
  return 'failed'
}

// Building an Intl formatter costs far more than using one, and the screen formats every plan, balance
// and purchase: one formatter per kind and locale, made on first use.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>()
function formatter<F extends Intl.NumberFormat | Intl.DateTimeFormat>(kind: string, locale: string, make: () => F): F {
  const key = `${kind}:${locale}`
  let made = formatters.get(key) as F | undefined
  if (!made) {
    made = make()
    formatters.set(key, made)
  }
  return made
}

/** A stored amount in US cents as dollars with two decimals in the locale: `$15.00` (en), `$15,00` (tr). */
export function formatTransactionAmount(amountCents: number, locale: string): string {
  const value = Number.isFinite(amountCents) ? amountCents / 100 : 0
  return formatter('amount', locale, () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })).format(value)
}

/** A whole number of credits with the locale's grouping: `20,000` (en), `20.000` (tr). */
export function formatCount(value: number, locale: string): string {
  return formatter('count', locale, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })).format(Number.isFinite(value) ? value : 0)
}

export function formatTransactionDate(iso: string | null, locale: string): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return formatter('date', locale, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })).format(date)
}
