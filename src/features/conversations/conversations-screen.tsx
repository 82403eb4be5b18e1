// /dashboard/conversations: every conversation the assistant has had on the
// website and on WhatsApp, newest first, and the one the owner opened beside
// them (on a phone, the list and then the conversation full screen).
import { useEffect, useState } from 'react'
import { Alert, Button, Group, SegmentedControl, Stack, Switch, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { ScreenHeader } from '../../components/screen-header.tsx'
import { SearchBar } from '../../components/search-bar.tsx'
import { useIsWide } from '../../components/media.ts'
import { useOnline } from '../../lib/use-online.ts'
import { useSession } from '../../lib/session.tsx'
import { HANDOFF_SMS_PER_DAY } from '../../../domain/conversations.ts'
import { useHandoffSms } from './use-inbox.ts'
import { INBOX_FILTERS, type InboxFilter } from './api.ts'
import { ConversationList } from './conversation-list.tsx'
import { ConversationThread } from './conversation-thread.tsx'
import { FILTER_LABELS } from './messages.ts'
import { askForNotifications, notificationState, type NotificationState } from './notify.ts'
import { DEFAULT_INBOX_FILTER, readInboxFilter, type ConversationsSearch } from './search.ts'
import classes from './conversations.module.css'

export function ConversationsScreen() {
  const { t, i18n } = useLingui()
  const search = useSearch({ from: '/authenticated/dashboard/conversations' }) as ConversationsSearch
  const navigate = useNavigate({ from: '/dashboard/conversations' })
  const wide = useIsWide()
  const online = useOnline()
  const filter = readInboxFilter(search)
  const open = search.c ?? null
  // The field follows typing at once; the URL (and the query) a moment later.
  const [text, setText] = useState(search.q ?? '')
  useEffect(() => {
    const timer = setTimeout(() => {
      if ((search.q ?? '') !== text.trim()) void navigate({ search: (s: ConversationsSearch) => ({ ...s, q: text.trim() || undefined }), replace: true })
    }, 300)
    return () => clearTimeout(timer)
  }, [text, search.q, navigate])

  const setFilter = (next: InboxFilter) =>
    void navigate({ search: (s: ConversationsSearch) => ({ ...s, filter: next === DEFAULT_INBOX_FILTER ? undefined : (next as ConversationsSearch['filter']) }) })
  const openConversation = (id: string | null) => void navigate({ search: (s: ConversationsSearch) => ({ ...s, c: id ?? undefined }) })

  const list = (
    <Stack gap="sm" className={classes.listPane}>
      <SearchBar value={text} onChange={setText} placeholder={t`Search by text, name or phone`} testId="inbox-search">
        <SegmentedControl
          aria-label={t`Show`}
          value={filter}
          onChange={(value) => setFilter(value as InboxFilter)}
          data={INBOX_FILTERS.map((value) => ({ value, label: i18n._(FILTER_LABELS[value]) }))}
          data-testid="inbox-filter"
        />
      </SearchBar>
      {search.customer && (
        <Alert color="blue" data-testid="inbox-customer-filter" withCloseButton closeButtonLabel={t`Show everyone's conversations`} onClose={() => void navigate({ search: (s: ConversationsSearch) => ({ ...s, customer: undefined }) })}>
          <Trans>Showing one customer's conversations.</Trans>
        </Alert>
      )}
      <ConversationList
        filter={filter}
        search={search.q ?? ''}
        customer={search.customer ?? null}
        selected={open}
        onOpen={openConversation}
        onClearSearch={() => setText('')}
      />
    </Stack>
  )

  return (
    <Stack gap="md">
      <ScreenHeader
        title={<Trans>Conversations</Trans>}
        description={<Trans>Read every conversation with your customers, and answer yourself when they need a person.</Trans>}
        actions={
          <Group gap="sm" align="center">
            <HandoffSmsSwitch />
            <NotificationsButton />
          </Group>
        }
      />
      {!online && (
        <Alert color="yellow" data-testid="inbox-offline">
          <Trans>You are offline. The conversations may be out of date, and replies wait until you are back online.</Trans>
        </Alert>
      )}
      {wide ? (
        <div className={classes.split}>
          {list}
          <div className={classes.threadPane}>
            {open ? <ConversationThread key={open} id={open} onClose={() => openConversation(null)} /> : <NoneOpen />}
          </div>
        </div>
      ) : open ? (
        <ConversationThread key={open} id={open} onClose={() => openConversation(null)} />
      ) : (
        list
      )}
    </Stack>
  )
}

/** The owner's SMS when someone waits: off unless turned on here, at most HANDOFF_SMS_PER_DAY a day. */
function HandoffSmsSwitch() {
  const { t } = useLingui()
  const session = useSession()
  const { setting, save } = useHandoffSms(session.user?.id ?? '')
  const perDay = HANDOFF_SMS_PER_DAY
  return (
    <Switch
      label={t`SMS me when someone waits`}
      description={t`To your verified phone, at most ${perDay} a day`}
      checked={save.isPending ? (save.variables ?? false) : (setting.data ?? false)}
      disabled={setting.isPending || !session.user}
      onChange={(e) =>
        save.mutate(e.currentTarget.checked, { onError: () => notifications.show({ color: 'red', message: t`The change could not be saved. Try again.` }) })
      }
      data-testid="inbox-sms"
    />
  )
}

/** Asks for the browser's permission only when the owner chooses to be told. */
function NotificationsButton() {
  const [state, setState] = useState<NotificationState>(() => notificationState())
  if (state === 'default') {
    return (
      <Button variant="default" onClick={() => void askForNotifications().then(setState)} data-testid="inbox-notify">
        <Trans>Notify me when someone waits</Trans>
      </Button>
    )
  }
  if (state === 'denied') {
    return (
      <Text size="sm" c="dimmed" maw={260} data-testid="inbox-notify-denied">
        <Trans>Notifications are blocked for this site in your browser's settings.</Trans>
      </Text>
    )
  }
  return null
}

function NoneOpen() {
  return (
    <div className={classes.noneOpen} data-testid="inbox-none-open">
      <Trans>Choose a conversation to read it here.</Trans>
    </div>
  )
}
