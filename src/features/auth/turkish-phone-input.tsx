// The phone field of sign-up and of the number change: the fixed +90 in
// front, digits only as typed (at most ten), the spec's placeholder.
import { Text, TextInput, type TextInputProps } from '@mantine/core'
import { sanitizePhoneDigits, TR_PHONE_PLACEHOLDER, TR_PHONE_PREFIX } from '../../../domain/phone.ts'

type Props = Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'inputMode' | 'leftSection'> & {
  /** The digits after +90. */
  digits: string
  onDigitsChange(digits: string): void
}

export function TurkishPhoneInput({ digits, onDigitsChange, ...props }: Props) {
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
      value={digits}
      onChange={(e) => onDigitsChange(sanitizePhoneDigits(e.currentTarget.value))}
    />
  )
}
