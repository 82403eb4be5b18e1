// The inbox kept for reading offline: what is written (the inbox's successful
// reads only), what is read back, and what is thrown away.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { MemoryStorage } from '../../../tests/support/memory-storage.ts'
import { INBOX_CACHE_MAX_AGE_MS, INBOX_CACHE_WRITE_DELAY_MS, inboxCacheKey, keepInboxOffline } from './offline.ts'

const ROWS = [{ id: 'c1', status: 'needs_human', last_text: 'Bir yetkiliyle görüşmek istiyorum' }]
const LIST = ['inbox', 'list', 'needs_you', ''] as const

describe('keepInboxOffline', () => {
  let storage: MemoryStorage
  beforeEach(() => {
    vi.useFakeTimers()
    storage = new MemoryStorage()
  })
  afterEach(() => vi.useRealTimers())

  it("keeps the inbox's reads of this owner, not other queries, and gives them back in a new session", () => {
    const first = new QueryClient()
    const stop = keepInboxOffline(first, 'u1', storage)
    first.setQueryData(LIST, ROWS)
    first.setQueryData(['credits', 'u1'], { remaining: 5 })
    expect(storage.getItem(inboxCacheKey('u1'))).toBeNull()
    vi.advanceTimersByTime(INBOX_CACHE_WRITE_DELAY_MS)
    const saved = JSON.parse(storage.getItem(inboxCacheKey('u1'))!) as { state: { queries: { queryKey: unknown[] }[] } }
    expect(saved.state.queries.map((q) => q.queryKey)).toEqual([[...LIST]])
    stop()

    const next = new QueryClient()
    keepInboxOffline(next, 'u1', storage)
    expect(next.getQueryData(LIST)).toEqual(ROWS)
    const stranger = new QueryClient()
    keepInboxOffline(stranger, 'u2', storage)
    expect(stranger.getQueryData(LIST)).toBeUndefined()
  })

  it('throws away a copy older than a week, and one that cannot be read', () => {
    const now = Date.now()
    storage.setItem(inboxCacheKey('u1'), JSON.stringify({ at: now - INBOX_CACHE_MAX_AGE_MS - 1, state: { mutations: [], queries: [] } }))
    keepInboxOffline(new QueryClient(), 'u1', storage, () => now)
    expect(storage.getItem(inboxCacheKey('u1'))).toBeNull()
    storage.setItem(inboxCacheKey('u1'), '{not json')
    keepInboxOffline(new QueryClient(), 'u1', storage, () => now)
    expect(storage.getItem(inboxCacheKey('u1'))).toBeNull()
  })
})
