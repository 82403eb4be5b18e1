// Turkish mobile numbers as the product stores them: "+90" and 10 digits.
// The same rule as domain/phone.ts, kept here because a deployed function can
// only bundle code from inside supabase/functions (a test keeps them equal).

export const TR_PHONE_PATTERN = /^\+90\d{10}$/

export function isTurkishPhone(value: unknown): value is string {
  return typeof value === 'string' && TR_PHONE_PATTERN.test(value)
}

/** "+905321234567" → "905321234567": the form SMS and WhatsApp APIs expect. */
export function internationalDigits(phone: string): string {
  return phone.replace(/^\+/, '')
}

/**
 * A customer's number as typed ("0532 123 45 67", "532-123-4567",
 * "+90 532 123 45 67") in the stored form, or null when it is not a Turkish
 * number of 10 digits after the country code.
 */
export function normalizeTurkishPhone(input: unknown): string | null {
  if (typeof input !== 'string') return null
  const trimmed = input.trim()
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null
  const digits = trimmed.replace(/\D/g, '')
  const national =
    digits.length === 10 ? digits
    : digits.length === 11 && digits.startsWith('0') ? digits.slice(1)
    : digits.length === 12 && digits.startsWith('90') ? digits.slice(2)
    : undefined
  return national && !national.startsWith('0') ? `+90${national}` : null
}
