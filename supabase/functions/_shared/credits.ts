// Credits bought, as a typed call of the database's credit_payment
// (20261122000800_credits_payments.sql, as replaced by
// 20261122001000_credit_payment_closed.sql; the purchase record it writes
// raises the assistant's message limits, 20261122001700_plan_limits.sql).
// Spending them happens inside the database functions that record an
// answered message (they call consume_credit). Crediting needs the
// service-role client: owners can read their balance but never write it.
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
