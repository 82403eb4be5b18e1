import { useSyncExternalStore } from 'react'
import { Affix, Button, Group, Notification, Text } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { applyUpdate, dismissUpdate, promptInstall, pwaStore } from './pwa.ts'

function usePwa() {
  return useSyncExternalStore(pwaStore.subscribe, pwaStore.getSnapshot, pwaStore.getSnapshot)
}

/** Offered when a new version of the app has been downloaded and waits for a reload. */
export function PwaUpdatePrompt() {
  const { t } = useLingui()
  const { needRefresh } = usePwa()
  if (!needRefresh) return null
  return (
    <Affix position={{ bottom: 16, right: 16 }} style={{ left: 16, maxWidth: 420, marginLeft: 'auto' }}>
      <Notification
        role="alert"
        title={t`A new version is available`}
        onClose={dismissUpdate}
        closeButtonProps={{ 'aria-label': t`Later` }}
        withBorder
      >
        <Text size="sm">
          <Trans>Reload to use the latest version.</Trans>
        </Text>
        <Group mt="xs">
          <Button size="xs" onClick={() => void applyUpdate()}>
            <Trans>Reload</Trans>
          </Button>
        </Group>
      </Notification>
    </Affix>
  )
}

/** Shown only where the browser offers installation. */
export function InstallButton() {
  const { installable } = usePwa()
  if (!installable) return null
  return (
    <Button variant="light" size="sm" onClick={() => void promptInstall()}>
      <Trans>Install app</Trans>
    </Button>
  )
}
