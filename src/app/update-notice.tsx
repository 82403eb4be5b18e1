import { Affix, Button, Group, Notification, Text } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { applyUpdate, dismissUpdate } from './pwa.ts'
import './styles/notice.ts'

/** The offer to reload into a downloaded new version; loaded only once there is one (pwa-prompts.tsx). */
export function UpdateNotice() {
  const { t } = useLingui()
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
