// Small pieces the list and the thread share: the channel's icon and name,
// and a message's time as the owner reads it (the time today, the weekday
// this week, the date before that).
import { Badge } from '@mantine/core'
import { useLingui } from '@lingui/react/macro'
import type { ConversationStatus } from '../../../domain/conversations.ts'
import { STATUS_LABELS } from './messages.ts'

export function ChannelIcon(props: { channel: 'widget' | 'whatsapp' }) {
  // Decorative: the channel's name is beside it for assistive technology.
  if (props.channel === 'whatsapp') {
    return (
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-channel="whatsapp" style={{ flexShrink: 0 }}>
        <path
          fill="#1a7f37"
          d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.1l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.3-.4.7-1.3a.5.5 0 0 0 0-.5l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6a2.7 2.7 0 0 0 1.8-1.2 2.2 2.2 0 0 0 .1-1.3c0-.1-.2-.2-.5-.3Z"
        />
      </svg>
    )
  }
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-channel="widget" style={{ flexShrink: 0 }}>
      <path fill="#1c5fb8" d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm1 4v2h14V7H5Zm0 4v2h10v-2H5Z" />
    </svg>
  )
}

export function useChannelName(channel: 'widget' | 'whatsapp'): string {
  const { t } = useLingui()
  return channel === 'whatsapp' ? t`WhatsApp` : t`Website chat`
}

const DAY_MS = 86_400_000

export function useMessageTime(at: string, now: Date = new Date()): string {
  const { i18n } = useLingui()
  const date = new Date(at)
  if (Number.isNaN(date.getTime())) return ''
  const sameDay = date.toDateString() === now.toDateString()
  if (sameDay) return new Intl.DateTimeFormat(i18n.locale, { hour: '2-digit', minute: '2-digit' }).format(date)
  if (now.getTime() - date.getTime() < 6 * DAY_MS) return new Intl.DateTimeFormat(i18n.locale, { weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(date)
  return new Intl.DateTimeFormat(i18n.locale, { day: 'numeric', month: 'short', year: date.getFullYear() === now.getFullYear() ? undefined : 'numeric' }).format(date)
}

/** Who has the conversation, in colours that keep 4.5:1 with their white text. */
const STATUS_COLOURS: Record<ConversationStatus, string> = { bot: 'blue.8', needs_human: 'red.8', human: 'green.9', resolved: 'gray.7' }

export function StatusBadge(props: { status: ConversationStatus; testId?: string }) {
  const { i18n } = useLingui()
  return (
    <Badge size="sm" variant="filled" color={STATUS_COLOURS[props.status]} data-testid={props.testId}>
      {i18n._(STATUS_LABELS[props.status])}
    </Badge>
  )
}
