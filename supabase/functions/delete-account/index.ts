// Erases the owner's account (KVKK art. 7, GDPR art. 17). The owner is the
// access token's user, any signed-in one (a phone never verified keeps no
// one from leaving), and the body must name the account's e-mail address: a
// call that does not, a replayed or forged one, deletes nothing.
//
// In order, so that a failure part-way leaves something the owner can retry:
// 1. the owner's files: every object under avatars/{userId}/ at any depth
//    (the bucket's policies let the owner write anywhere in that folder, not
//    only the settings screen's {userId}/{timestamp}.{ext}), which no foreign
//    key reaches and which nobody could remove once the account is gone;
// 2. the auth user, through GoTrue's admin API: its sessions and refresh
//    tokens go with it (every device is signed out at its next refresh or
//    sync), public.users and everything that cascades from it (products,
//    customers, appointments, the chatbot, messages, credentials, tokens).
//    Purchase records stay, detached (migration 20261122002000_data_rights).
// 3. the files once more: another device of the owner may have uploaded one
//    between 1 and 2. After 2 none can be added, even with an access token
//    that has not expired yet: the bucket takes an upload only from a user
//    who still has a public.users row (migration 20261127001200_account_files).
import { DELETE_ACCOUNT_ERRORS } from '../../../domain/functions.ts'
import type { SupabaseClient } from '@supabase/supabase-js'
import { ownerFunction } from '../_shared/handler.ts'
import { readJsonObject } from '../_shared/http.ts'
import { createServiceClient } from '../_shared/supabase.ts'

const AVATAR_BUCKET = 'avatars'
/** Entries per list request, and names per bulk delete: storage takes at most 1000 in one. */
const PAGE = 1000

type Bucket = ReturnType<SupabaseClient['storage']['from']>

/**
 * The path of every object under `folder`, at any depth. storage lists one
 * level at a time, a page at a time: files, and sub-folders as entries with a
 * null id, which are walked in turn.
 */
async function filesUnder(bucket: Bucket, folder: string): Promise<string[]> {
  const files: string[] = []
  const folders: string[] = []
  for (let offset = 0; ; offset += PAGE) {
    const listed = await bucket.list(folder, { limit: PAGE, offset, sortBy: { column: 'name', order: 'asc' } })
    if (listed.error) throw new Error(`delete-account: listing files failed: ${listed.error.message}`)
    const page = listed.data ?? []
    for (const entry of page) {
      if (entry.id !== null) files.push(`${folder}/${entry.name}`)
      // A folder with an empty name would list `folder/` again, forever.
      else if (entry.name) folders.push(`${folder}/${entry.name}`)
    }
    if (page.length < PAGE) break
  }
  for (const sub of folders) files.push(...(await filesUnder(bucket, sub)))
  return files
}

/** Removes every object under the owner's folder; walks it again until nothing is left, since files may arrive meanwhile. */
async function removeOwnerFiles(db: SupabaseClient, userId: string): Promise<number> {
  const bucket = db.storage.from(AVATAR_BUCKET)
  let removed = 0
  for (;;) {
    const paths = await filesUnder(bucket, userId)
    if (paths.length === 0) return removed
    let gone = 0
    for (let at = 0; at < paths.length; at += PAGE) {
      const result = await bucket.remove(paths.slice(at, at + PAGE))
      if (result.error) throw new Error(`delete-account: removing files failed: ${result.error.message}`)
      gone += (result.data ?? []).length
    }
    // Nothing removed means the listing shows what cannot be removed: stop rather than loop.
    if (gone === 0) throw new Error('delete-account: files listed but not removed')
    removed += gone
  }
}

Deno.serve(
  ownerFunction({ name: 'delete-account', errors: DELETE_ACCOUNT_ERRORS, owner: 'signed-in' }, async (req, { user }, { ok, fail }) => {
    const body = await readJsonObject(req)
    const confirmation = body?.confirmation
    if (typeof confirmation !== 'string' || confirmation.trim() === '') return fail('invalid_request', 400)
    // E-mail addresses are ASCII in practice; the locale-free lower case keeps İ/I from mattering either way.
    if (!user.email || confirmation.trim().toLowerCase() !== user.email.toLowerCase()) return fail('confirmation_mismatch', 400)

    const db = createServiceClient()
    const files = await removeOwnerFiles(db, user.id)
    const { error } = await db.auth.admin.deleteUser(user.id)
    if (error) throw new Error(`delete-account: deleting the user failed: ${error.message}`)
    // The account is gone whatever happens now, so the owner hears that it is; a failure is the operator's to finish.
    const late = await removeOwnerFiles(db, user.id).catch((e: unknown) => {
      console.error(`delete-account: account ${user.id} deleted, but removing files uploaded meanwhile failed:`, e)
      return 0
    })
    console.info(`delete-account: account ${user.id} deleted (${files + late} files)`)
    return ok()
  }),
)
