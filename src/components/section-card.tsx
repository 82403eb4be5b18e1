// A titled card of a screen: a bordered section named by its heading (an h2
// in the look of an h3, under the screen's h1), with something optional
// beside the title (a plan name, a button) and a dimmed line under it.
import { useId, type ReactNode } from 'react'
import { Group, Paper, Stack, Text, Title, type MantineSpacing } from '@mantine/core'

export type SectionCardProps = {
  title: ReactNode
  /** Beside the title; wraps under it when the card is narrow. */
  aside?: ReactNode
  description?: ReactNode
  /** Between the title, the description and each child; default `md`. */
  gap?: MantineSpacing
  className?: string
  testId?: string
  children: ReactNode
}

export function SectionCard(props: SectionCardProps) {
  const id = useId()
  const heading = (
    <Title order={2} size="h3" id={id}>
      {props.title}
    </Title>
  )
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id} className={props.className} data-testid={props.testId}>
      <Stack gap={props.gap ?? 'md'}>
        {props.aside ? (
          <Group justify="space-between" align="center" gap="xs">
            {heading}
            {props.aside}
          </Group>
        ) : (
          heading
        )}
        {props.description && (
          <Text size="sm" c="dimmed" mt={-8}>
            {props.description}
          </Text>
        )}
        {props.children}
      </Stack>
    </Paper>
  )
}
