// For unit tests: owners' stores on Dexie over fake-indexeddb, with the
// schema validation on, closed after each test.
import { afterEach } from 'vitest'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { openOwnerDatabase, type AppDatabase } from './database.ts'
import { dexieStorage } from './storage.ts'

export const TEST_OWNER = '0b6f1c1e-8d5e-4c8e-9a47-3f2d6c1b9a10'

/** Registers the closing; the returned function opens a fresh store (a new IndexedDB each time). */
export function testStoreOpener(): (ownerId?: string) => Promise<AppDatabase> {
  const open: AppDatabase[] = []
  afterEach(async () => {
    await Promise.all(open.splice(0).map((db) => db.close()))
  })
  return async (ownerId = TEST_OWNER) => {
    const db = await openOwnerDatabase({
      ownerId,
      storage: dexieStorage({ indexedDB: new IDBFactory(), IDBKeyRange }),
      multiInstance: false,
      devMode: true,
    })
    open.push(db)
    return db
  }
}
