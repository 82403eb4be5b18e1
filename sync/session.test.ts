import { describe, expect, it } from 'vitest'
import { sessionCheck, type SessionAuth } from './session.ts'

const NOW = 1_800_000_000_000
const auth = (answer: unknown): SessionAuth => ({ getSession: () => Promise.resolve(answer) }) as unknown as SessionAuth

describe('sessionCheck', () => {
  it('lets a request go with a signed-in session that has not expired', async () => {
    await expect(sessionCheck(auth({ data: { session: { expires_at: NOW / 1000 + 60 } }, error: null }), () => NOW)()).resolves.toBeUndefined()
  })

  it('refuses with auth without a session, or with one that expired because it could not be refreshed', async () => {
    await expect(sessionCheck(auth({ data: { session: null }, error: null }), () => NOW)()).rejects.toMatchObject({ code: 'auth' })
    await expect(sessionCheck(auth({ data: { session: { expires_at: NOW / 1000 } }, error: null }), () => NOW)()).rejects.toMatchObject({ code: 'auth' })
  })

  it('passes on why the session could not be had: a refresh that could not be sent is a network failure', async () => {
    const offline = auth({ data: { session: null }, error: { name: 'AuthRetryableFetchError', message: 'Failed to fetch' } })
    await expect(sessionCheck(offline, () => NOW)()).rejects.toMatchObject({ code: 'network' })
    const revoked = auth({ data: { session: null }, error: { name: 'AuthApiError', status: 400, message: 'Invalid Refresh Token: Refresh Token Not Found' } })
    await expect(sessionCheck(revoked, () => NOW)()).rejects.toMatchObject({ code: 'auth' })
  })
})
