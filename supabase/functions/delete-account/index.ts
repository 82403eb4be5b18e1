// Erases the owner's account (KVKK art. 7, GDPR art. 17). The owner is the
// access token's user, and the body must name the account's e-mail address:
// a call that does not, a replayed or forged one, deletes nothing.
//
// In order, so that a failure part-way leaves something the owner can retry:
// 1. the owner's files (the profile photos in avatars/{userId}/), which no
//    foreign key reaches and which nobody could remove once the account is
//    gone;
// 2. the auth user, through GoTrue's admin API: its sessions and refresh
//    tokens go with it (every device is signed out at its next refresh or
//    sync), public.users and everything that cascades from it (products,
//    customers, appointments, the chatbot, messages, credentials, tokens).
//    Purchase records stay, detached (migration 20261122002000_data_rights).
import { DELETE_ACCOUNT_ERRORS } from '../../../domain/functions.ts'
import type { SupabaseClient } from '@supabase/supabase-js'
import { ownerFunction } from '../_shared/handler.ts'
import { readJsonObject } from '../_shared/http.ts'
import { createServiceClient } from '../_shared/supabase.ts'

const AVATAR_BUCKET = 'avatars'
const LIST_PAGE = 1000

/** Removes every object in the owner's folder; lists again until none is left, since a list answers one page. */
async function removeOwnerFiles(db: SupabaseClient, userId: string): Promise<number> {
  const bucket = db.storage.from(AVATAR_BUCKET)
  let removed = 0
  for (;;) {
    const listed = await bucket.list(userId, { limit: LIST_PAGE })
    if (listed.error) throw new Error(`delete-account: listing files failed: ${listed.error.message}`)
    const paths = (listed.data ?? []).filter((f) => f.name && f.id !== null).map((f) => `${userId}/${f.name}`)
    if (paths.length === 0) return removed
    const gone = await bucket.remove(paths)
    if (gone.error) throw new Error(`delete-account: removing files failed: ${gone.error.message}`)
    // Nothing removed means the listing shows what cannot be removed: stop rather than loop.
    if ((gone.data ?? []).length === 0) throw new Error('delete-account: files listed but not removed')
    removed += gone.data!.length
  }
}

Deno.serve(
  ownerFunction({ name: 'delete-account', errors: DELETE_ACCOUNT_ERRORS }, async (req, { user }, { ok, fail }) => {
    const body = await readJsonObject(req)
    const confirmation = body?.confirmation
    if (typeof confirmation !== 'string' || confirmation.trim() === '') return fail('invalid_request', 400)
    // E-mail addresses are ASCII in practice; the locale-free lower case keeps İ/I from mattering either way.
    if (!user.email || confirmation.trim().toLowerCase() !== user.email.toLowerCase()) return fail('confirmation_mismatch', 400)

    const db = createServiceClient()
    const files = await removeOwnerFiles(db, user.id)
    const { error } = await db.auth.admin.deleteUser(user.id)
    if (error) throw new Error(`delete-account: deleting the user failed: ${error.message}`)
    console.info(`delete-account: account ${user.id} deleted (${files} files)`)
    return ok()
  }),
)
