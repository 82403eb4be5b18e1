// Calls to the send-verification and verify-phone functions and the
// change_phone_number RPC, reduced to what the verification screen needs to
// decide what to show.
import type { SupabaseClient } from '@supabase/supabase-js'
import { PHONE_CHANGE_ERRORS, type PhoneChangeError } from '../../../domain/phone.ts'

export const CODE_LENGTH = 6
export const RESEND_SECONDS = 60
export const REDIRECT_DELAY_MS = 1000

export type FunctionOutcome =
  | { ok: true }
  | { ok: false; kind: 'network' }
  | { ok: false; kind: 'rejected'; code: string | null; retryAfter?: number; attemptsLeft?: number }

type Reply = { success?: unknown; error?: unknown; retry_after?: unknown; attempts_left?: unknown }

function rejected(reply: Reply | null): FunctionOutcome {
  const code = typeof reply?.error === 'string' ? reply.error : null
  const out: FunctionOutcome = { ok: false, kind: 'rejected', code }
  if (typeof reply?.retry_after === 'number') out.retryAfter = reply.retry_after
  if (typeof reply?.attempts_left === 'number') out.attemptsLeft = reply.attempts_left
  return out
}

/** Error bodies of a FunctionsHttpError sit in its Response, which can be read only once. */
async function readErrorBody(error: unknown): Promise<Reply | null> {
  const context = (error as { context?: unknown }).context
  if (!context || typeof (context as Response).json !== 'function') return null
  try {
    const body: unknown = await (context as Response).json()
    return body && typeof body === 'object' ? (body as Reply) : null
  } catch {
    return null
  }
}

/** The outcome of `functions.invoke(...)`: its `{data, error}` or what it threw. */
export async function toFunctionOutcome(result: { data: unknown; error: unknown }): Promise<FunctionOutcome> {
  const { data, error } = result
  if (error) {
    const name = (error as { name?: unknown }).name
    if (name === 'FunctionsHttpError') return rejected(await readErrorBody(error))
    // FunctionsFetchError / FunctionsRelayError: the function was never reached.
    return { ok: false, kind: 'network' }
  }
  const reply = data && typeof data === 'object' ? (data as Reply) : null
  return reply?.success === true ? { ok: true } : rejected(reply)
}

export async function invokeOutcome(call: () => Promise<{ data: unknown; error: unknown }>): Promise<FunctionOutcome> {
  try {
    return await toFunctionOutcome(await call())
  } catch {
    return { ok: false, kind: 'network' }
  }
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
  const code = PHONE_CHANGE_ERRORS.find((c) => c === reply.error) ?? 'server_error'
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
  return input.replace(/\D/g, '').slice(0, CODE_LENGTH)
}

export function isCompleteCode(code: string): boolean {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code)
}

/** Whole seconds until `until` (ms epoch), never negative; rounds up so 0 means "now". */
export function secondsLeft(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000))
}

/** "+905321234567" → "+90 532 123 45 67"; anything else is shown as stored. */
export function formatTurkishPhone(phone: string): string {
  const m = /^\+90(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone)
  return m ? `+90 ${m[1]} ${m[2]} ${m[3]} ${m[4]}` : phone
}

// Marks that the automatic first code went out for this user, so a reload
// does not text them again.
export const sentMarkerKey = (userId: string) => `phone-verify-sent:${userId}`

type MarkerStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

function storage(): MarkerStorage | undefined {
  try {
    return globalThis.localStorage
  } catch {
    return undefined
  }
}

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
