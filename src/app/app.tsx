import { MantineProvider } from '@mantine/core'
import { I18nProvider } from '@lingui/react'
import { i18n } from './i18n.ts'
import { theme } from './theme.ts'
import { LandingPage } from '../features/landing/landing-page.tsx'

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <I18nProvider i18n={i18n}>
        <LandingPage />
      </I18nProvider>
    </MantineProvider>
  )
}
