import { describe, expect, it } from 'vitest'
import { CURRENCIES, currencySymbol, formatPrice, isCurrencyCode } from './currency.ts'

describe('currencies', () => {
  it('lists the eight currencies of the spec with symbol and English name', () => {
    expect(CURRENCIES.map((c) => [c.code, c.symbol, c.name])).toEqual([
      ['USD', '$', 'US Dollar'],
      ['EUR', '€', 'Euro'],
      ['GBP', '£', 'British Pound'],
      ['TRY', '₺', 'Turkish Lira'],
      ['JPY', '¥', 'Japanese Yen'],
      ['CAD', 'C$', 'Canadian Dollar'],
      ['AUD', 'A$', 'Australian Dollar'],
      ['CHF', 'CHF', 'Swiss Franc'],
    ])
  })

  it('shows $ for a code it does not know', () => {
    expect(['TRY', 'CAD', 'XYZ', '', 'try'].map(currencySymbol)).toEqual(['₺', 'C$', '$', '$', '$'])
  })

  it('accepts only the eight codes, exactly as written', () => {
    expect(isCurrencyCode('EUR')).toBe(true)
    expect(isCurrencyCode('eur')).toBe(false)
    expect(isCurrencyCode('TL')).toBe(false)
    expect(isCurrencyCode(1)).toBe(false)
  })
})

describe('formatPrice', () => {
  it('writes symbol, two decimals in the locale, then the code', () => {
    expect(formatPrice(1250, 'TRY', 'tr')).toBe('₺1.250,00 TRY')
    expect(formatPrice(12.5, 'USD', 'en')).toBe('$12.50 USD')
    expect(formatPrice(1234567.891, 'EUR', 'tr')).toBe('€1.234.567,89 EUR')
    expect(formatPrice(1234567.891, 'EUR', 'en')).toBe('€1,234,567.89 EUR')
    expect(formatPrice(0, 'GBP', 'en')).toBe('£0.00 GBP')
    expect(formatPrice(99.9, 'JPY', 'tr')).toBe('¥99,90 JPY')
    expect(formatPrice(5, 'CAD', 'en')).toBe('C$5.00 CAD')
  })

  it('sets off a symbol made of letters and does not repeat it as the code', () => {
    expect(formatPrice(12.5, 'CHF', 'en')).toBe('CHF 12.50')
    expect(formatPrice(1250, 'CHF', 'tr')).toBe('CHF 1.250,00')
  })

  it('shows an unknown code with the $ symbol', () => {
    expect(formatPrice(3, 'XYZ', 'en')).toBe('$3.00 XYZ')
  })

  it('keeps a sign in front of the symbol and never shows a negative zero', () => {
    expect(formatPrice(-3.5, 'USD', 'en')).toBe('-$3.50 USD')
    expect(formatPrice(-0.001, 'USD', 'en')).toBe('$0.00 USD')
  })
})
