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
      <Paper withBorder radius="md" p="md" className={`${classes.balanceCard} ${classes.remaining}`}>
        <Text component="dt" size="sm" fw={600} c="gray.8">
          <Trans>Remaining credits</Trans>
        </Text>
        <Text component="dd" className={classes.figure} c="brand.9" data-testid="balance-remaining">
          {formatCount(balance.remaining, i18n.locale)}
        </Text>
      </Paper>
      <Paper withBorder radius="md" p="md" className={classes.balanceCard}>
        <Text component="dt" size="sm" fw={600} c="gray.8">
          <Trans>Total used</Trans>
        </Text>
        <Text component="dd" className={classes.figure} data-testid="balance-used">
          {formatCount(balance.used, i18n.locale)}
        </Text>
      </Paper>
      <Paper withBorder radius="md" p="md" className={classes.balanceCard}>
        <Text component="dt" size="sm" fw={600} c="gray.8">
          <Trans>Total purchased</Trans>
        </Text>
        <Text component="dd" className={classes.figure} data-testid="balance-purchased">
          {formatCount(balance.amount, i18n.locale)}
        </Text>
      </Paper>
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
