import { describe, expect, it } from 'vitest'
import { formatCount, formatTransactionAmount, formatTransactionDate, transactionTone } from './format.ts'

describe('credits formatting', () => {
  it('shows a stored amount in cents as dollars with two decimals', () => {
    const cents = [1500, 29900, 1999, 5, 0, 123456789]
    expect(cents.map((c) => formatTransactionAmount(c, 'en'))).toEqual(['$15.00', '$299.00', '$19.99', '$0.05', '$0.00', '$1,234,567.89'])
  })

  it('uses the Turkish separators in Turkish, still in dollars', () => {
    expect(formatTransactionAmount(1500, 'tr')).toBe('$15,00')
    expect(formatTransactionAmount(123456789, 'tr')).toBe('$1.234.567,89')
  })

  it('shows a broken amount as zero rather than NaN', () => {
    expect(formatTransactionAmount(Number.NaN, 'en')).toBe('$0.00')
  })

  it('styles completed and pending purchases as such and everything else as failed', () => {
    expect(transactionTone('completed')).toBe('completed')
    expect(transactionTone('pending')).toBe('pending')
    for (const other of ['failed', 'refunded', 'Completed', '', null, undefined]) expect(transactionTone(other)).toBe('failed')
  })

  it('groups credit counts by locale', () => {
    expect(formatCount(20000, 'en')).toBe('20,000')
    expect(formatCount(20000, 'tr')).toBe('20.000')
    expect(formatCount(250, 'tr')).toBe('250')
  })

  it('formats purchase dates in the locale and tolerates a missing one', () => {
    expect(formatTransactionDate('2026-11-22T10:05:00Z', 'en')).toMatch(/Nov 22, 2026/)
    expect(formatTransactionDate('2026-11-22T10:05:00Z', 'tr')).toMatch(/22 Kas 2026/)
    expect(formatTransactionDate(null, 'en')).toBe('')
    expect(formatTransactionDate('not a date', 'en')).toBe('')
  })
})
