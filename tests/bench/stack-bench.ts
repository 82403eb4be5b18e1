// npm run bench:stack — how much the embedded stack adds over the database.
//
// 1. Latency: 10,000 products of one owner; a filtered, ordered GET of 100
//    rows through /rest/v1 at 20 concurrent requests, against the same query
//    run directly on the same database (same role, claims and RLS, rows
//    returned to JS) at the same concurrency. Target: ratio ≤ 2.
// 2. Start-up: time from spawning `npm run stack -- --db memory` to its first
//    answered request. Target: under 4 s.
// Runs on PGlite, and on a temporary PostgreSQL 15 when its binaries exist.
import { spawn } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { startStack } from '../../supabase/local/server.ts'
import { openDatabase, type Database } from '../../supabase/local/db.ts'
import { loadConfig, type StackConfig } from '../../supabase/local/config.ts'
import { freePort, runCli } from '../support/cli-process.ts'
import { requestContextParams, requestContextSql, signJwt } from '../../supabase/local/jwt.ts'
import { startTempPostgres } from '../support/postgres.ts'
import { DEFAULT_ANON_KEY } from '../../supabase/local/config.ts'

const PRODUCTS = 10_000
const CONCURRENCY = 20
const REQUESTS = 1_000
const WARMUP = 100

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

async function runConcurrent(total: number, concurrency: number, op: () => Promise<void>): Promise<number[]> {
  const times: number[] = []
  let next = 0
  const worker = async () => {
    while (next < total) {
      next++
      const t = performance.now()
      await op()
      times.push(performance.now() - t)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return times.sort((a, b) => a - b)
}

type Target = { url: string; config: StackConfig; db: Database }

async function seedProducts(stack: Target): Promise<{ userId: string; token: string }> {
  const email = `bench-${Date.now()}@example.com`
  const signup = await fetch(`${stack.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: stack.config.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password', data: { business_name: 'Bench', phone_number: '+905550000001' } }),
  })
  if (!signup.ok) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`)
  const session = (await signup.json()) as { access_token: string; user: { id: string } }
  const currencies = ['TRY', 'USD', 'EUR']
  for (let start = 0; start < PRODUCTS; start += 1000) {
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      name: `Ürün ${start + i}`,
      description: `Açıklama ${start + i}`,
      price: ((start + i) % 500) + 0.99,
      currency: currencies[(start + i) % 3],
      stock: (start + i) % 40,
      user_id: session.user.id,
    }))
    const res = await fetch(`${stack.url}/rest/v1/products`, {
      method: 'POST',
      headers: {
        apikey: stack.config.anonKey,
        authorization: `Bearer ${session.access_token}`,
        'content-type': 'application/json',
        prefer: 'return=minimal',
      },
      body: JSON.stringify(rows),
    })
    if (!res.ok) throw new Error(`bulk insert failed: ${res.status} ${await res.text()}`)
  }
  // Steady state: autovacuum (or the PGlite stack's own auto-analyze) gives the
  // planner statistics within seconds; do it now rather than time the gap.
  await stack.db.query('analyze public.products')
  // A long-lived token so the run never crosses an expiry.
  const token = await signJwt(stack.config, {
    sub: session.user.id, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600,
  })
  return { userId: session.user.id, token }
}

async function latency(label: string, stack: Target) {
  const { userId, token } = await seedProducts(stack)
  const url = `${stack.url}/rest/v1/products?select=*&user_id=eq.${userId}&price=gte.100&_deleted=is.false&order=created_at.desc,id.asc&limit=100`
  const headers = { apikey: stack.config.anonKey, authorization: `Bearer ${token}` }
  const viaStack = async () => {
    const res = await fetch(url, { headers })
    const body = (await res.json()) as unknown[]
    if (!res.ok || body.length !== 100) throw new Error(`unexpected answer ${res.status}`)
  }
  const claims = { sub: userId, role: 'authenticated', aud: 'authenticated' }
  const direct = async () => {
    const rows = await stack.db.transaction(async (tx) => {
      await tx.query(requestContextSql, requestContextParams({ role: 'authenticated', claims }))
      return tx.query(
        'select * from public.products where user_id = $1 and price >= $2 and _deleted is false order by created_at desc, id asc limit 100',
        [userId, 100],
      )
    })
    if (rows.rows.length !== 100) throw new Error('unexpected row count')
  }
  await runConcurrent(WARMUP, CONCURRENCY, viaStack)
  await runConcurrent(WARMUP, CONCURRENCY, direct)
  const s = await runConcurrent(REQUESTS, CONCURRENCY, viaStack)
  const d = await runConcurrent(REQUESTS, CONCURRENCY, direct)
  const row = (name: string, t: number[]) => `${name.padEnd(8)} p50 ${percentile(t, 50).toFixed(2)} ms   p95 ${percentile(t, 95).toFixed(2)} ms`
  console.info(`\n[${label}] ${PRODUCTS} products, GET of 100 rows, ${CONCURRENCY} concurrent, ${REQUESTS} requests`)
  console.info(row('stack', s))
  console.info(row('direct', d))
  console.info(
    `ratio    p50 ${(percentile(s, 50) / percentile(d, 50)).toFixed(2)}×   p95 ${(percentile(s, 95) / percentile(d, 95)).toFixed(2)}×   (target ≤ 2×)`,
  )
}


async function startupTime(): Promise<number> {
  const port = await freePort()
  const t0 = performance.now()
  const child = spawn('npm', ['run', '--silent', 'stack', '--', '--db', 'memory', '--port', String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  })
  try {
    for (;;) {
      if (performance.now() - t0 > 60_000) throw new Error('the stack did not answer within 60 s')
      try {
        const res = await fetch(`http://127.0.0.1:${port}/auth/v1/health`, { headers: { apikey: DEFAULT_ANON_KEY } })
        if (res.ok) return performance.now() - t0
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 10))
    }
  } finally {
    process.kill(-child.pid!, 'SIGINT')
  }
}

async function main() {
  // PGlite lives inside the stack's process, so client and stack share it here.
  const pglite = await startStack({ port: 0, db: { kind: 'memory' }, seed: false })
  try {
    await latency('PGlite, client in the stack process', pglite)
  } finally {
    await pglite.close()
  }
  // On Postgres the stack runs as `npm run stack` does, in its own process, as a
  // browser would reach it; the direct queries come from this process's own pool.
  const pg = await startTempPostgres()
  try {
    const run = await runCli(['stack', '--db', pg.url, '--port', String(await freePort()), '--no-seed'])
    const db = await openDatabase({ kind: 'url', url: pg.url })
    try {
      await latency('PostgreSQL 15, stack in its own process', { url: run.vars.API_URL!, config: loadConfig(), db })
    } finally {
      await db.close()
      await run.stop()
    }
  } finally {
    await pg.stop()
  }
  // The first start after a change of the stack's sources or the schema also
  // bundles the stack and builds the database template; it is reported apart.
  const first = await startupTime()
  const runs = [await startupTime(), await startupTime(), await startupTime()].sort((a, b) => a - b)
  const s = (ms: number) => (ms / 1000).toFixed(2)
  console.info(`\n[start-up] npm run stack -- --db memory → first answered request`)
  console.info(`first start (may build bundle and template) ${s(first)} s`)
  console.info(`median of 3 ${s(runs[1]!)} s (runs ${runs.map(s).join(', ')} s; target < 4 s)`)
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
