// Faults of the browser's IndexedDB for end-to-end tests: the local store
// stuck opening, refused, or unable to write (a full disk). Init scripts are
// passed to context.addInitScript and run in the page before the app.
import { expect } from 'vitest'
import type { Locator, Page } from 'playwright-core'

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

/** Counts, from now on, the page's failed opens of the local store (the app logs each, src/app/owner-store.tsx). */
export function failedStoreOpens(page: Page): () => number {
  let failed = 0
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith('the local store could not be opened')) failed += 1
  })
  return () => failed
}

/** Clicks a screen's error panel's retry (`button`): the store is opened again, fails again, and the panel offers the retry again. */
export async function expectRetryOpensStoreAgain(panel: Locator, button: string, failed: () => number): Promise<void> {
  const before = failed()
  await panel.getByRole('button', { name: button }).click()
  await expect.poll(failed, { timeout: 20_000 }).toBeGreaterThan(before)
  await panel.getByRole('button', { name: button }).waitFor()
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
