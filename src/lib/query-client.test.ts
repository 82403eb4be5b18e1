import { describe, expect, it } from 'vitest'
import { onlineManager } from '@tanstack/react-query'
import { manualConnectivity } from '../../sync/index.ts'
import { followConnectivity, isRetryable, MAX_QUERY_RETRIES, retryQuery } from './query-client.ts'

/** As the features throw them: a coded error around what supabase-js gave back. */
const wrapped = (code: string, cause?: unknown) => Object.assign(new Error(code, { cause }), { code })

describe('which failed reads are tried again', () => {
  it('retries what may pass: a server error, a dropped connection, an unknown failure', () => {
    expect(isRetryable(wrapped('load_failed', { message: 'boom' }))).toBe(true)
    expect(isRetryable(wrapped('load_failed', { message: 'TypeError: Failed to fetch', code: '' }))).toBe(true)
    expect(isRetryable(Object.assign(new Error('x'), { status: 503 }))).toBe(true)
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true)
    expect(isRetryable('a string')).toBe(true)
  })

  it('does not retry when nobody is signed in or the owner may not', () => {
    expect(isRetryable(wrapped('not_authenticated'))).toBe(false)
    expect(isRetryable(wrapped('unauthorized'))).toBe(false)
    expect(isRetryable(wrapped('phone_not_verified'))).toBe(false)
    // PostgREST's expired JWT and Postgres's permission denied, under the feature's own code.
    expect(isRetryable(wrapped('load_failed', { code: 'PGRST303', message: 'JWT expired' }))).toBe(false)
    expect(isRetryable(wrapped('load_failed', { code: '42501', message: 'permission denied for table credits' }))).toBe(false)
  })

  it('does not retry a 4xx, found on the error, its cause or a function reply, except a timeout or rate limit', () => {
    expect(isRetryable(Object.assign(new Error('x'), { status: 401 }))).toBe(false)
    expect(isRetryable(wrapped('server_error', { name: 'FunctionsHttpError', context: { status: 400 } }))).toBe(false)
    expect(isRetryable(wrapped('load_failed', { status: 404 }))).toBe(false)
    expect(isRetryable(Object.assign(new Error('x'), { status: 408 }))).toBe(true)
    expect(isRetryable(Object.assign(new Error('x'), { status: 429 }))).toBe(true)
  })

  it('does not retry a read that was aborted or timed out', () => {
    expect(isRetryable(new DOMException('aborted', 'AbortError'))).toBe(false)
    expect(isRetryable(new Error('profile fetch timed out', { cause: new DOMException('timed out', 'TimeoutError') }))).toBe(false)
  })

  it('gives up after a bounded number of attempts', () => {
    const error = wrapped('load_failed')
    expect(retryQuery(0, error)).toBe(true)
    expect(retryQuery(MAX_QUERY_RETRIES - 1, error)).toBe(true)
    expect(retryQuery(MAX_QUERY_RETRIES, error)).toBe(false)
    expect(retryQuery(0, wrapped('not_authenticated'))).toBe(false)
  })
})

describe('the online state queries follow', () => {
  it('is the given connectivity, from its current state on', () => {
    const source = manualConnectivity(false)
    followConnectivity(source)
    expect(onlineManager.isOnline()).toBe(false)
    source.set(true)
    expect(onlineManager.isOnline()).toBe(true)
    source.set(false)
    expect(onlineManager.isOnline()).toBe(false)
  })
})
