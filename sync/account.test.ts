import { describe, expect, it, vi } from 'vitest'
import { watchAccount, type AccountAuth } from './account.ts'
import { eventually, testStores } from './test-support.ts'

const openStore = testStores()

function fakeAuth(getUser: () => Promise<unknown>) {
  return { getUser: vi.fn(getUser), signOut: vi.fn(() => Promise.resolve({ error: null })) }
}
const notFound = () => Promise.resolve({ data: { user: null }, error: { code: 'user_not_found', message: 'User from sub claim in JWT does not exist' } })
const found = () => Promise.resolve({ data: { user: { id: 'u' } }, error: null })

async function setUp(getUser: () => Promise<unknown>, over: { mayCheck?: () => boolean; now?: () => number } = {}) {
  const db = await openStore()
  await db.customers.insert({ id: '11111111-1111-4111-8111-111111111111', name: 'Ayşe', phone_number: '+905321112233', created_at: '2026-01-01T00:00:00.000Z' })
  const auth = fakeAuth(getUser)
  const steps: string[] = []
  const watch = watchAccount({
    db,
    auth: auth as unknown as AccountAuth,
    now: over.now ?? (() => 0),
    intervalMs: 10_000,
    mayCheck: over.mayCheck ?? (() => true),
    stopEngine: async () => {
      steps.push(db.closed ? 'stopped after close' : 'stopped')
      watch.stop()
    },
  })
  return { db, auth, watch, steps }
}

describe('watchAccount', () => {
  it('on user_not_found stops the engine, closes and removes the store, signs out locally, and resolves gone true', async () => {
    const { db, auth, watch, steps } = await setUp(notFound)
    const schema = db.customers.schema.jsonSchema
    watch.check()
    expect(await watch.gone).toBe(true)
    expect(steps).toEqual(['stopped'])
    expect(watch.forgetting()).toBe(true)
    expect(db.closed).toBe(true)
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' })
    // Removed: the same name opens empty.
    const { createRxDatabase } = await import('rxdb')
    const again = await createRxDatabase({ name: db.name, storage: db.storage, multiInstance: false })
    const collections = await again.addCollections({ customers: { schema } })
    expect(await collections.customers.count().exec()).toBe(0)
    await again.close()
  })

  it('keeps everything for any other answer: the account is there, the device is offline, the session was revoked', async () => {
    for (const answer of [found, () => Promise.reject(new TypeError('fetch failed')), () => Promise.resolve({ data: { user: null }, error: { code: 'session_not_found', status: 403 } })]) {
      const { db, auth, watch } = await setUp(answer)
      watch.check()
      await eventually(() => expect(auth.getUser).toHaveBeenCalled())
      await new Promise((r) => setTimeout(r, 20))
      expect(db.closed).toBe(false)
      expect(auth.signOut).not.toHaveBeenCalled()
      watch.stop()
      expect(await watch.gone).toBe(false)
    }
  })

  it('asks on a realtime deletion at most once per interval, and only when allowed', async () => {
    let clock = 0
    let allowed = false
    const { auth, watch } = await setUp(found, { now: () => clock, mayCheck: () => allowed })
    watch.checkSoon()
    expect(auth.getUser).not.toHaveBeenCalled()
    allowed = true
    watch.checkSoon()
    watch.checkSoon()
    expect(auth.getUser).toHaveBeenCalledTimes(1)
    clock = 9_999
    watch.checkSoon()
    expect(auth.getUser).toHaveBeenCalledTimes(1)
    clock = 10_000
    watch.checkSoon()
    expect(auth.getUser).toHaveBeenCalledTimes(2)
    // A (re)start asks whatever the interval.
    watch.check()
    expect(auth.getUser).toHaveBeenCalledTimes(3)
    watch.stop()
  })
})
