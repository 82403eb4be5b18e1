import { describe, expect, it } from 'vitest'
import { classifyAuthError, phoneCheckProblem } from './auth-errors.ts'

// Shapes as supabase-js builds them (AuthApiError, AuthWeakPasswordError, AuthRetryableFetchError).
const authError = (props: Record<string, unknown>) => Object.assign(new Error(String(props.message ?? '')), props)

describe('classifyAuthError', () => {
  it('recognises the auth server codes', () => {
    expect(classifyAuthError(authError({ code: 'invalid_credentials', status: 400, message: 'Invalid login credentials' }))).toEqual({ kind: 'invalid_credentials' })
    expect(classifyAuthError(authError({ code: 'user_already_exists', status: 422 }))).toEqual({ kind: 'user_already_exists' })
    expect(classifyAuthError(authError({ code: 'over_request_rate_limit', status: 429 }))).toEqual({ kind: 'rate_limited' })
    expect(classifyAuthError(authError({ status: 429, message: 'slow down' }))).toEqual({ kind: 'rate_limited' })
  })

  it('keeps the reasons of a weak password', () => {
    const e = authError({ name: 'AuthWeakPasswordError', code: 'weak_password', status: 422, reasons: ['length', 3] })
    expect(classifyAuthError(e)).toEqual({ kind: 'weak_password', reasons: ['length'] })
    expect(classifyAuthError(authError({ code: 'weak_password' }))).toEqual({ kind: 'weak_password', reasons: [] })
  })

  it('tells an invalid e-mail from other validation failures', () => {
    expect(classifyAuthError(authError({ code: 'validation_failed', message: 'Unable to validate email address: invalid format' }))).toEqual({ kind: 'invalid_email' })
    expect(classifyAuthError(authError({ code: 'validation_failed', message: 'Signup requires a valid password' }))).toEqual({
      kind: 'validation_failed',
      message: 'Signup requires a valid password',
    })
  })

  it('treats unreachable servers as network failures', () => {
    expect(classifyAuthError(authError({ name: 'AuthRetryableFetchError', status: 0, message: 'Failed to fetch' }))).toEqual({ kind: 'network' })
    expect(classifyAuthError(new TypeError('Failed to fetch'))).toEqual({ kind: 'network' })
  })

  it("falls back to the error's message, then to the generic text for non-errors", () => {
    expect(classifyAuthError(authError({ code: 'something_new', message: 'Something new' }))).toEqual({ kind: 'message', message: 'Something new' })
    expect(classifyAuthError('boom')).toEqual({ kind: 'unknown' })
    expect(classifyAuthError(null)).toEqual({ kind: 'unknown' })
    expect(classifyAuthError(new Error(''))).toEqual({ kind: 'unknown' })
  })
})

describe('phoneCheckProblem', () => {
  it('goes on only when the number is known to be free', () => {
    expect(phoneCheckProblem({ kind: 'ok', data: { success: true, exists: false } })).toBeNull()
    expect(phoneCheckProblem({ kind: 'ok', data: { success: true, exists: true } })).toEqual({ kind: 'phone_exists' })
    expect(phoneCheckProblem({ kind: 'ok', data: { success: true } })).toEqual({ kind: 'phone_check_failed' })
  })

  it('tells a wait and a lost connection from a failed check', () => {
    expect(phoneCheckProblem({ kind: 'error', code: 'rate_limited', status: 429, body: { retry_after: 60 } })).toEqual({ kind: 'rate_limited' })
    expect(phoneCheckProblem({ kind: 'network' })).toEqual({ kind: 'network' })
    expect(phoneCheckProblem({ kind: 'error', code: 'server_error', status: 500, body: {} })).toEqual({ kind: 'phone_check_failed' })
    expect(phoneCheckProblem({ kind: 'unknown', status: 502, body: null })).toEqual({ kind: 'phone_check_failed' })
  })
})
