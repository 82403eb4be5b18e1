// Replication of products, customers and appointments between the local RxDB
// store and Supabase. See README.md beside this file for the invariants.
import { BehaviorSubject, Subject, Subscription, debounceTime, defer, exhaustMap, filter, firstValueFrom, switchMap, take, type Observable } from 'rxjs'
import {
  createRevision, getAssumedMasterState, getChangedDocumentsSince, getMetaWriteRow, now as storageNow, removeRxDatabase,
  type RxCollection, type RxDatabase, type RxDocumentData, type RxReplicationWriteToMasterRow, type WithDeleted,
} from 'rxdb'
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication'
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import type { SyncedRecords, SyncedTable } from '../domain/records.ts'
import { isNoticeable, mergeDocument, sameDocument } from './merge.ts'
import { createPendingLedger } from './pending.ts'
import { localDocument$ } from './local-document.ts'
import { fromServerRow, pullColumns, toServerRow } from './rows.ts'
import { bulkPull, type Checkpoint, type Page } from './bulk-pull.ts'
import { ROW_TOO_LARGE, pushParts } from './push-parts.ts'
import { SyncFailure, refusalReason, toSyncFailure, type SyncError } from './errors.ts'
import { browserConnectivity, type Connectivity } from './connectivity.ts'
import { SYNCED_TABLES, labelOf, referencesOf } from './tables.ts'
import { createRefusalStore, refusalKey, type RefusedChange, type SetAside } from './refusals.ts'

export type { Checkpoint }

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

export type MergeNotice = {
  key: string
  table: SyncedTable
  docId: string
  label: string
  /** Fields changed on both devices; this device's value was kept. */
  fields: string[]
  /** A delete gave way to an edit made on the other side. */
  restored: boolean
  at: number
}

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
const STATE_DOC = 'sync-state'
const MERGES_DOC = 'sync-merges'
const MAX_NOTICES = 20
// Enough for a burst of realtime events to become one pull.
const RESYNC_DEBOUNCE_MS = 25
// RxDB's own pause between retries; the real backoff is the engine's (see attempt()).
const RXDB_RETRY_MS = 10

type SharedState = { phase: SyncPhase; lastSyncedAt: number | null; error: SyncError | null }
type MergesData = { notices: MergeNotice[] }

// What the push function answers: the current row of every conflicting document, and the SQLSTATE of every refused one.
type PushAnswer = { conflicts: Array<Record<string, unknown>>; refused: Array<{ id: string; code: string }> }
type Doc = WithDeleted<Record<string, unknown>>
// A refused appointment that pointed at a refused customer goes again once that customer gets through.
const RETRIED_WITH_REFERENCE = new Set(['reference', 'forbidden'])

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

// How often a burst of realtime deletions may make the engine ask whether the account still exists.
const ACCOUNT_CHECK_MS = 10_000

export function startSync(opts: SyncOptions): SyncEngine {
  const { database: db, supabase } = opts
  const connectivity = opts.connectivity ?? browserConnectivity()
  const now = opts.now ?? Date.now
  const retry = opts.retryMs ?? { initial: 1_000, max: 60_000 }
  const live = opts.live ?? true
  const pullBatchSize = Math.min(opts.pullBatchSize ?? MAX_PULL_ROWS, MAX_PULL_ROWS)
  const ledger = createPendingLedger(db as unknown as RxDatabase)
  const refusals = createRefusalStore(db as unknown as RxDatabase)
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
  let stopped = false
  let leader = false
  let channel: RealtimeChannel | undefined
  // The latest failure of each table's pull and push, until that side succeeds
  // again: a retry loop stays active, so activity alone would hide an error.
  const failures = new Map<string, SyncError>()
  const currentError = (): SyncError | null => failures.values().next().value ?? null

  const streams = Object.fromEntries(SYNCED_TABLES.map((t) => [t, new Subject<'RESYNC'>()])) as Record<SyncedTable, Subject<'RESYNC'>>
  const resyncRequests = Object.fromEntries(SYNCED_TABLES.map((t) => [t, new Subject<void>()])) as Record<SyncedTable, Subject<void>>
  // Pull requests and reasons to resync (a realtime announcement, a
  // subscription, coming back online), numbered in the order they happen: a
  // pull request sent after a reason arose and answered with a short page
  // has read everything that reason can be about (see "the one resync").
  let pullSeq = 0
  const resyncWanted = Object.fromEntries(SYNCED_TABLES.map((t) => [t, 0])) as Record<SyncedTable, number>
  const caughtUpFrom = Object.fromEntries(SYNCED_TABLES.map((t) => [t, 0])) as Record<SyncedTable, number>
  function requestResync(t: SyncedTable) {
    resyncWanted[t] = ++pullSeq
    resyncRequests[t].next()
  }

  // Local writes (never replicated ones: those bypass collection hooks) are waiting until pushed.
  for (const t of SYNCED_TABLES) {
    const c = db[t] as unknown as RxCollection<Record<string, unknown>>
    const mark = (data: { id?: unknown }) => {
      if (!stopped && typeof data.id === 'string') ledger.mark(t, [data.id])
    }
    c.postInsert(mark, true)
    c.postSave(mark, true)
    c.postRemove(mark, true)
  }

  async function requireSession(): Promise<void> {
    // getSession refreshes an expired access token when it can.
    const { data, error } = await supabase.auth.getSession()
    if (error) throw toSyncFailure(error)
    const session = data.session
    if (!session) throw new SyncFailure('auth', 'no signed-in session')
    if (session.expires_at !== undefined && session.expires_at * 1000 <= now()) {
      throw new SyncFailure('auth', 'the session has expired and could not be refreshed')
    }
  }

  // A deleted account (delete-account) leaves this device holding a signed
  // access token that the data API still accepts: pulls answer nothing and
  // the store would keep the owner's data. GoTrue, unlike the data API, looks
  // the user up, so the engine asks it whenever it (re)starts and when
  // realtime announces a hard delete (tombstones are updates; rows are only
  // deleted outright by the tombstone purge and by deleting the account).
  // `user_not_found` is the one answer that means the account is gone: an
  // offline device or a revoked session keeps its store and its unsent edits.
  let settleAccountGone: (gone: boolean) => void = () => undefined
  const accountGone = new Promise<boolean>((resolve) => (settleAccountGone = resolve))
  let forgetting = false
  let lastAccountCheck = -Infinity
  const accountCheckMs = opts.accountCheckMs ?? ACCOUNT_CHECK_MS

  async function accountDeleted(): Promise<boolean> {
    lastAccountCheck = now()
    try {
      const { error } = await supabase.auth.getUser()
      return (error as { code?: unknown } | null)?.code === 'user_not_found'
    } catch {
      return false
    }
  }

  /**
   * The store's data and the session leave the device; the sign-out takes the
   * app to the sign-in screen. RxDB's removal empties the store; the app then
   * deletes its IndexedDB databases on a fresh page (src/db/forgotten.ts),
   * where no screen still reading the store can reopen them.
   */
  async function forgetAccount() {
    if (forgetting) return
    forgetting = true
    await engine.stop()
    await db.close().catch((error: unknown) => console.error('closing the deleted account\'s store failed', error))
    await supabase.auth.signOut({ scope: 'local' }).catch((error: unknown) => console.error('sign-out after account deletion failed', error))
    await removeRxDatabase(db.name, db.storage).catch((error: unknown) => console.error('the deleted account\'s local store could not be removed', error))
    settleAccountGone(true)
  }

  function checkAccountSoon() {
    if (stopped || !leader || !online$.value || now() - lastAccountCheck < accountCheckMs) return
    void accountDeleted().then((gone) => {
      if (gone) void forgetAccount()
    })
  }

  // Backoff after a failure, per table and direction. RxDB's own wait between
  // retries cannot be cut short, so it is kept minimal and handlers wait here
  // instead: retry(), reconnecting and a new session end the wait at once
  // rather than after up to retry.max.
  const delays = new Map<string, number>()
  const wake$ = new Subject<void>()
  function backoff(key: string): Promise<void> {
    const ms = delays.get(key) ?? retry.initial
    delays.set(key, Math.min(retry.max, ms * 2))
    return new Promise((resolve) => {
      const waiting = new Subscription()
      const done = () => {
        clearTimeout(timer)
        waiting.unsubscribe()
        resolve()
      }
      const timer = setTimeout(done, ms)
      // Once stopped (complete), nothing waits any more: done() may run right here.
      waiting.add(wake$.subscribe({ next: done, complete: done }))
    })
  }

  /** Runs one pull or push request, keeping the status and the backoff up to date. */
  async function attempt<R>(table: SyncedTable, direction: 'pull' | 'push', run: () => Promise<R>): Promise<R> {
    const key = failureKey(table, direction)
    try {
      const result = await run()
      delays.delete(key)
      const cleared = [key, failureKey(table, 'other')].map((k) => failures.delete(k))
      if (cleared.some(Boolean)) refreshLeaderState()
      return result
    } catch (error) {
      const failure = toSyncFailure(error)
      failures.set(key, { code: failure.code, message: failure.message })
      refreshLeaderState()
      await backoff(key)
      throw failure
    }
  }

  const collectionOf = (table: SyncedTable) => db[table] as unknown as RxCollection<Record<string, unknown>>

  function build<T extends SyncedTable>(table: T): RxReplicationState<SyncedRecords[T], Checkpoint> {
    const collection = db[table] as unknown as RxCollection<SyncedRecords[T]>
    return replicateRxCollection<SyncedRecords[T], Checkpoint>({
      collection,
      replicationIdentifier: `supabase:${table}`,
      deletedField: '_deleted',
      live,
      retryTime: RXDB_RETRY_MS,
      autoStart: false,
      waitForLeadership: false,
      pull: {
        batchSize: pullBatchSize,
        stream$: streams[table].asObservable(),
        handler: (checkpoint, batchSize) => attempt(table, 'pull', async () => {
          const first = await pullPage(table, checkpoint, batchSize)
          await refusalsLoaded()
          const { rows, sentAt } = first.fresh && first.rows.length === batchSize && !refusals.holds(table) ? await pullFresh(table, first, batchSize) : first
          const last = rows.at(-1)
          const documents = rows.map((r) => fromServerRow(table, r) as unknown as Doc)
          const kept = refusals.holds(table) ? await keepSetAside(table, documents) : documents
          // A short page ends RxDB's pull: the table has caught up with what the server held when this request went out.
          if (rows.length < batchSize) caughtUpFrom[table] = Math.max(caughtUpFrom[table], sentAt)
          return {
            documents: kept as unknown as Array<WithDeleted<SyncedRecords[T]>>,
            checkpoint: last ? { modified: String(last._modified), id: String(last.id) } : checkpoint,
          }
        }),
      },
      push: {
        batchSize: opts.pushBatchSize ?? 100,
        handler: (rows) => attempt(table, 'push', async () => {
          await Promise.all([requireSession(), refusalsLoaded()])
          await referencedFirst(table, rows)
          // A set-aside document's assumed state in RxDB is its refused version
          // (see "Refused changes"): the server compares against, and RxDB
          // merges a conflict on, the state the server really had. RxDB hands
          // the handler its own row objects and reads assumedMasterState from
          // them when it resolves a conflict.
          for (const r of rows) {
            const held = refusals.get(table, idOf(r.newDocumentState))
            if (held) r.assumedMasterState = (held.base ?? undefined) as typeof r.assumedMasterState
          }
          const payload = rows.map((r) => ({
            assumed: r.assumedMasterState ? toServerRow(table, r.assumedMasterState as Record<string, unknown>) : null,
            new: toServerRow(table, r.newDocumentState as Record<string, unknown>),
          }))
          const answer = await pushInParts(`public.${table}`, payload)
          const conflicts = answer.conflicts.map((r) => fromServerRow(table, r))
          const conflicted = new Set(conflicts.map((c) => c.id))
          await setAside(table, rows, answer.refused, conflicted)
          await forgetPushed(table, rows.map((r) => r.newDocumentState), conflicted)
          return conflicts
        }),
      },
    })
  }

  /**
   * A batch as sync_push requests within the data API's body limit, one
   * after the other (push-parts.ts), their answers joined. A part that fails
   * fails the batch, which RxDB pushes again whole: the parts already
   * applied then come back as conflicts equal to the device's own state,
   * which merge to nothing.
   */
  async function pushInParts(target: string, payload: Array<{ new: Record<string, unknown> }>): Promise<PushAnswer> {
    const { parts, tooLarge } = pushParts(target, payload)
    const answer: PushAnswer = { conflicts: [], refused: tooLarge.map((row) => ({ id: String(row.new.id), code: ROW_TOO_LARGE })) }
    for (const rows of parts) {
      const { data, error } = await supabase.rpc('sync_push', { target, rows })
      if (error) throw toSyncFailure(error)
      const part = readPushAnswer(data)
      answer.conflicts.push(...part.conflicts)
      answer.refused.push(...part.refused)
    }
    return answer
  }

  /** One page of the table after the checkpoint, in checkpoint order. */
  async function fetchPage(table: SyncedTable, checkpoint: Checkpoint | undefined, batchSize: number): Promise<Page> {
    let query = supabase.from(table).select(pullColumns(table))
    if (checkpoint) {
      query = query.or(`_modified.gt.${checkpoint.modified},and(_modified.eq.${checkpoint.modified},id.gt.${checkpoint.id})`)
    }
    const sentAt = ++pullSeq
    const { data, error } = await query.order('_modified').order('id').limit(batchSize)
    if (error) throw toSyncFailure(error)
    return { rows: (data ?? []) as unknown as Array<Record<string, unknown>>, sentAt }
  }

  // The first page of a table this device holds nothing of (a new device, a
  // new owner) is asked for as soon as the engine starts, beside RxDB's own
  // start of the replication (opening its state in the store, reading its
  // checkpoints), which would otherwise come first: that page is the start
  // of the whole initial pull. The first pull takes it if it asks for the
  // same page (no checkpoint: RxDB has not stored one either); otherwise,
  // or if the request failed, it asks again.
  const firstPages = new Map<SyncedTable, { batchSize: number; page: Promise<Page | undefined> }>()
  function prefetchFirstPages() {
    for (const t of SYNCED_TABLES) {
      const page = (async () => {
        // Deleted documents count: a store that holds only tombstones has pulled before.
        const held = await getChangedDocumentsSince(collectionOf(t).storageInstance, 1)
        if (held.documents.length > 0 || stopped) return undefined
        await requireSession()
        return await fetchPage(t, undefined, pullBatchSize)
      })().catch(() => undefined)
      firstPages.set(t, { batchSize: pullBatchSize, page })
    }
  }

  /**
   * The page a pull asks for: the one asked for early if it is that one, else
   * a new request. `fresh`: the start of the pull of a table the device held
   * nothing of (see pullFresh), or the rest of one after a failure.
   */
  async function pullPage(table: SyncedTable, checkpoint: Checkpoint | undefined, batchSize: number): Promise<Page & { fresh: boolean }> {
    const early = firstPages.get(table)
    firstPages.delete(table)
    const page = early && !checkpoint && early.batchSize === batchSize ? await early.page : undefined
    if (page) return { ...page, fresh: true }
    await requireSession()
    // RxDB asks again from where it started when a pull failed; pullFresh had stored more than that.
    const resume = checkpoint ? undefined : freshUpTo.get(table)
    return { ...(await fetchPage(table, resume ?? checkpoint, batchSize)), fresh: resume !== undefined }
  }

  // The initial pull of a table the device held nothing of is stored by
  // bulk-pull.ts, pipelined, rather than page by page by RxDB; RxDB takes over
  // at its end, or at the first document the device knows.
  const freshUpTo = new Map<SyncedTable, Checkpoint>()
  async function pullFresh(table: SyncedTable, first: Page, batchSize: number): Promise<Page> {
    const rep = replications[table]
    const internal = rep.internalReplicationState
    if (!internal) return first
    const page = await bulkPull(first, {
      internal: internal as never,
      batchSize,
      fetchPage: async (after) => {
        await requireSession()
        return fetchPage(table, after, batchSize)
      },
      toDoc: (row) => fromServerRow(table, row) as unknown as Doc,
      running: () => !stopped && !rep.isStoppedOrPaused(),
      stored: (checkpoint) => freshUpTo.set(table, checkpoint),
    })
    freshUpTo.delete(table)
    return page
  }

  /** A document pointing at another table's document waits (a while) for that table's changes to reach the server. */
  async function referencedFirst<T extends SyncedTable>(table: T, rows: Array<RxReplicationWriteToMasterRow<SyncedRecords[T]>>) {
    const refs = referencesOf(table).filter((ref) => rows.some((r) => (r.newDocumentState as Record<string, unknown>)[ref.column]))
    if (refs.length === 0) return
    // A customer made offline together with its appointment must reach the server first.
    await Promise.race([Promise.all(refs.map((ref) => replications[ref.table].awaitInSync())), sleep(5_000)])
  }

  // Refused changes ----------------------------------------------------------
  //
  // The push function applies what it can and names the documents it refused
  // (a check, RLS, a malformed value) with a SQLSTATE. A refused document is
  // set aside: the handler reports no conflict for it, so RxDB records the
  // refused version as what the server holds and goes on with the queue,
  // instead of retrying the whole batch for ever. The engine keeps the truth
  // beside it (refusals.ts): the server state the document was derived from
  // (`base`) and the newest one seen (`server`). Until the owner decides:
  //   - a pull of the row does not overwrite the refused version: RxDB is
  //     handed back what it believes, and `server` is updated;
  //   - a new local edit is pushed against `base`, and merged on it if the
  //     server moved on; if it gets through, the document is no longer set aside;
  //   - retry tells RxDB the real server state (`base`), so the document is a
  //     change waiting again, and writes a new revision of it to wake the
  //     push, whose answer releases the document or sets it aside again;
  //   - discard tells RxDB and the store that the document is `server`, or
  //     deletes it locally if the server never had it, and pushes nothing.

  async function setAside<T extends SyncedTable>(
    table: T,
    rows: Array<RxReplicationWriteToMasterRow<SyncedRecords[T]>>,
    refused: PushAnswer['refused'],
    conflicted: Set<string>,
  ) {
    const reasons = new Map(refused.map((r) => [r.id, refusalReason(r.code)]))
    const put: SetAside[] = []
    const release: string[] = []
    const applied: string[] = []
    for (const r of rows) {
      const doc = r.newDocumentState as unknown as Doc
      const id = idOf(doc)
      const reason = reasons.get(id)
      const before = refusals.get(table, id)
      if (!reason) {
        if (before) release.push(before.key)
        if (!conflicted.has(id)) applied.push(id)
        continue
      }
      const base = (r.assumedMasterState as unknown as Doc | undefined) ?? null
      const server = before ? before.server : base
      put.push({
        key: refusalKey(table, id), table, docId: id, label: labelOf(table, doc), reason,
        deleted: Boolean(doc._deleted), created: server === null, at: now(), base, server,
      })
    }
    await refusals.update(put, release)
    if (applied.length > 0) void retryDependents(table, applied)
  }

  /** Pulled rows of set-aside documents: remember them, and leave RxDB's view (the refused version) as it is. */
  async function keepSetAside(table: SyncedTable, docs: Doc[]): Promise<Doc[]> {
    const ids = docs.map(idOf).filter((id) => refusals.get(table, id))
    const internal = replications[table].internalReplicationState
    if (ids.length === 0 || !internal) return docs
    const [assumed, local] = await Promise.all([
      getAssumedMasterState(internal as never, ids) as Promise<Record<string, { docData: Doc } | undefined>>,
      collectionOf(table).storageInstance.findDocumentsById(ids, true),
    ])
    const mine = new Map(local.map((d) => [idOf(d), d as unknown as Doc]))
    const put: SetAside[] = []
    const release: string[] = []
    const out = docs.map((doc) => {
      const entry = refusals.get(table, idOf(doc))
      if (!entry) return doc
      const current = mine.get(entry.docId)
      // The server holds this device's version now (another device made the same change): nothing is set aside any more.
      if (!current || sameDocument(table, current as never, doc as never)) {
        release.push(entry.key)
        return doc
      }
      put.push({ ...entry, server: doc, created: false })
      // Without an assumed state RxDB treats the document as a local change and leaves it alone anyway.
      return assumed[entry.docId]?.docData ?? doc
    })
    await refusals.update(put, release)
    return out
  }

  /** Set-aside documents pointing at documents that just reached the server go again. */
  async function retryDependents(table: SyncedTable, applied: string[]) {
    const reached = new Set(applied)
    for (const dependent of SYNCED_TABLES) {
      const refs = referencesOf(dependent).filter((ref) => ref.table === table)
      if (refs.length === 0) continue
      const waiting = refusals.list(dependent).filter((c) => RETRIED_WITH_REFERENCE.has(c.reason))
      if (waiting.length === 0) continue
      const docs = await collectionOf(dependent).storageInstance.findDocumentsById(waiting.map((c) => c.docId), true)
      for (const doc of docs) {
        const points = refs.some((ref) => reached.has(String((doc as Record<string, unknown>)[ref.column] ?? '')))
        if (points) void settle(refusalKey(dependent, idOf(doc)), 'retry')
      }
    }
  }

  // Retry and discard write RxDB's state of a document and the document
  // itself. No pull or push of the table may interleave: a pull that had
  // read the old state would write it back over the new one. So the table's
  // replication is paused (a paused replication stores nothing it fetches)
  // until it is idle, and the work runs in line with connectivity changes,
  // which pause and start replications too. Starting again resyncs, which
  // also pushes a retried document.
  function settle(key: string, how: 'retry' | 'discard'): Promise<void> {
    const run = transition.then(async () => {
      await refusalsLoaded()
      const entry = refusals.byKey(key)
      if (!entry || stopped || !leader) return
      const rep = replications[entry.table] as unknown as RxReplicationState<Record<string, unknown>, Checkpoint>
      const internal = rep.internalReplicationState
      // Not started yet (offline since opening): RxDB's state cannot be told anything.
      if (!internal) return
      const running = rep.wasStarted && !rep.isPaused()
      if (running) await rep.pause()
      // A handler waiting out a backoff gives up at once instead.
      wake$.next()
      try {
        await firstValueFrom(rep.active$.pipe(filter((active) => !active)))
        if (stopped) return
        await settleNow(entry, internal, how)
      } finally {
        if (running && !stopped && online$.value) await rep.start()
      }
    })
    transition = run.catch((error: unknown) => {
      if (!stopped && !db.closed) console.error('a refused change could not be settled', error)
    })
    return run
  }

  async function settleNow(entry: SetAside, internal: NonNullable<RxReplicationState<Record<string, unknown>, Checkpoint>['internalReplicationState']>, how: 'retry' | 'discard') {
    const collection = collectionOf(entry.table)
    const [current] = await collection.storageInstance.findDocumentsById([entry.docId], true)
    if (!current) {
      await refusals.update([], [entry.key])
      return
    }
    const assumed = (await getAssumedMasterState(internal, [entry.docId]))[entry.docId]
    const tellRxdb = async (state: Doc) => {
      const row = await getMetaWriteRow(internal, state, assumed?.metaDocument)
      const { error } = await internal.input.metaInstance.bulkWrite([row], 'sync-set-aside')
      if (error.length > 0) throw new Error(`replication state of ${entry.key} not written: ${error[0]!.status}`)
    }
    const mine = plainDoc(current)
    if (how === 'discard') {
      const target = entry.server ?? { ...mine, _deleted: true }
      // RxDB first: the store write that follows then equals what it assumes, and is not pushed.
      await tellRxdb(target)
      await rewrite(collection, current, target)
      await refusals.update([], [entry.key])
    } else {
      // The entry stays until the push's answer releases or renews it: meanwhile pushes still go against `base`.
      // Without a base, anything unequal to the document will do: RxDB pushes it, and the push goes as a create.
      await tellRxdb(entry.base ?? { ...mine, _deleted: !mine._deleted })
      ledger.mark(entry.table, [entry.docId])
      await rewrite(collection, current, mine)
    }
  }

  /** Writes a document straight to the store (a new revision, outside collection hooks), as the replication itself does. */
  async function rewrite(collection: RxCollection<Record<string, unknown>>, previous: RxDocumentData<Record<string, unknown>>, next: Doc) {
    const document = {
      ...next,
      _deleted: Boolean(next._deleted),
      _attachments: {},
      // RxDB's clock: the upstream finds changed documents by it.
      _meta: { ...previous._meta, lwt: storageNow() },
      _rev: createRevision(db.token, previous),
    } as RxDocumentData<Record<string, unknown>>
    const { error } = await collection.storageInstance.bulkWrite([{ previous, document }], 'sync-set-aside')
    if (error.length > 0) throw new Error(`${collection.name} ${idOf(next)} not written: ${error[0]!.status}`)
  }

  async function forgetPushed<T extends SyncedTable>(table: T, pushed: Array<WithDeleted<SyncedRecords[T]>>, conflicted: Set<string>) {
    const done = pushed.filter((d) => !conflicted.has(d.id))
    if (done.length === 0) return
    const since = ledger.version()
    const current = await (db[table] as unknown as RxCollection<SyncedRecords[T]>).findByIds(done.map((d) => d.id)).exec()
    const settled = done.filter((d) => {
      const doc = current.get(d.id)
      // Written again since this push: still waiting.
      if (!doc) return true
      return sameDocument(table, doc.toMutableJSON(true) as WithDeleted<SyncedRecords[T]>, d)
    })
    await ledger.clear(table, settled.map((d) => d.id), since)
  }

  // Some changes never reach the push handler, so forgetPushed never sees them:
  // a conflict whose merge is exactly the server's state (a delete met by a
  // delete, an edit the other device had made too, a restore) and a document
  // edited back to what the server holds. Once a replication is idle, every
  // id whose document equals what RxDB knows the server to hold is settled.
  async function forgetSettled<T extends SyncedTable>(table: T) {
    const internal = (replications[table] as unknown as RxReplicationState<SyncedRecords[T], Checkpoint>).internalReplicationState
    if (!internal || stopped) return
    const since = ledger.version()
    const ids = await ledger.ids(table)
    if (ids.length === 0) return
    const collection = db[table] as unknown as RxCollection<SyncedRecords[T]>
    const [assumed, docs] = await Promise.all([
      getAssumedMasterState(internal, ids),
      collection.storageInstance.findDocumentsById(ids, true),
    ])
    const local = new Map(docs.map((d) => [d.id, d as unknown as WithDeleted<SyncedRecords[T]>]))
    const settled = ids.filter((id) => {
      const server = assumed[id]?.docData as WithDeleted<SyncedRecords[T]> | undefined
      const doc = local.get(id)
      return server !== undefined && doc !== undefined && sameDocument(table, doc, server)
    })
    await ledger.clear(table, settled, since)
  }

  const replications = Object.fromEntries(SYNCED_TABLES.map((t) => [t, build(t)])) as unknown as SyncEngine['replications']
  const reps = SYNCED_TABLES.map((t) => replications[t] as RxReplicationState<unknown, Checkpoint>)

  // A resync starts a pull from the checkpoint and, in RxDB, an upstream scan
  // of every local change since its own checkpoint. During a pull that scan
  // would meet rows already stored but whose assumed server state is not yet
  // (RxDB writes it right after) and push them back as local edits — the
  // initial pull of a large catalogue and the realtime channel's first
  // subscription overlap exactly so. Requests therefore wait until the table's
  // replication is idle, and never before its first pull is done (a start is
  // a full sync already; between two pages of it the replication looks idle
  // for a moment, and a resync there re-read every row pulled so far); the
  // one resync then issued covers all of them, since its pull starts after
  // they arrived. None is issued when a pull sent after the newest of them
  // has already read to the end (the subscription made while a start's first
  // pull was still going, realtime announcing rows the pull then fetched):
  // that pull saw all they could be about, and a resync would only re-ask.
  for (const t of SYNCED_TABLES) {
    const rep = replications[t] as RxReplicationState<unknown, Checkpoint>
    const idle$ = defer(() => rep.awaitInitialReplication()).pipe(switchMap(() => rep.active$.pipe(filter((active) => !active), take(1))))
    subs.push(resyncRequests[t].pipe(debounceTime(RESYNC_DEBOUNCE_MS), exhaustMap(() => idle$)).subscribe(() => {
      if (caughtUpFrom[t] > resyncWanted[t]) return
      streams[t].next('RESYNC')
    }))
  }

  // Status ------------------------------------------------------------------

  const shared$ = new BehaviorSubject<SharedState>({ phase: 'starting', lastSyncedAt: null, error: null })
  const online$ = new BehaviorSubject(connectivity.isOnline())
  const pending$ = new BehaviorSubject(0)
  const refused$ = new BehaviorSubject<RefusedChange[]>([])
  const status$ = new BehaviorSubject<SyncStatus>(compose())
  const merges$ = new BehaviorSubject<MergeNotice[]>([])

  function compose(): SyncStatus {
    const shared = shared$.value
    const online = online$.value
    return {
      phase: online ? shared.phase === 'offline' ? 'starting' : shared.phase : 'offline',
      online,
      pending: pending$.value,
      refused: refused$.value.length,
      lastSyncedAt: shared.lastSyncedAt,
      error: online ? shared.error : null,
      leader,
    }
  }
  const publish = () => {
    if (!stopped) status$.next(compose())
  }
  subs.push(online$.subscribe(publish), pending$.subscribe(publish), shared$.subscribe(publish), refused$.subscribe(publish))
  subs.push(ledger.count$.subscribe((n) => pending$.next(n)), refusals.changes$.subscribe((list) => refused$.next(list)))

  // Every tab reads the leader's view of the replication from a shared local document.
  subs.push(
    localDocument$<SharedState>(db as unknown as RxDatabase, STATE_DOC).subscribe((doc) => {
      if (doc) shared$.next(doc.toJSON().data)
    }),
    localDocument$<MergesData>(db as unknown as RxDatabase, MERGES_DOC).subscribe((doc) => {
      merges$.next(doc ? ([...doc.toJSON().data.notices] as MergeNotice[]) : [])
    }),
  )

  let writingState: Promise<unknown> = Promise.resolve()
  function writeShared(next: SharedState) {
    const prev = shared$.value
    if (prev.phase === next.phase && prev.lastSyncedAt === next.lastSyncedAt && prev.error?.code === next.error?.code && prev.error?.message === next.error?.message) return
    shared$.next(next)
    writingState = writingState.then(() => db.upsertLocal<SharedState>(STATE_DOC, next)).catch(() => undefined)
  }

  function leaderPhase(): SharedState {
    const active = reps.some((r) => (r.subjects.active as BehaviorSubject<boolean>).value)
    const prev = shared$.value
    if (!online$.value) return { ...prev, phase: 'offline', error: null }
    const error = currentError()
    if (error) return { ...prev, phase: 'error', error }
    if (active) return { ...prev, phase: 'syncing', error: null }
    const started = reps.every((r) => r.wasStarted && !r.isStoppedOrPaused())
    if (!started) return { ...prev, phase: 'starting' }
    return { phase: 'idle', error: null, lastSyncedAt: now() }
  }
  const refreshLeaderState = () => {
    if (leader && !stopped) writeShared(leaderPhase())
  }

  for (const t of SYNCED_TABLES) {
    subs.push(
      replications[t].active$.pipe(filter((active) => !active)).subscribe(() => {
        void forgetSettled(t).catch((error: unknown) => {
          if (!stopped && !db.closed) console.error('pending-change ledger check failed', error)
        })
      }),
    )
  }

  for (const t of SYNCED_TABLES) {
    const rep = replications[t] as RxReplicationState<unknown, Checkpoint>
    subs.push(
      rep.active$.subscribe(refreshLeaderState),
      rep.error$.subscribe((err) => {
        // A handler's failure is already recorded by attempt(); anything else RxDB reports lands here.
        if (fromHandler(err)) return
        const failure = toSyncFailure(unwrapRxError(err))
        failures.set(failureKey(t, 'other'), { code: failure.code, message: failure.message })
        refreshLeaderState()
      }),
    )
  }

  // Merges the owner should hear about.
  for (const t of SYNCED_TABLES) {
    subs.push(
      (replications[t] as RxReplicationState<unknown, Checkpoint>).conflict$.subscribe(({ input }) => {
        const result = mergeDocument(t, input.assumedMasterState as never, input.newDocumentState as never, input.realMasterState as never)
        if (!isNoticeable(result)) return
        const doc = result.merged as unknown as Record<string, unknown>
        const notice: MergeNotice = {
          key: `${t}:${String(doc.id)}:${now()}`,
          table: t,
          docId: String(doc.id),
          label: labelOf(t, doc),
          fields: result.bothChanged,
          restored: result.restored,
          at: now(),
        }
        void updateMerges((list) => [notice, ...list.filter((n) => !(n.table === t && n.docId === notice.docId))].slice(0, MAX_NOTICES))
      }),
    )
  }

  let writingMerges: Promise<unknown> = Promise.resolve()
  function updateMerges(change: (list: MergeNotice[]) => MergeNotice[]): Promise<unknown> {
    writingMerges = writingMerges
      .then(async () => {
        const doc = await db.getLocal<MergesData>(MERGES_DOC)
        const list = doc ? ([...doc.toJSON().data.notices] as MergeNotice[]) : []
        await db.upsertLocal<MergesData>(MERGES_DOC, { notices: change(list) })
      })
      .catch((error: unknown) => {
        if (!db.closed) console.error('merge notice write failed', error)
      })
    return writingMerges
  }

  // Running, pausing, resuming ----------------------------------------------------

  function resyncAll() {
    for (const t of SYNCED_TABLES) requestResync(t)
  }

  let transition: Promise<unknown> = Promise.resolve()
  function applyConnectivity() {
    transition = transition.then(async () => {
      if (stopped || !leader) return
      if (online$.value) {
        // Asked beside the first pull, not before it: the answer is nearly
        // always "still here", and a start should not wait a round trip for it.
        void accountDeleted().then((gone) => {
          if (gone) void forgetAccount()
        })
        // Failures from before are stale: this is a fresh attempt, at once.
        failures.clear()
        delays.clear()
        wake$.next()
        // Together: each start opens the table's replication state in the
        // store before its first pull, and none of them needs another's.
        // (Pushes still wait for the tables they point at: referencedFirst.)
        await Promise.all(reps.filter((rep) => !rep.wasStarted || rep.isPaused()).map((rep) => rep.start()))
        resyncAll()
      } else {
        for (const rep of reps) if (rep.wasStarted && !rep.isPaused()) await rep.pause()
      }
      refreshLeaderState()
    }).catch((error: unknown) => console.error('sync could not change state', error))
    return transition
  }

  subs.push({ unsubscribe: connectivity.subscribe((online) => {
    if (online === online$.value) return
    online$.next(online)
    void applyConnectivity()
  }) } as Subscription)

  // A refreshed or new session unblocks a replication that failed for want of
  // one (an auth error, or a network error from a refresh that could not be
  // sent). Only after a failure: with a short-lived token every request may
  // refresh it, and a resync per refresh would never let sync go idle.
  const { data: authListener } = supabase.auth.onAuthStateChange((event) => {
    if ((event === 'TOKEN_REFRESHED' || event === 'SIGNED_IN') && failures.size > 0) setTimeout(() => engine.retry(), 0)
  })

  function openChannel() {
    if (!live || channel) return
    let ch = supabase.channel(`sync-${db.name}`)
    for (const t of SYNCED_TABLES) {
      ch = ch.on('postgres_changes', { event: '*', schema: 'public', table: t }, (change: { eventType?: string }) => {
        if (change.eventType === 'DELETE') checkAccountSoon()
        requestResync(t)
      })
    }
    // Every (re)subscription may have missed events: pull from the checkpoint.
    channel = ch.subscribe((state) => {
      if (state === 'SUBSCRIBED') resyncAll()
    })
  }

  void (async () => {
    if (opts.waitForLeadership ?? true) await db.waitForLeadership()
    if (stopped) return
    leader = true
    // Pulls and pushes wait for it before they look at the set-aside documents (refusalsLoaded).
    void refusalsLoaded().catch((error: unknown) => {
      if (!stopped && !db.closed) console.error('the refused-change list could not be read', error)
    })
    publish()
    if (online$.value) prefetchFirstPages()
    openChannel()
    await applyConnectivity()
  })().catch((error: unknown) => {
    if (!stopped) console.error('sync could not start', error)
  })

  const engine: SyncEngine = {
    status$: status$.asObservable(),
    status: () => status$.value,
    merges$: merges$.asObservable(),
    dismissMerge: (key) => updateMerges((list) => list.filter((n) => n.key !== key)).then(() => undefined),
    refused$: refused$.asObservable(),
    retryRefused: (key) => settle(key, 'retry'),
    discardRefused: (key) => settle(key, 'discard'),
    retry() {
      if (stopped || !leader) return
      if (!online$.value) return
      void applyConnectivity()
    },
    accountGone,
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
      if (channel) await supabase.removeChannel(channel).catch(() => undefined)
      await transition
      await Promise.all(reps.map((r) => r.cancel()))
      // Canceled first, so a handler let out of its backoff gives up instead of retrying.
      wake$.next()
      wake$.complete()
      await ledger.flush().catch(() => undefined)
      await refusals.flush()
      await writingState
      await writingMerges
      ledger.stop()
      refusals.stop()
      status$.complete()
      merges$.complete()
      refused$.complete()
      if (!forgetting) settleAccountGone(false)
    },
    replications,
  }
  return engine
}

const failureKey = (table: SyncedTable, direction: 'pull' | 'push' | 'other') => `${table}:${direction}`

const idOf = (doc: unknown): string => String((doc as { id: unknown }).id)

/** A stored document without the storage's bookkeeping (_rev, _meta, _attachments): what RxDB's replication compares and records. */
function plainDoc(stored: RxDocumentData<Record<string, unknown>>): Doc {
  const { _rev: _r, _meta: _m, _attachments: _a, ...doc } = stored
  return { ...doc, _deleted: Boolean(doc._deleted) } as Doc
}

function readPushAnswer(data: unknown): PushAnswer {
  const answer = (data ?? {}) as Partial<PushAnswer>
  if (!Array.isArray(answer.conflicts) || !Array.isArray(answer.refused)) {
    throw new SyncFailure('unknown', 'the push function answered in an unknown shape')
  }
  return { conflicts: answer.conflicts, refused: answer.refused }
}

/** RxDB names the direction only on the errors a pull or push handler threw. */
function fromHandler(err: unknown): boolean {
  return (err as { parameters?: { direction?: unknown } } | undefined)?.parameters?.direction !== undefined
}

/** RxDB wraps handler failures (RC_PULL / RC_PUSH) with the original in parameters.errors. */
function unwrapRxError(err: unknown): unknown {
  const params = (err as { parameters?: { errors?: unknown[] } } | undefined)?.parameters
  const inner = params?.errors?.[0]
  return inner ?? err
}
