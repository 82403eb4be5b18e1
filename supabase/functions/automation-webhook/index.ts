// For an owner's external automation (spec §7), with the owner's automation
// token (_shared/automation.ts):
// GET  /automation-webhook/{userId}: the WhatsApp phone number id, and the
//      access token only while the owner shares it with the automation
//      (automation_whatsapp_credentials). Never the app secret: it proves
//      Meta's deliveries to whatsapp-webhook and has no use outside it.
// POST /automation-webhook/{userId}, two kinds:
//      * no `to`/`text`: one message the automation sent itself; takes one
//        credit and answers the balance, 402 `no_credits` at 0.
//      * `{to, text}`: the server sends the text on WhatsApp as the owner
//        (the owner's saved credentials, long texts cut as whatsapp-webhook
//        cuts replies), for one credit, given back when nothing went out.
//      An Idempotency-Key header (or `message_id` in the body) makes a
//      retried POST count, and send, once.
import {
  AUTOMATION_TEXT_MAX, IDEMPOTENCY_KEY_HEADER, type AutomationError,
} from '../../../domain/functions.ts'
import { automationFunction, type AutomationCall } from '../_shared/automation.ts'
import type { Answers } from '../_shared/handler.ts'
import { createMessageLog } from '../_shared/message-log.ts'
import { createOwnerWhatsAppProvider, isWindowClosed, splitWhatsAppText } from '../_shared/whatsapp.ts'

type Consumed = { consumed: boolean; remaining: number; repeated: boolean; error: 'no_credits' | null }
type SendUse = Consumed & { status: 'counted' | 'sending' | 'sent' | 'partial' | null; parts: number | null }
type Finished = { refunded: boolean; remaining: number }

const KEY = /^[\x21-\x7e]{1,256}$/
/** A number in international form: country code first, 7 to 15 digits (E.164), `+` optional. */
const RECIPIENT = /^\+?([1-9][0-9]{6,14})$/
/** A text of AUTOMATION_TEXT_MAX characters, JSON-escaped, fits with room to spare. */
const BODY_MAX_BYTES = 64 * 1024

Deno.serve(
  automationFunction('automation-webhook', ['GET', 'POST'], async (req, call, answer) => {
    const { ownerId, db } = call
    if (req.method === 'GET') {
      const { data, error } = await db.rpc('automation_whatsapp_credentials', { p_user_id: ownerId })
      if (error) throw error
      return answer.ok({ whatsapp: data })
    }

    if (Number(req.headers.get('content-length') ?? 0) > BODY_MAX_BYTES) return answer.fail('invalid_request', 413)
    const raw = await req.text()
    if (new TextEncoder().encode(raw).byteLength > BODY_MAX_BYTES) return answer.fail('invalid_request', 413)
    let body: Record<string, unknown> = {}
    if (raw.trim()) {
      let parsed: unknown
      try {
        parsed = JSON.parse(raw)
      } catch {
        return answer.fail('invalid_request', 400)
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return answer.fail('invalid_request', 400)
      body = parsed as Record<string, unknown>
    }
    const messageId = body.message_id
    if (messageId !== undefined && typeof messageId !== 'string') return answer.fail('invalid_request', 400)
    const key = req.headers.get(IDEMPOTENCY_KEY_HEADER) ?? messageId ?? null
    if (key !== null && !KEY.test(key)) return answer.fail('invalid_request', 400)

    if (body.to !== undefined || body.text !== undefined) return send(call, answer, body.to, body.text, key)

    const { data, error } = await db.rpc('consume_automation_credit', { p_user_id: ownerId, p_idempotency_key: key })
    if (error) throw error
    const result = data as Consumed
    if (!result.consumed) return answer.fail('no_credits', 402, { remaining: 0 })
    return answer.ok({ remaining: result.remaining, repeated: result.repeated })
  }),
)

/**
 * Sends `text` to `to` as the owner. Checked before anything is charged: the
 * body, then that the owner can send at all. Charged before sending, so
 * simultaneous sends never go past the balance; a send that delivered
 * nothing gives the credit back.
 */
async function send(
  { ownerId, db }: AutomationCall,
  { ok, fail }: Answers<AutomationError>,
  to: unknown,
  text: unknown,
  key: string | null,
): Promise<Response> {
  const recipient = typeof to === 'string' ? RECIPIENT.exec(to)?.[1] : undefined
  if (!recipient) return fail('invalid_recipient', 400)
  if (typeof text !== 'string' || text.trim() === '' || [...text].length > AUTOMATION_TEXT_MAX) return fail('invalid_text', 400)

  const found = await db.from('whatsapp_credentials').select('access_token, phone_number_id').eq('user_id', ownerId).maybeSingle()
  if (found.error) throw found.error
  const creds = found.data as { access_token: string | null; phone_number_id: string | null } | null
  const sender = createOwnerWhatsAppProvider(
    { log: createMessageLog(db) },
    { accessToken: creds?.access_token ?? null, phoneNumberId: creds?.phone_number_id ?? null },
  )
  if (!sender) return fail('whatsapp_not_configured', 409)

  const charged = await db.rpc('consume_automation_send', { p_user_id: ownerId, p_idempotency_key: key })
  if (charged.error) throw charged.error
  const use = charged.data as SendUse
  if (!use.consumed) return fail('no_credits', 402, { remaining: 0 })
  if (use.repeated) {
    // The first call's outcome, without sending or charging again.
    if (use.status === 'sending') return fail('in_progress', 409, { remaining: use.remaining, repeated: true })
    if (use.status === 'partial') return fail('send_failed', 502, { remaining: use.remaining, repeated: true, parts: use.parts })
    return ok({ remaining: use.remaining, repeated: true, parts: use.parts })
  }

  const finish = async (parts: number, complete: boolean): Promise<Finished> => {
    const { data, error } = await db.rpc('finish_automation_send', { p_user_id: ownerId, p_idempotency_key: key, p_parts: parts, p_complete: complete })
    if (error) throw error
    return data as Finished
  }

  const parts = splitWhatsAppText(text)
  let delivered = 0
  try {
    for (const part of parts) {
      const sent = await sender.send(recipient, part, { userId: ownerId })
      if (sent.status === 'failed') {
        const done = await finish(delivered, false)
        // Nothing arrived: the credit is back. Something did: it is paid for, and a retry with the key sends no part twice.
        if (delivered > 0) return fail('send_failed', 502, { remaining: done.remaining, repeated: false, parts: delivered })
        return fail(isWindowClosed(sent.error) ? 'window_closed' : 'send_failed', isWindowClosed(sent.error) ? 409 : 502, {
          remaining: done.remaining,
          repeated: false,
          parts: 0,
        })
      }
      delivered++
    }
  } catch (e) {
    // Our own failure (the message log, the database): settle what is known before answering 500.
    await finish(delivered, false).catch((settle: unknown) => console.error('automation-webhook: could not settle a failed send:', settle))
    throw e
  }
  await finish(delivered, true)
  return ok({ remaining: use.remaining, repeated: false, parts: delivered })
}
