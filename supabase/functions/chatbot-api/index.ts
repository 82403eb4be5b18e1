// The website widget's endpoint: a customer's message to an owner's assistant,
// from any web page, with no user token (verify_jwt = false). Everything it
// trusts comes from the database: whether the owner has an enabled chatbot,
// which sites may embed it, which conversations it issued, and how many
// messages the owner has left.
//
// Order, each step cheaper than the next and refusing before any cost:
// the body → the owner's configuration (read with the conversation so far,
// found only among the owner's widget conversations) → the page's Origin →
// the rate limits (per conversation the server issued, per client address,
// and per client address for its share of this owner's day, limits.ts) and one message charged to
// the daily and monthly allowance, in one transaction → the answer. The
// charge comes before the answer so that simultaneous messages can never be
// answered past the limit; when the assistant fails, the charge is given
// back, so only answered messages count.
//
// A conversation a person has (the inbox: 'needs_human' or 'human') is not
// answered and not charged: after the rate limits the message is stored for
// the owner, and the answer is `{reply: null, conversationId, status}`.
//
// A conversation id the request names is only a lookup: when it is not one
// the server issued to this owner's widget, the message starts a new
// conversation under a fresh random id, which the answer returns.
//
// A preview (the owner trying their assistant on the chatbot screen) is the
// same answer for the owner's own access token: rate-limited and counted
// against a daily preview allowance, but neither charged nor stored, and not
// bound to the enable switch or the site.
//
// GET /conversations/{conversationId}/messages is the widget fetching its
// conversation, the owner's replies included (messages.ts).
import { CHATBOT_FUNCTION_ERRORS, CHATBOT_MESSAGE_MAX_LENGTH } from '../../../domain/functions.ts'
import { isOriginAllowed } from '../../../domain/chatbot-origin.ts'
import { isWithPerson } from '../../../domain/conversations.ts'
import { answer, readOwnerContext } from '../_shared/assistant/index.ts'
import type { AssistantLanguage } from '../_shared/assistant/types.ts'
import { clientAddress } from '../_shared/client-address.ts'
import { answersFor, publicFunction } from '../_shared/handler.ts'
import { readJsonObject } from '../_shared/http.ts'
import { isRefusal, verifiedOwner } from '../_shared/owner.ts'
import { RATE_LIMITS, rateCheck, retryAfter, takeRateLimits } from '../_shared/rate-limits.ts'
import { createServiceClient } from '../_shared/supabase.ts'
import { withWidgetCors } from './cors.ts'
import { addressChecks, addressMinute } from './limits.ts'
import { conversationMessages } from './messages.ts'
import { previewHistory } from './preview.ts'
import { isUuid } from '../../../domain/ids.ts'

/** Longer than any id the server issues; a longer "id" is not a widget's. */
const CONVERSATION_ID_MAX_LENGTH = 128

type Refusal = { allowed: false; error: 'rate_limited'; limit: string; retry_after: number }
type Charge =
  | { consumed: true; error: null; daily_reset_at: string; monthly_reset_at: string }
  | { consumed: false; error: 'daily_limit_reached' | 'monthly_limit_reached' | 'user_not_found' }
/** admit_chatbot_message: refused by the limits, or let through and charged (or not, when the allowance is spent). */
type Admission = Refusal | ({ allowed: true } & Charge)

const OPTIONS = { name: 'chatbot-api', errors: CHATBOT_FUNCTION_ERRORS, methods: ['GET', 'POST'] as const }
const answers = answersFor(OPTIONS)

const api = publicFunction(OPTIONS, async (req, { ok, fail }) => {
  if (req.method === 'GET') return conversationMessages(req, answers)
  const body = await readJsonObject(req)
  if (!body) return fail('invalid_request', 400)
  const { userId, conversationId, language } = body
  const message = typeof body.message === 'string' ? body.message.trim() : ''
  if (typeof userId !== 'string' || !isUuid(userId)) return fail('invalid_request', 400)
  // Characters as a person counts them (code points), not UTF-16 units.
  if (!message || [...message].length > CHATBOT_MESSAGE_MAX_LENGTH) return fail('invalid_request', 400)
  if (conversationId != null && (typeof conversationId !== 'string' || conversationId.length > CONVERSATION_ID_MAX_LENGTH)) {
    return fail('invalid_request', 400)
  }
  if (language != null && language !== 'tr' && language !== 'en') return fail('invalid_request', 400)
  if (body.preview !== undefined && body.preview !== true) return fail('invalid_request', 400)

  const db = createServiceClient()
  const address = clientAddress(req)
  if (body.preview === true) {
    // The owner's own panel: their token, not the widget's page, says whose
    // assistant this is, so neither the enable switch nor the site applies.
    const owner = await verifiedOwner(req)
    if (isRefusal(owner)) return fail(owner.error, owner.status)
    if (owner.user.id !== userId) return fail('unauthorized', 401)
    const history = previewHistory(body.history)
    if (!history) return fail('invalid_request', 400)
    // Free, but not unbounded: a model-backed answer costs the deployment.
    // The keys are the owner's alone; no widget call can name them.
    const taken = await takeRateLimits(db, [
      rateCheck(RATE_LIMITS.chatbotPreview, `chatbot:preview:${userId}`),
      rateCheck(RATE_LIMITS.chatbotPreviewDaily, `chatbot:preview-day:${userId}`),
      ...(address ? [addressMinute(address)] : []),
    ])
    if (!taken.allowed) return rateLimited(taken.retryAfter)
    const reply = await answer({
      client: db,
      ownerId: userId,
      channel: 'widget',
      message,
      language: language as AssistantLanguage | undefined,
      preview: true,
      history,
    })
    return ok({ reply: reply.reply, conversationId: reply.conversationId, productIds: reply.productIds, booking: reply.booking })
  }

  // The configuration and the conversation so far in one read; answer() uses it as it is.
  const named = typeof conversationId === 'string' && conversationId ? { id: conversationId } : null
  const context = await readOwnerContext(db, userId, 'widget', named)
  const config = context.widget
  if (!config) return fail('chatbot_not_found', 404)
  if (!config.enabled) return fail('chatbot_disabled', 403)
  if (!isOriginAllowed(req.headers.get('origin'), { websiteUrl: config.website_url, allowedDomains: config.allowed_domains })) {
    return fail('origin_not_allowed', 403)
  }

  // Drawn before the limits, so a new conversation's first message counts for it.
  const conversation = context.conversationId ?? crypto.randomUUID()
  const limits = [rateCheck(RATE_LIMITS.chatbotConversation, `chatbot:conversation:${conversation}`), ...addressChecks(address, userId, context.dailyMessageLimit)]
  if (isWithPerson(context.status)) {
    const taken = await takeRateLimits(db, limits)
    if (!taken.allowed) return rateLimited(taken.retryAfter)
    const held = await answer({ client: db, ownerId: userId, channel: 'widget', conversation: named, message, context })
    return ok({ reply: held.reply, conversationId: held.conversationId, status: held.status })
  }
  const admitted = await db.rpc('admit_chatbot_message', { p_user_id: userId, p_limits: limits })
  if (admitted.error) throw admitted.error
  const admission = admitted.data as Admission
  if (!admission.allowed) return rateLimited(admission.retry_after)
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
      conversation: named,
      newConversationId: conversation,
      message,
      language: language as AssistantLanguage | undefined,
      context,
    })
  } catch (e) {
    await refund()
    throw e
  }
  // A person took the conversation while the assistant was answering: only answered messages count.
  if (reply.reply === null) await refund()
  return ok({ reply: reply.reply, conversationId: reply.conversationId, status: reply.status })

  async function refund() {
    const { error } = await db.rpc('refund_chatbot_message', {
      p_user_id: userId,
      p_daily_reset_at: charge.daily_reset_at,
      p_monthly_reset_at: charge.monthly_reset_at,
    })
    if (error) console.error('chatbot-api: could not give back an unanswered message:', error.message)
  }
})

function rateLimited(seconds: number): Response {
  return answers.fail('rate_limited', 429, ...retryAfter(seconds))
}

Deno.serve(withWidgetCors(api))
