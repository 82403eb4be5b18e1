// The realtime server (`/realtime/v1/websocket`), attached to the stack's HTTP
// server: realtime-js connects, joins channels and receives postgres_changes
// as from hosted Supabase Realtime. Changes come from the capture triggers
// (capture.sql) through LISTEN/NOTIFY, so PGlite and any PostgreSQL serve
// alike without logical replication.
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { STATUS_CODES } from 'node:http'
import { WebSocketServer } from 'ws'
import type { StackConfig } from '../config.ts'
import type { Database } from '../db.ts'
import { installChangeCapture } from './capture.ts'
import { Catalog } from './catalog.ts'
import { ChangeFeed } from './changes.ts'
import { Connection, type Hub } from './connection.ts'
import { SUPPORTED_VSN, type Vsn } from './protocol.ts'
import { resolveToken, TokenError } from './tokens.ts'
import { Topics } from './topics.ts'

export { installChangeCapture, type CapturedTable } from './capture.ts'

/** What the realtime server uses of the stack context (StackContext fits). */
export type RealtimeContext = { db: Database; config: StackConfig }

type UpgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) => void

/** The HTTP server the stack listens with (node:http `Server` fits). */
export type UpgradeSource = {
  on(event: 'upgrade', listener: UpgradeListener): unknown
  off(event: 'upgrade', listener: UpgradeListener): unknown
  listenerCount(event: string): number
}

export type RealtimeServer = {
  /** Settles once change capture is installed and notifications are listened to. */
  ready: Promise<void>
  /** Re-reads the publication and puts capture triggers on new tables (after migrations). */
  resync(): Promise<void>
  /** Closes every socket (clients reconnect on their own) and stops listening; call before closing the HTTP server and the database. */
  close(): Promise<void>
}

export const REALTIME_PATH = '/realtime/v1/websocket'
// Phoenix drops a socket that has been silent this long; realtime-js heartbeats every 25 s.
const IDLE_TIMEOUT_MS = 60_000
const MAX_FRAME_BYTES = 1024 * 1024

function refuse(socket: Duplex, status: number, body?: unknown): void {
  if (socket.destroyed) return
  const text = body === undefined ? '' : JSON.stringify(body)
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\n` +
      (text ? `Content-Type: application/json\r\n` : '') +
      `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  )
}

export function attachRealtime(server: UpgradeSource, ctx: RealtimeContext): RealtimeServer {
  const { db, config } = ctx
  const catalog = new Catalog(db)
  const topics = new Topics()
  const connections = new Set<Connection>()
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES })
  let closing = false
  let unlisten: (() => Promise<void>) | undefined

  const resync = async () => {
    const captured = await installChangeCapture(db)
    await catalog.reset(captured)
  }
  const feed = new ChangeFeed(db, catalog, resync)

  const ready = (async () => {
    unlisten = await db.listen('_realtime', (payload) => feed.push(payload))
    await resync()
  })()
  ready.catch((e) => console.error('realtime: could not start change capture', e))

  let capturing: Promise<void> | undefined
  const hub: Hub = {
    config,
    db,
    catalog,
    feed,
    topics,
    ready,
    async ensureCaptured(schema, table) {
      if (catalog.isCaptured(schema, table)) return
      capturing ??= resync().finally(() => {
        capturing = undefined
      })
      await capturing
    },
    forget: (conn) => connections.delete(conn),
  }

  const onUpgrade: UpgradeListener = (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname.replace(/\/+$/, '') !== REALTIME_PATH) {
      // Another handler may own this path; when none does, answer rather than leave the socket hanging.
      if (server.listenerCount('upgrade') === 1) refuse(socket, 404)
      return
    }
    socket.on('error', () => undefined)
    if (closing) return refuse(socket, 503)
    const vsn = (url.searchParams.get('vsn') ?? '1.0.0') as Vsn
    if (!SUPPORTED_VSN.includes(vsn)) return refuse(socket, 400, { error: `Unsupported protocol version ${vsn}` })
    const header = (name: string) => {
      const v = req.headers[name]
      return Array.isArray(v) ? v[0] : v
    }
    const apikey = header('x-api-key') ?? header('apikey') ?? url.searchParams.get('apikey')
    resolveToken(config, apikey).then(
      (auth) => {
        if (socket.destroyed || closing) return refuse(socket, 503)
        wss.handleUpgrade(req, socket, head, (ws) => {
          if (closing) return ws.terminate()
          connections.add(new Connection(ws, vsn, auth, hub))
        })
      },
      (e: unknown) => {
        if (e instanceof TokenError) refuse(socket, e.status, { error: e.message })
        else refuse(socket, 500, { error: 'Error connecting to Realtime' })
      },
    )
  }
  server.on('upgrade', onUpgrade)

  const sweep = setInterval(() => {
    const cutoff = Date.now() - IDLE_TIMEOUT_MS
    for (const conn of connections) if (conn.lastSeen < cutoff) conn.terminate()
  }, IDLE_TIMEOUT_MS / 4)
  sweep.unref()

  let closed: Promise<void> | undefined
  return {
    ready,
    resync: async () => {
      await ready
      await resync()
    },
    close() {
      closed ??= (async () => {
        closing = true
        clearInterval(sweep)
        server.off('upgrade', onUpgrade)
        const open = [...connections]
        for (const conn of open) conn.close()
        await Promise.all(open.map((c) => c.idle.catch(() => undefined)))
        await ready.catch(() => undefined)
        await feed.stop()
        await unlisten?.().catch(() => undefined)
        await capturing?.catch(() => undefined)
        await new Promise<void>((resolve) => wss.close(() => resolve()))
      })()
      return closed
    },
  }
}
