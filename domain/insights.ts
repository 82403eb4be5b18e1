// What the owner learns from the assistant's conversations (migration
// 20261201000100): the outcome every reply records, the shape of
// get_chatbot_insights' answer and of get_unanswered_questions' rows, and the
// series the Insights tab draws. Shared by the assistant (which records the
// outcome) and the app (which shows it).

/**
 * What an assistant reply did: answered, said it did not know, gave the
 * conversation to a person, refused (off-topic or an injection), or booked an
 * appointment.
 */
export const REPLY_OUTCOMES = ['answered', 'unknown', 'handoff', 'refused', 'booked'] as const
export type ReplyOutcome = (typeof REPLY_OUTCOMES)[number]

/** Reply kinds that decline the message rather than answer it. */
const REFUSED_KINDS: ReadonlySet<string> = new Set(['off_topic', 'injection'])

/**
 * A reply's outcome from what the responder said of it: its kind, whether it
 * handed the conversation to a person, and whether it said it did not know
 * (`known: false`, or the kind `unknown`).
 */
export function replyOutcome(reply: { kind: string; handoff: string | null; known?: boolean }): ReplyOutcome {
  if (reply.handoff !== null) return 'handoff'
  if (reply.kind === 'booked') return 'booked'
  if (REFUSED_KINDS.has(reply.kind)) return 'refused'
  if (reply.kind === 'unknown' || reply.known === false) return 'unknown'
  return 'answered'
}

/** The period the Insights tab shows, in the owner's days. */
export const INSIGHTS_DAYS = 30

export const INSIGHTS_CHANNELS = ['widget', 'whatsapp'] as const
export type InsightsChannel = (typeof INSIGHTS_CHANNELS)[number]

/** One day and channel of get_chatbot_insights (days without messages are left out). */
export type InsightsDay = {
  /** YYYY-MM-DD, the owner's day. */
  day: string
  channel: InsightsChannel
  conversations: number
  customer_messages: number
  answered: number
  unknown: number
  handoffs: number
  refused: number
  bookings: number
}

export type InsightsTotals = Omit<InsightsDay, 'day' | 'channel'> & { replies: number }

/** get_chatbot_insights(p_user_id, p_days). */
export type ChatbotInsights = {
  days: number
  /** The first instant of the period (the owner's midnight). */
  since: string
  /** The period's first day, YYYY-MM-DD, on the owner's clock. */
  first_day: string
  time_zone: string
  daily: InsightsDay[]
  totals: InsightsTotals
  /** Conversations and customer messages of the period on each channel that had any. */
  channels: Partial<Record<InsightsChannel, { conversations: number; customer_messages: number }>>
  /** Answered or booked, of the replies that were not refusals; null without any. */
  answered_share: number | null
  /** Handed to a person, of the same replies. */
  handoff_share: number | null
  /**
   * Over the replies that recorded their time, null without any: the upper
   * bound of the bucket the rank falls in (the database keeps counts per
   * bucket, insights_reply_bounds), so "at most this long".
   */
  reply_ms: { median: number | null; p95: number | null }
  /** name is null when the product is gone. */
  top_products: Array<{ product_id: string; name: string | null; asked: number }>
  top_intents: Array<{ kind: string; asked: number }>
}

/** A row of get_unanswered_questions. */
export type UnansweredQuestion = {
  question: string
  asked: number
  last_asked_at: string
  example_conversation_id: string | null
}

/** A day of the chart: every day of the period, zero where nothing was asked. */
export type InsightsSeriesDay = { day: string; answered: number; unknown: number; handoffs: number; bookings: number; customer_messages: number }

/** Every day of the period from `firstDay` (YYYY-MM-DD) for `days` days, both channels summed, so the chart has no gaps. */
export function insightsSeries(daily: readonly InsightsDay[], firstDay: string, days: number): InsightsSeriesDay[] {
  const byDay = new Map<string, InsightsSeriesDay>()
  for (const row of daily) {
    const day = byDay.get(row.day) ?? { day: row.day, answered: 0, unknown: 0, handoffs: 0, bookings: 0, customer_messages: 0 }
    day.answered += row.answered
    day.unknown += row.unknown
    day.handoffs += row.handoffs
    day.bookings += row.bookings
    day.customer_messages += row.customer_messages
    byDay.set(row.day, day)
  }
  const [y, m, d] = firstDay.split('-').map(Number) as [number, number, number]
  const series: InsightsSeriesDay[] = []
  for (let i = 0; i < days; i++) {
    const day = new Date(Date.UTC(y, m - 1, d + i)).toISOString().slice(0, 10)
    series.push(byDay.get(day) ?? { day, answered: 0, unknown: 0, handoffs: 0, bookings: 0, customer_messages: 0 })
  }
  return series
}
