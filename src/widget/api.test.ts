import { describe, expect, it, vi } from 'vitest'
import { errorKindOf, fetchMessages, messagesUrl, sendChatMessage, type SendDeps } from './api.ts'

const API = 'https://api.example.com/functions/v1/chatbot-api'
const REQUEST = { userId: 'd0000000-0000-4000-8000-000000000001', message: 'Fiyat?', language: 'tr' as const }

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })

function deps(answer: (init?: RequestInit) => Response | Promise<Response>, online = true): SendDeps & { fetch: ReturnType<typeof vi.fn> } {
  return { fetch: vi.fn(async (_url: unknown, init?: RequestInit) => answer(init)), online: () => online }
}

/** `call` names each refusal the API answers (its error code and HTTP status) as the kind given. */
async function expectRefusalsNamed(call: (d: SendDeps) => Promise<unknown>, cases: Array<[code: string, status: number, kind: string]>) {
  for (const [code, status, kind] of cases) {
    expect(await call(deps(() => json({ success: false, error: code }, status))), code).toEqual({ ok: false, error: kind })
  }
}

describe('sendChatMessage', () => {
  it('posts the request as JSON without credentials and returns the reply', async () => {
    const d = deps(() => json({ success: true, error: null, reply: 'Merhaba', conversationId: 'c-1' }))
    expect(await sendChatMessage(API, REQUEST, d)).toEqual({ ok: true, reply: 'Merhaba', conversationId: 'c-1' })
    const [url, init] = d.fetch.mock.calls[0]! as [string, RequestInit]
    expect(url).toBe(API)
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit', headers: { 'content-type': 'application/json' } })
    expect(JSON.parse(init.body as string)).toEqual(REQUEST)
  })

  it('names every refusal of chatbot-api', async () => {
    await expectRefusalsNamed((d) => sendChatMessage(API, REQUEST, d), [
      ['daily_limit_reached', 429, 'daily_limit'],
      ['monthly_limit_reached', 429, 'monthly_limit'],
      ['origin_not_allowed', 403, 'not_allowed'],
      ['chatbot_disabled', 403, 'unavailable'],
      ['chatbot_not_found', 404, 'unavailable'],
      ['invalid_request', 400, 'invalid_request'],
      ['server_error', 500, 'server_error'],
    ])
  })

  it('says a conversation it can no longer reach is unavailable', () => {
    expect(errorKindOf('conversation_not_found')).toBe('unavailable')
  })

  it('reads a message a person will answer: no reply, the conversation and its status', async () => {
    const d = deps(() => json({ success: true, error: null, reply: null, conversationId: 'c-1', status: 'needs_human' }))
    expect(await sendChatMessage(API, REQUEST, d)).toEqual({ ok: true, reply: null, conversationId: 'c-1', status: 'needs_human' })
    const handedOff = deps(() => json({ success: true, error: null, reply: 'Sizi ekibimize aktardım.', conversationId: 'c-1', status: 'needs_human' }))
    expect(await sendChatMessage(API, REQUEST, handedOff)).toMatchObject({ ok: true, reply: 'Sizi ekibimize aktardım.', status: 'needs_human' })
    // A status it does not know is left out, not passed on.
    expect(await sendChatMessage(API, REQUEST, deps(() => json({ success: true, reply: 'ok', conversationId: 'c-1', status: 'weird' })))).toEqual({
      ok: true, reply: 'ok', conversationId: 'c-1',
    })
    expect(await sendChatMessage(API, REQUEST, deps(() => json({ success: true, reply: 42, conversationId: 'c-1' })))).toEqual({ ok: false, error: 'server_error' })
  })

  it('says how long to wait when rate limited, from the body or else the header', async () => {
    expect(await sendChatMessage(API, REQUEST, deps(() => json({ success: false, error: 'rate_limited', retry_after: 12 }, 429)))).toEqual({
      ok: false, error: 'rate_limited', retryAfter: 12,
    })
    expect(await sendChatMessage(API, REQUEST, deps(() => json({ success: false, error: 'rate_limited' }, 429, { 'retry-after': '7' })))).toEqual({
      ok: false, error: 'rate_limited', retryAfter: 7,
    })
    expect(await sendChatMessage(API, REQUEST, deps(() => json({ success: false, error: 'rate_limited' }, 429)))).toEqual({ ok: false, error: 'rate_limited' })
  })

  it('treats an answer it cannot read as a server error', async () => {
    for (const res of [new Response('<html>502</html>', { status: 502 }), json({ success: true }), json({ success: false, error: 'what' }, 400)]) {
      expect(await sendChatMessage(API, REQUEST, deps(() => res.clone()))).toEqual({ ok: false, error: 'server_error' })
    }
  })

  it('does not try when offline', async () => {
    const d = deps(() => json({}), false)
    expect(await sendChatMessage(API, REQUEST, d)).toEqual({ ok: false, error: 'offline' })
    expect(d.fetch).not.toHaveBeenCalled()
  })

  it('a request that fails outright is a network failure', async () => {
    const down = deps(() => {
      throw new TypeError('Failed to fetch')
    })
    expect(await sendChatMessage(API, REQUEST, down)).toEqual({ ok: false, error: 'network' })
    expect(down.fetch).toHaveBeenCalledTimes(1)
  })

  it('gives up after the timeout as a network failure', async () => {
    const hanging: SendDeps = {
      online: () => true,
      timeoutMs: 20,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    }
    expect(await sendChatMessage(API, REQUEST, hanging)).toEqual({ ok: false, error: 'network' })
  })
})

describe('fetchMessages', () => {
  const CONVERSATION = 'c0000000-0000-4000-8000-000000000001'
  const FETCH = { userId: REQUEST.userId, conversationId: CONVERSATION, after: null }

  it('builds the route under the API URL, with the owner and the position', () => {
    expect(messagesUrl(API, FETCH)).toBe(`${API}/conversations/${CONVERSATION}/messages?userId=${REQUEST.userId}`)
    expect(messagesUrl(`${API}/`, { ...FETCH, after: 'm-2' })).toBe(`${API}/conversations/${CONVERSATION}/messages?userId=${REQUEST.userId}&after=m-2`)
    expect(messagesUrl(API, { ...FETCH, conversationId: 'a/b?c' })).toBe(`${API}/conversations/a%2Fb%3Fc/messages?userId=${REQUEST.userId}`)
  })

  it('asks with a plain GET (no preflight), without credentials, and reads the messages oldest first', async () => {
    const d = deps(() =>
      json({
        success: true,
        error: null,
        status: 'human',
        messages: [
          { id: 'm-1', author: 'customer', text: 'Bir yetkiliyle görüşmek istiyorum', createdAt: '2026-11-29T10:00:00Z' },
          { id: 'm-2', author: 'owner', text: 'Merhaba, ben Ayşe.', createdAt: '2026-11-29T10:01:00Z' },
        ],
      }),
    )
    expect(await fetchMessages(API, { ...FETCH, after: 'm-0' }, d)).toEqual({
      ok: true,
      status: 'human',
      messages: [
        { id: 'm-1', author: 'customer', text: 'Bir yetkiliyle görüşmek istiyorum' },
        { id: 'm-2', author: 'owner', text: 'Merhaba, ben Ayşe.' },
      ],
    })
    const [url, init] = d.fetch.mock.calls[0]! as [string, RequestInit]
    expect(url).toBe(messagesUrl(API, { ...FETCH, after: 'm-0' }))
    expect(init).toMatchObject({ method: 'GET', credentials: 'omit' })
    expect(init.headers).toBeUndefined()
    expect(init.body).toBeUndefined()
  })

  it('drops what is not a message, and reads a body without messages as a server error', async () => {
    const messy = deps(() =>
      json({ success: true, status: 'bot', messages: [null, { id: 'm-1', author: 'system', text: 'x' }, { id: 2, author: 'owner', text: 'y' }, { id: 'm-3', author: 'owner', text: 'ok' }] }),
    )
    expect(await fetchMessages(API, FETCH, messy)).toEqual({ ok: true, status: 'bot', messages: [{ id: 'm-3', author: 'owner', text: 'ok' }] })
    expect(await fetchMessages(API, FETCH, deps(() => json({ success: true, status: 'bot' })))).toEqual({ ok: false, error: 'server_error' })
  })

  it('names the refusals of the route, and how long to wait', async () => {
    await expectRefusalsNamed((d) => fetchMessages(API, FETCH, d), [
      ['conversation_not_found', 404, 'unavailable'],
      ['chatbot_disabled', 403, 'unavailable'],
      ['origin_not_allowed', 403, 'not_allowed'],
      ['invalid_request', 400, 'invalid_request'],
      ['server_error', 500, 'server_error'],
    ])
    expect(await fetchMessages(API, FETCH, deps(() => json({ success: false, error: 'rate_limited', retry_after: 9 }, 429)))).toEqual({
      ok: false, error: 'rate_limited', retryAfter: 9,
    })
  })

  it('fails like a message does when offline or unreachable', async () => {
    const offline = deps(() => json({}), false)
    expect(await fetchMessages(API, FETCH, offline)).toEqual({ ok: false, error: 'offline' })
    expect(offline.fetch).not.toHaveBeenCalled()
    const down = deps(() => {
      throw new TypeError('Failed to fetch')
    })
    expect(await fetchMessages(API, FETCH, down)).toEqual({ ok: false, error: 'network' })
  })
})
