// Opens the signed-in owner's local store and starts its sync. One store per
// tab, kept while the owner moves between screens, closed when they sign out
// or another owner signs in, so no one ever reads another business's data.
import { useEffect, useState, type ReactNode } from 'react'
import { openOwnerDatabase } from '../db/database.ts'
import { markStoreForRemoval } from '../db/forgotten.ts'
import { OwnerStoreContext, type OwnerStore, type OwnerStoreState } from '../db/context.tsx'
import { startSync } from '../../sync/index.ts'
import { getSessionStore, useSession } from '../lib/session.tsx'
import { getSupabase } from '../lib/supabase.ts'

let current: { ownerId: string; store: Promise<OwnerStore> } | undefined
let watchingSession = false

async function open(ownerId: string): Promise<OwnerStore> {
  const [db, supabase] = await Promise.all([openOwnerDatabase({ ownerId }), getSupabase()])
  // In several tabs only the elected one replicates; the others see its work through IndexedDB.
  const sync = startSync({ database: db, supabase, waitForLeadership: true })
  // The account was deleted elsewhere: the engine has signed out; a fresh page removes the store (db/forgotten.ts).
  void sync.accountGone.then((gone) => {
    if (!gone) return
    markStoreForRemoval(ownerId)
    window.location.replace('/auth')
  })
  return { ownerId, db, sync }
}

async function close(entry: typeof current) {
  if (!entry) return
  const store = await entry.store.catch(() => undefined)
  if (!store) return
  await store.sync.stop()
  await store.db.close()
}

function acquire(ownerId: string): Promise<OwnerStore> {
  if (current?.ownerId === ownerId) return current.store
  const previous = current
  const store = close(previous).then(() => open(ownerId))
  current = { ownerId, store }
  // A failed open may succeed on the next attempt (e.g. storage was busy).
  store.catch(() => {
    if (current?.store === store) current = undefined
  })
  watchSession()
  return store
}

function watchSession() {
  if (watchingSession) return
  watchingSession = true
  const session = getSessionStore()
  session.subscribe(() => {
    const s = session.getSnapshot()
    if (s.status === 'loading' || !current) return
    if (s.user?.id !== current.ownerId) {
      const leaving = current
      current = undefined
      void close(leaving)
    }
  })
}

export function OwnerStoreProvider(props: { children: ReactNode }) {
  const session = useSession()
  const ownerId = session.user?.id ?? null
  const [state, setState] = useState<OwnerStoreState & { ownerId: string | null }>({ status: 'opening', ownerId })
  // Bumped by a screen's retry button: a failed open is forgotten by acquire(), so running again tries afresh.
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!ownerId) return
    let live = true
    acquire(ownerId).then(
      (store) => live && setState({ status: 'ready', store, ownerId }),
      (error: unknown) => {
        console.error('the local store could not be opened', error)
        if (!live) return
        const retry = () => {
          setState({ status: 'opening', ownerId })
          setAttempt((n) => n + 1)
        }
        setState({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)), retry, ownerId })
      },
    )
    return () => {
      live = false
    }
  }, [ownerId, attempt])

  const value: OwnerStoreState = state.ownerId === ownerId ? state : { status: 'opening' }
  return <OwnerStoreContext.Provider value={value}>{props.children}</OwnerStoreContext.Provider>
}
