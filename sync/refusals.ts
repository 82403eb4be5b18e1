// Documents the server refused, set aside so that the rest of their table's
// queue goes on. Each is kept with its reason until the owner retries or
// discards it, or a later edit of it gets through. The list lives in a local
// document that every tab reads (only the replicating tab writes it), so it
// survives reloads together with the RxDB state it describes.
import { BehaviorSubject, type Observable } from 'rxjs'
import type { RxDatabase, WithDeleted } from 'rxdb'
import type { SyncedTable } from '../domain/records.ts'
import type { RefusalReason } from './errors.ts'
import { localDocument$ } from './local-document.ts'

export const REFUSED_DOC_ID = 'sync-refused'

/** What the owner is shown of a refused change. */
export type RefusedChange = {
  key: string
  table: SyncedTable
  docId: string
  label: string
  reason: RefusalReason
  /** The refused change was a delete. */
  deleted: boolean
  /** The server has no such row: discarding removes the document from this device. */
  created: boolean
  at: number
}

type Doc = WithDeleted<Record<string, unknown>>

/** The engine's record of a refused change (see set-aside.ts). */
export type SetAside = RefusedChange & {
  /** The server state the device's document was derived from (null: none, it was created here). A retry pushes against it. */
  base: Doc | null
  /** The newest server state this device has seen of the row (null: none). Discarding restores it. */
  server: Doc | null
}

type StoredData = { changes: SetAside[] }

export const refusalKey = (table: SyncedTable, id: string) => `${table}:${id}`

export type RefusalStore = {
  /** Reads the stored list; the replicating tab calls it once before replication starts. */
  load(): Promise<void>
  get(table: SyncedTable, id: string): SetAside | undefined
  byKey(key: string): SetAside | undefined
  /** Whether any document of the table is set aside (a cheap check for every pull and push). */
  holds(table: SyncedTable): boolean
  /** The table's set-aside documents, as this tab holds them. */
  list(table: SyncedTable): SetAside[]
  /** Adds or replaces entries and removes others; resolves once stored. */
  update(put: SetAside[], remove: string[]): Promise<void>
  /** Every tab's view of the list. */
  changes$: Observable<RefusedChange[]>
  flush(): Promise<void>
  stop(): void
}

export function createRefusalStore(db: RxDatabase): RefusalStore {
  const held = new Map<string, SetAside>()
  const changes$ = new BehaviorSubject<RefusedChange[]>([])
  let writing: Promise<void> = Promise.resolve()

  const sub = localDocument$<StoredData>(db, REFUSED_DOC_ID).subscribe((doc) => {
    const stored = doc ? (doc.toJSON().data.changes as SetAside[]) : []
    changes$.next(stored.map(({ base: _b, server: _s, ...shown }) => shown).sort((a, b) => b.at - a.at))
  })

  return {
    async load() {
      const doc = await db.getLocal<StoredData>(REFUSED_DOC_ID)
      held.clear()
      for (const entry of (doc?.toJSON().data.changes ?? []) as SetAside[]) held.set(entry.key, entry)
    },
    get: (table, id) => held.get(refusalKey(table, id)),
    byKey: (key) => held.get(key),
    holds: (table) => {
      for (const entry of held.values()) if (entry.table === table) return true
      return false
    },
    list: (table) => [...held.values()].filter((entry) => entry.table === table),
    update(put, remove) {
      if (put.length === 0 && !remove.some((k) => held.has(k))) return writing
      for (const k of remove) held.delete(k)
      for (const entry of put) held.set(entry.key, entry)
      // The whole list each time, in order: it is the leader's, and small.
      const snapshot: StoredData = { changes: [...held.values()] }
      writing = writing.then(() => db.upsertLocal<StoredData>(REFUSED_DOC_ID, snapshot)).then(
        () => undefined,
        (error: unknown) => {
          if (!db.closed) console.error('refused-change list write failed', error)
        },
      )
      return writing
    },
    changes$: changes$.asObservable(),
    flush: () => writing,
    stop() {
      sub.unsubscribe()
      changes$.complete()
    },
  }
}
