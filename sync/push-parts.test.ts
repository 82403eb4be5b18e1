import { describe, expect, it } from 'vitest'
import { PUSH_REQUEST_MAX_BYTES, pushParts } from './push-parts.ts'

const TARGET = 'public.products'
const bodyBytes = (rows: unknown[]) => new TextEncoder().encode(JSON.stringify({ target: TARGET, rows })).byteLength
// Turkish text: two bytes a letter for ç, ğ, ı, ö, ş, ü.
const row = (i: number, descriptionChars: number) => ({
  assumed: null,
  new: { id: `id-${i}`, name: `Ürün ${i}`, description: 'ş'.repeat(descriptionChars), price: '1.00', currency: 'TRY', stock: 1 },
})

describe('pushParts', () => {
  it('keeps a batch of ordinary rows in one request', () => {
    const rows = Array.from({ length: 100 }, (_, i) => row(i, 40))
    expect(pushParts(TARGET, rows)).toEqual({ parts: [rows], tooLarge: [] })
  })

  it('cuts a batch too large for one request into requests within the limit, in order, filling each', () => {
    // 100 rows of about 20 KB: about 2 MB, which the data API would refuse in one request.
    const rows = Array.from({ length: 100 }, (_, i) => row(i, 10_000))
    expect(bodyBytes(rows)).toBeGreaterThan(PUSH_REQUEST_MAX_BYTES)
    const { parts, tooLarge } = pushParts(TARGET, rows)
    expect(tooLarge).toEqual([])
    expect(parts.flat()).toEqual(rows)
    expect(parts.length).toBe(Math.ceil(bodyBytes(rows) / PUSH_REQUEST_MAX_BYTES))
    for (const [i, part] of parts.entries()) {
      expect(bodyBytes(part)).toBeLessThanOrEqual(PUSH_REQUEST_MAX_BYTES)
      // Full: the next part's first row would not have fitted.
      if (i < parts.length - 1) expect(bodyBytes([...part, parts[i + 1]![0]])).toBeGreaterThan(PUSH_REQUEST_MAX_BYTES)
    }
  })

  it('measures the exact body: a request of exactly the limit is one part, one byte more is two', () => {
    const base = row(0, 0)
    const room = PUSH_REQUEST_MAX_BYTES - bodyBytes([base, row(1, 0)])
    // Two rows whose request body is exactly the limit ('a' is one byte).
    const exact = [base, { ...row(1, 0), new: { ...row(1, 0).new, description: 'a'.repeat(room) } }]
    expect(bodyBytes(exact)).toBe(PUSH_REQUEST_MAX_BYTES)
    expect(pushParts(TARGET, exact).parts).toEqual([exact])
    const over = [base, { ...row(1, 0), new: { ...row(1, 0).new, description: 'a'.repeat(room + 1) } }]
    expect(pushParts(TARGET, over).parts).toEqual([[over[0]], [over[1]]])
  })

  it('sets apart a row that alone is over the limit, and sends the others', () => {
    const huge = row(1, PUSH_REQUEST_MAX_BYTES)
    const rows = [row(0, 10), huge, row(2, 10)]
    expect(pushParts(TARGET, rows)).toEqual({ parts: [[rows[0], rows[2]]], tooLarge: [huge] })
  })
})
