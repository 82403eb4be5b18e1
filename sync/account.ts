// A deleted account (delete-account, from another device) leaves this device
// holding a signed access token that the data API still accepts until it
// expires: pulls answer nothing and the store would keep the owner's data.
// GoTrue, unlike the data API, looks the user up, so the engine asks it
// whenever it (re)starts replicating and when realtime announces a hard
// delete (devices only write tombstones; rows are deleted outright only by
// the tombstone purge and by deleting the account). `user_not_found` is the
// one answer that means the account is gone: an offline device or a revoked
// session keeps its store and its unsent edits for the next sign-in.
import { removeRxDatabase, type RxDatabase } from 'rxdb'
import type { SupabaseClient } from '@supabase/supabase-js'

export type AccountAuth = Pick<SupabaseClient['auth'], 'getUser' | 'signOut'>

export type AccountWatchOptions = {
  db: RxDatabase
  auth: AccountAuth
  now: () => number
  /** Fewest milliseconds between two checks that checkSoon() starts. */
  intervalMs: number
  /** Whether checkSoon() may ask now (the replicating tab, online, not stopped). */
  mayCheck: () => boolean
  /** Stops the engine; the first step of forgetting the account. */
  stopEngine: () => Promise<void>
}

export type AccountWatch = {
  /** True once the account was found deleted and its store and session left this device; false once stop() came first. */
  readonly gone: Promise<boolean>
  /** Asks now: replication (re)starts. */
  check(): void
  /** Asks unless an answer is less than intervalMs old: realtime announced a hard delete, and a purge announces many. */
  checkSoon(): void
  /** Whether the account is being forgotten (the engine's stop is then part of it). */
  forgetting(): boolean
  /** The engine stopped: `gone` resolves false, unless the account is being forgotten. */
  stop(): void
}

export function watchAccount(opts: AccountWatchOptions): AccountWatch {
  const { db, auth, now } = opts
  let settle: (gone: boolean) => void = () => undefined
  const gone = new Promise<boolean>((resolve) => (settle = resolve))
  let forgetting = false
  let lastCheck = -Infinity

  async function deleted(): Promise<boolean> {
    lastCheck = now()
    try {
      const { error } = await auth.getUser()
      return (error as { code?: unknown } | null)?.code === 'user_not_found'
    } catch {
      return false
    }
  }

  /**
   * The store's data and the session leave the device; the sign-out takes the
   * app to the sign-in screen. RxDB's removal empties the store; the app then
   * deletes its IndexedDB databases on a fresh page (src/db/forgotten.ts),
   * where no screen still reading the store can reopen them.
   */
  async function forget() {
    if (forgetting) return
    forgetting = true
    await opts.stopEngine()
    await db.close().catch((error: unknown) => console.error('closing the deleted account\'s store failed', error))
    await auth.signOut({ scope: 'local' }).catch((error: unknown) => console.error('sign-out after account deletion failed', error))
    await removeRxDatabase(db.name, db.storage).catch((error: unknown) => console.error('the deleted account\'s local store could not be removed', error))
    settle(true)
  }

  function check() {
    void deleted().then((isGone) => {
      if (isGone) void forget()
    })
  }

  return {
    gone,
    check,
    checkSoon() {
      if (!opts.mayCheck() || now() - lastCheck < opts.intervalMs) return
      check()
    },
    forgetting: () => forgetting,
    stop() {
      if (!forgetting) settle(false)
    },
  }
}
