// A band of the page below the hero (features, how it works, pricing): full
// width in its own colour, its content in the page's container, named by its
// h2, with an optional line under the heading.
import type { ReactNode } from 'react'
import { Box, Container, Stack, Text, Title, type MantineColor } from '@mantine/core'

export type LandingSectionProps = {
  /** The heading's id, which names the section. */
  titleId: string
  title: ReactNode
  intro?: ReactNode
  /** The section's own id, for a link to it (`#pricing`). */
  id?: string
  bg?: MantineColor
  children: ReactNode
}

export function LandingSection(props: LandingSectionProps) {
  const { titleId, title } = props
  return (
    <Box component="section" id={props.id} aria-labelledby={titleId} py={{ base: 56, md: 88 }} bg={props.bg}>
      <Container size="lg">
        {props.intro ? (
          <Stack gap="xs" align="center" ta="center" mb="xl">
            <Title order={2} id={titleId}>
              {title}
            </Title>
            <Text size="lg" c="gray.7" maw={620}>
              {props.intro}
            </Text>
          </Stack>
        ) : (
          <Title order={2} id={titleId} ta="center" mb="xl">
            {title}
          </Title>
        )}
        {props.children}
      </Container>
    </Box>
  )
}
