// The addresses an owner's external automation (n8n, Make, Zapier) calls
// (spec §7), and the automation token that opens them: generated here, shown
// once (only its hash is kept), replaced by the next one, revocable.
import { useState } from 'react'
import { Alert, Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core'
import { modals } from '@mantine/modals'
import { notifications } from '@mantine/notifications'
import { Trans, useLingui } from '@lingui/react/macro'
import { ownerEndpoints } from '../../../domain/settings.ts'
import { CopyField } from '../../components/copy.tsx'
import { SectionCard } from '../../components/section-card.tsx'
import { useOnline } from '../../lib/use-online.ts'
import type { AutomationTokenStatus } from './api.ts'
import { useAutomationToken } from './use-settings.ts'

export function AutomationCard(props: { userId: string; supabaseUrl: string | null; status: AutomationTokenStatus }) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const token = useAutomationToken(props.userId)
  const [fresh, setFresh] = useState<string | null>(null)
  const endpoints = props.supabaseUrl ? ownerEndpoints(props.supabaseUrl, props.userId) : null
  const since = props.status.created_at ? i18n.date(props.status.created_at, { dateStyle: 'medium', timeStyle: 'short' }) : ''

  async function generate() {
    try {
      const made = await token.create.mutateAsync()
      setFresh(made.token)
    } catch (error) {
      console.error('generating the automation token failed', error)
      notifications.show({ color: 'red', message: t`The token could not be generated. Please try again.` })
    }
  }

  function confirmGenerate() {
    if (!props.status.set) return void generate()
    modals.openConfirmModal({
      title: t`Generate a new token?`,
      children: <Text size="sm">{t`The current token stops working at once: update your automation with the new one.`}</Text>,
      labels: { confirm: t`Generate new token`, cancel: t`Cancel` },
      closeButtonProps: { 'aria-label': t`Close` },
      onConfirm: () => void generate(),
    })
  }

  function confirmRevoke() {
    modals.openConfirmModal({
      title: t`Revoke the token?`,
      children: <Text size="sm">{t`Your automation can no longer reach these addresses until you generate a new token.`}</Text>,
      labels: { confirm: t`Revoke`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t`Close` },
      onConfirm: async () => {
        try {
          await token.revoke.mutateAsync()
          setFresh(null)
          notifications.show({ color: 'green', message: t`The token was revoked.` })
        } catch (error) {
          console.error('revoking the automation token failed', error)
          notifications.show({ color: 'red', message: t`The token could not be revoked. Please try again.` })
        }
      },
    })
  }

  return (
    <SectionCard
      title={<Trans>Automation endpoints</Trans>}
      description={
        <Trans>
          If you run your own automation (n8n, Make, Zapier), it fetches your WhatsApp credentials, products and business information from
          these addresses, and calls the POST address after each message it sends to update your credit usage. Every call needs your
          automation token in the header Authorization: Bearer.
        </Trans>
      }
    >

      {endpoints ? (
        <Stack gap="sm">
          <CopyField prefix="GET" label={t`WhatsApp credentials`} name={t`WhatsApp credentials address`} value={endpoints.automation} testId="settings-endpoint-credentials" />
          <CopyField prefix="GET" label={t`Products`} name={t`Products address`} value={endpoints.products} testId="settings-endpoint-products" />
          <CopyField prefix="GET" label={t`Business information`} name={t`Business information address`} value={endpoints.user} testId="settings-endpoint-user" />
          <CopyField prefix="POST" label={t`Message sent (uses one credit)`} name={t`Message sent address`} value={endpoints.automation} testId="settings-endpoint-sent" />
        </Stack>
      ) : (
        <Skeleton height={200} />
      )}

      <Stack gap="xs" data-testid="settings-automation-token" data-state={props.status.set ? 'set' : 'unset'}>
        <Group gap="xs">
          <Text fw={600} size="sm">
            <Trans>Automation token</Trans>
          </Text>
          {props.status.set ? (
            <Badge color="green" variant="light">
              {t`Active since ${since}`}
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              <Trans>None yet</Trans>
            </Badge>
          )}
        </Group>
        {fresh && (
          <>
            <Alert color="yellow" variant="light" role="status">
              <Trans>Copy your token now: for your security it is not shown again. If you lose it, generate a new one.</Trans>
            </Alert>
            <CopyField label={t`Your new token`} name={t`automation token`} value={fresh} testId="settings-new-token" />
          </>
        )}
        <Group gap="sm">
          <Button variant="light" onClick={confirmGenerate} loading={token.create.isPending} disabled={!online} data-testid="settings-generate-token">
            {props.status.set ? <Trans>Generate new token</Trans> : <Trans>Generate token</Trans>}
          </Button>
          {props.status.set && (
            <Button variant="subtle" color="red" onClick={confirmRevoke} disabled={!online} data-testid="settings-revoke-token">
              <Trans>Revoke</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </SectionCard>
  )
}
