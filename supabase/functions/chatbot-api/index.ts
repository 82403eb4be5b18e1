// The website widget's endpoint: a customer's message to an owner's assistant,
// from any web page, with no user token (verify_jwt = false). Everything it
// trusts comes from the database: whether the owner has an enabled chatbot,
// which sites may embed it, and how many messages the owner has left.
//
// Order, each step cheaper than the next and refusing before any cost:
// the body → the owner's configuration (read with the conversation so far) →
// the page's Origin → the rate limits (per conversation, per client address)
// and one message charged to the daily and monthly allowance, in one
// transaction → the answer. The charge comes before the answer so
// that simultaneous messages can never be answered past the limit; when the
// assistant fails, the charge is given back, so only answered messages count.
//
// A preview (the owner trying their assistant on the chatbot screen) is the
// same answer for the owner's own access token: rate-limited, but neither
// charged nor stored, and not bound to the enable switch or the site.
import type { SupabaseClient } from '@supabase/supabase-js'
import { CHATBOT_API_ERRORS, CHATBOT_MESSAGE_MAX_LENGTH } from '../../../domain/functions.ts'
import { isOriginAllowed } from '../../../domain/chatbot-origin.ts'
import { answer, readOwnerContext } from '../_shared/assistant/index.ts'
import type { AssistantLanguage } from '../_shared/assistant/types.ts'
import { clientAddress } from '../_shared/client-address.ts'
import { readEnv } from '../_shared/env.ts'
import { answersFor, publicFunction } from '../_shared/handler.ts'
import { readJsonObject } from '../_shared/http.ts'
import { limitSetting } from '../_shared/phone-verification.ts'
import { isRefusal, verifiedOwner } from '../_shared/owner.ts'
import { createServiceClient } from '../_shared/supabase.ts'
import { withWidgetCors } from './cors.ts'
import { previewHistory } from './preview.ts'

/** Messages one conversation may send a minute (CHATBOT_API_CONVERSATION_LIMIT_PER_MINUTE): faster than anyone types. */
export const DEFAULT_CONVERSATION_LIMIT_PER_MINUTE = 10
/** Messages one client address may send a minute, to any owner (CHATBOT_API_ADDRESS_LIMIT_PER_MINUTE): an office behind one router. */
export const DEFAULT_ADDRESS_LIMIT_PER_MINUTE = 30

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Ids the widget keeps in the page: ours are uuids, but any short opaque token will do. */
const CONVERSATION_ID = /^[A-Za-z0-9._:-]{1,128}$/

type Reservation = { allowed: true; error: null } | { allowed: false; error: 'rate_limited'; limit: 'conversation' | 'address'; retry_after: number }
type Charge =
  | { consumed: true; error: null; daily_reset_at: string; monthly_reset_at: string }
  | { consumed: false; error: 'daily_limit_reached' | 'monthly_limit_reached' | 'user_not_found' }
/** admit_chatbot_message: refused by the limits, or let through and charged (or not, when the allowance is spent). */
type Admission = Extract<Reservation, { allowed: false }> | ({ allowed: true } & Charge)

const OPTIONS = { name: 'chatbot-api', errors: CHATBOT_API_ERRORS }
const answers = answersFor(OPTIONS)

const api = publicFunction(OPTIONS, async (req, { ok, fail }) => {
  const body = await readJsonObject(req)
  if (!body) return fail('invalid_request', 400)
  const { userId, conversationId, language } = body
  const message = typeof body.message === 'string' ? body.message.trim() : ''
  if (typeof userId !== 'string' || !UUID.test(userId)) return fail('invalid_request', 400)
  // Characters as a person counts them (code points), not UTF-16 units.
  if (!message || [...message].length > CHATBOT_MESSAGE_MAX_LENGTH) return fail('invalid_request', 400)
  if (conversationId != null && (typeof conversationId !== 'string' || !CONVERSATION_ID.test(conversationId))) {
    return fail('invalid_request', 400)
  }
  if (language != null && language !== 'tr' && language !== 'en') return fail('invalid_request', 400)
  if (body.preview !== undefined && body.preview !== true) return fail('invalid_request', 400)

  const db = createServiceClient()
  if (body.preview === true) {
    // The owner's own panel: their token, not the widget's page, says whose
    // assistant this is, so neither the enable switch nor the site applies.
    const owner = await verifiedOwner(req)
    if (isRefusal(owner)) return fail(owner.error, owner.status)
    if (owner.user.id !== userId) return fail('unauthorized', 401)
    const history = previewHistory(body.history)
    if (!history) return fail('invalid_request', 400)
    // Free, but not unbounded: a model-backed answer costs the deployment.
    const limited = await reserve(db, req, userId, `preview:${userId}`)
    if (limited) return limited
    const reply = await answer({
      client: db,
      ownerId: userId,
      channel: 'widget',
      message,
      language: language as AssistantLanguage | undefined,
      preview: true,
      history,
    })
    return ok({ reply: reply.reply, conversationId: reply.conversationId, productIds: reply.productIds })
  }
  // Chosen before the rate limit, so a new conversation's first message counts for it.
  const conversation = (conversationId as string | null | undefined) || crypto.randomUUID()
  // The configuration and the conversation so far in one read; answer() uses it as it is.
  const context = await readOwnerContext(db, userId, conversationId ? conversation : null)
  const config = context.widget
  if (!config) return fail('chatbot_not_found', 404)
  if (!config.enabled) return fail('chatbot_disabled', 403)
  if (!isOriginAllowed(req.headers.get('origin'), { websiteUrl: config.website_url, allowedDomains: config.allowed_domains })) {
    return fail('origin_not_allowed', 403)
  }

  const admitted = await db.rpc('admit_chatbot_message', { p_user_id: userId, ...limitArguments(req, conversation) })
  if (admitted.error) throw admitted.error
  const admission = admitted.data as Admission
  if (!admission.allowed) return rateLimited(admission)
  if (!admission.consumed) {
    if (admission.error === 'user_not_found') return fail('chatbot_not_found', 404)
    return fail(admission.error, 429)
  }
  const charge = admission

  let reply: Awaited<ReturnType<typeof answer>>
  try {
    reply = await answer({
      client: db,
      ownerId: userId,
      channel: 'widget',
      conversationId: conversation,
      message,
      language: language as AssistantLanguage | undefined,
      context,
    })
  } catch (e) {
    const refund = await db.rpc('refund_chatbot_message', {
      p_user_id: userId,
      p_daily_reset_at: charge.daily_reset_at,
      p_monthly_reset_at: charge.monthly_reset_at,
    })
    if (refund.error) console.error('chatbot-api: could not give back an unanswered message:', refund.error.message)
    throw e
  }
  return ok({ reply: reply.reply, conversationId: reply.conversationId })
})

/** The per-minute limits' arguments of reserve_chatbot_request and admit_chatbot_message. */
function limitArguments(req: Request, conversation: string) {
  return {
    p_conversation_id: conversation,
    p_client_address: clientAddress(req),
    p_conversation_limit: limitSetting(readEnv, 'CHATBOT_API_CONVERSATION_LIMIT_PER_MINUTE', DEFAULT_CONVERSATION_LIMIT_PER_MINUTE),
    p_address_limit: limitSetting(readEnv, 'CHATBOT_API_ADDRESS_LIMIT_PER_MINUTE', DEFAULT_ADDRESS_LIMIT_PER_MINUTE),
  }
}

function rateLimited(refusal: Extract<Reservation, { allowed: false }>): Response {
  const seconds = refusal.retry_after
  return answers.fail('rate_limited', 429, { retry_after: seconds }, { 'Retry-After': String(seconds) })
}

/** Counts the request against the per-minute limits; the 429 to answer when it is over one, else null. */
async function reserve(db: SupabaseClient, req: Request, userId: string, conversation: string): Promise<Response | null> {
  const reserved = await db.rpc('reserve_chatbot_request', { p_user_id: userId, ...limitArguments(req, conversation) })
  if (reserved.error) throw reserved.error
  const reservation = reserved.data as Reservation
  return reservation.allowed ? null : rateLimited(reservation)
}

Deno.serve(withWidgetCors(api))
