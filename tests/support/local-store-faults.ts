// Faults of the browser's IndexedDB for end-to-end tests: the local store
// stuck opening, refused, or unable to write (a full disk). Init scripts are
// passed to context.addInitScript and run in the page before the app.
import type { Page } from 'playwright-core'

/** Init script: IndexedDB never answers an open, so screens stay in their loading state. */
export function storeNeverOpens(): void {
  IDBFactory.prototype.open = function () {
    return {} as IDBOpenDBRequest
  }
}

/** Init script: IndexedDB refuses every open, as a browser with storage disabled does. */
export function storeRefusesToOpen(): void {
  IDBFactory.prototype.open = function () {
    throw new DOMException('Storage is unavailable', 'UnknownError')
  }
}

/**
 * Makes the local store refuse (or accept again) writes, as a full disk
 * would: every write, or only those to one collection's IndexedDB database.
 */
export async function failLocalWrites(page: Page, on: boolean, collection = '*'): Promise<void> {
  await page.evaluate(
    ([name, fail]) => {
      const w = window as unknown as { failingStores?: Set<string> }
      if (!w.failingStores) {
        const failing = (w.failingStores = new Set<string>())
        for (const method of ['put', 'add'] as const) {
          const original = IDBObjectStore.prototype[method]
          IDBObjectStore.prototype[method] = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
            const db = this.transaction.db.name
            if (failing.has('*') || [...failing].some((c) => db.endsWith(`--${c}`))) throw new DOMException('The disk is full', 'QuotaExceededError')
            return original.apply(this, args)
          }
        }
      }
      if (fail) w.failingStores.add(name)
      else w.failingStores.delete(name)
    },
    [collection, on] as const,
  )
}
