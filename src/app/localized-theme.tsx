import { useMemo, type ReactNode } from 'react'
import { MantineThemeProvider, Notification } from '@mantine/core'
import { useLingui } from '@lingui/react/macro'

/**
 * Theme defaults that carry words: Mantine's icon-only close buttons have no
 * accessible name of their own, and notifications are shown from many places,
 * so their name is set once here, in the active language.
 */
export function LocalizedTheme(props: { children: ReactNode }) {
  const { t } = useLingui()
  const close = t`Close`
  const theme = useMemo(() => ({ components: { Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': close } } }) } }), [close])
  return <MantineThemeProvider theme={theme}>{props.children}</MantineThemeProvider>
}
