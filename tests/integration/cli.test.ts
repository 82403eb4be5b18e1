// `npm run stack` as a user runs it: keys printed, data kept across a clean
// Ctrl-C and a restart, the seed applied once, and a Postgres URL accepted.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort, runCli } from '../support/cli-process.ts'
import { startTempPostgres } from '../support/postgres.ts'
import { DEFAULT_ANON_KEY, DEFAULT_SERVICE_ROLE_KEY } from '../../supabase/local/config.ts'

async function signIn(apiUrl: string, email: string, password: string) {
  return fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: DEFAULT_ANON_KEY, 'content-type': 'application/json' },
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
