// The one rate limiter (take_rate_limits, migration 20261127000100), called
// as the functions call it: through the data API with the service role.
// Runs on PGlite and on PostgreSQL 15.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { BACKENDS, useTestStack } from '../support/stack.ts'

type Limit = { name: string; key: string; max: number; window: number }
type Taken = { allowed: true; at: string } | { allowed: false; error: 'rate_limited'; limit: string; retry_after: number }

describe.each(BACKENDS)('the rate limiter on %s', (backend) => {
  const stack = useTestStack(backend)

  async function take(limits: Limit[]): Promise<Taken> {
    const { data, error } = await stack.service().rpc('take_rate_limits', { p_limits: limits })
    expect(error).toBeNull()
    return data as Taken
  }
  const hits = async (key: string) =>
    (await stack.db.query<{ n: number }>('select count(*)::int as n from public.rate_limit_hits where rate_key = $1', [key])).rows[0]!.n

  it('lets exactly `max` of many simultaneous calls through, and says when the window frees up', async () => {
    const key = `test:${randomUUID()}`
    const limit = { name: 'burst', key, max: 5, window: 60 }
    const results = await Promise.all(Array.from({ length: 20 }, () => take([limit])))
    expect(results.filter((r) => r.allowed)).toHaveLength(5)
    for (const r of results.filter((x) => !x.allowed)) {
      expect(r).toMatchObject({ allowed: false, error: 'rate_limited', limit: 'burst' })
      expect((r as { retry_after: number }).retry_after).toBeGreaterThanOrEqual(1)
      expect((r as { retry_after: number }).retry_after).toBeLessThanOrEqual(60)
    }
    expect(await hits(key)).toBe(5)
  })

  it('counts all of a call or nothing, and reports the limit that frees up last', async () => {
    const roomy = { name: 'roomy', key: `test:${randomUUID()}`, max: 100, window: 60 }
    const minute = { name: 'minute', key: `test:${randomUUID()}`, max: 1, window: 60 }
    const day = { name: 'day', key: minute.key, max: 1, window: 86_400 }
    expect((await take([roomy, minute, day])).allowed).toBe(true)
    const refused = await take([roomy, minute, day])
    expect(refused).toMatchObject({ allowed: false, limit: 'day' })
    expect((refused as { retry_after: number }).retry_after).toBeGreaterThan(86_000)
    // The refused call recorded nothing, on the limit that had room either.
    expect(await hits(roomy.key)).toBe(1)
    expect(await hits(minute.key)).toBe(2)
  })

  it('forgets hits once their window is over, and gives hits back on release', async () => {
    const limit = { name: 'hourly', key: `test:${randomUUID()}`, max: 1, window: 3600 }
    const first = await take([limit])
    expect(first.allowed).toBe(true)
    expect((await take([limit])).allowed).toBe(false)
    const released = await stack.service().rpc('release_rate_limits', { p_limits: [limit], p_at: (first as { at: string }).at })
    expect(released).toMatchObject({ error: null, data: 1 })
    expect((await take([limit])).allowed).toBe(true)

    await stack.db.query(`update public.rate_limit_hits set at = at - interval '2 hours', expires_at = expires_at - interval '2 hours' where rate_key = $1`, [limit.key])
    // A spent hit counts for nothing.
    expect((await take([limit])).allowed).toBe(true)
    // A sweep (one call of take_rate_limits in 16 runs one) takes spent hits away, and nothing still counting.
    const spent = { name: 'spent', key: `test:${randomUUID()}`, max: 5, window: 60 }
    expect((await take([spent])).allowed).toBe(true)
    await stack.db.query(`update public.rate_limit_hits set at = at - interval '2 minutes', expires_at = expires_at - interval '2 minutes' where rate_key = $1`, [spent.key])
    const swept = await stack.service().rpc('sweep_rate_limit_hits', { p_max: 100_000 })
    expect(swept.error).toBeNull()
    expect(swept.data).toBeGreaterThanOrEqual(1)
    expect(await hits(spent.key)).toBe(0)
    expect(await hits(limit.key)).toBe(1)
  })

  it('refuses a malformed list instead of counting nothing', async () => {
    for (const limits of [{}, [{ name: 'x', key: 'k', max: 0, window: 60 }], [{ name: 'x', key: 'k', max: 1 }], [{ key: 'k', max: 1, window: 60 }]]) {
      const { error } = await stack.service().rpc('take_rate_limits', { p_limits: limits })
      expect(error?.code, JSON.stringify(limits)).toBe('22023')
    }
  })

  it('is the service role\'s alone, and no table of a limiter of its own is left', async () => {
    const owner = await stack.signUpOwner()
    for (const client of [owner.client, stack.anon()]) {
      const { error } = await client.rpc('take_rate_limits', { p_limits: [{ name: 'x', key: 'k', max: 1, window: 60 }] })
      expect(error?.code).toBe('42501')
    }
    const { rows } = await stack.db.query<{ name: string }>(
      `select c.relname as name from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
          and c.relname in ('chatbot_api_requests', 'automation_requests')`,
    )
    expect(rows).toEqual([])
    const functions = await stack.db.query<{ name: string }>(
      `select p.proname as name from pg_proc p where p.pronamespace = 'public'::regnamespace
          and p.proname in ('reserve_chatbot_request', 'reserve_automation_request', 'phone_verification_refusal')`,
    )
    expect(functions.rows).toEqual([])
  })
})
