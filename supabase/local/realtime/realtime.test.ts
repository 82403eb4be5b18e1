// The realtime server against the client the app uses (supabase-js with its
// realtime-js) and against raw Phoenix frames, on PGlite and on a real
// PostgreSQL 15. Every test signs up its own businesses, so tests share one
// database per engine without seeing each other's rows.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import WebSocket from 'ws'
import { SignJWT } from 'jose'
import { Hono } from 'hono'
import { serve, type ServerType } from '@hono/node-server'
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js'
import { loadConfig } from '../config.ts'
import type { Database, Queryable, Row } from '../db.ts'
import { signJwt } from '../jwt.ts'
import { prepareDatabase } from '../migrate.ts'
import { attachRealtime, type RealtimeServer, type UpgradeSource } from './index.ts'
import { DATABASE_BACKENDS } from '../../../tests/support/databases.ts'

const config = loadConfig()

const backends = DATABASE_BACKENDS

type Stack = { url: string; port: number; realtime: RealtimeServer; close(): Promise<void> }

async function startServer(db: Database, port = 0): Promise<Stack> {
  const app = new Hono()
  app.get('/', (c) => c.text('ok'))
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolve(s))
    s.on('error', reject)
  })
  const realtime = attachRealtime(server as UpgradeSource, { db, config })
  await realtime.ready
  const actualPort = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    realtime,
    async close() {
      await realtime.close()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

type Owner = { id: string; jwt: string }

/** The database as the realtime server sees it, failing the next `times` statements that match `pattern` when asked. */
function withInjectedFailures(db: Database) {
  let pattern: RegExp | undefined
  let remaining = 0
  let failures = 0
  const maybeFail = (sql: string) => {
    if (pattern && remaining > 0 && pattern.test(sql)) {
      remaining--
      failures++
      throw new Error('injected failure: the database refused the statement')
    }
  }
  const wrap = (tx: Queryable): Queryable => ({
    async query<R extends Row = Row>(sql: string, params?: unknown[]) {
      maybeFail(sql)
      return tx.query<R>(sql, params)
    },
  })
  const faulty: Database = {
    kind: db.kind,
    query: (sql, params) => wrap(db).query(sql, params),
    transaction: (fn, opts) => db.transaction((tx) => fn(wrap(tx)), opts),
    exec: (sql) => db.exec(sql),
    listen: (channel, onPayload) => db.listen(channel, onPayload),
    close: () => db.close(),
  }
  return {
    db: faulty,
    failNext(match: RegExp, times: number) {
      pattern = match
      remaining = times
    },
    failures: () => failures,
  }
}

let phoneSeq = Math.floor(Math.random() * 1_000_000)
const nextPhone = () => `+9055${String(phoneSeq++).padStart(8, '0')}`
const inOneHour = () => Math.floor(Date.now() / 1000) + 3600

async function createOwner(db: Database): Promise<Owner> {
  const id = randomUUID()
  await db.query(
    `insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', $2, $3::jsonb, now(), now())`,
    [id, `isletme.${id.slice(0, 8)}@ornek.com.tr`, JSON.stringify({ business_name: 'Anadolu Kahve Evi', phone_number: nextPhone() })],
  )
  const jwt = await signJwt(config, { sub: id, role: 'authenticated', aud: 'authenticated', exp: inOneHour() })
  return { id, jwt }
}

async function insertProduct(
  db: Database,
  userId: string,
  fields: { name?: string; price?: number; description?: string } = {},
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.products (user_id, name, price, description, stock) values ($1, $2, $3, $4, 12) returning id`,
    [userId, fields.name ?? 'Türk Kahvesi 250 g', fields.price ?? 189.9, fields.description ?? 'Taze çekilmiş'],
  )
  return rows[0]!.id
}

type Change = {
  eventType: string
  schema: string
  table: string
  commit_timestamp: string
  new: Record<string, unknown>
  old: Record<string, unknown>
  errors: unknown
}

/** Collects what a callback receives and lets a test wait for a matching item. */
function collector<T>() {
  const items: T[] = []
  const waiters: { pred: (t: T) => boolean; resolve: (t: T) => void }[] = []
  return {
    items,
    push(item: T) {
      items.push(item)
      for (const w of [...waiters]) {
        if (w.pred(item)) {
          waiters.splice(waiters.indexOf(w), 1)
          w.resolve(item)
        }
      }
    },
    waitFor(pred: (t: T) => boolean, timeoutMs = 3000): Promise<T> {
      const found = items.find(pred)
      if (found) return Promise.resolve(found)
      return new Promise((resolve, reject) => {
        const w = {
          pred,
          resolve: (t: T) => {
            clearTimeout(timer)
            resolve(t)
          },
        }
        waiters.push(w)
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(w), 1)
          reject(new Error(`nothing matching arrived within ${timeoutMs} ms; got ${JSON.stringify(items)}`))
        }, timeoutMs)
      })
    },
  }
}

type Collector<T> = ReturnType<typeof collector<T>>

/** supabase-js as the app builds it; the access token is in place before the first join. */
async function makeClient(url: string, jwt?: string, key = config.anonKey): Promise<SupabaseClient> {
  const client = createClient(url, key, {
    realtime: { transport: WebSocket as never },
    auth: { persistSession: false, autoRefreshToken: false },
    ...(jwt ? { accessToken: async () => jwt } : {}),
  })
  if (jwt) await client.realtime.setAuth(jwt)
  return client
}

function subscribed(channel: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve()
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status))
    })
  })
}

type Listen = { event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; table: string; filter?: string; select?: string[] }

/** Listens on the channel for changes of a public table, into a collector. */
function changesOn(channel: RealtimeChannel, listen: Listen) {
  const changes = collector<Change>()
  channel.on('postgres_changes', { schema: 'public', ...listen }, (p) => changes.push(p as unknown as Change))
  return changes
}

function productChanges(client: SupabaseClient, name: string, filter?: string) {
  const channel = client.channel(name)
  const changes = changesOn(channel, { event: '*', table: 'products', ...(filter ? { filter } : {}) })
  return { changes, channel }
}

/**
 * Commits a row through `commit` (which returns its id) and waits until `seen`
 * receives it; returns the id. This is how a test shows that something did NOT
 * arrive: the server turns notifications into messages one batch at a time, in
 * commit order, and writes them to each socket in that order, so once a change
 * committed after the action under test has arrived, anything that action
 * produced for a channel on the same socket as `seen` has arrived before it.
 * A sleep would only show that it had not arrived yet.
 */
async function barrier(seen: Collector<Change>, commit: () => Promise<string>, timeoutMs = 3000): Promise<string> {
  const id = await commit()
  await seen.waitFor((c) => c.new.id === id, timeoutMs).catch((e: Error) => {
    throw new Error(`the barrier change ${id} did not arrive, so nothing can be said about what did not: ${e.message}`)
  })
  return id
}

/** A bare Phoenix socket, to see the frames themselves. */
class RawSocket {
  readonly frames = collector<unknown>()
  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      if (!isBinary) this.frames.push(JSON.parse(data.toString()))
    })
  }

  static open(url: string, vsn: '1.0.0' | '2.0.0', apikey = config.anonKey): Promise<RawSocket> {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(apikey)}&vsn=${vsn}`)
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new RawSocket(ws)))
      ws.once('unexpected-response', (_req, res) => reject(Object.assign(new Error('refused'), { status: res.statusCode })))
      ws.once('error', reject)
    })
  }

  send(frame: unknown) {
    this.ws.send(JSON.stringify(frame))
  }

  close() {
    this.ws.close()
  }
}

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

describe.each(backends)('realtime on $name', (backend) => {
  let db: Database
  let stop: (() => Promise<void>) | undefined
  let stack: Stack
  const clients: SupabaseClient[] = []

  const client = async (jwt?: string, key?: string) => {
    const c = await makeClient(stack.url, jwt, key)
    clients.push(c)
    return c
  }

  const insertMarker = async () => (await db.query<{ id: string }>(`insert into public.rt_markers default values returning id`)).rows[0]!.id

  beforeAll(async () => {
    const opened = await backend.open()
    db = opened.db
    stop = opened.stop
    await prepareDatabase(db)
    // Anon may read no published table of the app; this one gives an anon subscriber a change to wait for.
    await db.exec(`
      create table public.rt_markers (id uuid primary key default gen_random_uuid(), at timestamptz not null default now());
      grant select on public.rt_markers to anon, authenticated;
      alter publication supabase_realtime add table public.rt_markers;`)
    stack = await startServer(db)
  })

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.removeAllChannels().catch(() => undefined)))
    await stack?.close()
    await stop?.()
  })

  // How fast a change arrives is measured by npm run bench:sync, not asserted here.
  it('delivers the owner’s INSERT and UPDATE, shaped as hosted Realtime shapes them', async () => {
    const a = await createOwner(db)
    const { changes, channel } = productChanges(await client(a.jwt), 'owner-products')
    await subscribed(channel)

    const id = await insertProduct(db, a.id, { name: 'Antep Fıstıklı Baklava 1 kg', price: 1250.5 })
    const inserted = await changes.waitFor((c) => c.eventType === 'INSERT' && c.new.id === id)
    expect(inserted).toMatchObject({ schema: 'public', table: 'products', errors: null, old: {} })
    expect(inserted.commit_timestamp).toMatch(ISO_MS)
    expect(inserted.new).toMatchObject({
      id,
      user_id: a.id,
      name: 'Antep Fıstıklı Baklava 1 kg',
      price: 1250.5,
      currency: 'TRY',
      stock: 12,
      _deleted: false,
    })
    expect(typeof inserted.new._modified).toBe('string')

    await db.query(`update public.products set name = 'Baklava 500 g', stock = 3 where id = $1`, [id])
    const updated = await changes.waitFor((c) => c.eventType === 'UPDATE' && c.new.id === id)
    expect(updated.new).toMatchObject({ id, name: 'Baklava 500 g', stock: 3 })
    expect(updated.old).toEqual({ id })
  })

  it('never delivers another business’s rows, not even to a filter naming that business', async () => {
    const a = await createOwner(db)
    const b = await createOwner(db)
    const channel = (await client(a.jwt)).channel('isolation')
    const aimedAtB = changesOn(channel, { event: '*', table: 'products', filter: `user_id=eq.${b.id}` })
    const own = changesOn(channel, { event: '*', table: 'products' })
    await subscribed(channel)
    const anonChannel = (await client()).channel('isolation-anon')
    const anonSeen = changesOn(anonChannel, { event: '*', table: 'products' })
    const anonMarkers = changesOn(anonChannel, { event: 'INSERT', table: 'rt_markers' })
    await subscribed(anonChannel)

    const theirs = await insertProduct(db, b.id, { name: 'Rakip Ürün' })
    await db.query(`update public.products set stock = 1 where id = $1`, [theirs])
    // B's row still exists while its INSERT and UPDATE are checked, so RLS, not the row being gone, must hide them.
    const mine = await barrier(own, () => insertProduct(db, a.id))
    await db.query(`delete from public.products where id = $1`, [theirs])
    const last = await barrier(own, () => insertProduct(db, a.id))
    await barrier(anonMarkers, insertMarker)
    expect(own.items.map((c) => c.new.id ?? c.old.id)).toEqual([mine, last])
    expect(aimedAtB.items).toEqual([])
    expect(anonSeen.items).toEqual([])
  })

  it('applies filters: user_id=eq.<own id>, gt and in with quoted values', async () => {
    const a = await createOwner(db)
    const b = await createOwner(db)
    const channel = (await client(a.jwt)).channel('filters')
    const byOwner = changesOn(channel, { event: 'INSERT', table: 'products', filter: `user_id=eq.${a.id}` })
    const expensive = changesOn(channel, { event: 'INSERT', table: 'products', filter: 'price=gt.500' })
    const named = changesOn(channel, { event: 'INSERT', table: 'products', filter: 'name=in.("Çay, demlik",Kahve)' })
    await subscribed(channel)

    await insertProduct(db, b.id, { name: 'Kahve', price: 900 })
    const cheap = await insertProduct(db, a.id, { name: 'Çay, demlik', price: 100 })
    // The last row matches every binding of the channel, so it is the barrier for all three.
    const dear = await barrier(byOwner, () => insertProduct(db, a.id, { name: 'Kahve', price: 600 }))
    await Promise.all([expensive, named].map((seen) => seen.waitFor((c) => c.new.id === dear)))
    expect(byOwner.items.map((c) => c.new.id)).toEqual([cheap, dear])
    expect(expensive.items.map((c) => c.new.id)).toEqual([dear])
    expect(named.items.map((c) => c.new.id)).toEqual([cheap, dear])
  })

  it('delivers a DELETE with the key only to the owner and to service_role', async () => {
    const a = await createOwner(db)
    const b = await createOwner(db)
    const { changes: ownerSeen, channel } = productChanges(await client(a.jwt), 'deletes')
    await subscribed(channel)
    const { changes: otherSeen, channel: other } = productChanges(await client(b.jwt), 'deletes-other')
    await subscribed(other)
    const { changes: serviceSeen, channel: service } = productChanges(await client(undefined, config.serviceRoleKey), 'deletes-service')
    await subscribed(service)

    const id = await insertProduct(db, a.id)
    // A row deleted before its INSERT is checked is no longer visible to anyone, so the INSERT would be dropped.
    await ownerSeen.waitFor((c) => c.eventType === 'INSERT')
    await serviceSeen.waitFor((c) => c.eventType === 'INSERT')
    await db.query(`delete from public.products where id = $1`, [id])
    const deleted = await ownerSeen.waitFor((c) => c.eventType === 'DELETE')
    expect(deleted.old).toEqual({ id })
    expect(deleted.new).toEqual({})
    expect(deleted.commit_timestamp).toMatch(ISO_MS)
    const serviceDelete = await serviceSeen.waitFor((c) => c.eventType === 'DELETE')
    expect(serviceDelete.old).toEqual({ id })
    expect(serviceSeen.items.map((c) => c.eventType)).toEqual(['INSERT', 'DELETE'])
    const theirs = await barrier(otherSeen, () => insertProduct(db, b.id))
    expect(otherSeen.items.map((c) => [c.eventType, c.new.id])).toEqual([['INSERT', theirs]])
  })

  it('re-reads rows too large for a notification', async () => {
    const a = await createOwner(db)
    const { changes, channel } = productChanges(await client(a.jwt), 'large')
    await subscribed(channel)
    const description = 'Bursa ipeği, el dokuması. '.repeat(400)
    const id = await insertProduct(db, a.id, { name: 'İpek Eşarp', description })
    const inserted = await changes.waitFor((c) => c.new.id === id)
    expect(inserted.new.description).toBe(description)
    expect(inserted.new.price).toBe(189.9)
  })

  it('switches identity when the access token changes', async () => {
    const a = await createOwner(db)
    const b = await createOwner(db)
    const sb = await client(a.jwt)
    const channel = sb.channel('switch', { config: { broadcast: { ack: true } } })
    const changes = changesOn(channel, { event: 'INSERT', table: 'products' })
    await subscribed(channel)
    const before = await insertProduct(db, a.id)
    await changes.waitFor((c) => c.new.id === before)

    await sb.realtime.setAuth(b.jwt)
    // The acknowledged broadcast travels behind the access_token message.
    expect(await channel.send({ type: 'broadcast', event: 'sync', payload: {} })).toBe('ok')
    const aRow = await insertProduct(db, a.id)
    const bRow = await barrier(changes, () => insertProduct(db, b.id))
    expect(changes.items.map((c) => c.new.id)).not.toContain(aRow)
    expect(changes.items.map((c) => c.new.id)).toEqual([before, bRow])
  })

  it('speaks vsn 2.0.0 frames: join reply with numbered bindings, system message, heartbeat, changes', async () => {
    const a = await createOwner(db)
    const ws = await RawSocket.open(stack.url, '2.0.0')
    try {
      const bindings = [
        { event: '*', schema: 'public', table: 'products' },
        { event: 'INSERT', schema: 'public', table: 'products', filter: `user_id=eq.${a.id}` },
      ]
      ws.send(['1', '1', 'realtime:raw', 'phx_join', { config: { postgres_changes: bindings }, access_token: a.jwt }])
      const reply = (await ws.frames.waitFor((f) => (f as unknown[])[3] === 'phx_reply' && (f as unknown[])[1] === '1')) as unknown[]
      expect(reply.slice(0, 3)).toEqual(['1', '1', 'realtime:raw'])
      const response = reply[4] as { status: string; response: { postgres_changes: (Record<string, unknown> & { id: number })[] } }
      expect(response.status).toBe('ok')
      const answered = response.response.postgres_changes
      expect(answered.map(({ id: _id, ...rest }) => rest)).toEqual(bindings)
      expect(answered.every((b) => Number.isInteger(b.id))).toBe(true)
      expect(answered[0]!.id).not.toBe(answered[1]!.id)

      const system = (await ws.frames.waitFor((f) => (f as unknown[])[3] === 'system')) as unknown[]
      expect(system).toEqual([
        '1',
        null,
        'realtime:raw',
        'system',
        { status: 'ok', message: 'Subscribed to PostgreSQL', extension: 'postgres_changes', channel: 'raw' },
      ])

      ws.send([null, '2', 'phoenix', 'heartbeat', {}])
      expect(await ws.frames.waitFor((f) => (f as unknown[])[1] === '2')).toEqual([
        null,
        '2',
        'phoenix',
        'phx_reply',
        { status: 'ok', response: {} },
      ])

      const id = await insertProduct(db, a.id)
      const change = (await ws.frames.waitFor((f) => (f as unknown[])[3] === 'postgres_changes')) as unknown[]
      expect(change.slice(0, 4)).toEqual([null, null, 'realtime:raw', 'postgres_changes'])
      const payload = change[4] as { ids: number[]; data: Record<string, unknown> }
      expect(payload.ids.sort()).toEqual([answered[0]!.id, answered[1]!.id].sort())
      expect(payload.data).toMatchObject({ schema: 'public', table: 'products', type: 'INSERT', errors: null })
      expect(payload.data.record).toMatchObject({ id, user_id: a.id, price: 189.9 })
      expect(payload.data.columns).toContainEqual({ name: 'price', type: 'numeric' })
      expect(payload.data.columns).toContainEqual({ name: 'id', type: 'uuid' })
      expect(payload.data.columns).toContainEqual({ name: '_deleted', type: 'bool' })

      ws.send(['9', '3', 'realtime:nowhere', 'broadcast', { type: 'broadcast', event: 'x', payload: {} }])
      expect(await ws.frames.waitFor((f) => (f as unknown[])[1] === '3')).toEqual([
        '9',
        '3',
        'realtime:nowhere',
        'phx_reply',
        { status: 'error', response: { reason: 'unmatched topic' } },
      ])

      ws.send(['1', '4', 'realtime:raw', 'phx_leave', {}])
      expect(await ws.frames.waitFor((f) => (f as unknown[])[1] === '4')).toEqual([
        '1',
        '4',
        'realtime:raw',
        'phx_reply',
        { status: 'ok', response: {} },
      ])
    } finally {
      ws.close()
    }
  })

  it('reports bindings that do not fit the table and keeps the channel joined', async () => {
    const a = await createOwner(db)
    const ws = await RawSocket.open(stack.url, '2.0.0')
    try {
      const bindings = [{ event: '*', schema: 'public', table: 'products', filter: 'no_such_column=eq.1' }]
      ws.send(['1', '1', 'realtime:bad', 'phx_join', { config: { postgres_changes: bindings }, access_token: a.jwt }])
      const reply = (await ws.frames.waitFor((f) => (f as unknown[])[1] === '1')) as unknown[]
      expect(reply[4]).toMatchObject({ status: 'ok', response: { postgres_changes: [{ ...bindings[0], id: expect.any(Number) }] } })
      const system = (await ws.frames.waitFor((f) => (f as unknown[])[3] === 'system')) as unknown[]
      expect(system[4]).toMatchObject({ extension: 'postgres_changes', status: 'error', channel: 'bad' })
      expect((system[4] as { message: string }).message).toContain('invalid column for filter no_such_column')
    } finally {
      ws.close()
    }
  })

  it('captures a table added to the publication while running (composite key, no RLS, select)', async () => {
    const a = await createOwner(db)
    await db.exec(`
      create table public.rt_shelves (shelf int, code text, note text, qty int not null default 0, primary key (shelf, code));
      grant select on public.rt_shelves to authenticated;
      alter publication supabase_realtime add table public.rt_shelves;`)
    const channel = (await client(a.jwt)).channel('shelves')
    const all = changesOn(channel, { event: '*', table: 'rt_shelves' })
    const picked = changesOn(channel, { event: 'INSERT', table: 'rt_shelves', filter: 'qty=gte.5', select: ['shelf', 'note'] })
    await subscribed(channel)
    await db.query(`insert into public.rt_shelves values (1, 'A-1', 'raf', 7), (2, 'B-2', 'kasa', 2)`)
    await all.waitFor((c) => c.new.shelf === 2)
    await db.query(`delete from public.rt_shelves where shelf = 1`)
    const deleted = await all.waitFor((c) => c.eventType === 'DELETE')
    expect(deleted.old).toEqual({ shelf: 1, code: 'A-1' })
    expect(all.items.map((c) => c.eventType)).toEqual(['INSERT', 'INSERT', 'DELETE'])
    expect(all.items[0]!.new).toEqual({ shelf: 1, code: 'A-1', note: 'raf', qty: 7 })
    expect(picked.items.map((c) => c.new)).toEqual([{ shelf: 1, note: 'raf' }])
  })

  it('speaks vsn 1.0.0 object frames', async () => {
    const a = await createOwner(db)
    const ws = await RawSocket.open(stack.url, '1.0.0')
    try {
      ws.send({
        topic: 'realtime:v1',
        event: 'phx_join',
        payload: { config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'products' }] }, access_token: a.jwt },
        ref: '1',
        join_ref: '1',
      })
      const reply = (await ws.frames.waitFor((f) => (f as { ref?: string }).ref === '1')) as Record<string, unknown>
      expect(reply).toMatchObject({ topic: 'realtime:v1', event: 'phx_reply', payload: { status: 'ok' } })
      ws.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '2' })
      expect(await ws.frames.waitFor((f) => (f as { ref?: string }).ref === '2')).toEqual({
        topic: 'phoenix',
        event: 'phx_reply',
        payload: { status: 'ok', response: {} },
        ref: '2',
      })
      const id = await insertProduct(db, a.id)
      const change = (await ws.frames.waitFor((f) => (f as { event?: string }).event === 'postgres_changes')) as {
        payload: { data: { record: Record<string, unknown> } }
      }
      expect(change.payload.data.record.id).toBe(id)
    } finally {
      ws.close()
    }
  })

  it('refuses a socket without a valid project key', async () => {
    await expect(RawSocket.open(stack.url, '2.0.0', 'not-a-key')).rejects.toMatchObject({ status: 401 })
    const forged = await new SignJWT({ role: 'service_role', exp: inOneHour() })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-of-at-least-32-characters!'))
    await expect(RawSocket.open(stack.url, '2.0.0', forged)).rejects.toMatchObject({ status: 401 })
  })

  it('closes a channel whose refreshed token is invalid, with a system error first', async () => {
    const a = await createOwner(db)
    const ws = await RawSocket.open(stack.url, '2.0.0')
    try {
      ws.send(['5', '5', 'realtime:expiring', 'phx_join', { config: { postgres_changes: [] }, access_token: a.jwt }])
      await ws.frames.waitFor((f) => (f as unknown[])[1] === '5')
      const expired = await signJwt(config, { sub: a.id, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) - 10 })
      ws.send(['5', '6', 'realtime:expiring', 'access_token', { access_token: expired }])
      const system = (await ws.frames.waitFor((f) => (f as unknown[])[3] === 'system')) as unknown[]
      expect(system[4]).toMatchObject({ extension: 'system', status: 'error', channel: 'expiring' })
      expect((system[4] as { message: string }).message).toMatch(/^Token has expired \d+ seconds ago$/)
      expect(await ws.frames.waitFor((f) => (f as unknown[])[3] === 'phx_close')).toEqual(['5', '5', 'realtime:expiring', 'phx_close', {}])
    } finally {
      ws.close()
    }
  })

  it('accepts broadcast and presence channels: self broadcast echoes, presence syncs', async () => {
    const a = await createOwner(db)
    const sb = await client(a.jwt)
    const echoes = collector<{ payload: unknown }>()
    const room = sb
      .channel('lobby', { config: { broadcast: { self: true }, presence: { key: a.id } } })
      .on('broadcast', { event: 'ping' }, (m) => echoes.push(m as unknown as { payload: unknown }))
    const synced = collector<number>()
    room.on('presence', { event: 'sync' }, () => synced.push(Object.keys(room.presenceState()).length))
    await subscribed(room)
    await room.send({ type: 'broadcast', event: 'ping', payload: { n: 1 } })
    expect((await echoes.waitFor(() => true)).payload).toEqual({ n: 1 })
    expect(await room.track({ online_at: 'now' })).toBe('ok')
    await synced.waitFor((n) => n === 1)
    expect(Object.keys(room.presenceState())).toEqual([a.id])
  })

  it('retries a batch whose RLS check failed, so the change still arrives, once', async () => {
    const faulty = withInjectedFailures(db)
    const server = await startServer(faulty.db)
    const a = await createOwner(db)
    const sb = await makeClient(server.url, a.jwt)
    try {
      const { changes, channel } = productChanges(sb, 'retried')
      await subscribed(channel)
      // The RLS check of the first attempt fails, in the shared transaction and again in the per-identity one.
      faulty.failNext(/to_jsonb\(x\)::text as r/, 2)
      const id = await insertProduct(db, a.id, { name: 'Yeniden Denenen Lokum' })
      const inserted = await changes.waitFor((c) => c.eventType === 'INSERT' && c.new.id === id, 5000)
      expect(inserted.new).toMatchObject({ id, name: 'Yeniden Denenen Lokum' })
      expect(faulty.failures()).toBe(2)
      // Later changes follow, in commit order, and the retried one came once.
      const next = await insertProduct(db, a.id, { name: 'Sonraki Ürün' })
      await changes.waitFor((c) => c.new.id === next)
      expect(changes.items.map((c) => c.new.id)).toEqual([id, next])
    } finally {
      await sb.removeAllChannels().catch(() => undefined)
      await server.close()
    }
  })

  it('is found again by clients after the server restarts on the same port', async () => {
    const a = await createOwner(db)
    let server = await startServer(db)
    const sb = await makeClient(server.url, a.jwt)
    try {
      const joins = collector<number>()
      let count = 0
      const channel = sb.channel('restart')
      const changes = changesOn(channel, { event: 'INSERT', table: 'products' })
      channel.subscribe((status) => {
        if (status === 'SUBSCRIBED') joins.push(++count)
      })
      await joins.waitFor((n) => n === 1)
      const first = await insertProduct(db, a.id)
      await changes.waitFor((c) => c.new.id === first)

      const port = server.port
      await server.close()
      server = await startServer(db, port)
      // realtime-js retries after 1 s, 2 s, 5 s … and rejoins its channels (RESYNC runs on this SUBSCRIBED).
      await joins.waitFor((n) => n === 2, 20_000)
      const second = await insertProduct(db, a.id)
      await changes.waitFor((c) => c.new.id === second)
    } finally {
      await sb.removeAllChannels().catch(() => undefined)
      await server.close()
    }
  })
})
