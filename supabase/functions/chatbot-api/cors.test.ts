// chatbot-api's CORS (supabase/functions/chatbot-api/cors.ts) without a
// stack: the local stack's own CORS layer writes `*` over every function's
// answer and answers preflights itself, so what hosted Supabase passes
// through from the function is checked here.
import { describe, expect, it } from 'vitest'
import { CHATBOT_API_ERRORS } from '../../../domain/functions.ts'
import { withWidgetCors } from './cors.ts'
import { publicFunction } from '../_shared/handler.ts'

const SITE = 'https://shop.example.com'

const handler = withWidgetCors(
  publicFunction({ name: 'chatbot-api', errors: CHATBOT_API_ERRORS }, async (req, { ok, fail }) => {
    const { refuse } = (await req.json()) as { refuse?: 'origin_not_allowed' | 'rate_limited' }
    if (refuse === 'rate_limited') return fail('rate_limited', 429, { retry_after: 7 }, { 'Retry-After': '7' })
    if (refuse) return fail(refuse, 403)
    return ok({ reply: 'Merhaba', conversationId: 'c' })
  }),
)

const post = (body: unknown, origin?: string) =>
  handler(
    new Request('http://fn.test/chatbot-api', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(origin ? { Origin: origin } : {}) },
      body: JSON.stringify(body),
    }),
  )

describe('chatbot-api CORS', () => {
  it('answers a preflight for the asking origin, never *', async () => {
    const res = await handler(new Request('http://fn.test/chatbot-api', { method: 'OPTIONS', headers: { Origin: SITE, 'Access-Control-Request-Method': 'POST' } }))
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe(SITE)
    expect(res.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS')
    expect(res.headers.get('access-control-allow-headers')).toContain('content-type')
    expect(res.headers.get('access-control-allow-credentials')).toBeNull()
    expect(res.headers.get('vary')).toContain('Origin')
  })

  it('echoes the origin on answers and refusals, exposing Retry-After', async () => {
    const ok = await post({}, SITE)
    expect(ok.status).toBe(200)
    expect(await ok.json()).toEqual({ success: true, error: null, reply: 'Merhaba', conversationId: 'c' })
    expect(ok.headers.get('access-control-allow-origin')).toBe(SITE)
    expect(ok.headers.get('vary')).toContain('Origin')
    expect(ok.headers.get('access-control-allow-credentials')).toBeNull()

    const limited = await post({ refuse: 'rate_limited' }, SITE)
    expect(limited.headers.get('access-control-allow-origin')).toBe(SITE)
    expect(limited.headers.get('retry-after')).toBe('7')
    expect(limited.headers.get('access-control-expose-headers')).toContain('Retry-After')
  })

  it('lets a page that may not use the widget read the refusal (its code, nothing else), so the widget can say why', async () => {
    const res = await post({ refuse: 'origin_not_allowed' }, 'https://evil.example')
    expect(res.status).toBe(403)
    expect(res.headers.get('access-control-allow-origin')).toBe('https://evil.example')
    expect(await res.json()).toEqual({ success: false, error: 'origin_not_allowed' })
  })

  it('sends no Allow-Origin without an Origin (not a browser)', async () => {
    const res = await post({})
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('sends the answer the handler made, and copies only one whose headers cannot change', async () => {
    const made = new Response('{}', { status: 200 })
    const sent = await withWidgetCors(async () => made)(new Request('http://fn.test/chatbot-api', { method: 'POST', headers: { Origin: SITE } }))
    expect(sent).toBe(made)
    expect(sent.headers.get('access-control-allow-origin')).toBe(SITE)

    // Response.redirect's headers are immutable.
    const fixed = Response.redirect('https://elsewhere.example/', 302)
    const copied = await withWidgetCors(async () => fixed)(new Request('http://fn.test/chatbot-api', { method: 'POST', headers: { Origin: SITE } }))
    expect(copied).not.toBe(fixed)
    expect([copied.status, copied.headers.get('location'), copied.headers.get('access-control-allow-origin')]).toEqual([
      302,
      'https://elsewhere.example/',
      SITE,
    ])
  })
})
