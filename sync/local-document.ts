// Watching one of the database's local documents (sync state, merge notices,
// the pending ledger), in this tab and the others.
import { concatMap, filter, startWith, type Observable } from 'rxjs'
import type { RxDatabase, RxLocalDocument } from 'rxdb'

/**
 * The local document `id` now and after every change to it; null while it
 * does not exist. RxDB's own `getLocal$` awaits a read for every change event
 * of every collection, so a pull of 10,000 rows made tens of thousands of
 * promises per watcher; this looks at whole event bulks and reads only when
 * one touched the document.
 */
export function localDocument$<T>(db: RxDatabase, id: string): Observable<RxLocalDocument<RxDatabase, T> | null> {
  return db.eventBulks$.pipe(
    filter((bulk) => bulk.isLocal && bulk.collectionName === undefined && bulk.events.some((e) => e.documentId === id)),
    startWith(null),
    concatMap(() => db.getLocal<T>(id)),
  )
}
