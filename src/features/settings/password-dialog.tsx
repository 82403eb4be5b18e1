// Asking for the account password again before something a stolen session
// must not do alone (minting the automation token, sharing the WhatsApp
// access token with the automation). The server checks the password
// (automation-token); this dialog only collects it and words the answer: a
// wrong password at the field, too many tries with the wait, no connection.
import { useState, type ReactNode } from 'react'
import { Alert, Button, PasswordInput, Stack } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { validatePasswordConfirmation, type PasswordConfirmationValues } from '../../../domain/settings.ts'
import { useDomainForm } from '../../components/forms.ts'
import { ModalButtons, ResponsiveModal } from '../../components/responsive-modal.tsx'
import { useOnline } from '../../lib/use-online.ts'
import { AutomationTokenFailure } from './api.ts'
import { automationTokenFailureText, PASSWORD_FORM_ERRORS } from './messages.ts'

export type PasswordDialogProps = {
  opened: boolean
  onClose: () => void
  title: ReactNode
  description: ReactNode
  confirmLabel: ReactNode
  testId: string
  /** Does the action with the password; a refusal is an AutomationTokenFailure. Resolving closes the dialog. */
  onConfirm: (password: string) => Promise<void>
}

export function PasswordDialog(props: PasswordDialogProps) {
  // A new form at every opening, so no password typed before is still there.
  const [round, setRound] = useState(0)
  const [busy, setBusy] = useState(false)
  const close = () => {
    setRound((r) => r + 1)
    props.onClose()
  }
  return (
    <ResponsiveModal opened={props.opened} onClose={close} busy={busy} size="md" title={props.title} description={props.description} testId={props.testId}>
      <PasswordForm key={round} confirmLabel={props.confirmLabel} onConfirm={props.onConfirm} onDone={close} onBusy={setBusy} />
    </ResponsiveModal>
  )
}

function PasswordForm(props: {
  confirmLabel: ReactNode
  onConfirm: (password: string) => Promise<void>
  onDone: () => void
  onBusy: (busy: boolean) => void
}) {
  const { t } = useLingui()
  const online = useOnline()
  const [failure, setFailure] = useState<AutomationTokenFailure | null>(null)
  const { form, onSubmit } = useDomainForm<PasswordConfirmationValues, 'required' | 'invalid_password'>({
    initialValues: { password: '' },
    validate: validatePasswordConfirmation,
    messages: PASSWORD_FORM_ERRORS,
  })
  const saving = form.submitting

  async function confirm(values: PasswordConfirmationValues) {
    setFailure(null)
    props.onBusy(true)
    try {
      await props.onConfirm(values.password)
    } catch (error) {
      console.error('confirming with the password failed', error)
      const refused = error instanceof AutomationTokenFailure ? error : new AutomationTokenFailure('server_error')
      if (refused.code === 'invalid_password') {
        form.setFieldError('password', 'invalid_password')
        const field = form.getInputNode('password') as HTMLInputElement | null
        field?.select()
      } else {
        setFailure(refused)
      }
      return
    } finally {
      props.onBusy(false)
    }
    props.onDone()
  }

  return (
    <form onSubmit={onSubmit(confirm)} noValidate aria-busy={saving}>
      <Stack gap="sm">
        <PasswordInput
          label={t`Your password`}
          description={t`The password you sign in with.`}
          autoComplete="current-password"
          visibilityToggleButtonProps={{ 'aria-label': t`Show or hide the password` }}
          required
          data-autofocus
          data-testid="password-confirmation"
          {...form.getInputProps('password')}
        />
        {!online && (
          <Alert color="yellow" role="status">
            <Trans>Confirming needs an internet connection.</Trans>
          </Alert>
        )}
        {failure && (
          <Alert color="red" role="alert" data-testid="password-confirmation-error">
            {t(automationTokenFailureText(failure))}
          </Alert>
        )}
      </Stack>
      <ModalButtons>
        <Button variant="default" onClick={props.onDone} disabled={saving}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" loading={saving} disabled={!online} data-testid="password-confirmation-submit">
          {props.confirmLabel}
        </Button>
      </ModalButtons>
    </form>
  )
}
