// The chatbot screen's usage tab: what an api_usage_limits row means today
// (remaining messages, counters that a new day or month has reset) and the
// colour each bar takes (spec §4, §9). Pure, so the rules are tested at
// their boundaries without a browser.
import { FREE_CHATBOT_LIMITS } from './chatbot-plans.ts'

/** A bar's colour: plenty left, running low, (nearly) spent. */
export type UsageTone = 'green' | 'yellow' | 'red'

/** Green while more than `green` remain, yellow while more than `yellow` remain, red otherwise. */
export type UsageThresholds = { green: number; yellow: number }

/** Spec §9: daily 10 and 5. */
export const DAILY_USAGE_THRESHOLDS: UsageThresholds = { green: 10, yellow: 5 }
/** Spec §9: monthly 100 and 50. */
export const MONTHLY_USAGE_THRESHOLDS: UsageThresholds = { green: 100, yellow: 50 }

export function usageTone(remaining: number, thresholds: UsageThresholds): UsageTone {
  if (remaining > thresholds.green) return 'green'
  if (remaining > thresholds.yellow) return 'yellow'
  return 'red'
}

export const dailyUsageTone = (remaining: number): UsageTone => usageTone(remaining, DAILY_USAGE_THRESHOLDS)
export const monthlyUsageTone = (remaining: number): UsageTone => usageTone(remaining, MONTHLY_USAGE_THRESHOLDS)

/** Limit minus used, never below 0 (spec §3); a missing or broken figure counts as 0. */
export function remainingMessages(limit: number, used: number): number {
  const l = Number.isFinite(limit) ? limit : 0
  const u = Number.isFinite(used) ? used : 0
  return Math.max(0, l - u)
}

/** api_usage_limits as the data API gives it to its owner. */
export type UsageLimitsRow = {
  daily_message_limit: number
  daily_messages_used: number
  monthly_message_limit: number
  monthly_messages_used: number
  plan_type: string
  /** `YYYY-MM-DD`: the day the daily count belongs to. */
  daily_reset_at: string | null
  /** `YYYY-MM-DD`: the first day of the month the monthly count belongs to. */
  monthly_reset_at: string | null
}

export type UsageMeter = {
  limit: number
  /** As of now: 0 when the count belongs to a day or month that is over. */
  used: number
  remaining: number
  tone: UsageTone
  /** Share of the limit used, 0–100 (100 when the limit is 0). */
  percent: number
}

export type ChatbotUsage = { planType: string; daily: UsageMeter; monthly: UsageMeter }

/** The date part of an instant on the database's clock (UTC on hosted Supabase, as the columns' defaults). */
function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10)
}

function meter(limit: number, used: number, tone: (remaining: number) => UsageTone): UsageMeter {
  const l = Math.max(0, Number.isFinite(limit) ? limit : 0)
  const u = Math.max(0, Number.isFinite(used) ? used : 0)
  const remaining = remainingMessages(l, u)
  const percent = l === 0 ? 100 : Math.min(100, Math.round((u / l) * 1000) / 10)
  return { limit: l, used: u, remaining, tone: tone(remaining), percent }
}

/**
 * The owner's allowance as of `now`. The server zeroes a count only when the
 * next message is charged (consume_chatbot_message): a daily count whose
 * daily_reset_at is before today, or a monthly one whose monthly_reset_at is
 * before this month, is already spent time and shown as 0 used. No row yet
 * means the table's defaults: the free tier, nothing used (spec §9).
 */
export function chatbotUsage(row: UsageLimitsRow | null | undefined, now: Date): ChatbotUsage {
  if (!row) {
    return {
      planType: FREE_CHATBOT_LIMITS.planType,
      daily: meter(FREE_CHATBOT_LIMITS.dailyMessageLimit, 0, dailyUsageTone),
      monthly: meter(FREE_CHATBOT_LIMITS.monthlyMessageLimit, 0, monthlyUsageTone),
    }
  }
  const today = utcDay(now)
  const thisMonth = `${today.slice(0, 7)}-01`
  // ISO dates compare as text.
  const dailyOver = row.daily_reset_at !== null && row.daily_reset_at.slice(0, 10) < today
  const monthlyOver = row.monthly_reset_at !== null && row.monthly_reset_at.slice(0, 10) < thisMonth
  return {
    planType: row.plan_type,
    daily: meter(row.daily_message_limit, dailyOver ? 0 : row.daily_messages_used, dailyUsageTone),
    monthly: meter(row.monthly_message_limit, monthlyOver ? 0 : row.monthly_messages_used, monthlyUsageTone),
  }
}

/** `starter` → `Starter`, for a plan type the interface has no name for (spec: "plan name capitalised"). */
export function capitalizePlanType(planType: string): string {
  const text = planType.trim().replace(/[_-]+/g, ' ')
  return text === '' ? text : text.charAt(0).toLocaleUpperCase('en') + text.slice(1)
}

/** get_chatbot_stats's first row, as numbers (bigint arrives as a number or text). */
export type ChatbotStats = { totalMessages: number; thisMonth: number; lastWeek: number; lastDay: number }

export const EMPTY_CHATBOT_STATS: ChatbotStats = { totalMessages: 0, thisMonth: 0, lastWeek: 0, lastDay: 0 }

const count = (value: unknown): number => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0
}

/** The first row of the RPC's list (spec §3); none reads as zeros. */
export function chatbotStatsFromRows(rows: unknown): ChatbotStats {
  const first = Array.isArray(rows) ? (rows[0] as Record<string, unknown> | undefined) : undefined
  if (!first || typeof first !== 'object') return EMPTY_CHATBOT_STATS
  return {
    totalMessages: count(first.total_messages),
    thisMonth: count(first.this_month),
    lastWeek: count(first.last_week),
    lastDay: count(first.last_day),
  }
}

/** get_chatbot_address_usage: the widget's messages of the last 24 hours, and the three busiest client addresses' counts. */
export type AddressUsage = { total: number; top: number[] }

/** Below this, a few busy addresses are a normal conversation, not worth a warning. */
export const ADDRESS_CONCENTRATION_MIN_MESSAGES = 10

/**
 * When a few visitors' addresses (at most three) sent at least half of the
 * owner's daily allowance in the last 24 hours: how many addresses and how
 * many messages, for the usage tab to say so. Null otherwise.
 */
export function addressConcentration(usage: AddressUsage | null | undefined, dailyLimit: number): { addresses: number; messages: number } | null {
  if (!usage || !(dailyLimit > 0)) return null
  const threshold = Math.max(ADDRESS_CONCENTRATION_MIN_MESSAGES, dailyLimit / 2)
  let messages = 0
  for (const [i, n] of usage.top.slice(0, 3).entries()) {
    messages += Number.isFinite(n) && n > 0 ? n : 0
    if (messages >= threshold) return { addresses: i + 1, messages }
  }
  return null
}

/** The RPC's answer as numbers; anything else reads as no usage. */
export function addressUsageFrom(value: unknown): AddressUsage {
  const row = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {}
  const top = Array.isArray(row.top) ? row.top.map(count).filter((n) => n > 0) : []
  return { total: count(row.total), top }
}
