// The widget fetching its conversation: chatbot-api's
// GET /conversations/{conversationId}/messages?userId=…&after=…, called as a
// web page calls it (a plain fetch, no key, an Origin when the test plays a
// browser), through the local stack's gateway down to widget_conversation and
// widget_messages (migration 20261129000200). The owner's reply, sent through
// conversation-reply, is what the visitor reads; only the visitor's own
// conversation, under the owner's site rules, rate-limited and free. Runs on
// PGlite and on PostgreSQL 15.
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CHATBOT_MESSAGES_ERRORS, CHATBOT_MESSAGES_PAGE, type ChatbotApiMessage } from '../../domain/functions.ts'
import { BACKENDS, enableWidget, useTestStack, type Owner, type WidgetSites } from '../support/stack.ts'

type Answer = { success: boolean; error: string | null; reply?: string | null; conversationId?: string; status?: string }
type Messages = { success: boolean; error: string | null; status?: string; messages?: ChatbotApiMessage[]; retry_after?: number }

const POLL_LIMIT_ENV = 'CHATBOT_API_POLL_LIMIT_PER_MINUTE'
const POLL_ADDRESS_LIMIT_ENV = 'CHATBOT_API_POLL_ADDRESS_LIMIT_PER_MINUTE'

describe.each(BACKENDS)('chatbot-api messages on %s', (backend) => {
  const stack = useTestStack(backend)

  // Every request comes from 127.0.0.1: the per-address limits are roomy
  // here but in the test of their own (functions read process.env per request).
  beforeEach(() => {
    vi.stubEnv('CHATBOT_API_ADDRESS_LIMIT_PER_MINUTE', '100000')
    vi.stubEnv('CHATBOT_API_ADDRESS_DAILY_LIMIT', '100000')
    vi.stubEnv(POLL_ADDRESS_LIMIT_ENV, '100000')
  })
  afterEach(() => vi.unstubAllEnvs())

  /** A verified owner (conversation-reply needs one) whose widget is on, with `config` over the defaults. */
  const widgetOwner = async (config: WidgetSites = {}) => enableWidget(stack, await stack.signUpVerifiedOwner(), config)

  async function ask(owner: Owner, message: string, conversationId?: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${stack.url}/functions/v1/chatbot-api`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ userId: owner.user.id, message, language: 'tr', ...(conversationId ? { conversationId } : {}) }),
    })
    return { httpStatus: res.status, ...((await res.json()) as Answer) }
  }

  async function reply(owner: Owner, conversationId: string, message: string, messageId = randomUUID()) {
    const res = await fetch(`${stack.url}/functions/v1/conversation-reply`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: stack.anonKey, authorization: `Bearer ${owner.session.access_token}` },
      body: JSON.stringify({ conversationId, messageId, message }),
    })
    expect(res.status).toBe(200)
    return messageId
  }

  /** GET …/conversations/{conversationId}/messages with `query` as given (userId, after, or anything else). */
  async function read(conversationId: string, query: Record<string, string | string[]>, headers: Record<string, string> = {}, path = 'messages') {
    const params = new URLSearchParams()
    for (const [name, value] of Object.entries(query)) for (const v of [value].flat()) params.append(name, v)
    const res = await fetch(`${stack.url}/functions/v1/chatbot-api/conversations/${conversationId}/${path}?${params}`, { headers })
    return { status: res.status, body: (await res.json()) as Messages, headers: res.headers }
  }

  const messagesOf = (owner: Owner, conversationId: string, after?: string, headers: Record<string, string> = {}) =>
    read(conversationId, { userId: owner.user.id, ...(after ? { after } : {}) }, headers)

  const usage = async (owner: Owner) =>
    (await stack.db.query<{ daily_messages_used: number; monthly_messages_used: number }>(
      'select daily_messages_used, monthly_messages_used from public.api_usage_limits where user_id = $1',
      [owner.user.id],
    )).rows[0]

  it("gives the visitor the owner's reply, then only what is newer, and charges nothing", async () => {
    const owner = await widgetOwner()
    const asked = await ask(owner, 'Bir yetkiliyle görüşmek istiyorum')
    expect(asked).toMatchObject({ httpStatus: 200, status: 'needs_human', reply: expect.any(String) })
    const id = asked.conversationId!
    const charged = await usage(owner)

    const before = await messagesOf(owner, id)
    expect(before.status).toBe(200)
    expect(before.body).toMatchObject({ success: true, error: null, status: 'needs_human' })
    // The question and the reply stored with it share a created_at, so their order is the ids'.
    expect(before.body.messages!.map((m) => m.author).sort()).toEqual(['assistant', 'customer'])
    expect(before.body.messages!.find((m) => m.author === 'customer')!.text).toBe('Bir yetkiliyle görüşmek istiyorum')
    const seen = before.body.messages!.at(-1)!.id

    const text = 'Merhaba, ben Ayşe; siparişinize hemen bakıyorum.'
    const messageId = await reply(owner, id, text)
    const fresh = await messagesOf(owner, id, seen)
    expect(fresh.body).toMatchObject({ success: true, error: null, status: 'human' })
    expect(fresh.body.messages).toEqual([{ id: messageId, author: 'owner', text, createdAt: expect.any(String) }])
    expect(Number.isNaN(Date.parse(fresh.body.messages![0]!.createdAt))).toBe(false)
    expect(Object.keys(fresh.body).sort()).toEqual(['error', 'messages', 'status', 'success'])

    // After the newest: nothing; then the visitor's next message, held for the owner.
    expect((await messagesOf(owner, id, messageId)).body.messages).toEqual([])
    const held = await ask(owner, 'Teşekkürler, bekliyorum.', id)
    expect(held).toMatchObject({ httpStatus: 200, reply: null, status: 'human' })
    expect((await messagesOf(owner, id, messageId)).body.messages!.map((m) => [m.author, m.text])).toEqual([['customer', 'Teşekkürler, bekliyorum.']])

    // Without a position, the latest messages, oldest first; a position that is not this conversation's reads as none.
    const all = await messagesOf(owner, id)
    expect(all.body.messages!.map((m) => m.author).slice(2)).toEqual(['owner', 'customer'])
    expect(all.body.messages).toHaveLength(4)
    expect((await messagesOf(owner, id, randomUUID())).body.messages).toEqual(all.body.messages)

    expect(await usage(owner)).toEqual(charged)
  })

  it(`reads at most ${CHATBOT_MESSAGES_PAGE} at a time, page after page by (created_at, id), never a reply still being sent`, async () => {
    const owner = await widgetOwner()
    const id = (await ask(owner, 'Merhaba')).conversationId!
    await stack.db.query('delete from public.chatbot_messages where conversation_id = $1', [id])
    // 60 messages, in pairs sharing a created_at, written in an order the ids do not follow.
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.chatbot_messages (user_id, channel, conversation_id, author, content, created_at)
       select $1, 'widget', $2, case when i % 2 = 0 then 'customer' else 'owner' end, 'mesaj ' || i,
              timestamptz '2026-11-29 10:00:00+00' + ((i / 2) * interval '1 second')
         from generate_series(59, 0, -1) i
       returning id`,
      [owner.user.id, id],
    )
    expect(rows).toHaveLength(60)
    await stack.db.query(
      `insert into public.chatbot_messages (user_id, channel, conversation_id, author, content, created_at, delivery)
       values ($1, 'widget', $2, 'owner', 'gönderiliyor', timestamptz '2026-11-29 10:00:10+00', 'sending')`,
      [owner.user.id, id],
    )
    const { rows: ordered } = await stack.db.query<{ id: string; content: string }>(
      `select id, content from public.chatbot_messages where conversation_id = $1 and delivery = 'sent' order by created_at, id`,
      [id],
    )

    const latest = (await messagesOf(owner, id)).body.messages!
    expect(latest.map((m) => m.id)).toEqual(ordered.slice(-CHATBOT_MESSAGES_PAGE).map((m) => m.id))
    const first = (await messagesOf(owner, id, ordered[4]!.id)).body.messages!
    expect(first.map((m) => m.id)).toEqual(ordered.slice(5, 5 + CHATBOT_MESSAGES_PAGE).map((m) => m.id))
    const next = (await messagesOf(owner, id, first.at(-1)!.id)).body.messages!
    expect(next.map((m) => m.id)).toEqual(ordered.slice(5 + CHATBOT_MESSAGES_PAGE).map((m) => m.id))
    expect([...latest, ...first, ...next].some((m) => m.text === 'gönderiliyor')).toBe(false)
  })

  describe('refusals', () => {
    it('404 conversation_not_found for another owner, a WhatsApp conversation, a made-up id; 404/403 for the owner as for a message', async () => {
      const owner = await widgetOwner()
      const id = (await ask(owner, 'Merhaba')).conversationId!
      const stranger = await widgetOwner()
      const theirs = (await ask(stranger, 'Merhaba')).conversationId!
      const { rows } = await stack.db.query<{ id: string }>(
        "insert into public.conversations (user_id, channel, contact) values ($1, 'whatsapp', '905321112233') returning id",
        [owner.user.id],
      )
      await stack.db.query(
        "insert into public.chatbot_messages (user_id, channel, conversation_id, author, content) values ($1, 'whatsapp', $2, 'customer', 'WhatsApp mesajı')",
        [owner.user.id, rows[0]!.id],
      )
      const refusals = [
        await messagesOf(stranger, id),
        await messagesOf(owner, theirs),
        await messagesOf(owner, rows[0]!.id),
        await messagesOf(owner, randomUUID()),
      ]
      for (const { status, body } of refusals) expect([status, body]).toEqual([404, { success: false, error: 'conversation_not_found' }])
      expect((await messagesOf(owner, id)).status).toBe(200)

      expect((await read(id, { userId: randomUUID() })).body.error).toBe('chatbot_not_found')
      await stack.db.query('update public.chatbot_configs set enabled = false where user_id = $1', [owner.user.id])
      expect(await messagesOf(owner, id).then((r) => [r.status, r.body.error])).toEqual([403, 'chatbot_disabled'])
      for (const { body } of refusals) expect(CHATBOT_MESSAGES_ERRORS).toContain(body.error)
    })

    it('400 invalid_request for anything but uuids, one of each; 405 for another path', async () => {
      const owner = await widgetOwner()
      const id = (await ask(owner, 'Merhaba')).conversationId!
      const userId = owner.user.id
      const cases: Array<[string, Record<string, string | string[]>]> = [
        ['not-a-uuid', { userId }],
        [`${id}x`, { userId }],
        [id, {}],
        [id, { userId: 'not-a-uuid' }],
        [id, { userId: '' }],
        [id, { userId: [userId, userId] }],
        [id, { userId, after: 'not-a-uuid' }],
        [id, { userId, after: '' }],
        [id, { userId, after: [randomUUID(), randomUUID()] }],
        [id, { userId: `${userId}${'a'.repeat(1000)}` }],
      ]
      for (const [conversation, query] of cases) {
        const { status, body } = await read(conversation, query)
        expect([status, body], `${conversation} ${JSON.stringify(query)}`).toEqual([400, { success: false, error: 'invalid_request' }])
      }
      for (const path of ['messages/extra', 'replies']) expect((await read(id, { userId }, {}, path)).status).toBe(405)
      const bare = await fetch(`${stack.url}/functions/v1/chatbot-api/conversations/${id}?userId=${userId}`)
      expect([bare.status, ((await bare.json()) as Messages).error]).toEqual([405, 'invalid_request'])
    })

    it("403 origin_not_allowed for a page that is not the owner's site, exactly as a message", async () => {
      const owner = await widgetOwner({ website_url: 'https://shop.example.com/tr', allowed_domains: ['*.magaza.com.tr'] })
      const id = (await ask(owner, 'Merhaba', undefined, { Origin: 'https://shop.example.com' })).conversationId!
      for (const origin of ['https://evil.example', 'https://example.com', 'https://magaza.com.tr', 'null']) {
        const { status, body } = await messagesOf(owner, id, undefined, { Origin: origin })
        expect([status, body], origin).toEqual([403, { success: false, error: 'origin_not_allowed' }])
      }
      for (const origin of ['https://shop.example.com', 'http://shop.example.com:8080', 'https://a.magaza.com.tr']) {
        expect((await messagesOf(owner, id, undefined, { Origin: origin })).status, origin).toBe(200)
      }
      // A refused page learns nothing of the conversation, even that it exists.
      expect((await messagesOf(owner, randomUUID(), undefined, { Origin: 'https://evil.example' })).body.error).toBe('origin_not_allowed')
    })
  })

  describe('rate limits', () => {
    it(`429 rate_limited with Retry-After past the conversation's polls a minute (${POLL_LIMIT_ENV}), apart from its messages`, async () => {
      vi.stubEnv(POLL_LIMIT_ENV, '3')
      const owner = await widgetOwner()
      const id = (await ask(owner, 'Merhaba')).conversationId!
      const other = (await ask(owner, 'Merhaba')).conversationId!
      const charged = await usage(owner)
      for (let i = 0; i < 3; i++) expect((await messagesOf(owner, id)).status).toBe(200)
      const refused = await messagesOf(owner, id)
      expect([refused.status, refused.body.error]).toEqual([429, 'rate_limited'])
      const retry = Number(refused.headers.get('retry-after'))
      expect(retry).toBeGreaterThanOrEqual(1)
      expect(retry).toBeLessThanOrEqual(60)
      expect(refused.body.retry_after).toBe(retry)
      // Another conversation polls on; the visitor can still write; nothing was charged for polling.
      expect((await messagesOf(owner, other)).status).toBe(200)
      expect((await ask(owner, 'Merhaba', id)).httpStatus).toBe(200)
      expect((await usage(owner))!.daily_messages_used).toBe(charged!.daily_messages_used + 1)
    })

    it(`429 rate_limited per client address across conversations and owners (${POLL_ADDRESS_LIMIT_ENV})`, async () => {
      const a = await widgetOwner()
      const b = await widgetOwner()
      const ids = [(await ask(a, 'Merhaba')).conversationId!, (await ask(b, 'Merhaba')).conversationId!]
      await stack.db.query(`delete from public.rate_limit_hits where rate_key like 'chatbot:poll-address:%'`)
      vi.stubEnv(POLL_ADDRESS_LIMIT_ENV, '3')
      expect((await messagesOf(a, ids[0]!)).status).toBe(200)
      expect((await messagesOf(b, ids[1]!)).status).toBe(200)
      expect((await messagesOf(a, ids[0]!)).status).toBe(200)
      const refused = await messagesOf(b, ids[1]!)
      expect([refused.status, refused.body.error]).toEqual([429, 'rate_limited'])
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    })
  })

  it('the reads are the service role\'s alone', async () => {
    const owner = await widgetOwner()
    const id = (await ask(owner, 'Merhaba')).conversationId!
    const calls = [owner.client, stack.anon()].flatMap((client) => [
      client.rpc('widget_conversation', { p_user_id: owner.user.id, p_conversation_id: id }),
      client.rpc('widget_messages', { p_user_id: owner.user.id, p_conversation_id: id, p_after: null, p_limit: 50, p_limits: [] }),
    ])
    for (const { error } of await Promise.all(calls)) expect(error?.code).toBe('42501')
  })
})
