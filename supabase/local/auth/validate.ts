// Input checks with GoTrue's rules and messages: e-mail format (the
// checkmail pattern GoTrue uses), password strength, E.164 phone numbers and
// Go duration strings for bans.
import { badRequest, WeakPasswordError } from './errors.ts'

const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

/** Returns the address lower-cased, as GoTrue stores it. GoTrue does not trim, so neither does this. */
export function validateEmail(email: string | undefined): string {
  if (!email) throw badRequest('validation_failed', 'An email address is required')
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long')
  if (!EMAIL_FORMAT.test(email)) throw badRequest('validation_failed', 'Unable to validate email address: invalid format')
  return email.toLowerCase()
}

/** Go measures strings in bytes, so multi-byte characters count more than once. */
export const byteLength = (s: string) => Buffer.byteLength(s, 'utf8')

/** bcrypt reads at most 72 bytes; GoTrue refuses longer passwords when hashing. */
export const MAX_PASSWORD_BYTES = 72

export function passwordWeakness(password: string, minLength: number): WeakPasswordError | undefined {
  if (byteLength(password) >= minLength) return undefined
  return new WeakPasswordError(`Password should be at least ${minLength} characters.`, ['length'])
}

export function checkPasswordStrength(password: string, minLength: number): void {
  const weak = passwordWeakness(password, minLength)
  if (weak) throw weak
}

/** `+1 555 0100` → `15550100`, as GoTrue stores phone numbers. */
export function validatePhone(phone: string): string {
  const formatted = phone.replace(/^\+/, '').replaceAll(' ', '')
  if (!/^[1-9]\d{1,14}$/.test(formatted)) {
    throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)')
  }
  return formatted
}

const DURATION_UNITS: Record<string, number> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, 'μs': 1e-3, ms: 1, s: 1e3, m: 60e3, h: 3600e3 }

/** Parses a Go duration ("24h", "1h30m", "-5m") into milliseconds. */
export function parseGoDuration(value: string): number {
  const invalid = () => badRequest('validation_failed', `invalid format for ban duration: time: invalid duration ${JSON.stringify(value)}`)
  let rest = value
  let sign = 1
  if (rest.startsWith('-') || rest.startsWith('+')) {
    sign = rest.startsWith('-') ? -1 : 1
    rest = rest.slice(1)
  }
  if (rest === '0') return 0
  if (!rest) throw invalid()
  let total = 0
  const part = /^(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/
  while (rest) {
    const m = part.exec(rest)
    if (!m) throw invalid()
    total += Number(m[1]) * DURATION_UNITS[m[2]!]!
    rest = rest.slice(m[0].length)
  }
  return sign * total
}
