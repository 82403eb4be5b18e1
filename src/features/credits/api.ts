// The credits feature's calls to Supabase: the balance and the recent
// purchases (read-only tables, owner's rows only), the checkout function and
// the manual payment check. Everything returns data or error codes; the
// screens turn codes into sentences.
import type { SupabaseClient } from '@supabase/supabase-js'
import {
  CHECKOUT_ERRORS,
  CHECKOUT_SESSION_PLACEHOLDER,
  PROCESS_PAYMENT_ERRORS,
  type CheckoutError,
  type ProcessPaymentError,
  type ProcessPaymentStatus,
} from '../../../domain/functions.ts'
import { PLAN_PAYMENT_MODE } from '../../../domain/plans.ts'
import { invokeFunction, numberField, refusalCode, type FunctionAnswer } from '../../lib/functions.ts'
import {
  CANCEL_PATH,
  CHECKOUT_FUNCTION,
  CREDITS_COLUMNS,
  PROCESS_PAYMENT_FUNCTION,
  RECENT_TRANSACTIONS,
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

/** WhatsApp messages the assistant kept without answering because no credits were left (whatsapp-webhook). */
export type UnansweredMessages = { unanswered: number; last_at: string | null }

export async function fetchUnansweredMessages(client: Pick<SupabaseClient, 'rpc'>): Promise<UnansweredMessages> {
  const { data, error } = await client.rpc('get_whatsapp_unanswered')
  if (error) throw new Error(`reading the unanswered messages failed: ${error.message}`, { cause: error })
  return data as UnansweredMessages
}

/** The owner's newest purchase, or null; a failed read throws. */
export async function fetchLatestTransaction(client: Client, userId: string): Promise<CreditTransaction | null> {
  const { data, error } = await client.from('transactions').select(TRANSACTION_COLUMNS).eq('user_id', userId).order('created_at', { ascending: false }).limit(1)
  if (error) throw new Error(`reading the latest transaction failed: ${error.message}`, { cause: error })
  return ((data ?? [])[0] as CreditTransaction | undefined) ?? null
}

// Checkout -----------------------------------------------------------------------

/** The function's codes, and the app's own: no session to buy with, or no answer at all. */
export type CheckoutErrorCode = CheckoutError | 'not_authenticated' | 'unreachable'

export type CheckoutOutcome = { ok: true; url: string } | { ok: false; code: CheckoutErrorCode }

/** The checkout function's body: the provider sends the buyer back to the success page with the session id, or to the dashboard. */
export function checkoutRequest(priceId: string, origin: string) {
  return {
    price_id: priceId,
    success_url: `${origin}${SUCCESS_PATH}?session_id=${CHECKOUT_SESSION_PLACEHOLDER}`,
    cancel_url: `${origin}${CANCEL_PATH}`,
    mode: PLAN_PAYMENT_MODE,
  }
}

export function checkoutOutcome(answer: FunctionAnswer<CheckoutError>): CheckoutOutcome {
  if (answer.kind === 'ok') {
    const url = answer.data.url
    // The browser is sent there: only a web page will do.
    if (typeof url === 'string' && /^https?:\/\//.test(url)) return { ok: true, url }
    return { ok: false, code: 'server_error' }
  }
  const code = refusalCode(answer)
  return { ok: false, code: code === 'network' ? 'unreachable' : code }
}

type FunctionsClient = Pick<SupabaseClient, 'auth' | 'functions'>

/** Opens a checkout session for the signed-in owner; the caller sends the browser to `url`. */
export async function createCheckout(client: FunctionsClient, priceId: string, origin: string): Promise<CheckoutOutcome> {
  try {
    const { data } = await client.auth.getSession()
    if (!data.session?.user) return { ok: false, code: 'not_authenticated' }
    const answer = await invokeFunction(client, CHECKOUT_FUNCTION, checkoutRequest(priceId, origin), CHECKOUT_ERRORS)
    const outcome = checkoutOutcome(answer)
    if (!outcome.ok) console.error('starting checkout failed', outcome.code)
    return outcome
  } catch (error) {
    console.error('starting checkout failed', error)
    return { ok: false, code: 'unreachable' }
  }
}

// Manual payment check -----------------------------------------------------------

export type ProcessPaymentErrorCode = ProcessPaymentError

export type ProcessPaymentResult = { ok: true; status: ProcessPaymentStatus; creditsAdded: number } | { ok: false; code: ProcessPaymentErrorCode }

export class FunctionUnreachable extends Error {
  constructor(name: string) {
    super(`${name} could not be reached`)
    this.name = 'FunctionUnreachable'
  }
}

/** A refusal is a result; a function that could not be reached throws. */
export function processPaymentResult(answer: FunctionAnswer<ProcessPaymentError>): ProcessPaymentResult {
  if (answer.kind === 'ok') {
    const status = answer.data.status === 'already_credited' ? 'already_credited' : 'credited'
    const added = numberField(answer.data, 'credits_added')
    return { ok: true, status, creditsAdded: added !== undefined && added > 0 ? added : 0 }
  }
  const code = refusalCode(answer)
  if (code === 'network') throw new FunctionUnreachable(PROCESS_PAYMENT_FUNCTION)
  return { ok: false, code }
}

export async function processPaymentManually(client: Pick<SupabaseClient, 'functions'>, sessionId: string): Promise<ProcessPaymentResult> {
  return processPaymentResult(await invokeFunction(client, PROCESS_PAYMENT_FUNCTION, { session_id: sessionId }, PROCESS_PAYMENT_ERRORS))
}
