// The settings that are saved together: the business name and the WhatsApp
// Cloud API credentials (spec: API key = access token, client id = phone
// number id, client secret = app secret). A save writes only what changed;
// "saved" shows for 3 s; a failure shows "Failed to update settings" or the
// server's message and leaves every field as typed.
import { useState } from 'react'
import { useTimeout } from '@mantine/hooks'
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  BUSINESS_NAME_MAX, SETTINGS_SAVED_MS, settingsChanges, settingsToForm, validateSettingsForm, type SettingsFormValues,
} from '../../../domain/settings.ts'
import { useDomainForm } from '../../components/forms.ts'
import { SectionCard } from '../../components/section-card.tsx'
import { useSession } from '../../lib/session.tsx'
import { useOnline } from '../../lib/use-online.ts'
import { SettingsSaveFailure, type SettingsData } from './api.ts'
import { AvatarSection } from './avatar-section.tsx'
import { FORM_ERRORS } from './messages.ts'
import { SecretField } from './secret-field.tsx'
import { useSaveSettings } from './use-settings.ts'

/** The spec's error box: its title, and the server's message when it gave one. */
type Failure = { kind: 'fields' } | { kind: 'message'; text: string | null }

export function SettingsForm(props: { userId: string; data: SettingsData }) {
  const { t } = useLingui()
  const session = useSession()
  const online = useOnline()
  const save = useSaveSettings(props.userId)
  const profile = session.profile
  const { credentials } = props.data
  const [failure, setFailure] = useState<Failure | null>(null)
  // "Saved" shows for SETTINGS_SAVED_MS after a successful save; a new save restarts it.
  const [saved, setSaved] = useState(false)
  const savedTimer = useTimeout(() => setSaved(false), SETTINGS_SAVED_MS)

  const { form, onSubmit } = useDomainForm({
    initialValues: settingsToForm(profile?.business_name ?? null, credentials),
    validate: validateSettingsForm,
    messages: FORM_ERRORS,
  })
  const saving = form.submitting

  async function submit(values: SettingsFormValues) {
    setFailure(null)
    setSaved(false)
    savedTimer.clear()
    const changes = settingsChanges(values, { businessName: profile?.business_name ?? null, phoneNumberId: credentials.phone_number_id })
    try {
      const status = await save.mutateAsync(changes)
      if (changes.businessName !== null) await session.refreshProfile({ force: true })
      // Secrets go back to empty: what was typed is now saved, and shown only as "saved".
      const next = settingsToForm(changes.businessName ?? values.business_name, status ?? credentials)
      form.setInitialValues(next)
      form.setValues(next)
      setSaved(true)
      savedTimer.start()
    } catch (error) {
      console.error('saving the settings failed', error)
      if (error instanceof SettingsSaveFailure && error.field) {
        const [field, code] = error.field
        form.setFieldError(field, code)
        setFailure({ kind: 'fields' })
      } else {
        setFailure({ kind: 'message', text: error instanceof SettingsSaveFailure && error.message ? error.message : null })
      }
    }
  }

  const secretInput = (path: 'access_token' | 'app_secret') => ({
    clear: form.values[path].clear,
    onClearChange: (clear: boolean) => {
      form.setFieldValue(`${path}.clear`, clear)
      if (clear) form.setFieldValue(`${path}.value`, '')
    },
    input: form.getInputProps(`${path}.value`),
  })

  return (
    <form onSubmit={onSubmit(submit)} noValidate aria-busy={saving} data-testid="settings-form">
      <Stack gap="lg">
        <SectionCard title={<Trans>Profile</Trans>}>
          <AvatarSection userId={props.userId} />
          <TextInput
            label={t`E-mail`}
            value={profile?.email ?? session.user?.email ?? ''}
            readOnly
            description={t`Your e-mail address cannot be changed here. To change it, please contact support.`}
            data-testid="settings-email"
          />
          <TextInput label={t`Business name`} required autoComplete="organization" maxLength={BUSINESS_NAME_MAX + 20} {...form.getInputProps('business_name')} />
        </SectionCard>

        <SectionCard
          title={<Trans>WhatsApp Cloud API</Trans>}
          description={<Trans>The assistant answers your customers on WhatsApp with these. Saved secrets are never shown again, not even to you.</Trans>}
        >
          <SecretField
            label={t`Access token`}
            description={<Trans>Your API key: a permanent token of a system user in Meta Business Settings.</Trans>}
            saved={{ set: credentials.access_token_set, last4: credentials.access_token_last4 }}
            testId="settings-access-token"
            {...secretInput('access_token')}
          />
          <TextInput
            label={t`Phone number ID`}
            description={t`Your client ID: WhatsApp › API Setup in your Meta app, under the sending number.`}
            inputMode="numeric"
            autoComplete="off"
            {...form.getInputProps('phone_number_id')}
          />
          <SecretField
            label={t`App secret`}
            description={<Trans>Your client secret: App settings › Basic in your Meta app. It proves that messages come from Meta.</Trans>}
            saved={{ set: credentials.app_secret_set, last4: credentials.app_secret_last4 }}
            testId="settings-app-secret"
            {...secretInput('app_secret')}
          />
        </SectionCard>

        {failure && (
          <Alert color="red" role="alert" title={t`Failed to update settings`} data-testid="settings-save-error">
            {failure.kind === 'fields' ? (
              <Trans>Please check the highlighted fields and try again.</Trans>
            ) : (
              (failure.text ?? <Trans>Your changes are still here; please try again.</Trans>)
            )}
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="green.8" fw={500} role="status" data-testid="settings-saved">
            {saved ? t`Settings updated` : ''}
          </Text>
          <Button type="submit" loading={saving} disabled={!online} data-testid="settings-save">
            <Trans>Save settings</Trans>
          </Button>
        </Group>
        {!online && (
          <Text size="sm" c="dimmed" ta="right">
            <Trans>Saving needs an internet connection.</Trans>
          </Text>
        )}
      </Stack>
    </form>
  )
}
