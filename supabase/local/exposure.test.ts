// Which addresses count as this machine, when the stack refuses to start, and
// the keys it derives from a JWT secret of the owner's own.
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_ANON_KEY,
  DEFAULT_JWT_SECRET,
  DEFAULT_PUBLISHABLE_KEY,
  DEFAULT_SECRET_KEY,
  DEFAULT_SERVICE_ROLE_KEY,
  loadConfig,
} from './config.ts'
import { isLoopbackHost, planExposure } from './exposure.ts'
import { resolveRequestAuth, verifyJwt } from './jwt.ts'

const OWN_SECRET = 'a-shop-box-secret-of-its-own-0123456789abcdef'

describe('isLoopbackHost', () => {
  it('knows this machine from the network', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(true)
    }
    for (const host of ['0.0.0.0', '::', '[::]', '192.168.1.20', '10.0.0.5', 'shop-box.local', 'localhost.example.com', '128.0.0.1', '']) {
      expect(isLoopbackHost(host), host).toBe(false)
    }
  })
})

describe('planExposure', () => {
  const defaults = loadConfig({})
  const own = loadConfig({ JWT_SECRET: OWN_SECRET })

  it('lets everything run on loopback, published keys and all', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1']) {
      expect(planExposure({ host, config: defaults, exposeLocalTools: false, seed: true })).toEqual({ ok: true, localTools: true, seed: true })
    }
    expect(planExposure({ host: '127.0.0.1', config: defaults, exposeLocalTools: false, seed: false })).toMatchObject({ seed: false })
  })

  it('refuses published keys off loopback, naming what to set, even with the local tools asked for', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20']) {
      for (const exposeLocalTools of [false, true]) {
        const plan = planExposure({ host, config: defaults, exposeLocalTools, seed: true })
        expect(plan.ok).toBe(false)
        if (plan.ok) continue
        expect(plan.message).toContain(host)
        for (const name of ['JWT_SECRET', 'ANON_KEY', 'SERVICE_ROLE_KEY', 'PUBLISHABLE_KEY', 'SECRET_KEY']) expect(plan.message).toContain(name)
        expect(plan.message).toContain('npm run stack -- keys')
      }
    }
    // One published key among keys of one's own is enough to refuse.
    for (const key of ['anonKey', 'serviceRoleKey', 'publishableKey', 'secretKey'] as const) {
      const published = { anonKey: DEFAULT_ANON_KEY, serviceRoleKey: DEFAULT_SERVICE_ROLE_KEY, publishableKey: DEFAULT_PUBLISHABLE_KEY, secretKey: DEFAULT_SECRET_KEY }[key]
      const plan = planExposure({ host: '0.0.0.0', config: { ...own, [key]: published }, exposeLocalTools: false, seed: true })
      expect(plan, key).toMatchObject({ ok: false })
    }
    expect(planExposure({ host: '0.0.0.0', config: { ...own, jwtSecret: DEFAULT_JWT_SECRET }, exposeLocalTools: false, seed: true })).toMatchObject({ ok: false })
    const short = planExposure({ host: '0.0.0.0', config: loadConfig({ JWT_SECRET: 'too-short' }), exposeLocalTools: false, seed: true })
    expect(short).toMatchObject({ ok: false, message: expect.stringContaining('shorter than 32 characters') })
  })

  it('starts off loopback with keys of its own, without /__local or the demo seed unless asked, and warns when asked', () => {
    expect(planExposure({ host: '0.0.0.0', config: own, exposeLocalTools: false, seed: true })).toEqual({ ok: true, localTools: false, seed: false })
    const exposed = planExposure({ host: '0.0.0.0', config: own, exposeLocalTools: true, seed: true })
    expect(exposed).toMatchObject({ ok: true, localTools: true, seed: true })
    expect(exposed.ok && exposed.warning).toMatch(/^WARNING: --expose-local-tools on 0\.0\.0\.0: .*verification codes.*demo@example\.com/)
    const unseeded = planExposure({ host: '192.168.1.20', config: own, exposeLocalTools: true, seed: false })
    expect(unseeded).toMatchObject({ ok: true, localTools: true, seed: false })
    expect(unseeded.ok && unseeded.warning).not.toContain('demo@example.com')
  })
})

describe('keys derived from JWT_SECRET', () => {
  it('signs the legacy keys with the secret, with the roles Supabase gives them, the same on every start', async () => {
    const config = loadConfig({ JWT_SECRET: OWN_SECRET })
    expect(config.jwtSecret).toBe(OWN_SECRET)
    expect(await verifyJwt(config, config.anonKey)).toMatchObject({ role: 'anon', iss: 'supabase' })
    expect(await verifyJwt(config, config.serviceRoleKey)).toMatchObject({ role: 'service_role', iss: 'supabase' })
    expect((await verifyJwt(config, config.anonKey)).exp).toBeGreaterThan(Date.now() / 1000 + 50 * 365 * 24 * 3600)
    await expect(verifyJwt(loadConfig({}), config.anonKey)).rejects.toThrow()
    expect(loadConfig({ JWT_SECRET: OWN_SECRET })).toEqual(config)
    expect(config.publishableKey).toMatch(/^sb_publishable_[A-Za-z0-9_-]{43}$/)
    expect(config.secretKey).toMatch(/^sb_secret_[A-Za-z0-9_-]{43}$/)
    expect(config.secretKey).not.toContain(OWN_SECRET)
    // The opaque keys stand for their roles.
    const as = async (key: string) => (await resolveRequestAuth(config, new Headers({ apikey: key }))).role
    expect(await as(config.publishableKey)).toBe('anon')
    expect(await as(config.secretKey)).toBe('service_role')

    const other = loadConfig({ JWT_SECRET: `${OWN_SECRET}-2` })
    for (const k of ['anonKey', 'serviceRoleKey', 'publishableKey', 'secretKey'] as const) {
      expect(other[k]).not.toBe(config[k])
      expect([DEFAULT_ANON_KEY, DEFAULT_SERVICE_ROLE_KEY, DEFAULT_PUBLISHABLE_KEY, DEFAULT_SECRET_KEY]).not.toContain(config[k])
    }
  })

  it('keeps keys given alongside the secret, and the CLI defaults without one', () => {
    const given = loadConfig({ JWT_SECRET: OWN_SECRET, ANON_KEY: 'given-anon', SECRET_KEY: 'sb_secret_given' })
    expect(given).toMatchObject({ anonKey: 'given-anon', secretKey: 'sb_secret_given' })
    expect(given.serviceRoleKey).toBe(loadConfig({ JWT_SECRET: OWN_SECRET }).serviceRoleKey)
    expect(loadConfig({})).toMatchObject({
      jwtSecret: DEFAULT_JWT_SECRET,
      anonKey: DEFAULT_ANON_KEY,
      serviceRoleKey: DEFAULT_SERVICE_ROLE_KEY,
      publishableKey: DEFAULT_PUBLISHABLE_KEY,
      secretKey: DEFAULT_SECRET_KEY,
    })
  })
})
