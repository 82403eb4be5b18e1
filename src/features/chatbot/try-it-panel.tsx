// "Try it": the owner talks to their own assistant through chatbot-api's
// preview (domain/functions.ts ChatbotPreviewRequest). It answers from the
// saved settings and the live catalogue as a customer would be answered, but
// nothing is stored or charged, so the panel sends the conversation so far
// with each message (the newest CHATBOT_PREVIEW_HISTORY_MAX turns, each
// assistant turn with the products it spoke of).
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { ActionIcon, Box, Button, Group, Loader, Text, TextInput, VisuallyHidden } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { CHATBOT_MESSAGE_MAX_LENGTH, type ChatbotPreviewTurn } from '../../../domain/functions.ts'
import { SectionCard } from '../../components/section-card.tsx'
import { useOnline } from '../../lib/use-online.ts'
import { getSupabase } from '../../lib/supabase.ts'
import { askPreview, previewRequest, type PreviewErrorCode } from './api.ts'
import { previewErrorMessage } from './messages.ts'
import classes from './chatbot.module.css'

type EntryContent =
  | { kind: 'turn'; turn: ChatbotPreviewTurn }
  /** A message that got no answer: shown, never sent back as history. */
  | { kind: 'error'; code: PreviewErrorCode }
type Entry = EntryContent & { id: number }

export function TryItPanel(props: { userId: string }) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const [entries, setEntries] = useState<Entry[]>([])
  const [draft, setDraft] = useState('')
  const [waiting, setWaiting] = useState(false)
  const nextId = useRef(0)
  // A restart while an answer is on its way: that answer belongs to the old conversation.
  const generation = useRef(0)
  const logRef = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    // An empty log has nothing to scroll; reading its height would only force a layout of the whole new screen as it mounts.
    if (entries.length === 0 && !waiting) return
    const log = logRef.current
    if (log) log.scrollTop = log.scrollHeight
  }, [entries, waiting])

  const add = (entry: EntryContent) => setEntries((list) => [...list, { ...entry, id: nextId.current++ }])

  async function send(event: FormEvent) {
    event.preventDefault()
    const message = draft.trim()
    if (message === '' || waiting) return
    const turns = entries.flatMap((e) => (e.kind === 'turn' ? [e.turn] : []))
    setDraft('')
    add({ kind: 'turn', turn: { role: 'user', content: message } })
    if (!online) {
      add({ kind: 'error', code: 'offline' })
      return
    }
    const asked = generation.current
    setWaiting(true)
    const language = i18n.locale === 'en' ? 'en' : 'tr'
    const outcome = await getSupabase()
      .then((client) => askPreview(client, previewRequest(props.userId, message, language, turns)))
      .catch(() => ({ ok: false, code: 'network' }) as const)
    if (asked !== generation.current) return
    setWaiting(false)
    if (outcome.ok) add({ kind: 'turn', turn: { role: 'assistant', content: outcome.reply, productIds: outcome.productIds, ...(outcome.booking ? { booking: outcome.booking } : {}) } })
    else add({ kind: 'error', code: outcome.code })
    inputRef.current?.focus()
  }

  function restart() {
    generation.current++
    setEntries([])
    setWaiting(false)
    inputRef.current?.focus()
  }

  return (
    <SectionCard
      title={<Trans>Try it</Trans>}
      gap="sm"
      className={classes.tryIt}
      aside={
        <Button variant="default" size="xs" onClick={restart} disabled={entries.length === 0 && !waiting} data-testid="chatbot-try-restart">
          <Trans>Start over</Trans>
        </Button>
      }
    >
      <Text size="sm" c="dimmed" id="chatbot-try-hint">
        <Trans>
          Answers come from your saved settings and your current products. Trying does not count against your limits or statistics.
        </Trans>
      </Text>

      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label={t`Conversation with your assistant`}
        className={classes.log}
        tabIndex={0}
        data-testid="chatbot-try-log"
      >
        {entries.length === 0 && !waiting && (
          <Text size="sm" c="dimmed" ta="center" className={classes.logEmpty}>
            <Trans>Ask something a customer would, for example the price of one of your products.</Trans>
          </Text>
        )}
        {entries.map((entry) =>
          entry.kind === 'turn' ? (
            <Box
              key={entry.id}
              className={entry.turn.role === 'user' ? classes.userBubble : classes.botBubble}
              data-testid={entry.turn.role === 'user' ? 'chatbot-try-question' : 'chatbot-try-answer'}
            >
              <VisuallyHidden>{entry.turn.role === 'user' ? t`You:` : t`Assistant:`}</VisuallyHidden>
              {entry.turn.content}
            </Box>
          ) : (
            <Box key={entry.id} className={classes.errorBubble} data-testid="chatbot-try-error" data-code={entry.code}>
              {i18n._(previewErrorMessage(entry.code))}
            </Box>
          ),
        )}
      </div>
      {waiting && (
        <Group gap="xs" role="status" data-testid="chatbot-try-typing">
          <Loader type="dots" size="sm" aria-hidden="true" />
          <Text size="sm" c="dimmed">
            <Trans>The assistant is typing…</Trans>
          </Text>
        </Group>
      )}

      <form onSubmit={(e) => void send(e)}>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            ref={inputRef}
            flex={1}
            label={t`Your message`}
            placeholder={t`Type a message and press Enter`}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            maxLength={CHATBOT_MESSAGE_MAX_LENGTH}
            autoComplete="off"
            aria-describedby="chatbot-try-hint"
            data-testid="chatbot-try-input"
          />
          <ActionIcon
            type="submit"
            size={36}
            aria-label={t`Send`}
            disabled={draft.trim() === '' || waiting}
            data-testid="chatbot-try-send"
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="currentColor">
              <path d="M3.4 20.4 20.85 12.9a1 1 0 0 0 0-1.8L3.4 3.6a1 1 0 0 0-1.39 1.2L4.5 12l-2.49 7.2a1 1 0 0 0 1.39 1.2ZM6.3 13h6.2a1 1 0 1 0 0-2H6.3" />
            </svg>
          </ActionIcon>
        </Group>
      </form>
    </SectionCard>
  )
}
