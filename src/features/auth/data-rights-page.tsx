// /data-rights: the owner's data rights for an owner whose phone is not
// verified yet, who cannot reach the settings screen (the dashboard asks for
// a verified phone) but may still take their data or leave. The phone
// verification screen links here. The card is the settings screen's own
// (src/components/data-rights-card.tsx); its calls are TanStack Query
// mutations, so the page provides the app's one client, as a screen outside
// the dashboard does (src/app/README.md).
import { Anchor, Container, Stack, Text, Title } from '@mantine/core'
import { QueryClientProvider } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { DataRightsCard } from '../../components/data-rights-card.tsx'
import { queryClient } from '../../lib/query-client.ts'
import { useSession } from '../../lib/session.tsx'

export function DataRightsPage() {
  const session = useSession()
  const email = session.profile?.email ?? session.user?.email ?? ''
  return (
    <QueryClientProvider client={queryClient}>
      <Container size={640} px="md" py="xl">
        <Stack gap="lg">
          <div>
            <Title order={1} size="h2">
              <Trans>Your account</Trans>
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              <Trans>
                Signed in as{' '}
                <Text span fw={600} c="dark">
                  {email}
                </Text>
                . You can download or delete your data before you verify your phone number.
              </Trans>
            </Text>
          </div>
          <DataRightsCard email={email} />
          <Anchor component={Link} to="/phone-verify" size="sm" data-testid="data-rights-back">
            <Trans>Back to phone verification</Trans>
          </Anchor>
        </Stack>
      </Container>
    </QueryClientProvider>
  )
}
