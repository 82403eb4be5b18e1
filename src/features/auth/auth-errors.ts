// What went wrong on the auth screen, as data: the screen turns it into a
// message in the active language, so switching language re-translates it.
import type { CheckPhoneError } from '../../../domain/functions.ts'
import type { FunctionAnswer } from '../../lib/functions.ts'

export type AuthProblem =
  | { kind: 'invalid_credentials' }
  | { kind: 'user_already_exists' }
  | { kind: 'weak_password'; reasons: string[] }
  | { kind: 'invalid_email' }
  | { kind: 'validation_failed'; message: string }
  | { kind: 'rate_limited' }
  | { kind: 'network' }
  | { kind: 'email_not_confirmed' }
  | { kind: 'phone_exists' }
  | { kind: 'phone_check_failed' }
  | { kind: 'message'; message: string }
  | { kind: 'unknown' }

type ErrorLike = { name?: unknown; code?: unknown; message?: unknown; status?: unknown; reasons?: unknown }

const RATE_LIMIT_CODES = new Set(['over_request_rate_limit', 'over_email_send_rate_limit', 'over_sms_send_rate_limit'])

/** Classifies whatever supabase-js (or fetch) threw or returned for sign-in and sign-up. */
export function classifyAuthError(error: unknown): AuthProblem {
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) return { kind: 'unknown' }
  const e = error as ErrorLike
  const code = typeof e.code === 'string' ? e.code : undefined
  const message = typeof e.message === 'string' ? e.message : ''
  // supabase-js wraps failed requests (offline, refused, CORS) in this class with status 0.
  if (e.name === 'AuthRetryableFetchError' || (error instanceof TypeError && /fetch|network/i.test(message))) {
    return { kind: 'network' }
  }
  if (code === 'invalid_credentials') return { kind: 'invalid_credentials' }
  if (code === 'user_already_exists' || code === 'email_exists') return { kind: 'user_already_exists' }
  if (code === 'weak_password' || e.name === 'AuthWeakPasswordError') {
    const reasons = Array.isArray(e.reasons) ? e.reasons.filter((r): r is string => typeof r === 'string') : []
    return { kind: 'weak_password', reasons }
  }
  if (code === 'email_address_invalid') return { kind: 'invalid_email' }
  if (code === 'validation_failed') {
    return /e-?mail/i.test(message) ? { kind: 'invalid_email' } : { kind: 'validation_failed', message }
  }
  if (code === 'email_not_confirmed') return { kind: 'email_not_confirmed' }
  if ((code && RATE_LIMIT_CODES.has(code)) || e.status === 429) return { kind: 'rate_limited' }
  if (message) return { kind: 'message', message }
  return { kind: 'unknown' }
}

/** What check-phone's answer means for sign-up: null when the number is free, else why not to go on. */
export function phoneCheckProblem(answer: FunctionAnswer<CheckPhoneError>): AuthProblem | null {
  if (answer.kind === 'ok') return answer.data.exists === false ? null : answer.data.exists === true ? { kind: 'phone_exists' } : { kind: 'phone_check_failed' }
  if (answer.kind === 'network') return { kind: 'network' }
  if (answer.kind === 'error' && answer.code === 'rate_limited') return { kind: 'rate_limited' }
  return { kind: 'phone_check_failed' }
}
