// The widget code tab: the snippet the owner pastes into their site, built
// from the SAVED configuration (domain/chatbot.ts widgetSnippet), a copy
// button that says "Copied" for CHATBOT_COPIED_MS, and the three steps. When
// the saved configuration has the assistant off there is no code to give:
// a notice sends the owner to the settings instead.
import { useRef } from 'react'
import { Alert, Button, Code, List, Skeleton, Stack, Text, Textarea } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { widgetScriptUrl, widgetSnippet, type ChatbotConfigRow, type ChatbotPosition } from '../../../domain/chatbot.ts'
import { CopiedStatus, ManualCopyNote, useCopy } from '../../components/copy.tsx'
import { SectionCard } from '../../components/section-card.tsx'
import { useSupabaseUrl } from '../../lib/use-runtime-config.ts'
import { useOnline } from '../../lib/use-online.ts'
import { CHATBOT_FUNCTION } from './api.ts'
import { FirstLoad, LoadingCard } from './first-load.tsx'
import { useChatbotConfig } from './use-chatbot.ts'
import classes from './chatbot.module.css'

/** Shown as code, never translated. */
const BODY_END = '</body>'

type Props = { userId: string; unsaved: boolean; onOpenSettings: () => void }

export function WidgetCodeTab(props: Props) {
  const { t } = useLingui()
  const online = useOnline()
  const config = useChatbotConfig(props.userId)
  const apiBase = useSupabaseUrl()

  const skeleton = (
    <LoadingCard label={<Trans>Loading the widget code</Trans>} testId="chatbot-code-loading">
      <Skeleton height={24} width="40%" mb="md" />
      <Skeleton height={180} />
    </LoadingCard>
  )
  return (
    <FirstLoad
      query={config}
      online={online}
      failed={{
        title: t`Unable to load the chatbot settings`,
        message: t`The widget code is made from your saved settings, which could not be read.`,
        testId: 'chatbot-code-error',
      }}
      offline={<Trans>The widget code is made from your saved settings, which need an internet connection to load.</Trans>}
      skeleton={skeleton}
    >
      {(row) => (apiBase === null ? skeleton : <SavedCode row={row} apiBase={apiBase} {...props} />)}
    </FirstLoad>
  )
}

/** The saved configuration's code, or, while the assistant is off, the way to the settings. */
function SavedCode(props: Props & { row: ChatbotConfigRow | null; apiBase: string }) {
  const { t } = useLingui()
  const { row } = props
  if (!row?.enabled) {
    return (
      <Alert color="gray" variant="light" title={t`The chatbot is turned off`} data-testid="chatbot-code-disabled">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            <Trans>Complete the settings, turn the chatbot on and save: the code for your website will then appear here.</Trans>
          </Text>
          <Button size="xs" variant="light" onClick={props.onOpenSettings}>
            <Trans>Go to settings</Trans>
          </Button>
        </Stack>
      </Alert>
    )
  }
  return <SnippetCard row={row} userId={props.userId} apiBase={props.apiBase} unsaved={props.unsaved} />
}

function SnippetCard(props: { row: ChatbotConfigRow; userId: string; apiBase: string; unsaved: boolean }) {
  const { t } = useLingui()
  const { row } = props
  const snippet = widgetSnippet({
    userId: props.userId,
    apiUrl: `${props.apiBase.replace(/\/+$/, '')}/functions/v1/${CHATBOT_FUNCTION}`,
    scriptUrl: widgetScriptUrl(window.location.origin),
    enabled: row.enabled,
    botName: row.bot_name,
    welcomeMessage: row.welcome_message,
    primaryColor: row.primary_color,
    position: row.position as ChatbotPosition,
  })
  const codeRef = useRef<HTMLTextAreaElement>(null)
  // The shared copy behaviour (src/components/copy.tsx): "Copied" for CHATBOT_COPIED_MS, else select and explain.
  const { state: copy, copy: copyText } = useCopy(codeRef)

  return (
    <Stack gap="lg">
      {props.unsaved && (
        <Alert color="yellow" variant="light" role="status" data-testid="chatbot-code-unsaved">
          <Trans>You have unsaved changes in the settings. This code uses your saved settings; save them to include the changes.</Trans>
        </Alert>
      )}
      <SectionCard
        title={<Trans>Install code</Trans>}
        gap="sm"
        aside={
          <Button
            onClick={() => void copyText(snippet)}
            color={copy === 'copied' ? 'green' : undefined}
            variant={copy === 'copied' ? 'filled' : 'light'}
            data-testid="chatbot-copy"
            data-state={copy}
          >
            {copy === 'copied' ? <Trans>Copied</Trans> : <Trans>Copy code</Trans>}
          </Button>
        }
      >
        <CopiedStatus state={copy}>
          <Trans>The code was copied to the clipboard.</Trans>
        </CopiedStatus>
        <ManualCopyNote state={copy} testId="chatbot-copy-manual" />
        <Textarea
          ref={codeRef}
          label={t`Code for your website`}
          readOnly
          autosize
          minRows={8}
          value={snippet}
          onFocus={(e) => e.currentTarget.select()}
          spellCheck={false}
          className={classes.snippet}
          data-testid="chatbot-snippet"
        />
      </SectionCard>

      <SectionCard title={<Trans>How to install</Trans>} gap="sm">
        <List type="ordered" spacing="xs" data-testid="chatbot-steps">
        <List.Item>
          <Trans>Copy the code above.</Trans>
        </List.Item>
        <List.Item>
          <Trans>
            Paste it into your website's HTML, just before the closing <Code>{BODY_END}</Code> tag, on every page where the assistant should appear.
          </Trans>
        </List.Item>
        <List.Item>
          <Trans>Add your website's domain to the allowed domains in the settings and save.</Trans>
        </List.Item>
        </List>
      </SectionCard>
    </Stack>
  )
}
