// For an owner's external automation (spec §7), with the owner's automation
// token (_shared/automation.ts):
// GET  /automation-webhook/{userId}: the WhatsApp Cloud API credentials the
//      automation sends with — the one path that returns them, and only to
//      the token's holder, never to a browser session.
// POST /automation-webhook/{userId}: one message was sent; takes one credit
//      and answers the balance, 402 `no_credits` at 0. An Idempotency-Key
//      header (or `message_id` in the body) makes a retried POST count once.
import { IDEMPOTENCY_KEY_HEADER } from '../../../domain/functions.ts'
import { automationFunction } from '../_shared/automation.ts'

type Credentials = { access_token: string | null; phone_number_id: string | null; app_secret: string | null }
type Consumed = { consumed: boolean; remaining: number; repeated: boolean; error: 'no_credits' | null }

const KEY = /^[\x21-\x7e]{1,256}$/

Deno.serve(
  automationFunction('automation-webhook', ['GET', 'POST'], async (req, { ownerId, db }, { ok, fail }) => {
    if (req.method === 'GET') {
      const { data, error } = await db.from('whatsapp_credentials').select('access_token, phone_number_id, app_secret').eq('user_id', ownerId).maybeSingle()
      if (error) throw error
      const c = (data as Credentials | null) ?? { access_token: null, phone_number_id: null, app_secret: null }
      return ok({ whatsapp: { access_token: c.access_token, phone_number_id: c.phone_number_id, app_secret: c.app_secret } })
    }

    let key = req.headers.get(IDEMPOTENCY_KEY_HEADER)
    const text = await req.text()
    if (text.trim()) {
      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        return fail('invalid_request', 400)
      }
      const messageId = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).message_id : undefined
      if (messageId !== undefined && typeof messageId !== 'string') return fail('invalid_request', 400)
      key ??= messageId ?? null
    }
    if (key !== null && !KEY.test(key)) return fail('invalid_request', 400)

    const { data, error } = await db.rpc('consume_automation_credit', { p_user_id: ownerId, p_idempotency_key: key })
    if (error) throw error
    const result = data as Consumed
    if (!result.consumed) return fail('no_credits', 402, { remaining: 0 })
    return ok({ remaining: result.remaining, repeated: result.repeated })
  }),
)
