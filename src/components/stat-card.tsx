// One figure of a screen under its label ("Total customers", 12), three of
// them side by side even on a phone, as the customers and appointments
// screens open.
import type { ReactNode } from 'react'
import { Paper, Skeleton, Text } from '@mantine/core'
import classes from './stat-card.module.css'

export type StatCardProps = {
  label: string
  value: ReactNode
  /** While the figure loads: a skeleton of the number's own size, so nothing moves when it arrives. */
  loading?: boolean
  testId: string
  valueTestId?: string
}

export function StatCard(props: StatCardProps) {
  return (
    <Paper withBorder radius="md" className={classes.card} data-testid={props.testId}>
      <Text size="sm" c="dimmed" className={classes.label}>
        {props.label}
      </Text>
      {props.loading ? (
        // Sized in em of the number's own font.
        <Text component="div" className={classes.value}>
          <Skeleton height="1.2em" width="2em" />
        </Text>
      ) : (
        <Text className={classes.value} data-testid={props.valueTestId}>
          {props.value}
        </Text>
      )}
    </Paper>
  )
}
