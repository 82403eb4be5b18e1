// "Wrong number?" on the verification screen: the owner who mistyped the
// number at sign-up (or lost it to a lapsed claim) sets another one here,
// through the one server path for it, change_phone_number (three a day).
import { useId, useState, type FormEvent } from 'react'
import { Button, Group, Stack } from '@mantine/core'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { toTurkishPhone } from '../../../domain/phone.ts'
import { getSupabase } from '../../lib/supabase.ts'
import { phoneChangeText } from './messages.ts'
import { TurkishPhoneInput } from './turkish-phone-input.tsx'
import { changePhoneNumber } from './verification.ts'

export function ChangePhoneForm(props: { disabled?: boolean; onChanged(phone: string): Promise<void> }) {
  const { t, i18n } = useLingui()
  const [open, setOpen] = useState(false)
  const [digits, setDigits] = useState('')
  const [saving, setSaving] = useState(false)
  const [problem, setProblem] = useState<MessageDescriptor | null>(null)
  const formId = useId()

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (saving) return
    const phone = toTurkishPhone(digits)
    if (!phone) return setProblem(msg`Please enter the 10 digits of your mobile number after +90.`)
    setSaving(true)
    setProblem(null)
    const outcome = await changePhoneNumber(await getSupabase(), phone)
    if (!outcome.ok) {
      setSaving(false)
      return setProblem(phoneChangeText(outcome))
    }
    await props.onChanged(phone)
    setSaving(false)
    setOpen(false)
    setDigits('')
  }

  if (!open) {
    return (
      <Button variant="subtle" size="xs" onClick={() => setOpen(true)} disabled={props.disabled}>
        <Trans>Wrong number? Change it</Trans>
      </Button>
    )
  }
  return (
    <form id={formId} onSubmit={submit} noValidate aria-label={t`Change phone number`} style={{ width: '100%' }}>
      <Stack gap="xs" mt="sm">
        <TurkishPhoneInput
          id={`${formId}-phone`}
          label={t`New phone number`}
          description={<Trans>The old number stops working for this account, and we send a new code.</Trans>}
          autoFocus
          digits={digits}
          onDigitsChange={setDigits}
          error={problem ? i18n._(problem) : undefined}
        />
        <Group justify="flex-end" gap="xs">
          <Button
            variant="default"
            size="xs"
            onClick={() => {
              setOpen(false)
              setProblem(null)
            }}
            disabled={saving}
          >
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
