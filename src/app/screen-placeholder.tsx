import type { ReactNode } from 'react'
import { Stack, Text, Title } from '@mantine/core'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'

/** A dashboard screen whose feature is not built yet: its title and an honest note, nothing that pretends to work. */
export function ScreenPlaceholder(props: { title: MessageDescriptor; children?: ReactNode }) {
  const { i18n } = useLingui()
  return (
    <Stack gap="sm">
      <Title order={1}>{i18n._(props.title)}</Title>
      <Text c="dimmed">
        <Trans>This screen is coming soon.</Trans>
      </Text>
      {props.children}
    </Stack>
  )
}
