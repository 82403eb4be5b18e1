// When a table pulls again from its checkpoint outside RxDB's own pulls: on a
// realtime announcement, on every (re)subscription of the channel, and on
// coming back online. RxDB's resync is two things: a pull from the
// checkpoint and an upstream scan of every local change since its own
// checkpoint. During a pull that scan would meet rows already stored whose
// assumed server state is not yet (RxDB writes it right after) and push them
// back as local edits; the initial pull of a large catalogue and the
// channel's first subscription overlap exactly so. So:
//   - requests wait until the table's replication is idle, and never before
//     its first pull is done (a start is a full sync already; between two
//     pages of it the replication looks idle for a moment, and a resync there
//     re-read every row pulled so far);
//   - requests made meanwhile become one resync, whose pull starts after
//     they all arose;
//   - none is issued when a pull request sent after the newest reason has
//     already been answered with a short page: that pull read everything the
//     reason can be about (the subscription made while a start's first pull
//     was still going, an announcement of rows the pull then fetched).
// Pull requests and reasons are numbered in one sequence to tell which came
// first.
import { Subject, debounceTime, defer, exhaustMap, filter, switchMap, take, type Observable, type Subscription } from 'rxjs'
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import type { SyncedTable } from '../domain/records.ts'

// Enough for a burst of realtime events to become one pull.
export const RESYNC_DEBOUNCE_MS = 25

/** What the rule reads of a table's RxDB replication. */
export type ReplicationActivity = {
  awaitInitialReplication(): Promise<void>
  readonly active$: Observable<boolean>
}

export type Resyncs = {
  /** The table's pull.stream$ for RxDB: 'RESYNC' whenever it should pull from its checkpoint. */
  stream$(table: SyncedTable): Observable<'RESYNC'>
  /** A reason to pull the table again arose. */
  request(table: SyncedTable): void
  requestAll(): void
  /** Numbers a pull request as it is sent. */
  sent(): number
  /** The pull request numbered `sentAt` was answered with a short page: the table caught up with the server as of then. */
  caughtUp(table: SyncedTable, sentAt: number): void
  /** Issues the table's resyncs by the rule above, once it is replicating. */
  follow(table: SyncedTable, replication: ReplicationActivity): void
  stop(): void
}

export function createResyncs(tables: readonly SyncedTable[]): Resyncs {
  const perTable = <V>(make: () => V) => Object.fromEntries(tables.map((t) => [t, make()])) as Record<SyncedTable, V>
  const streams = perTable(() => new Subject<'RESYNC'>())
  const requests = perTable(() => new Subject<void>())
  let seq = 0
  const wanted = perTable(() => 0)
  const caughtUpFrom = perTable(() => 0)
  const subs: Subscription[] = []

  function request(table: SyncedTable) {
    wanted[table] = ++seq
    requests[table].next()
  }

  return {
    stream$: (table) => streams[table].asObservable(),
    request,
    requestAll() {
      for (const t of tables) request(t)
    },
    sent: () => ++seq,
    caughtUp(table, sentAt) {
      caughtUpFrom[table] = Math.max(caughtUpFrom[table], sentAt)
    },
    follow(table, rep) {
      const idle$ = defer(() => rep.awaitInitialReplication()).pipe(switchMap(() => rep.active$.pipe(filter((active) => !active), take(1))))
      subs.push(requests[table].pipe(debounceTime(RESYNC_DEBOUNCE_MS), exhaustMap(() => idle$)).subscribe(() => {
        if (caughtUpFrom[table] > wanted[table]) return
        streams[table].next('RESYNC')
      }))
    },
    stop() {
      for (const s of subs.splice(0)) s.unsubscribe()
    },
  }
}

export type ChangeListener = {
  /** A change to the table was announced (eventType as realtime names it: INSERT, UPDATE, DELETE). */
  changed(table: SyncedTable, eventType: string | undefined): void
  /** The channel (re)subscribed: anything announced while it was not may have been missed. */
  subscribed(): void
}

/** One realtime channel for every synced table; RLS decides which rows' changes this owner hears. */
export function openChanges(supabase: Pick<SupabaseClient, 'channel'>, name: string, tables: readonly SyncedTable[], listener: ChangeListener): RealtimeChannel {
  let ch = supabase.channel(name)
  for (const t of tables) {
    ch = ch.on('postgres_changes', { event: '*', schema: 'public', table: t }, (change: { eventType?: string }) => {
      listener.changed(t, change.eventType)
    })
  }
  return ch.subscribe((state) => {
    if (state === 'SUBSCRIBED') listener.subscribed()
  })
}
