// What a list screen shows instead of, or above, its rows: nothing there yet
// or nothing matching, the store failing to answer, and the count.
import type { ReactNode } from 'react'
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'

export type EmptyStateProps = {
  title: string
  text: string
  /** The way forward: add the first record, clear the search… */
  action: ReactNode
  testId: string
}

export function EmptyState(props: EmptyStateProps) {
  return (
    <Paper withBorder radius="md" p="xl" data-testid={props.testId}>
      <Stack align="center" gap="xs" ta="center">
        <Title order={2} size="h3">
          {props.title}
        </Title>
        <Text c="dimmed" size="sm" maw={440}>
          {props.text}
        </Text>
        <div>{props.action}</div>
      </Stack>
    </Paper>
  )
}

/** A search that finds nothing: says what was searched and offers to clear it. */
export function NoMatches(props: { title: string; text: string; onClear: () => void; testId: string }) {
  const { t } = useLingui()
  return (
    <EmptyState
      title={props.title}
      text={props.text}
      action={
        <Button variant="default" onClick={props.onClear}>
          {t`Clear search`}
        </Button>
      }
      testId={props.testId}
    />
  )
}

export type LoadErrorProps = {
  title: string
  message: string
  onRetry: () => void
  testId?: string
}

/** The records could not be read: an empty list would look like "none yet", so say so and offer to try again. */
export function LoadError(props: LoadErrorProps) {
  return (
    <Alert color="red" title={props.title} role="alert" data-testid={props.testId}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{props.message}</Text>
        <Button size="xs" color="red" variant="light" onClick={props.onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    </Alert>
  )
}

/** The line above a list saying how many records it holds; read out when it changes. */
export function ListCount(props: { testId: string; children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" aria-live="polite" data-testid={props.testId}>
      {props.children}
    </Text>
  )
}

export type RecordCountProps = {
  testId: string
  shown: number
  total: number
  /** The count when every record shows ("12 products"). */
  all: string
  /** The count when a search or filter leaves some out ("3 of 12 products"). */
  some: string
}

/** A ListCount of a list that a search or filter may narrow. */
export function RecordCount(props: RecordCountProps) {
  return <ListCount testId={props.testId}>{props.shown === props.total ? props.all : props.some}</ListCount>
}
