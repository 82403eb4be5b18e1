// The top of a dashboard screen: its title, an optional line saying what it is
// for, and its main buttons, which wrap under the title on a phone.
import type { ReactNode } from 'react'
import { Group, Text, Title } from '@mantine/core'

export type ScreenHeaderProps = {
  title: ReactNode
  description?: ReactNode
  actions: ReactNode
}

export function ScreenHeader(props: ScreenHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <div>
        <Title order={1}>{props.title}</Title>
        {props.description && (
          <Text c="dimmed" mt={4}>
            {props.description}
          </Text>
        )}
      </div>
      {props.actions}
    </Group>
  )
}
