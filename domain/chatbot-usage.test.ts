import { describe, expect, it } from 'vitest'
import {
  DAILY_USAGE_THRESHOLDS, EMPTY_CHATBOT_STATS, addressConcentration, addressUsageFrom, MONTHLY_USAGE_THRESHOLDS, capitalizePlanType, chatbotStatsFromRows, chatbotUsage,
  dailyUsageTone, monthlyUsageTone, remainingMessages, usageTone, type UsageLimitsRow,
} from './chatbot-usage.ts'

const row = (patch: Partial<UsageLimitsRow> = {}): UsageLimitsRow => ({
  daily_message_limit: 50,
  daily_messages_used: 0,
  monthly_message_limit: 1000,
  monthly_messages_used: 0,
  plan_type: 'free',
  daily_reset_at: '2026-03-15',
  monthly_reset_at: '2026-03-01',
  ...patch,
})
const NOW = new Date('2026-03-15T12:00:00Z')

describe('usage bar colours', () => {
  it.each([
    ['daily: green above 10 left, yellow above 5, red otherwise', dailyUsageTone, [[11, 'green'], [10, 'yellow'], [6, 'yellow'], [5, 'red'], [0, 'red'], [50, 'green']]],
    ['monthly: green above 100 left, yellow above 50, red otherwise', monthlyUsageTone, [[101, 'green'], [100, 'yellow'], [51, 'yellow'], [50, 'red'], [0, 'red']]],
  ] as const)('%s', (_rule, tone, cases) => {
    for (const [left, expected] of cases) expect(tone(left), `${left} left`).toBe(expected)
  })

  it('takes the thresholds of spec §9', () => {
    expect(DAILY_USAGE_THRESHOLDS).toEqual({ green: 10, yellow: 5 })
    expect(MONTHLY_USAGE_THRESHOLDS).toEqual({ green: 100, yellow: 50 })
    expect(usageTone(3, { green: 2, yellow: 1 })).toBe('green')
  })
})

describe('remaining messages', () => {
  it('is limit minus used, never below 0', () => {
    expect(remainingMessages(50, 12)).toBe(38)
    expect(remainingMessages(50, 50)).toBe(0)
    expect(remainingMessages(50, 70)).toBe(0)
    expect(remainingMessages(Number.NaN, 3)).toBe(0)
  })
})

describe('chatbotUsage', () => {
  it('reads a row of today and this month as it is', () => {
    const usage = chatbotUsage(row({ daily_messages_used: 40, monthly_messages_used: 949, plan_type: 'starter' }), NOW)
    expect(usage.planType).toBe('starter')
    expect(usage.daily).toEqual({ limit: 50, used: 40, remaining: 10, tone: 'yellow', percent: 80 })
    expect(usage.monthly).toEqual({ limit: 1000, used: 949, remaining: 51, tone: 'yellow', percent: 94.9 })
  })

  it('counts a day or a month that is over as nothing used', () => {
    const usage = chatbotUsage(row({ daily_messages_used: 50, daily_reset_at: '2026-03-14', monthly_messages_used: 999, monthly_reset_at: '2026-02-01' }), NOW)
    expect(usage.daily.used).toBe(0)
    expect(usage.daily.remaining).toBe(50)
    expect(usage.monthly.used).toBe(0)
    expect(usage.monthly.tone).toBe('green')
    // A new day in the same month resets only the daily count.
    const sameMonth = chatbotUsage(row({ daily_messages_used: 50, daily_reset_at: '2026-03-14', monthly_messages_used: 999 }), NOW)
    expect(sameMonth.daily.used).toBe(0)
    expect(sameMonth.monthly.used).toBe(999)
  })

  it('follows the database clock (UTC) for the day', () => {
    const lateEvening = new Date('2026-03-15T23:30:00Z')
    expect(chatbotUsage(row({ daily_messages_used: 7 }), lateEvening).daily.used).toBe(7)
    expect(chatbotUsage(row({ daily_messages_used: 7 }), new Date('2026-03-16T00:10:00Z')).daily.used).toBe(0)
  })

  it('shows the free tier with nothing used when there is no row, and caps the share at 100', () => {
    const usage = chatbotUsage(null, NOW)
    expect(usage.planType).toBe('free')
    expect(usage.daily).toEqual({ limit: 50, used: 0, remaining: 50, tone: 'green', percent: 0 })
    expect(usage.monthly.limit).toBe(1000)
    expect(chatbotUsage(row({ daily_messages_used: 80 }), NOW).daily.percent).toBe(100)
    expect(chatbotUsage(row({ daily_message_limit: 0 }), NOW).daily).toMatchObject({ remaining: 0, percent: 100, tone: 'red' })
  })
})

describe('plan name and statistics', () => {
  it('capitalises a plan type', () => {
    expect(capitalizePlanType('starter')).toBe('Starter')
    expect(capitalizePlanType('free')).toBe('Free')
    expect(capitalizePlanType('pro_plus')).toBe('Pro plus')
    expect(capitalizePlanType('')).toBe('')
  })

  it('reads the first row of get_chatbot_stats as numbers', () => {
    expect(chatbotStatsFromRows([{ total_messages: '12', this_month: 5, last_week: 3, last_day: 1 }, { total_messages: 99 }])).toEqual({
      totalMessages: 12, thisMonth: 5, lastWeek: 3, lastDay: 1,
    })
    expect(chatbotStatsFromRows([])).toEqual(EMPTY_CHATBOT_STATS)
    expect(chatbotStatsFromRows(null)).toEqual(EMPTY_CHATBOT_STATS)
  })
})

describe('addressConcentration', () => {
  it('names the fewest addresses that sent half of the daily allowance', () => {
    expect(addressConcentration({ total: 60, top: [50, 5, 5] }, 100)).toEqual({ addresses: 1, messages: 50 })
    expect(addressConcentration({ total: 60, top: [30, 20, 5] }, 100)).toEqual({ addresses: 2, messages: 50 })
    expect(addressConcentration({ total: 60, top: [20, 20, 9] }, 100)).toBeNull()
    expect(addressConcentration({ total: 200, top: [20, 20, 20] }, 100)).toEqual({ addresses: 3, messages: 60 })
  })

  it('stays quiet for small days and missing figures', () => {
    expect(addressConcentration({ total: 9, top: [9] }, 10)).toBeNull()
    expect(addressConcentration({ total: 10, top: [10] }, 10)).toEqual({ addresses: 1, messages: 10 })
    expect(addressConcentration(null, 100)).toBeNull()
    expect(addressConcentration({ total: 50, top: [50] }, 0)).toBeNull()
  })

  it('reads the RPC answer defensively', () => {
    expect(addressUsageFrom({ total: '7', top: [4, '3', null, -1] })).toEqual({ total: 7, top: [4, 3] })
    expect(addressUsageFrom(null)).toEqual({ total: 0, top: [] })
  })
})
