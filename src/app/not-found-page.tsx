import { Button, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'

export function NotFoundPage() {
  return (
    <Stack align="center" gap="md" py="xl" px="md" ta="center">
      <Title order={1}>
        <Trans>Page not found</Trans>
      </Title>
      <Text c="dimmed">
        <Trans>The page you are looking for does not exist or has moved.</Trans>
      </Text>
      <Button component={Link} to="/">
        <Trans>Back to the homepage</Trans>
      </Button>
    </Stack>
  )
}
