// CORS for the widget's endpoint, apart from index.ts so it can be tested
// without serving the function.
import { CORS_ALLOW_HEADERS } from '../_shared/cors.ts'
import type { Handler } from '../_shared/handler.ts'

/**
 * The widget runs on the owner's site, so CORS names that site: the request's
 * Origin is echoed (with `Vary: Origin`), never `*`, and no credentials are
 * involved. A preflight cannot know the owner (it has no body), so it is
 * answered for any origin and the request itself decides. A refusal for the
 * origin is readable too: it carries nothing but its code, and a widget
 * pasted on a page the owner has not listed can then say so, instead of
 * looking like a dead network to the owner testing it.
 */
export function withWidgetCors(handler: Handler): Handler {
  return async (req) => {
    const origin = req.headers.get('origin')
    if (req.method === 'OPTIONS') {
      return new Response(null, { status: 204, headers: widgetCorsHeaders(origin, true) })
    }
    const res = await handler(req)
    try {
      setWidgetCors(res.headers, origin)
      return res
    } catch {
      // Headers that cannot change (a fetched Response's): a copy. Otherwise the answer is sent as the
      // handler made it, since a copy's body is a stream the server then has to read back.
      const headers = new Headers(res.headers)
      setWidgetCors(headers, origin)
      return new Response(res.body, { status: res.status, statusText: res.statusText, headers })
    }
  }
}

function setWidgetCors(headers: Headers, origin: string | null): void {
  for (const name of ['Access-Control-Allow-Origin', 'Access-Control-Allow-Headers', 'Access-Control-Allow-Methods']) headers.delete(name)
  for (const [k, v] of Object.entries(widgetCorsHeaders(origin, false))) headers.set(k, v)
  headers.append('Vary', 'Origin')
}

function widgetCorsHeaders(origin: string | null, preflight: boolean): Record<string, string> {
  const headers: Record<string, string> = origin ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {}
  if (preflight) {
    // The widget's GET of its messages sends no header that needs a preflight, and GET, as a
    // CORS-safelisted method, is allowed whatever this lists: only the JSON POST asks.
    headers['Access-Control-Allow-Methods'] = 'POST, OPTIONS'
    headers['Access-Control-Allow-Headers'] = CORS_ALLOW_HEADERS
    headers['Access-Control-Max-Age'] = '86400'
  } else {
    headers['Access-Control-Expose-Headers'] = 'Retry-After'
  }
  return headers
}
