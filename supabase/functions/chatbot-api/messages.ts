// GET /chatbot-api/conversations/{conversationId}/messages?userId=…&after=…:
// the widget fetching its conversation, which is how the owner's replies
// reach a visitor (nothing can push to a page on the owner's site).
//
// The conversation id is the capability: a random uuid the server issued to
// one visitor of this owner's widget, looked up only with the owner and the
// widget channel. Any other id, another owner's, a WhatsApp conversation's,
// is `conversation_not_found`. The owner's settings apply as to a message
// (enabled, the page's Origin), and the same refusals. Order, as for a
// message: the request → the owner's settings and the conversation, in one
// read → the page's Origin → the rate limits (per conversation and per
// client address, for fetching alone) and the messages, in one transaction
// (widget_messages, migration 20261129000200). Nothing is charged.
import { CHATBOT_MESSAGES_PAGE, type ChatbotMessagesAnswer, type ChatbotFunctionError } from '../../../domain/functions.ts'
import { isOriginAllowed } from '../../../domain/chatbot-origin.ts'
import { addressGroup, clientAddress } from '../_shared/client-address.ts'
import type { Answers } from '../_shared/handler.ts'
import { RATE_LIMITS, rateCheck, retryAfter } from '../_shared/rate-limits.ts'
import { createServiceClient } from '../_shared/supabase.ts'
import { isUuid } from '../../../domain/ids.ts'


type Access = { config: { enabled: boolean; website_url: string | null; allowed_domains: string[] | null } | null; found: boolean }
type Read =
  | { allowed: false; limit: string; retry_after: number }
  | { allowed: true; found: false }
  | ({ allowed: true; found: true } & ChatbotMessagesAnswer)

/**
 * The conversation id a path names when it is the messages route
 * (`/chatbot-api/conversations/{id}/messages`: the function sees its own name
 * first, hosted and local alike), or null for any other path.
 */
export function messagesRoute(pathname: string): string | null {
  const [resource, id, leaf, ...rest] = pathname.split('/').slice(2)
  return resource === 'conversations' && id !== undefined && leaf === 'messages' && rest.length === 0 ? id : null
}

/** The messages route's answer; any other path of a GET is not a route of the function. */
export async function conversationMessages(req: Request, { ok, fail }: Answers<ChatbotFunctionError>): Promise<Response> {
  const url = new URL(req.url)
  const conversationId = messagesRoute(url.pathname)
  if (conversationId === null) return fail('invalid_request', 405)
  const userIds = url.searchParams.getAll('userId')
  const afters = url.searchParams.getAll('after')
  // One of each, uuids only: nothing else reaches the database.
  if (!isUuid(conversationId) || userIds.length !== 1 || !isUuid(userIds[0]!) || afters.length > 1 || (afters.length === 1 && !isUuid(afters[0]!))) {
    return fail('invalid_request', 400)
  }
  const userId = userIds[0]!
  const after = afters[0] ?? null

  const db = createServiceClient()
  const read = await db.rpc('widget_conversation', { p_user_id: userId, p_conversation_id: conversationId })
  if (read.error) throw read.error
  const { config, found } = read.data as Access
  if (!config) return fail('chatbot_not_found', 404)
  if (!config.enabled) return fail('chatbot_disabled', 403)
  if (!isOriginAllowed(req.headers.get('origin'), { websiteUrl: config.website_url, allowedDomains: config.allowed_domains })) {
    return fail('origin_not_allowed', 403)
  }
  if (!found) return fail('conversation_not_found', 404)

  const address = clientAddress(req)
  const limits = [
    rateCheck(RATE_LIMITS.chatbotPoll, `chatbot:poll:${conversationId.toLowerCase()}`),
    ...(address ? [rateCheck(RATE_LIMITS.chatbotPollAddress, `chatbot:poll-address:${addressGroup(address)}`)] : []),
  ]
  const polled = await db.rpc('widget_messages', {
    p_user_id: userId,
    p_conversation_id: conversationId,
    p_after: after,
    p_limit: CHATBOT_MESSAGES_PAGE,
    p_limits: limits,
  })
  if (polled.error) throw polled.error
  const result = polled.data as Read
  if (!result.allowed) return fail('rate_limited', 429, ...retryAfter(result.retry_after))
  // Gone between the two reads (the owner deleted their account).
  if (!result.found) return fail('conversation_not_found', 404)
  const answer: ChatbotMessagesAnswer = { status: result.status, messages: result.messages }
  return ok(answer)
}
