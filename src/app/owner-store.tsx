// Opens the signed-in owner's local store and starts its sync. One store per
// tab, kept while the owner moves between screens, closed when they sign out
// or another owner signs in, so no one ever reads another business's data.
//
// It opens on every dashboard screen, so the data is on the device when the
// owner goes offline, but not always at once: a screen that reads the store
// asks for it (db/hooks.ts) and gets it right away; on the others (credits,
// chatbot, settings) it opens once the screen has painted and the browser is
// idle, so that loading the store's code, opening its collections and
// starting sync do not compete with the screen's own first render for the
// main thread. Each of those steps runs as a task of its own.
import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { markStoreForRemoval } from '../db/forgotten.ts'
import { OwnerStoreContext, OwnerStoreNeededContext, type OwnerStore, type OwnerStoreState } from '../db/context.tsx'
import { getSessionStore, useSession } from '../lib/session.tsx'
import { nextTask, whenIdle } from '../lib/scheduling.ts'
import { getSupabase } from '../lib/supabase.ts'

/** The latest a screen that does not read the store waits for an idle moment before opening it. */
const IDLE_OPEN_TIMEOUT_MS = 2_000

let current: { ownerId: string; store: Promise<OwnerStore> } | undefined
let watchingSession = false

async function open(ownerId: string): Promise<OwnerStore> {
  // RxDB, Dexie and the sync engine load with the store, not with the dashboard's first screen.
  const [{ openOwnerDatabase }, { startSync }, supabase] = await Promise.all([
    import('../db/database.ts'),
    import('../../sync/index.ts'),
    getSupabase(),
  ])
  await nextTask()
  const db = await openOwnerDatabase({ ownerId })
  await nextTask()
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
  // Whether to open now: a screen asked, the browser was idle, or this tab already holds the owner's store.
  const [wanted, setWanted] = useState(() => ownerId !== null && current?.ownerId === ownerId)
  const need = useCallback(() => setWanted(true), [])

  useEffect(() => {
    if (!ownerId || wanted) return
    return whenIdle(need, IDLE_OPEN_TIMEOUT_MS)
  }, [ownerId, wanted, need])

  useEffect(() => {
    if (!ownerId || !wanted) return
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
  }, [ownerId, attempt, wanted])

  const value: OwnerStoreState = state.ownerId === ownerId ? state : { status: 'opening' }
  return (
    <OwnerStoreNeededContext.Provider value={need}>
      <OwnerStoreContext.Provider value={value}>{props.children}</OwnerStoreContext.Provider>
    </OwnerStoreNeededContext.Provider>
  )
}
