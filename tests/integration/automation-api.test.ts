// The endpoints an owner's external automation calls (spec §7) —
// automation-webhook (GET the WhatsApp number and, when shared, the access
// token; POST one message sent, or a message for the server to send),
// products-api and user-api — called as n8n or Make would: plain HTTP with
// the owner's automation token; and the owner function automation-token that
// mints the token and shares the access token, both after the password.
// Runs on PGlite and on PostgreSQL 15.
import { randomBytes } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AUTOMATION_FUNCTIONS, AUTOMATION_TEXT_MAX, AUTOMATION_TOKEN_FUNCTION, IDEMPOTENCY_KEY_HEADER } from '../../domain/functions.ts'
import { splitWhatsAppText, WHATSAPP_TEXT_MAX } from '../../supabase/functions/_shared/whatsapp.ts'
import { useFakeWhatsApp } from '../support/fake-whatsapp.ts'
import { BACKENDS, useTestStack, type Owner } from '../support/stack.ts'

type Answer = Record<string, unknown> & { success?: boolean; error?: string | null }

describe.each(BACKENDS)('automation endpoints on %s', (backend) => {
  const stack = useTestStack(backend)
  const graph = useFakeWhatsApp()
  // Every call here comes from 127.0.0.1: the per-address limit is roomy but for its own test.
  beforeEach(() => vi.stubEnv('AUTOMATION_ADDRESS_LIMIT_PER_MINUTE', '100000'))
  afterEach(() => vi.unstubAllEnvs())

  type AutomationOwner = Owner & { token: string }
  type Status = { set: boolean; created_at: string | null; last_used_at: string | null; share_access_token: boolean }

  /** automation-token as the settings screen calls it, with the owner's session. */
  async function tokenAction(owner: Owner, body: Record<string, unknown>) {
    const res = await fetch(`${stack.url}/functions/v1/${AUTOMATION_TOKEN_FUNCTION}`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${owner.session.access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as Answer, headers: res.headers }
  }

  async function mint(owner: Owner): Promise<string> {
    const made = await tokenAction(owner, { action: 'create', password: owner.password })
    expect(made, JSON.stringify(made.body)).toMatchObject({ status: 200, body: { success: true } })
    return made.body.token as string
  }

  async function automationOwner(credits = 5): Promise<AutomationOwner> {
    const owner = await stack.signUpVerifiedOwner()
    const token = await mint(owner)
    await stack.db.query('update public.credits set amount = $2, used = 0, remaining = $2 where user_id = $1', [owner.user.id, credits])
    return { ...owner, token }
  }

  async function tokenStatus(owner: Owner): Promise<Status> {
    const { data, error } = await owner.client.rpc('get_automation_token_status')
    expect(error).toBeNull()
    return data as Status
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

  const sendText = (owner: AutomationOwner, message: Record<string, unknown>, headers: Record<string, string> = {}) =>
    sentOne(owner, { body: JSON.stringify(message), headers })

  async function remaining(owner: Owner): Promise<number> {
    const { rows } = await stack.db.query<{ remaining: number }>('select remaining from public.credits where user_id = $1', [owner.user.id])
    return rows[0]!.remaining
  }

  /** The WhatsApp messages sent as the owner, oldest first. */
  async function whatsAppSent(owner: Owner): Promise<{ recipient: string; body: string; provider: string; status: string }[]> {
    const { rows } = await stack.db.query<{ recipient: string; body: string; provider: string; status: string }>(
      "select recipient, body, provider, status from public.outgoing_messages where user_id = $1 and channel = 'whatsapp' order by created_at, id",
      [owner.user.id],
    )
    return rows
  }

  /** What the local stack's outbox lists for a recipient, as a developer sees it. */
  async function outbox(to: string): Promise<{ channel: string; to: string; body: string }[]> {
    const res = await fetch(`${stack.url}/__local/outbox.json?to=${to}`)
    expect(res.status).toBe(200)
    return (await res.json()) as { channel: string; to: string; body: string }[]
  }

  /** A recipient no other test writes to, so the outbox shows this test's messages only. */
  const recipient = () => `90532${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`

  async function saveCredentials(owner: Owner) {
    const creds = {
      accessToken: `EAAG${randomBytes(30).toString('hex')}`,
      phoneNumberId: String(100_000_000_000_000 + Math.floor(Math.random() * 1e12)),
      appSecret: `gizli-${randomBytes(16).toString('hex')}`,
    }
    const { error } = await owner.client.rpc('set_whatsapp_credentials', {
      p_access_token: creds.accessToken, p_phone_number_id: creds.phoneNumberId, p_app_secret: creds.appSecret,
    })
    expect(error).toBeNull()
    return creds
  }

  it('the token is minted with the password only, shown once, stored only as its hash, and a new one replaces it', async () => {
    const owner = await stack.signUpVerifiedOwner()
    // A session alone mints nothing: the RPC is closed to it, and to anon.
    const byRpc = await owner.client.rpc('create_automation_token')
    expect(byRpc.data).toBeNull()
    expect(byRpc.error?.code).toBe('42501')
    expect((await stack.anon().rpc('create_automation_token')).error?.code).toBe('42501')
    expect(await tokenStatus(owner)).toEqual({ set: false, created_at: null, last_used_at: null, share_access_token: false })

    const made = await tokenAction(owner, { action: 'create', password: owner.password })
    expect(made).toMatchObject({ status: 200, body: { success: true, error: null, status: { set: true, last_used_at: null, share_access_token: false } } })
    const token = made.body.token as string
    expect(token).toMatch(/^sat_[0-9a-f]{64}$/)
    expect((made.body.status as Status).created_at).toBe(made.body.created_at)
    const { rows } = await stack.db.query<{ token_hash: string }>('select token_hash from public.automation_tokens where user_id = $1', [owner.user.id])
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(rows)).not.toContain(token.slice(4))
    expect(await tokenStatus(owner)).toMatchObject({ set: true })
    // The owner cannot read it back through the data API.
    const read = await owner.client.from('automation_tokens').select('*')
    expect(read.data ?? []).toEqual([])

    expect((await call(AUTOMATION_FUNCTIONS.user, owner.user.id, token)).status).toBe(200)
    const newToken = await mint(owner)
    expect(newToken).not.toBe(token)
    expect((await call(AUTOMATION_FUNCTIONS.user, owner.user.id, token)).status).toBe(401)
    expect((await call(AUTOMATION_FUNCTIONS.user, owner.user.id, newToken)).status).toBe(200)

    // Revoking takes access away, so it needs no password.
    expect((await owner.client.rpc('revoke_automation_token')).error).toBeNull()
    expect((await call(AUTOMATION_FUNCTIONS.user, owner.user.id, newToken)).status).toBe(401)
    expect(await tokenStatus(owner)).toMatchObject({ set: false, created_at: null })
    // Nobody signed out can revoke one.
    expect((await stack.anon().rpc('revoke_automation_token')).error).not.toBeNull()
  })

  it('automation-token refuses without the right password, counts the attempts and answers rate_limited after five wrong ones', async () => {
    const owner = await stack.signUpVerifiedOwner()
    // Right passwords are not counted: an owner confirming often is never locked out by it.
    for (let i = 0; i < 6; i++) expect((await tokenAction(owner, { action: 'create', password: owner.password })).status).toBe(200)
    expect((await owner.client.rpc('revoke_automation_token')).error).toBeNull()

    // Malformed calls are refused before any password is compared, and are not attempts.
    expect(await tokenAction(owner, { action: 'create' })).toMatchObject({ status: 400, body: { error: 'invalid_request' } })
    expect(await tokenAction(owner, { action: 'create', password: '' })).toMatchObject({ status: 400, body: { error: 'invalid_request' } })
    expect(await tokenAction(owner, { action: 'mint', password: owner.password })).toMatchObject({ status: 400, body: { error: 'invalid_request' } })

    for (let i = 0; i < 5; i++) {
      const wrong = await tokenAction(owner, { action: i % 2 ? 'share' : 'create', password: `${owner.password}-yanlis-${i}` })
      expect(wrong, `attempt ${i + 1}`).toMatchObject({ status: 403, body: { success: false, error: 'invalid_password' } })
      expect(wrong.body.token).toBeUndefined()
    }
    // The sixth is refused before the comparison, the right password too.
    const limited = await tokenAction(owner, { action: 'create', password: owner.password })
    expect(limited).toMatchObject({ status: 429, body: { success: false, error: 'rate_limited' } })
    const wait = limited.body.retry_after as number
    expect(wait).toBeGreaterThan(14 * 60)
    expect(wait).toBeLessThanOrEqual(15 * 60)
    expect(limited.headers.get('retry-after')).toBe(String(wait))
    expect(await tokenStatus(owner)).toEqual({ set: false, created_at: null, last_used_at: null, share_access_token: false })

    // Another owner's attempts are their own.
    const other = await stack.signUpVerifiedOwner()
    expect((await tokenAction(other, { action: 'create', password: other.password })).status).toBe(200)
  })

  it('automation-token acts only for a signed-in owner with a verified phone', async () => {
    const anonCall = await fetch(`${stack.url}/functions/v1/${AUTOMATION_TOKEN_FUNCTION}`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${stack.anonKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'unshare' }),
    })
    expect(anonCall.status).toBe(401)
    const unverified = await stack.signUpOwner()
    expect(await tokenAction(unverified, { action: 'create', password: unverified.password })).toMatchObject({ status: 403, body: { error: 'phone_not_verified' } })
  })

  it('GET automation-webhook never gives the app secret; the access token only while the owner shares it, which takes the password', async () => {
    const owner = await automationOwner()
    const creds = await saveCredentials(owner)
    const get = () => call(AUTOMATION_FUNCTIONS.webhook, owner.user.id, owner.token)

    // Off by default.
    const before = await get()
    expect(before).toMatchObject({ status: 200, body: { success: true, whatsapp: { access_token: null, phone_number_id: creds.phoneNumberId, access_token_shared: false } } })
    expect(JSON.stringify(before.body)).not.toContain(creds.appSecret)
    expect(before.body.whatsapp).not.toHaveProperty('app_secret')

    // Sharing takes the password; a wrong one changes nothing.
    expect(await tokenAction(owner, { action: 'share' })).toMatchObject({ status: 400, body: { error: 'invalid_request' } })
    expect(await tokenAction(owner, { action: 'share', password: 'yanlis-sifre' })).toMatchObject({ status: 403, body: { error: 'invalid_password' } })
    expect((await get()).body.whatsapp).toMatchObject({ access_token: null, access_token_shared: false })

    const shared = await tokenAction(owner, { action: 'share', password: owner.password })
    expect(shared).toMatchObject({ status: 200, body: { success: true, status: { share_access_token: true, set: true } } })
    expect(await tokenStatus(owner)).toMatchObject({ share_access_token: true })
    const during = await get()
    expect(during.body.whatsapp).toEqual({ access_token: creds.accessToken, phone_number_id: creds.phoneNumberId, access_token_shared: true })
    expect(JSON.stringify(during.body)).not.toContain(creds.appSecret)

    // Rotating the token keeps the choice; stopping needs no password.
    owner.token = await mint(owner)
    expect((await get()).body.whatsapp).toMatchObject({ access_token: creds.accessToken })
    const unshared = await tokenAction(owner, { action: 'unshare' })
    expect(unshared).toMatchObject({ status: 200, body: { success: true, status: { share_access_token: false } } })
    const after = await get()
    expect(after.body.whatsapp).toEqual({ access_token: null, phone_number_id: creds.phoneNumberId, access_token_shared: false })
    expect(JSON.stringify(after.body)).not.toContain(creds.accessToken)

    // Nothing saved: nulls.
    const bare = await automationOwner()
    expect((await call(AUTOMATION_FUNCTIONS.webhook, bare.user.id, bare.token)).body.whatsapp).toEqual({ access_token: null, phone_number_id: null, access_token_shared: false })
  })

  it('notes when the token was last used, at most once a minute; a new token starts unused', async () => {
    const owner = await automationOwner()
    expect((await tokenStatus(owner)).last_used_at).toBeNull()
    // A refused call is no use of the token.
    expect((await call(AUTOMATION_FUNCTIONS.user, owner.user.id, `sat_${'0'.repeat(64)}`)).status).toBe(401)
    expect((await tokenStatus(owner)).last_used_at).toBeNull()

    expect((await call(AUTOMATION_FUNCTIONS.user, owner.user.id, owner.token)).status).toBe(200)
    const first = (await tokenStatus(owner)).last_used_at
    expect(first).not.toBeNull()
    expect(Math.abs(Date.parse(first!) - Date.now())).toBeLessThan(60_000)
    // Within the minute, further calls do not write.
    expect((await call(AUTOMATION_FUNCTIONS.products, owner.user.id, owner.token)).status).toBe(200)
    expect((await tokenStatus(owner)).last_used_at).toBe(first)

    await stack.db.query("update public.automation_tokens set last_used_at = now() - interval '2 minutes' where user_id = $1", [owner.user.id])
    const aged = (await tokenStatus(owner)).last_used_at
    expect((await call(AUTOMATION_FUNCTIONS.webhook, owner.user.id, owner.token)).status).toBe(200)
    const later = (await tokenStatus(owner)).last_used_at
    expect(Date.parse(later!)).toBeGreaterThan(Date.parse(aged!) + 60_000)

    await mint(owner)
    expect((await tokenStatus(owner)).last_used_at).toBeNull()
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

  it('GET user-api gives the business name, phone and credits left, an empty profile and no FAQ before the owner writes them', async () => {
    const owner = await automationOwner(7)
    const res = await call(AUTOMATION_FUNCTIONS.user, owner.user.id, owner.token)
    expect(res).toEqual({
      status: 200,
      headers: expect.anything(),
      body: {
        success: true,
        error: null,
        business_name: owner.businessName,
        phone_number: owner.phone,
        credits_remaining: 7,
        business_profile: {
          address: null, maps_url: null, contact_phone: null, contact_email: null, opening_hours: {}, time_zone: 'Europe/Istanbul',
          shipping_info: null, returns_info: null, payment_info: null, ordering_info: null, updated_at: expect.any(String),
        },
        faq: [],
      },
    })
  })

  it('GET user-api gives the business profile and the FAQ the owner wrote, in the order written, and nothing of another owner', async () => {
    const owner = await automationOwner()
    const profile = {
      address: 'Bağdat Cad. No: 12, Kadıköy, İstanbul',
      maps_url: 'https://maps.app.goo.gl/AbC123',
      contact_phone: '+90 216 555 12 34',
      contact_email: 'merhaba@ornek.com.tr',
      opening_hours: { mon: [['09:00', '12:30'], ['13:30', '19:00']], sat: [['10:00', '24:00']], sun: [['00:00', '02:00']] },
      time_zone: 'Europe/Berlin',
      shipping_info: 'Kargo 50 TL, 500 TL üzeri ücretsiz.',
      returns_info: '14 gün içinde iade.',
      payment_info: 'Kart, havale, kapıda ödeme.',
      ordering_info: 'WhatsApp’tan sipariş verebilirsiniz.',
    }
    await owner.client.from('business_profiles').update(profile).eq('user_id', owner.user.id).throwOnError()
    const faq = [
      { question: 'Kargo ücretli mi?', answer: 'Evet, 50 TL.' },
      { question: 'İade nasıl yapılır?', answer: '14 gün içinde faturayla.' },
      { question: 'Hafta sonu açık mısınız?', answer: 'Cumartesi açığız.' },
    ]
    for (const entry of faq) await owner.client.from('faq_entries').insert({ ...entry, user_id: owner.user.id }).throwOnError()
    const neighbour = await automationOwner()
    await neighbour.client.from('business_profiles').update({ address: 'Komşunun adresi' }).eq('user_id', neighbour.user.id).throwOnError()
    await neighbour.client.from('faq_entries').insert({ question: 'Komşunun sorusu?', answer: 'Komşunun yanıtı.', user_id: neighbour.user.id }).throwOnError()

    const res = await call(AUTOMATION_FUNCTIONS.user, owner.user.id, owner.token)
    expect(res.status).toBe(200)
    expect(res.body.business_profile).toEqual({ ...profile, updated_at: expect.any(String) })
    expect(res.body.faq).toEqual(faq)
    expect(JSON.stringify(res.body)).not.toContain('Komşu')
    // Another owner's token opens nothing of this owner's.
    expect(await call(AUTOMATION_FUNCTIONS.user, owner.user.id, neighbour.token)).toMatchObject({ status: 401, body: { success: false, error: 'unauthorized' } })
  })

  it('POST automation-webhook takes one credit per message and answers 402 no_credits at 0', async () => {
    const owner = await automationOwner(2)
    expect(await sentOne(owner)).toMatchObject({ status: 200, body: { success: true, remaining: 1 } })
    expect(await sentOne(owner)).toMatchObject({ status: 200, body: { remaining: 0 } })
    expect(await sentOne(owner)).toMatchObject({ status: 402, body: { success: false, error: 'no_credits' } })
    expect(await remaining(owner)).toBe(0)
    // Counting sends nothing.
    expect(await whatsAppSent(owner)).toEqual([])
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

  describe('POST {to, text}: the server sends the message', () => {
    it('sends through the local provider as the owner, for exactly one credit', async () => {
      const owner = await automationOwner(5)
      const to = recipient()
      const text = 'Merhaba Ayşe Hanım, siparişiniz yarın kargoda. İyi günler dileriz!'
      const res = await sendText(owner, { to: `+${to}`, text })
      expect(res).toMatchObject({ status: 200, body: { success: true, error: null, remaining: 4, repeated: false, parts: 1 } })
      expect(await remaining(owner)).toBe(4)
      expect(await whatsAppSent(owner)).toEqual([{ recipient: to, body: text, provider: 'local', status: 'sent' }])
      expect(await outbox(to)).toEqual([expect.objectContaining({ channel: 'whatsapp', to, body: text })])
    })

    it('cuts a long text as replies are cut, still for one credit', async () => {
      const owner = await automationOwner(5)
      const to = recipient()
      const words = Array.from({ length: 700 }, (_, i) => `kelime${i}`)
      const text = words.join(' ')
      expect([...text].length).toBeGreaterThan(WHATSAPP_TEXT_MAX)
      expect([...text].length).toBeLessThanOrEqual(AUTOMATION_TEXT_MAX)
      const res = await sendText(owner, { to, text })
      expect(res).toMatchObject({ status: 200, body: { remaining: 4, parts: 2 } })
      const out = await whatsAppSent(owner)
      expect(out).toHaveLength(2)
      for (const m of out) expect([...m.body].length).toBeLessThanOrEqual(WHATSAPP_TEXT_MAX)
      expect(out.map((m) => m.body).join(' ').split(' ')).toEqual(words)
      expect(await remaining(owner)).toBe(4)
    })

    it('an Idempotency-Key repeat sends nothing more and charges nothing more, also when retried at once', async () => {
      const owner = await automationOwner(5)
      const to = recipient()
      const headers = { [IDEMPOTENCY_KEY_HEADER]: `send-${randomBytes(6).toString('hex')}` }
      const first = await sendText(owner, { to, text: 'Randevunuz onaylandı.' }, headers)
      expect(first).toMatchObject({ status: 200, body: { remaining: 4, repeated: false, parts: 1 } })
      const again = await sendText(owner, { to, text: 'Randevunuz onaylandı.' }, headers)
      expect(again).toMatchObject({ status: 200, body: { remaining: 4, repeated: true, parts: 1 } })
      expect(await whatsAppSent(owner)).toHaveLength(1)
      expect(await remaining(owner)).toBe(4)

      // A message id in the body names the send as well.
      const body = { to, text: 'Kargonuz yola çıktı.', message_id: `msg-${randomBytes(6).toString('hex')}` }
      await sendText(owner, body)
      expect(await sendText(owner, body)).toMatchObject({ status: 200, body: { repeated: true, remaining: 3 } })
      expect(await whatsAppSent(owner)).toHaveLength(2)

      // Eight simultaneous retries: one send, one credit; the others wait for it or repeat it.
      const key = { [IDEMPOTENCY_KEY_HEADER]: `burst-${randomBytes(6).toString('hex')}` }
      const burst = await Promise.all(Array.from({ length: 8 }, () => sendText(owner, { to, text: 'Tek sefer gönderilir.' }, key)))
      for (const b of burst) expect([200, 409], JSON.stringify(b.body)).toContain(b.status)
      expect(burst.filter((b) => b.status === 409).every((b) => b.body.error === 'in_progress')).toBe(true)
      expect(burst.filter((b) => b.body.repeated === false)).toHaveLength(1)
      expect((await whatsAppSent(owner)).filter((m) => m.body === 'Tek sefer gönderilir.')).toHaveLength(1)
      expect(await remaining(owner)).toBe(2)
      expect(await sendText(owner, { to, text: 'Tek sefer gönderilir.' }, key)).toMatchObject({ status: 200, body: { repeated: true, remaining: 2 } })
    })

    it('a send the provider refuses gives the credit back and forgets the key; a part refused after the first is paid for', async () => {
      vi.stubEnv('WHATSAPP_PROVIDER', 'cloud')
      vi.stubEnv('WHATSAPP_GRAPH_URL', graph.url)
      const owner = await automationOwner(5)
      const creds = await saveCredentials(owner)
      const to = recipient()

      const sentBefore = graph.sent.length
      expect(await sendText(owner, { to, text: 'Cloud API üzerinden.' })).toMatchObject({ status: 200, body: { remaining: 4, parts: 1 } })
      expect(graph.sent.slice(sentBefore)).toEqual([
        expect.objectContaining({
          phoneNumberId: creds.phoneNumberId,
          authorization: `Bearer ${creds.accessToken}`,
          body: expect.objectContaining({ messaging_product: 'whatsapp', to, type: 'text', text: expect.objectContaining({ body: 'Cloud API üzerinden.' }) }),
        }),
      ])

      graph.closedWindows.add(to)
      const headers = { [IDEMPOTENCY_KEY_HEADER]: `closed-${randomBytes(6).toString('hex')}` }
      expect(await sendText(owner, { to, text: 'Pencere kapalı.' }, headers)).toMatchObject({
        status: 409, body: { success: false, error: 'window_closed', remaining: 5 - 1, parts: 0 },
      })
      expect(await remaining(owner)).toBe(4)
      graph.refusedTexts.add('Reddedilir.')
      graph.closedWindows.delete(to)
      expect(await sendText(owner, { to, text: 'Reddedilir.' })).toMatchObject({ status: 502, body: { error: 'send_failed', remaining: 4, parts: 0 } })
      expect(await remaining(owner)).toBe(4)
      // The refused key was forgotten: once the window is open again, the retry sends and charges.
      expect(await sendText(owner, { to, text: 'Pencere kapalı.' }, headers)).toMatchObject({ status: 200, body: { remaining: 3, repeated: false, parts: 1 } })

      // A long text whose second part is refused: the first arrived and is paid for; a retry repeats the answer and sends nothing.
      // The first part ends at the paragraph break, the second is the tail alone.
      const head = Array.from({ length: 430 }, (_, i) => `parça${i}`).join(' ')
      const tail = `İkinci paragraf: ${'reddedilir '.repeat(40).trim()}`
      expect([...head].length).toBeGreaterThan(WHATSAPP_TEXT_MAX / 2)
      expect([...`${head}\n\n${tail}`].length).toBeGreaterThan(WHATSAPP_TEXT_MAX)
      expect(splitWhatsAppText(`${head}\n\n${tail}`)).toEqual([head, tail])
      graph.refusedTexts.add(tail)
      const partialKey = { [IDEMPOTENCY_KEY_HEADER]: `partial-${randomBytes(6).toString('hex')}` }
      const before = graph.sent.length
      const partial = await sendText(owner, { to, text: `${head}\n\n${tail}` }, partialKey)
      expect(partial).toMatchObject({ status: 502, body: { error: 'send_failed', parts: 1, remaining: 2 } })
      expect(graph.sent.length - before).toBe(2)
      expect(await remaining(owner)).toBe(2)
      expect(await sendText(owner, { to, text: `${head}\n\n${tail}` }, partialKey)).toMatchObject({ status: 502, body: { error: 'send_failed', repeated: true, parts: 1 } })
      expect(graph.sent.length - before).toBe(2)
      expect(await remaining(owner)).toBe(2)
    })

    it('with the Cloud API and no access token saved, answers whatsapp_not_configured and charges nothing', async () => {
      vi.stubEnv('WHATSAPP_PROVIDER', 'cloud')
      vi.stubEnv('WHATSAPP_GRAPH_URL', graph.url)
      const owner = await automationOwner(5)
      expect(await sendText(owner, { to: recipient(), text: 'Merhaba' })).toMatchObject({ status: 409, body: { error: 'whatsapp_not_configured' } })
      expect(await remaining(owner)).toBe(5)
      expect(await whatsAppSent(owner)).toEqual([])
    })

    it('refuses a bad recipient, text or body before charging anything; at 0 credits sends nothing', async () => {
      const owner = await automationOwner(1)
      const to = recipient()
      const refusals: [unknown, number, string][] = [
        [{ to: '05321234567', text: 'merhaba' }, 400, 'invalid_recipient'],
        [{ to: '+90 532 123 45 67', text: 'merhaba' }, 400, 'invalid_recipient'],
        [{ to: 905321234567, text: 'merhaba' }, 400, 'invalid_recipient'],
        [{ to: '123', text: 'merhaba' }, 400, 'invalid_recipient'],
        [{ text: 'merhaba' }, 400, 'invalid_recipient'],
        [{ to }, 400, 'invalid_text'],
        [{ to, text: '   \n ' }, 400, 'invalid_text'],
        [{ to, text: 42 }, 400, 'invalid_text'],
        [{ to, text: 'ş'.repeat(AUTOMATION_TEXT_MAX + 1) }, 400, 'invalid_text'],
        [[{ to, text: 'merhaba' }], 400, 'invalid_request'],
        [{ to, text: 'x'.repeat(70 * 1024) }, 413, 'invalid_request'],
      ]
      for (const [message, status, error] of refusals) {
        const res = await sentOne(owner, { body: JSON.stringify(message) })
        expect(res, JSON.stringify(message).slice(0, 80)).toMatchObject({ status, body: { success: false, error } })
      }
      expect(await remaining(owner)).toBe(1)
      expect(await whatsAppSent(owner)).toEqual([])

      // The longest text allowed goes.
      expect((await sendText(owner, { to, text: 'ş'.repeat(AUTOMATION_TEXT_MAX) })).status).toBe(200)
      expect(await sendText(owner, { to, text: 'kredi yok' })).toMatchObject({ status: 402, body: { error: 'no_credits' } })
      expect((await whatsAppSent(owner)).map((m) => m.body)).not.toContain('kredi yok')
    })

    it("a stranger's token and no token send nothing", async () => {
      const owner = await automationOwner(5)
      const stranger = await automationOwner(5)
      const message = JSON.stringify({ to: recipient(), text: 'yetkisiz' })
      for (const token of [null, stranger.token, owner.session.access_token]) {
        const res = await call(AUTOMATION_FUNCTIONS.webhook, owner.user.id, token, { method: 'POST', body: message })
        expect(res).toMatchObject({ status: 401, body: { error: 'unauthorized' } })
      }
      expect(await whatsAppSent(owner)).toEqual([])
      expect(await whatsAppSent(stranger)).toEqual([])
      expect(await remaining(owner)).toBe(5)
      expect(await remaining(stranger)).toBe(5)
    })
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
