// The newest purchases: a table on wider screens, stacked rows on a phone.
import { Paper, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { DataTable } from '../../components/data-table.tsx'
import { useMedia } from '../../components/media.ts'
import type { CreditTransaction } from './api.ts'
import { WIDE_SCREEN_QUERY } from './constants.ts'
import { formatCount, formatTransactionAmount, formatTransactionDate, transactionTone } from './format.ts'
import { STATUS_LABELS } from './messages.ts'
import classes from './credits.module.css'

function StatusPill(props: { status: string }) {
  const { i18n } = useLingui()
  const tone = transactionTone(props.status)
  return (
    <span className={classes.status} data-tone={tone} data-testid="transaction-status">
      {i18n._(STATUS_LABELS[tone])}
    </span>
  )
}

export function TransactionsList(props: { transactions: readonly CreditTransaction[] }) {
  const { i18n } = useLingui()
  const wide = useMedia(WIDE_SCREEN_QUERY, true)
  if (props.transactions.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg" data-testid="transactions-empty">
        <Text c="gray.7" size="sm" ta="center">
          <Trans>No purchases yet. Packages you buy are listed here.</Trans>
        </Text>
      </Paper>
    )
  }
  if (wide) {
    return (
      <Paper withBorder radius="md" data-testid="transactions">
        <DataTable
          verticalSpacing="sm"
          horizontalSpacing="md"
          rows={props.transactions}
          rowKey={(tx) => tx.id}
          rowTestId="transaction-row"
          columns={[
            { key: 'date', header: <Trans>Date</Trans>, cellClassName: classes.nowrap, cell: (tx) => formatTransactionDate(tx.created_at, i18n.locale) },
            { key: 'messages', header: <Trans>Messages</Trans>, className: classes.numeric, cell: (tx) => formatCount(tx.credits_purchased, i18n.locale) },
            {
              key: 'amount',
              header: <Trans>Amount</Trans>,
              className: classes.numeric,
              cellTestId: 'transaction-amount',
              cell: (tx) => formatTransactionAmount(tx.amount, i18n.locale),
            },
            { key: 'status', header: <Trans>Status</Trans>, cell: (tx) => <StatusPill status={tx.status} /> },
          ]}
        />
      </Paper>
    )
  }
  return (
    <Paper withBorder radius="md" px="md" py={4} data-testid="transactions">
      <ul className={classes.txList}>
        {props.transactions.map((tx) => (
          <TransactionItem key={tx.id} transaction={tx} />
        ))}
      </ul>
    </Paper>
  )
}

function TransactionItem(props: { transaction: CreditTransaction }) {
  const { i18n } = useLingui()
  const tx = props.transaction
  const count = tx.credits_purchased
  return (
    <li className={classes.txRow} data-testid="transaction-row">
      <Text size="sm" fw={600}>
        {formatTransactionDate(tx.created_at, i18n.locale)}
      </Text>
      <Text size="sm" fw={700} className={classes.numeric} data-testid="transaction-amount">
        {formatTransactionAmount(tx.amount, i18n.locale)}
      </Text>
      <Text size="sm" c="gray.7">
        <Plural value={count} one="# message" other="# messages" />
      </Text>
      <div className={classes.numeric}>
        <StatusPill status={tx.status} />
      </div>
    </li>
  )
}

/** Announced as a status in words, like BalanceSkeleton. */
export function TransactionsSkeleton() {
  return (
    <Paper withBorder radius="md" p="md" role="status" data-testid="transactions-loading">
      <VisuallyHidden>
        <Trans>Loading transactions</Trans>
      </VisuallyHidden>
      <Stack gap="md">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={14} />
        ))}
      </Stack>
    </Paper>
  )
}
