// For the benches that time one owner's reads on the embedded stack (PGlite,
// in memory): the stack, the owner signed up through the auth API with a
// token that outlives the run, the two ways of calling a database function
// that a bench sets side by side (through the data API, and directly under
// the owner's role and claims), and the figures they print.
import { performance } from 'node:perf_hooks'
import { startStack, type RunningStack } from '../../supabase/local/server.ts'
import { requestContextParams, requestContextSql, signJwt } from '../../supabase/local/jwt.ts'
import { TEST_STACK_CONFIG } from '../support/stack.ts'

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
export const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(0.95 * xs.length))]!
export const ms = (x: number) => `${x.toFixed(1)} ms`

export type StackOwner = {
  stack: RunningStack
  owner: string
  token: string
  /** The owner's headers for the data API. */
  headers: Record<string, string>
  /** An RPC through the data API as the owner, timed; fails unless it answers 2xx. */
  viaApi(fn: string, body: unknown): Promise<{ t: number; data: unknown }>
  /** A query directly on the database under the owner's role and claims (no HTTP), timed. */
  asOwner(sql: string, params?: unknown[]): Promise<{ t: number; rows: unknown[] }>
}

/** Starts the stack and signs up an owner (`tag` names its e-mail); the caller closes `stack`. */
export async function stackWithOwner(tag: string, phone: string): Promise<StackOwner> {
  const stack = await startStack({ port: 0, db: { kind: 'memory' }, seed: false, config: { ...TEST_STACK_CONFIG } })
  try {
    const { url, config, db } = stack
    const signup = await fetch(`${url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: config.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: `${tag}-${Date.now()}@example.com`, password: 'bench-password', data: { business_name: 'Bench', phone_number: phone } }),
    })
    if (!signup.ok) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`)
    const owner = ((await signup.json()) as { user: { id: string } }).user.id
    const token = await signJwt(config, { sub: owner, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 })
    const headers = { apikey: config.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    const claims = { sub: owner, role: 'authenticated', aud: 'authenticated' }
    return {
      stack, owner, token, headers,
      async viaApi(fn, body) {
        const t = performance.now()
        const res = await fetch(`${url}/rest/v1/rpc/${fn}`, { method: 'POST', headers, body: JSON.stringify(body) })
        const data = (await res.json()) as unknown
        if (!res.ok) throw new Error(`${fn}: ${res.status} ${JSON.stringify(data)}`)
        return { t: performance.now() - t, data }
      },
      async asOwner(sql, params = []) {
        const t = performance.now()
        const { rows } = await db.transaction(async (tx) => {
          await tx.query(requestContextSql, requestContextParams({ role: 'authenticated', claims }))
          return tx.query(sql, params)
        })
        return { t: performance.now() - t, rows }
      },
    }
  } catch (error) {
    await stack.close()
    throw error
  }
}
