// Calls to the send-verification and verify-phone functions and the
// change_phone_number RPC, reduced to what the verification screen needs to
// decide what to show.
import type { SupabaseClient } from '@supabase/supabase-js'
import { isCode, PHONE_CODE_LENGTH, SEND_VERIFICATION_ERRORS, VERIFY_PHONE_ERRORS, type SendVerificationError, type VerifyPhoneError } from '../../../domain/functions.ts'
import { formatPhoneInternational, PHONE_CHANGE_ERRORS, type PhoneChangeError } from '../../../domain/phone.ts'
import { callFunction, classifyAnswer, numberField, type FunctionAnswer, type InvokeResult } from '../../lib/functions.ts'
import { webStorage } from '../../lib/web-storage.ts'

export const REDIRECT_DELAY_MS = 1000

/** The codes of send-verification and verify-phone; each screen message map covers its own function's list. */
export type VerificationError = SendVerificationError | VerifyPhoneError

const VERIFICATION_ERRORS: readonly VerificationError[] = [...new Set([...SEND_VERIFICATION_ERRORS, ...VERIFY_PHONE_ERRORS])]

export type FunctionOutcome =
  | { ok: true }
  | { ok: false; kind: 'network' }
  /** `code` is null for an answer outside the contract (a gateway refusal, an unknown code). */
  | { ok: false; kind: 'rejected'; code: VerificationError | null; retryAfter?: number; attemptsLeft?: number }

function outcomeOf(answer: FunctionAnswer<VerificationError>): FunctionOutcome {
  switch (answer.kind) {
    case 'ok':
      return { ok: true }
    case 'network':
      return { ok: false, kind: 'network' }
    case 'error': {
      const out: FunctionOutcome = { ok: false, kind: 'rejected', code: answer.code }
      const retryAfter = numberField(answer.body, 'retry_after')
      const attemptsLeft = numberField(answer.body, 'attempts_left')
      if (retryAfter !== undefined) out.retryAfter = retryAfter
      if (attemptsLeft !== undefined) out.attemptsLeft = attemptsLeft
      return out
    }
    case 'unauthorized':
    case 'unknown':
      return { ok: false, kind: 'rejected', code: null }
  }
}

/** The outcome of `functions.invoke(...)` of send-verification or verify-phone: its `{data, error}`. */
export async function toFunctionOutcome(result: InvokeResult): Promise<FunctionOutcome> {
  return outcomeOf(await classifyAnswer(result, VERIFICATION_ERRORS))
}

/** Runs the call; a throw (no connection, the client failing to load) counts as a network failure. */
export async function invokeOutcome(call: () => Promise<InvokeResult>): Promise<FunctionOutcome> {
  return outcomeOf(await callFunction(call, VERIFICATION_ERRORS))
}

export type PhoneChangeOutcome =
  | { ok: true; changed: boolean }
  | { ok: false; code: PhoneChangeError | 'network' | 'server_error'; retryAfter?: number }

type ChangeReply = { changed?: unknown; error?: unknown; retry_after?: unknown }

/** The RPC's `{data, error}`: its own refusals are codes in `data`; `error` means it was not answered. */
export function toPhoneChangeOutcome(result: { data: unknown; error: unknown }): PhoneChangeOutcome {
  if (result.error) return { ok: false, code: 'network' }
  const reply = result.data && typeof result.data === 'object' ? (result.data as ChangeReply) : null
  if (!reply) return { ok: false, code: 'server_error' }
  if (reply.error === null || reply.error === undefined) return { ok: true, changed: reply.changed === true }
  const code = isCode(PHONE_CHANGE_ERRORS, reply.error) ? reply.error : 'server_error'
  return typeof reply.retry_after === 'number' ? { ok: false, code, retryAfter: reply.retry_after } : { ok: false, code }
}

export async function changePhoneNumber(client: Pick<SupabaseClient, 'rpc'>, phone: string): Promise<PhoneChangeOutcome> {
  try {
    return toPhoneChangeOutcome(await client.rpc('change_phone_number', { p_phone_number: phone }))
  } catch {
    return { ok: false, code: 'network' }
  }
}

/** What the code field keeps as the user types or pastes. */
export function sanitizeCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, PHONE_CODE_LENGTH)
}

export function isCompleteCode(code: string): boolean {
  return new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`).test(code)
}

/** Whole seconds until `until` (ms epoch), never negative; rounds up so 0 means "now". */
export function secondsLeft(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000))
}

/** "+905321234567" → "+90 532 123 45 67"; anything else is shown as stored. */
export function formatTurkishPhone(phone: string): string {
  return formatPhoneInternational(phone)
}

// Marks that the automatic first code went out for this user, so a reload
// does not text them again.
export const sentMarkerKey = (userId: string) => `phone-verify-sent:${userId}`

type MarkerStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

const storage = (): MarkerStorage | undefined => webStorage('localStorage')

export function hasSentMarker(userId: string, store: MarkerStorage | undefined = storage()): boolean {
  try {
    return store?.getItem(sentMarkerKey(userId)) != null
  } catch {
    return false
  }
}

export function setSentMarker(userId: string, store: MarkerStorage | undefined = storage()): void {
  try {
    store?.setItem(sentMarkerKey(userId), new Date().toISOString())
  } catch {
    // Private mode or a full quota: the code may be re-sent on reload, which the server rate-limits.
  }
}

export function clearSentMarker(userId: string, store: MarkerStorage | undefined = storage()): void {
  try {
    store?.removeItem(sentMarkerKey(userId))
  } catch {
    // See setSentMarker.
  }
}
