import { describe, expect, it } from 'vitest'
import { allowedCountryNames, invokeReminder, mayBeUnsynced, reminderOutcome, reminderRequest } from './reminder.ts'

/** What supabase-js gives for a non-2xx reply: the Response in `context`. */
function httpError(status: number, body: unknown) {
  return { name: 'FunctionsHttpError', message: 'Edge Function returned a non-2xx status code', context: new Response(JSON.stringify(body), { status }) }
}

describe('reminderRequest', () => {
  it('names the appointment and the interface language, Turkish unless English', () => {
    expect(reminderRequest('a1', 'en')).toEqual({ appointment_id: 'a1', language: 'en' })
    expect(reminderRequest('a1', 'en-GB')).toEqual({ appointment_id: 'a1', language: 'en' })
    expect(reminderRequest('a1', 'tr')).toEqual({ appointment_id: 'a1', language: 'tr' })
    expect(reminderRequest('a1', 'de')).toEqual({ appointment_id: 'a1', language: 'tr' })
  })
})

describe('reminderOutcome', () => {
  it('is ok when the function says success', async () => {
    expect(await reminderOutcome({ data: { success: true, error: null, message_id: 'm1' }, error: null })).toEqual({ ok: true })
  })

  it('reads the error code from the reply of a refused call', async () => {
    for (const [status, code] of [
      [404, 'appointment_not_found'],
      [409, 'not_scheduled'],
      [409, 'no_phone'],
      [409, 'invalid_phone'],
      [429, 'rate_limited'],
      [502, 'sms_failed'],
      [401, 'unauthorized'],
      [400, 'invalid_request'],
      [403, 'phone_not_verified'],
      [409, 'country_not_allowed'],
      [500, 'provider_not_configured'],
    ] as const) {
      expect(await reminderOutcome({ data: null, error: httpError(status, { success: false, error: code, message_id: null }) })).toEqual({ ok: false, code })
    }
  })

  it('reads a refusal by the gateway (an expired session) as unauthorized', async () => {
    const gateway = httpError(401, { code: 'UNAUTHORIZED_LEGACY_JWT', message: 'Invalid JWT' })
    expect(await reminderOutcome({ data: null, error: gateway })).toEqual({ ok: false, code: 'unauthorized' })
  })

  it('names the countries reminders may go to in the interface language', () => {
    expect(allowedCountryNames('tr')).toBe('Türkiye')
    expect(allowedCountryNames('en')).toBe('Türkiye')
    expect(allowedCountryNames('en', ['TR', 'GB'])).toBe('Türkiye and United Kingdom')
    expect(allowedCountryNames('tr', ['TR', 'DE'])).toBe('Türkiye ve Almanya')
  })

  it('treats an unknown code or an unreadable reply as a server error', async () => {
    expect(await reminderOutcome({ data: null, error: httpError(500, { error: 'something_new' }) })).toEqual({ ok: false, code: 'server_error' })
    const unreadable = { name: 'FunctionsHttpError', context: new Response('<html>bad gateway</html>', { status: 502 }) }
    expect(await reminderOutcome({ data: null, error: unreadable })).toEqual({ ok: false, code: 'server_error' })
    expect(await reminderOutcome({ data: { success: false }, error: null })).toEqual({ ok: false, code: 'server_error' })
  })

  it('reports a call that never reached the function as unreachable', async () => {
    expect(await reminderOutcome({ data: null, error: { name: 'FunctionsFetchError', message: 'Failed to send a request' } })).toEqual({
      ok: false,
      code: 'unreachable',
    })
    expect(await reminderOutcome({ data: null, error: { name: 'FunctionsRelayError' } })).toEqual({ ok: false, code: 'unreachable' })
    expect(
      await invokeReminder(() => {
        throw new TypeError('Failed to fetch')
      }),
    ).toEqual({ ok: false, code: 'unreachable' })
  })
})

describe('mayBeUnsynced', () => {
  it('suspects an unsynced change for a missing appointment, or a stale status while changes wait', () => {
    expect(mayBeUnsynced('appointment_not_found', 'scheduled', 0)).toBe(true)
    expect(mayBeUnsynced('not_scheduled', 'scheduled', 2)).toBe(true)
    expect(mayBeUnsynced('not_scheduled', 'scheduled', 0)).toBe(false)
    expect(mayBeUnsynced('not_scheduled', 'confirmed', 2)).toBe(false)
    expect(mayBeUnsynced('rate_limited', 'scheduled', 2)).toBe(false)
  })
})
