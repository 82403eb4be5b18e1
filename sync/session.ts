// Every pull and push first asks supabase-js for the session: that is what
// refreshes an expired access token when it can. A request sent without a
// usable session would only fail at the server, and a device offline past
// its token's expiry must wait with an `auth` error, its edits kept.
import type { SupabaseClient } from '@supabase/supabase-js'
import { SyncFailure, toSyncFailure } from './errors.ts'

export type SessionAuth = Pick<SupabaseClient['auth'], 'getSession'>

/** Resolves when a signed-in, unexpired session is there; otherwise throws a SyncFailure (`auth`, or `network` for a refresh that could not be sent). */
export function sessionCheck(auth: SessionAuth, now: () => number): () => Promise<void> {
  return async () => {
    const { data, error } = await auth.getSession()
    if (error) throw toSyncFailure(error)
    const session = data.session
    if (!session) throw new SyncFailure('auth', 'no signed-in session')
    if (session.expires_at !== undefined && session.expires_at * 1000 <= now()) {
      throw new SyncFailure('auth', 'the session has expired and could not be refreshed')
    }
  }
}
