// A list of questions as the Business info tab's FAQ and the Insights tab's
// unanswered questions show them: one card a question, what is said under
// it, its buttons at the end; a card saying why there is none yet.
import type { ReactNode } from 'react'
import { Group, Paper, Stack, Text } from '@mantine/core'
import classes from './questions.module.css'

export type QuestionListProps<T> = {
  items: readonly T[]
  testId: string
  /** Shown instead of an empty list. */
  empty: { title: ReactNode; text: ReactNode; testId: string }
  /** A keyed QuestionCard. */
  children: (item: T) => ReactNode
}

export function QuestionList<T>(props: QuestionListProps<T>) {
  const { empty } = props
  if (props.items.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg" bg="gray.0" data-testid={empty.testId}>
        <Stack gap={4} align="center" ta="center">
          <Text fw={600}>{empty.title}</Text>
          <Text size="sm" c="dimmed" maw={480}>
            {empty.text}
          </Text>
        </Stack>
      </Paper>
    )
  }
  return (
    <ul className={classes.list} data-testid={props.testId}>
      {props.items.map(props.children)}
    </ul>
  )
}

export function QuestionCard(props: { question: string; testId: string; children: ReactNode; actions: ReactNode }) {
  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid={props.testId}>
      <Stack gap={6}>
        <Text fw={700} className={classes.question}>
          {props.question}
        </Text>
        {props.children}
        <Group gap="xs" justify="flex-end">
          {props.actions}
        </Group>
      </Stack>
    </Paper>
  )
}
