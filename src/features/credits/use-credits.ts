// React side of the credits data: one store per owner for the tab's lifetime,
// read on mount, when the connection returns and when the tab becomes visible
// again. Credits and payments are online-only, so nothing is read offline.
import { useEffect, useSyncExternalStore } from 'react'
import { getSupabase } from '../../lib/supabase.ts'
import { fetchCreditsData } from './api.ts'
import { createCreditsStore, type CreditsSnapshot, type CreditsStore } from './credits-store.ts'

const stores = new Map<string, CreditsStore>()

function storeFor(userId: string): CreditsStore {
  let store = stores.get(userId)
  if (!store) {
    // Another owner signed in on this tab: the previous one's figures have no business staying in memory.
    stores.clear()
    store = createCreditsStore(async () => fetchCreditsData(await getSupabase(), userId))
    stores.set(userId, store)
  }
  return store
}

// Without a user there is nothing to read; the screen shows why (spec: "User not authenticated").
const NO_USER: CreditsStore = (() => {
  const snapshot: CreditsSnapshot = { data: null, loading: false, error: 'not_authenticated' }
  return { getSnapshot: () => snapshot, subscribe: () => () => undefined, load: async () => undefined }
})()

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

/** navigator.onLine, kept current by the online and offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  )
}

export type CreditsState = CreditsSnapshot & {
  online: boolean
  /** Reads again when online; offline it does nothing (the screen says why). */
  reload: () => void
}

export function useCredits(userId: string | null): CreditsState {
  const store = userId ? storeFor(userId) : NO_USER
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
  const online = useOnline()

  useEffect(() => {
    if (online) void store.load()
  }, [store, online])

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && navigator.onLine) void store.load()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => document.removeEventListener('visibilitychange', onVisible)
  }, [store])

  return {
    ...snapshot,
    online,
    reload: () => {
      if (navigator.onLine) void store.load()
    },
  }
}
