import { Paper, SimpleGrid, Skeleton, Text, VisuallyHidden } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import type { CreditsBalance } from './api.ts'
import { formatCount } from './format.ts'
import classes from './credits.module.css'

/** Remaining, used and purchased credits as a description list, one card each. */
export function BalanceCards(props: { balance: CreditsBalance }) {
  const { i18n } = useLingui()
  const { balance } = props
  return (
    <SimpleGrid
      component="dl"
      cols={{ base: 1, xs: 3 }}
      spacing="md"
      className={classes.balanceGrid}
      data-testid="credits-balance"
      data-fallback={balance.id === 'fallback' || undefined}
    >
      {[
        { label: <Trans>Remaining credits</Trans>, value: balance.remaining, testId: 'balance-remaining', main: true },
        { label: <Trans>Total used</Trans>, value: balance.used, testId: 'balance-used', main: false },
        { label: <Trans>Total purchased</Trans>, value: balance.amount, testId: 'balance-purchased', main: false },
      ].map((card) => (
        <Paper key={card.testId} withBorder radius="md" p="md" className={card.main ? `${classes.balanceCard} ${classes.remaining}` : classes.balanceCard}>
          <Text component="dt" size="sm" fw={600} c="gray.8">
            {card.label}
          </Text>
          <Text component="dd" className={classes.figure} c={card.main ? 'brand.9' : undefined} data-testid={card.testId}>
            {formatCount(card.value, i18n.locale)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  )
}

// A status with words, not a label: aria-label on an element without a role is
// ignored, and aria-busy on a live region would hold back its announcement.
export function BalanceSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" role="status" data-testid="credits-loading">
      <VisuallyHidden>
        <Trans>Loading credits</Trans>
      </VisuallyHidden>
      {[0, 1, 2].map((i) => (
        <Paper key={i} withBorder radius="md" p="md">
          <Skeleton height={12} width="55%" mb="sm" />
          <Skeleton height={30} width="40%" />
        </Paper>
      ))}
    </SimpleGrid>
  )
}
