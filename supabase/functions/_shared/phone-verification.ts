// Phone verification codes: how they are made, stored and compared. Only a
// keyed hash of a code is ever stored, so reading phone_verifications (even
// with the service role) does not reveal a code that is still valid.
import { PHONE_CODE_LENGTH } from '../../../domain/functions.ts'
import { readEnv, requireEnv, type EnvReader } from './env.ts'

export const CODE_TTL_SECONDS = 10 * 60
/** Guesses one code allows; how many codes may be sent is in rate-limits.ts. */
export const MAX_ATTEMPTS = 5

export const CODE_PATTERN = /^\d{6}$/

export function verificationMessage(code: string): string {
  return `Doğrulama kodunuz: ${code}`
}

/** What the message log keeps for a real provider instead of the code itself. */
export const REDACTED_VERIFICATION_MESSAGE = verificationMessage('******')

/** Uniform over 000000–999999: values past the last whole million are drawn again. */
export function generateCode(): string {
  const limit = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000
  const buf = new Uint32Array(1)
  for (;;) {
    crypto.getRandomValues(buf)
    if (buf[0]! < limit) return String(buf[0]! % 1_000_000).padStart(PHONE_CODE_LENGTH, '0')
  }
}

/**
 * The key of the code hash: PHONE_VERIFICATION_SECRET when set, else the
 * service role key, which every deployment already keeps secret.
 */
export function verificationSecret(env: EnvReader = readEnv): string {
  return env('PHONE_VERIFICATION_SECRET') ?? requireEnv('SUPABASE_SERVICE_ROLE_KEY', env)
}

/** HMAC-SHA-256 over phone and code: a code for one number never matches another's. */
export async function hashCode(secret: string, phone: string, code: string): Promise<string> {
  const enc = new TextEncoder()
  const key = await crypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(`${phone}:${code}`)))
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('')
}
