// The Insights tab: what customers asked the assistant in the last 30 days,
// how it answered, and the questions it could not answer, each one click from
// an FAQ entry ("Add to FAQ" opens the FAQ editor with the question written),
// the conversation it came from, or being dismissed. The figures and the list
// load on their own, each with its loading, empty and error states; the chart
// is its own chunk (insights-chart.tsx), loaded once the tab is shown.
import { lazy, Suspense, useEffect, useState } from 'react'
import { Alert, Anchor, Button, Paper, SimpleGrid, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { Link } from '@tanstack/react-router'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { FaqEntryRow } from '../../../domain/business.ts'
import { INSIGHTS_DAYS, insightsSeries, type ChatbotInsights, type UnansweredQuestion } from '../../../domain/insights.ts'
import { LoadError } from '../../components/list-states.tsx'
import { useRecordDialog } from '../../components/record-dialog.ts'
import { SectionCard } from '../../components/section-card.tsx'
import { saveFile } from '../../lib/data-rights.ts'
import { useOnline } from '../../lib/use-online.ts'
import { FaqDialog } from './faq-section.tsx'
import type { InsightsCsv } from './insights-api.ts'
import { KIND_LABELS } from './insights-messages.ts'
import { QuestionCard, QuestionList } from './questions.tsx'
import { useFaqActions } from './use-business.ts'
import { useDismissQuestion, useInsights, useInsightsCsv, useUnansweredQuestions } from './use-insights.ts'
import classes from './insights.module.css'

const InsightsChart = lazy(() => import('./insights-chart.tsx'))

const OFFLINE_REASON_ID = 'insights-offline-reason'

export function InsightsTab(props: { userId: string }) {
  const online = useOnline()
  return (
    <Stack gap="lg" data-testid="insights-tab">
      {!online && (
        <Alert color="yellow" variant="light" role="status" id={OFFLINE_REASON_ID} data-testid="insights-offline">
          <Trans>You are offline. The insights load or refresh once you are back online; adding to the FAQ, dismissing and downloading wait until then.</Trans>
        </Alert>
      )}
      <FiguresSection userId={props.userId} online={online} />
      <UnansweredSection userId={props.userId} online={online} />
    </Stack>
  )
}

// Figures ------------------------------------------------------------------------------

function FiguresSection(props: { userId: string; online: boolean }) {
  const { t } = useLingui()
  const insights = useInsights(props.userId, INSIGHTS_DAYS)
  useEffect(() => {
    if (insights.error) console.error('loading the insights failed', insights.error)
  }, [insights.error])

  let body
  if (insights.isSuccess) body = <Figures insights={insights.data} />
  else if (insights.isError && !insights.isFetching)
    body = (
      <LoadError
        title={t`Unable to load the insights`}
        message={t`The figures could not be read.`}
        onRetry={() => void insights.refetch()}
        testId="insights-error"
      />
    )
  else
    body = (
      <Stack gap="md" role="status" data-testid="insights-loading">
        <VisuallyHidden>
          <Trans>Loading the insights</Trans>
        </VisuallyHidden>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} height={76} radius="md" />
          ))}
        </SimpleGrid>
        <Skeleton height={240} radius="md" />
      </Stack>
    )

  return (
    <SectionCard
      title={<Trans>Last {INSIGHTS_DAYS} days</Trans>}
      description={<Trans>What customers asked your assistant on your website and WhatsApp, and how it answered.</Trans>}
      aside={<CsvButton userId={props.userId} what="daily" online={props.online} />}
      testId="insights-figures"
    >
      {body}
    </SectionCard>
  )
}

function Figures(props: { insights: ChatbotInsights }) {
  const { t, i18n } = useLingui()
  const { insights } = props
  const number = new Intl.NumberFormat(i18n.locale)
  const percent = new Intl.NumberFormat(i18n.locale, { style: 'percent', maximumFractionDigits: 0 })
  const seconds = new Intl.NumberFormat(i18n.locale, { style: 'unit', unit: 'second', unitDisplay: 'short', maximumFractionDigits: 1 })
  const atMost = (ms: number | null) => {
    if (ms === null) return '–'
    const time = seconds.format(ms / 1000)
    return t`up to ${time}`
  }
  const share = (value: number | null) => (value === null ? '–' : percent.format(value))
  const { totals } = insights
  const empty = totals.customer_messages === 0 && totals.replies === 0

  const stats = [
    { label: t`Conversations`, value: number.format(totals.conversations), testId: 'insights-conversations' },
    { label: t`Customer messages`, value: number.format(totals.customer_messages), testId: 'insights-messages' },
    { label: t`Answered`, value: share(insights.answered_share), testId: 'insights-answered-share' },
    { label: t`Handed to you`, value: share(insights.handoff_share), testId: 'insights-handoff-share' },
    { label: t`Half of replies within`, value: atMost(insights.reply_ms.median), testId: 'insights-reply-median' },
    { label: t`95% of replies within`, value: atMost(insights.reply_ms.p95), testId: 'insights-reply-p95' },
  ]
  const widget = number.format(insights.channels.widget?.conversations ?? 0)
  const whatsapp = number.format(insights.channels.whatsapp?.conversations ?? 0)

  return (
    <Stack gap="md">
      <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="md" m={0}>
        {stats.map((stat) => (
          <Paper key={stat.testId} withBorder radius="md" p="md" bg="gray.0">
            <Text component="dt" size="sm" fw={600} c="gray.8">
              {stat.label}
            </Text>
            <Text component="dd" m={0} fz={{ base: 20, sm: 24 }} fw={700} lh={1.25} data-testid={stat.testId}>
              {stat.value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {empty ? (
        <Text size="sm" c="dimmed" data-testid="insights-empty">
          <Trans>No conversations in the last {INSIGHTS_DAYS} days. Once customers write to your assistant, what they ask appears here.</Trans>
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="insights-channels">
            <Trans>
              Website: {widget} conversations · WhatsApp: {whatsapp} conversations. Answered counts the replies
              that answered or booked, of all but off-topic messages.
            </Trans>
          </Text>
          <DailyChart insights={insights} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <TopList
              title={t`Products asked about most`}
              empty={t`No product was asked about yet.`}
              testId="insights-top-products"
              rows={insights.top_products.map((p) => ({ key: p.product_id, label: p.name ?? t`A deleted product`, asked: p.asked }))}
            />
            <TopList
              title={t`What customers ask about`}
              empty={t`Nothing asked yet.`}
              testId="insights-top-intents"
              rows={insights.top_intents.map((k) => ({ key: k.kind, label: KIND_LABELS[k.kind] ? i18n._(KIND_LABELS[k.kind]!) : k.kind, asked: k.asked }))}
            />
          </SimpleGrid>
        </>
      )}
    </Stack>
  )
}

function DailyChart(props: { insights: ChatbotInsights }) {
  const { t, i18n } = useLingui()
  const days = insightsSeries(props.insights.daily, props.insights.first_day, props.insights.days)
  const dayLabel = new Intl.DateTimeFormat(i18n.locale, { day: 'numeric', month: 'short', timeZone: 'UTC' })
  // A day of the owner's calendar, named as it is wherever the owner is.
  const labelOf = (day: string) => dayLabel.format(Date.parse(day))
  const series = [
    { name: 'answered', label: t`Answered`, color: 'teal.7' },
    { name: 'bookings', label: t`Appointments booked`, color: 'indigo.6' },
    { name: 'unknown', label: t`Not known`, color: 'yellow.6' },
    { name: 'handoffs', label: t`Handed to you`, color: 'red.7' },
  ]
  const captionId = 'insights-chart-caption'
  return (
    <figure className={classes.figure} aria-labelledby={captionId}>
      <Text component="figcaption" id={captionId} size="sm" fw={600}>
        <Trans>Replies per day</Trans>
      </Text>
      <Suspense fallback={<Skeleton height={240} radius="md" data-testid="insights-chart-loading" />}>
        <InsightsChart data={days.map((d) => ({ ...d, label: labelOf(d.day) }))} series={series} />
      </Suspense>
      <VisuallyHidden>
        <Table data-testid="insights-daily-table">
          <caption>
            <Trans>Replies per day</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Day</Trans>
              </th>
              <th scope="col">
                <Trans>Customer messages</Trans>
              </th>
              {series.map((s) => (
                <th key={s.name} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days
              .filter((d) => d.customer_messages + d.answered + d.unknown + d.handoffs + d.bookings > 0)
              .map((d) => (
                <tr key={d.day}>
                  <th scope="row">{labelOf(d.day)}</th>
                  <td>{d.customer_messages}</td>
                  <td>{d.answered}</td>
                  <td>{d.bookings}</td>
                  <td>{d.unknown}</td>
                  <td>{d.handoffs}</td>
                </tr>
              ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </figure>
  )
}

function TopList(props: { title: string; empty: string; testId: string; rows: Array<{ key: string; label: string; asked: number }> }) {
  const { i18n } = useLingui()
  const number = new Intl.NumberFormat(i18n.locale)
  return (
    <Stack gap="xs" data-testid={props.testId}>
      <Text fw={600} size="sm" component="h3" m={0}>
        {props.title}
      </Text>
      {props.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {props.empty}
        </Text>
      ) : (
        <ol className={classes.topList}>
          {props.rows.map((row) => (
            <li key={row.key}>
              <span className={classes.topLabel}>{row.label}</span>
              <span className={classes.topCount}>{number.format(row.asked)}</span>
            </li>
          ))}
        </ol>
      )}
    </Stack>
  )
}

// Downloads ------------------------------------------------------------------------------

function CsvButton(props: { userId: string; what: InsightsCsv; online: boolean }) {
  const { t } = useLingui()
  const csv = useInsightsCsv(props.userId, INSIGHTS_DAYS)
  async function download() {
    try {
      const { file, fileName } = await csv.mutateAsync({ what: props.what, today: new Date().toISOString().slice(0, 10) })
      saveFile(file, fileName)
    } catch (error) {
      console.error('downloading the insights CSV failed', error)
      notifications.show({ color: 'red', message: t`The CSV could not be made. Try again.` })
    }
  }
  return (
    <Button
      variant="default"
      size="xs"
      onClick={() => void download()}
      loading={csv.isPending}
      disabled={!props.online}
      aria-describedby={props.online ? undefined : OFFLINE_REASON_ID}
      data-testid={`insights-csv-${props.what}`}
    >
      {props.what === 'daily' ? <Trans>Download CSV</Trans> : <Trans>Download list as CSV</Trans>}
    </Button>
  )
}

// Unanswered questions --------------------------------------------------------------------

function UnansweredSection(props: { userId: string; online: boolean }) {
  const { t } = useLingui()
  const list = useUnansweredQuestions(props.userId, INSIGHTS_DAYS)
  const dismiss = useDismissQuestion(props.userId, INSIGHTS_DAYS)
  const faqActions = useFaqActions(props.userId)
  const dialog = useRecordDialog<FaqEntryRow>()
  const [draft, setDraft] = useState<string | undefined>(undefined)
  useEffect(() => {
    if (list.error) console.error('loading the unanswered questions failed', list.error)
  }, [list.error])

  function addToFaq(question: string) {
    setDraft(question)
    dialog.open(null)
  }
  async function dismissQuestion(question: string) {
    try {
      await dismiss.mutateAsync(question)
      notifications.show({ color: 'green', message: t`Question dismissed. It comes back if a customer asks it again.` })
    } catch (error) {
      console.error('dismissing a question failed', error)
      notifications.show({ color: 'red', message: t`The question could not be dismissed. Try again.` })
    }
  }

  let body
  if (list.isSuccess) {
    body = (
      <QuestionList
        items={list.data}
        testId="unanswered-list"
        empty={{
          title: <Trans>Nothing unanswered</Trans>,
          text: <Trans>When your assistant cannot answer a question, it appears here, so you can add the answer to your FAQ.</Trans>,
          testId: 'unanswered-empty',
        }}
      >
        {(question) => (
          <UnansweredItem
            key={question.question}
            question={question}
            online={props.online}
            dismissing={dismiss.isPending && dismiss.variables === question.question}
            onAdd={() => addToFaq(question.question)}
            onDismiss={() => void dismissQuestion(question.question)}
          />
        )}
      </QuestionList>
    )
  } else if (list.isError && !list.isFetching) {
    body = (
      <LoadError
        title={t`Unable to load the unanswered questions`}
        message={t`The list could not be read.`}
        onRetry={() => void list.refetch()}
        testId="unanswered-error"
      />
    )
  } else {
    body = (
      <Stack gap="sm" role="status" data-testid="unanswered-loading">
        <VisuallyHidden>
          <Trans>Loading the unanswered questions</Trans>
        </VisuallyHidden>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={72} radius="md" />
        ))}
      </Stack>
    )
  }

  return (
    <>
      <SectionCard
        title={<Trans>Questions your assistant could not answer</Trans>}
        description={
          <Trans>
            The same question asked in other words or letters is one row, most asked first. Once your FAQ answers a question, it leaves the list
            and the next customer gets your answer.
          </Trans>
        }
        aside={<CsvButton userId={props.userId} what="unanswered" online={props.online} />}
        testId="unanswered-section"
      >
        {body}
      </SectionCard>
      <FaqDialog dialog={dialog} actions={faqActions} question={draft} />
    </>
  )
}

function UnansweredItem(props: { question: UnansweredQuestion; online: boolean; dismissing: boolean; onAdd: () => void; onDismiss: () => void }) {
  const { t, i18n } = useLingui()
  const { question } = props
  const text = question.question
  const conversation = question.example_conversation_id
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(question.last_asked_at))
  const asked = plural(question.asked, { one: 'Asked once', other: 'Asked # times' })
  const offline = props.online ? undefined : OFFLINE_REASON_ID
  return (
    <QuestionCard
      question={text}
      testId="unanswered-item"
      actions={
        <>
          <Button size="xs" onClick={props.onAdd} disabled={!props.online} aria-describedby={offline} aria-label={t`Add to FAQ: ${text}`}>
            <Trans>Add to FAQ</Trans>
          </Button>
          {conversation && (
            <Anchor
              renderRoot={(root) => <Link {...root} to="/dashboard/conversations" search={{ filter: 'all', c: conversation }} />}
              size="sm"
              aria-label={t`Open conversation: ${text}`}
              className={classes.conversationLink}
            >
              <Trans>Open conversation</Trans>
            </Anchor>
          )}
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            onClick={props.onDismiss}
            loading={props.dismissing}
            disabled={!props.online}
            aria-describedby={offline}
            aria-label={t`Dismiss: ${text}`}
          >
            <Trans context="an unanswered question">Dismiss</Trans>
          </Button>
        </>
      }
    >
      <Text size="sm" c="dimmed" data-testid="unanswered-meta">
        <Trans>
          {asked} · last on {when}
        </Trans>
      </Text>
    </QuestionCard>
  )
}
