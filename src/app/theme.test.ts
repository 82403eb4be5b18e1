import { describe, expect, it } from 'vitest'
import { AA_TEXT_CONTRAST, contrastRatio, cssVariablesResolver, PALETTES, theme } from './theme.ts'
import { mergeMantineTheme, DEFAULT_THEME } from '@mantine/core'

const light = cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme)).light

describe('theme contrast', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1)
    // Mantine's default light red text on its hover tint, the case that failed.
    expect(contrastRatio('#c92a2a', '#ffc9c9')).toBeCloseTo(3.76, 2)
  })

  it.each(Object.keys(PALETTES))('gives %s light-variant text at least 4.5:1 on its tint and its hover tint', (name) => {
    const text = light[`--mantine-color-${name}-light-color`]
    expect(text, 'a light-variant text colour for every palette').toBeDefined()
    const palette = PALETTES[name]!
    expect(contrastRatio(text!, palette[1]!)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST)
    expect(contrastRatio(text!, palette[2]!)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST)
  })

  it('keeps shade 9 where it already passes, so colours change only where they must', () => {
    expect(light['--mantine-color-brand-light-color']).toBe(PALETTES.brand![9])
    expect(light['--mantine-color-gray-light-color']).toBe(PALETTES.gray![9])
    expect(light['--mantine-color-red-light-color']).not.toBe(PALETTES.red![9])
  })

  it('paints red solid (delete confirmations) and as text or outline on white at AA, hovered too', () => {
    for (const name of ['filled', 'filled-hover']) {
      expect(contrastRatio(light[`--mantine-color-red-${name}`]!, '#ffffff'), name).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST)
    }
    expect(contrastRatio(light['--mantine-color-red-outline']!, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST)
    // Brand is solid by its primary shade (7) and hovers at 8, as Mantine does.
    expect(contrastRatio(PALETTES.brand![theme.primaryShade as number]!, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST)
    expect(contrastRatio(PALETTES.brand![8]!, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST)
  })

  it('keeps dimmed and error text at AA on white', () => {
    expect(contrastRatio(light['--mantine-color-dimmed']!, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST)
    expect(contrastRatio(light['--mantine-color-error']!, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST)
  })
})
