// Fresh business owners for end-to-end tests, each with their own data, so
// tests in one file never see each other's products or appointments.
import { randomBytes } from 'node:crypto'
import { businessName, uniqueEmail, uniquePhone } from './factories.ts'

export type Owner = { id: string; email: string; password: string; session: Record<string, unknown>; accessToken: string }

export type StackKeys = { api: string; anonKey: string; serviceRoleKey: string }

async function json(res: Response, what: string): Promise<Record<string, unknown>> {
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>
  if (!res.ok) throw new Error(`${what} failed with ${res.status}: ${JSON.stringify(body)}`)
  return body
}

/** Signs up an owner as the app does, marks the phone verified (as the verification function would) and signs in. */
export function createVerifiedOwner(keys: StackKeys): Promise<Owner> {
  return createOwner(keys, { verified: true })
}

/** Signs up an owner as the app does and signs in, the phone not verified: the dashboard sends them to /phone-verify. */
export function createUnverifiedOwner(keys: StackKeys): Promise<Owner> {
  return createOwner(keys, { verified: false })
}

async function createOwner(keys: StackKeys, options: { verified: boolean }): Promise<Owner> {
  const email = uniqueEmail('e2e')
  const password = `pw-${randomBytes(6).toString('hex')}`
  const signup = await json(
    await fetch(`${keys.api}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, data: { business_name: businessName(), phone_number: uniquePhone() } }),
    }),
    'sign-up',
  )
  const id = ((signup.user as { id?: string } | undefined)?.id ?? signup.id) as string
  if (options.verified) {
    const verified = await fetch(`${keys.api}/rest/v1/users?id=eq.${id}`, {
      method: 'PATCH',
      headers: {
        apikey: keys.serviceRoleKey,
        authorization: `Bearer ${keys.serviceRoleKey}`,
        'content-type': 'application/json',
        prefer: 'return=representation',
      },
      body: JSON.stringify({ phone_verified: true }),
    })
    const rows = (await verified.json()) as unknown[]
    if (!verified.ok || rows.length !== 1) throw new Error(`marking the phone verified failed with ${verified.status}: ${JSON.stringify(rows)}`)
  }
  const session = await json(
    await fetch(`${keys.api}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }),
    'sign-in',
  )
  return { id, email, password, session, accessToken: session.access_token as string }
}

/** Rows of one of the owner's tables as the data API gives them to the owner (row-level security applies). */
export async function serverRows<T = Record<string, unknown>>(keys: StackKeys, owner: Owner, table: string, query = 'select=*'): Promise<T[]> {
  const res = await fetch(`${keys.api}/rest/v1/${table}?${query}`, {
    headers: { apikey: keys.anonKey, authorization: `Bearer ${owner.accessToken}` },
  })
  if (!res.ok) throw new Error(`reading ${table} failed with ${res.status}: ${await res.text()}`)
  return (await res.json()) as T[]
}

/** Rows inserted directly on the server, as another device of the owner would have synced them. */
export async function insertRows(keys: StackKeys, owner: Owner, table: string, rows: Array<Record<string, unknown>>): Promise<void> {
  const res = await fetch(`${keys.api}/rest/v1/${table}`, {
    method: 'POST',
    headers: { apikey: keys.anonKey, authorization: `Bearer ${owner.accessToken}`, 'content-type': 'application/json', prefer: 'return=minimal' },
    body: JSON.stringify(rows),
  })
  if (!res.ok) throw new Error(`inserting into ${table} failed with ${res.status}: ${await res.text()}`)
}

/** Changes rows on the server (filtered as in the data API, e.g. `id=eq.…`), as another device of the owner would. */
export async function updateRows(keys: StackKeys, owner: Owner, table: string, filter: string, patch: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${keys.api}/rest/v1/${table}?${filter}`, {
    method: 'PATCH',
    headers: { apikey: keys.anonKey, authorization: `Bearer ${owner.accessToken}`, 'content-type': 'application/json', prefer: 'return=representation' },
    body: JSON.stringify(patch),
  })
  const rows = (await res.json().catch(() => null)) as unknown[] | null
  if (!res.ok || !rows || rows.length === 0) throw new Error(`updating ${table} failed with ${res.status}: ${JSON.stringify(rows)}`)
}
