// The addresses an owner's external automation (n8n, Make, Zapier) calls
// (spec §7), and what opens them: the automation token, generated here after
// the account password, shown once (only its hash is kept), replaced by the
// next one, revocable without the password; when it was made and last used;
// and whether the automation may read the WhatsApp access token (off until
// the owner turns it on, which takes the password; turning it off does not).
import { useId, useState } from 'react'
import { Alert, Badge, Button, Group, Skeleton, Stack, Switch, Text } from '@mantine/core'
import { modals } from '@mantine/modals'
import { notifications } from '@mantine/notifications'
import { Trans, useLingui } from '@lingui/react/macro'
import { ownerEndpoints } from '../../../domain/settings.ts'
import { CopyField } from '../../components/copy.tsx'
import { SectionCard } from '../../components/section-card.tsx'
import { useOnline } from '../../lib/use-online.ts'
import { AutomationTokenFailure, type AutomationTokenStatus } from './api.ts'
import { automationTokenFailureText } from './messages.ts'
import { PasswordDialog } from './password-dialog.tsx'
import { useAutomationToken } from './use-settings.ts'

type Prompt = 'create' | 'share' | null

export function AutomationCard(props: { userId: string; supabaseUrl: string | null; status: AutomationTokenStatus }) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const token = useAutomationToken(props.userId)
  const [fresh, setFresh] = useState<string | null>(null)
  const [prompt, setPrompt] = useState<Prompt>(null)
  const shareDescription = useId()
  const endpoints = props.supabaseUrl ? ownerEndpoints(props.supabaseUrl, props.userId) : null
  const when = (at: string) => i18n.date(at, { dateStyle: 'medium', timeStyle: 'short' })
  const created = props.status.created_at ? when(props.status.created_at) : ''
  const lastUsed = props.status.last_used_at ? when(props.status.last_used_at) : ''
  const shared = props.status.share_access_token

  async function generate(password: string) {
    const made = await token.create.mutateAsync(password)
    setFresh(made.token)
  }

  async function share(password: string) {
    await token.share.mutateAsync({ on: true, password })
    notifications.show({ color: 'green', message: t`Your automation can now read the access token.` })
  }

  async function stopSharing() {
    try {
      await token.share.mutateAsync({ on: false })
    } catch (error) {
      console.error('stopping sharing the access token failed', error)
      const failure = error instanceof AutomationTokenFailure ? error : new AutomationTokenFailure('server_error')
      notifications.show({ color: 'red', message: t(automationTokenFailureText(failure)) })
    }
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
          <CopyField
            prefix="POST"
            label={t`Message sent (uses one credit)`}
            name={t`Message sent address`}
            description={t`Or let us send it: a JSON body with "to" (the customer's number, e.g. 905321234567) and "text" sends the message on WhatsApp with your saved credentials.`}
            value={endpoints.automation}
            testId="settings-endpoint-sent"
          />
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
              <Trans>Active</Trans>
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              <Trans>None yet</Trans>
            </Badge>
          )}
        </Group>
        {props.status.set && (
          <Stack gap={2} data-testid="settings-token-dates">
            <Text size="sm" c="dimmed">
              {t`Created ${created}`}
            </Text>
            <Text size="sm" c="dimmed" data-testid="settings-token-last-used">
              {lastUsed ? t`Last used ${lastUsed}` : t`Never used yet`}
            </Text>
          </Stack>
        )}
        {fresh && (
          <>
            <Alert color="yellow" variant="light" role="status">
              <Trans>Copy your token now: for your security it is not shown again. If you lose it, generate a new one.</Trans>
            </Alert>
            <CopyField label={t`Your new token`} name={t`automation token`} value={fresh} testId="settings-new-token" />
          </>
        )}
        <Group gap="sm">
          <Button variant="light" onClick={() => setPrompt('create')} disabled={!online} data-testid="settings-generate-token">
            {props.status.set ? <Trans>Generate new token</Trans> : <Trans>Generate token</Trans>}
          </Button>
          {props.status.set && (
            <Button variant="subtle" color="red" onClick={confirmRevoke} disabled={!online} data-testid="settings-revoke-token">
              <Trans>Revoke</Trans>
            </Button>
          )}
        </Group>
      </Stack>

      <Stack gap={4}>
        {/* The description beside, not inside, the switch: Mantine wraps a description in the switch's label, which would make it part of its name. */}
        <Switch
          checked={shared}
          onChange={(event) => {
            if (event.currentTarget.checked) setPrompt('share')
            else void stopSharing()
          }}
          disabled={!online || token.share.isPending}
          label={t`Share the access token with my automation`}
          aria-describedby={shareDescription}
          data-testid="settings-share-token"
        />
        <Text id={shareDescription} size="xs" c="dimmed">
          {shared
            ? t`The WhatsApp credentials address also gives your access token. Turn this off if your automation sends through the POST address.`
            : t`Off: the WhatsApp credentials address gives only the phone number ID, never your secrets. Turning it on asks for your password.`}
        </Text>
      </Stack>

      <PasswordDialog
        opened={prompt === 'create'}
        onClose={() => setPrompt(null)}
        title={props.status.set ? <Trans>Generate a new token?</Trans> : <Trans>Generate a token</Trans>}
        description={
          props.status.set ? (
            <Trans>Enter your password to confirm. The current token stops working at once: update your automation with the new one.</Trans>
          ) : (
            <Trans>Enter your password to confirm. Whoever holds the token can use these addresses for your business.</Trans>
          )
        }
        confirmLabel={props.status.set ? <Trans>Generate new token</Trans> : <Trans>Generate token</Trans>}
        testId="generate-token-dialog"
        onConfirm={generate}
      />
      <PasswordDialog
        opened={prompt === 'share'}
        onClose={() => setPrompt(null)}
        title={<Trans>Share the access token?</Trans>}
        description={
          <Trans>
            Enter your password to confirm. Your automation will be able to read your WhatsApp access token and send messages in your name
            without us. Your app secret is never shared.
          </Trans>
        }
        confirmLabel={<Trans>Share the access token</Trans>}
        testId="share-token-dialog"
        onConfirm={share}
      />
    </SectionCard>
  )
}
