// The usage tab: today's and this month's messages against the allowance
// (api_usage_limits, read through domain/chatbot-usage.ts so a day or month
// that is over counts as nothing used), the plan, and the statistics of
// get_chatbot_stats. Each part loads on its own and offers its own retry.
import { useEffect } from 'react'
import { Alert, Anchor, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { addressConcentration, capitalizePlanType, chatbotUsage, type UsageMeter, type UsageTone } from '../../../domain/chatbot-usage.ts'
import { PLAN_IDS, type PlanId } from '../../../domain/plans.ts'
import { LoadError } from '../../components/list-states.tsx'
import { SectionCard } from '../../components/section-card.tsx'
import { useOnline } from '../../lib/use-online.ts'
import { PLAN_NAMES } from '../../lib/plan-messages.ts'
import { FREE_PLAN_NAME } from './messages.ts'
import { useChatbotAddressUsage, useChatbotStats, useChatbotUsage } from './use-chatbot.ts'

/** Mantine colours for the tones; shade 6 of yellow is still visible on the grey track. */
const TONE_COLORS: Record<UsageTone, string> = { green: 'green.7', yellow: 'yellow.6', red: 'red.8' }

export function UsageTab(props: { userId: string }) {
  const online = useOnline()
  return (
    <Stack gap="lg">
      {!online && (
        <Alert color="yellow" variant="light" role="status" data-testid="chatbot-usage-offline">
          <Trans>You are offline. The figures below load or refresh once you are back online.</Trans>
        </Alert>
      )}
      <AllowanceSection userId={props.userId} />
      <StatsSection userId={props.userId} />
    </Stack>
  )
}

function usePlanName(planType: string): string {
  const { i18n } = useLingui()
  if (planType === 'free') return i18n._(FREE_PLAN_NAME)
  if ((PLAN_IDS as readonly string[]).includes(planType)) return i18n._(PLAN_NAMES[planType as PlanId])
  return capitalizePlanType(planType)
}

function AllowanceSection(props: { userId: string }) {
  const { t } = useLingui()
  const limits = useChatbotUsage(props.userId)
  useEffect(() => {
    if (limits.error) console.error('loading the chatbot message allowance failed', limits.error)
  }, [limits.error])
  const usage = limits.isSuccess ? chatbotUsage(limits.data, new Date()) : null
  const planName = usePlanName(usage?.planType ?? 'free')

  return (
    <SectionCard
      title={<Trans>Message allowance</Trans>}
      aside={
        usage && (
          <Text size="sm" data-testid="chatbot-plan">
            <Trans>
              Plan: <strong>{planName}</strong>
            </Trans>
          </Text>
        )
      }
    >
      {usage ? (
        <>
          <UsageBar testId="chatbot-daily" title={t`Today`} meter={usage.daily} />
          <UsageBar testId="chatbot-monthly" title={t`This month`} meter={usage.monthly} />
          <ConcentrationNotice userId={props.userId} dailyLimit={usage.daily.limit} />
          <Text size="sm" c="dimmed" data-testid="chatbot-upgrade">
            <Trans>
              Need more messages?{' '}
              <Anchor component={Link} to="/dashboard/credits" size="sm" underline="always">
                Buy a bigger package
              </Anchor>{' '}
              to raise your limits.
            </Trans>
          </Text>
        </>
      ) : limits.isError && !limits.isFetching ? (
        <LoadError
          title={t`Unable to load your message allowance`}
          message={t`The figures could not be read.`}
          onRetry={() => void limits.refetch()}
          testId="chatbot-usage-error"
        />
      ) : (
        <Stack gap="md" role="status" data-testid="chatbot-usage-loading">
          <VisuallyHidden>
            <Trans>Loading your message allowance</Trans>
          </VisuallyHidden>
          {[0, 1].map((i) => (
            <div key={i}>
              <Skeleton height={12} width="35%" mb={8} />
              <Skeleton height={12} />
            </div>
          ))}
        </Stack>
      )}
    </SectionCard>
  )
}

/**
 * Says so when a few visitors' addresses sent most of a day's messages: the
 * sign of someone spending the owner's allowance (each address has a daily
 * cap, so this is a handful of them working together, or one the owner
 * knows). Nothing while loading or when the figures cannot be read: the
 * bars above are the allowance itself.
 */
function ConcentrationNotice(props: { userId: string; dailyLimit: number }) {
  const { i18n } = useLingui()
  const usage = useChatbotAddressUsage(props.userId)
  const few = addressConcentration(usage.data, props.dailyLimit)
  if (!few) return null
  const number = new Intl.NumberFormat(i18n.locale)
  const messages = number.format(few.messages)
  const limit = number.format(props.dailyLimit)
  return (
    <Alert color="yellow" variant="light" role="status" data-testid="chatbot-address-concentration" title={<Trans>A few visitors used much of your day</Trans>}>
      {plural(few.addresses, {
        one: `In the last 24 hours, one visitor address sent ${messages} messages, against your daily allowance of ${limit}.`,
        other: `In the last 24 hours, # visitor addresses sent ${messages} messages, against your daily allowance of ${limit}.`,
      })}{' '}
      <Trans>
        If you do not recognise this, someone may be using up your allowance: list only your own website under allowed domains in the
        settings.
      </Trans>
    </Alert>
  )
}

function UsageBar(props: { testId: string; title: string; meter: UsageMeter }) {
  const { t, i18n } = useLingui()
  const number = new Intl.NumberFormat(i18n.locale)
  const used = number.format(props.meter.used)
  const limit = number.format(props.meter.limit)
  const left = number.format(props.meter.remaining)
  const summary = t`${used} of ${limit} used, ${left} left`
  const labelId = `${props.testId}-label`
  return (
    <div data-testid={props.testId} data-tone={props.meter.tone}>
      <Group justify="space-between" gap="xs" mb={6}>
        <Text fw={600} size="sm" id={labelId}>
          {props.title}
        </Text>
        <Text size="sm" data-testid={`${props.testId}-summary`}>
          {summary}
        </Text>
      </Group>
      <Progress.Root
        size="lg"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={props.meter.limit}
        aria-valuenow={Math.min(props.meter.used, props.meter.limit)}
        aria-valuetext={summary}
        data-tone={props.meter.tone}
        data-testid={`${props.testId}-bar`}
      >
        <Progress.Section value={props.meter.percent} color={TONE_COLORS[props.meter.tone]} withAria={false} />
      </Progress.Root>
    </div>
  )
}

function StatsSection(props: { userId: string }) {
  const { t, i18n } = useLingui()
  const stats = useChatbotStats(props.userId)
  useEffect(() => {
    if (stats.error) console.error('loading the chatbot statistics failed', stats.error)
  }, [stats.error])
  const number = new Intl.NumberFormat(i18n.locale)

  return (
    <SectionCard title={<Trans>Conversations</Trans>}>
      {stats.isSuccess ? (
        <>
          <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="md" m={0}>
            {[
              { label: t`Total messages`, value: stats.data.totalMessages, testId: 'chatbot-stat-total' },
              { label: t`This month`, value: stats.data.thisMonth, testId: 'chatbot-stat-month' },
              { label: t`Last 7 days`, value: stats.data.lastWeek, testId: 'chatbot-stat-week' },
              { label: t`Last 24 hours`, value: stats.data.lastDay, testId: 'chatbot-stat-day' },
            ].map((stat) => (
              <Paper key={stat.testId} withBorder radius="md" p="md" bg="gray.0">
                <Text component="dt" size="sm" fw={600} c="gray.8">
                  {stat.label}
                </Text>
                <Text component="dd" m={0} fz={28} fw={700} lh={1.2} data-testid={stat.testId}>
                  {number.format(stat.value)}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          {stats.data.totalMessages === 0 && (
            <Text size="sm" c="dimmed" data-testid="chatbot-stats-empty">
              <Trans>No messages yet. Once visitors chat with your assistant, the figures will appear here.</Trans>
            </Text>
          )}
        </>
      ) : stats.isError && !stats.isFetching ? (
        <LoadError
          title={t`Unable to load the statistics`}
          message={t`The figures could not be read.`}
          onRetry={() => void stats.refetch()}
          testId="chatbot-stats-error"
        />
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" role="status" data-testid="chatbot-stats-loading">
          <VisuallyHidden>
            <Trans>Loading the statistics</Trans>
          </VisuallyHidden>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={76} radius="md" />
          ))}
        </SimpleGrid>
      )}
    </SectionCard>
  )
}
