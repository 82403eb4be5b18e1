// Who a function acts for: the user of the access token (never an id in the
// body), and by default only once that owner's phone is verified. The app's
// route guard keeps unverified owners out of the dashboard; this is the same
// rule where it cannot be skipped, for every function that acts for a
// signed-in owner. The owner's data rights (export-data, delete-account) ask
// for a signed-in user only: getting or erasing one's own data must not wait
// on a verification the owner may never finish.
import type { SupabaseClient, User } from '@supabase/supabase-js'
import type { OwnerRefusal } from '../../../domain/functions.ts'
import { bearerToken, createUserClient } from './supabase.ts'

export type Refusal = { error: Extract<OwnerRefusal, 'unauthorized'>; status: 401 } | { error: Extract<OwnerRefusal, 'phone_not_verified'>; status: 403 }

/** Whom a function serves: an owner whose phone is verified, or any signed-in user. */
export type OwnerRule = 'verified' | 'signed-in'

export type Owner = {
  user: User
  /** Acts as the owner: row-level security applies. */
  client: SupabaseClient
}

/** An owner found under the `verified` rule. */
export type VerifiedOwner = Owner

export function verifiedOwner(req: Request): Promise<Owner | Refusal> {
  return ownerOf(req, 'verified')
}

export async function ownerOf(req: Request, rule: OwnerRule): Promise<Owner | Refusal> {
  const token = bearerToken(req)
  if (!token) return { error: 'unauthorized', status: 401 }
  const client = createUserClient(token)
  // The anon key passes the gateway's JWT check but is no user.
  const { data: auth } = await client.auth.getUser(token)
  const user = auth.user
  if (!user) return { error: 'unauthorized', status: 401 }
  if (rule === 'signed-in') return { user, client }
  const profile = await client.from('users').select('phone_verified').eq('id', user.id).maybeSingle()
  if (profile.error) throw profile.error
  if ((profile.data as { phone_verified: boolean } | null)?.phone_verified !== true) return { error: 'phone_not_verified', status: 403 }
  return { user, client }
}

export function isRefusal(value: Owner | Refusal): value is Refusal {
  return 'error' in value
}
