// The chatbot screen's parts built from one online-only query (the settings
// form, the business profile, the widget code): until its first answer the
// part is a skeleton, or says it waits for the connection; a failed read is
// a retry, never an empty form that a save would write over what is stored.
import { useEffect, type ReactNode } from 'react'
import { Alert, Paper, VisuallyHidden } from '@mantine/core'
import { Trans } from '@lingui/react/macro'
import type { UseQueryResult } from '@tanstack/react-query'
import { LoadError, type LoadErrorProps } from '../../components/list-states.tsx'

export type FirstLoadProps<T> = {
  query: UseQueryResult<T>
  online: boolean
  /** Logged when the read fails: "loading the business profile" (spec §8 for the configuration). */
  logAs?: string
  failed: Omit<LoadErrorProps, 'onRetry'>
  /** Why nothing shows while offline before the first answer. */
  offline: ReactNode
  offlineTestId?: string
  skeleton: ReactNode
  children: (data: T) => ReactNode
}

export function FirstLoad<T>(props: FirstLoadProps<T>) {
  const { query, logAs } = props
  useEffect(() => {
    if (query.error && logAs) console.error(`${logAs} failed`, query.error)
  }, [query.error, logAs])

  if (query.isSuccess) return props.children(query.data)
  if (query.isError && !query.isFetching) return <LoadError {...props.failed} onRetry={() => void query.refetch()} />
  if (!props.online) {
    return (
      <Alert color="yellow" title={<Trans>You are offline</Trans>} role="status" data-testid={props.offlineTestId}>
        {props.offline}
      </Alert>
    )
  }
  return props.skeleton
}

/** A card-sized skeleton that tells a screen reader what is loading. */
export function LoadingCard(props: { label: ReactNode; testId: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" role="status" data-testid={props.testId}>
      <VisuallyHidden>{props.label}</VisuallyHidden>
      {props.children}
    </Paper>
  )
}
