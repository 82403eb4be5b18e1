// Turkish mobile numbers as the product stores them: "+90" and 10 digits.

export const TR_PHONE_PREFIX = '+90'
export const TR_PHONE_DIGITS = 10
export const TR_PHONE_PATTERN = /^\+90\d{10}$/
/** The pattern the phone fields show after the fixed prefix. */
export const TR_PHONE_PLACEHOLDER = '5XX XXX XX XX'

/** What the sign-up field keeps as the user types: digits only, at most 10. */
export function sanitizePhoneDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, TR_PHONE_DIGITS)
}

/** The stored form of the 10 digits typed after the fixed prefix, or null when incomplete. */
export function toTurkishPhone(digits: string): string | null {
  const clean = sanitizePhoneDigits(digits)
  return clean.length === TR_PHONE_DIGITS ? `${TR_PHONE_PREFIX}${clean}` : null
}

export function isTurkishPhone(value: string): boolean {
  return TR_PHONE_PATTERN.test(value)
}

/**
 * What `rpc('change_phone_number')` refuses with (migration
 * 20261122001200_phone_claims.sql): the one way an owner changes the number.
 */
export const PHONE_CHANGE_ERRORS = ['unauthorized', 'invalid_phone', 'phone_taken', 'rate_limited'] as const
export type PhoneChangeError = (typeof PHONE_CHANGE_ERRORS)[number]

/** Changes a day; the database enforces it. */
export const PHONE_CHANGES_PER_DAY = 3
