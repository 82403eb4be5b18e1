// /dashboard/settings: the owner's profile (photo, e-mail, business name),
// the WhatsApp Cloud API connection (write-only credentials, the webhook to
// give Meta), the addresses an external automation calls, and the owner's
// data rights (download the data, delete the account). Online-only:
// nothing here is in the local store; offline the screen says so and keeps
// what was typed.
import { Alert, Paper, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { LoadError } from '../../components/list-states.tsx'
import { useFirstAnswerInSlices } from '../../components/render-in-slices.tsx'
import { DataRightsCard } from '../../components/data-rights-card.tsx'
import { ScreenHeader } from '../../components/screen-header.tsx'
import { useSession } from '../../lib/session.tsx'
import { useOnline } from '../../lib/use-online.ts'
import { useSupabaseUrl } from '../../lib/use-runtime-config.ts'
import { AutomationCard } from './automation-card.tsx'
import { ConnectCard } from './connect-card.tsx'
import { SettingsForm } from './settings-form.tsx'
import { useSettingsData } from './use-settings.ts'

export function SettingsScreen() {
  const session = useSession()
  const userId = session.user?.id ?? null
  const email = session.profile?.email ?? session.user?.email ?? ''
  return (
    <Stack gap="lg">
      <ScreenHeader
        title={<Trans>Settings</Trans>}
        description={<Trans>Your profile, your WhatsApp connection and the addresses your automations use.</Trans>}
        actions={null}
      />
      {userId && <SettingsBody userId={userId} email={email} />}
    </Stack>
  )
}

function SettingsBody(props: { userId: string; email: string }) {
  const { t } = useLingui()
  const online = useOnline()
  // The loaded settings make a large tree (the form, three cards, their dialogs): the skeleton stays
  // while it renders in slices; a save's new values show at once.
  const data = useFirstAnswerInSlices(useSettingsData(props.userId), (query) => query.isSuccess)
  const supabaseUrl = useSupabaseUrl()

  let body
  if (data.isSuccess) {
    body = (
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" verticalSpacing="lg">
          <SettingsForm userId={props.userId} data={data.data} />
          <Stack gap="lg">
            <ConnectCard userId={props.userId} supabaseUrl={supabaseUrl} verifyToken={data.data.verifyToken} />
            <AutomationCard userId={props.userId} supabaseUrl={supabaseUrl} status={data.data.automationToken} />
          </Stack>
        </SimpleGrid>
        <DataRightsCard email={props.email} />
      </Stack>
    )
  } else if (data.isError && !data.isFetching) {
    body = (
      <LoadError
        title={t`Unable to load your settings`}
        message={t`Your settings could not be read. Check your connection and try again.`}
        onRetry={() => void data.refetch()}
        testId="settings-load-error"
      />
    )
  } else {
    body = <SettingsSkeleton />
  }

  return (
    <>
      {!online && (
        <Alert color="yellow" title={t`You are offline`} role="status" data-testid="settings-offline">
          {data.isSuccess ? (
            <Trans>Settings are saved on the server, so saving waits for an internet connection. What you type stays here.</Trans>
          ) : (
            <Trans>Your settings load once you are back online.</Trans>
          )}
        </Alert>
      )}
      {body}
    </>
  )
}

function SettingsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" role="status" data-testid="settings-loading">
      <VisuallyHidden>
        <Trans>Loading your settings</Trans>
      </VisuallyHidden>
      {[0, 1].map((i) => (
        <Paper key={i} withBorder radius="md" p="lg">
          <Skeleton height={22} width="45%" mb="lg" />
          <Skeleton height={36} mb="md" />
          <Skeleton height={36} mb="md" />
          <Skeleton height={36} />
        </Paper>
      ))}
    </SimpleGrid>
  )
}
