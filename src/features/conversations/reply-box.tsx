// The owner's reply. What is typed is kept as a draft on this device until
// it is sent, so a reload, going offline or a refused send loses nothing. On
// WhatsApp it says how long the 24-hour window is still open, and outside it
// why replying is off. Sending needs a connection, and the box says so.
import { useEffect, useState } from 'react'
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { OWNER_REPLY_MAX_LENGTH, whatsappWindowLeft } from '../../../domain/conversations.ts'
import { useOnline } from '../../lib/use-online.ts'
import type { InboxRow, ThreadMessage } from './api.ts'
import { inboxDraftKey as draftKey } from './offline.ts'
import { REPLY_ERRORS } from './messages.ts'
import { useSendReply } from './use-inbox.ts'

function readDraft(id: string): string {
  try {
    return localStorage.getItem(draftKey(id)) ?? ''
  } catch {
    return ''
  }
}

function writeDraft(id: string, text: string) {
  try {
    if (text) localStorage.setItem(draftKey(id), text)
    else localStorage.removeItem(draftKey(id))
  } catch {
    // Storage full or blocked: the text stays in the box for this visit.
  }
}

/** The window's remaining time, read again every minute. */
function useWindowLeft(lastCustomerAt: string | null, whatsapp: boolean): number | null {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    if (!whatsapp) return
    const timer = setInterval(() => setNow(new Date()), 60_000)
    return () => clearInterval(timer)
  }, [whatsapp])
  return whatsapp ? whatsappWindowLeft(lastCustomerAt, now) : null
}

export function ReplyBox(props: { conversation: InboxRow; messages: readonly ThreadMessage[] }) {
  const { t, i18n } = useLingui()
  const { conversation } = props
  const online = useOnline()
  const send = useSendReply(conversation.id)
  const [text, setText] = useState(() => readDraft(conversation.id))
  const [messageId, setMessageId] = useState(() => crypto.randomUUID())
  const [error, setError] = useState<string | null>(null)
  const whatsapp = conversation.channel === 'whatsapp'
  const lastCustomerAt = [...props.messages].reverse().find((m) => m.author === 'customer')?.created_at ?? null
  const left = useWindowLeft(lastCustomerAt, whatsapp)
  const closed = left === 0
  const length = [...text].length
  const tooLong = length > OWNER_REPLY_MAX_LENGTH

  const update = (value: string) => {
    setText(value)
    writeDraft(conversation.id, value)
  }

  async function submit() {
    if (!text.trim() || tooLong || !online || closed) return
    setError(null)
    const result = await send.mutateAsync({ messageId, message: text })
    if (result.ok) {
      update('')
      // The next reply is another message; a retry of this one keeps its id so it is never sent twice.
      setMessageId(crypto.randomUUID())
      return
    }
    setError(i18n._(REPLY_ERRORS[result.code]))
  }

  const hours = left === null ? 0 : Math.floor(left / 3_600_000)
  const minutes = left === null ? 0 : Math.floor((left % 3_600_000) / 60_000)
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
      aria-label={t`Reply`}
    >
      <Stack gap="xs">
        {error && (
          <Alert color="red" role="alert" data-testid="reply-error">
            {error}
          </Alert>
        )}
        {closed && (
          <Alert color="yellow" data-testid="reply-window-closed">
            <Trans>More than 24 hours have passed since the customer's last message, so WhatsApp does not allow a reply. You can answer when they write again.</Trans>
          </Alert>
        )}
        {!online && (
          <Text size="sm" c="dimmed" data-testid="reply-offline">
            <Trans>Sending a reply needs a connection. What you type is kept until you are back online.</Trans>
          </Text>
        )}
        <Textarea
          label={t`Your reply`}
          value={text}
          onChange={(e) => update(e.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={8}
          disabled={closed}
          error={tooLong ? t`A reply can be at most ${OWNER_REPLY_MAX_LENGTH} characters.` : undefined}
          onKeyDown={(e) => {
            // Ctrl/⌘+Enter sends; Enter alone is a new line, as owners write several lines to customers.
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault()
              void submit()
            }
          }}
          data-testid="reply-input"
        />
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed" data-testid="reply-window">
            {whatsapp && !closed ? t`WhatsApp window: ${hours} h ${minutes} min left` : whatsapp ? '' : t`The visitor sees your reply in the website chat.`}
          </Text>
          <Button type="submit" loading={send.isPending} disabled={!online || closed || !text.trim() || tooLong} data-testid="reply-send">
            <Trans>Send</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
