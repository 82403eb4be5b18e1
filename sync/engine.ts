// Replication of products, customers and appointments between the local RxDB
// store and Supabase: the pieces put together, and the engine's life (which
// tab replicates, going offline and online, stopping). README.md beside this
// file states the invariants and which module keeps each.
import { filter, type Observable, type Subscription } from 'rxjs'
import type { RxDatabase, RxCollection } from 'rxdb'
import type { RxReplicationState } from 'rxdb/plugins/replication'
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import type { SyncedRecords, SyncedTable } from '../domain/records.ts'
import type { Checkpoint } from './bulk-pull.ts'
import { browserConnectivity, type Connectivity } from './connectivity.ts'
import { createPendingLedger } from './pending.ts'
import { createRefusalStore, type RefusedChange } from './refusals.ts'
import { SYNCED_TABLES } from './tables.ts'
import { createAttempts } from './attempts.ts'
import { sessionCheck } from './session.ts'
import { watchAccount } from './account.ts'
import { createStatusBoard, type SyncStatus } from './status.ts'
import { createMergeNotices, type MergeNotice } from './merge-notices.ts'
import { createResyncs, openChanges } from './resync.ts'
import { createPageSource } from './pull.ts'
import { createPusher } from './push.ts'
import { createSetAsideFlow } from './set-aside.ts'
import { forgetSettled, markLocalWrites } from './pending-keeper.ts'
import { replicateTable } from './replication.ts'

export type SyncCollections = { [T in SyncedTable]: RxCollection<SyncedRecords[T]> }
export type SyncDatabase = RxDatabase<SyncCollections>

export type SyncOptions = {
  database: SyncDatabase
  supabase: SupabaseClient
  connectivity?: Connectivity
  /** Replicate only in the tab elected leader (browser); Node tests run one instance. */
  waitForLeadership?: boolean
  /** Follow server changes through realtime; off for one-shot syncs. */
  live?: boolean
  /** Rows per pull, at most 1000: a page shorter than asked means "caught up" to RxDB, so asking beyond the data API's row cap would stop a pull early. */
  pullBatchSize?: number
  pushBatchSize?: number
  /** Backoff after a failure: first wait, doubled per failure up to the maximum. */
  retryMs?: { initial: number; max: number }
  now?: () => number
  /** Fewest milliseconds between two account checks a realtime deletion asks for (see accountGone). */
  accountCheckMs?: number
}

export type SyncEngine = {
  readonly status$: Observable<SyncStatus>
  status(): SyncStatus
  readonly merges$: Observable<MergeNotice[]>
  dismissMerge(key: string): Promise<void>
  /** Changes the server refused, newest first, in every tab. */
  readonly refused$: Observable<RefusedChange[]>
  /** Pushes a refused change again, against what the server holds (leader only). */
  retryRefused(key: string): Promise<void>
  /** Drops a refused change: the document becomes the server's version again, or leaves this device if the server never had it (leader only). */
  discardRefused(key: string): Promise<void>
  /** Tries again now instead of after the backoff. */
  retry(): void
  /** Resolves when local changes are pushed and server changes pulled (leader only). */
  awaitInSync(): Promise<void>
  /**
   * Resolves true once the engine found the owner's account deleted and
   * removed the store and the session from this device (then it is stopped);
   * false if it stopped otherwise.
   */
  readonly accountGone: Promise<boolean>
  stop(): Promise<void>
  readonly replications: { [T in SyncedTable]: RxReplicationState<SyncedRecords[T], Checkpoint> }
}

// Hosted Supabase's default max_rows, and the local stack's.
const MAX_PULL_ROWS = 1000
// How often a burst of realtime deletions may make the engine ask whether the account still exists.
const ACCOUNT_CHECK_MS = 10_000

export function startSync(opts: SyncOptions): SyncEngine {
  const { database, supabase } = opts
  const db = database as unknown as RxDatabase
  const connectivity = opts.connectivity ?? browserConnectivity()
  const now = opts.now ?? Date.now
  const live = opts.live ?? true
  const pullBatchSize = Math.min(opts.pullBatchSize ?? MAX_PULL_ROWS, MAX_PULL_ROWS)
  let stopped = false
  let leader = false
  const running = () => !stopped

  const ledger = createPendingLedger(db)
  const refusals = createRefusalStore(db)
  // The stored list of set-aside documents, read once by the replicating tab.
  // Every pull and push (and retry and discard) waits for it before it looks
  // at the list, but not before its request: the first pull's round trip
  // need not wait for a read of the store. A failed read is tried again by
  // the next one that waits.
  let refusalsLoading: Promise<void> | undefined
  function refusalsLoaded(): Promise<void> {
    refusalsLoading ??= refusals.load().catch((error: unknown) => {
      refusalsLoading = undefined
      throw error
    })
    return refusalsLoading
  }

  const subs: Subscription[] = []
  let channel: RealtimeChannel | undefined
  markLocalWrites(db, SYNCED_TABLES, ledger, running)

  // Connectivity changes, retries and settling a refused change each pause or
  // start replications: they run one after the other, never interleaved.
  let transition: Promise<unknown> = Promise.resolve()
  function inLine<T>(work: () => Promise<T>, onError: (error: unknown) => void): Promise<T> {
    const run = transition.then(work)
    transition = run.catch(onError)
    return run
  }

  const requireSession = sessionCheck(supabase.auth, now)
  const attempts = createAttempts({ retryMs: opts.retryMs ?? { initial: 1_000, max: 60_000 }, changed: () => status.refresh() })
  const resyncs = createResyncs(SYNCED_TABLES)
  const pages = createPageSource({ supabase, requireSession, sent: resyncs.sent, running })
  const replication = (table: SyncedTable) => replications[table] as unknown as RxReplicationState<Record<string, unknown>, Checkpoint>
  const pusher = createPusher({ supabase, setAside: refusals.get, inSync: (table) => replications[table].awaitInSync() })
  const setAside = createSetAsideFlow({
    db, refusals, loaded: refusalsLoaded, ledger, replication, inLine, wake: attempts.wake,
    running, leader: () => leader, online: () => status.online(), now,
  })
  const replications = Object.fromEntries(SYNCED_TABLES.map((t) => [t, replicateTable(t, {
    db, live, pullBatchSize, pushBatchSize: opts.pushBatchSize ?? 100, attempts, pages, pusher, resyncs, setAside,
    refusals, refusalsLoaded, requireSession, ledger, running,
  })])) as unknown as SyncEngine['replications']
  const reps = SYNCED_TABLES.map(replication)
  for (const t of SYNCED_TABLES) resyncs.follow(t, replication(t))

  const status = createStatusBoard({
    db,
    online: connectivity.isOnline(),
    pending$: ledger.count$,
    refused$: refusals.changes$,
    replicating: () => ({
      active: catchingUp > 0 || reps.some((r) => r.subjects.active.getValue()),
      started: reps.every((r) => r.wasStarted && !r.isStoppedOrPaused()),
      error: attempts.error(),
    }),
    now,
  })
  const notices = createMergeNotices(db, now)

  // At rest, a replication has stored all it will for now: changes that never reached a push can be settled (pending-keeper.ts).
  for (const t of SYNCED_TABLES) {
    subs.push(replication(t).active$.pipe(filter((active) => !active)).subscribe(() => {
      if (stopped) return
      void forgetSettled(db, ledger, t, replication(t)).catch((error: unknown) => {
        if (!stopped && !db.closed) console.error('pending-change ledger check failed', error)
      })
    }))
  }
  for (const t of SYNCED_TABLES) {
    const rep = replication(t)
    subs.push(rep.active$.subscribe(() => status.refresh()), rep.error$.subscribe((err) => attempts.reported(t, err)))
  }
  // Every conflict RxDB resolved; merge-notices.ts keeps those the owner should hear about.
  for (const t of SYNCED_TABLES) {
    subs.push(replication(t).conflict$.subscribe(({ input }) => notices.record(t, input)))
  }

  const account = watchAccount({
    db,
    auth: supabase.auth,
    now,
    intervalMs: opts.accountCheckMs ?? ACCOUNT_CHECK_MS,
    mayCheck: () => !stopped && leader && status.online(),
    stopEngine: () => engine.stop(),
  })

  // Between a (re)start and the replications' first cycle none of them is
  // active, yet nothing written offline has been pushed: until each has
  // caught up once, the status says it syncs rather than that all is done.
  let catchingUp = 0
  async function catchUp(start: () => Promise<void>) {
    catchingUp += 1
    try {
      await start()
    } catch (error) {
      catchingUp -= 1
      throw error
    }
    void Promise.all(reps.map((rep) => rep.awaitInSync()))
      .catch(() => undefined)
      .finally(() => {
        catchingUp -= 1
        status.refresh()
      })
  }

  function applyConnectivity() {
    void inLine(async () => {
      if (stopped || !leader) return
      if (status.online()) {
        // Asked beside the first pull, not before it: the answer is nearly
        // always "still here", and a start should not wait a round trip for it.
        account.check()
        // Failures from before are stale: this is a fresh attempt, at once.
        attempts.reset()
        // Together: each start opens the table's replication state in the
        // store before its first pull, and none of them needs another's.
        // (Pushes still wait for the tables they point at: push.ts.)
        await catchUp(async () => {
          await Promise.all(reps.filter((rep) => !rep.wasStarted || rep.isPaused()).map((rep) => rep.start()))
          resyncs.requestAll()
        })
      } else {
        for (const rep of reps) if (rep.wasStarted && !rep.isPaused()) await rep.pause()
      }
      status.refresh()
    }, (error: unknown) => console.error('sync could not change state', error))
    return transition
  }

  subs.push({ unsubscribe: connectivity.subscribe((online) => {
    if (online === status.online()) return
    status.setOnline(online)
    void applyConnectivity()
  }) } as Subscription)

  // A refreshed or new session unblocks a replication that failed for want of
  // one (an auth error, or a network error from a refresh that could not be
  // sent). Only after a failure: with a short-lived token every request may
  // refresh it, and a resync per refresh would never let sync go idle.
  const { data: authListener } = supabase.auth.onAuthStateChange((event) => {
    if ((event === 'TOKEN_REFRESHED' || event === 'SIGNED_IN') && attempts.failing()) setTimeout(() => engine.retry(), 0)
  })

  void (async () => {
    if (opts.waitForLeadership ?? true) await database.waitForLeadership()
    if (stopped) return
    leader = true
    // Pulls and pushes wait for it before they look at the set-aside documents (refusalsLoaded).
    void refusalsLoaded().catch((error: unknown) => {
      if (!stopped && !db.closed) console.error('the refused-change list could not be read', error)
    })
    status.lead()
    if (status.online()) for (const t of SYNCED_TABLES) pages.prefetch(t, db[t]!.storageInstance, pullBatchSize)
    if (live && !channel) {
      channel = openChanges(supabase, `sync-${db.name}`, SYNCED_TABLES, {
        changed(table, eventType) {
          if (eventType === 'DELETE') account.checkSoon()
          resyncs.request(table)
        },
        subscribed: resyncs.requestAll,
      })
    }
    await applyConnectivity()
  })().catch((error: unknown) => {
    if (!stopped) console.error('sync could not start', error)
  })

  const engine: SyncEngine = {
    status$: status.status$,
    status: () => status.status(),
    merges$: notices.notices$,
    dismissMerge: (key) => notices.dismiss(key),
    refused$: status.refused$,
    retryRefused: (key) => setAside.settle(key, 'retry'),
    discardRefused: (key) => setAside.settle(key, 'discard'),
    retry() {
      if (stopped || !leader) return
      if (!status.online()) return
      void applyConnectivity()
    },
    accountGone: account.gone,
    async awaitInSync() {
      await ledger.flush()
      if (!leader) return
      await Promise.all(reps.map((r) => r.awaitInSync()))
    },
    async stop() {
      if (stopped) return
      stopped = true
      authListener.subscription.unsubscribe()
      for (const s of subs) s.unsubscribe()
      resyncs.stop()
      status.stop()
      notices.stop()
      if (channel) await supabase.removeChannel(channel).catch(() => undefined)
      await transition
      await Promise.all(reps.map((r) => r.cancel()))
      // Canceled first, so a handler let out of its backoff gives up instead of retrying.
      attempts.stop()
      await ledger.flush().catch(() => undefined)
      await refusals.flush()
      await status.close()
      await notices.close()
      ledger.stop()
      refusals.stop()
      account.stop()
    },
    replications,
  }
  return engine
}
