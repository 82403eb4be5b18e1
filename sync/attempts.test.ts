import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAttempts } from './attempts.ts'
import { SyncFailure } from './errors.ts'

const failing = (message = 'fetch failed') => () => Promise.reject(new TypeError(message))

describe('attempts', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  /** Settles `promise` and tells after how many milliseconds of the fake clock. */
  async function settledAfter(promise: Promise<unknown>): Promise<number> {
    const start = Date.now()
    let settled = false
    promise.then(() => (settled = true), () => (settled = true))
    await vi.advanceTimersByTimeAsync(0)
    for (let i = 0; !settled; i++) {
      if (i > 100) throw new Error('never settled')
      await vi.advanceTimersToNextTimerAsync()
    }
    return Date.now() - start
  }

  it('passes a success through and records nothing', async () => {
    const changed = vi.fn()
    const attempts = createAttempts({ retryMs: { initial: 1_000, max: 8_000 }, changed })
    await expect(attempts.run('products', 'pull', () => Promise.resolve(42))).resolves.toBe(42)
    expect(attempts.error()).toBeNull()
    expect(attempts.failing()).toBe(false)
    expect(changed).not.toHaveBeenCalled()
  })

  it('records a failure as a code at once, waits the backoff, then throws it on; doubling per failure up to the maximum', async () => {
    const changed = vi.fn()
    const attempts = createAttempts({ retryMs: { initial: 1_000, max: 4_000 }, changed })
    const waits: number[] = []
    for (let i = 0; i < 4; i++) {
      const run = attempts.run('products', 'push', failing())
      const thrown = run.catch((e: unknown) => e)
      await vi.advanceTimersByTimeAsync(0)
      expect(attempts.error()).toEqual({ code: 'network', message: 'fetch failed' })
      waits.push(await settledAfter(run))
      expect(await thrown).toBeInstanceOf(SyncFailure)
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 4_000])
    expect(changed).toHaveBeenCalledTimes(4)
  })

  it('keeps each table and direction apart: a success clears only its own failure, and resets its backoff', async () => {
    const attempts = createAttempts({ retryMs: { initial: 1_000, max: 60_000 }, changed: () => undefined })
    await settledAfter(attempts.run('products', 'push', failing('push down')))
    await settledAfter(attempts.run('customers', 'pull', failing('pull down')))
    expect(attempts.error()?.message).toBe('push down')
    await attempts.run('products', 'pull', () => Promise.resolve())
    expect(attempts.error()?.message).toBe('push down')
    await attempts.run('products', 'push', () => Promise.resolve())
    expect(attempts.error()?.message).toBe('pull down')
    expect(await settledAfter(attempts.run('products', 'push', failing()))).toBe(1_000)
  })

  it('ends every wait at once on wake(), and forgets failures and backoffs on reset()', async () => {
    const attempts = createAttempts({ retryMs: { initial: 10_000, max: 60_000 }, changed: () => undefined })
    await settledAfter(attempts.run('products', 'pull', failing()))
    const waiting = attempts.run('products', 'pull', failing())
    await vi.advanceTimersByTimeAsync(1)
    attempts.wake()
    expect(await settledAfter(waiting)).toBe(0)
    expect(attempts.failing()).toBe(true)
    attempts.reset()
    expect(attempts.failing()).toBe(false)
    expect(attempts.error()).toBeNull()
    expect(await settledAfter(attempts.run('products', 'pull', failing()))).toBe(10_000)
  })

  it('waits no more once stopped', async () => {
    const attempts = createAttempts({ retryMs: { initial: 10_000, max: 60_000 }, changed: () => undefined })
    const waiting = attempts.run('products', 'pull', failing())
    await vi.advanceTimersByTimeAsync(1)
    attempts.stop()
    expect(await settledAfter(waiting)).toBe(0)
    expect(await settledAfter(attempts.run('products', 'pull', failing()))).toBe(0)
  })

  it('records an error RxDB reports outside a handler, unwrapped, until the table next succeeds; a handler\'s own is not recorded twice', async () => {
    const changed = vi.fn()
    const attempts = createAttempts({ retryMs: { initial: 1_000, max: 60_000 }, changed })
    attempts.reported('products', { code: 'RC_PULL', parameters: { direction: 'pull', errors: [new Error('jwt expired')] } })
    expect(attempts.failing()).toBe(false)
    expect(changed).not.toHaveBeenCalled()
    attempts.reported('products', { code: 'RC_STREAM', parameters: { errors: [{ code: 'PGRST301', message: 'jwt expired' }] } })
    expect(attempts.error()).toEqual({ code: 'auth', message: 'jwt expired' })
    expect(changed).toHaveBeenCalledTimes(1)
    await attempts.run('customers', 'pull', () => Promise.resolve())
    expect(attempts.failing()).toBe(true)
    await attempts.run('products', 'push', () => Promise.resolve())
    expect(attempts.failing()).toBe(false)
    expect(changed).toHaveBeenCalledTimes(2)
  })
})
