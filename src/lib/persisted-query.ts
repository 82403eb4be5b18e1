// One query of a TanStack Query client kept in the browser's storage across
// page loads: TanStack Query's persisted cache (its restore and subscribe,
// over the sync storage persister), narrowed to that one query, so nothing
// else the client holds (credits, the inbox, a paused write) reaches the
// device's storage. The session keeps the owner's profile with it
// (session.tsx).
//
// Loaded on demand with the query client: the landing page carries none of it.
import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query'
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client'
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'

export type PersistQueryOptions<T> = {
  queryClient: QueryClient
  queryKey: QueryKey
  /** No storage (a build-time render, storage blocked): nothing is read or written. */
  storage: Storage | undefined
  storageKey: string
  /** Names the shape of what is stored: a copy saved under another buster is thrown away unread. */
  buster: string
  /** Applied to the data read back, so what an older or altered copy holds beyond `T` never reaches the client. */
  sanitize: (data: T) => T
  /** How long after a change the copy is written: one write per burst of the client's events. */
  writeDelayMs?: number
}

export type PersistedQuery = {
  /** Settles (never rejects) once the kept copy, if any and still valid, is in the client. */
  restored: Promise<void>
  /** No more writes, not even one still waiting; the copy in storage stays where it is. */
  stop(): void
}

/**
 * Reads back the copy of `queryKey` kept under `storageKey`, then keeps the
 * query's data there as it changes. Only data worth reading back is kept:
 * neither an empty answer (null) nor a read that never succeeded. The query
 * is never garbage-collected while kept (its copy would go with it), and a
 * copy's age never discards it: freshness is the caller's call, from the
 * query's own `dataUpdatedAt`.
 */
export function persistQuery<T>(options: PersistQueryOptions<T>): PersistedQuery {
  const { queryClient, queryKey, storage, sanitize } = options
  const queryHash = hashKey(queryKey)
  const kept = (data: unknown) => data !== undefined && data !== null
  let active = true

  // Without observers a query is collected after gcTime, which the next write would carry into storage.
  queryClient.setQueryDefaults(queryKey, { gcTime: Infinity })

  const persister = createSyncStoragePersister({
    storage: storage && {
      getItem: (key) => storage.getItem(key),
      // The persister writes after a delay: once stopped (the owner signed out), a write still waiting must not land.
      setItem: (key, value) => {
        if (!active) return
        if (value === '') storage.removeItem(key)
        else storage.setItem(key, value)
      },
      removeItem: (key) => storage.removeItem(key),
    },
    key: options.storageKey,
    throttleTime: options.writeDelayMs ?? 1_000,
    // A state without the query is stored as nothing rather than as an empty shell.
    serialize: (client) => (client.clientState.queries.length > 0 ? JSON.stringify(client) : ''),
    deserialize: (text) => {
      const saved = JSON.parse(text) as Partial<PersistedClient>
      const queries = (saved.clientState?.queries ?? [])
        .filter((query) => query.queryHash === queryHash && kept(query.state?.data))
        .map((query) => ({ ...query, state: { ...query.state, data: sanitize(query.state.data as T) } }))
      // No timestamp (a copy of another format) makes the restore remove it.
      return { timestamp: saved.timestamp ?? 0, buster: saved.buster ?? '', clientState: { mutations: [], queries } }
    },
  })

  const persist: PersistQueryClientOptions = {
    queryClient,
    persister,
    buster: options.buster,
    maxAge: Infinity,
    dehydrateOptions: {
      shouldDehydrateQuery: (query) => query.queryHash === queryHash && kept(query.state.data),
      shouldDehydrateMutation: () => false,
    },
  }
  let unsubscribe: (() => void) | undefined

  // persistQueryClient, except that a copy which cannot be read (removed by the restore) does not stop the keeping.
  const restored = persistQueryClientRestore(persist)
    .catch(() => undefined)
    .then(() => {
      if (active) unsubscribe = persistQueryClientSubscribe(persist)
      // Stopped while the copy was being read back: it does not stay in the client either.
      else queryClient.removeQueries({ queryKey, exact: true })
    })

  return {
    restored,
    stop() {
      active = false
      unsubscribe?.()
    },
  }
}
