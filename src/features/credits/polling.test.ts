import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { POLL_DURATION_MS, POLL_INTERVAL_MS } from './constants.ts'
import { pollTicks, startPolling } from './polling.ts'

describe('payment return polling', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('re-reads every 2 s for 30 s', () => {
    expect(POLL_INTERVAL_MS).toBe(2000)
    expect(POLL_DURATION_MS).toBe(30_000)
    expect(pollTicks(POLL_INTERVAL_MS, POLL_DURATION_MS)).toEqual([
      2000, 4000, 6000, 8000, 10000, 12000, 14000, 16000, 18000, 20000, 22000, 24000, 26000, 28000, 30000,
    ])
  })

  it('ticks on schedule and finishes once, right after the last tick', () => {
    const ticks: number[] = []
    const onDone = vi.fn()
    startPolling({ intervalMs: 2000, durationMs: 30_000, onTick: (t) => ticks.push(t), onDone })
    vi.advanceTimersByTime(1999)
    expect(ticks).toEqual([])
    vi.advanceTimersByTime(1)
    expect(ticks).toEqual([2000])
    vi.advanceTimersByTime(27_999)
    expect(ticks).toHaveLength(14)
    expect(onDone).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(ticks).toHaveLength(15)
    expect(onDone).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(60_000)
    expect(ticks).toHaveLength(15)
    expect(onDone).toHaveBeenCalledTimes(1)
  })

  it('waits out the remainder when the duration is not a multiple of the interval', () => {
    const ticks: number[] = []
    const onDone = vi.fn()
    startPolling({ intervalMs: 2000, durationMs: 5000, onTick: (t) => ticks.push(t), onDone })
    vi.advanceTimersByTime(4999)
    expect(ticks).toEqual([2000, 4000])
    expect(onDone).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(onDone).toHaveBeenCalledTimes(1)
  })

  it('does nothing more once stopped, even from inside a tick', () => {
    const onDone = vi.fn()
    const onTick = vi.fn()
    const stop = startPolling({ intervalMs: 2000, durationMs: 30_000, onTick, onDone })
    vi.advanceTimersByTime(4000)
    stop()
    vi.advanceTimersByTime(60_000)
    expect(onTick).toHaveBeenCalledTimes(2)
    expect(onDone).not.toHaveBeenCalled()

    const inner = vi.fn()
    const stopInside: { stop?: () => void } = {}
    stopInside.stop = startPolling({ intervalMs: 2000, durationMs: 30_000, onTick: () => stopInside.stop?.(), onDone: inner })
    vi.advanceTimersByTime(60_000)
    expect(inner).not.toHaveBeenCalled()
  })

  it('treats nonsense timings as nothing to poll', () => {
    expect(pollTicks(0, 30_000)).toEqual([])
    expect(pollTicks(2000, 0)).toEqual([])
  })
})
