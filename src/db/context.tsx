// How screens reach the owner's local store: a context the app fills once the
// store is open, and the sync engine beside it for status and merge notices.
import { createContext, useContext, useEffect } from 'react'
import type { SyncEngine } from '../../sync/index.ts'
import type { AppDatabase } from './database.ts'

export type OwnerStore = { ownerId: string; db: AppDatabase; sync: SyncEngine }

export type OwnerStoreState =
  | { status: 'opening' }
  | { status: 'ready'; store: OwnerStore }
  | { status: 'failed'; error: Error; retry: () => void }

export const OwnerStoreContext = createContext<OwnerStoreState | null>(null)

/**
 * Asks the provider to open the store now. Without a screen asking, the
 * provider opens it once the page has painted and the browser is idle (see
 * app/owner-store.tsx), so screens that never read it do not wait for it.
 */
export const OwnerStoreNeededContext = createContext<() => void>(() => undefined)

/**
 * The store's state. `needed`: this component reads or writes the store, so
 * it opens now rather than when the browser is next idle; the data hooks
 * (hooks.ts) pass it, the sync indicator and notices, which only show what an
 * open store says, do not.
 */
export function useOwnerStoreState(opts: { needed?: boolean } = {}): OwnerStoreState {
  const state = useContext(OwnerStoreContext)
  const need = useContext(OwnerStoreNeededContext)
  const needed = opts.needed ?? false
  useEffect(() => {
    if (needed) need()
  }, [needed, need])
  if (!state) throw new Error('useOwnerStoreState needs the owner store provider of the dashboard')
  return state
}

/** The open store, or null while it opens or when it failed (useOwnerStoreState tells which). */
export function useOwnerStore(): OwnerStore | null {
  const state = useOwnerStoreState()
  return state.status === 'ready' ? state.store : null
}
