// The functions runner on its own: routing, the gateway's JWT check, the
// environment and request a function sees, and isolation between stacks.
// Uses the test functions in fixtures/ and no database.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createClient, FunctionsHttpError } from '@supabase/supabase-js'
import { Hono } from 'hono'
import { SignJWT } from 'jose'
import WebSocket from 'ws'
import { describe, expect, it } from 'vitest'
import { loadConfig, type StackConfig } from '../config.ts'
import { signJwt } from '../jwt.ts'
import { createFunctionsApp, type FunctionsContext, type FunctionsOptions } from './index.ts'
import { BufferedRequest } from '../in-process-bodies.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const fixtures = path.join(here, 'fixtures')
const BASE = 'http://functions.test'

function harness(overrides: Partial<StackConfig> = {}, opts: FunctionsOptions = {}, ctx: Partial<FunctionsContext> = {}) {
  const config = { ...loadConfig({}), ...overrides }
  const app = new Hono().route(
    '/functions/v1',
    createFunctionsApp(
      { config, apiUrl: () => 'http://stack.test:54321', ...ctx },
      { functionsDir: path.join(fixtures, 'functions'), configToml: path.join(fixtures, 'config.toml'), ...opts },
    ),
  )
  const call = (p: string, init: RequestInit = {}) => app.request(new Request(`${BASE}/functions/v1${p}`, init))
  return { app, config, call }
}

const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } })

describe('functions runner', () => {
  it('answers an unknown, disabled or shared-code name like hosted Supabase', async () => {
    const { call } = harness()
    for (const p of ['/nope', '/disabled', '/_shared', '/_shared/util', '/..%2Fecho', '/']) {
      const res = await call(p)
      expect(res.status, p).toBe(404)
      expect(await res.json(), p).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' })
    }
  })

  it('refuses a protected function without a valid JWT, with the gateway codes', async () => {
    const { call, config } = harness()
    const expectRefusal = async (init: RequestInit, code: string, message: string) => {
      const res = await call('/secret', init)
      expect(res.status).toBe(401)
      expect(res.headers.get('sb-error-code')).toBe(code)
      expect(await res.json()).toEqual({ code, message })
    }
    await expectRefusal({}, 'UNAUTHORIZED_NO_AUTH_HEADER', 'Missing authorization header')
    await expectRefusal({ headers: { apikey: config.anonKey } }, 'UNAUTHORIZED_NO_AUTH_HEADER', 'Missing authorization header')
    await expectRefusal(bearer('not-a-jwt'), 'UNAUTHORIZED_INVALID_JWT_FORMAT', 'Invalid JWT format')
    await expectRefusal({ headers: { Authorization: config.anonKey } }, 'UNAUTHORIZED_INVALID_JWT_FORMAT', 'Invalid JWT format')
    await expectRefusal(bearer(config.publishableKey), 'UNAUTHORIZED_INVALID_JWT_FORMAT', 'Invalid JWT format')
    const foreign = await new SignJWT({ role: 'anon' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-projects-secret-at-least-32-chars'))
    await expectRefusal(bearer(foreign), 'UNAUTHORIZED_LEGACY_JWT', 'Invalid JWT')
    const expired = await signJwt(config, { role: 'authenticated', sub: crypto.randomUUID(), exp: Math.floor(Date.now() / 1000) - 60 })
    await expectRefusal(bearer(expired), 'UNAUTHORIZED_LEGACY_JWT', 'Invalid JWT')
  })

  it('lets through the anon key, the service role key and a user token', async () => {
    const { call, config } = harness()
    const user = await signJwt(config, { role: 'authenticated', sub: crypto.randomUUID(), exp: Math.floor(Date.now() / 1000) + 600 })
    for (const token of [config.anonKey, config.serviceRoleKey, user]) {
      const res = await call('/secret', { method: 'POST', ...bearer(token) })
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ ok: true, method: 'POST' })
    }
  })

  it('hands a preflight to the function without a token, as the gateway does', async () => {
    const res = await harness().call('/secret', { method: 'OPTIONS' })
    expect(res.status).toBe(200)
  })

  it('serves verify_jwt = false functions to anyone', async () => {
    const res = await harness().call('/echo')
    expect(res.status).toBe(200)
  })

  it('passes method, body, headers and the path below /functions/v1 through', async () => {
    const { call, config } = harness()
    const res = await call('/echo/orders/42?x=1&y=%C3%A7', {
      method: 'PUT',
      headers: { Authorization: `Bearer ${config.anonKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ a: 'ç' }),
    })
    expect(await res.json()).toMatchObject({
      method: 'PUT',
      pathname: '/echo/orders/42',
      search: '?x=1&y=%C3%A7',
      body: '{"a":"ç"}',
      authorization: `Bearer ${config.anonKey}`,
    })
  })

  it('gives a function the environment hosted Supabase gives it', async () => {
    process.env.FUNCTIONS_RUNNER_TEST_SETTING = 'from-process'
    process.env.SUPABASE_URL = 'https://must-not-leak.supabase.co'
    try {
      const { call, config } = harness({}, { env: { SMS_PROVIDER: 'local' } })
      const names = 'SUPABASE_URL,SUPABASE_ANON_KEY,SUPABASE_SERVICE_ROLE_KEY,SUPABASE_DB_URL,FUNCTIONS_RUNNER_TEST_SETTING,SMS_PROVIDER'
      const res = await call(`/echo?env=${names}`)
      const body = (await res.json()) as { env: Record<string, string | null>; envAtLoad: boolean }
      expect(body.env).toEqual({
        SUPABASE_URL: 'http://stack.test:54321',
        SUPABASE_ANON_KEY: config.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: config.serviceRoleKey,
        // PGlite has no connection URL.
        SUPABASE_DB_URL: null,
        FUNCTIONS_RUNNER_TEST_SETTING: 'from-process',
        SMS_PROVIDER: 'local',
      })
      expect(body.envAtLoad).toBe(true)
    } finally {
      delete process.env.FUNCTIONS_RUNNER_TEST_SETTING
      delete process.env.SUPABASE_URL
    }
  })

  it('sets SUPABASE_DB_URL for a stack on a PostgreSQL URL', async () => {
    const { call } = harness({}, {}, { dbUrl: 'postgres://postgres@127.0.0.1:5432/postgres' })
    const body = (await (await call('/echo?env=SUPABASE_DB_URL')).json()) as { env: Record<string, string> }
    expect(body.env.SUPABASE_DB_URL).toBe('postgres://postgres@127.0.0.1:5432/postgres')
  })

  it('keeps two stacks apart: module state, Deno.env.set and keys', async () => {
    const a = harness({ anonKey: 'anon-a' })
    const b = harness({ anonKey: 'anon-b' })
    const [ra, rb] = await Promise.all([a.call('/counter?set=A'), b.call('/counter?set=B')])
    expect(await ra.json()).toEqual({ calls: 1, label: 'A', anon: 'anon-a' })
    expect(await rb.json()).toEqual({ calls: 1, label: 'B', anon: 'anon-b' })
    const again = await Promise.all([a.call('/counter'), b.call('/counter'), a.call('/counter')])
    const bodies = await Promise.all(again.map((r) => r.json()))
    expect(bodies.map((x) => [x.label, x.anon])).toEqual([['A', 'anon-a'], ['B', 'anon-b'], ['A', 'anon-a']])
    expect(bodies.map((x) => x.calls).sort()).toEqual([2, 2, 3])
  })

  it('turns a thrown error into the 500 hosted Supabase answers', async () => {
    const res = await harness().call('/boom', { method: 'POST' })
    expect(res.status).toBe(500)
    expect(await res.json()).toEqual({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' })
  })

  it('answers 503 for a function that fails to load, and loads it again once fixed', async () => {
    const env: Record<string, string | undefined> = {}
    const { call } = harness({}, { env })
    const res = await call('/broken')
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' })
    env.BROKEN_FUNCTION_FIXED = '1'
    expect((await call('/broken')).status).toBe(200)
  })

  it("hands a function's requests to its own stack to the stack in-process, and everything else to the network", async () => {
    const network = createServer((req, res) => {
      let body = ''
      req.on('data', (c: Buffer) => (body += c.toString()))
      req.on('end', () => res.end(`network ${req.method} ${req.url} ${req.headers['x-test']} ${body}`))
    })
    await new Promise<void>((resolve) => network.listen(0, '127.0.0.1', resolve))
    const elsewhere = `http://127.0.0.1:${(network.address() as AddressInfo).port}`
    const own: Request[] = []
    const { call } = harness({}, {
      ownApi: async (req) => {
        own.push(req)
        return new Response(`own ${req.method} ${new URL(req.url).pathname} ${req.headers.get('x-test')} ${await req.text()}`, { status: 201 })
      },
    })
    try {
      const res = await call('/fetcher', { method: 'POST', body: JSON.stringify({ urls: ['http://stack.test:54321/rest/v1/rpc/f?x=1', `${elsewhere}/hook`] }) })
      expect(await res.json()).toEqual([
        { status: 201, body: 'own POST /rest/v1/rpc/f fetcher ping' },
        { status: 200, body: 'network POST /hook fetcher ping' },
      ])
      expect(own.map((r) => r.url)).toEqual(['http://stack.test:54321/rest/v1/rpc/f?x=1'])
      // Its body in memory, not a stream for the stack to drain (in-process-bodies.ts).
      expect(own[0]).toBeInstanceOf(BufferedRequest)
      // Outside a function's request, the stack's address is the network's like any other.
      await expect(fetch('http://stack.test:54321/rest/v1/rpc/f')).rejects.toThrow()
      expect(own).toHaveLength(1)
    } finally {
      await new Promise<void>((resolve) => network.close(() => resolve()))
    }
  })

  it('works for functions.invoke: data on success, FunctionsHttpError with the response otherwise', async () => {
    const { app, config } = harness()
    const supabase = createClient(BASE, config.anonKey, {
      global: { fetch: async (input, init) => app.request(new Request(input, init)) },
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    })
    const ok = await supabase.functions.invoke('echo/sub', { body: { hello: 'dünya' } })
    expect(ok.error).toBeNull()
    expect(ok.data).toMatchObject({ method: 'POST', pathname: '/echo/sub', body: '{"hello":"dünya"}', authorization: `Bearer ${config.anonKey}` })

    const missing = await supabase.functions.invoke('nope')
    expect(missing.error).toBeInstanceOf(FunctionsHttpError)
    expect(await (missing.error as FunctionsHttpError).context.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' })
  })
})
