// The local outbox: every SMS and WhatsApp message the stack's functions
// "sent" with the local providers (and the real ones too), newest first.
// Developer-only, like Supabase's local mail catcher: it is mounted by the
// local stack and is never part of a deployed function.
//
// The list comes from outgoing_messages. A secret message (a verification
// code) is stored there redacted by every provider; the local providers hand
// its words to this outbox instead (POST /outbox/messages with the service
// role key), which keeps them in memory only and shows them on that row.
import { Hono } from 'hono'
import { timingSafeEqual } from 'node:crypto'
import type { StackContext } from '../server.ts'
import { BODY_LIMITS, PayloadTooLarge, readTextWithin } from '../body-limit.ts'
import { isUuid } from '../../../domain/ids.ts'

export type OutboxMessage = {
  channel: 'sms' | 'whatsapp'
  to: string
  body: string
  created_at: string
}

type OutboxRow = OutboxMessage & { id: string; provider: string; status: string; error: string | null }

const DEFAULT_LIMIT = 100
const MAX_LIMIT = 1000
/** Secret texts are kept this long: a verification code is valid for ten minutes. */
const SECRET_TTL_MS = 60 * 60 * 1000
const MAX_SECRETS = 1000
const MAX_BODY_LENGTH = 2000

/** Clear texts of redacted rows, by outgoing_messages id, oldest first. */
class SecretTexts {
  private readonly texts = new Map<string, { body: string; at: number }>()

  put(id: string, body: string, now = Date.now()): void {
    this.texts.delete(id)
    this.texts.set(id, { body, at: now })
    for (const [key, entry] of this.texts) {
      if (this.texts.size <= MAX_SECRETS && now - entry.at < SECRET_TTL_MS) break
      this.texts.delete(key)
    }
  }

  get(id: string, now = Date.now()): string | undefined {
    const entry = this.texts.get(id)
    return entry && now - entry.at < SECRET_TTL_MS ? entry.body : undefined
  }
}

/** The stack's own connection is a superuser one, so RLS does not hide anyone's messages. */
async function readOutbox(db: StackContext['db'], opts: { to?: string; limit: number }): Promise<OutboxRow[]> {
  // JSON is built in SQL so created_at looks exactly as the data API shows it.
  const res = await db.query<{ rows: OutboxRow[] | null }>(
    `select coalesce(json_agg(json_build_object(
        'id', m.id, 'channel', m.channel, 'to', m.recipient, 'body', m.body, 'created_at', m.created_at,
        'provider', m.provider, 'status', m.status, 'error', m.error
      ) order by m.created_at desc, m.id desc), '[]') as rows
     from (select * from public.outgoing_messages
           where $1::text is null or recipient = $1::text
           order by created_at desc, id desc limit $2) m`,
    [opts.to ?? null, opts.limit],
  )
  const value = res.rows[0]?.rows
  return (typeof value === 'string' ? JSON.parse(value) : value) ?? []
}

function parseLimit(value: string | undefined): number {
  const n = Number(value)
  return Number.isInteger(n) && n > 0 ? Math.min(n, MAX_LIMIT) : DEFAULT_LIMIT
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function createOutboxApp(ctx: Pick<StackContext, 'db' | 'config'>): Hono {
  const secrets = new SecretTexts()
  const app = new Hono()
  const rows = async (to: string | undefined, limit: string | undefined) =>
    (await readOutbox(ctx.db, { to: to || undefined, limit: parseLimit(limit) })).map((r) => ({ ...r, body: secrets.get(r.id) ?? r.body }))

  app.get('/outbox.json', async (c) => {
    const list = await rows(c.req.query('to'), c.req.query('limit'))
    c.header('Cache-Control', 'no-store')
    return c.json(list.map(({ channel, to, body, created_at }) => ({ channel, to, body, created_at })))
  })
  app.get('/outbox', async (c) => {
    const list = await rows(c.req.query('to'), c.req.query('limit'))
    c.header('Cache-Control', 'no-store')
    return c.html(renderOutbox(list))
  })
  app.post('/outbox/messages', async (c) => {
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1] ?? ''
    if (!sameSecret(token, ctx.config.serviceRoleKey)) return c.json({ error: 'unauthorized' }, 401)
    let text: string
    try {
      text = await readTextWithin(c.req.raw, BODY_LIMITS.localTools)
    } catch (e) {
      if (e instanceof PayloadTooLarge) return c.json({ error: e.code }, 413)
      throw e
    }
    const message = parseJson(text) as { id?: unknown; body?: unknown } | null
    const id = message?.id
    const body = message?.body
    if (typeof id !== 'string' || !isUuid(id) || typeof body !== 'string' || body.length > MAX_BODY_LENGTH) {
      return c.json({ error: 'invalid_request' }, 400)
    }
    secrets.put(id.toLowerCase(), body)
    return c.body(null, 204)
  })
  return app
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)

const CHANNEL_LABEL: Record<string, string> = { sms: 'SMS', whatsapp: 'WhatsApp' }

export function renderOutbox(rows: Omit<OutboxRow, 'id'>[]): string {
  const body = rows.length
    ? rows
        .map(
          (r) => `        <tr>
          <td><time datetime="${escapeHtml(r.created_at)}">${escapeHtml(formatTime(r.created_at))}</time></td>
          <td>${escapeHtml(CHANNEL_LABEL[r.channel] ?? r.channel)}</td>
          <td class="nowrap">${escapeHtml(r.to)}</td>
          <td class="message">${escapeHtml(r.body)}</td>
          <td>${escapeHtml(r.provider)} · ${escapeHtml(r.status)}${r.error ? `<br><span class="error">${escapeHtml(r.error)}</span>` : ''}</td>
        </tr>`,
        )
        .join('\n')
    : `        <tr><td colspan="5">No messages yet. <span lang="tr">Henüz mesaj yok.</span></td></tr>`
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta http-equiv="refresh" content="5">
    <title>Local outbox · Yerel giden kutusu</title>
    <style>
      :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
      body { margin: 1.5rem; line-height: 1.5; }
      table { border-collapse: collapse; width: 100%; }
      caption { text-align: start; font-weight: 600; padding-block-end: 0.5rem; }
      th, td { border: 1px solid #8886; padding: 0.4rem 0.6rem; text-align: start; vertical-align: top; }
      th { background: #8882; }
      .message { white-space: pre-wrap; overflow-wrap: anywhere; font-family: ui-monospace, monospace; }
      .nowrap { white-space: nowrap; }
      .error { color: #c62828; }
    </style>
  </head>
  <body>
    <main>
      <h1>Local outbox <span lang="tr">(Yerel giden kutusu)</span></h1>
      <p>Messages the local stack sent by SMS and WhatsApp, newest first. This page refreshes every 5 seconds; <a href="outbox.json">outbox.json</a> has the same data.</p>
      <p lang="tr">Yerel sunucunun SMS ve WhatsApp ile gönderdiği mesajlar, en yenisi üstte. Sayfa her 5 saniyede yenilenir.</p>
      <table>
        <caption>${rows.length} message${rows.length === 1 ? '' : 's'} · <span lang="tr">${rows.length} mesaj</span></caption>
        <thead>
          <tr>
            <th scope="col">Time <span lang="tr">(Zaman)</span></th>
            <th scope="col">Channel <span lang="tr">(Kanal)</span></th>
            <th scope="col">To <span lang="tr">(Alıcı)</span></th>
            <th scope="col">Message <span lang="tr">(Mesaj)</span></th>
            <th scope="col">Provider · status <span lang="tr">(Sağlayıcı · durum)</span></th>
          </tr>
        </thead>
        <tbody>
${body}
        </tbody>
      </table>
    </main>
  </body>
</html>
`
}

function formatTime(iso: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : d.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC')
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
