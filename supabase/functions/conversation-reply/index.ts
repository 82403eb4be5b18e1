// The owner's reply in a conversation of the inbox, with the owner's access
// token: `{conversationId, messageId, message}` → the stored message.
//
// The conversation is found among the owner's own (any other id is
// `conversation_not_found`, as an unknown one is). On the widget the reply is
// stored and the visitor's open widget fetches it (chatbot-api's messages
// route). On WhatsApp it goes out through the Cloud API as the owner, charged
// one credit like any reply, only within 24 hours of the customer's last
// message (Meta's rule, domain/conversations.ts). The database reserves it
// first, under the conversation's lock (reserve_owner_reply, migration
// 20261129000100): the window, the credit and the message in one
// transaction, under the id the app drew, so a repeated request sends
// nothing twice; a send Meta refuses removes the message and gives the
// credit back, and the app keeps the text as a draft. Replying gives the
// conversation to the owner (status `human`) and marks it read.
import { CONVERSATION_REPLY_ERRORS } from '../../../domain/functions.ts'
import { OWNER_REPLY_MAX_LENGTH, WHATSAPP_WINDOW_MS } from '../../../domain/conversations.ts'
import { ownerFunction } from '../_shared/handler.ts'
import { readJsonObject } from '../_shared/http.ts'
import { createMessageLog } from '../_shared/message-log.ts'
import { RATE_LIMITS, rateCheck, retryAfter, takeRateLimits } from '../_shared/rate-limits.ts'
import { createServiceClient } from '../_shared/supabase.ts'
import { createOwnerWhatsAppProvider, isWindowClosed } from '../_shared/whatsapp.ts'
import { isUuid } from '../../../domain/ids.ts'


type Reserved =
  | { error: 'conversation_not_found' | 'window_closed' | 'insufficient_credits' | 'invalid_request' }
  | { error?: undefined; id: string; created_at: string; channel: 'widget' | 'whatsapp'; contact: string | null; delivery: 'sending' | 'sent'; repeated: boolean }

Deno.serve(
  ownerFunction({ name: 'conversation-reply', errors: CONVERSATION_REPLY_ERRORS }, async (req, { user }, { ok, fail }) => {
    const body = await readJsonObject(req)
    if (!body) return fail('invalid_request', 400)
    const { conversationId, messageId } = body
    const message = typeof body.message === 'string' ? body.message.trim() : ''
    if (typeof messageId !== 'string' || !isUuid(messageId)) return fail('invalid_request', 400)
    if (!message || [...message].length > OWNER_REPLY_MAX_LENGTH) return fail('invalid_request', 400)
    if (typeof conversationId !== 'string') return fail('invalid_request', 400)
    if (!isUuid(conversationId)) return fail('conversation_not_found', 404)

    const db = createServiceClient()
    const limited = await takeRateLimits(db, [rateCheck(RATE_LIMITS.ownerReplies, `conversation-reply:owner:${user.id}`)])
    if (!limited.allowed) return fail('rate_limited', 429, ...retryAfter(limited.retryAfter))

    const found = await db.from('conversations').select('channel').eq('id', conversationId).eq('user_id', user.id).maybeSingle()
    if (found.error) throw found.error
    if (!found.data) return fail('conversation_not_found', 404)
    let sender = null
    if ((found.data as { channel: string }).channel === 'whatsapp') {
      const creds = await db.from('whatsapp_credentials').select('access_token, phone_number_id').eq('user_id', user.id).maybeSingle()
      if (creds.error) throw creds.error
      const saved = creds.data as { access_token: string | null; phone_number_id: string | null } | null
      sender = createOwnerWhatsAppProvider({ log: createMessageLog(db) }, { accessToken: saved?.access_token ?? null, phoneNumberId: saved?.phone_number_id ?? null })
      if (!sender) return fail('whatsapp_not_configured', 409)
    }

    const reserved = await db.rpc('reserve_owner_reply', {
      p_user_id: user.id,
      p_conversation_id: conversationId,
      p_message_id: messageId,
      p_message: message,
      p_window_seconds: WHATSAPP_WINDOW_MS / 1000,
    })
    if (reserved.error) throw reserved.error
    const reply = reserved.data as Reserved
    if (reply.error === 'conversation_not_found') return fail('conversation_not_found', 404)
    if (reply.error === 'window_closed') return fail('window_closed', 409)
    if (reply.error === 'insufficient_credits') return fail('insufficient_credits', 402)
    if (reply.error) return fail('invalid_request', 400)
    const answer = { message: { id: reply.id, createdAt: reply.created_at }, repeated: reply.repeated }
    if (reply.repeated || reply.delivery === 'sent' || !sender) return ok(answer)

    let sent: Awaited<ReturnType<typeof sender.send>>
    try {
      sent = await sender.send(reply.contact!, message, { userId: user.id })
    } catch (e) {
      await finish(reply.id, false)
      throw e
    }
    await finish(reply.id, sent.status !== 'failed')
    if (sent.status === 'failed') return isWindowClosed(sent.error) ? fail('window_closed', 409) : fail('provider_error', 502)
    return ok(answer)

    async function finish(id: string, delivered: boolean) {
      const { error } = await db.rpc('finish_owner_reply', { p_message_id: id, p_sent: delivered })
      if (error) throw error
    }
  }),
)
