import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core'

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

// Mantine's dimmed text (gray 6, #868e96, 3.3:1 on white) and field error
// text (red 6, #fa5252, 3.6:1) are under WCAG AA's 4.5:1 for small text;
// these are 6:1 and 5.9:1.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a', '--mantine-color-error': '#c92a2a' },
  dark: {},
})
