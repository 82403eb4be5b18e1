// The phone field of sign-up and of the number change: the fixed +90 in
// front, digits only as typed (at most ten), the spec's placeholder. It takes
// a form's input props as they come (`value` is the digits; `onChange` gets
// the digits, not the event).
import { Text, TextInput, type TextInputProps } from '@mantine/core'
import { sanitizePhoneDigits, TR_PHONE_PLACEHOLDER, TR_PHONE_PREFIX } from '../../../domain/phone.ts'

type Props = Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'inputMode' | 'leftSection'> & {
  /** The digits after +90. */
  value?: string
  onChange(digits: string): void
}

export function TurkishPhoneInput({ value, onChange, ...props }: Props) {
  return (
    <TextInput
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      placeholder={TR_PHONE_PLACEHOLDER}
      leftSection={<Text size="sm" fw={500} aria-hidden>{TR_PHONE_PREFIX}</Text>}
      leftSectionWidth={48}
      required
      {...props}
      value={value}
      onChange={(e) => onChange(sanitizePhoneDigits(e.currentTarget.value))}
    />
  )
}
