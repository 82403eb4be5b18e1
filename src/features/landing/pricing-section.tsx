import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Box, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { PLANS, formatUsd, type Plan } from '../../../domain/plans.ts'
import { EnterpriseContact } from '../../components/enterprise-contact.tsx'
import { PLAN_NAMES, PLAN_SUMMARIES } from '../../lib/plan-messages.ts'
import { LandingSection } from './section.tsx'
import { SvgIcon } from './svg-icon.tsx'
import classes from './landing.module.css'

function PlanCard({ plan }: { plan: Plan }) {
  const { i18n } = useLingui()
  const name = i18n._(PLAN_NAMES[plan.id])
  const messages = new Intl.NumberFormat(i18n.locale).format(plan.messages)
  const titleId = `plan-${plan.id}`
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      withBorder
      radius="lg"
      padding="lg"
      className={plan.popular ? classes.popular : undefined}
    >
      <Stack gap="sm" h="100%">
        {/* Wraps rather than truncating the badge where the card is narrow (English "Most popular" at four columns). */}
        <Group justify="space-between" align="center" gap={6} mih={26}>
          <Title order={3} size="h4" id={titleId}>
            {name}
          </Title>
          {plan.popular && (
            <Badge color="brand" variant="filled" style={{ flexShrink: 0 }}>
              <Trans>Most popular</Trans>
            </Badge>
          )}
        </Group>
        <Text c="gray.7" size="sm" mih={44}>
          {i18n._(PLAN_SUMMARIES[plan.id])}
        </Text>
        <Text fz={36} fw={800} lh={1.1} c="dark.8">
          {plan.priceCents === null ? <Trans>Custom</Trans> : formatUsd(plan.priceCents, i18n.locale)}
        </Text>
        <List spacing={6} size="sm" center icon={<Box c="brand.7" display="flex"><SvgIcon name="check" size={18} /></Box>}>
          <List.Item>
            <Trans>{messages} messages</Trans>
          </List.Item>
          <List.Item>
            <Trans>One-time payment, no subscription</Trans>
          </List.Item>
          <List.Item>
            <Trans>For WhatsApp and your website chat</Trans>
          </List.Item>
        </List>
        <Box mt="auto" pt="sm">
          {plan.priceCents === null ? (
            <EnterpriseContact />
          ) : (
            <Button component="a" href="/auth" variant={plan.popular ? 'filled' : 'light'} fullWidth>
              <Trans>Choose {name}</Trans>
            </Button>
          )}
        </Box>
      </Stack>
    </Card>
  )
}

export function PricingSection() {
  return (
    <LandingSection
      id="pricing"
      titleId="pricing-title"
      title={<Trans>Prepaid message packages</Trans>}
      intro={<Trans>Buy credits once and use them whenever customers write. No subscription, no monthly fee.</Trans>}
      bg="gray.0"
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </SimpleGrid>
    </LandingSection>
  )
}
