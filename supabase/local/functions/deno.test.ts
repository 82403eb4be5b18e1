// The functions under real Deno, as hosted Supabase runs them: every function
// type-checks and is deployable, the health function answers, and phone
// verification works end to end against a running stack.
import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { denoEnv, findDeno } from './deno-binary.ts'
import { checkAllFunctions, listFunctions } from './deno-check.ts'
import { FUNCTIONS_DIR } from './index.ts'
import type { OutboxMessage } from './outbox.ts'
import { startFunctionsStack, type FunctionsStack } from './test-stack.ts'

const PROJECT_ROOT = path.resolve(FUNCTIONS_DIR, '..', '..')

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
    srv.on('error', reject)
  })
}

type DenoFunction = { url: string; stop(): Promise<void> }

/** `deno run` on a function's index.ts, as the edge runtime would load it, on a free port. */
async function serveWithDeno(name: string, env: Record<string, string>): Promise<DenoFunction> {
  const port = await freePort()
  const dir = path.join(FUNCTIONS_DIR, name)
  const child: ChildProcess = spawn(
    findDeno(),
    ['run', '--allow-net', '--allow-env', '--node-modules-dir=manual', '--config', path.join(dir, 'deno.json'), path.join(dir, 'index.ts')],
    // Deno.serve(handler) listens where DENO_SERVE_ADDRESS says.
    { cwd: PROJECT_ROOT, env: denoEnv(PROJECT_ROOT, { ...env, DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}` }) },
  )
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`deno did not start ${name} within 30 s:\n${output}`)), 30_000)
    const onData = (d: Buffer) => {
      output += d
      if (output.includes('Listening on')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`deno exited (${code}) before serving ${name}:\n${output}`))
    })
  })
  return {
    url: `http://127.0.0.1:${port}/${name}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

describe('edge functions under Deno', () => {
  it('type-check and can be deployed, every one of them', async () => {
    const results = await checkAllFunctions()
    expect(results.map((r) => r.name)).toEqual(listFunctions())
    for (const r of results) expect(r.problems, `${r.name}:\n${r.output}`).toEqual([])
  })

  it('serves the health function', async () => {
    const fn = await serveWithDeno('health', {})
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
      ;[send, verify] = await Promise.all([serveWithDeno('send-verification', env), serveWithDeno('verify-phone', env)])
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
