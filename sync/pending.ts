// How many local changes are still waiting for the server. RxDB knows what to
// push but does not say how much; this ledger, kept in a local document that
// every tab shares, records the id of every document written on this device
// (collection hooks fire for local writes only, never for replicated ones) and
// forgets it once a push has carried the document's current state.
import { BehaviorSubject, type Observable } from 'rxjs'
import type { RxDatabase } from 'rxdb'
import type { SyncedTable } from '../domain/records.ts'
import { localDocument$ } from './local-document.ts'

export const PENDING_DOC_ID = 'sync-pending'
type LedgerData = { ids: Record<string, 1> }

const key = (table: SyncedTable, id: string) => `${table}:${id}`

export type PendingLedger = {
  mark(table: SyncedTable, ids: string[]): void
  /**
   * Forgets ids. With `since` (a version() taken before deciding), an id marked
   * again after that point stays: it was written after the decision was made.
   */
  clear(table: SyncedTable, ids: string[], since?: number): Promise<void>
  /** Grows with every mark made by this instance. */
  version(): number
  /** The ids of one table waiting for the server. */
  ids(table: SyncedTable): Promise<string[]>
  count$: Observable<number>
  /** Resolves when every mark made so far is stored. */
  flush(): Promise<void>
  stop(): void
}

export function createPendingLedger(db: RxDatabase): PendingLedger {
  const count$ = new BehaviorSubject(0)
  let seq = 0
  const markedAt = new Map<string, number>()
  let toMark = new Set<string>()
  // The count is what the store holds and what this instance marked but has
  // not stored yet: a write is waiting from the moment it is made, or the
  // status could say "nothing waiting" right after an edit.
  let stored = new Set<string>()
  const unstored = new Set<string>()
  const recount = () => {
    let n = stored.size
    for (const k of unstored) if (!stored.has(k)) n += 1
    if (n !== count$.value && !count$.closed) count$.next(n)
  }
  let flushing: Promise<void> = Promise.resolve()
  let scheduled = false

  // Writes are queued in order; RxDB's incremental modify resolves races with other tabs.
  function update(change: (ids: Record<string, 1>) => void): Promise<void> {
    flushing = flushing.then(async () => {
      let doc = await db.getLocal<LedgerData>(PENDING_DOC_ID)
      if (!doc) {
        try {
          doc = await db.insertLocal<LedgerData>(PENDING_DOC_ID, { ids: {} })
        } catch {
          doc = await db.getLocal<LedgerData>(PENDING_DOC_ID)
        }
      }
      const written = await doc!.incrementalModify((data) => {
        const ids = { ...data.ids }
        change(ids)
        return { ...data, ids }
      })
      return written.get('ids') as Record<string, 1>
    }).then((ids) => {
      // The store's next emission says the same; counting from the write itself leaves no gap between the two.
      if (!ids) return
      stored = new Set(Object.keys(ids))
      recount()
    }).catch((error: unknown) => {
      if (!db.closed) console.error('pending-change ledger write failed', error)
    })
    return flushing
  }

  function scheduleFlush() {
    if (scheduled) return
    scheduled = true
    // Many writes in one tick (a bulk insert) become one ledger write.
    setTimeout(() => {
      scheduled = false
      const batch = toMark
      toMark = new Set()
      if (batch.size > 0) {
        void update((ids) => { for (const k of batch) ids[k] = 1 }).then(() => {
          for (const k of batch) unstored.delete(k)
          recount()
        })
      }
    }, 0)
  }

  const sub = localDocument$<LedgerData>(db, PENDING_DOC_ID).subscribe((doc) => {
    stored = new Set(Object.keys((doc?.get('ids') as Record<string, 1> | undefined) ?? {}))
    recount()
  })

  async function flush() {
    while (scheduled || toMark.size > 0) await new Promise((r) => setTimeout(r, 0))
    await flushing
  }

  return {
    mark(table, ids) {
      seq += 1
      for (const id of ids) {
        toMark.add(key(table, id))
        unstored.add(key(table, id))
        markedAt.set(key(table, id), seq)
      }
      recount()
      scheduleFlush()
    },
    async clear(table, ids, since = Infinity) {
      const stale = (k: string) => (markedAt.get(k) ?? 0) <= since
      if (!ids.some((id) => stale(key(table, id)))) return
      // A mark still waiting for its tick must land first, or it would outlive the clear.
      await flush()
      // Checked again at the write: a mark may have come in while waiting.
      await update((all) => {
        for (const id of ids) {
          const k = key(table, id)
          if (!stale(k)) continue
          delete all[k]
          markedAt.delete(k)
        }
      })
    },
    version: () => seq,
    async ids(table) {
      await flush()
      const doc = await db.getLocal<LedgerData>(PENDING_DOC_ID)
      const prefix = `${table}:`
      return Object.keys((doc?.get('ids') as Record<string, 1> | undefined) ?? {})
        .filter((k) => k.startsWith(prefix))
        .map((k) => k.slice(prefix.length))
    },
    count$: count$.asObservable(),
    flush,
    stop() {
      sub.unsubscribe()
      count$.complete()
    },
  }
}
