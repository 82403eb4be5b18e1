import { describe, expect, it } from 'vitest'
import { contrastRatio, DARK_TEXT, LIGHT_TEXT, readableTextOn } from './contrast.ts'

describe('readableTextOn', () => {
  it('puts white on dark colours and near-black on light ones', () => {
    expect(readableTextOn('#000000')).toBe(LIGHT_TEXT)
    expect(readableTextOn('#0c7a6b')).toBe(LIGHT_TEXT)
    expect(readableTextOn('#ffffff')).toBe(DARK_TEXT)
    expect(readableTextOn('#ffeb3b')).toBe(DARK_TEXT)
    expect(readableTextOn('#3b82f6')).toBe(DARK_TEXT)
  })

  it('reaches the WCAG AA ratio (4.5:1), normal text included, on any colour', () => {
    for (let i = 0; i < 4096; i++) {
      const hex = `#${[...i.toString(16).padStart(3, '0')].map((c) => c + c).join('')}`
      expect(contrastRatio(hex, readableTextOn(hex)), hex).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('computes the WCAG ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2)
  })
})
