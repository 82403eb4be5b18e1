import { describe, expect, it } from 'vitest'
import {
  ENTERPRISE_CONTACT_EMAIL, PLANS, findPlanByPriceId, formatUsd, getPlan, isPlanId, isPurchasable, mailtoEnterprise,
} from './plans.ts'

describe('plans', () => {
  it('lists the four packages of the spec in order', () => {
    expect(PLANS.map((p) => [p.id, p.messages, p.priceCents])).toEqual([
      ['starter', 250, 1500],
      ['growth', 1000, 6000],
      ['business', 5000, 29900],
      ['enterprise', 20000, null],
    ])
  })

  it('marks only Business as most popular', () => {
    expect(PLANS.filter((p) => p.popular).map((p) => p.id)).toEqual(['business'])
  })

  it('gives every package distinct provider ids', () => {
    const ids = PLANS.flatMap((p) => [p.providerProductId, p.providerPriceId])
    expect(new Set(ids).size).toBe(ids.length)
    expect(findPlanByPriceId('price_growth')?.id).toBe('growth')
    expect(findPlanByPriceId('price_unknown')).toBeUndefined()
  })

  it('sells every package by card except the custom-priced Enterprise', () => {
    expect(PLANS.filter(isPurchasable).map((p) => p.id)).toEqual(['starter', 'growth', 'business'])
    expect(isPurchasable(getPlan('enterprise'))).toBe(false)
  })

  it('recognises plan ids', () => {
    expect(isPlanId('business')).toBe(true)
    expect(isPlanId('free')).toBe(false)
    expect(isPlanId(undefined)).toBe(false)
  })

  it('formats prices for the locale, whole dollars without decimals', () => {
    expect(formatUsd(1500, 'en')).toBe('$15')
    expect(formatUsd(29900, 'en')).toBe('$299')
    expect(formatUsd(1999, 'en')).toBe('$19.99')
    expect(formatUsd(1500, 'tr')).toBe('$15')
    expect(formatUsd(1999, 'tr')).toBe('$19,99')
  })

  it('builds the Enterprise contact link with an encoded subject', () => {
    expect(mailtoEnterprise('Kurumsal paket')).toBe(`mailto:${ENTERPRISE_CONTACT_EMAIL}?subject=Kurumsal%20paket`)
  })
})
