// "Wrong number?" on the verification screen: the owner who mistyped the
// number at sign-up (or lost it to a lapsed claim) sets another one here,
// through the one server path for it, change_phone_number (three a day).
// The server's refusal is the field's error, as the form's own checks are,
// and clears as the number is typed again.
import { useState } from 'react'
import { Button, Group, Stack } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { toTurkishPhone } from '../../../domain/phone.ts'
import { useDomainForm } from '../../components/forms.ts'
import { getSupabase } from '../../lib/supabase.ts'
import { validatePhoneChangeForm } from './auth-form.ts'
import { PHONE_CHANGE_FORM_ERRORS } from './messages.ts'
import { TurkishPhoneInput } from './turkish-phone-input.tsx'
import { changePhoneNumber } from './verification.ts'

export function ChangePhoneForm(props: { disabled?: boolean; onChanged(phone: string): Promise<void> }) {
  const [open, setOpen] = useState(false)
  if (!open) {
    return (
      <Button variant="subtle" size="xs" onClick={() => setOpen(true)} disabled={props.disabled}>
        <Trans>Wrong number? Change it</Trans>
      </Button>
    )
  }
  // Mounted on opening, so every opening starts empty and unjudged.
  return <PhoneForm onChanged={props.onChanged} onClose={() => setOpen(false)} />
}

function PhoneForm(props: { onChanged(phone: string): Promise<void>; onClose(): void }) {
  const { t } = useLingui()
  const { form, onSubmit } = useDomainForm({
    initialValues: { digits: '' },
    validate: validatePhoneChangeForm,
    messages: PHONE_CHANGE_FORM_ERRORS,
  })
  const saving = form.submitting

  async function save(values: { digits: string }) {
    // validatePhoneChangeForm has seen all ten digits.
    const phone = toTurkishPhone(values.digits)!
    const outcome = await changePhoneNumber(await getSupabase(), phone)
    if (!outcome.ok) return form.setFieldError('digits', outcome.code)
    await props.onChanged(phone)
    props.onClose()
  }

  return (
    <form onSubmit={onSubmit(save)} noValidate aria-label={t`Change phone number`} aria-busy={saving} style={{ width: '100%' }}>
      <Stack gap="xs" mt="sm">
        <TurkishPhoneInput
          label={t`New phone number`}
          description={<Trans>The old number stops working for this account, and we send a new code.</Trans>}
          autoFocus
          {...form.getInputProps('digits')}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={props.onClose} disabled={saving}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" size="xs" loading={saving}>
            <Trans>Change and send code</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
