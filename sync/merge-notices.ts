// The merges the owner should hear about: every conflict in which both sides
// had changed something (merge.ts decides), kept in a local document so every
// tab shows the same list until the owner dismisses a notice.
import { BehaviorSubject, type Observable, type Subscription } from 'rxjs'
import type { RxDatabase, WithDeleted } from 'rxdb'
import type { SyncedTable } from '../domain/records.ts'
import { isNoticeable, mergeDocument } from './merge.ts'
import { labelOf } from './tables.ts'
import { localDocument$ } from './local-document.ts'

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

export const MERGES_DOC_ID = 'sync-merges'
/** The list is a reminder, not a history: the oldest notices make way. */
export const MAX_NOTICES = 20

type MergesData = { notices: MergeNotice[] }
type Doc = WithDeleted<Record<string, unknown>>

/** The three states RxDB's conflict handler was given (its conflict$ input). */
export type Conflict = { assumedMasterState?: unknown; newDocumentState: unknown; realMasterState: unknown }

export type MergeNotices = {
  /** Every tab's list, newest first. */
  readonly notices$: Observable<MergeNotice[]>
  /** A conflict RxDB resolved: noted if both sides had changed something, replacing an older notice of the same document. */
  record(table: SyncedTable, conflict: Conflict): void
  dismiss(key: string): Promise<void>
  /** The list is no longer watched. */
  stop(): void
  /** Resolves once the writes so far are stored, then completes notices$. */
  close(): Promise<void>
}

export function createMergeNotices(db: RxDatabase, now: () => number): MergeNotices {
  const notices$ = new BehaviorSubject<MergeNotice[]>([])
  const sub: Subscription = localDocument$<MergesData>(db, MERGES_DOC_ID).subscribe((doc) => {
    notices$.next(doc ? ([...doc.toJSON().data.notices] as MergeNotice[]) : [])
  })

  // Read and written in turn: another notice or a dismissal may be on its way.
  let writing: Promise<unknown> = Promise.resolve()
  function update(change: (list: MergeNotice[]) => MergeNotice[]): Promise<unknown> {
    writing = writing
      .then(async () => {
        const doc = await db.getLocal<MergesData>(MERGES_DOC_ID)
        const list = doc ? ([...doc.toJSON().data.notices] as MergeNotice[]) : []
        await db.upsertLocal<MergesData>(MERGES_DOC_ID, { notices: change(list) })
      })
      .catch((error: unknown) => {
        if (!db.closed) console.error('merge notice write failed', error)
      })
    return writing
  }

  return {
    notices$: notices$.asObservable(),
    record(table, input) {
      const result = mergeDocument(table, input.assumedMasterState as never, input.newDocumentState as never, input.realMasterState as never)
      if (!isNoticeable(result)) return
      const doc = result.merged as unknown as Doc
      const notice: MergeNotice = {
        key: `${table}:${String(doc.id)}:${now()}`,
        table,
        docId: String(doc.id),
        label: labelOf(table, doc),
        fields: result.bothChanged,
        restored: result.restored,
        at: now(),
      }
      void update((list) => [notice, ...list.filter((n) => !(n.table === table && n.docId === notice.docId))].slice(0, MAX_NOTICES))
    },
    dismiss: (key) => update((list) => list.filter((n) => n.key !== key)).then(() => undefined),
    stop: () => sub.unsubscribe(),
    async close() {
      await writing
      notices$.complete()
    },
  }
}
