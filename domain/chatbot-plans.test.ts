import { describe, expect, it } from 'vitest'
import {
  CHATBOT_PLAN_LIMITS, FREE_CHATBOT_LIMITS, chatbotLimitsFor, limitsAfterPurchase, type OwnerChatbotLimits,
} from './chatbot-plans.ts'
import { PLANS, PLAN_IDS } from './plans.ts'

const free: OwnerChatbotLimits = { ...FREE_CHATBOT_LIMITS }
const limitsOnly = ({ planType, dailyMessageLimit, monthlyMessageLimit }: OwnerChatbotLimits) =>
  ({ planType, dailyMessageLimit, monthlyMessageLimit })

describe('chatbot plan limits', () => {
  it('has the free tier and every package, each once, ranked in the order of PLANS', () => {
    expect(CHATBOT_PLAN_LIMITS.map((l) => l.planType)).toEqual(['free', ...PLAN_IDS])
    expect(CHATBOT_PLAN_LIMITS.map((l) => l.rank)).toEqual(CHATBOT_PLAN_LIMITS.map((_, i) => i))
    expect(chatbotLimitsFor('free').priceId).toBeNull()
    for (const plan of PLANS) expect(chatbotLimitsFor(plan.id).priceId).toBe(plan.providerPriceId)
  })

  it('gives a bigger package strictly higher limits, and every package more than free', () => {
    for (const [smaller, bigger] of CHATBOT_PLAN_LIMITS.slice(0, -1).map((l, i) => [l, CHATBOT_PLAN_LIMITS[i + 1]!] as const)) {
      expect(bigger.dailyMessageLimit, bigger.planType).toBeGreaterThan(smaller.dailyMessageLimit)
      expect(bigger.monthlyMessageLimit, bigger.planType).toBeGreaterThan(smaller.monthlyMessageLimit)
    }
  })

  it('scales with the messages a package adds, and a day never exceeds a month', () => {
    for (const plan of PLANS) {
      const l = chatbotLimitsFor(plan.id)
      expect(l.monthlyMessageLimit - FREE_CHATBOT_LIMITS.monthlyMessageLimit).toBe(plan.messages)
      expect(l.dailyMessageLimit).toBeLessThan(l.monthlyMessageLimit)
      expect(Number.isInteger(l.dailyMessageLimit)).toBe(true)
    }
  })

  it("raises a free owner to the package's limits", () => {
    expect(limitsAfterPurchase(free, 'growth')).toEqual(limitsOnly(chatbotLimitsFor('growth')))
  })

  it('never lowers: a smaller package after a bigger one keeps the bigger one', () => {
    const business = limitsAfterPurchase(free, 'business')
    expect(limitsAfterPurchase(business, 'starter')).toEqual(business)
    expect(limitsAfterPurchase(business, 'business')).toEqual(business)
    expect(limitsAfterPurchase(limitsAfterPurchase(free, 'starter'), 'business')).toEqual(business)
  })

  it('is the same whatever order packages are bought in', () => {
    const orders = [['starter', 'growth', 'business'], ['business', 'growth', 'starter'], ['growth', 'starter', 'business']] as const
    const results = orders.map((order) => order.reduce(limitsAfterPurchase, free))
    for (const r of results) expect(r).toEqual(results[0])
  })

  it('keeps limits raised by hand above a package, and ranks an unknown plan_type as free', () => {
    const custom = { planType: 'custom', dailyMessageLimit: 1_000_000, monthlyMessageLimit: 1_000_000 }
    expect(limitsAfterPurchase(custom, 'growth')).toEqual({ ...custom, planType: 'growth' })
  })
})
