import { createTheme, darken, DEFAULT_THEME, luminance, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core'

// Brand teal; shade 7 is the filled colour so white text on it passes WCAG AA.
const brand: MantineColorsTuple = [
  '#e6f7f4', '#ccece6', '#9ad9cd', '#64c4b2', '#38b29c', '#1fa58e', '#139a84', '#0c7a6b', '#056b5d', '#005c4f',
]

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  defaultRadius: 'md',
})

/** WCAG's minimum contrast for body-size text (AA). */
export const AA_TEXT_CONTRAST = 4.5

/** The WCAG contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

// Mantine's light variant (light buttons, badges, alert titles) writes shade 9
// on shade 1, and on shade 2 while hovered. For red, teal, green, lime, yellow
// and orange that is under AA (red on hover: 3.8:1, yellow: 2.5:1), so each
// palette's light text is darkened just enough to pass on the hover tint, the
// darker of the two.
function lightVariantText(palette: readonly string[]): string {
  let text = palette[9]!
  for (let amount = 0.05; contrastRatio(text, palette[2]!) < AA_TEXT_CONTRAST && amount < 1; amount += 0.05) {
    text = darken(palette[9]!, amount)
  }
  return text
}

export const PALETTES: Record<string, MantineColorsTuple> = { ...DEFAULT_THEME.colors, brand }

const lightVariantTexts = Object.fromEntries(
  Object.entries(PALETTES).map(([name, palette]) => [`--mantine-color-${name}-light-color`, lightVariantText(palette)]),
)

// Red is the one palette besides brand that the app paints solid or as text
// on white: confirmations of deletes, sign out, outlined danger. Mantine's
// red for those is shade 7 (#f03e3e, 3.9:1 with white); shade 9 passes
// (5.4:1), and its hover goes darker still.
const red = DEFAULT_THEME.colors.red
const dangerVariables = {
  '--mantine-color-red-filled': red[9],
  '--mantine-color-red-filled-hover': darken(red[9], 0.15),
  '--mantine-color-red-outline': red[9],
}

// Mantine's dimmed text (gray 6, #868e96, 3.3:1 on white) and field error
// text (red 6, #fa5252, 3.6:1) are under AA as well; these are 6:1 and 5.9:1.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a', '--mantine-color-error': red[9], ...lightVariantTexts, ...dangerVariables },
  dark: {},
})
