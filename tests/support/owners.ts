// Fresh business owners for end-to-end tests, each with their own data, so
// tests in one file never see each other's products or appointments; and a
// visitor writing to an owner's chatbot.
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

/** A verified owner whose chatbot is on, with a contact phone the assistant can give when it hands a visitor over. */
export async function createChatbotOwner(keys: StackKeys): Promise<Owner> {
  const owner = await createVerifiedOwner(keys)
  await updateRows(keys, owner, 'chatbot_configs', `user_id=eq.${owner.id}`, { enabled: true })
  await updateRows(keys, owner, 'business_profiles', `user_id=eq.${owner.id}`, { contact_phone: '0216 555 00 11' })
  return owner
}

/** What chatbot-api answers a visitor's message. */
export type VisitorAnswer = { reply: string | null; conversationId: string; status: string }

/** A visitor's message to the owner's chatbot, sent as the widget on the owner's shop sends it; fails unless it is answered. */
export async function visitorMessage(keys: StackKeys, body: { userId: string; message: string; conversationId?: string; language?: 'tr' | 'en' }): Promise<VisitorAnswer> {
  const res = await fetch(`${keys.api}/functions/v1/chatbot-api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'https://shop.example' },
    body: JSON.stringify(body),
  })
  const answer = (await res.json().catch(() => null)) as VisitorAnswer | null
  if (res.status !== 200 || !answer) throw new Error(`chatbot-api answered ${JSON.stringify(body.message)} with ${res.status}: ${JSON.stringify(answer)}`)
  return answer
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
