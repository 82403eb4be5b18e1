// One conversation: who it is with, its messages by author with their times,
// the customer it belongs to, what the owner can do with it (take it over,
// give it back to the assistant, resolve it) and the reply box. Opening it
// marks it read.
import { useEffect, useRef } from 'react'
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { counterpart, type ThreadMessage } from './api.ts'
import { CustomerCard } from './customer-card.tsx'
import { HANDOFF_REASONS } from './messages.ts'
import { ChannelIcon, StatusBadge, useChannelName, useMessageTime } from './parts.tsx'
import { ReplyBox } from './reply-box.tsx'
import { useConversation, useConversationChange, useThread } from './use-inbox.ts'
import classes from './conversations.module.css'

export function ConversationThread(props: { id: string; onClose: () => void }) {
  const { t, i18n } = useLingui()
  const conversation = useConversation(props.id)
  const thread = useThread(props.id)
  const change = useConversationChange(props.id)
  const row = conversation.data
  const channel = useChannelName(row?.channel ?? 'widget')

  // Opened is read: the count goes back to 0 once, when there is something unread.
  const unread = row?.unread_count ?? 0
  useEffect(() => {
    if (unread > 0 && !change.isPending) change.mutate({ unread_count: 0 })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- marking read depends only on there being something unread
  }, [unread])

  const back = (
    <Button variant="subtle" onClick={props.onClose} data-testid="inbox-back">
      <Trans>Back to the conversations</Trans>
    </Button>
  )
  if (conversation.isPending) return <Skeleton height={320} radius="md" aria-label={t`Loading the conversation`} />
  if (conversation.isError || thread.isError) {
    return (
      <Alert color="red" title={t`The conversation could not be loaded`}>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => void Promise.all([conversation.refetch(), thread.refetch()])}>
            <Trans>Try again</Trans>
          </Button>
          {back}
        </Group>
      </Alert>
    )
  }
  if (!row) {
    return (
      <Alert color="yellow" title={t`This conversation no longer exists`}>
        {back}
      </Alert>
    )
  }

  const who = counterpart(row)
  const act = (status: 'human' | 'bot' | 'resolved', done: string) =>
    change.mutate(
      { status },
      {
        onSuccess: () => notifications.show({ color: 'green', message: done }),
        onError: () => notifications.show({ color: 'red', message: t`The change could not be saved. Try again.` }),
      },
    )

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="thread-title" data-testid="inbox-thread">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              <ChannelIcon channel={row.channel} />
              <Title order={2} size="h4" id="thread-title">
                {who.name ?? who.phone ?? t`Website visitor`}
              </Title>
            </Group>
            <Text size="sm" c="dimmed">
              {channel}
              {row.handoff_reason && row.status !== 'bot' && row.status !== 'resolved' ? ` · ${i18n._(HANDOFF_REASONS[row.handoff_reason])}` : ''}
            </Text>
          </div>
          <StatusBadge status={row.status} testId="thread-status" />
        </Group>

        <Group gap="xs">
          {row.status !== 'human' && (
            <Button size="xs" onClick={() => act('human', t`You have the conversation. The assistant stays quiet.`)} loading={change.isPending} data-testid="take-over">
              <Trans>Take over</Trans>
            </Button>
          )}
          {row.status !== 'bot' && (
            <Button size="xs" variant="default" onClick={() => act('bot', t`The assistant answers this conversation again.`)} loading={change.isPending} data-testid="give-back">
              <Trans>Give back to the assistant</Trans>
            </Button>
          )}
          {row.status !== 'resolved' && (
            <Button size="xs" variant="default" onClick={() => act('resolved', t`The conversation is resolved.`)} loading={change.isPending} data-testid="resolve">
              <Trans>Resolve</Trans>
            </Button>
          )}
          {back}
        </Group>

        <CustomerCard conversation={row} />

        <Messages messages={thread.data} loading={thread.isPending} />

        <ReplyBox conversation={row} messages={thread.data ?? []} />
      </Stack>
    </Paper>
  )
}

function Messages(props: { messages: ThreadMessage[] | undefined; loading: boolean }) {
  const { t } = useLingui()
  const end = useRef<HTMLDivElement>(null)
  const count = props.messages?.length ?? 0
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' })
  }, [count])
  if (props.loading) return <Skeleton height={160} radius="md" />
  return (
    <div className={classes.messages} role="log" aria-label={t`Messages`} data-testid="thread-messages">
      {count === 0 && (
        <Text size="sm" c="dimmed">
          <Trans>No messages yet.</Trans>
        </Text>
      )}
      {props.messages?.map((m) => <Bubble key={m.id} message={m} />)}
      <div ref={end} />
    </div>
  )
}

/** What an assistant's reply did to the calendar, marked on it so the owner sees it in the thread. */
const BOOKING_MARKS: Partial<Record<string, MessageDescriptor>> = {
  booked: msg`Appointment booked`,
  booking_cancelled: msg`Appointment cancelled`,
  booking_failed: msg`Booking failed`,
}

function Bubble(props: { message: ThreadMessage }) {
  const { t, i18n } = useLingui()
  const { message } = props
  const time = useMessageTime(message.created_at)
  const who = message.author === 'customer' ? t`Customer` : message.author === 'assistant' ? t`Assistant` : t`You`
  const mark = message.kind ? BOOKING_MARKS[message.kind] : undefined
  return (
    <div className={`${classes.bubble} ${classes[message.author]}`} data-author={message.author}>
      <VisuallyHidden>{who}: </VisuallyHidden>
      {mark && (
        <Badge size="sm" variant="light" color={message.kind === 'booked' ? 'teal' : message.kind === 'booking_cancelled' ? 'gray' : 'red'} mb={4} data-testid="booking-mark">
          {i18n._(mark)}
        </Badge>
      )}
      <Text size="sm" component="div">
        {message.content}
      </Text>
      <Text size="xs" c="dimmed" mt={2} aria-hidden="true">
        {who} · {time}
      </Text>
    </div>
  )
}
