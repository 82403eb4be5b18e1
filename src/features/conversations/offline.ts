// The inbox readable offline: the conversation list and the threads the owner
// has opened are kept on the device (TanStack Query's own dehydrate and
// hydrate, into localStorage under the owner's id), written a moment after
// they change and read back when the dashboard opens. Offline the queries
// pause and show what was kept. Only successful inbox reads are kept, for a
// week at most; signing out removes them (OWNER_DATA_PREFIX, session.tsx).
// Macro-free, so unit tests may import it.
import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query'
import { OWNER_DATA_PREFIX } from '../../lib/session.tsx'

export const INBOX_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000
/** Writes wait this long after the last change, so a burst of live updates is one write. */
export const INBOX_CACHE_WRITE_DELAY_MS = 1_000

export const inboxCacheKey = (userId: string) => `${OWNER_DATA_PREFIX}inbox-cache:v1:${userId}`
export const inboxDraftKey = (conversationId: string) => `${OWNER_DATA_PREFIX}inbox-draft:${conversationId}`

type Saved = { at: number; state: ReturnType<typeof dehydrate> }

const isInbox = (queryKey: readonly unknown[]) => queryKey[0] === 'inbox'

/** Restores what was kept for `userId`, then keeps the inbox's reads as they change; returns the stop function. */
export function keepInboxOffline(queryClient: QueryClient, userId: string, storage: Storage | undefined = globalThis.localStorage, now: () => number = Date.now): () => void {
  if (!storage) return () => undefined
  const key = inboxCacheKey(userId)
  try {
    const raw = storage.getItem(key)
    const saved = raw ? (JSON.parse(raw) as Saved) : null
    if (saved && now() - saved.at < INBOX_CACHE_MAX_AGE_MS) hydrate(queryClient, saved.state)
    else if (raw) storage.removeItem(key)
  } catch {
    // A kept copy that cannot be read is no copy: the inbox reads the server.
    storage.removeItem(key)
  }

  let timer: ReturnType<typeof setTimeout> | undefined
  const write = () => {
    const state = dehydrate(queryClient, { shouldDehydrateQuery: (query) => isInbox(query.queryKey) && query.state.status === 'success' })
    try {
      storage.setItem(key, JSON.stringify({ at: now(), state } satisfies Saved))
    } catch {
      // Storage full: better no copy than a stale one.
      storage.removeItem(key)
    }
  }
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (!isInbox(event.query.queryKey) || (event.type !== 'updated' && event.type !== 'removed')) return
    clearTimeout(timer)
    timer = setTimeout(write, INBOX_CACHE_WRITE_DELAY_MS)
  })
  return () => {
    clearTimeout(timer)
    unsubscribe()
  }
}
