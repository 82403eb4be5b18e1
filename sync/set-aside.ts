// Refused changes, on the replication's side. The push function applies what
// it can and names the documents it refused (a check, RLS, a malformed
// value) with a SQLSTATE. A refused document is set aside: the push handler
// reports no conflict for it, so RxDB records the refused version as what
// the server holds and goes on with the queue, instead of retrying the whole
// batch for ever. The truth is kept beside it (refusals.ts): the server
// state the document was derived from (`base`) and the newest one seen
// (`server`). Until the owner decides:
//   - a pull of the row does not overwrite the refused version: RxDB is
//     handed back what it believes, and `server` is updated;
//   - a new local edit is pushed against `base` (push.ts), and merged on it
//     if the server moved on; if it gets through, the document is no longer
//     set aside;
//   - retry tells RxDB the real server state (`base`), so the document is a
//     change waiting again, and writes a new revision of it to wake the
//     push, whose answer releases the document or sets it aside again;
//   - discard tells RxDB and the store that the document is `server`, or
//     deletes it locally if the server never had it, and pushes nothing.
// A document refused for pointing at another one goes again by itself once
// that one reaches the server.
import { filter, firstValueFrom } from 'rxjs'
import {
  createRevision, getAssumedMasterState, getMetaWriteRow, now as storageNow,
  type RxCollection, type RxDatabase, type RxDocumentData, type RxReplicationWriteToMasterRow, type WithDeleted,
} from 'rxdb'
import type { RxReplicationState } from 'rxdb/plugins/replication'
import type { SyncedTable } from '../domain/records.ts'
import type { Checkpoint } from './bulk-pull.ts'
import { refusalReason } from './errors.ts'
import { sameDocument } from './merge.ts'
import type { PendingLedger } from './pending.ts'
import { refusalKey, type RefusalStore, type SetAside } from './refusals.ts'
import { SYNCED_TABLES, labelOf, referencesOf } from './tables.ts'
import type { PushAnswer } from './push.ts'

type Doc = WithDeleted<Record<string, unknown>>
type Replication = RxReplicationState<Record<string, unknown>, Checkpoint>
type Internal = NonNullable<Replication['internalReplicationState']>

// A refused appointment that pointed at a refused customer goes again once that customer gets through.
const RETRIED_WITH_REFERENCE = new Set(['reference', 'forbidden'])

export type SetAsideOptions = {
  db: RxDatabase
  refusals: RefusalStore
  /** Resolves once the refusal store has read its stored list. */
  loaded: () => Promise<void>
  ledger: PendingLedger
  replication: (table: SyncedTable) => Replication
  /**
   * Runs work in line with the engine's other changes of replication state
   * (pausing and starting on connectivity); a failure is passed to onError
   * for the line and rejects the returned promise.
   */
  inLine: <T>(work: () => Promise<T>, onError: (error: unknown) => void) => Promise<T>
  /** Ends the backoff a handler may be waiting out (attempts.ts). */
  wake: () => void
  running: () => boolean
  leader: () => boolean
  online: () => boolean
  now: () => number
}

export type SetAsideFlow = {
  /** A push's answer for its rows: refused documents set aside, documents that got through released. */
  pushed(table: SyncedTable, rows: Array<RxReplicationWriteToMasterRow<Record<string, unknown>>>, refused: PushAnswer['refused'], conflicted: Set<string>): Promise<void>
  /** Pulled documents as RxDB is to store them: a set-aside document stays as the device wrote it. */
  pulled(table: SyncedTable, docs: Doc[]): Promise<Doc[]>
  /** Retry or discard a set-aside change (the replicating tab only; nothing happens elsewhere). */
  settle(key: string, how: 'retry' | 'discard'): Promise<void>
}

const idOf = (doc: unknown): string => String((doc as { id: unknown }).id)

export function createSetAsideFlow(opts: SetAsideOptions): SetAsideFlow {
  const { db, refusals, now } = opts
  const collectionOf = (table: SyncedTable) => db[table] as unknown as RxCollection<Record<string, unknown>>

  async function pushed(table: SyncedTable, rows: Array<RxReplicationWriteToMasterRow<Record<string, unknown>>>, refused: PushAnswer['refused'], conflicted: Set<string>) {
    const reasons = new Map(refused.map((r) => [r.id, refusalReason(r.code)]))
    const put: SetAside[] = []
    const release: string[] = []
    const applied: string[] = []
    for (const r of rows) {
      const doc = r.newDocumentState as Doc
      const id = idOf(doc)
      const reason = reasons.get(id)
      const before = refusals.get(table, id)
      if (!reason) {
        if (before) release.push(before.key)
        if (!conflicted.has(id)) applied.push(id)
        continue
      }
      const base = (r.assumedMasterState as Doc | undefined) ?? null
      const server = before ? before.server : base
      put.push({
        key: refusalKey(table, id), table, docId: id, label: labelOf(table, doc), reason,
        deleted: Boolean(doc._deleted), created: server === null, at: now(), base, server,
      })
    }
    await refusals.update(put, release)
    if (applied.length > 0) void retryDependents(table, applied)
  }

  async function pulled(table: SyncedTable, docs: Doc[]): Promise<Doc[]> {
    const ids = docs.map(idOf).filter((id) => refusals.get(table, id))
    const internal = opts.replication(table).internalReplicationState
    if (ids.length === 0 || !internal) return docs
    const [assumed, local] = await Promise.all([
      getAssumedMasterState(internal, ids) as Promise<Record<string, { docData: Doc } | undefined>>,
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
    return opts.inLine(async () => {
      await opts.loaded()
      const entry = refusals.byKey(key)
      if (!entry || !opts.running() || !opts.leader()) return
      const rep = opts.replication(entry.table)
      const internal = rep.internalReplicationState
      // Not started yet (offline since opening): RxDB's state cannot be told anything.
      if (!internal) return
      const running = rep.wasStarted && !rep.isPaused()
      if (running) await rep.pause()
      // A handler waiting out a backoff gives up at once instead.
      opts.wake()
      try {
        await firstValueFrom(rep.active$.pipe(filter((active) => !active)))
        if (!opts.running()) return
        await settleNow(entry, internal, how)
      } finally {
        if (running && opts.running() && opts.online()) await rep.start()
      }
    }, (error: unknown) => {
      if (opts.running() && !db.closed) console.error('a refused change could not be settled', error)
    })
  }

  async function settleNow(entry: SetAside, internal: Internal, how: 'retry' | 'discard') {
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
      opts.ledger.mark(entry.table, [entry.docId])
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

  return { pushed, pulled, settle }
}

/** A stored document without the storage's bookkeeping (_rev, _meta, _attachments): what RxDB's replication compares and records. */
function plainDoc(stored: RxDocumentData<Record<string, unknown>>): Doc {
  const { _rev: _r, _meta: _m, _attachments: _a, ...doc } = stored
  return { ...doc, _deleted: Boolean(doc._deleted) } as Doc
}
