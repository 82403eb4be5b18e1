// Stores that must leave this device: those of an account deleted from
// another device, which the sync engine found gone (sync's `accountGone`).
// Removing one while the page still runs is not enough: Dexie reopens a
// closed database whenever a query still in flight touches it, and so
// recreates what was just deleted. The owner is marked here, the page is
// reloaded, and the next start removes the marked stores before anything
// can open them. Only localStorage here, so the start of a signed-out
// visitor's page does not load the database code (see removeForgottenStores).
import { webStorage } from '../lib/web-storage.ts'

const PREFIX = 'forgotten-store:'

const storage = () => webStorage('localStorage')

export function markStoreForRemoval(ownerId: string): void {
  storage()?.setItem(PREFIX + ownerId, '1')
}

export function forgottenOwners(): string[] {
  const s = storage()
  if (!s) return []
  const owners: string[] = []
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i)
    if (key?.startsWith(PREFIX)) owners.push(key.slice(PREFIX.length))
  }
  return owners
}

function deleteIndexedDb(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name)
    request.onsuccess = () => resolve()
    request.onerror = () => reject(request.error ?? new Error(`deleting ${name} failed`))
    // Another page still has it open: it closes on versionchange (Dexie does), then this succeeds.
    request.onblocked = () => undefined
  })
}

/**
 * Deletes the IndexedDB databases of the owner's store. RxDB's own removal
 * (removeRxDatabase) only empties Dexie's tables and leaves the databases,
 * named `rxdb-dexie-owner-<id>--…`, on the device.
 */
async function deleteStore(ownerId: string): Promise<void> {
  const { databaseName } = await import('./database.ts')
  const prefix = `rxdb-dexie-${databaseName(ownerId)}--`
  if (typeof indexedDB.databases !== 'function') {
    const [{ removeRxDatabase }, { dexieStorage }] = await Promise.all([import('rxdb'), import('./storage.ts')])
    await removeRxDatabase(databaseName(ownerId), dexieStorage())
    return
  }
  const names = (await indexedDB.databases()).map((d) => d.name ?? '').filter((name) => name.startsWith(prefix))
  await Promise.all(names.map(deleteIndexedDb))
}

/** Removes every marked store, then its mark; a store that cannot be removed now stays marked for the next start. */
export async function removeForgottenStores(): Promise<void> {
  for (const ownerId of forgottenOwners()) {
    try {
      await deleteStore(ownerId)
      storage()?.removeItem(PREFIX + ownerId)
    } catch (error) {
      console.error('a deleted account\'s local store could not be removed', error)
    }
  }
}
