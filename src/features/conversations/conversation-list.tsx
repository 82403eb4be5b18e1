// The inbox's list: who, on which channel, the last message and its time,
// whether it is unread and whether it waits for the owner. Each row is a
// button that opens the conversation; the open one is marked for assistive
// technology too (aria-current).
import { Alert, Badge, Button, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { EmptyState, NoMatches } from '../../components/list-states.tsx'
import { counterpart, type InboxFilter, type InboxRow } from './api.ts'
import { ChannelIcon, StatusBadge, useChannelName, useMessageTime } from './parts.tsx'
import { useInbox } from './use-inbox.ts'
import classes from './conversations.module.css'

type Props = {
  filter: InboxFilter
  search: string
  /** Only this customer's conversations. */
  customer: string | null
  selected: string | null
  onOpen: (id: string) => void
  onClearSearch: () => void
}

export function ConversationList(props: Props) {
  const { t } = useLingui()
  const query = useInbox(props.filter, props.search, props.customer)
  const rows = query.data?.pages.flat() ?? []

  if (query.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={t`Loading conversations`}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={64} radius="md" />
        ))}
      </Stack>
    )
  }
  if (query.isError && rows.length === 0) {
    return (
      <Alert color="red" title={t`The conversations could not be loaded`} data-testid="inbox-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            <Trans>Check your connection and try again.</Trans>
          </Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Stack>
      </Alert>
    )
  }
  if (rows.length === 0) {
    const searched = props.search
    if (searched) {
      return (
        <NoMatches
          title={t`No conversation matches`}
          text={t`Nothing matches “${searched}”. Try a name, a phone number or a word from the conversation.`}
          onClear={props.onClearSearch}
          testId="inbox-no-matches"
        />
      )
    }
    return (
      <EmptyState
        title={props.filter === 'needs_you' ? t`Nobody is waiting for you` : t`No conversations yet`}
        text={
          props.filter === 'needs_you'
            ? t`When a customer asks for a person, complains, or the assistant cannot answer, the conversation appears here.`
            : t`Conversations from your website chat and WhatsApp appear here as they happen.`
        }
        action={null}
        testId="inbox-empty"
      />
    )
  }

  return (
    <Stack gap="xs" component="ul" className="inbox-rows" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t`Conversations`}>
      {rows.map((row) => (
        <li key={row.id}>
          <Row row={row} selected={row.id === props.selected} onOpen={() => props.onOpen(row.id)} />
        </li>
      ))}
      {query.hasNextPage && (
        <li>
          <Button variant="default" fullWidth loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            <Trans>Show older conversations</Trans>
          </Button>
        </li>
      )}
    </Stack>
  )
}

function Row(props: { row: InboxRow; selected: boolean; onOpen: () => void }) {
  const { t } = useLingui()
  const { row } = props
  const who = counterpart(row)
  const channel = useChannelName(row.channel)
  const time = useMessageTime(row.last_message_at)
  const title = who.name ?? who.phone ?? t`Website visitor`
  const unreadCount = row.unread_count
  const unread = unreadCount > 0
  const lastText = row.last_text ?? ''
  return (
    <button type="button" className={classes.row} onClick={props.onOpen} aria-current={props.selected ? 'true' : undefined} data-testid="inbox-row">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <ChannelIcon channel={row.channel} />
          <VisuallyHidden>{channel}</VisuallyHidden>
          <Text fw={unread ? 700 : 500} size="sm" className={classes.rowText}>
            {title}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {time}
        </Text>
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
        <Text size="sm" c={unread ? undefined : 'dimmed'} className={classes.rowText}>
          {row.last_author === 'owner' ? t`You: ${lastText}` : lastText}
        </Text>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {row.status !== 'bot' && <StatusBadge status={row.status} />}
          {unread && (
            <Badge size="sm" circle color="brand.8" data-testid="inbox-unread">
              <span aria-hidden="true">{row.unread_count > 9 ? '9+' : row.unread_count}</span>
              <VisuallyHidden>{t`${unreadCount} unread`}</VisuallyHidden>
            </Badge>
          )}
        </Group>
      </Group>
    </button>
  )
}
