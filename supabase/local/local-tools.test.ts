// The stack as a browser meets it: the Supabase APIs answer any origin
// without credentials, as hosted Supabase does; /__local (outbox, local
// checkout) answers only its own pages and this machine's names, and is not
// there at all when the stack runs without its local tools.
import http from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DEMO_ACCOUNT_OPEN_MESSAGE } from './exposure.ts'
import { startStack, stackFunctionsEnv, type RunningStack } from './server.ts'

type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string }

/** A request with exactly these headers (fetch would not send a Host of our choosing). */
function raw(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => (body += d))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end(opts.body)
  })
}

const EVIL = 'https://evil.example'
const UNKNOWN_SESSION = `cs_local_${'0'.repeat(32)}`
/** What Chromium sends for a fetch() from another site's page. */
const crossSiteFetch = { Origin: EVIL, 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty' }

describe('a stack with its local tools (loopback)', () => {
  let stack: RunningStack
  let own: string
  beforeAll(async () => {
    stack = await startStack({ port: 0, db: { kind: 'memory' }, seed: false })
    own = new URL(stack.url).origin
  })
  afterAll(async () => {
    await stack?.close()
  })

  it('mounts /__local by default on loopback', async () => {
    expect(stack.localTools).toBe(true)
    expect((await raw(`${stack.url}/__local/outbox.json`)).status).toBe(200)
  })

  it('answers the Supabase APIs for any origin, without credentials, as hosted Supabase does', async () => {
    for (const p of ['/rest/v1/products', '/auth/v1/token?grant_type=password', '/storage/v1/object/avatars/a.png', '/functions/v1/health']) {
      const preflight = await raw(`${stack.url}${p}`, {
        method: 'OPTIONS',
        headers: { Origin: EVIL, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,apikey,content-type' },
      })
      expect(preflight.status, p).toBe(204)
      expect(preflight.headers['access-control-allow-origin'], p).toBe('*')
      expect(preflight.headers['access-control-allow-credentials'], p).toBeUndefined()
      expect(preflight.headers['access-control-allow-headers'], p).toContain('apikey')
    }
    const health = await raw(`${stack.url}/auth/v1/health`, { headers: { Origin: EVIL, apikey: stack.config.anonKey } })
    expect(health.status).toBe(200)
    expect(health.headers['access-control-allow-origin']).toBe('*')
    expect(health.headers['access-control-allow-credentials']).toBeUndefined()
    expect(health.headers['access-control-expose-headers']).toContain('x-supabase-api-version')
  })

  it('gives /__local no CORS at all, and refuses what another site sends it', async () => {
    const plain = await raw(`${stack.url}/__local/outbox.json`)
    expect(plain.status).toBe(200)
    expect(plain.headers['access-control-allow-origin']).toBeUndefined()
    expect(plain.headers['x-frame-options']).toBe('DENY')
    expect(plain.headers['content-security-policy']).toBe("frame-ancestors 'none'")

    const refused: [string, Record<string, string>, string?][] = [
      ['/__local/outbox.json', crossSiteFetch],
      ['/__local/outbox.json', { Origin: EVIL }],
      ['/__local/outbox.json', { 'Sec-Fetch-Site': 'cross-site' }],
      // Another port of this machine (the app, or anything else running here) is another origin.
      ['/__local/outbox.json', { Origin: 'http://127.0.0.1:5173', 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'cors' }],
      ['/__local/outbox', { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'iframe' }],
      ['/__local/outbox', { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'iframe' }],
      // A form of another site pressing Pay.
      [`/__local/checkout/${UNKNOWN_SESSION}/pay`, { Origin: EVIL, 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' }, 'POST'],
      [`/__local/checkout/${UNKNOWN_SESSION}/pay`, { Origin: 'null' }, 'POST'],
      [`/__local/checkout/${UNKNOWN_SESSION}/cancel`, { Origin: EVIL }, 'POST'],
    ]
    for (const [p, headers, method] of refused) {
      const res = await raw(`${stack.url}${p}`, { method, headers })
      expect(res.status, `${method ?? 'GET'} ${p} ${JSON.stringify(headers)}`).toBe(403)
      expect(res.headers['access-control-allow-origin']).toBeUndefined()
      expect(res.body).not.toContain('[')
    }
    const preflight = await raw(`${stack.url}/__local/outbox.json`, {
      method: 'OPTIONS',
      headers: { Origin: EVIL, 'Access-Control-Request-Method': 'GET' },
    })
    expect(preflight.status).toBe(403)
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('serves its own pages and navigations to them: the app sending the buyer to checkout, the form posting to itself', async () => {
    // The app (another port, so same-site) navigates to the checkout page.
    const navigation = { 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' }
    const page = await raw(`${stack.url}/__local/checkout/${UNKNOWN_SESSION}`, { headers: navigation })
    expect(page.status).toBe(404)
    expect(page.body).toContain('Checkout session not found')
    const outbox = await raw(`${stack.url}/__local/outbox`, { headers: { ...navigation, 'Sec-Fetch-Site': 'cross-site' } })
    expect(outbox.status).toBe(200)
    expect(outbox.headers['content-type']).toMatch(/^text\/html/)
    // The checkout page's own form.
    const pay = await raw(`${stack.url}/__local/checkout/${UNKNOWN_SESSION}/pay`, {
      method: 'POST',
      headers: { Origin: own, 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' },
    })
    expect(pay.status).toBe(404)
    // A same-origin script, and a script or curl with no browser headers at all.
    expect((await raw(`${stack.url}/__local/outbox.json`, { headers: { Origin: own, 'Sec-Fetch-Site': 'same-origin' } })).status).toBe(200)
    expect((await fetch(`${stack.url}/__local/outbox.json`)).status).toBe(200)
  })

  it('answers only to this machine’s names, so a rebound DNS name cannot reach /__local', async () => {
    const port = stack.port
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      expect((await raw(`${stack.url}/__local/outbox.json`, { headers: { Host: host } })).status, host).toBe(200)
    }
    for (const host of [`rebind.evil.example:${port}`, 'evil.example', `localhost.evil.example:${port}`, `127.0.0.1:${port + 1}`, 'localhost']) {
      const res = await raw(`${stack.url}/__local/outbox.json`, { headers: { Host: host } })
      expect(res.status, host).toBe(403)
    }
    // The same name on the APIs is hosted Supabase's business, not a browser's secret.
    expect((await raw(`${stack.url}/auth/v1/health`, { headers: { Host: 'api.example', apikey: stack.config.anonKey } })).status).toBe(200)
  })
})

describe('a stack without its local tools', () => {
  let stack: RunningStack
  beforeAll(async () => {
    stack = await startStack({ port: 0, db: { kind: 'memory' }, seed: false, localTools: false })
  })
  afterAll(async () => {
    await stack?.close()
  })

  it('has no /__local, and the functions get no local provider URLs', async () => {
    expect(stack.localTools).toBe(false)
    for (const p of ['/__local/outbox', '/__local/outbox.json', `/__local/checkout/${UNKNOWN_SESSION}`]) {
      expect((await raw(`${stack.url}${p}`)).status, p).toBe(404)
    }
    expect((await raw(`${stack.url}/__local/checkout/${UNKNOWN_SESSION}/pay`, { method: 'POST' })).status).toBe(404)

    vi.stubEnv('LOCAL_CHECKOUT_URL', '')
    vi.stubEnv('LOCAL_OUTBOX_URL', '')
    try {
      const ctx = { config: stack.config, apiUrl: () => stack.url }
      const off = stackFunctionsEnv(ctx, { localTools: false })
      expect(off.LOCAL_CHECKOUT_URL).toBeUndefined()
      expect(off.LOCAL_OUTBOX_URL).toBeUndefined()
      const on = stackFunctionsEnv(ctx, { localTools: true })
      expect(on.LOCAL_CHECKOUT_URL).toBe(`${stack.url}/__local/checkout`)
      expect(on.LOCAL_OUTBOX_URL).toBe(`${stack.url}/__local`)
    } finally {
      vi.unstubAllEnvs()
    }
  })
})

describe('a stack off loopback', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'stack-exposed-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('leaves /__local and the demo seed out by default, and will not open a database that still has the demo password', async () => {
    const fresh = await startStack({ port: 0, host: '0.0.0.0', db: { kind: 'dir', path: path.join(dir, 'fresh') } })
    try {
      expect(fresh.localTools).toBe(false)
      expect((await fresh.db.query(`select 1 from auth.users where email = 'demo@example.com'`)).rows).toEqual([])
      expect((await raw(`http://127.0.0.1:${fresh.port}/__local/outbox.json`)).status).toBe(404)
    } finally {
      await fresh.close()
    }

    // Seeded by an earlier start on loopback…
    const demoDir = path.join(dir, 'demo')
    const local = await startStack({ port: 0, db: { kind: 'dir', path: demoDir } })
    expect((await local.db.query(`select 1 from auth.users where email = 'demo@example.com'`)).rows).toHaveLength(1)
    await local.close()
    // …it may not be opened to the network while demo1234 still opens it,
    await expect(startStack({ port: 0, host: '0.0.0.0', db: { kind: 'dir', path: demoDir } })).rejects.toThrow(DEMO_ACCOUNT_OPEN_MESSAGE)
    // unless the owner asked for the local tools (a demo box).
    const demo = await startStack({ port: 0, host: '0.0.0.0', db: { kind: 'dir', path: demoDir }, localTools: true })
    try {
      expect((await raw(`http://127.0.0.1:${demo.port}/__local/outbox.json`)).status).toBe(200)
    } finally {
      await demo.close()
    }
  })
})
