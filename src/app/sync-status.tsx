// The owner's view of sync in the dashboard header: online or offline, local
// changes waiting, the last successful sync, and an error with a retry.
import '@mantine/core/styles/Popover.css'
import { useEffect, useState } from 'react'
import { Box, Button, Group, Popover, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { SyncErrorCode, SyncStatus } from '../../sync/index.ts'
import { useOwnerStoreState } from '../db/context.tsx'
import classes from './sync-status.module.css'

function useSyncStatus(): SyncStatus | null {
  const state = useOwnerStoreState()
  const sync = state.status === 'ready' ? state.store.sync : null
  const [status, setStatus] = useState<SyncStatus | null>(() => sync?.status() ?? null)
  useEffect(() => {
    if (!sync) return
    const sub = sync.status$.subscribe(setStatus)
    return () => sub.unsubscribe()
  }, [sync])
  return sync ? status : null
}

/** Re-renders every 30 s so "2 minutes ago" stays true. */
function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(id)
  }, [intervalMs])
  return now
}

function RelativeTime(props: { at: number }) {
  const { i18n } = useLingui()
  const now = useNow()
  const seconds = Math.round((props.at - now) / 1000)
  const format = new Intl.RelativeTimeFormat(i18n.locale, { numeric: 'auto' })
  const text =
    Math.abs(seconds) < 60 ? format.format(0, 'second')
    : Math.abs(seconds) < 3600 ? format.format(Math.round(seconds / 60), 'minute')
    : Math.abs(seconds) < 86_400 ? format.format(Math.round(seconds / 3600), 'hour')
    : format.format(Math.round(seconds / 86_400), 'day')
  return <time dateTime={new Date(props.at).toISOString()} title={new Date(props.at).toLocaleString(i18n.locale)}>{text}</time>
}

function ErrorText(props: { code: SyncErrorCode }) {
  switch (props.code) {
    case 'network':
      return <Trans>The server cannot be reached.</Trans>
    case 'auth':
      return <Trans>Your session has expired. Sign in again to sync.</Trans>
    case 'rejected':
      return <Trans>The server refused a change.</Trans>
    default:
      return <Trans>Something went wrong while syncing.</Trans>
  }
}

const DOT: Record<SyncStatus['phase'], string> = {
  idle: 'var(--mantine-color-green-7)',
  syncing: 'var(--mantine-color-blue-7)',
  starting: 'var(--mantine-color-gray-6)',
  offline: 'var(--mantine-color-orange-7)',
  error: 'var(--mantine-color-red-7)',
}

export function SyncStatusIndicator() {
  const { t } = useLingui()
  const state = useOwnerStoreState()
  const status = useSyncStatus()
  const [opened, setOpened] = useState(false)

  if (state.status === 'failed') {
    return (
      <Text size="sm" c="red.8" role="status">
        <Trans>Local data could not be opened</Trans>
      </Text>
    )
  }
  if (!status) return null

  const pending = status.pending
  const label =
    status.phase === 'offline' ? t`Offline`
    : status.phase === 'syncing' ? t`Syncing…`
    : status.phase === 'error' ? t`Sync failed`
    : status.phase === 'starting' ? t`Connecting…`
    : t`Synced`

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow shadow="md" width={280}>
      <Popover.Target>
        <UnstyledButton
          onClick={() => setOpened((o) => !o)}
          aria-expanded={opened}
          data-testid="sync-status"
          data-phase={status.phase}
          px="xs"
          className={classes.trigger}
        >
          {/* The name is this whole sentence; the compact visible part (hidden
              on phones) stays out of it, so the count shown beside the label
              is never read twice or out of place. */}
          <VisuallyHidden>{pending > 0 ? t`Sync status: ${label}, changes waiting: ${pending}` : t`Sync status: ${label}`}</VisuallyHidden>
          <Group gap={6} wrap="nowrap" aria-hidden>
            <Box className={classes.dot} bg={DOT[status.phase]} />
            <Text size="sm" visibleFrom="sm">{label}</Text>
            {status.pending > 0 && (
              <Text size="sm" fw={600}>
                {status.pending}
              </Text>
            )}
          </Group>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" aria-live="polite">
          <Text fw={600}>{label}</Text>
          <Text size="sm">
            {status.online ? <Trans>This device is online.</Trans> : <Trans>This device is offline. Changes are saved here and sent when the connection returns.</Trans>}
          </Text>
          <Text size="sm">
            {status.pending > 0 ? (
              <Plural value={status.pending} one="# change is waiting to be sent." other="# changes are waiting to be sent." />
            ) : (
              <Trans>No changes are waiting.</Trans>
            )}
          </Text>
          <Text size="sm" c="dimmed">
            {status.lastSyncedAt ? (
              <Trans>
                Last synced <RelativeTime at={status.lastSyncedAt} />
              </Trans>
            ) : (
              <Trans>Not synced yet on this device.</Trans>
            )}
          </Text>
          {status.phase === 'error' && status.error && (
            <>
              <Text size="sm" c="red.8" role="alert">
                <ErrorText code={status.error.code} />
              </Text>
              {status.leader && (
                <Button size="xs" variant="light" onClick={() => state.status === 'ready' && state.store.sync.retry()}>
                  <Trans>Try again</Trans>
                </Button>
              )}
            </>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}
