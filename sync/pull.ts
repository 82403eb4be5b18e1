// Where a pull's pages come from. A page is the table's rows after a
// checkpoint `(_modified, id)`, in that order: `_modified` is taken at write
// time by the server, so a row committed late still sorts after anything a
// device has passed. Two things make a device's first pull of a table (a new
// device, a new owner) faster than page by page:
//   - its first page is asked for as soon as the engine starts, beside RxDB's
//     own start of the replication (opening its state in the store, reading
//     its checkpoints), which would otherwise come first. The first pull
//     takes it if it asks for that same page (no checkpoint: RxDB has not
//     stored one either); otherwise, or if the request failed, it asks again;
//   - its following pages are stored by bulk-pull.ts, pipelined. RxDB asks
//     again from where it started when such a pull failed, while bulk-pull
//     had stored more than that: the next pull goes on from what was stored.
import { getChangedDocumentsSince, type RxStorageInstance, type RxStorageInstanceReplicationState } from 'rxdb'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { SyncedTable } from '../domain/records.ts'
import { bulkPull, type Checkpoint, type Page } from './bulk-pull.ts'
import { toSyncFailure } from './errors.ts'
import { fromServerRow, pullColumns } from './rows.ts'

/** A page, and whether it starts (or resumes) the first pull of a table the device held nothing of. */
export type PulledPage = Page & { fresh: boolean }

export type PageSourceOptions = {
  supabase: Pick<SupabaseClient, 'from'>
  requireSession: () => Promise<void>
  /** Numbers each request as it is sent (resync.ts). */
  sent: () => number
  /** Whether the engine still runs: a first page is not asked for after it stopped. */
  running: () => boolean
  /** Stores a first pull; bulk-pull.ts's by default. */
  store?: typeof bulkPull
}

export type PageSource = {
  /** Asks for the first page of the table now if the store holds none of its documents. */
  prefetch<D>(table: SyncedTable, storage: RxStorageInstance<D, unknown, unknown>, batchSize: number): void
  /** The page a pull asks for: the one asked for early if it is that one, else a new request. */
  page(table: SyncedTable, checkpoint: Checkpoint | undefined, batchSize: number): Promise<PulledPage>
  /**
   * Stores the full first page of a fresh pull and the full pages after it;
   * returns the page RxDB's pull goes on with (bulk-pull.ts).
   */
  storeFresh(table: SyncedTable, first: Page, batchSize: number, replication: FreshReplication): Promise<Page>
}

/** What storeFresh needs of the table's RxDB replication. */
export type FreshReplication = {
  internal: RxStorageInstanceReplicationState<Record<string, unknown>>
  /** False once the replication is paused, stopped or canceled. */
  running: () => boolean
}

export function createPageSource(opts: PageSourceOptions): PageSource {
  const { supabase, requireSession } = opts
  const store = opts.store ?? bulkPull
  const early = new Map<SyncedTable, { batchSize: number; page: Promise<Page | undefined> }>()
  const freshUpTo = new Map<SyncedTable, Checkpoint>()

  async function fetchPage(table: SyncedTable, checkpoint: Checkpoint | undefined, batchSize: number): Promise<Page> {
    let query = supabase.from(table).select(pullColumns(table))
    if (checkpoint) {
      query = query.or(`_modified.gt.${checkpoint.modified},and(_modified.eq.${checkpoint.modified},id.gt.${checkpoint.id})`)
    }
    const sentAt = opts.sent()
    const { data, error } = await query.order('_modified').order('id').limit(batchSize)
    if (error) throw toSyncFailure(error)
    return { rows: (data ?? []) as unknown as Array<Record<string, unknown>>, sentAt }
  }

  return {
    prefetch(table, storage, batchSize) {
      const page = (async () => {
        // Deleted documents count: a store that holds only tombstones has pulled before.
        const held = await getChangedDocumentsSince(storage, 1)
        if (held.documents.length > 0 || !opts.running()) return undefined
        await requireSession()
        return await fetchPage(table, undefined, batchSize)
      })().catch(() => undefined)
      early.set(table, { batchSize, page })
    },
    async page(table, checkpoint, batchSize) {
      const asked = early.get(table)
      early.delete(table)
      const page = asked && !checkpoint && asked.batchSize === batchSize ? await asked.page : undefined
      if (page) return { ...page, fresh: true }
      await requireSession()
      const resume = checkpoint ? undefined : freshUpTo.get(table)
      return { ...(await fetchPage(table, resume ?? checkpoint, batchSize)), fresh: resume !== undefined }
    },
    async storeFresh(table, first, batchSize, replication) {
      const page = await store(first, {
        internal: replication.internal,
        batchSize,
        fetchPage: async (after) => {
          await requireSession()
          return fetchPage(table, after, batchSize)
        },
        toDoc: (row) => fromServerRow(table, row) as never,
        running: replication.running,
        stored: (checkpoint) => freshUpTo.set(table, checkpoint),
      })
      freshUpTo.delete(table)
      return page
    },
  }
}
