// The owner's view of sync in the dashboard header: online or offline, local
// changes waiting, the last successful sync, an error with a retry, and the
// changes the server refused, each with its reason, to retry or discard.
import '@mantine/core/styles/Popover.css'
import { useEffect, useState } from 'react'
import { Box, Button, Group, Popover, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { RefusalReason, RefusedChange, SyncEngine, SyncErrorCode, SyncStatus } from '../../sync/index.ts'
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

function useRefusedChanges(): RefusedChange[] {
  const state = useOwnerStoreState()
  const sync = state.status === 'ready' ? state.store.sync : null
  const [changes, setChanges] = useState<{ sync: SyncEngine | null; list: RefusedChange[] }>({ sync: null, list: [] })
  useEffect(() => {
    if (!sync) return
    const sub = sync.refused$.subscribe((list) => setChanges({ sync, list }))
    return () => sub.unsubscribe()
  }, [sync])
  // A list from a store that has since closed is not this owner's.
  return sync && changes.sync === sync ? changes.list : []
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

function RefusalText(props: { reason: RefusalReason }) {
  switch (props.reason) {
    case 'invalid':
      return <Trans>The server does not accept some of its values.</Trans>
    case 'duplicate':
      return <Trans>Its identifier is already in use on the server.</Trans>
    case 'reference':
      return <Trans>It refers to a record that is not on the server.</Trans>
    case 'forbidden':
      return <Trans>The server does not allow it, for example because it refers to a record that has not reached the server.</Trans>
    default:
      return <Trans>The server refused it.</Trans>
  }
}

const KIND: Record<RefusedChange['table'], MessageDescriptor> = {
  products: msg`Product`,
  customers: msg`Customer`,
  appointments: msg`Appointment`,
}

/** Why this tab cannot act on refused changes now, if it cannot: only the tab that replicates can, and only online. */
type Blocked = 'offline' | 'other-tab' | null

function RefusedChanges(props: { changes: RefusedChange[]; sync: SyncEngine; blocked: Blocked }) {
  const { i18n, t } = useLingui()
  // The change whose retry or discard is running: its buttons wait.
  const [busy, setBusy] = useState<string | null>(null)
  const act = (key: string, run: (key: string) => Promise<void>) => {
    setBusy(key)
    void run(key).finally(() => setBusy(null))
  }
  return (
    <Stack gap="xs" data-testid="refused-changes">
      <Text size="sm" fw={600} c="red.8">
        <Plural value={props.changes.length} one="The server refused # change." other="The server refused # changes." />
      </Text>
      {props.changes.map((change) => {
        const kind = i18n._(KIND[change.table])
        const label = change.label
        return (
          <Box key={change.key} className={classes.refused} data-reason={change.reason}>
            <Text size="sm" fw={600}>
              {change.deleted ? <Trans>Deleting {kind} “{label}”</Trans> : <Trans>{kind} “{label}”</Trans>}
            </Text>
            <Text size="sm">
              <RefusalText reason={change.reason} />
            </Text>
            <Text size="xs" c="dimmed">
              {change.created ? (
                <Trans>It is not on the server: discarding removes it from this device.</Trans>
              ) : (
                <Trans>Discarding brings back the version on the server.</Trans>
              )}
            </Text>
            {props.blocked === null ? (
              <Group gap="xs" mt={4}>
                <Button
                  size="xs"
                  variant="light"
                  loading={busy === change.key}
                  disabled={busy !== null}
                  aria-label={t`Try again: ${kind} “${label}”`}
                  onClick={() => act(change.key, props.sync.retryRefused)}
                >
                  <Trans>Try again</Trans>
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  disabled={busy !== null}
                  aria-label={t`Discard: ${kind} “${label}”`}
                  onClick={() => act(change.key, props.sync.discardRefused)}
                >
                  <Trans>Discard</Trans>
                </Button>
              </Group>
            ) : (
              <Text size="xs" c="dimmed">
                {props.blocked === 'offline' ? (
                  <Trans>You can retry or discard it once this device is online.</Trans>
                ) : (
                  <Trans>Another tab of this app is syncing: retry or discard it there.</Trans>
                )}
              </Text>
            )}
          </Box>
        )
      })}
    </Stack>
  )
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
  const refused = useRefusedChanges()
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
  // Refused changes are not an error of sync itself: it goes on, but the owner has something to decide.
  const attention = refused.length > 0 && status.phase === 'idle'
  const label =
    status.phase === 'offline' ? t`Offline`
    : status.phase === 'syncing' ? t`Syncing…`
    : status.phase === 'error' ? t`Sync failed`
    : status.phase === 'starting' ? t`Connecting…`
    : attention ? t`Needs attention`
    : t`Synced`
  const name = pending > 0 ? t`Sync status: ${label}, changes waiting: ${pending}` : t`Sync status: ${label}`
  const refusedCount = refused.length

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow shadow="md" width={refused.length > 0 ? 340 : 280}>
      <Popover.Target>
        <UnstyledButton
          onClick={() => setOpened((o) => !o)}
          aria-expanded={opened}
          data-testid="sync-status"
          data-phase={status.phase}
          data-refused={refused.length}
          px="xs"
          className={classes.trigger}
        >
          {/* The name is this whole sentence; the compact visible part (hidden
              on phones) stays out of it, so the count shown beside the label
              is never read twice or out of place. */}
          <VisuallyHidden>{refusedCount > 0 ? t`${name}, changes refused: ${refusedCount}` : name}</VisuallyHidden>
          <Group gap={6} wrap="nowrap" aria-hidden>
            <Box className={classes.dot} bg={attention ? 'var(--mantine-color-red-7)' : DOT[status.phase]} />
            <Text size="sm" visibleFrom="sm">{label}</Text>
            {status.pending > 0 && (
              <Text size="sm" fw={600}>
                {status.pending}
              </Text>
            )}
            {refused.length > 0 && (
              <Text span size="xs" fw={700} className={classes.refusedCount}>
                {refused.length}
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
          {refused.length > 0 && state.status === 'ready' && (
            <RefusedChanges changes={refused} sync={state.store.sync} blocked={!status.online ? 'offline' : !status.leader ? 'other-tab' : null} />
          )}
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
