// The sync status every tab shows. Only the replicating tab (the leader)
// knows the replication's phase, its last success and its error: it writes
// them to a local document that every tab reads, and each tab adds what it
// knows itself (whether it is online, the pending and refused counts, both
// read from shared documents too).
import { BehaviorSubject, type Observable, type Subscription } from 'rxjs'
import type { RxDatabase } from 'rxdb'
import type { SyncError } from './errors.ts'
import type { RefusedChange } from './refusals.ts'
import { localDocument$ } from './local-document.ts'

export type SyncPhase = 'starting' | 'syncing' | 'idle' | 'offline' | 'error'

export type SyncStatus = {
  phase: SyncPhase
  online: boolean
  /** Local changes not yet on the server (refused ones not included). */
  pending: number
  /** Changes the server refused, set aside until the owner retries or discards them (refused$). */
  refused: number
  /** When the store and the server last agreed (ms since epoch). */
  lastSyncedAt: number | null
  error: SyncError | null
  /** Whether this tab is the one replicating. */
  leader: boolean
}

export const STATE_DOC_ID = 'sync-state'

/** What the leader shares with every tab. */
type SharedState = { phase: SyncPhase; lastSyncedAt: number | null; error: SyncError | null }

/** What the leader knows of its replications when it works out the phase. */
export type Replicating = {
  /** Some replication is pulling or pushing. */
  active: boolean
  /** Every replication was started and none is paused or stopped. */
  started: boolean
  /** The failure to show, if any. */
  error: SyncError | null
}

export type StatusBoardOptions = {
  db: RxDatabase
  online: boolean
  pending$: Observable<number>
  refused$: Observable<RefusedChange[]>
  /** Read by the leader whenever it refreshes the status. */
  replicating: () => Replicating
  now: () => number
}

export type StatusBoard = {
  readonly status$: Observable<SyncStatus>
  status(): SyncStatus
  /** The refused changes as every tab sees them, until close(). */
  readonly refused$: Observable<RefusedChange[]>
  online(): boolean
  setOnline(online: boolean): void
  /** This tab replicates from now on: it alone writes the shared state. */
  lead(): void
  /** The leader works the phase out again and shares it (written only when it changed). */
  refresh(): void
  /** Nothing is published or written any more. */
  stop(): void
  /** Resolves once the shared state written so far is stored, then completes the observables. */
  close(): Promise<void>
}

export function createStatusBoard(opts: StatusBoardOptions): StatusBoard {
  const { db, now } = opts
  let leader = false
  let stopped = false
  const shared$ = new BehaviorSubject<SharedState>({ phase: 'starting', lastSyncedAt: null, error: null })
  const online$ = new BehaviorSubject(opts.online)
  const pending$ = new BehaviorSubject(0)
  const refused$ = new BehaviorSubject<RefusedChange[]>([])
  const status$ = new BehaviorSubject<SyncStatus>(compose())

  function compose(): SyncStatus {
    const shared = shared$.value
    const online = online$.value
    return {
      // A tab back online has not heard from the leader yet: it is starting, not offline.
      phase: online ? shared.phase === 'offline' ? 'starting' : shared.phase : 'offline',
      online,
      pending: pending$.value,
      refused: refused$.value.length,
      lastSyncedAt: shared.lastSyncedAt,
      // An error from before going offline says nothing about now.
      error: online ? shared.error : null,
      leader,
    }
  }
  const publish = () => {
    if (!stopped) status$.next(compose())
  }

  const subs: Subscription[] = [
    online$.subscribe(publish), pending$.subscribe(publish), shared$.subscribe(publish), refused$.subscribe(publish),
    opts.pending$.subscribe((n) => pending$.next(n)),
    opts.refused$.subscribe((list) => refused$.next(list)),
    // The leader's own state is newer than any the store hands back: its writes are still on their way there.
    localDocument$<SharedState>(db, STATE_DOC_ID).subscribe((doc) => {
      if (doc && !leader) shared$.next(doc.toJSON().data)
    }),
  ]

  // Writes in order, each only when the state changed: the active flags flip many times a second during a pull.
  let writing: Promise<unknown> = Promise.resolve()
  function write(next: SharedState) {
    const prev = shared$.value
    if (prev.phase === next.phase && prev.lastSyncedAt === next.lastSyncedAt && prev.error?.code === next.error?.code && prev.error?.message === next.error?.message) return
    shared$.next(next)
    writing = writing.then(() => db.upsertLocal<SharedState>(STATE_DOC_ID, next)).catch(() => undefined)
  }

  function leaderPhase(): SharedState {
    const { active, started, error } = opts.replicating()
    const prev = shared$.value
    if (!online$.value) return { ...prev, phase: 'offline', error: null }
    if (error) return { ...prev, phase: 'error', error }
    if (active) return { ...prev, phase: 'syncing', error: null }
    if (!started) return { ...prev, phase: 'starting' }
    return { phase: 'idle', error: null, lastSyncedAt: now() }
  }

  return {
    status$: status$.asObservable(),
    status: () => status$.value,
    refused$: refused$.asObservable(),
    online: () => online$.value,
    setOnline: (online) => online$.next(online),
    lead() {
      leader = true
      publish()
    },
    refresh() {
      if (leader && !stopped) write(leaderPhase())
    },
    stop() {
      stopped = true
      for (const s of subs) s.unsubscribe()
    },
    async close() {
      await writing
      status$.complete()
      refused$.complete()
    },
  }
}
