// The credits feature's calls to Supabase: the balance and the recent
// purchases (read-only tables, owner's rows only), the checkout function and
// the manual payment check. Everything returns data or error codes; the
// screens turn codes into sentences.
import type { SupabaseClient } from '@supabase/supabase-js'
import { PLAN_PAYMENT_MODE } from '../../../domain/plans.ts'
import {
  CANCEL_PATH,
  CHECKOUT_FUNCTION,
  CREDITS_COLUMNS,
  PROCESS_PAYMENT_FUNCTION,
  RECENT_TRANSACTIONS,
  SESSION_PLACEHOLDER,
  SUCCESS_PATH,
  TRANSACTION_COLUMNS,
} from './constants.ts'

export type CreditsBalance = { id: string; amount: number; used: number; remaining: number }

export type CreditTransaction = {
  id: string
  created_at: string | null
  /** US cents. */
  amount: number
  credits_purchased: number
  status: string
  provider_session_id: string | null
}

export type CreditsData = { balance: CreditsBalance; transactions: CreditTransaction[] }

/**
 * Shown when the owner has no credits row. The signup trigger creates one and
 * owners cannot insert into credits (only server code changes balances), so
 * the spec's "create one with zeros" becomes "show zeros".
 */
export const FALLBACK_BALANCE: CreditsBalance = { id: 'fallback', amount: 0, used: 0, remaining: 0 }

export type CreditsLoadError = 'not_authenticated' | 'load_failed'

export class CreditsLoadFailure extends Error {
  constructor(
    readonly code: CreditsLoadError,
    options?: { cause?: unknown },
  ) {
    super(code, options)
    this.name = 'CreditsLoadFailure'
  }
}

type Client = Pick<SupabaseClient, 'from'>

/** The balance and the newest purchases. A failed balance read throws; failed purchases read as none (spec). */
export async function fetchCreditsData(client: Client, userId: string | null): Promise<CreditsData> {
  if (!userId) throw new CreditsLoadFailure('not_authenticated')
  const [credits, transactions] = await Promise.all([
    client.from('credits').select(CREDITS_COLUMNS).eq('user_id', userId).maybeSingle(),
    client.from('transactions').select(TRANSACTION_COLUMNS).eq('user_id', userId).order('created_at', { ascending: false }).limit(RECENT_TRANSACTIONS),
  ])
  if (credits.error) throw new CreditsLoadFailure('load_failed', { cause: credits.error })
  let balance = credits.data as CreditsBalance | null
  if (!balance) {
    console.warn('no credits row for this owner; showing zeros (the signup trigger should have created it)')
    balance = FALLBACK_BALANCE
  }
  let list: CreditTransaction[] = []
  if (transactions.error) console.error('loading transactions failed', transactions.error)
  else list = (transactions.data ?? []) as CreditTransaction[]
  return { balance, transactions: list }
}

/** The owner's newest purchase, or null; a failed read throws. */
export async function fetchLatestTransaction(client: Client, userId: string): Promise<CreditTransaction | null> {
  const { data, error } = await client.from('transactions').select(TRANSACTION_COLUMNS).eq('user_id', userId).order('created_at', { ascending: false }).limit(1)
  if (error) throw new Error(`reading the latest transaction failed: ${error.message}`, { cause: error })
  return ((data ?? [])[0] as CreditTransaction | undefined) ?? null
}

// Edge function replies ----------------------------------------------------------

type Reply = Record<string, unknown>

export type FunctionResult = { kind: 'ok'; reply: Reply } | { kind: 'rejected'; code: string | null; reply: Reply | null } | { kind: 'unreachable' }

/** Error bodies of a FunctionsHttpError sit in its Response (`context`), readable once. */
async function errorBody(error: unknown): Promise<Reply | null> {
  const context = (error as { context?: unknown }).context
  if (!context || typeof (context as Response).json !== 'function') return null
  try {
    const body: unknown = await (context as Response).json()
    return body && typeof body === 'object' ? (body as Reply) : null
  } catch {
    return null
  }
}

/** What `functions.invoke(...)` gave back, as ok / rejected with the function's code / never reached. */
export async function readFunctionResult(result: { data: unknown; error: unknown }): Promise<FunctionResult> {
  const { data, error } = result
  if (error) {
    if ((error as { name?: unknown }).name !== 'FunctionsHttpError') return { kind: 'unreachable' }
    const reply = await errorBody(error)
    return { kind: 'rejected', code: typeof reply?.error === 'string' ? reply.error : null, reply }
  }
  const reply = data && typeof data === 'object' ? (data as Reply) : null
  if (reply && reply.success === true) return { kind: 'ok', reply }
  return { kind: 'rejected', code: typeof reply?.error === 'string' ? reply.error : null, reply }
}

// Checkout -----------------------------------------------------------------------

export type CheckoutErrorCode =
  | 'not_authenticated'
  | 'unreachable'
  | 'unauthorized'
  | 'phone_not_verified'
  | 'invalid_request'
  | 'unknown_price'
  | 'plan_not_purchasable'
  | 'invalid_redirect_url'
  | 'rate_limited'
  | 'provider_error'
  | 'server_error'

const CHECKOUT_CODES: readonly CheckoutErrorCode[] = [
  'unauthorized',
  'phone_not_verified',
  'invalid_request',
  'unknown_price',
  'plan_not_purchasable',
  'invalid_redirect_url',
  'rate_limited',
  'provider_error',
  'server_error',
]

export type CheckoutOutcome = { ok: true; url: string } | { ok: false; code: CheckoutErrorCode }

/** The checkout function's body: the provider sends the buyer back to the success page with the session id, or to the dashboard. */
export function checkoutRequest(priceId: string, origin: string) {
  return {
    price_id: priceId,
    success_url: `${origin}${SUCCESS_PATH}?session_id=${SESSION_PLACEHOLDER}`,
    cancel_url: `${origin}${CANCEL_PATH}`,
    mode: PLAN_PAYMENT_MODE,
  }
}

export function checkoutOutcome(result: FunctionResult): CheckoutOutcome {
  if (result.kind === 'unreachable') return { ok: false, code: 'unreachable' }
  if (result.kind === 'ok') {
    const url = result.reply.url
    if (typeof url === 'string' && /^https?:\/\//.test(url)) return { ok: true, url }
    return { ok: false, code: 'server_error' }
  }
  const code = CHECKOUT_CODES.find((c) => c === result.code)
  return { ok: false, code: code ?? 'server_error' }
}

type FunctionsClient = Pick<SupabaseClient, 'auth' | 'functions'>

/** Opens a checkout session for the signed-in owner; the caller sends the browser to `url`. */
export async function createCheckout(client: FunctionsClient, priceId: string, origin: string): Promise<CheckoutOutcome> {
  try {
    const { data } = await client.auth.getSession()
    if (!data.session?.user) return { ok: false, code: 'not_authenticated' }
    const result = await client.functions.invoke(CHECKOUT_FUNCTION, { body: checkoutRequest(priceId, origin) })
    const outcome = checkoutOutcome(await readFunctionResult(result))
    if (!outcome.ok) console.error('starting checkout failed', outcome.code)
    return outcome
  } catch (error) {
    console.error('starting checkout failed', error)
    return { ok: false, code: 'unreachable' }
  }
}

// Manual payment check -----------------------------------------------------------

export type ProcessPaymentErrorCode =
  | 'unauthorized'
  | 'phone_not_verified'
  | 'invalid_request'
  | 'session_not_found'
  | 'payment_not_completed'
  | 'payment_mismatch'
  | 'payment_closed'
  | 'provider_error'
  | 'server_error'

const PROCESS_CODES: readonly ProcessPaymentErrorCode[] = [
  'unauthorized',
  'phone_not_verified',
  'invalid_request',
  'session_not_found',
  'payment_not_completed',
  'payment_mismatch',
  'payment_closed',
  'provider_error',
  'server_error',
]

export type ProcessPaymentResult = { ok: true; status: 'credited' | 'already_credited'; creditsAdded: number } | { ok: false; code: ProcessPaymentErrorCode }

export class FunctionUnreachable extends Error {
  constructor(name: string) {
    super(`${name} could not be reached`)
    this.name = 'FunctionUnreachable'
  }
}

/** A rejection is a result; a function that could not be reached throws. */
export function processPaymentResult(result: FunctionResult): ProcessPaymentResult {
  if (result.kind === 'unreachable') throw new FunctionUnreachable(PROCESS_PAYMENT_FUNCTION)
  if (result.kind === 'ok') {
    const status = result.reply.status === 'already_credited' ? 'already_credited' : 'credited'
    const added = result.reply.credits_added
    return { ok: true, status, creditsAdded: typeof added === 'number' && added > 0 ? added : 0 }
  }
  const code = PROCESS_CODES.find((c) => c === result.code)
  return { ok: false, code: code ?? 'server_error' }
}

export async function processPaymentManually(client: Pick<SupabaseClient, 'functions'>, sessionId: string): Promise<ProcessPaymentResult> {
  const result = await client.functions.invoke(PROCESS_PAYMENT_FUNCTION, { body: { session_id: sessionId } })
  return processPaymentResult(await readFunctionResult(result))
}
