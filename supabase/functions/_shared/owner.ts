// Who a function acts for: the user of the access token (never an id in the
// body), and only once that owner's phone is verified. The app's route guard
// keeps unverified owners out of the dashboard; this is the same rule where
// it cannot be skipped, for every function that acts for a signed-in owner.
import type { SupabaseClient, User } from '@supabase/supabase-js'
import type { OwnerRefusal } from '../../../domain/functions.ts'
import { bearerToken, createUserClient } from './supabase.ts'

export type Refusal = { error: Extract<OwnerRefusal, 'unauthorized'>; status: 401 } | { error: Extract<OwnerRefusal, 'phone_not_verified'>; status: 403 }

export type VerifiedOwner = {
  user: User
  /** Acts as the owner: row-level security applies. */
  client: SupabaseClient
}

export async function verifiedOwner(req: Request): Promise<VerifiedOwner | Refusal> {
  const token = bearerToken(req)
  if (!token) return { error: 'unauthorized', status: 401 }
  const client = createUserClient(token)
  // The anon key passes the gateway's JWT check but is no user.
  const { data: auth } = await client.auth.getUser(token)
  const user = auth.user
  if (!user) return { error: 'unauthorized', status: 401 }
  const profile = await client.from('users').select('phone_verified').eq('id', user.id).maybeSingle()
  if (profile.error) throw profile.error
  if ((profile.data as { phone_verified: boolean } | null)?.phone_verified !== true) return { error: 'phone_not_verified', status: 403 }
  return { user, client }
}

export function isRefusal(value: VerifiedOwner | Refusal): value is Refusal {
  return 'error' in value
}
