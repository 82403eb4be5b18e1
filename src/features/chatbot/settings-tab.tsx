// The settings tab: the form on one side and the "Try it" chat on the other
// (below it on narrow screens). The form is built from the first answer of
// the configuration query and keeps what the owner types from then on.
import { useEffect, useState } from 'react'
import { Alert, ColorInput, Grid, Group, NumberInput, Radio, SimpleGrid, Skeleton, Stack, Switch, TextInput, Textarea } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  CHATBOT_MAX_TOKENS_MAX,
  CHATBOT_MAX_TOKENS_MIN,
  CHATBOT_TEMPERATURE_MAX,
  CHATBOT_TEMPERATURE_MIN,
  CHATBOT_TEMPERATURE_STEP,
  DEFAULT_CHATBOT_COLOR,
  chatbotConfigToForm,
  chatbotPayloadFromForm,
  invalidAllowedDomains,
  normalizeHexColor,
  type ChatbotConfigRow,
  type ChatbotFormValues,
} from '../../../domain/chatbot.ts'
import { useFirstAnswerInSlices } from '../../components/render-in-slices.tsx'
import { SectionCard } from '../../components/section-card.tsx'
import { useOnline } from '../../lib/use-online.ts'
import { FirstLoad, LoadingCard } from './first-load.tsx'
import { isChatbotToggleLocked, lockChatbotToggle } from './lock.ts'
import { FORM_MESSAGES, chatbotFormErrors } from './messages.ts'
import { SaveRow, useRowForm } from './row-form.tsx'
import { TryItPanel } from './try-it-panel.tsx'
import { useChatbotConfig, useSaveChatbotConfig } from './use-chatbot.ts'
import classes from './chatbot.module.css'

/** Written as is in the prompt; the assistant puts the profile's business name there. */
const BUSINESS_NAME_PLACEHOLDER = '{business_name}'
/** Domain names, the same in every language. */
const DOMAINS_EXAMPLE = 'example.com, *.example.com'
const OFFLINE_NOTICE_ID = 'chatbot-settings-offline'
/** How the logs name the configuration's read (spec §8: a failed load is logged). */
const CONFIG_READ = 'loading the chatbot configuration'
const SWATCHES = ['#3B82F6', '#0C7A6B', '#7C3AED', '#DB2777', '#EA580C', '#16A34A', '#1F2937']

type Props = { userId: string; onUnsavedChange: (unsaved: boolean) => void }

export function SettingsTab(props: Props) {
  const online = useOnline()
  // The form is a large tree: its first render comes in slices, the skeleton staying meanwhile.
  const config = useFirstAnswerInSlices(useChatbotConfig(props.userId), (query) => query.isSuccess)
  // The panel comes with the form, not beside its skeleton: on a phone it sits below, and the form
  // replacing the skeleton would push it down.
  const waiting = config.isPending && online
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <SettingsSection {...props} config={config} online={online} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>{!waiting && <TryItPanel userId={props.userId} />}</Grid.Col>
    </Grid>
  )
}

function SettingsSection(props: Props & { config: ReturnType<typeof useChatbotConfig>; online: boolean }) {
  const { t } = useLingui()
  return (
    <FirstLoad
      query={props.config}
      online={props.online}
      logAs={CONFIG_READ}
      failed={{
        title: t`Unable to load the chatbot settings`,
        message: t`Your settings could not be read. Nothing was changed.`,
        testId: 'chatbot-settings-error',
      }}
      offline={<Trans>The chatbot settings need an internet connection. They will load as soon as you are back online.</Trans>}
      offlineTestId="chatbot-settings-offline"
      skeleton={<SettingsSkeleton />}
    >
      {(row) => <SettingsForm userId={props.userId} onUnsavedChange={props.onUnsavedChange} row={row} online={props.online} />}
    </FirstLoad>
  )
}

function SettingsSkeleton() {
  return (
    <LoadingCard label={<Trans>Loading the chatbot settings</Trans>} testId="chatbot-settings-loading">
      <Skeleton height={24} width="45%" mb="lg" />
      {[0, 1, 2, 3].map((i) => (
        <div key={i}>
          <Skeleton height={12} width="30%" mb={8} />
          <Skeleton height={36} mb="md" />
        </div>
      ))}
    </LoadingCard>
  )
}

const SETTINGS_FORM = { toForm: chatbotConfigToForm, toPayload: chatbotPayloadFromForm, validate: chatbotFormErrors, messages: FORM_MESSAGES }

function SettingsForm(props: Props & { row: ChatbotConfigRow | null; online: boolean }) {
  const { t } = useLingui()
  const { userId, online, onUnsavedChange } = props
  const save = useSaveChatbotConfig(userId)
  const [locked, setLocked] = useState(() => isChatbotToggleLocked(userId))
  const [failed, setFailed] = useState(false)
  const [hiddenErrors, setHiddenErrors] = useState(false)
  const { form, onSubmit, errorText, saveValues } = useRowForm(SETTINGS_FORM, props.row, save.mutateAsync)
  const values = form.getValues()
  const saving = form.submitting
  const enabled = values.enabled

  const dirty = form.isDirty()
  useEffect(() => onUnsavedChange(dirty), [dirty, onUnsavedChange])

  async function submit(submitted: ChatbotFormValues) {
    setFailed(false)
    setHiddenErrors(false)
    try {
      // The form then shows what is stored: a colour as #rrggbb, domains lower-cased.
      await saveValues(submitted)
      lockChatbotToggle(userId)
      setLocked(true)
      notifications.show({ color: 'green', message: t`Chatbot settings saved` })
    } catch (error) {
      console.error('saving the chatbot settings failed', error)
      setFailed(true)
    }
  }

  // Fields hidden while the assistant is off cannot show their own errors.
  const onInvalid = () => setHiddenErrors(!form.getValues().enabled)

  const invalidDomains = form.errors.allowed_domains === 'invalid_domain' ? invalidAllowedDomains(values.allowed_domains) : []
  const invalidList = invalidDomains.join(', ')
  const domainsProps = form.getInputProps('allowed_domains')
  const domainsError =
    invalidDomains.length > 0 ? t`Not a domain name: ${invalidList}. Enter domains such as example.com or *.example.com.` : domainsProps.error

  return (
    <SectionCard title={<Trans>Assistant settings</Trans>}>
      <form onSubmit={onSubmit(submit, onInvalid)} noValidate aria-busy={saving} data-testid="chatbot-settings-form">
        <Stack gap="md">

          {!online && (
            <Alert color="yellow" title={t`You are offline`} role="status" id={OFFLINE_NOTICE_ID} data-testid="chatbot-offline">
              <Trans>Saving the chatbot settings needs an internet connection. What you type stays here; you can save once you are back online.</Trans>
            </Alert>
          )}

          <Switch
            size="md"
            label={t`Enable the chatbot`}
            description={
              locked ? t`Locked for the rest of this session, because the settings were saved.` : t`Show the assistant on your website.`
            }
            disabled={locked}
            {...form.getInputProps('enabled', { type: 'checkbox' })}
            data-testid="chatbot-enabled"
          />

          {locked && (
            <Alert color="green" variant="light" role="status" data-testid="chatbot-saved-note">
              <Trans>Your settings were saved. The on/off switch is locked for the rest of this session.</Trans>
            </Alert>
          )}

          {enabled && (
            <>
              <TextInput label={t`Bot name`} required {...form.getInputProps('bot_name')} />
              <ColorInput
                label={t`Primary colour`}
                description={t`The colour of the chat button and the header, as a hex code.`}
                format="hex"
                // Mantine's saturation and hue sliders have no accessible names (and are mouse-only):
                // the browser's own colour picker on the left is the labelled, keyboard-usable one.
                withPicker={false}
                swatches={SWATCHES}
                withPreview={false}
                // Mantine would put back its last valid colour on blur, silently, and after a fast
                // paste-and-Tab an older one: what was typed stays, and the form's check judges it.
                fixOnBlur={false}
                leftSection={
                  <input
                    type="color"
                    className={classes.colorPicker}
                    aria-label={t`Choose a colour`}
                    value={normalizeHexColor(values.primary_color) ?? DEFAULT_CHATBOT_COLOR.toLowerCase()}
                    onChange={(event) => form.setFieldValue('primary_color', event.currentTarget.value.toUpperCase())}
                    data-testid="chatbot-color-picker"
                  />
                }
                leftSectionPointerEvents="all"
                placeholder={DEFAULT_CHATBOT_COLOR}
                eyeDropperButtonProps={{ 'aria-label': t`Pick a colour from the screen` }}
                {...form.getInputProps('primary_color')}
                data-testid="chatbot-color"
              />
              <TextInput
                label={t`Welcome message`}
               
                {...form.getInputProps('welcome_message')}
              />
              <Textarea
                label={t`Description`}
                description={t`What the assistant helps with, shown to your visitors.`}
                rows={3}
               
                {...form.getInputProps('bot_description')}
              />
              <Radio.Group label={t`Position on the page`} {...form.getInputProps('position')}>
                <Group gap="lg" mt={6}>
                  <Radio value="bottom-right" label={t`Bottom right`} />
                  <Radio value="bottom-left" label={t`Bottom left`} />
                </Group>
              </Radio.Group>

              <Alert color="blue" variant="light" title={t`The AI is included`} data-testid="chatbot-ai-banner">
                <Trans>The assistant's AI is provided by us. You do not need an API key or an account with an AI provider.</Trans>
              </Alert>

              <Radio.Group label={t`Model`} {...form.getInputProps('openai_model')}>
                <Group gap="lg" mt={6}>
                  <Radio value="gpt-3.5-turbo" label={t`GPT-3.5 Turbo (faster)`} />
                  <Radio value="gpt-4" label={t`GPT-4 (more capable)`} />
                </Group>
              </Radio.Group>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                <NumberInput
                  label={t`Temperature`}
                  description={t`From ${CHATBOT_TEMPERATURE_MIN} (precise) to ${CHATBOT_TEMPERATURE_MAX} (creative)`}
                  min={CHATBOT_TEMPERATURE_MIN}
                  max={CHATBOT_TEMPERATURE_MAX}
                  step={CHATBOT_TEMPERATURE_STEP}
                  decimalScale={1}
                  clampBehavior="none"
                  {...form.getInputProps('temperature')}
                />
                <NumberInput
                  label={t`Max tokens`}
                  description={t`Longest answer, ${CHATBOT_MAX_TOKENS_MIN} to ${CHATBOT_MAX_TOKENS_MAX}`}
                  min={CHATBOT_MAX_TOKENS_MIN}
                  max={CHATBOT_MAX_TOKENS_MAX}
                  step={100}
                  allowDecimal={false}
                  clampBehavior="none"
                  {...form.getInputProps('max_tokens')}
                />
              </SimpleGrid>
              <Textarea
                label={t`System prompt`}
                description={t`Instructions for the assistant. ${BUSINESS_NAME_PLACEHOLDER} is replaced with your business name.`}
                rows={4}
               
                {...form.getInputProps('system_prompt')}
              />
              <TextInput
                label={t`Website URL`}
                type="url"
                inputMode="url"
                placeholder="https://example.com"
               
                {...form.getInputProps('website_url')}
              />
              <TextInput
                label={t`Allowed domains`}
                description={t`Comma-separated, for example: example.com, *.example.com. The website above is allowed as well; with both empty, any site may show the assistant.`}
                placeholder={DOMAINS_EXAMPLE}
                {...domainsProps}
                error={domainsError}
                data-testid="chatbot-allowed-domains"
              />
            </>
          )}

          {hiddenErrors && !enabled && (
            <Alert color="red" role="alert" title={t`Some settings are not valid`}>
              <Trans>Turn the chatbot on to see and correct them.</Trans>
              <ul>
                {Object.keys(form.errors).map((path) => (
                  <li key={path}>{errorText(path)}</li>
                ))}
              </ul>
            </Alert>
          )}

          {failed && (
            <Alert color="red" role="alert" data-testid="chatbot-save-error">
              <Trans>An error occurred while saving settings.</Trans>
            </Alert>
          )}

          <SaveRow saving={saving} online={online} offlineNoticeId={OFFLINE_NOTICE_ID} testId="chatbot-save">
            <Trans>Save settings</Trans>
          </SaveRow>
        </Stack>
      </form>
    </SectionCard>
  )
}
