// The functions under real Deno, as hosted Supabase runs them: every function
// type-checks and is deployable, the health function answers, and phone
// verification works end to end against a running stack.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { checkAllFunctions, groupBySameConfig, listFunctions } from './deno-check.ts'
import { serveWithDeno, type DenoFunction } from './deno-serve.ts'
import type { OutboxMessage } from './outbox.ts'
import { startFunctionsStack, type FunctionsStack } from './test-stack.ts'

// Well inside a test's 60 s, so a slow start fails with Deno's own output.
const START_TIMEOUT_MS = 30_000
/** Functions sharing an import map are checked together: about 1 s each alone, several times that on a busy machine. */
const CHECK_TIMEOUT_PER_FUNCTION_MS = 10_000

describe('edge functions under Deno', () => {
  it('type-check and can be deployed, every one of them', async () => {
    const results = await checkAllFunctions()
    expect(results.map((r) => r.name)).toEqual(listFunctions())
    for (const r of results) expect(r.problems, `${r.name}:\n${r.output}`).toEqual([])
  }, listFunctions().length * CHECK_TIMEOUT_PER_FUNCTION_MS)

  it('checks functions with the same import map together, and names the one that fails', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'deno-check-'))
    try {
      const write = (name: string, config: object, code: string) => {
        mkdirSync(path.join(dir, name))
        writeFileSync(path.join(dir, name, 'deno.json'), JSON.stringify(config))
        writeFileSync(path.join(dir, name, 'index.ts'), code)
      }
      const plain = { imports: {} }
      write('good', plain, 'export const n: number = 1\n')
      write('bad', plain, 'export const n: number = "one"\n')
      write('other', { imports: { 'x/': './x/' } }, 'export const s: string = "ok"\n')
      expect(groupBySameConfig(['bad', 'good', 'other'], dir)).toEqual([['bad', 'good'], ['other']])
      const results = await checkAllFunctions(['bad', 'good', 'other'], dir)
      expect(results.map((r) => [r.name, r.ok])).toEqual([['bad', false], ['good', true], ['other', true]])
      expect(results[0]!.problems).toEqual(['deno check failed'])
      expect(results[0]!.output).toMatch(/TS2322/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 3 * CHECK_TIMEOUT_PER_FUNCTION_MS)

  it('serves the health function', async () => {
    const fn = await serveWithDeno('health', {}, START_TIMEOUT_MS)
    try {
      const res = await fetch(fn.url)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ ok: true })
      const pre = await fetch(fn.url, { method: 'OPTIONS' })
      expect(pre.headers.get('access-control-allow-headers')).toContain('apikey')
    } finally {
      await fn.stop()
    }
  })

  describe('phone verification against a running stack', () => {
    let s: FunctionsStack
    let send: DenoFunction
    let verify: DenoFunction

    beforeAll(async () => {
      s = await startFunctionsStack('pglite')
      const env = {
        SUPABASE_URL: s.url,
        SUPABASE_ANON_KEY: s.stack.config.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: s.stack.config.serviceRoleKey,
        SMS_PROVIDER: 'local',
      }
      ;[send, verify] = await Promise.all([
        serveWithDeno('send-verification', env, START_TIMEOUT_MS),
        serveWithDeno('verify-phone', env, START_TIMEOUT_MS),
      ])
    })
    afterAll(async () => {
      await Promise.all([send?.stop(), verify?.stop()])
      await s?.close()
    })

    it('sends the code SMS and verifies the phone with it', async () => {
      const phone = `+905${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`
      const { data, error } = await s.client().auth.signUp({
        email: `deno.${Date.now()}@ornek.com.tr`,
        password: 'Guclu-Sifre-2026',
        options: { data: { business_name: 'Ege Zeytinyağı', phone_number: phone } },
      })
      expect(error).toBeNull()
      const post = (url: string, body: unknown) =>
        fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })

      const sent = await post(send.url, { phoneNumber: phone })
      expect(await sent.json()).toMatchObject({ success: true, error: null })
      const outbox = (await (await fetch(`${s.url}/__local/outbox.json?to=${encodeURIComponent(phone)}`)).json()) as OutboxMessage[]
      const code = /^Doğrulama kodunuz: (\d{6})$/.exec(outbox[0]?.body ?? '')?.[1]
      expect(code).toBeDefined()

      const wrong = await post(verify.url, { phoneNumber: phone, code: code === '111111' ? '111112' : '111111' })
      expect(wrong.status).toBe(400)
      expect(await wrong.json()).toEqual({ success: false, error: 'invalid_code', attempts_left: 4 })

      const ok = await post(verify.url, { phoneNumber: phone, code })
      expect(await ok.json()).toEqual({ success: true, error: null })
      const row = await s.stack.db.query<{ phone_verified: boolean }>('select phone_verified from public.users where id = $1', [data.user!.id])
      expect(row.rows[0]!.phone_verified).toBe(true)
    })
  })
})
