// One message to chatbot-api and what became of it, as the widget shows it.
// Every refusal the endpoint can give (CHATBOT_API_ERRORS) and every way the
// request itself can fail collapse to the few situations a visitor can act
// on (WidgetErrorKind); messages.ts words each of them.
import { CHATBOT_API_ERRORS, type ChatbotApiError, type ChatbotApiRequest } from '../../domain/functions.ts'

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

export type SendResult =
  | { ok: true; reply: string; conversationId: string }
  | { ok: false; error: WidgetErrorKind; /** Seconds, for rate_limited when the server said. */ retryAfter?: number }

/** Longer than any answer takes, short enough that a dead connection does not leave the dots running. */
export const REQUEST_TIMEOUT_MS = 30_000

/** What the visitor is told for each code of chatbot-api. */
export function errorKindOf(code: ChatbotApiError): WidgetErrorKind {
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
      return 'unavailable'
    case 'invalid_request':
      return 'invalid_request'
    default:
      // server_error, and the owner refusals, which only a preview (never the widget) can get.
      return 'server_error'
  }
}

const isApiError = (value: unknown): value is ChatbotApiError => (CHATBOT_API_ERRORS as readonly unknown[]).includes(value)

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

/**
 * Posts the message and reads the answer. Never throws: a refusal, a broken
 * answer and a failed request all come back as `{ok: false}`.
 */
export async function sendChatMessage(apiUrl: string, request: ChatbotApiRequest, deps: SendDeps): Promise<SendResult> {
  if (!deps.online()) return { ok: false, error: 'offline' }
  const abort = new AbortController()
  const timer = setTimeout(() => abort.abort(), deps.timeoutMs ?? REQUEST_TIMEOUT_MS)
  let res: Response
  try {
    res = await deps.fetch(apiUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
      // No cookies or credentials: the endpoint is public and the host site's are none of its business.
      credentials: 'omit',
      signal: abort.signal,
    })
  } catch {
    clearTimeout(timer)
    if (!deps.online()) return { ok: false, error: 'offline' }
    return { ok: false, error: 'network' }
  }
  clearTimeout(timer)
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null
  if (res.ok && body?.success === true && typeof body.reply === 'string' && typeof body.conversationId === 'string') {
    return { ok: true, reply: body.reply, conversationId: body.conversationId }
  }
  const code = body?.error
  if (!isApiError(code)) return { ok: false, error: 'server_error' }
  const kind = errorKindOf(code)
  if (kind !== 'rate_limited') return { ok: false, error: kind }
  const retryAfter = seconds(body?.retry_after) ?? seconds(res.headers.get('retry-after'))
  return retryAfter === undefined ? { ok: false, error: kind } : { ok: false, error: kind, retryAfter }
}
