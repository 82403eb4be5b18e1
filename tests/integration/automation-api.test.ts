// The endpoints an owner's external automation calls (spec §7) —
// automation-webhook (GET credentials, POST one message sent), products-api
// and user-api — called as n8n or Make would: plain HTTP with the owner's
// automation token. Runs on PGlite and on PostgreSQL 15.
import { randomBytes } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AUTOMATION_FUNCTIONS, IDEMPOTENCY_KEY_HEADER } from '../../domain/functions.ts'
import { BACKENDS, useTestStack, type Owner } from '../support/stack.ts'

type Answer = Record<string, unknown> & { success?: boolean; error?: string | null }

describe.each(BACKENDS)('automation endpoints on %s', (backend) => {
  const stack = useTestStack(backend)
  // Every call here comes from 127.0.0.1: the per-address limit is roomy but for its own test.
  beforeEach(() => vi.stubEnv('AUTOMATION_ADDRESS_LIMIT_PER_MINUTE', '100000'))
  afterEach(() => vi.unstubAllEnvs())

  type AutomationOwner = Owner & { token: string }

  async function automationOwner(credits = 5): Promise<AutomationOwner> {
    const owner = await stack.signUpVerifiedOwner()
    const { data, error } = await owner.client.rpc('create_automation_token')
    expect(error).toBeNull()
    await stack.db.query('update public.credits set amount = $2, used = 0, remaining = $2 where user_id = $1', [owner.user.id, credits])
    return { ...owner, token: (data as { token: string }).token }
  }

  async function call(name: string, userId: string, token: string | null, init: { method?: string; body?: string; headers?: Record<string, string>; query?: string } = {}) {
    const res = await fetch(`${stack.url}/functions/v1/${name}/${userId}${init.query ?? ''}`, {
      method: init.method ?? 'GET',
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
      body: init.body,
    })
    return { status: res.status, body: (await res.json()) as Answer, headers: res.headers }
  }

  const sentOne = (owner: AutomationOwner, init: { body?: string; headers?: Record<string, string> } = {}) =>
    call(AUTOMATION_FUNCTIONS.webhook, owner.user.id, owner.token, { method: 'POST', ...init })

  async function remaining(owner: Owner): Promise<number> {
    const { rows } = await stack.db.query<{ remaining: number }>('select remaining from public.credits where user_id = $1', [owner.user.id])
    return rows[0]!.remaining
  }

  it('the token is shown once, stored only as its hash, and a new one replaces it', async () => {
    const owner = await automationOwner()
    expect(owner.token).toMatch(/^sat_[0-9a-f]{64}$/)
    const { rows } = await stack.db.query<{ token_hash: string }>('select token_hash from public.automation_tokens where user_id = $1', [owner.user.id])
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(rows)).not.toContain(owner.token.slice(4))
    expect((await owner.client.rpc('get_automation_token_status')).data).toMatchObject({ set: true })
    // The owner cannot read it back through the data API.
    const read = await owner.client.from('automation_tokens').select('*')
    expect(read.data ?? []).toEqual([])

    expect((await call(AUTOMATION_FUNCTIONS.user, owner.user.id, owner.token)).status).toBe(200)
    const next = await owner.client.rpc('create_automation_token')
    const newToken = (next.data as { token: string }).token
    expect(newToken).not.toBe(owner.token)
    expect((await call(AUTOMATION_FUNCTIONS.user, owner.user.id, owner.token)).status).toBe(401)
    expect((await call(AUTOMATION_FUNCTIONS.user, owner.user.id, newToken)).status).toBe(200)

    await owner.client.rpc('revoke_automation_token')
    expect((await call(AUTOMATION_FUNCTIONS.user, owner.user.id, newToken)).status).toBe(401)
    expect((await owner.client.rpc('get_automation_token_status')).data).toMatchObject({ set: false })
    // Nobody signed out can make or revoke one.
    expect((await stack.anon().rpc('create_automation_token')).error).not.toBeNull()
  })

  it("a user id alone opens nothing; a second owner's token or id opens nothing of the first", async () => {
    const first = await automationOwner()
    const second = await automationOwner()
    for (const name of Object.values(AUTOMATION_FUNCTIONS)) {
      expect(await call(name, first.user.id, null), name).toMatchObject({ status: 401, body: { success: false, error: 'unauthorized' } })
      expect((await call(name, first.user.id, second.token)).status, name).toBe(401)
      expect((await call(name, first.user.id, stack.anonKey)).status, name).toBe(401)
      expect((await call(name, first.user.id, first.session.access_token)).status, name).toBe(401)
      expect((await call(name, first.user.id, `sat_${randomBytes(32).toString('hex')}`)).status, name).toBe(401)
      expect((await call(name, 'not-a-uuid', first.token)).status, name).toBe(401)
    }
    // The second owner's own calls see the second owner only.
    const user = await call(AUTOMATION_FUNCTIONS.user, second.user.id, second.token)
    expect(user.body.business_name).toBe(second.businessName)
    expect(await remaining(first)).toBe(5)
  })

  it('GET automation-webhook gives the WhatsApp credentials to the token holder', async () => {
    const owner = await automationOwner()
    const secret = randomBytes(16).toString('hex')
    await owner.client.rpc('set_whatsapp_credentials', { p_access_token: `EAAG${'x'.repeat(30)}`, p_phone_number_id: '109876543210987', p_app_secret: secret })
    const res = await call(AUTOMATION_FUNCTIONS.webhook, owner.user.id, owner.token)
    expect(res).toMatchObject({ status: 200, body: { success: true, whatsapp: { access_token: `EAAG${'x'.repeat(30)}`, phone_number_id: '109876543210987', app_secret: secret } } })
  })

  it("GET products-api lists the owner's live products only, in pages", async () => {
    const owner = await automationOwner()
    const other = await automationOwner()
    for (const [who, name, deleted] of [[owner, 'Bal', false], [owner, 'Zeytinyağı', false], [owner, 'Eski Ürün', true], [other, 'Başkasının', false]] as const) {
      await stack.db.query(
        `insert into public.products (user_id, name, price, stock, currency, product_link, _modified, _deleted) values ($1, $2, 120, 3, 'TRY', 'https://example.com/p', now(), $3)`,
        [who.user.id, name, deleted],
      )
    }
    const all = await call(AUTOMATION_FUNCTIONS.products, owner.user.id, owner.token)
    expect(all.status).toBe(200)
    expect((all.body.products as { name: string }[]).map((p) => p.name)).toEqual(['Bal', 'Zeytinyağı'])
    expect(all.body.total).toBe(2)
    expect((all.body.products as Record<string, unknown>[])[0]).toMatchObject({ price: 120, currency: 'TRY', stock: 3, product_link: 'https://example.com/p' })
    const page = await call(AUTOMATION_FUNCTIONS.products, owner.user.id, owner.token, { query: '?limit=1&offset=1' })
    expect((page.body.products as { name: string }[]).map((p) => p.name)).toEqual(['Zeytinyağı'])
    expect((await call(AUTOMATION_FUNCTIONS.products, owner.user.id, owner.token, { query: '?limit=5000' })).status).toBe(400)
  })

  it('GET user-api gives the business name, phone and credits left', async () => {
    const owner = await automationOwner(7)
    const res = await call(AUTOMATION_FUNCTIONS.user, owner.user.id, owner.token)
    expect(res).toMatchObject({ status: 200, body: { success: true, business_name: owner.businessName, phone_number: owner.phone, credits_remaining: 7 } })
  })

  it('POST automation-webhook takes one credit per message and answers 402 no_credits at 0', async () => {
    const owner = await automationOwner(2)
    expect(await sentOne(owner)).toMatchObject({ status: 200, body: { success: true, remaining: 1 } })
    expect(await sentOne(owner)).toMatchObject({ status: 200, body: { remaining: 0 } })
    expect(await sentOne(owner)).toMatchObject({ status: 402, body: { success: false, error: 'no_credits' } })
    expect(await remaining(owner)).toBe(0)
  })

  it('the same POST retried 10 times at once with one key counts once; a message id in the body works alike', async () => {
    const owner = await automationOwner(5)
    const key = `n8n-${randomBytes(8).toString('hex')}`
    const tries = await Promise.all(Array.from({ length: 10 }, () => sentOne(owner, { headers: { [IDEMPOTENCY_KEY_HEADER]: key } })))
    expect(tries.map((t) => t.status)).toEqual(Array(10).fill(200))
    expect(tries.every((t) => t.body.remaining === 4)).toBe(true)
    expect(tries.filter((t) => t.body.repeated === false)).toHaveLength(1)
    expect(await remaining(owner)).toBe(4)

    const body = JSON.stringify({ message_id: 'wamid.HBgLOTA1MzIxMjM0NTY3' })
    await sentOne(owner, { body })
    await sentOne(owner, { body })
    expect(await remaining(owner)).toBe(3)
    expect((await sentOne(owner, { body: '{not json' })).status).toBe(400)
    expect((await sentOne(owner, { headers: { [IDEMPOTENCY_KEY_HEADER]: 'has space' } })).status).toBe(400)
  })

  it('a refused POST at 0 credits is not remembered: the same key counts once credits are bought', async () => {
    const owner = await automationOwner(0)
    const headers = { [IDEMPOTENCY_KEY_HEADER]: 'retry-after-purchase' }
    expect((await sentOne(owner, { headers })).status).toBe(402)
    await stack.db.query('update public.credits set amount = 3, remaining = 3 where user_id = $1', [owner.user.id])
    expect(await sentOne(owner, { headers })).toMatchObject({ status: 200, body: { remaining: 2, repeated: false } })
  })

  it('429 rate_limited per owner (AUTOMATION_OWNER_LIMIT_PER_MINUTE) and per address before the token is checked', async () => {
    vi.stubEnv('AUTOMATION_OWNER_LIMIT_PER_MINUTE', '3')
    const owner = await automationOwner()
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await call(AUTOMATION_FUNCTIONS.user, owner.user.id, owner.token)).status)
    expect(statuses).toEqual([200, 200, 200, 429])

    vi.stubEnv('AUTOMATION_ADDRESS_LIMIT_PER_MINUTE', '1')
    const guess = await call(AUTOMATION_FUNCTIONS.user, owner.user.id, `sat_${'0'.repeat(64)}`)
    expect(guess.status).toBe(429)
    expect(Number(guess.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
