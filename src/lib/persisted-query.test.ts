// One query kept in storage through TanStack Query's persister: what is
// written, what is read back, and what is never written.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import type { PersistedClient } from '@tanstack/react-query-persist-client'
import { MemoryStorage } from '../../tests/support/memory-storage.ts'
import { persistQuery, type PersistQueryOptions } from './persisted-query.ts'

type Row = { id: string; name: string }
const KEY = ['row', 'r1'] as const
const STORAGE_KEY = 'kept:r1'
const row: Row = { id: 'r1', name: 'Kuaför Ayşe' }
/** Exactly the fields of Row, whatever else a stored copy carries. */
const sanitize = (data: Row): Row => ({ id: data.id, name: data.name })

/** Lets the persister's zero-delay write land. */
const flush = () => new Promise((r) => setTimeout(r, 0))

describe('persistQuery', () => {
  let storage: MemoryStorage
  beforeEach(() => {
    storage = new MemoryStorage()
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  })
  afterEach(() => vi.restoreAllMocks())

  function keep(queryClient: QueryClient, overrides: Partial<PersistQueryOptions<Row>> = {}) {
    return persistQuery<Row>({ queryClient, queryKey: KEY, storage, storageKey: STORAGE_KEY, buster: 'v1', sanitize, writeDelayMs: 0, ...overrides })
  }

  const stored = () => JSON.parse(storage.getItem(STORAGE_KEY)!) as PersistedClient

  it('keeps the one query, with the time it was read, and gives it back on the next page load', async () => {
    const first = new QueryClient()
    await keep(first).restored
    first.setQueryData(KEY, row, { updatedAt: 1_000 })
    first.setQueryData(['row', 'r2'], { id: 'r2', name: 'other' })
    first.setQueryData(['credits'], { remaining: 5 })
    await flush()
    expect(stored().clientState.queries.map((q) => q.queryKey)).toEqual([[...KEY]])
    expect(stored().clientState.mutations).toEqual([])

    const next = new QueryClient()
    await keep(next).restored
    expect(next.getQueryData(KEY)).toEqual(row)
    expect(next.getQueryState(KEY)?.dataUpdatedAt).toBe(1_000)
    expect(next.getQueryData(['row', 'r2'])).toBeUndefined()
  })

  it('stores nothing, rather than an empty entry, while the query holds no data or null', async () => {
    const queryClient = new QueryClient()
    await keep(queryClient).restored
    queryClient.setQueryData(KEY, row)
    await flush()
    expect(storage.getItem(STORAGE_KEY)).not.toBeNull()
    queryClient.setQueryData(KEY, null)
    await flush()
    expect(storage.getItem(STORAGE_KEY)).toBeNull()
    queryClient.setQueryData(KEY, row)
    queryClient.removeQueries({ queryKey: KEY })
    await flush()
    expect(storage.getItem(STORAGE_KEY)).toBeNull()
  })

  it('reads back only the fields the caller keeps', async () => {
    const queryClient = new QueryClient()
    await keep(queryClient).restored
    queryClient.setQueryData(KEY, { ...row, secret: 'gizli' })
    await flush()
    const next = new QueryClient()
    await keep(next).restored
    expect(next.getQueryData(KEY)).toEqual(row)
  })

  it('throws away, unread, a copy under another buster and one that cannot be read', async () => {
    const queryClient = new QueryClient()
    await keep(queryClient, { buster: 'v0' }).restored
    queryClient.setQueryData(KEY, row)
    await flush()
    const next = new QueryClient()
    await keep(next).restored
    expect(next.getQueryData(KEY)).toBeUndefined()
    expect(storage.getItem(STORAGE_KEY)).toBeNull()

    storage.setItem(STORAGE_KEY, '{not json')
    const another = new QueryClient()
    await keep(another).restored
    expect(storage.getItem(STORAGE_KEY)).toBeNull()
    // And keeps the query from then on.
    another.setQueryData(KEY, row)
    await flush()
    expect(stored().clientState.queries).toHaveLength(1)
  })

  it('never collects the kept query while it has no observer', async () => {
    const queryClient = new QueryClient()
    await keep(queryClient).restored
    queryClient.setQueryData(KEY, row)
    expect(queryClient.getQueryCache().find({ queryKey: KEY, exact: true })?.gcTime).toBe(Infinity)
  })

  it('writes nothing once stopped, not even a write that was waiting', async () => {
    const queryClient = new QueryClient()
    const kept = keep(queryClient, { writeDelayMs: 20 })
    await kept.restored
    queryClient.setQueryData(KEY, row)
    kept.stop()
    await new Promise((r) => setTimeout(r, 40))
    expect(storage.getItem(STORAGE_KEY)).toBeNull()
  })

  it('leaves nothing in the client when stopped before the copy was read back', async () => {
    const first = new QueryClient()
    await keep(first).restored
    first.setQueryData(KEY, row)
    await flush()
    const next = new QueryClient()
    const kept = keep(next)
    kept.stop()
    await kept.restored
    expect(next.getQueryData(KEY)).toBeUndefined()
  })

  it('does nothing without storage', async () => {
    const queryClient = new QueryClient()
    await keep(queryClient, { storage: undefined }).restored
    queryClient.setQueryData(KEY, row)
    await flush()
    expect(storage.length).toBe(0)
  })
})
