// How screens reach the owner's local store: a context the app fills once the
// store is open, and the sync engine beside it for status and merge notices.
import { createContext, useContext } from 'react'
import type { SyncEngine } from '../../sync/index.ts'
import type { AppDatabase } from './database.ts'

export type OwnerStore = { ownerId: string; db: AppDatabase; sync: SyncEngine }

export type OwnerStoreState =
  | { status: 'opening' }
  | { status: 'ready'; store: OwnerStore }
  | { status: 'failed'; error: Error; retry: () => void }

export const OwnerStoreContext = createContext<OwnerStoreState | null>(null)

export function useOwnerStoreState(): OwnerStoreState {
  const state = useContext(OwnerStoreContext)
  if (!state) throw new Error('useOwnerStoreState needs the owner store provider of the dashboard')
  return state
}

/** The open store, or null while it opens or when it failed (useOwnerStoreState tells which). */
export function useOwnerStore(): OwnerStore | null {
  const state = useOwnerStoreState()
  return state.status === 'ready' ? state.store : null
}
