// npm run bench:load — the stack under sustained concurrent load, with
// autocannon, on PGlite and on a temporary PostgreSQL 15 (when its binaries
// exist; said so when they do not). The stack runs in a process of its own
// (load-stack.ts), as `npm run stack` does, so its memory is its own.
//
// Phases, each LOAD_SECONDS / 4 long (default LOAD_SECONDS=300: five minutes
// of load per database):
//   1. data API reads: one owner's 10,000 products, filtered (RLS on),
//      ordered, 100 rows, at 20 concurrent connections; then
//   2. the same at 100 connections. Beside each, measured in the same run:
//      the same query run directly on the stack's own Database (same role,
//      claims and RLS, in a transaction as the data API runs it) at the same
//      concurrency, and the floor: GET / of the same server (HTTP and routing,
//      no database) at the same concurrency.
//   3. sync pushes: devices of 10 owners pushing offline edits through the
//      `sync_push` RPC in the engine's batches (100 rows), five batches a
//      device: the first all created offline, each later one 50 created and
//      50 edits of the device's previous creations with their assumed state.
//   4. chatbot-api with the built-in responder: 50 concurrent conversations
//      across 10 owners, each a visitor with a client address of its own
//      (load-visitors.ts) sending 12 messages in a row, then a new visitor.
//      The limits are the deployment's defaults: the per-conversation one
//      refuses each conversation's 11th and 12th messages (429 rate_limited,
//      intended). Beside it, its floor: the database calls of one message
//      run directly on the stack's database by 50 such visitors (no HTTP, no
//      function).
// Printed: p50/p95/p99, throughput, errors (intended 429s apart), and the
// stack's memory before the load (after a few seconds of each phase, so that
// what is allocated once is in it), right after it and after
// LOAD_SETTLE_SECONDS (default 60) idle: what it holds (heap used and external
// buffers, after a full collection) and, for information, its RSS. Targets:
// no errors other than the intended 429s; what it holds back within 10 %;
// data API p95 ≤ 2× the direct query
// on PostgreSQL 15; chatbot-api p95 ≤ 300 ms at 50 concurrent.
//
// Quick mode: LOAD_SECONDS=40 LOAD_SETTLE_SECONDS=10 npm run bench:load
// (10 s a phase). LOAD_BACKENDS=pglite or =postgres runs one database only;
// LOAD_PHASES=read,push,chat (default all) runs some phases only.
// LOAD_CPU_PROF=<dir> writes a CPU profile of the stack process for each
// phase (<dir>/<database>-<phase>.cpuprofile; open in Chrome DevTools).
// The numbers are only as quiet as the machine: run it on an idle one.
/* eslint-disable max-lines -- one run: its four loads and their floors share the stacks, the owners and the report */
import { fork, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdirSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { loadConfig } from '../../supabase/local/config.ts'
import { signJwt } from '../../supabase/local/jwt.ts'
import { startTempPostgres, type TempPostgres } from '../support/postgres.ts'
import type { DirectResult, StackReady, StackReply, StackRequest } from './load-stack.ts'
import { visitorAddress } from './load-visitors.ts'

const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 300)
const PHASE_SECONDS = Math.max(1, Math.round(LOAD_SECONDS / 4))
const SETTLE_SECONDS = Number(process.env.LOAD_SETTLE_SECONDS ?? 60)
const BACKENDS = (process.env.LOAD_BACKENDS ?? 'pglite,postgres').split(',').map((s) => s.trim())
const CPU_PROF = process.env.LOAD_CPU_PROF
const PHASES = (process.env.LOAD_PHASES ?? 'read,push,chat').split(',').map((s) => s.trim())

const PRODUCTS = 10_000
const PAGE = 100
const READ_CONCURRENCY = [20, 100]
const PUSH_DEVICES = 10
const PUSH_BATCH = 100
/** Batches one device pushes before another takes its connection. */
const PUSH_SESSION = 5
const CHAT_OWNERS = 10
const CHAT_CONVERSATIONS = 50
/** Messages of one conversation, two more than the per-conversation limit lets through in a minute (10): those two are the intended 429s. */
const CHAT_TURNS = 12
const CHAT_ORIGIN = 'https://bench-shop.example'

const TARGET_RATIO = 2
const TARGET_CHAT_P95_MS = 300
const TARGET_MEMORY_GROWTH = 0.1

const HERE = path.dirname(fileURLToPath(import.meta.url))
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin'

// Figures ---------------------------------------------------------------------------------

type Stats = { count: number; p50: number; p95: number; p99: number; rps: number }

function stats(latencies: number[], seconds: number): Stats {
  const sorted = Float64Array.from(latencies).sort()
  const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN)
  return { count: sorted.length, p50: at(50), p95: at(95), p99: at(99), rps: sorted.length / seconds }
}

const ms = (v: number) => `${v.toFixed(2)} ms`.padStart(10)
const row = (label: string, s: Stats, extra = '') =>
  `  ${label.padEnd(22)} p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}  ${s.rps.toFixed(0).padStart(6)} req/s${extra}`
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED')
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

// The stack process -------------------------------------------------------------------------

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never

type StackProcess = {
  ready: StackReady
  call<T>(req: WithoutId<StackRequest>): Promise<T>
  stop(): Promise<void>
}

async function startStackProcess(db: string): Promise<StackProcess> {
  const execArgv = ['--import', 'tsx']
  const child: ChildProcess = fork(path.join(HERE, 'load-stack.ts'), [], {
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      LOAD_DB: db,
      ASSISTANT_PROVIDER: 'builtin',
    },
  })
  let nextId = 0
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>()
  const ready = await new Promise<StackReady>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the stack process exited with ${code}`)))
    child.on('message', (msg: StackReply | StackReady) => {
      if ('type' in msg) return resolve(msg)
      const p = pending.get(msg.id)
      pending.delete(msg.id)
      if (msg.ok) p?.resolve(msg.value)
      else p?.reject(new Error(msg.error))
    })
  })
  return {
    ready,
    call: <T>(req: WithoutId<StackRequest>) =>
      new Promise<T>((resolve, reject) => {
        const id = ++nextId
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject })
        child.send({ ...req, id })
      }),
    async stop() {
      const exited = new Promise((r) => child.once('exit', r))
      const id = ++nextId
      child.send({ type: 'stop', id })
      await exited
    },
  }
}

// Load ---------------------------------------------------------------------------------------

type LoadResult = { byStatus: Map<number, number[]>; seconds: number; socketErrors: number; timeouts: number }

type Cannon = {
  url: string
  connections: number
  seconds: number
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  /**
   * Requests each connection sends in turn, over and over. autocannon gives
   * them one context, which it empties when the sequence starts again: state
   * kept there (a conversation, a device's last batch) lasts one sequence.
   */
  sequence?: Array<{
    setupRequest?: (req: autocannon.Request, context: Record<string, unknown>) => autocannon.Request
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void
  }>
}

async function cannon(opts: Cannon): Promise<LoadResult> {
  const byStatus = new Map<number, number[]>()
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: opts.url,
        connections: opts.connections,
        duration: opts.seconds,
        method: opts.method ?? 'GET',
        headers: opts.headers,
        body: opts.body,
        timeout: 30,
        requests: opts.sequence?.map((step) => ({
          setupRequest: step.setupRequest as ((req: autocannon.Request, context: object) => autocannon.Request) | undefined,
          onResponse: step.onResponse as ((status: number, body: string, context: object) => void) | undefined,
        })),
      },
      (err, result) => {
        if (err) return reject(err instanceof Error ? err : new Error(String(err)))
        resolve({ byStatus, seconds: result.duration, socketErrors: result.errors - result.timeouts, timeouts: result.timeouts })
      },
    )
    instance.on('response', (_client, status, _bytes, time) => {
      let list = byStatus.get(status)
      if (!list) byStatus.set(status, (list = []))
      list.push(time)
    })
  })
}

const all = (r: LoadResult) => [...r.byStatus.values()].flat()
const countOf = (r: LoadResult, pred: (status: number) => boolean) =>
  [...r.byStatus].filter(([s]) => pred(s)).reduce((n, [, l]) => n + l.length, 0)

type Visitors = {
  url: string
  /** Visitors at once, each a closed loop: its next message goes when the answer to the last has come. */
  concurrency: number
  seconds: number
  /** Messages of one visitor, in order, on one connection from its own address; then a new visitor takes its place. */
  turns: number
  headers: Record<string, string>
  body: (visitor: number, turn: number) => string
  onResponse: (status: number, body: string, visitor: number) => void
}

/**
 * Widget visitors: load in which each conversation comes from a client
 * address of its own, as visitors on their own networks do, so that the
 * per-address limit and its lock meet what they would in use (not one
 * address carrying every conversation). autocannon cannot choose the address
 * a connection comes from, so this phase drives node:http itself; its
 * figures are the same as cannon()'s.
 */
/** Visitors of every run so far: each new one gets an address no earlier one had. */
let visitorsSoFar = 0

async function visitors(opts: Visitors): Promise<LoadResult> {
  const byStatus = new Map<number, number[]>()
  let socketErrors = 0
  let timeouts = 0
  const t0 = performance.now()
  const deadline = t0 + opts.seconds * 1000
  const send = (agent: http.Agent, body: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(opts.url, { method: 'POST', agent, headers: { ...opts.headers, 'content-length': Buffer.byteLength(body) }, timeout: 30_000 }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
        res.on('error', reject)
      })
      req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })))
      req.on('error', reject)
      req.end(body)
    })
  const loop = async () => {
    while (performance.now() < deadline) {
      const visitor = visitorsSoFar++
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: visitorAddress(visitor) })
      try {
        for (let turn = 0; turn < opts.turns && performance.now() < deadline; turn++) {
          const t = performance.now()
          try {
            const res = await send(agent, opts.body(visitor, turn))
            let list = byStatus.get(res.status)
            if (!list) byStatus.set(res.status, (list = []))
            list.push(performance.now() - t)
            opts.onResponse(res.status, res.body, visitor)
          } catch (e) {
            if ((e as { code?: string }).code === 'TIMEOUT') timeouts++
            else socketErrors++
          }
        }
      } finally {
        agent.destroy()
      }
    }
  }
  await Promise.all(Array.from({ length: opts.concurrency }, loop))
  return { byStatus, seconds: (performance.now() - t0) / 1000, socketErrors, timeouts }
}

/** How busy the machine's cores were from now until the returned function is called: load generator, stack and database share them. */
function cpuBusy(): () => number {
  const read = () => os.cpus().reduce((a, c) => ({ idle: a.idle + c.times.idle, total: a.total + Object.values(c.times).reduce((x, y) => x + y, 0) }), { idle: 0, total: 0 })
  const start = read()
  return () => {
    const end = read()
    return 1 - (end.idle - start.idle) / (end.total - start.total)
  }
}

let backendTag = ''

/** Runs one phase's load, under the CPU profiler when LOAD_CPU_PROF names a directory. */
async function profiled<T>(stack: StackProcess, phase: string, run: () => Promise<T>): Promise<T> {
  if (!CPU_PROF) return run()
  mkdirSync(CPU_PROF, { recursive: true })
  await stack.call({ type: 'profile-start' })
  try {
    return await run()
  } finally {
    await stack.call({ type: 'profile-stop', file: path.resolve(CPU_PROF, `${backendTag}-${phase}.cpuprofile`) })
  }
}

// Setup ----------------------------------------------------------------------------------------

type Owner = { id: string; token: string }

let phones = 0

async function signUp(stack: StackProcess, tag: string): Promise<Owner> {
  const phone = `+90532${String(1_000_000 + ++phones).slice(1)}0`
  const email = `load-${tag}-${randomUUID().slice(0, 8)}@example.com`
  const res = await fetch(`${stack.ready.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: stack.ready.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'load-bench-password', data: { business_name: `Yük ${tag}`, phone_number: phone } }),
  })
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`)
  const session = (await res.json()) as { user: { id: string } }
  // Long-lived, so no run crosses an expiry.
  const token = await signJwt(
    { ...loadConfig(), jwtSecret: stack.ready.jwtSecret },
    { sub: session.user.id, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 6 * 3600 },
  )
  return { id: session.user.id, token }
}

async function insertProducts(stack: StackProcess, owner: Owner, count: number, name: (i: number) => string) {
  const currencies = ['TRY', 'USD', 'EUR']
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, k) => {
      const i = start + k
      return { name: name(i), description: `Açıklama ${i}`, price: (i % 500) + 0.99, currency: currencies[i % 3], stock: i % 40, user_id: owner.id }
    })
    const res = await fetch(`${stack.ready.url}/rest/v1/products`, {
      method: 'POST',
      headers: { apikey: stack.ready.anonKey, authorization: `Bearer ${owner.token}`, 'content-type': 'application/json', prefer: 'return=minimal' },
      body: JSON.stringify(rows),
    })
    if (!res.ok) throw new Error(`bulk insert failed: ${res.status} ${await res.text()}`)
  }
}

// Phases ----------------------------------------------------------------------------------------

type Verdicts = { errors: number; ratioPg?: number; chatP95?: number; chatFloorP95?: number; memoryOk?: boolean }

async function readPhase(stack: StackProcess, reader: Owner, concurrency: number, isPostgres: boolean, v: Verdicts) {
  const query = `select=*&user_id=eq.${reader.id}&price=gte.100&_deleted=is.false&order=created_at.desc,id.asc&limit=${PAGE}`
  const headers = { apikey: stack.ready.anonKey, authorization: `Bearer ${reader.token}` }
  const api = await profiled(stack, `read-${concurrency}`, () =>
    cannon({ url: `${stack.ready.url}/rest/v1/products?${query}`, connections: concurrency, seconds: PHASE_SECONDS, headers }),
  )
  const direct = await stack.call<DirectResult>({
    type: 'direct',
    sql: `select * from public.products where user_id = $1 and price >= $2 and _deleted is false order by created_at desc, id asc limit ${PAGE}`,
    params: [reader.id, 100],
    claims: { sub: reader.id, role: 'authenticated', aud: 'authenticated' },
    concurrency,
    seconds: Math.min(PHASE_SECONDS, 30),
    expectRows: PAGE,
  })
  const floor = await cannon({ url: `${stack.ready.url}/`, connections: concurrency, seconds: Math.min(PHASE_SECONDS, 15) })
  const apiErrors = countOf(api, (s) => s !== 200) + api.socketErrors + api.timeouts
  v.errors += apiErrors + direct.errors
  const a = stats(all(api), api.seconds)
  const d = stats(direct.latencies, direct.seconds)
  const f = stats(all(floor), floor.seconds)
  console.info(`\n  data API read, ${PRODUCTS} products, ${PAGE} rows, ${concurrency} connections, ${PHASE_SECONDS} s`)
  console.info(row('data API', a, `  errors ${apiErrors}`))
  console.info(row('direct query', d, `  errors ${direct.errors}`))
  console.info(row('floor: GET / (no db)', f))
  const ratio = a.p95 / d.p95
  const target = isPostgres ? `target ≤ ${TARGET_RATIO}× on PostgreSQL 15: ${verdict(ratio <= TARGET_RATIO)}` : 'target applies on PostgreSQL 15'
  console.info(`  ratio data API / direct: p50 ${(a.p50 / d.p50).toFixed(2)}×  p95 ${ratio.toFixed(2)}×  (${target})`)
  console.info(`  floor + direct (HTTP alone plus the query alone) p95 ${(f.p95 + d.p95).toFixed(2)} ms = ${((f.p95 + d.p95) / d.p95).toFixed(2)}× the direct query`)
  if (isPostgres && concurrency === READ_CONCURRENCY[0]) v.ratioPg = ratio
}

type PushDoc = Record<string, unknown>

/** `warmUp`: a short run of the same load before memory is first read, counted for errors and not printed. */
type PhaseRun = { seconds: number; warmUp: boolean }
const MEASURED: PhaseRun = { seconds: PHASE_SECONDS, warmUp: false }

async function pushPhase(stack: StackProcess, owners: Owner[], v: Verdicts, run: PhaseRun = MEASURED) {
  let device = 0
  let conflicts = 0
  let refused = 0
  const newDoc = (): PushDoc => ({
    id: randomUUID(),
    name: `Çevrimdışı ürün ${randomUUID().slice(0, 6)}`,
    description: 'Bağlantı yokken eklendi',
    price: 49.9,
    currency: 'TRY',
    stock: 3,
    product_link: null,
    group_id: null,
    created_at: new Date().toISOString(),
    _deleted: false,
  })
  const countAnswer = (status: number, body: string) => {
    if (status !== 200) return
    const answer = JSON.parse(body) as { conflicts: unknown[]; refused: unknown[] }
    conflicts += answer.conflicts.length
    refused += answer.refused.length
  }
  // A device's session: PUSH_SESSION batches, the first all new documents, each later one half new and
  // half edits (with their assumed state) of documents the previous batch created.
  const batch = (step: number) => ({
    setupRequest: (req: autocannon.Request, ctx: Record<string, unknown>): autocannon.Request => {
      if (step === 0) ctx.owner = owners[device++ % owners.length]
      const previous = (ctx.previous ?? []) as PushDoc[]
      const created = Array.from({ length: PUSH_BATCH - previous.length }, newDoc)
      const edits = previous.map((doc) => ({ assumed: doc, new: { ...doc, name: `${String(doc.name)} ✎`, stock: Number(doc.stock) + 1 } }))
      ctx.previous = created.slice(0, PUSH_BATCH / 2)
      return {
        ...req,
        method: 'POST',
        headers: {
          apikey: stack.ready.anonKey,
          authorization: `Bearer ${(ctx.owner as Owner).token}`,
          'content-type': 'application/json',
          'x-client-info': 'supabase-js-web/2',
        },
        body: JSON.stringify({ target: 'public.products', rows: [...created.map((doc) => ({ assumed: null, new: doc })), ...edits] }),
      }
    },
    onResponse: countAnswer,
  })
  const load = () => cannon({
    url: `${stack.ready.url}/rest/v1/rpc/sync_push`,
    connections: PUSH_DEVICES,
    seconds: run.seconds,
    method: 'POST',
    sequence: Array.from({ length: PUSH_SESSION }, (_, step) => batch(step)),
  })
  const r = run.warmUp ? await load() : await profiled(stack, 'push', load)
  const errors = countOf(r, (s) => s !== 200) + r.socketErrors + r.timeouts
  v.errors += errors + conflicts + refused
  if (run.warmUp) return
  console.info(`\n  sync push, ${PUSH_DEVICES} devices of ${owners.length} owners, batches of ${PUSH_BATCH} rows (50 new, 50 edits), ${PHASE_SECONDS} s`)
  console.info(row('sync_push', stats(all(r), r.seconds), `  errors ${errors}, conflicts ${conflicts}, refused rows ${refused}`))
}

const CHAT_MESSAGES = [
  'Merhaba',
  'Kırmızı elbise var mı?',
  'Fiyatlarınız nedir?',
  'Deri çanta ne kadar?',
  'Stokta ne var?',
  'Do you have a blue shirt?',
  'Randevu alabilir miyim?',
  'Teşekkürler',
]

async function chatPhase(stack: StackProcess, owners: Owner[], v: Verdicts, run: PhaseRun = MEASURED) {
  let conversationNo = 0
  let intended = 0
  const otherCodes = new Map<string, number>()
  // A visitor: one conversation of CHAT_TURNS messages in a row, from an address of its own,
  // continued under the id the server issued with the first answer.
  const conversations = new Map<number, { owner: Owner; id: string | null }>()
  const onResponse = (status: number, body: string, visitor: number) => {
    const conversation = conversations.get(visitor)
    if (status === 200) {
      if (conversation && !conversation.id) conversation.id = (JSON.parse(body) as { conversationId: string }).conversationId
      return
    }
    let code = `http ${status}`
    try {
      code = String((JSON.parse(body) as { error?: string }).error ?? code)
    } catch {
      // not JSON: keep the status
    }
    if (status === 429 && code === 'rate_limited') intended++
    else otherCodes.set(`${status} ${code}`, (otherCodes.get(`${status} ${code}`) ?? 0) + 1)
  }
  const busy = cpuBusy()
  const load = () => visitors({
    url: `${stack.ready.url}/functions/v1/chatbot-api`,
    concurrency: CHAT_CONVERSATIONS,
    seconds: run.seconds,
    turns: CHAT_TURNS,
    headers: { 'content-type': 'application/json', origin: CHAT_ORIGIN },
    body: (visitor, turn) => {
      if (turn === 0) conversations.set(visitor, { owner: owners[conversationNo++ % owners.length]!, id: null })
      const conversation = conversations.get(visitor)!
      if (turn === CHAT_TURNS - 1) conversations.delete(visitor)
      const message = CHAT_MESSAGES[turn % CHAT_MESSAGES.length]
      return JSON.stringify({ userId: conversation.owner.id, ...(conversation.id ? { conversationId: conversation.id } : {}), message })
    },
    onResponse,
  })
  const r = run.warmUp ? await load() : await profiled(stack, 'chat', load)
  const machine = busy()
  const errors = countOf(r, (s) => s !== 200 && s !== 429) + [...otherCodes].filter(([k]) => k.startsWith('429')).reduce((n, [, c]) => n + c, 0)
  v.errors += errors + r.socketErrors + r.timeouts
  if (run.warmUp) return
  // The floor: the same database calls per message, run directly on the stack's database.
  const floorRun = await stack.call<DirectResult>({
    type: 'direct-chat',
    owners: owners.map((o) => o.id),
    messages: CHAT_MESSAGES,
    // The messages of a conversation its limit lets through.
    turns: CHAT_TURNS - 2,
    concurrency: CHAT_CONVERSATIONS,
    seconds: Math.min(PHASE_SECONDS, 30),
  })
  const floor = stats(floorRun.latencies, floorRun.seconds)
  const answered = stats(r.byStatus.get(200) ?? [], r.seconds)
  const everything = stats(all(r), r.seconds)
  v.chatP95 = answered.p95
  v.chatFloorP95 = floor.p95
  v.errors += floorRun.errors
  console.info(
    `\n  chatbot-api (built-in responder), ${CHAT_CONVERSATIONS} concurrent conversations, ${owners.length} owners, ${PHASE_SECONDS} s`,
  )
  console.info(row('answered (200)', answered, `  target p95 ≤ ${TARGET_CHAT_P95_MS} ms: ${verdict(answered.p95 <= TARGET_CHAT_P95_MS)}`))
  console.info(row('all responses', everything))
  console.info(row('floor: its db calls direct', floor, `  errors ${floorRun.errors}${floorRun.firstError ? ` (${floorRun.firstError})` : ''}`))
  console.info(`  the machine's ${os.cpus().length} cores were ${(machine * 100).toFixed(0)} % busy under the load (the visitors, the stack and the database together)`)
  console.info(
    `  intended 429s (per-conversation limit): ${intended}; errors: ${errors + r.socketErrors + r.timeouts}` +
      (otherCodes.size ? ` (${[...otherCodes].map(([k, c]) => `${k} ×${c}`).join(', ')})` : ''),
  )
}

// One database --------------------------------------------------------------------------------

type Memory = NodeJS.MemoryUsage

async function runBackend(label: string, db: string, isPostgres: boolean): Promise<Verdicts> {
  const v: Verdicts = { errors: 0 }
  backendTag = isPostgres ? 'postgres' : 'pglite'
  const stack = await startStackProcess(db)
  try {
    console.info(`\n[${label}] setting up…`)
    const reader = await signUp(stack, 'reader')
    await insertProducts(stack, reader, PRODUCTS, (i) => `Ürün ${i}`)
    const pushOwners = await Promise.all(Array.from({ length: PUSH_DEVICES }, (_, i) => signUp(stack, `device${i}`)))
    const chatOwners = await Promise.all(Array.from({ length: CHAT_OWNERS }, (_, i) => signUp(stack, `chat${i}`)))
    const catalogue = ['Kırmızı elbise', 'Mavi gömlek', 'Deri çanta', 'Spor ayakkabı', 'Yün kazak', 'Keten pantolon', 'İpek eşarp', 'Blue shirt']
    for (const owner of chatOwners) await insertProducts(stack, owner, 40, (i) => `${catalogue[i % catalogue.length]} ${i}`)
    const ids = chatOwners.map((o) => o.id)
    await stack.call({
      type: 'query',
      sql: `update public.chatbot_configs set enabled = true, website_url = $2, allowed_domains = $3 where user_id = any($1::uuid[])`,
      params: [ids, CHAT_ORIGIN, [new URL(CHAT_ORIGIN).hostname]],
    })
    // Allowances out of the way: the run measures the endpoint, not the plan.
    await stack.call({
      type: 'query',
      sql: `insert into public.api_usage_limits (user_id) select unnest($1::uuid[]) on conflict (user_id) do nothing`,
      params: [ids],
    })
    await stack.call({
      type: 'query',
      sql: `update public.api_usage_limits set daily_message_limit = 100000000, monthly_message_limit = 100000000 where user_id = any($1::uuid[])`,
      params: [ids],
    })
    await stack.call({ type: 'query', sql: 'analyze' })
    // Every path the phases take runs a few seconds first (module loads, the schema cache, compiled code,
    // the allocations made once), so that the first reading of memory is of a stack that has done this work.
    const warm: PhaseRun = { seconds: Math.min(5, PHASE_SECONDS), warmUp: true }
    const readUrl = `${stack.ready.url}/rest/v1/products?select=*&user_id=eq.${reader.id}&order=created_at.desc&limit=${PAGE}`
    await cannon({ url: readUrl, connections: 10, seconds: warm.seconds, headers: { apikey: stack.ready.anonKey, authorization: `Bearer ${reader.token}` } })
    if (PHASES.includes('push')) await pushPhase(stack, pushOwners, v, warm)
    if (PHASES.includes('chat')) await chatPhase(stack, chatOwners, v, warm)

    const before = await stack.call<Memory>({ type: 'memory', gc: true })
    console.info(`\n[${label}] load: ${PHASE_SECONDS} s a phase`)
    if (PHASES.includes('read')) for (const c of READ_CONCURRENCY) await readPhase(stack, reader, c, isPostgres, v)
    if (PHASES.includes('push')) await pushPhase(stack, pushOwners, v)
    if (PHASES.includes('chat')) await chatPhase(stack, chatOwners, v)
    const after = await stack.call<Memory>({ type: 'memory' })
    await new Promise((r) => setTimeout(r, SETTLE_SECONDS * 1000))
    const settled = await stack.call<Memory>({ type: 'memory', gc: true })
    // What the stack holds: its JavaScript heap and the buffers outside it, read after a full collection.
    // RSS is shown beside it but not judged: V8 keeps the heap space a load made it grow into, the C
    // allocator keeps freed pages for reuse, and PGlite's WebAssembly memory cannot shrink at all, so
    // RSS stays near its high-water mark whether or not anything is still held.
    const held = (m: Memory) => m.heapUsed + m.external
    const growth = (m: Memory, of: (m: Memory) => number) => (of(m) - of(before)) / of(before)
    const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %`
    const line = (label: string, m: Memory) =>
      `  ${label.padEnd(22)} ${mb(held(m)).padStart(10)} ${m === before ? ''.padStart(8) : pct(growth(m, held)).padStart(8)} ${mb(m.rss).padStart(10)} ${m === before ? '' : pct(growth(m, (x) => x.rss)).padStart(8)}`
    console.info(`\n  stack process memory     heap + external            RSS`)
    console.info(line('before the load', before))
    console.info(line('right after', after))
    console.info(line(`after ${SETTLE_SECONDS} s idle`, settled))
    v.memoryOk = growth(settled, held) <= TARGET_MEMORY_GROWTH
    console.info(`  target: what it holds back within ${TARGET_MEMORY_GROWTH * 100} % of before: ${verdict(v.memoryOk)}`)
    console.info(`\n[${label}] errors other than intended 429s: ${v.errors} (target 0): ${verdict(v.errors === 0)}`)
  } finally {
    await stack.stop()
  }
  return v
}

async function main() {
  console.info(`npm run bench:load — ${LOAD_SECONDS} s of load per database (${PHASE_SECONDS} s a phase), settle ${SETTLE_SECONDS} s`)
  const results: Array<[string, Verdicts]> = []
  if (BACKENDS.includes('pglite')) results.push(['PGlite', await runBackend('PGlite', 'memory', false)])
  if (BACKENDS.includes('postgres')) {
    if (!existsSync(path.join(PG_BIN, 'initdb'))) {
      console.info(`\n[PostgreSQL 15] skipped: no server binaries at ${PG_BIN} (install postgresql-15, or set PG_BIN)`)
    } else {
      const pg: TempPostgres = await startTempPostgres()
      try {
        results.push(['PostgreSQL 15', await runBackend('PostgreSQL 15', pg.url, true)])
      } finally {
        await pg.stop()
      }
    }
  }
  console.info('\nsummary')
  for (const [label, v] of results) {
    const parts = [
      `errors ${v.errors} (${verdict(v.errors === 0)})`,
      `memory ${verdict(v.memoryOk === true)}`,
      `chatbot-api p95 ${v.chatP95?.toFixed(0)} ms (${verdict((v.chatP95 ?? Infinity) <= TARGET_CHAT_P95_MS)}; its db calls alone ${v.chatFloorP95?.toFixed(0)} ms` +
        `${(v.chatFloorP95 ?? 0) > TARGET_CHAT_P95_MS ? `, above the ${TARGET_CHAT_P95_MS} ms target themselves: the target is below this database's floor here` : ''})`,
    ]
    if (v.ratioPg !== undefined) parts.push(`data API p95 ratio at 20 ${v.ratioPg.toFixed(2)}× (${verdict(v.ratioPg <= TARGET_RATIO)})`)
    console.info(`  ${label.padEnd(14)} ${parts.join('; ')}`)
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
