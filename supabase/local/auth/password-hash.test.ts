// Passwords are stored as GoTrue stores them: bcrypt at cost 10, unless the
// stack is told otherwise (test stacks hash at bcrypt's least cost, 4).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_AUTH_PASSWORD_HASH_COST, loadConfig } from '../config.ts'
import { startAuthHarness, type AuthHarness } from './auth.suite.test.ts'

const PASSWORD = 'correct-horse-1'

describe('the password hash cost setting', () => {
  it("is GoTrue's 10 unless AUTH_PASSWORD_HASH_COST names another of bcrypt's costs", () => {
    expect(DEFAULT_AUTH_PASSWORD_HASH_COST).toBe(10)
    expect(loadConfig({}).authPasswordHashCost).toBe(10)
    expect(loadConfig({ AUTH_PASSWORD_HASH_COST: '4' }).authPasswordHashCost).toBe(4)
    expect(loadConfig({ AUTH_PASSWORD_HASH_COST: '12' }).authPasswordHashCost).toBe(12)
    for (const wrong of ['3', '32', '10.5', 'ten']) {
      expect(() => loadConfig({ AUTH_PASSWORD_HASH_COST: wrong }), wrong).toThrow(/AUTH_PASSWORD_HASH_COST must be a bcrypt cost from 4 to 31/)
    }
  })
})

describe.each([DEFAULT_AUTH_PASSWORD_HASH_COST, 4])('stored passwords at cost %i', (cost) => {
  let h: AuthHarness
  beforeAll(async () => {
    h = await startAuthHarness({ kind: 'memory' }, { config: { authPasswordHashCost: cost } })
  })
  afterAll(async () => {
    await h?.close()
  })

  const storedHash = async (id: string) =>
    (await h.db.query<{ hash: string }>('select encrypted_password as hash from auth.users where id = $1', [id])).rows[0]!.hash
  const prefix = `$2a$${String(cost).padStart(2, '0')}$`

  it('hashes at that cost on sign-up, by the admin and on a password change, and checks each', async () => {
    const email = `hash-${cost}-${Date.now().toString(36)}@example.com`
    const client = h.client()
    const signedUp = await client.auth.signUp({ email, password: PASSWORD })
    expect(signedUp.error).toBeNull()
    const id = signedUp.data.user!.id
    expect((await storedHash(id)).startsWith(prefix)).toBe(true)

    expect((await h.client().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull()
    expect((await h.client().auth.signInWithPassword({ email, password: 'wrong-horse-1' })).error?.message).toBe('Invalid login credentials')

    const changed = await client.auth.updateUser({ password: 'new-horse-22' })
    expect(changed.error).toBeNull()
    expect((await storedHash(id)).startsWith(prefix)).toBe(true)
    expect((await h.client().auth.signInWithPassword({ email, password: 'new-horse-22' })).error).toBeNull()

    const admin = h.client(h.config.serviceRoleKey).auth.admin
    const created = await admin.createUser({ email: `admin-${email}`, password: PASSWORD, email_confirm: true })
    expect(created.error).toBeNull()
    expect((await storedHash(created.data.user!.id)).startsWith(prefix)).toBe(true)
    expect((await h.client().auth.signInWithPassword({ email: `admin-${email}`, password: PASSWORD })).error).toBeNull()
  })
})
