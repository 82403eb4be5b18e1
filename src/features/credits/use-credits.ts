// The credits screen's data as a TanStack Query query, one per owner. When it
// reads comes from the query client's defaults (lib/query-client.ts): on
// mount, when the tab becomes visible again and when the connection returns;
// offline it waits rather than fails. Coming back to the screen shows the last
// figures at once while it reads again; they are forgotten when the owner
// signs out (lib/session.tsx clears the query client).
import { useQuery } from '@tanstack/react-query'
import { getSupabase } from '../../lib/supabase.ts'
import { useOnline } from '../../lib/use-online.ts'
import { CreditsLoadFailure, fetchCreditsData, fetchUnansweredMessages, type CreditsData, type CreditsLoadError } from './api.ts'

export const creditsQueryKey = (userId: string) => ['credits', userId] as const

/** Apart from the figures: re-running the payment check is not what refreshing the balance means. */
export const paymentReturnQueryKey = (userId: string, sessionId: string) => ['payment-return', userId, sessionId] as const

export type CreditsState = {
  /** The last successful read; null until there is one. */
  data: CreditsData | null
  /** A read is in flight. */
  loading: boolean
  /** Why the newest finished read failed; null while a read runs or after one succeeded. */
  error: CreditsLoadError | null
  online: boolean
  /** Reads again (offline: once the connection is back). */
  reload: () => void
}

export type CreditsOptions = {
  /** Asked after every read: ms until the next one, or false (the payment return's polling). */
  refetchInterval?: (data: CreditsData | undefined) => number | false
}

function loadError(error: unknown): CreditsLoadError {
  return error instanceof CreditsLoadFailure ? error.code : 'load_failed'
}

export function useCredits(userId: string | null, options: CreditsOptions = {}): CreditsState {
  const online = useOnline()
  const { refetchInterval } = options
  const query = useQuery({
    queryKey: creditsQueryKey(userId ?? ''),
    queryFn: async () => fetchCreditsData(await getSupabase(), userId),
    enabled: userId !== null,
    // Always worth reading again when asked: a purchase may have landed in another tab.
    staleTime: 0,
    // Kept for the tab's lifetime, as the figures "from your last visit" offline.
    gcTime: Infinity,
    refetchInterval: refetchInterval ? (q) => refetchInterval(q.state.data) : false,
  })
  // Without a user there is nothing to read; the screen shows why (spec: "User not authenticated").
  if (userId === null) return { data: null, loading: false, error: 'not_authenticated', online, reload: () => undefined }
  return {
    data: query.data ?? null,
    loading: query.isFetching,
    error: query.error && !query.isFetching ? loadError(query.error) : null,
    online,
    reload: () => void query.refetch(),
  }
}

export const unansweredQueryKey = (userId: string) => ['whatsapp-unanswered', userId] as const

/** How many WhatsApp messages went unanswered for lack of credits; 0 until read (a failed read is logged, not shown). */
export function useUnansweredMessages(userId: string | null): number {
  const query = useQuery({
    queryKey: unansweredQueryKey(userId ?? ''),
    queryFn: async () => fetchUnansweredMessages(await getSupabase()),
    enabled: userId !== null,
    staleTime: 0,
  })
  if (query.error) console.error(query.error)
  return query.data?.unanswered ?? 0
}
