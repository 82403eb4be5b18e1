// The two ways credits change, as typed calls of the database functions of
// 20261122000800_credits_payments.sql (credit_payment as replaced by
// 20261122001000_credit_payment_closed.sql; the purchase record it writes
// raises the assistant's message limits, 20261122001700_plan_limits.sql).
// Both need the service-role client:
// owners can read their balance but never write it.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { ProcessPaymentStatus } from '../../../domain/functions.ts'
import type { Purchase } from './payments.ts'

export type CreditBalance = { amount: number; used: number; remaining: number }

export type CreditResult = {
  /**
   * mismatch: the session is recorded for another owner, package or provider;
   * not_creditable: its payment expired or failed. Nothing changed in either case.
   */
  status: ProcessPaymentStatus | 'mismatch' | 'not_creditable'
  credits_added: number
  transaction_id: string | null
  balance: CreditBalance | null
}

/** Idempotent per provider session: any number of concurrent calls credit it once. */
export async function creditPurchase(db: SupabaseClient, p: Purchase): Promise<CreditResult> {
  const { data, error } = await db.rpc('credit_payment', {
    p_provider: p.provider,
    p_session_id: p.sessionId,
    p_user_id: p.userId,
    p_price_id: p.plan.providerPriceId,
    p_credits: p.plan.messages,
    p_amount: p.amountPaid,
    p_currency: p.currency,
  })
  if (error) throw new Error(`credit_payment failed: ${error.code ?? ''} ${error.message}`)
  return data as CreditResult
}

export type ConsumeError = 'insufficient_credits' | 'credits_not_found'

export type ConsumeResult =
  | { consumed: true; remaining: number; used: number; error: null }
  | { consumed: false; remaining: number; used: number; error: ConsumeError }

/** Takes one credit for one answered message; refuses, without changing anything, at 0. */
export async function consumeCredit(db: SupabaseClient, userId: string): Promise<ConsumeResult> {
  const { data, error } = await db.rpc('consume_credit', { p_user_id: userId })
  if (error) throw new Error(`consume_credit failed: ${error.code ?? ''} ${error.message}`)
  return data as ConsumeResult
}
