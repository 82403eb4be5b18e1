import { Badge, Container, Stack, Text, Title } from '@mantine/core'
import { Trans } from '@lingui/react/macro'
import { useApiStatus } from './use-api-status.ts'

export function LandingPage() {
  const status = useApiStatus()
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" component="main">
        <Title order={1}>
          <Trans>Your business's assistant that answers customers around the clock</Trans>
        </Title>
        <Text size="lg">
          <Trans>
            Answers on WhatsApp and on your website from your own catalogue, keeps your appointments and reminds your
            customers.
          </Trans>
        </Text>
        <div role="status" aria-live="polite">
          {status === 'checking' && (
            <Badge color="gray" variant="light">
              <Trans>Checking the connection…</Trans>
            </Badge>
          )}
          {status === 'online' && (
            <Badge color="brand" variant="light">
              <Trans>Connected to the server</Trans>
            </Badge>
          )}
          {status === 'unreachable' && (
            <Badge color="red" variant="light">
              <Trans>The server cannot be reached</Trans>
            </Badge>
          )}
        </div>
      </Stack>
    </Container>
  )
}
