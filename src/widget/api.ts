// The widget's two calls to chatbot-api and what became of them, as the
// widget shows it: a message posted, and the conversation fetched (how the
// owner's replies arrive). Every refusal the endpoint can give
// (CHATBOT_FUNCTION_ERRORS) and every way a request itself can fail collapse
// to the few situations a visitor can act on (WidgetErrorKind); messages.ts
// words each of them.
import { CONVERSATION_STATUSES, MESSAGE_AUTHORS, type ConversationStatus, type MessageAuthor } from '../../domain/conversations.ts'
import { CHATBOT_FUNCTION_ERRORS, type ChatbotApiRequest, type ChatbotFunctionError } from '../../domain/functions.ts'

export const WIDGET_ERROR_KINDS = [
  'daily_limit',
  'monthly_limit',
  'rate_limited',
  'not_allowed',
  'unavailable',
  'invalid_request',
  'server_error',
  'offline',
  'network',
] as const
export type WidgetErrorKind = (typeof WIDGET_ERROR_KINDS)[number]

export type Failure = { ok: false; error: WidgetErrorKind; /** Seconds, for rate_limited when the server said. */ retryAfter?: number }

/** `reply` is null when a person has the conversation: the message waits for them, and their answer comes by fetching. */
export type SendResult = { ok: true; reply: string | null; conversationId: string; status?: ConversationStatus } | Failure

export type FetchedMessage = { id: string; author: MessageAuthor; text: string }
/** The conversation's messages, oldest first. */
export type FetchResult = { ok: true; status: ConversationStatus | null; messages: FetchedMessage[] } | Failure

/** Longer than any answer takes, short enough that a dead connection does not leave the dots running. */
export const REQUEST_TIMEOUT_MS = 30_000

/** What the visitor is told for each code of chatbot-api. */
export function errorKindOf(code: ChatbotFunctionError): WidgetErrorKind {
  switch (code) {
    case 'daily_limit_reached':
      return 'daily_limit'
    case 'monthly_limit_reached':
      return 'monthly_limit'
    case 'rate_limited':
      return 'rate_limited'
    case 'origin_not_allowed':
      return 'not_allowed'
    case 'chatbot_disabled':
    case 'chatbot_not_found':
    case 'conversation_not_found':
      // conversation_not_found only answers a fetch: nothing to read there (a message would start a new conversation).
      return 'unavailable'
    case 'invalid_request':
      return 'invalid_request'
    default:
      // server_error, and the owner refusals, which only a preview (never the widget) can get.
      return 'server_error'
  }
}

const isApiError = (value: unknown): value is ChatbotFunctionError => (CHATBOT_FUNCTION_ERRORS as readonly unknown[]).includes(value)

function seconds(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.ceil(n) : undefined
}

export type SendDeps = {
  fetch: typeof fetch
  /** navigator.onLine: false means certainly offline, true means maybe online. */
  online: () => boolean
  timeoutMs?: number
}

type Body = Record<string, unknown>

/**
 * One request and its answer: `read` turns a successful body into the
 * result, or null when it cannot. Never throws: a refusal, a broken answer
 * and a failed request all come back as `{ok: false}`.
 */
async function call<T>(url: string, init: RequestInit, deps: SendDeps, read: (body: Body) => T | null): Promise<T | Failure> {
  if (!deps.online()) return { ok: false, error: 'offline' }
  const abort = new AbortController()
  const timer = setTimeout(() => abort.abort(), deps.timeoutMs ?? REQUEST_TIMEOUT_MS)
  let res: Response
  try {
    // No cookies or credentials: the endpoint is public and the host site's are none of its business.
    res = await deps.fetch(url, { ...init, credentials: 'omit', signal: abort.signal })
  } catch {
    clearTimeout(timer)
    if (!deps.online()) return { ok: false, error: 'offline' }
    return { ok: false, error: 'network' }
  }
  clearTimeout(timer)
  const body = (await res.json().catch(() => null)) as Body | null
  const result = res.ok && body?.success === true ? read(body) : null
  if (result) return result
  const code = body?.error
  if (!isApiError(code)) return { ok: false, error: 'server_error' }
  const kind = errorKindOf(code)
  if (kind !== 'rate_limited') return { ok: false, error: kind }
  const retryAfter = seconds(body?.retry_after) ?? seconds(res.headers.get('retry-after'))
  return retryAfter === undefined ? { ok: false, error: kind } : { ok: false, error: kind, retryAfter }
}

const statusOf = (value: unknown) => ((CONVERSATION_STATUSES as readonly unknown[]).includes(value) ? (value as ConversationStatus) : undefined)

/** Posts the message and reads the answer. */
export function sendChatMessage(apiUrl: string, request: ChatbotApiRequest, deps: SendDeps): Promise<SendResult> {
  return call<SendResult>(
    apiUrl,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) },
    deps,
    ({ reply, conversationId, status }) =>
      (typeof reply === 'string' || reply === null) && typeof conversationId === 'string'
        ? { ok: true, reply, conversationId, ...(statusOf(status) ? { status: statusOf(status) } : {}) }
        : null,
  )
}

export type FetchRequest = { userId: string; conversationId: string; /** The newest message already read, if any. */ after: string | null }

/** `GET {apiUrl}/conversations/{id}/messages?userId=…&after=…`. */
export function messagesUrl(apiUrl: string, { userId, conversationId, after }: FetchRequest): string {
  const url = new URL(apiUrl)
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/conversations/${encodeURIComponent(conversationId)}/messages`
  url.search = ''
  url.searchParams.set('userId', userId)
  if (after) url.searchParams.set('after', after)
  return url.href
}

const isMessage = (m: unknown): m is FetchedMessage => {
  const o = m as Partial<Record<keyof FetchedMessage, unknown>> | null
  return typeof o === 'object' && o !== null && typeof o.id === 'string' && (MESSAGE_AUTHORS as readonly unknown[]).includes(o.author) && typeof o.text === 'string'
}

/** Fetches the conversation's messages after `after` (the latest ones without it). */
export function fetchMessages(apiUrl: string, request: FetchRequest, deps: SendDeps): Promise<FetchResult> {
  // A GET with no header of its own: a simple request, no preflight before each poll.
  return call<FetchResult>(messagesUrl(apiUrl, request), { method: 'GET' }, deps, ({ status, messages }) =>
    Array.isArray(messages)
      ? { ok: true, status: statusOf(status) ?? null, messages: messages.filter(isMessage).map(({ id, author, text }) => ({ id, author, text })) }
      : null,
  )
}
