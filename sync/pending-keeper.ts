// When a change starts and stops waiting for the server, in the ledger of
// pending.ts. A local write marks its document; a replicated write never does
// (RxDB's replication writes past the collection hooks). A mark is cleared
// once the server holds the document as the device has it, which is learnt
// in two ways: a push that carried the current state without a conflict, and,
// for changes that never reach the push handler, the replication at rest
// (below). A document written again after the decision was taken stays
// marked (the ledger's `since`).
import { getAssumedMasterState, type RxCollection, type RxDatabase, type WithDeleted } from 'rxdb'
import type { RxReplicationState } from 'rxdb/plugins/replication'
import type { SyncedTable } from '../domain/records.ts'
import type { Checkpoint } from './bulk-pull.ts'
import { sameDocument } from './merge.ts'
import type { PendingLedger } from './pending.ts'

type Doc = WithDeleted<Record<string, unknown>>

const collectionOf = (db: RxDatabase, table: SyncedTable) => db[table] as unknown as RxCollection<Record<string, unknown>>

/** Marks every local write of the tables as waiting, while `running()` holds. */
export function markLocalWrites(db: RxDatabase, tables: readonly SyncedTable[], ledger: PendingLedger, running: () => boolean): void {
  for (const t of tables) {
    const c = collectionOf(db, t)
    const mark = (data: { id?: unknown }) => {
      if (running() && typeof data.id === 'string') ledger.mark(t, [data.id])
    }
    c.postInsert(mark, true)
    c.postSave(mark, true)
    c.postRemove(mark, true)
  }
}

/** A push without conflict carried these documents: each is no longer waiting unless written again since. */
export async function forgetPushed(db: RxDatabase, ledger: PendingLedger, table: SyncedTable, pushed: Doc[], conflicted: Set<string>): Promise<void> {
  const done = pushed.filter((d) => !conflicted.has(String(d.id)))
  if (done.length === 0) return
  const since = ledger.version()
  const current = await collectionOf(db, table).findByIds(done.map((d) => String(d.id))).exec()
  const settled = done.filter((d) => {
    const doc = current.get(String(d.id))
    // Written again since this push: still waiting.
    if (!doc) return true
    return sameDocument(table, doc.toMutableJSON(true) as never, d as never)
  })
  await ledger.clear(table, settled.map((d) => String(d.id)), since)
}

/**
 * Some changes never reach the push handler, so forgetPushed never sees
 * them: a conflict whose merge is exactly the server's state (a delete met by
 * a delete, an edit the other device had made too, a restore) and a document
 * edited back to what the server holds. Once a replication is idle, every id
 * whose document equals what RxDB knows the server to hold is settled.
 */
export async function forgetSettled(db: RxDatabase, ledger: PendingLedger, table: SyncedTable, replication: RxReplicationState<Record<string, unknown>, Checkpoint>): Promise<void> {
  const internal = replication.internalReplicationState
  if (!internal) return
  const since = ledger.version()
  const ids = await ledger.ids(table)
  if (ids.length === 0) return
  const [assumed, docs] = await Promise.all([
    getAssumedMasterState(internal, ids),
    collectionOf(db, table).storageInstance.findDocumentsById(ids, true),
  ])
  const local = new Map(docs.map((d) => [String(d.id), d as unknown as Doc]))
  const settled = ids.filter((id) => {
    const server = assumed[id]?.docData as Doc | undefined
    const doc = local.get(id)
    return server !== undefined && doc !== undefined && sameDocument(table, doc as never, server as never)
  })
  await ledger.clear(table, settled, since)
}
