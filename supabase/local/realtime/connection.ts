// One WebSocket: the Phoenix channel protocol as hosted Realtime answers it to
// realtime-js (join with postgres_changes bindings, heartbeat, access_token,
// leave, broadcast, presence). Messages of one socket are handled in order.
import { randomUUID } from 'node:crypto'
import { WebSocket, type RawData } from 'ws'
import type { StackConfig } from '../config.ts'
import type { Database } from '../db.ts'
import type { Catalog } from './catalog.ts'
import type { ChangeFeed } from './changes.ts'
import { claimsKeyOf, type Channel, type ChannelSink, type ChangeEvent, type PgBinding } from './channel.ts'
import { argumentErrors, FilterSyntaxError, parseFilter, type FilterOp } from './filters.ts'
import { decodeFrame, encodeMessage, type Message, type Vsn } from './protocol.ts'
import { resolveToken, TokenError, type ChannelAuth } from './tokens.ts'
import type { Topics } from './topics.ts'

export type Hub = {
  config: StackConfig
  db: Database
  catalog: Catalog
  feed: ChangeFeed
  topics: Topics
  ready: Promise<void>
  /** Resyncs the capture when a published table has no trigger yet. */
  ensureCaptured(schema: string, table: string): Promise<void>
  forget(conn: Connection): void
}

type Json = Record<string, unknown>

const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v)
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)

const EVENTS = new Set<string>(['*', 'INSERT', 'UPDATE', 'DELETE'])
// setTimeout cannot wait longer than about 24.8 days; long-lived tokens are re-checked hourly.
const MAX_TIMER_MS = 3_600_000

/** A stable number per binding, as hosted Realtime derives one from the params (0 … 2^27). */
export function bindingId(params: unknown): number {
  const canonical = (v: unknown): unknown =>
    isObj(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical(v[k])])) : Array.isArray(v) ? v.map(canonical) : v
  const text = JSON.stringify(canonical(params) ?? null)
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0) & 0x7ffffff
}

export class Connection implements ChannelSink {
  readonly channels = new Map<string, Channel>()
  lastSeen = Date.now()
  private chain: Promise<void> = Promise.resolve()

  constructor(
    private readonly ws: WebSocket,
    readonly vsn: Vsn,
    private readonly socketAuth: ChannelAuth,
    private readonly hub: Hub,
  ) {
    ws.on('message', (data, isBinary) => this.receive(data, isBinary))
    ws.on('close', () => this.closed())
    ws.on('error', () => undefined)
  }

  /** Settles when every message received so far has been handled. */
  get idle(): Promise<void> {
    return this.chain
  }

  send(m: Message): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(encodeMessage(this.vsn, m))
  }

  sendRaw(frame: string | Buffer): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(frame)
  }

  /** Closes the socket; clients reconnect and rejoin on their own. */
  close(code = 1001, reason = 'server shutting down'): void {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.close(code, reason)
    const timer = setTimeout(() => this.ws.terminate(), 1000)
    timer.unref()
  }

  terminate(): void {
    this.ws.terminate()
  }

  private receive(data: RawData, isBinary: boolean): void {
    this.lastSeen = Date.now()
    const buf = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)
    const msg = decodeFrame(this.vsn, buf, isBinary)
    if (!msg) return
    if (msg.topic === 'phoenix') {
      if (msg.event === 'heartbeat') this.reply(msg, 'ok', {}, null)
      return
    }
    this.chain = this.chain
      .then(() => this.handle(msg))
      .catch((e) => console.error('realtime: error handling a message', e))
  }

  private reply(m: Message, status: 'ok' | 'error', response: unknown, joinRef = m.join_ref): void {
    this.send({ join_ref: joinRef, ref: m.ref, topic: m.topic, event: 'phx_reply', payload: { status, response } })
  }

  private system(ch: Channel, extension: string, status: 'ok' | 'error', message: string): void {
    this.send({
      join_ref: ch.joinRef,
      ref: null,
      topic: ch.topic,
      event: 'system',
      payload: { extension, status, message, channel: ch.subTopic },
    })
  }

  private async handle(m: Message): Promise<void> {
    if (m.event === 'phx_join') return this.join(m)
    const ch = this.channels.get(m.topic)
    if (!ch) {
      this.reply(m, 'error', { reason: 'unmatched topic' })
      return
    }
    const payload = isObj(m.payload) ? m.payload : {}
    switch (m.event) {
      case 'phx_leave':
        this.drop(ch)
        this.reply(m, 'ok', {})
        return
      case 'access_token':
        return this.refreshToken(ch, payload.access_token)
      case 'broadcast':
        if (typeof payload.event === 'string') {
          const binary = payload.binary === true && Buffer.isBuffer(payload.payload)
          this.hub.topics.broadcast(ch, { event: payload.event, payload: payload.payload, binary })
        }
        if (ch.broadcastAck) this.reply(m, 'ok', {})
        return
      case 'presence':
        if (payload.event === 'track') this.hub.topics.track(ch, payload.payload)
        else if (payload.event === 'untrack') this.hub.topics.untrack(ch)
        this.reply(m, 'ok', {})
        return
      default:
        // Hosted Realtime ignores events it does not know.
        return
    }
  }

  private async join(m: Message): Promise<void> {
    if (!m.topic.startsWith('realtime:')) {
      this.reply(m, 'error', { reason: 'unmatched topic' })
      return
    }
    const subTopic = m.topic.slice('realtime:'.length)
    if (!subTopic) {
      this.reply(m, 'error', { reason: 'TopicNameRequired: You must provide a topic name' })
      return
    }
    // A second join on a topic replaces the first, as Phoenix does.
    const existing = this.channels.get(m.topic)
    if (existing) this.drop(existing)

    const payload = isObj(m.payload) ? m.payload : {}
    const config = isObj(payload.config) ? payload.config : {}
    const token = str(payload.access_token) ?? str(payload.user_token)
    let auth = this.socketAuth
    if (token && !token.startsWith('sb_')) {
      try {
        auth = await resolveToken(this.hub.config, token)
      } catch (e) {
        if (!(e instanceof TokenError)) throw e
        this.reply(m, 'error', { reason: e.reason })
        return
      }
    }

    const broadcast = isObj(config.broadcast) ? config.broadcast : {}
    const presence = isObj(config.presence) ? config.presence : {}
    const rawBindings: unknown[] = Array.isArray(config.postgres_changes) ? config.postgres_changes : []
    const ids = rawBindings.map(bindingId)
    const ch: Channel = {
      sink: this,
      topic: m.topic,
      subTopic,
      joinRef: m.join_ref ?? m.ref,
      auth,
      claimsKey: claimsKeyOf(auth),
      private: config.private === true,
      broadcastSelf: broadcast.self === true,
      broadcastAck: broadcast.ack === true,
      presenceKey: str(presence.key) || randomUUID(),
      presenceEnabled: presence.enabled === true,
      bindings: [],
      closed: false,
    }
    this.channels.set(m.topic, ch)
    this.hub.topics.join(ch)
    this.scheduleExpiry(ch)
    // Bindings are live before the reply, so every change committed after the
    // client sees SUBSCRIBED reaches it (sync pulls once, then relies on that).
    let problem: string | undefined
    if (rawBindings.length > 0) {
      try {
        problem = await this.subscribeChanges(ch, rawBindings, ids)
      } catch (e) {
        console.error('realtime: could not check postgres_changes bindings', e)
        this.drop(ch)
        this.reply(m, 'error', { reason: 'UnableToConnectToProject: Realtime was unable to connect to the project database' })
        return
      }
    }
    if (ch.closed) return
    // realtime-js compares these with its own bindings, position by position.
    this.reply(m, 'ok', { postgres_changes: rawBindings.map((p, i) => ({ ...(isObj(p) ? p : {}), id: ids[i] })) })
    if (ch.presenceEnabled) this.hub.topics.sendState(ch)
    if (problem !== undefined) this.system(ch, 'postgres_changes', 'error', problem)
    else if (rawBindings.length > 0) this.system(ch, 'postgres_changes', 'ok', 'Subscribed to PostgreSQL')
  }

  /**
   * Checks the bindings against the database and activates them; returns why
   * not when they do not fit (the channel then stays joined without
   * postgres_changes, as with hosted Realtime).
   */
  private async subscribeChanges(ch: Channel, raw: unknown[], ids: number[]): Promise<string | undefined> {
    await this.hub.ready
    const { catalog } = this.hub
    const bindings: PgBinding[] = []
    const problems: string[] = []
    const argChecks: { op: FilterOp; type: string; arg: string }[] = []
    if (!(await catalog.roleExists(ch.auth.role))) {
      return `Unable to subscribe to changes with given parameters: role "${ch.auth.role}" does not exist`
    }
    for (let i = 0; i < raw.length; i++) {
      const p = raw[i]
      const event = isObj(p) ? str(p.event)?.toUpperCase() : undefined
      const schema = isObj(p) ? str(p.schema) : undefined
      const table = isObj(p) ? str(p.table) : undefined
      const filter = isObj(p) ? str(p.filter) : undefined
      const select = isObj(p) && Array.isArray(p.select) ? p.select.filter((c): c is string => typeof c === 'string') : undefined
      if (!event || !EVENTS.has(event) || !schema) {
        problems.push(`invalid postgres_changes params: ${JSON.stringify(p)}`)
        continue
      }
      let conditions: PgBinding['conditions'] = []
      if (filter) {
        try {
          conditions = parseFilter(filter)
        } catch (e) {
          if (!(e instanceof FilterSyntaxError)) throw e
          problems.push(e.message)
          continue
        }
      }
      const specific = table !== undefined && table !== '*' && schema !== '*'
      if (specific) {
        const info = await catalog.table(schema, table)
        if (!info) {
          problems.push(`relation "${schema}.${table}" does not exist`)
          continue
        }
        if (info.published && !catalog.isCaptured(schema, table)) await this.hub.ensureCaptured(schema, table)
        await catalog.ensureSelectable([{ table: info, role: ch.auth.role }])
        const selectable = catalog.selectableColumns(info, ch.auth.role)
        for (const c of conditions) {
          const column = info.columns.find((col) => col.name === c.column)
          if (!column || !selectable.includes(c.column)) problems.push(`invalid column for filter ${c.column}`)
          else argChecks.push({ op: c.op, type: column.sqlType, arg: c.arg })
        }
        for (const c of select ?? []) if (!selectable.includes(c)) problems.push(`invalid column in select ${c}`)
      } else if (conditions.length > 0 || select) {
        problems.push(`filter and select need a single table: ${JSON.stringify(p)}`)
      }
      bindings.push({ id: ids[i]!, event: event as ChangeEvent | '*', schema, table, conditions, select })
    }
    for (const err of await argumentErrors(this.hub.db, argChecks)) if (err) problems.push(err)
    if (problems.length > 0) {
      const params = raw.map((p) => (isObj(p) ? `[${Object.entries(p).map(([k, v]) => `${k}: ${String(v)}`).join(', ')}]` : String(p)))
      return (
        'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given ' +
        `connect parameters: ${params.join(', ')} (${problems.join('; ')})`
      )
    }
    if (ch.closed) return undefined
    ch.bindings = bindings
    this.hub.feed.add(ch)
    return undefined
  }

  private async refreshToken(ch: Channel, token: unknown): Promise<void> {
    // Opaque keys and repeats change nothing, as with hosted Realtime.
    if (typeof token !== 'string' || !token || token.startsWith('sb_') || token === ch.auth.token) return
    let auth: ChannelAuth
    try {
      auth = await resolveToken(this.hub.config, token)
      if (!(await this.hub.catalog.roleExists(auth.role))) throw new TokenError('InvalidJWTToken', `role "${auth.role}" does not exist`)
    } catch (e) {
      if (!(e instanceof TokenError)) throw e
      this.shutdown(ch, e.message)
      return
    }
    if (ch.closed) return
    ch.auth = auth
    ch.claimsKey = claimsKeyOf(auth)
    this.scheduleExpiry(ch)
  }

  /** A channel whose token expires is closed with a system message, as hosted Realtime does. */
  private scheduleExpiry(ch: Channel): void {
    clearTimeout(ch.expiryTimer)
    ch.expiryTimer = undefined
    const exp = ch.auth.exp
    if (exp === undefined) return
    const wait = exp * 1000 - Date.now()
    if (wait <= 0) {
      this.shutdown(ch, `Token has expired ${Math.floor(-wait / 1000)} seconds ago`)
      return
    }
    ch.expiryTimer = setTimeout(() => this.scheduleExpiry(ch), Math.min(wait, MAX_TIMER_MS))
    ch.expiryTimer.unref()
  }

  private shutdown(ch: Channel, message: string): void {
    if (ch.closed) return
    this.system(ch, 'system', 'error', message)
    this.drop(ch)
    this.send({ join_ref: ch.joinRef, ref: ch.joinRef, topic: ch.topic, event: 'phx_close', payload: {} })
  }

  private drop(ch: Channel): void {
    ch.closed = true
    clearTimeout(ch.expiryTimer)
    if (this.channels.get(ch.topic) === ch) this.channels.delete(ch.topic)
    this.hub.feed.remove(ch)
    this.hub.topics.leave(ch)
  }

  private closed(): void {
    for (const ch of [...this.channels.values()]) this.drop(ch)
    this.hub.forget(this)
  }
}
