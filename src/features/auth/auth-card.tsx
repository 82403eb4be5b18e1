// The frame of the auth screens (sign-in and sign-up, phone verification): a
// narrow card with the screen's title and what it asks for.
import type { ReactNode } from 'react'
import { Container, Paper, Stack, Text, Title } from '@mantine/core'

export function AuthCard(props: { title: ReactNode; description?: ReactNode; children: ReactNode }) {
  return (
    <Container size={440} px="md" py="xl">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              {props.title}
            </Title>
            {props.description && (
              <Text c="dimmed" size="sm" mt={4}>
                {props.description}
              </Text>
            )}
          </div>
          {props.children}
        </Stack>
      </Paper>
    </Container>
  )
}
