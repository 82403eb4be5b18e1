import { afterEach, describe, expect, it, vi } from 'vitest'
import { CreditsLoadFailure, type CreditsData } from './api.ts'
import { createCreditsStore } from './credits-store.ts'

const data = (remaining: number): CreditsData => ({ balance: { id: 'c1', amount: remaining, used: 0, remaining }, transactions: [] })

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('credits store', () => {
  afterEach(() => vi.restoreAllMocks())

  it('starts empty, loads, and tells its listeners', async () => {
    const store = createCreditsStore(async () => data(250))
    const listener = vi.fn()
    store.subscribe(listener)
    expect(store.getSnapshot()).toEqual({ data: null, loading: false, error: null })
    const done = store.load()
    expect(store.getSnapshot().loading).toBe(true)
    await done
    expect(store.getSnapshot()).toEqual({ data: data(250), loading: false, error: null })
    expect(listener).toHaveBeenCalled()
  })

  it('keeps the data it had when a later read fails, and reports the code', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let fail = false
    const store = createCreditsStore(async () => {
      if (fail) throw new Error('offline')
      return data(100)
    })
    await store.load()
    fail = true
    await store.load()
    expect(store.getSnapshot()).toEqual({ data: data(100), loading: false, error: 'load_failed' })
  })

  it('passes on the code of a CreditsLoadFailure and clears the error on the next read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let fail = true
    const store = createCreditsStore(async () => {
      if (fail) throw new CreditsLoadFailure('not_authenticated')
      return data(5)
    })
    await store.load()
    expect(store.getSnapshot()).toEqual({ data: null, loading: false, error: 'not_authenticated' })
    fail = false
    const next = store.load()
    expect(store.getSnapshot()).toEqual({ data: null, loading: true, error: null })
    await next
    expect(store.getSnapshot().error).toBeNull()
  })

  it('never lets an older answer overwrite a newer one', async () => {
    const first = deferred<CreditsData>()
    const second = deferred<CreditsData>()
    const reads = [first, second]
    const store = createCreditsStore(() => reads.shift()!.promise)
    const a = store.load()
    const b = store.load()
    second.resolve(data(250))
    await b
    expect(store.getSnapshot().data).toEqual(data(250))
    // The first read is still out: the store says it is busy until it settles.
    expect(store.getSnapshot().loading).toBe(true)
    first.resolve(data(0))
    await a
    expect(store.getSnapshot()).toEqual({ data: data(250), loading: false, error: null })
  })

  it('ignores the failure of a superseded read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const first = deferred<CreditsData>()
    const second = deferred<CreditsData>()
    const reads = [first, second]
    const store = createCreditsStore(() => reads.shift()!.promise)
    const a = store.load()
    const b = store.load()
    first.reject(new Error('late failure'))
    await a
    second.resolve(data(7))
    await b
    expect(store.getSnapshot()).toEqual({ data: data(7), loading: false, error: null })
  })
})
