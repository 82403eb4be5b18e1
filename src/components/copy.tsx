// Copying a value the owner pastes elsewhere (the widget code, an endpoint, a
// token): the clipboard when the browser lets us, and when it does not (an
// insecure origin, a refused permission, an old browser) the text selected
// with a note on how to copy it by hand, so the value is never out of reach.
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { ActionIcon, Alert, Group, TextInput, Tooltip, VisuallyHidden } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { CHATBOT_COPIED_MS } from '../../domain/chatbot.ts'

export type CopyState = 'idle' | 'copied' | 'manual'

type Selectable = HTMLInputElement | HTMLTextAreaElement

/**
 * `copy(text)` writes to the clipboard and says `copied` for 2 s (spec §9's
 * copied indicator, CHATBOT_COPIED_MS); when
 * the clipboard is unavailable or refuses, the state is `manual` and the
 * element of `target` (the field showing the text) is focused and selected.
 */
export function useCopy(target?: { current: Selectable | null }) {
  const [state, setState] = useState<CopyState>('idle')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  async function copy(text: string) {
    clearTimeout(timer.current)
    try {
      if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable')
      await navigator.clipboard.writeText(text)
      setState('copied')
      timer.current = setTimeout(() => setState('idle'), CHATBOT_COPIED_MS)
    } catch (error) {
      // Spec §8: a failed copy is logged; the owner is also shown how to copy by hand.
      console.error('copying to the clipboard failed', error)
      setState('manual')
      const field = target?.current
      if (field) {
        field.focus()
        field.select()
      }
    }
  }

  return { state, copy }
}

/** Said to screen readers when a copy succeeded (the button's own label changes too). */
export function CopiedStatus(props: { state: CopyState; children: ReactNode }) {
  return <VisuallyHidden role="status">{props.state === 'copied' ? props.children : ''}</VisuallyHidden>
}

/** How to copy by hand, shown when the clipboard refused. */
export function ManualCopyNote(props: { state: CopyState; testId?: string }) {
  if (props.state !== 'manual') return null
  return (
    <Alert color="yellow" variant="light" role="alert" data-testid={props.testId}>
      <Trans>It could not be copied automatically and is selected instead: press Ctrl+C (⌘C on a Mac), or long-press it on a phone and choose Copy.</Trans>
    </Alert>
  )
}

function CopyIcon(props: { copied: boolean }) {
  return props.copied ? (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
      <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  ) : (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <rect x="9" y="9" width="11" height="11" rx="2" />
      <path d="M5 15V5a2 2 0 0 1 2-2h10" strokeLinecap="round" />
    </svg>
  )
}

export type CopyFieldProps = {
  label: ReactNode
  /** Names the value in the copy button's accessible name ("Copy Webhook URL"). */
  name: string
  value: string
  description?: ReactNode
  /** A method shown before the value (GET, POST). */
  prefix?: string
  testId?: string
}

/** A read-only field with a copy button beside it. */
export function CopyField(props: CopyFieldProps) {
  const { t } = useLingui()
  const field = useRef<HTMLInputElement>(null)
  const { state, copy } = useCopy(field)
  const copied = state === 'copied'
  const name = props.name
  return (
    <div data-testid={props.testId}>
      <TextInput
        ref={field}
        label={props.label}
        description={props.description}
        value={props.value}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-sm)' } }}
        leftSection={props.prefix ? <Group gap={0} fz="xs" fw={700} c="dimmed">{props.prefix}</Group> : undefined}
        leftSectionWidth={props.prefix ? 52 : undefined}
        rightSection={
          <Tooltip label={copied ? t`Copied` : t`Copy`} withArrow>
            <ActionIcon
              variant={copied ? 'filled' : 'subtle'}
              color={copied ? 'green' : 'gray'}
              onClick={() => void copy(props.value)}
              aria-label={copied ? t`Copied: ${name}` : t`Copy ${name}`}
              data-state={state}
            >
              <CopyIcon copied={copied} />
            </ActionIcon>
          </Tooltip>
        }
      />
      <CopiedStatus state={state}>
        <Trans>Copied to the clipboard.</Trans>
      </CopiedStatus>
      <ManualCopyNote state={state} />
    </div>
  )
}
