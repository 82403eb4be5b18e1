// The app's one TanStack Query client, for the online-only server state
// (credits, payments, the profile). Everything the owner edits offline lives
// in the local store instead (src/db). Of this client's queries only the
// profile is kept on the device, by the session (session.tsx,
// persisted-query.ts); the inbox keeps its own reads (features/conversations/offline.ts).
//
// Loaded on demand: the dashboard layout provides it and the session reaches
// it with a dynamic import, so the landing page's first load carries none of
// TanStack Query (src/app/README.md). For the same reason it does not import
// the online signal (use-online.ts comes with sync/ and RxDB): whoever
// provides the client connects the two with followConnectivity.
import { focusManager, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query'
import type { Connectivity } from '../../sync/index.ts'

/**
 * Codes a retry cannot change: nobody is signed in, the owner may not do
 * this, or the request itself is wrong. The app's own codes, the edge
 * functions' owner refusals (domain/functions.ts), PostgREST's JWT errors and
 * Postgres's "insufficient privilege" (row-level security, grants).
 */
const FINAL_CODES: ReadonlySet<string> = new Set([
  'not_authenticated',
  'unauthorized',
  'phone_not_verified',
  'invalid_request',
  'PGRST301',
  'PGRST302',
  'PGRST303',
  '42501',
])

/**
 * Two more attempts after a failure. supabase-js already retries reads of
 * the data API whose connection dropped or that answered 503/520 (three
 * times, 1, 2 and 4 s apart); these cover the rest (a 500, an edge
 * function) without making a real failure wait a minute to show.
 */
export const MAX_QUERY_RETRIES = 2

const ABORTS: ReadonlySet<string> = new Set(['AbortError', 'TimeoutError', 'CancelledError'])

function httpStatus(error: Record<string, unknown>): number | undefined {
  if (typeof error.status === 'number') return error.status
  // A FunctionsHttpError keeps the function's Response as its context.
  const context = error.context as { status?: unknown } | null | undefined
  return typeof context?.status === 'number' ? context.status : undefined
}

/**
 * Whether asking again may answer differently. Reads the error and its
 * causes (the features wrap supabase-js errors in their own coded ones):
 * a final code, a 4xx other than a timeout or rate limit, or an abort ends
 * it; anything else (a 5xx, a dropped connection, an unknown error) may pass.
 */
export function isRetryable(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const e = current as Record<string, unknown>
    if (typeof e.name === 'string' && ABORTS.has(e.name)) return false
    if (typeof e.code === 'string' && FINAL_CODES.has(e.code)) return false
    const status = httpStatus(e)
    if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) return false
    current = e.cause
  }
  return true
}

/** The `retry` of every query unless it says otherwise. */
export function retryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_QUERY_RETRIES && isRetryable(error)
}

/**
 * Makes Query's online state the app's (use-online.ts) rather than its own
 * listeners', which start out "online" even on an offline start: queries
 * pause exactly when the screens say "offline" and sync stops.
 */
export function followConnectivity(source: Connectivity): void {
  onlineManager.setEventListener((setOnline) => {
    setOnline(source.isOnline())
    return source.subscribe(setOnline)
  })
}

// The browser fires visibilitychange at the document; listening there rather
// than on the window (Query's default) does not depend on the event bubbling.
focusManager.setEventListener((onFocus) => {
  if (typeof document === 'undefined') return undefined
  const listener = () => onFocus()
  document.addEventListener('visibilitychange', listener)
  return () => document.removeEventListener('visibilitychange', listener)
})

export const queryClient = new QueryClient({
  // One place that logs failed reads; screens show codes (messages.ts of each feature).
  queryCache: new QueryCache({ onError: (error, query) => console.error('query failed', query.queryKey, error) }),
  defaultOptions: {
    queries: {
      // These calls need the server: offline they wait (paused, not failed) and run once the connection is back.
      networkMode: 'online',
      retry: retryQuery,
      // Coming back to the tab or to the network reads stale data again (each query says how long it stays fresh).
      refetchOnWindowFocus: true,
      refetchOnReconnect: true,
    },
    mutations: {
      networkMode: 'online',
      // A write is repeated only where the feature knows it is idempotent.
      retry: false,
    },
  },
})
