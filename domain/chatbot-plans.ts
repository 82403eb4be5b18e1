// The assistant's message allowance (api_usage_limits) each package gives
// when its purchase is credited. The database holds the same values in
// public.chatbot_plan_limits (20261122001700_plan_limits.sql), which
// credit_payment applies in the transaction that adds the credits; an
// integration test compares that table with CHATBOT_PLAN_LIMITS.
//
// The spec fixes only the free tier (50 a day, 1000 a month: the table's
// defaults). The packages' limits are ours: each adds its message count to
// the free monthly allowance and a tenth of it to the daily one, so every
// package is above free and a bigger package is above a smaller one. Credits
// still bound what is answered; these limits only pace it.
import { PLANS, type Plan, type PlanId } from './plans.ts'

export type ChatbotPlanType = 'free' | PlanId

export type ChatbotLimits = {
  planType: ChatbotPlanType
  dailyMessageLimit: number
  monthlyMessageLimit: number
}

/** An owner's api_usage_limits row, whose plan_type may be anything written by hand. */
export type OwnerChatbotLimits = Omit<ChatbotLimits, 'planType'> & { planType: string }

export type ChatbotPlanLimits = ChatbotLimits & {
  /** The provider price id credit_payment receives; null for the free tier, which nobody buys. */
  priceId: string | null
  /** Size order, free first: a purchase only moves plan_type up it. */
  rank: number
}

export const FREE_CHATBOT_LIMITS: ChatbotLimits = {
  planType: 'free',
  dailyMessageLimit: 50,
  monthlyMessageLimit: 1000,
}

/** Share of a package's messages added to the daily allowance. */
const DAILY_SHARE = 0.1

function limitsOf(plan: Plan): ChatbotLimits {
  return {
    planType: plan.id,
    dailyMessageLimit: FREE_CHATBOT_LIMITS.dailyMessageLimit + Math.floor(plan.messages * DAILY_SHARE),
    monthlyMessageLimit: FREE_CHATBOT_LIMITS.monthlyMessageLimit + plan.messages,
  }
}

/**
 * Free, then every package in the order of PLANS. Enterprise is included:
 * it is not sold by card, but a deal credited through credit_payment with
 * its price id gets its limits like any other purchase.
 */
export const CHATBOT_PLAN_LIMITS: readonly ChatbotPlanLimits[] = [
  { ...FREE_CHATBOT_LIMITS, priceId: null, rank: 0 },
  ...PLANS.map((plan, i) => ({ ...limitsOf(plan), priceId: plan.providerPriceId, rank: i + 1 })),
]

export function chatbotLimitsFor(planType: ChatbotPlanType): ChatbotPlanLimits {
  return CHATBOT_PLAN_LIMITS.find((l) => l.planType === planType)!
}

/** A plan_type the table does not know (set by hand) ranks as free, as in SQL. */
function rankOf(planType: string): number {
  return CHATBOT_PLAN_LIMITS.find((l) => l.planType === planType)?.rank ?? 0
}

/**
 * An owner's limits after a credited purchase of `planId`. Never lowers
 * anything: each limit is the larger of the two, and plan_type changes only
 * to a bigger plan, so Starter bought after Business keeps Business. Limits
 * raised by hand above a plan's are kept too.
 */
export function limitsAfterPurchase(current: OwnerChatbotLimits, planId: PlanId): OwnerChatbotLimits {
  const bought = chatbotLimitsFor(planId)
  return {
    planType: bought.rank > rankOf(current.planType) ? bought.planType : current.planType,
    dailyMessageLimit: Math.max(current.dailyMessageLimit, bought.dailyMessageLimit),
    monthlyMessageLimit: Math.max(current.monthlyMessageLimit, bought.monthlyMessageLimit),
  }
}
