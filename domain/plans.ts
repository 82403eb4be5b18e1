// Prepaid message packages, fixed in the interface and shared by the landing
// page, the credits screen and the checkout functions so they never disagree
// on what a package costs or contains. Every package is a one-time payment.

export type PlanId = 'starter' | 'growth' | 'business' | 'enterprise'

export type Plan = {
  id: PlanId
  /** Message credits the package adds. */
  messages: number
  /** Price in US cents; null for a package priced per customer on request. */
  priceCents: number | null
  /**
   * Placeholders for the payment provider's product and price ids. They are the
   * same in every environment; the checkout maps them to the provider's real ids.
   */
  providerProductId: string
  providerPriceId: string
  popular: boolean
}

export const PLAN_CURRENCY = 'USD'
export const PLAN_PAYMENT_MODE = 'payment'

/** Where Enterprise enquiries go; one constant so a deployment can change it in one place. */
export const ENTERPRISE_CONTACT_EMAIL = 'iletisim@mesajasistani.com.tr'

export const PLANS: readonly Plan[] = [
  { id: 'starter', messages: 250, priceCents: 1500, providerProductId: 'prod_starter', providerPriceId: 'price_starter', popular: false },
  { id: 'growth', messages: 1000, priceCents: 6000, providerProductId: 'prod_growth', providerPriceId: 'price_growth', popular: false },
  { id: 'business', messages: 5000, priceCents: 29900, providerProductId: 'prod_business', providerPriceId: 'price_business', popular: true },
  { id: 'enterprise', messages: 20000, priceCents: null, providerProductId: 'prod_enterprise', providerPriceId: 'price_enterprise', popular: false },
]

export const PLAN_IDS: readonly PlanId[] = PLANS.map((p) => p.id)

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value)
}

export function getPlan(id: PlanId): Plan {
  return PLANS.find((p) => p.id === id)!
}

export type PurchasablePlan = Plan & { priceCents: number }

/** A package bought directly by card; the custom-priced one goes through a conversation instead. */
export function isPurchasable(plan: Plan): plan is PurchasablePlan {
  return plan.priceCents !== null
}

export function findPlanByPriceId(priceId: string): Plan | undefined {
  return PLANS.find((p) => p.providerPriceId === priceId)
}

/** A price for display: whole dollars without decimals ("$15"), otherwise two decimals. */
export function formatUsd(cents: number, locale: string): string {
  const whole = cents % 100 === 0
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: PLAN_CURRENCY,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100)
}

export function mailtoEnterprise(subject: string, email: string = ENTERPRISE_CONTACT_EMAIL): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}`
}
