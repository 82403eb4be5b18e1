import { createTheme, type MantineColorsTuple } from '@mantine/core'

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
