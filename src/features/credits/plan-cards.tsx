// The four packages of domain/plans.ts. Starter, Growth and Business start a
// checkout; Enterprise is priced per customer, so it is a mail link.
import { Badge, Box, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { PLANS, formatUsd, isPurchasable, type Plan, type PlanId, type PurchasablePlan } from '../../../domain/plans.ts'
import { EnterpriseContact } from '../../components/enterprise-contact.tsx'
import { PLAN_NAMES, PLAN_SUMMARIES } from '../../lib/plan-messages.ts'
import { formatCount } from './format.ts'
import classes from './credits.module.css'

export type PlanCardsProps = {
  /** The plan whose checkout is starting: its button spins until the browser leaves. */
  pending: PlanId | null
  /** No purchase now (offline, a payment being processed, another checkout starting). */
  disabled: boolean
  /** The element that says why the buttons are disabled, if one does; a disabled button otherwise gives no reason. */
  disabledReasonId?: string
  onBuy: (plan: PurchasablePlan) => void
}

export function PlanCards(props: PlanCardsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
      {PLANS.map((plan) => (
        <PlanCard key={plan.id} plan={plan} {...props} />
      ))}
    </SimpleGrid>
  )
}

function PlanCard(props: PlanCardsProps & { plan: Plan }) {
  const { t, i18n } = useLingui()
  const { plan } = props
  const name = i18n._(PLAN_NAMES[plan.id])
  const messages = formatCount(plan.messages, i18n.locale)
  const titleId = `credits-plan-${plan.id}`
  const disabled = props.disabled && props.pending !== plan.id
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      padding="md"
      className={`${classes.planCard} ${plan.popular ? classes.popular : ''}`}
      data-testid={`plan-${plan.id}`}
    >
      {plan.popular && (
        <Badge color="brand" variant="filled" className={classes.popularBadge}>
          <Trans>Most popular</Trans>
        </Badge>
      )}
      <Stack gap="xs" h="100%">
        <Title order={3} size="h4" id={titleId}>
          {name}
        </Title>
        <Text className={classes.price} c="dark.8">
          {plan.priceCents === null ? <Trans>Custom</Trans> : formatUsd(plan.priceCents, i18n.locale)}
        </Text>
        <Text size="sm" fw={600}>
          <Trans>{messages} messages</Trans>
        </Text>
        <Text size="sm" c="gray.7">
          {i18n._(PLAN_SUMMARIES[plan.id])}
        </Text>
        <Box mt="auto" pt="xs">
          {isPurchasable(plan) ? (
            <Button
              fullWidth
              variant={plan.popular ? 'filled' : 'light'}
              loading={props.pending === plan.id}
              disabled={disabled}
              onClick={() => props.onBuy(plan)}
              aria-label={t`Buy ${name}`}
              aria-describedby={disabled ? props.disabledReasonId : undefined}
            >
              <Trans>Buy</Trans>
            </Button>
          ) : (
            <EnterpriseContact gap={4} />
          )}
        </Box>
      </Stack>
    </Card>
  )
}
