// One table's RxDB replication: RxDB keeps the checkpoint, the queue of local
// changes, the assumed server state of every document and the conflict
// handling; its pull and push handlers are the engine's. A pull reads a page
// (pull.ts), stores a fresh table's first pull pipelined, and leaves
// set-aside documents as the device wrote them; a push sends the batch
// (push.ts), sets aside what the server refused and clears the pending
// ledger of what got through. Both go through attempts.ts, which records
// their failures and waits out the backoff.
import type { RxCollection, RxDatabase, WithDeleted } from 'rxdb'
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication'
import type { SyncedRecords, SyncedTable } from '../domain/records.ts'
import type { Attempts } from './attempts.ts'
import type { Checkpoint } from './bulk-pull.ts'
import type { PendingLedger } from './pending.ts'
import { forgetPushed } from './pending-keeper.ts'
import type { PageSource } from './pull.ts'
import type { Pusher, PushRow } from './push.ts'
import type { RefusalStore } from './refusals.ts'
import type { Resyncs } from './resync.ts'
import { fromServerRow } from './rows.ts'
import type { SetAsideFlow } from './set-aside.ts'

// RxDB's own pause between retries; the real backoff is attempts.ts's.
export const RXDB_RETRY_MS = 10

type Doc = WithDeleted<Record<string, unknown>>

export type ReplicationDeps = {
  db: RxDatabase
  live: boolean
  pullBatchSize: number
  pushBatchSize: number
  attempts: Attempts
  pages: PageSource
  pusher: Pusher
  resyncs: Resyncs
  setAside: SetAsideFlow
  refusals: RefusalStore
  /** Resolves once the refusal store has read its stored list. */
  refusalsLoaded: () => Promise<void>
  requireSession: () => Promise<void>
  ledger: PendingLedger
  /** Whether the engine still runs. */
  running: () => boolean
}

/** The table's replication, not started: the engine starts, pauses and resumes it. */
export function replicateTable<T extends SyncedTable>(table: T, deps: ReplicationDeps): RxReplicationState<SyncedRecords[T], Checkpoint> {
  const { db, attempts, pages, refusals } = deps
  const collection = db[table] as unknown as RxCollection<SyncedRecords[T]>

  async function storeFresh(first: Awaited<ReturnType<PageSource['page']>>, batchSize: number) {
    const internal = replication.internalReplicationState
    if (!internal) return first
    return pages.storeFresh(table, first, batchSize, {
      internal: internal as never,
      running: () => deps.running() && !replication.isStoppedOrPaused(),
    })
  }

  const replication: RxReplicationState<SyncedRecords[T], Checkpoint> = replicateRxCollection<SyncedRecords[T], Checkpoint>({
    collection,
    replicationIdentifier: `supabase:${table}`,
    deletedField: '_deleted',
    live: deps.live,
    retryTime: RXDB_RETRY_MS,
    autoStart: false,
    waitForLeadership: false,
    pull: {
      batchSize: deps.pullBatchSize,
      stream$: deps.resyncs.stream$(table),
      handler: (checkpoint, batchSize) => attempts.run(table, 'pull', async () => {
        const first = await pages.page(table, checkpoint, batchSize)
        // The stored list is needed from here on, not before the request.
        await deps.refusalsLoaded()
        const { rows, sentAt } = first.fresh && first.rows.length === batchSize && !refusals.holds(table) ? await storeFresh(first, batchSize) : first
        const last = rows.at(-1)
        const documents = rows.map((r) => fromServerRow(table, r) as unknown as Doc)
        const kept = refusals.holds(table) ? await deps.setAside.pulled(table, documents) : documents
        // A short page ends RxDB's pull: the table has caught up with what the server held when this request went out.
        if (rows.length < batchSize) deps.resyncs.caughtUp(table, sentAt)
        return {
          documents: kept as unknown as Array<WithDeleted<SyncedRecords[T]>>,
          checkpoint: last ? { modified: String(last._modified), id: String(last.id) } : checkpoint,
        }
      }),
    },
    push: {
      batchSize: deps.pushBatchSize,
      handler: (rows) => attempts.run(table, 'push', async () => {
        await Promise.all([deps.requireSession(), deps.refusalsLoaded()])
        const pushRows = rows as unknown as PushRow[]
        const answer = await deps.pusher.send(table, pushRows)
        const conflicts = answer.conflicts.map((r) => fromServerRow(table, r))
        const conflicted = new Set(conflicts.map((c) => c.id))
        await deps.setAside.pushed(table, pushRows, answer.refused, conflicted)
        await forgetPushed(db, deps.ledger, table, pushRows.map((r) => r.newDocumentState as Doc), conflicted)
        return conflicts
      }),
    },
  })
  return replication
}
