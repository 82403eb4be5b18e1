import { describe, expect, it } from 'vitest'
import { insightsSeries, replyOutcome, type InsightsDay } from './insights.ts'

describe('replyOutcome', () => {
  it('reads a handoff first, then a booking, a refusal, not knowing, and answered otherwise', () => {
    expect(replyOutcome({ kind: 'not_known', handoff: 'not_known' })).toBe('handoff')
    expect(replyOutcome({ kind: 'complaint', handoff: 'complaint', known: false })).toBe('handoff')
    expect(replyOutcome({ kind: 'booked', handoff: null })).toBe('booked')
    expect(replyOutcome({ kind: 'off_topic', handoff: null })).toBe('refused')
    expect(replyOutcome({ kind: 'injection', handoff: null })).toBe('refused')
    expect(replyOutcome({ kind: 'unknown', handoff: null })).toBe('unknown')
    expect(replyOutcome({ kind: 'shipping', handoff: null, known: false })).toBe('unknown')
    expect(replyOutcome({ kind: 'shipping', handoff: null, known: true })).toBe('answered')
    expect(replyOutcome({ kind: 'price', handoff: null })).toBe('answered')
  })
})

describe('insightsSeries', () => {
  const day = (d: string, channel: 'widget' | 'whatsapp', answered: number): InsightsDay => ({
    day: d, channel, conversations: 1, customer_messages: answered, answered, unknown: 1, handoffs: 0, refused: 0, bookings: 0,
  })

  it('gives every day of the period, both channels summed, zero where nothing was asked, across a month end', () => {
    const series = insightsSeries([day('2026-11-29', 'widget', 2), day('2026-11-29', 'whatsapp', 3), day('2026-12-01', 'widget', 1)], '2026-11-28', 5)
    expect(series.map((d) => [d.day, d.answered, d.unknown, d.customer_messages])).toEqual([
      ['2026-11-28', 0, 0, 0],
      ['2026-11-29', 5, 2, 5],
      ['2026-11-30', 0, 0, 0],
      ['2026-12-01', 1, 1, 1],
      ['2026-12-02', 0, 0, 0],
    ])
  })

  it('leaves out days outside the period', () => {
    expect(insightsSeries([day('2026-10-01', 'widget', 4)], '2026-11-01', 2).map((d) => d.answered)).toEqual([0, 0])
  })
})
