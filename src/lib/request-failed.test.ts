import { describe, expect, it } from 'vitest'
import { isRetryable } from './query-client.ts'
import { RequestFailed } from './request-failed.ts'

describe('RequestFailed', () => {
  it("says what failed and keeps supabase-js's error, whose code decides a retry", () => {
    const refused = { code: '42501', message: 'permission denied for table services' }
    const error = new RequestFailed('reading the services', refused)
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('RequestFailed')
    expect(error.message).toBe('reading the services failed')
    expect(error.cause).toBe(refused)
    expect(isRetryable(error)).toBe(false)
    expect(isRetryable(new RequestFailed('reading the services', { message: 'boom' }))).toBe(true)
  })
})
