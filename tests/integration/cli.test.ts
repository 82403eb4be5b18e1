// `npm run stack` as a user runs it: keys printed, data kept across a clean
// Ctrl-C and a restart, the seed applied once, and a Postgres URL accepted;
// off loopback, published keys refused and the local tools left out.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort, runCli, runCliToExit } from '../support/cli-process.ts'
import { startTempPostgres } from '../support/postgres.ts'
import { DEFAULT_ANON_KEY, DEFAULT_SERVICE_ROLE_KEY, loadConfig } from '../../supabase/local/config.ts'
import { verifyJwt } from '../../supabase/local/jwt.ts'

const SHOP_SECRET = 'the-shop-box-own-secret-7f3a9c1e5b2d4f60a8'

async function signIn(apiUrl: string, email: string, password: string, apikey = DEFAULT_ANON_KEY) {
  return fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
}

describe('npm run stack', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'stack-data-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('keeps data in a directory across Ctrl-C and restart, seeding only once', async () => {
    const port = await freePort()
    const first = await runCli(['stack', '--db', dir, '--port', String(port)])
    expect(first.lines.slice(0, 3)).toEqual([
      `API_URL=http://127.0.0.1:${port}`,
      `ANON_KEY=${DEFAULT_ANON_KEY}`,
      `SERVICE_ROLE_KEY=${DEFAULT_SERVICE_ROLE_KEY}`,
    ])
    const api = first.vars.API_URL!
    expect((await signIn(api, 'demo@example.com', 'demo1234')).status).toBe(200)
    const signup = await fetch(`${api}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: DEFAULT_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'kalici@example.com',
        password: 'kalici-sifre',
        data: { business_name: 'Kalıcı Kafe', phone_number: '+905329998877' },
      }),
    })
    expect(signup.status).toBe(200)
    expect(await first.stop()).toBe(0)

    const second = await runCli(['stack', '--db', dir, '--port', String(port)])
    try {
      expect((await signIn(second.vars.API_URL!, 'kalici@example.com', 'kalici-sifre')).status).toBe(200)
      const demo = await fetch(`${second.vars.API_URL}/rest/v1/users?select=email&email=eq.demo@example.com`, {
        headers: { apikey: DEFAULT_SERVICE_ROLE_KEY, authorization: `Bearer ${DEFAULT_SERVICE_ROLE_KEY}` },
      })
      // One demo profile: the seed did not run again on the existing database.
      expect(await demo.json()).toEqual([{ email: 'demo@example.com' }])
    } finally {
      expect(await second.stop()).toBe(0)
    }
  })

  it('runs over a PostgreSQL URL', async () => {
    const pg = await startTempPostgres()
    try {
      const run = await runCli(['stack', '--db', pg.url, '--port', String(await freePort())])
      try {
        expect((await signIn(run.vars.API_URL!, 'demo@example.com', 'demo1234')).status).toBe(200)
      } finally {
        expect(await run.stop()).toBe(0)
      }
    } finally {
      await pg.stop()
    }
  })
})

describe('npm run stack off loopback', () => {
  it('refuses to start with the published keys, naming what to set, whatever else is asked', async () => {
    const port = await freePort()
    for (const extra of [[], ['--expose-local-tools']]) {
      const run = await runCliToExit(['stack', '--host', '0.0.0.0', '--port', String(port), '--db', 'memory', ...extra])
      expect(run.code).toBe(1)
      expect(run.stdout).not.toContain('API_URL=')
      expect(run.stderr).toContain('refusing to listen on 0.0.0.0')
      for (const name of ['JWT_SECRET', 'ANON_KEY', 'SERVICE_ROLE_KEY']) expect(run.stderr).toContain(name)
    }
    const ipv6 = await runCliToExit(['stack', '--host', '::', '--port', String(port), '--db', 'memory'])
    expect(ipv6.code).toBe(1)
    expect(ipv6.stderr).toContain('refusing to listen on ::')
  })

  it('prints a new secret and its keys, or the keys for the secret it is given', async () => {
    const fresh = await runCliToExit(['stack', 'keys'])
    expect(fresh.code).toBe(0)
    const vars = Object.fromEntries(fresh.stdout.trim().split('\n').map((l) => l.split(/=(.*)/s).slice(0, 2) as [string, string]))
    expect(Object.keys(vars)).toEqual(['JWT_SECRET', 'ANON_KEY', 'SERVICE_ROLE_KEY', 'PUBLISHABLE_KEY', 'SECRET_KEY'])
    expect(vars.JWT_SECRET!.length).toBeGreaterThanOrEqual(32)
    expect(await verifyJwt(loadConfig({ JWT_SECRET: vars.JWT_SECRET }), vars.SERVICE_ROLE_KEY!)).toMatchObject({ role: 'service_role' })
    const again = await runCliToExit(['keys'])
    expect(again.stdout).not.toContain(vars.JWT_SECRET!)

    const given = await runCliToExit(['stack', 'keys'], { env: { JWT_SECRET: SHOP_SECRET } })
    const derived = loadConfig({ JWT_SECRET: SHOP_SECRET })
    expect(given.stdout).toBe(
      [
        `JWT_SECRET=${SHOP_SECRET}`,
        `ANON_KEY=${derived.anonKey}`,
        `SERVICE_ROLE_KEY=${derived.serviceRoleKey}`,
        `PUBLISHABLE_KEY=${derived.publishableKey}`,
        `SECRET_KEY=${derived.secretKey}`,
      ].join('\n') + '\n',
    )
  })

  it('starts with a secret of its own and keys derived from it, without /__local or the demo account', async () => {
    const port = await freePort()
    const run = await runCli(['stack', '--host', '0.0.0.0', '--port', String(port), '--db', 'memory'], { env: { JWT_SECRET: SHOP_SECRET } })
    try {
      const derived = loadConfig({ JWT_SECRET: SHOP_SECRET })
      expect(run.vars.ANON_KEY).toBe(derived.anonKey)
      expect(run.vars.SERVICE_ROLE_KEY).toBe(derived.serviceRoleKey)
      expect(run.stderr()).not.toContain('WARNING')
      const api = `http://127.0.0.1:${port}`
      expect((await fetch(`${api}/__local/outbox.json`)).status).toBe(404)
      expect((await fetch(`${api}/__local/checkout/cs_local_${'0'.repeat(32)}`)).status).toBe(404)
      // No demo account, and the published anon key opens nothing.
      expect((await signIn(api, 'demo@example.com', 'demo1234', derived.anonKey)).status).toBe(400)
      expect((await signIn(api, 'demo@example.com', 'demo1234')).status).toBe(401)
      const signup = await fetch(`${api}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: derived.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'dukkan@example.com', password: 'dukkan-sifre', data: { business_name: 'Köşe Dükkanı' } }),
      })
      expect(signup.status).toBe(200)
    } finally {
      expect(await run.stop()).toBe(0)
    }
  })

  it('mounts /__local and seeds the demo account on request, warning loudly', async () => {
    const port = await freePort()
    const run = await runCli(['stack', '--host', '0.0.0.0', '--port', String(port), '--db', 'memory', '--expose-local-tools'], {
      env: { JWT_SECRET: SHOP_SECRET },
    })
    try {
      expect(run.stderr()).toMatch(/WARNING: --expose-local-tools on 0\.0\.0\.0: .*verification codes/)
      const api = `http://127.0.0.1:${port}`
      expect((await fetch(`${api}/__local/outbox.json`)).status).toBe(200)
      expect((await signIn(api, 'demo@example.com', 'demo1234', loadConfig({ JWT_SECRET: SHOP_SECRET }).anonKey)).status).toBe(200)
    } finally {
      expect(await run.stop()).toBe(0)
    }
  })
})
