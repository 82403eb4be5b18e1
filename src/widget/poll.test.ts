import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPoller, POLL_INTERVAL_MS, POLL_MAX_DELAY_MS, pollDelay, type PollOutcome } from './poll.ts'

/** A poll whose answers the test releases one at a time. */
function controlled() {
  const pending: Array<(outcome: PollOutcome) => void> = []
  const poll = vi.fn(() => new Promise<PollOutcome>((resolve) => pending.push(resolve)))
  return {
    poll,
    inFlight: () => pending.length,
    /** How many polls were asked for once `ms` more have passed. */
    callsAfter: async (ms: number) => {
      await vi.advanceTimersByTimeAsync(ms)
      return poll.mock.calls.length
    },
    answer: async (outcome: PollOutcome) => {
      pending.shift()!(outcome)
      await vi.advanceTimersByTimeAsync(0)
    },
  }
}

/** A poller over a controlled poll, just started. */
function started() {
  const c = controlled()
  const poller = createPoller(c.poll)
  poller.start()
  return { c, poller }
}

describe('the poller', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('polls at once when started, then every interval after each answer, never two at a time', async () => {
    const { c, poller } = started()
    poller.start()
    expect(c.poll).toHaveBeenCalledTimes(1)
    // A slow answer: nothing more is asked meanwhile.
    expect(await c.callsAfter(POLL_INTERVAL_MS * 4)).toBe(1)
    await c.answer('again')
    expect(await c.callsAfter(POLL_INTERVAL_MS - 1)).toBe(1)
    expect(await c.callsAfter(1)).toBe(2)
    expect(c.inFlight()).toBe(1)
  })

  it('asks nothing once stopped, lets a poll under way finish, and polls at once when started again', async () => {
    const { c, poller } = started()
    await c.answer('again')
    poller.stop()
    expect(await c.callsAfter(POLL_INTERVAL_MS * 10)).toBe(1)

    poller.start()
    expect(c.poll).toHaveBeenCalledTimes(2)
    poller.stop()
    await c.answer('again')
    expect(await c.callsAfter(POLL_INTERVAL_MS * 10)).toBe(2)

    // Started while a poll is under way: that poll's answer plans the next one.
    poller.start()
    expect(c.poll).toHaveBeenCalledTimes(3)
    poller.stop()
    poller.start()
    expect(c.poll).toHaveBeenCalledTimes(3)
    await c.answer('again')
    expect(await c.callsAfter(POLL_INTERVAL_MS)).toBe(4)
  })

  it('backs off on failures, as long as a rate limit asks, and is on time again after an answer', async () => {
    const { c } = started()
    await c.answer({ backoff: true })
    expect(await c.callsAfter(POLL_INTERVAL_MS)).toBe(1)
    expect(await c.callsAfter(POLL_INTERVAL_MS)).toBe(2)
    await c.answer({ backoff: true, retryAfter: 20 })
    expect(await c.callsAfter(19_999)).toBe(2)
    expect(await c.callsAfter(1)).toBe(3)
    await c.answer('again')
    expect(await c.callsAfter(POLL_INTERVAL_MS)).toBe(4)
  })

  it('stops on a refusal that asking again will not change, until started again', async () => {
    const { c, poller } = started()
    await c.answer('stop')
    expect(await c.callsAfter(POLL_MAX_DELAY_MS * 2)).toBe(1)
    poller.start()
    expect(c.poll).toHaveBeenCalledTimes(2)
  })

  it('treats a poll that throws as a failure', async () => {
    let calls = 0
    const poller = createPoller(async () => {
      calls++
      throw new Error('boom')
    })
    poller.start()
    await vi.advanceTimersByTimeAsync(pollDelay(1) - 1)
    expect(calls).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls).toBe(2)
  })

  it('waits twice as long after each failure in a row, up to the most', () => {
    expect([0, 1, 2, 3, 4, 10].map((n) => pollDelay(n))).toEqual([2500, 5000, 10_000, 20_000, POLL_MAX_DELAY_MS, POLL_MAX_DELAY_MS])
    expect(pollDelay(1, 60)).toBe(60_000)
    expect(pollDelay(3, 1)).toBe(20_000)
  })
})
