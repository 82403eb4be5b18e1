// The assistant on WhatsApp, called as Meta calls it: the subscribe
// handshake, signed deliveries of real Cloud API payloads, redeliveries,
// status callbacks, credits, and the replies going out as the owner (to the
// local outbox, or to a fake Cloud API with the owner's token). Runs on
// PGlite and on PostgreSQL 15.
import { randomBytes } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { splitWhatsAppText, WHATSAPP_TEXT_MAX } from '../../supabase/functions/_shared/whatsapp.ts'
import { readDelivery, verifySignature } from '../../supabase/functions/whatsapp-webhook/meta.ts'
import { useFakeWhatsApp } from '../support/fake-whatsapp.ts'
import { delivery, metaJson, sign, signUpWhatsAppOwner, type Inbound, type WhatsAppOwner } from '../support/meta-delivery.ts'
import { BACKENDS, useTestStack, type Owner } from '../support/stack.ts'

const TEXT_ONLY = /yalnızca yazılı mesajları/

type Sent = { recipient: string; body: string; provider: string; status: string; error: string | null }

describe.each(BACKENDS)('whatsapp-webhook on %s', (backend) => {
  const stack = useTestStack(backend)
  const graph = useFakeWhatsApp()

  const whatsAppOwner = (credits = 10) => signUpWhatsAppOwner(stack, credits)

  const hookUrl = (ownerId: string) => `${stack.url}/functions/v1/whatsapp-webhook/${ownerId}`

  async function post(owner: WhatsAppOwner, raw: string, signature: string | null = sign(raw, owner.secret)) {
    const res = await fetch(hookUrl(owner.user.id), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(signature ? { 'X-Hub-Signature-256': signature } : {}) },
      body: raw,
    })
    return { status: res.status, body: (await res.json()) as { received: boolean; error: string | null; messages?: Record<string, string> } }
  }

  const deliver = (owner: WhatsAppOwner, messages: Inbound[], statuses: unknown[] = []) =>
    post(owner, metaJson(delivery(owner.phoneNumberId, messages, statuses)))

  async function sent(owner: Owner): Promise<Sent[]> {
    const { rows } = await stack.db.query<Sent>(
      "select recipient, body, provider, status, error from public.outgoing_messages where user_id = $1 and channel = 'whatsapp' order by created_at",
      [owner.user.id],
    )
    return rows
  }

  async function credits(owner: Owner): Promise<{ used: number; remaining: number }> {
    const { rows } = await stack.db.query<{ used: number; remaining: number }>('select used, remaining from public.credits where user_id = $1', [owner.user.id])
    return rows[0]!
  }

  async function addProduct(owner: Owner, name: string, price: number, stock: number): Promise<string> {
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.products (user_id, name, price, stock, currency, _modified) values ($1, $2, $3, $4, 'TRY', now()) returning id`,
      [owner.user.id, name, price, stock],
    )
    return rows[0]!.id
  }

  it('the server functions are the service role\'s alone; the owner RPCs need a signed-in owner', async () => {
    const { rows } = await stack.db.query<{ fn: string; anon: boolean; authenticated: boolean; service: boolean }>(
      `select p.proname as fn,
              has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              has_function_privilege('service_role', p.oid, 'execute') as service
         from pg_proc p
        where p.pronamespace = 'public'::regnamespace
          and p.proname in ('random_token', 'whatsapp_verify_token', 'claim_whatsapp_message', 'finish_whatsapp_message',
                            'release_whatsapp_message', 'refund_credit', 'ensure_whatsapp_customer', 'require_uid',
                            'get_whatsapp_channel', 'get_whatsapp_unanswered', 'automation_token_hash', 'automation_token_valid',
                            'consume_automation_credit', 'charge_whatsapp_message', 'refund_whatsapp_message', 'create_automation_token',
                            'revoke_automation_token', 'get_automation_token_status')
        order by 1`,
    )
    // Minting a token takes the password again, through automation-token: the RPC is no session's.
    const owners = ['get_automation_token_status', 'get_whatsapp_channel', 'get_whatsapp_unanswered', 'require_uid', 'revoke_automation_token']
    expect(rows).toHaveLength(18)
    for (const row of rows) {
      expect(row, row.fn).toEqual({ fn: row.fn, anon: false, authenticated: owners.includes(row.fn), service: true })
    }
    for (const name of ['get_whatsapp_channel', 'get_whatsapp_unanswered']) {
      const { error } = await stack.anon().rpc(name)
      expect(error, name).not.toBeNull()
    }
  })

  describe('the subscribe handshake', () => {
    it("echoes the challenge for the owner's verify token only", async () => {
      const owner = await whatsAppOwner()
      const other = await whatsAppOwner()
      const get = (ownerId: string, params: Record<string, string>) => fetch(`${hookUrl(ownerId)}?${new URLSearchParams(params)}`)

      const right = await get(owner.user.id, { 'hub.mode': 'subscribe', 'hub.verify_token': owner.verifyToken, 'hub.challenge': '1158201444' })
      expect(right.status).toBe(200)
      expect(await right.text()).toBe('1158201444')

      const wrong = await get(owner.user.id, { 'hub.mode': 'subscribe', 'hub.verify_token': other.verifyToken, 'hub.challenge': '1' })
      expect(wrong.status).toBe(403)
      expect(await wrong.json()).toMatchObject({ received: false, error: 'verification_failed' })
      expect((await get(owner.user.id, { 'hub.mode': 'unsubscribe', 'hub.verify_token': owner.verifyToken, 'hub.challenge': '1' })).status).toBe(400)
      expect((await get(crypto.randomUUID(), { 'hub.mode': 'subscribe', 'hub.verify_token': owner.verifyToken, 'hub.challenge': '1' })).status).toBe(403)
      expect((await get('not-an-owner', { 'hub.mode': 'subscribe', 'hub.verify_token': owner.verifyToken, 'hub.challenge': '1' })).status).toBe(404)
    })
  })

  describe('signatures', () => {
    it('accepts the HMAC of the raw bytes; refuses a wrong secret, a tampered body, a missing header and another owner\'s secret', async () => {
      const owner = await whatsAppOwner()
      const other = await whatsAppOwner()
      const raw = metaJson(delivery(owner.phoneNumberId, [{ text: 'Çiçekli kılıf kaç lira? Şık mı?' }]))
      // Meta's escapes make the raw body differ from the same JSON written again.
      expect(JSON.stringify(JSON.parse(raw))).not.toBe(raw)
      expect(sign(JSON.stringify(JSON.parse(raw)), owner.secret)).not.toBe(sign(raw, owner.secret))

      expect(await post(owner, raw, sign(raw, randomBytes(16).toString('hex')))).toMatchObject({ status: 401, body: { error: 'invalid_signature' } })
      const tampered = raw.replace('ka\\u00e7 lira', 'ka\\u00e7 dolar')
      expect(tampered).not.toBe(raw)
      expect(await post(owner, tampered, sign(raw, owner.secret))).toMatchObject({ status: 401 })
      expect(await post(owner, raw, null)).toMatchObject({ status: 401 })
      expect(await post(owner, raw, 'sha1=' + sign(raw, owner.secret).slice(7))).toMatchObject({ status: 401 })
      expect(await post(owner, raw, sign(raw, other.secret))).toMatchObject({ status: 401 })
      expect(await sent(owner)).toHaveLength(0)
      expect(await credits(owner)).toMatchObject({ used: 0 })

      expect(await post(owner, raw)).toMatchObject({ status: 200, body: { received: true, error: null } })
      expect(await sent(owner)).toHaveLength(1)
    })

    it('verifySignature compares in full and refuses malformed headers', async () => {
      const raw = new TextEncoder().encode('{"a":"\\u00e7"}')
      const header = sign('{"a":"\\u00e7"}', 'secret-of-sixteen')
      expect(await verifySignature(raw, header, 'secret-of-sixteen')).toBe(true)
      expect(await verifySignature(raw, header.toUpperCase().replace('SHA256=', 'sha256='), 'secret-of-sixteen')).toBe(true)
      expect(await verifySignature(raw, header.slice(0, -1) + (header.endsWith('0') ? '1' : '0'), 'secret-of-sixteen')).toBe(false)
      expect(await verifySignature(raw, header.slice(0, -2), 'secret-of-sixteen')).toBe(false)
      expect(await verifySignature(raw, header, '')).toBe(false)
    })
  })

  describe('messages', () => {
    it('answers from the catalogue as the owner, takes one credit, and makes the sender a customer once', async () => {
      const owner = await whatsAppOwner(3)
      await addProduct(owner, 'Çiçekli Telefon Kılıfı', 249.9, 4)
      const res = await deliver(owner, [{ from: '905321234567', name: 'Ayşe Yılmaz', text: 'Çiçekli telefon kılıfı ne kadar?' }])
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(Object.values(res.body.messages!)).toEqual(['answered'])

      const out = await sent(owner)
      expect(out).toHaveLength(1)
      expect(out[0]).toMatchObject({ recipient: '905321234567', provider: 'local', status: 'sent' })
      expect(out[0]!.body).toMatch(/249[.,]90/)
      expect(await credits(owner)).toEqual({ used: 1, remaining: 2 })

      // The sender's conversation has an id of the server's, not the sender's number.
      const thread = () =>
        stack.db
          .query<{ channel: string; conversation_id: string; author: string; contact: string }>(
            `select m.channel, m.conversation_id, m.author, c.contact from public.chatbot_messages m
               join public.conversations c on c.id = m.conversation_id
              where m.user_id = $1 order by m.created_at, m.author = 'customer' desc`,
            [owner.user.id],
          )
          .then((r) => r.rows)
      const turns = await thread()
      expect(turns.map((t) => [t.channel, t.author, t.contact])).toEqual([
        ['whatsapp', 'customer', '905321234567'],
        ['whatsapp', 'assistant', '905321234567'],
      ])
      const conversation = turns[0]!.conversation_id
      expect(conversation).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)

      // A second message from the same number: the same conversation, followed up; no second customer; the owner's own edits stay.
      await stack.db.query("update public.customers set name = 'Ayşe Hanım' where user_id = $1", [owner.user.id])
      await deliver(owner, [{ from: '905321234567', name: 'Ayse Y.', text: 'stokta var mı?' }])
      expect((await sent(owner))[1]!.body).toMatch(/4/)
      expect(new Set((await thread()).map((t) => t.conversation_id))).toEqual(new Set([conversation]))
      const { data: customers } = await owner.client.from('customers').select('name, phone_number')
      expect(customers).toEqual([{ name: 'Ayşe Hanım', phone_number: '+905321234567' }])
    })

    it("a widget call cannot read or write a customer's WhatsApp thread, by the number or by the thread's id", async () => {
      const owner = await whatsAppOwner()
      await addProduct(owner, 'Çiçekli Telefon Kılıfı', 249.9, 4)
      await stack.db.query('update public.chatbot_configs set enabled = true where user_id = $1', [owner.user.id])
      await deliver(owner, [{ from: '905321234567', text: 'Çiçekli telefon kılıfı ne kadar?' }])
      const { rows } = await stack.db.query<{ id: string }>(
        `select id from public.conversations where user_id = $1 and channel = 'whatsapp'`,
        [owner.user.id],
      )
      const thread = rows[0]!.id
      for (const conversationId of ['905321234567', '+905321234567', thread]) {
        // As the reported probe: no Origin, the customer's number as the conversation.
        const res = await fetch(`${stack.url}/functions/v1/chatbot-api`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ userId: owner.user.id, conversationId, message: 'ne kadar?' }),
        })
        const body = (await res.json()) as { reply: string; conversationId: string }
        expect(res.status, conversationId).toBe(200)
        expect(body.conversationId, conversationId).not.toBe(thread)
        expect(body.reply, conversationId).not.toMatch(/249/)
      }
      const turns = await stack.db.query<{ channel: string; n: number }>(
        'select channel, count(*)::int as n from public.chatbot_messages where conversation_id = $1 group by channel',
        [thread],
      )
      expect(turns.rows).toEqual([{ channel: 'whatsapp', n: 2 }])
    })

    it("applies the sender's limits before a credit is taken or a customer is made (WHATSAPP_SENDER_LIMIT_PER_MINUTE)", async () => {
      const owner = await whatsAppOwner(10)
      vi.stubEnv('WHATSAPP_SENDER_LIMIT_PER_MINUTE', '2')
      try {
        const res = await deliver(owner, [
          { from: '905321110001', text: 'bir' },
          { from: '905321110001', text: 'iki' },
          { from: '905321110001', text: 'üç' },
          { from: '905321110001', text: 'dört' },
          { from: '905321110002', text: 'başka biri' },
        ])
        expect(Object.values(res.body.messages!)).toEqual(['answered', 'answered', 'rate_limited', 'rate_limited', 'answered'])
        expect(await credits(owner)).toEqual({ used: 3, remaining: 7 })
        expect((await sent(owner)).map((m) => m.recipient)).toEqual(['905321110001', '905321110001', '905321110002'])
        // A redelivery of a refused message stays refused, for nothing.
        const again = await deliver(owner, [{ from: '905321110001', text: 'beş' }])
        expect(Object.values(again.body.messages!)).toEqual(['rate_limited'])
        expect(await credits(owner)).toMatchObject({ used: 3 })
      } finally {
        vi.unstubAllEnvs()
      }
    })

    it('makes no customer of a sender it cannot pay to answer', async () => {
      const owner = await whatsAppOwner(0)
      expect(Object.values((await deliver(owner, [{ from: '905321110003', text: 'merhaba' }])).body.messages!)).toEqual(['no_credits'])
      const refused = await whatsAppOwner(10)
      vi.stubEnv('WHATSAPP_SENDER_DAILY_LIMIT', '1')
      try {
        await deliver(refused, [{ from: '905321110004', text: 'bir' }])
        await stack.db.query('delete from public.customers where user_id = $1', [refused.user.id])
        expect(Object.values((await deliver(refused, [{ from: '905321110004', text: 'iki' }])).body.messages!)).toEqual(['rate_limited'])
      } finally {
        vi.unstubAllEnvs()
      }
      for (const o of [owner, refused]) {
        const { rows } = await stack.db.query<{ n: number }>('select count(*)::int as n from public.customers where user_id = $1', [o.user.id])
        expect(rows[0]!.n).toBe(0)
      }
    })

    it('the same message delivered 5 times at once gets one reply and costs one credit', async () => {
      const owner = await whatsAppOwner()
      const raw = metaJson(delivery(owner.phoneNumberId, [{ id: 'wamid.HBgLOTA1MzIxMjM0NTY3FQIAEhgUM0Y', text: 'merhaba' }]))
      const results = await Promise.all(Array.from({ length: 5 }, () => post(owner, raw)))
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
      expect(results.map((r) => Object.values(r.body.messages!)[0]).sort()).toEqual(['answered', 'duplicate', 'duplicate', 'duplicate', 'duplicate'])
      expect(await sent(owner)).toHaveLength(1)
      expect(await credits(owner)).toMatchObject({ used: 1 })
      const { rows } = await stack.db.query<{ n: number }>('select count(*)::int as n from public.customers where user_id = $1', [owner.user.id])
      expect(rows[0]!.n).toBe(1)
    })

    it('with no credits left: no reply, the message is kept and counted as unanswered for the owner', async () => {
      const owner = await whatsAppOwner(0)
      const res = await deliver(owner, [{ text: 'merhaba' }, { text: 'orada mısınız?' }])
      expect(Object.values(res.body.messages!)).toEqual(['no_credits', 'no_credits'])
      expect(await sent(owner)).toHaveLength(0)
      const { data, error } = await owner.client.rpc('get_whatsapp_unanswered')
      expect(error).toBeNull()
      expect(data).toMatchObject({ unanswered: 2 })
      const { rows } = await stack.db.query<{ body: string }>('select body from public.whatsapp_inbound_messages where user_id = $1 order by received_at', [owner.user.id])
      expect(rows.map((r) => r.body).sort()).toEqual(['merhaba', 'orada mısınız?'])
      // Another owner's count is their own.
      const other = await whatsAppOwner()
      expect((await other.client.rpc('get_whatsapp_unanswered')).data).toMatchObject({ unanswered: 0 })
    })

    it('status callbacks cost nothing and get no reply; a non-text message gets the text-only answer once per conversation', async () => {
      const owner = await whatsAppOwner()
      const statuses = [{ id: 'wamid.x', status: 'delivered', timestamp: '1700000000', recipient_id: '905321234567' }]
      const raw = metaJson({ ...(delivery(owner.phoneNumberId, []) as object) })
      const onlyStatuses = JSON.parse(raw)
      onlyStatuses.entry[0].changes[0].value = { messaging_product: 'whatsapp', metadata: { phone_number_id: owner.phoneNumberId }, statuses }
      const statusRaw = metaJson(onlyStatuses)
      expect(await post(owner, statusRaw)).toMatchObject({ status: 200, body: { received: true } })
      expect(await sent(owner)).toHaveLength(0)

      const first = await deliver(owner, [{ type: 'image' }])
      const second = await deliver(owner, [{ type: 'audio' }])
      expect(Object.values(first.body.messages!)).toEqual(['answered'])
      expect(Object.values(second.body.messages!)).toEqual(['ignored'])
      const out = await sent(owner)
      expect(out).toHaveLength(1)
      expect(out[0]!.body).toMatch(TEXT_ONLY)
      expect(await credits(owner)).toMatchObject({ used: 1 })
      // A reaction to a reply is nothing to answer or charge; a photo's caption is asked like a text.
      expect(await deliver(owner, [{ type: 'reaction', part: { message_id: 'wamid.x', emoji: '👍' } }])).toMatchObject({ status: 200, body: { messages: {} } })
      const captioned = await deliver(owner, [{ type: 'image', part: { id: '9', mime_type: 'image/jpeg', caption: 'kargo ücretli mi?' } }])
      expect(Object.values(captioned.body.messages!)).toEqual(['answered'])
      const after = await sent(owner)
      expect(after).toHaveLength(2)
      expect(after[1]!.body).not.toMatch(TEXT_ONLY)
      expect(await credits(owner)).toMatchObject({ used: 2 })
    })

    it('leaves out messages to another number of the same app', async () => {
      const owner = await whatsAppOwner()
      const raw = metaJson(delivery('999999999999999', [{ text: 'merhaba' }]))
      expect(await post(owner, raw)).toMatchObject({ status: 200, body: { messages: {} } })
      expect(await sent(owner)).toHaveLength(0)
    })
  })

  describe('through the Cloud API', () => {
    it("sends with the owner's token to the owner's number; a closed window is recorded, not retried and not charged", async () => {
      vi.stubEnv('WHATSAPP_PROVIDER', 'cloud')
      vi.stubEnv('WHATSAPP_GRAPH_URL', graph.url)
      try {
        const owner = await whatsAppOwner(5)
        graph.sent.length = 0
        const res = await deliver(owner, [{ from: '905321234567', text: 'merhaba' }])
        expect(Object.values(res.body.messages!)).toEqual(['answered'])
        expect(graph.sent).toHaveLength(1)
        expect(graph.sent[0]).toMatchObject({
          phoneNumberId: owner.phoneNumberId,
          authorization: `Bearer ${owner.token}`,
          body: { messaging_product: 'whatsapp', to: '905321234567', type: 'text' },
        })
        expect(await credits(owner)).toMatchObject({ used: 1 })

        graph.closedWindows.add('905329998877')
        const closed = await deliver(owner, [{ from: '905329998877', text: 'merhaba' }])
        expect(Object.values(closed.body.messages!)).toEqual(['window_closed'])
        expect(graph.sent).toHaveLength(2)
        expect(await credits(owner)).toMatchObject({ used: 1 })
        const out = await sent(owner)
        expect(out[1]).toMatchObject({ recipient: '905329998877', provider: 'whatsapp-cloud', status: 'failed' })
        expect(out[1]!.error).toMatch(/131047/)
        const { rows } = await stack.db.query<{ status: string }>(
          "select status from public.whatsapp_inbound_messages where user_id = $1 and wa_id = '905329998877'",
          [owner.user.id],
        )
        expect(rows).toEqual([{ status: 'window_closed' }])
      } finally {
        vi.unstubAllEnvs()
      }
    })

    it('gives the credit of a failed reply back exactly once, even when recording the failure fails too', async () => {
      vi.stubEnv('WHATSAPP_PROVIDER', 'cloud')
      vi.stubEnv('WHATSAPP_GRAPH_URL', graph.url)
      const owner = await whatsAppOwner(5)
      // Credits used before, so a second refund would show as one too many.
      await stack.db.query('update public.credits set used = 2, remaining = 3 where user_id = $1', [owner.user.id])
      // The database refuses to record this owner's failed replies, as one
      // failing between the provider's answer and the outcome write would.
      await stack.db.query(`create function public.refuse_inbound_outcome() returns trigger language plpgsql as $$ begin raise exception 'outcome write refused'; end $$`)
      await stack.db.query(
        `create trigger refuse_inbound_outcome before update on public.whatsapp_inbound_messages
           for each row when (new.user_id = '${owner.user.id}'::uuid and new.status in ('send_failed', 'window_closed'))
           execute function public.refuse_inbound_outcome()`,
      )
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
      try {
        graph.closedWindows.add('905321110005')
        const message = { id: `wamid.${randomBytes(12).toString('hex')}`, from: '905321110005', text: 'merhaba' }
        const first = await deliver(owner, [message])
        expect(first.status).toBe(500)
        expect(await credits(owner)).toEqual({ used: 2, remaining: 3 })
        // Meta redelivers what was not answered 200: it is tried afresh, and refunded once again only for its own charge.
        const second = await deliver(owner, [message])
        expect(second.status).toBe(500)
        expect(await credits(owner)).toEqual({ used: 2, remaining: 3 })
      } finally {
        errors.mockRestore()
        graph.closedWindows.delete('905321110005')
        vi.unstubAllEnvs()
        await stack.db.query('drop trigger refuse_inbound_outcome on public.whatsapp_inbound_messages')
        await stack.db.query('drop function public.refuse_inbound_outcome()')
      }
    })
  })
})

describe('WhatsApp texts and deliveries', () => {
  it('splits a reply longer than 4,096 characters at spaces, keeping every word', () => {
    const words = Array.from({ length: 1500 }, (_, i) => `ürün${i}`)
    const text = words.join(' ')
    const parts = splitWhatsAppText(text)
    expect(parts.length).toBeGreaterThan(1)
    for (const part of parts) expect([...part].length).toBeLessThanOrEqual(WHATSAPP_TEXT_MAX)
    expect(parts.join(' ').split(' ')).toEqual(words)
    expect(splitWhatsAppText('  kısa  ')).toEqual(['kısa'])
  })

  it('reads only well-formed messages of a WhatsApp delivery', () => {
    expect(readDelivery({ object: 'page', entry: [] }, null)).toBeNull()
    const body = delivery('123456', [{ from: '905321234567', text: 'selam' }, { from: 'not-a-number', text: 'x' }, { type: 'image' }])
    const read = readDelivery(body, '123456')!
    expect(read.messages.map((m) => [m.from, m.kind, m.text])).toEqual([
      ['905321234567', 'text', 'selam'],
      ['905321234567', 'other', null],
    ])
    expect(readDelivery(body, '654321')!.messages).toEqual([])
  })

  it('reads the words of a caption and of a tapped button, and leaves a reaction out', () => {
    const body = delivery('123456', [
      { type: 'image', part: { id: '1', mime_type: 'image/jpeg', caption: ' fiyatı ne? ' } },
      { type: 'document', part: { id: '2', filename: 'liste.pdf' } },
      { type: 'interactive', part: { type: 'button_reply', button_reply: { id: 'b1', title: 'Evet' } } },
      { type: 'interactive', part: { type: 'list_reply', list_reply: { id: 'r2', title: 'Saç kesimi' } } },
      { type: 'button', part: { payload: 'p', text: 'Randevu al' } },
      { type: 'reaction', part: { message_id: 'wamid.x', emoji: '👍' } },
    ])
    expect(readDelivery(body, '123456')!.messages.map((m) => [m.kind, m.text])).toEqual([
      ['text', 'fiyatı ne?'],
      ['other', null],
      ['text', 'Evet'],
      ['text', 'Saç kesimi'],
      ['text', 'Randevu al'],
    ])
  })
})
