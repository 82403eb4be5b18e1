// The credits screen's data as a small external store: one per owner, kept
// for the tab's lifetime so coming back to the screen (or losing the
// connection) shows what was last read while a fresh read runs. The screen
// decides when to read (mount, back online, tab visible, polling); the store
// only makes sure an older answer never overwrites a newer one.
import { CreditsLoadFailure, type CreditsData, type CreditsLoadError } from './api.ts'

export type CreditsSnapshot = {
  /** The last successful read; null until there is one. */
  data: CreditsData | null
  /** A read is in flight. */
  loading: boolean
  /** Why the newest finished read failed, cleared when a read starts or succeeds. */
  error: CreditsLoadError | null
}

export type CreditsStore = {
  getSnapshot(): CreditsSnapshot
  subscribe(listener: () => void): () => void
  /** Reads again; resolves when this read (or a newer one) has settled. Never rejects. */
  load(): Promise<void>
}

export function createCreditsStore(read: () => Promise<CreditsData>): CreditsStore {
  let snapshot: CreditsSnapshot = { data: null, loading: false, error: null }
  const listeners = new Set<() => void>()
  let ticket = 0
  let inflight = 0

  function set(patch: Partial<CreditsSnapshot>) {
    snapshot = { ...snapshot, ...patch }
    for (const listener of listeners) listener()
  }

  async function load() {
    const mine = ++ticket
    inflight++
    if (!snapshot.loading || snapshot.error) set({ loading: true, error: null })
    try {
      const data = await read()
      inflight--
      if (mine === ticket) set({ data, error: null, loading: inflight > 0 })
      else if (inflight === 0) set({ loading: false })
    } catch (error) {
      inflight--
      if (mine !== ticket) {
        if (inflight === 0) set({ loading: false })
        return
      }
      const code = error instanceof CreditsLoadFailure ? error.code : 'load_failed'
      console.error('loading credits failed', error)
      set({ error: code, loading: inflight > 0 })
    }
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    load,
  }
}
