// Conversations as records, and a person taking one over (migration
// 20261129000100, conversation-reply, chatbot-api and whatsapp-webhook): the
// assistant hands off when asked for a person, on a complaint and after not
// knowing twice; a conversation a person has is stored, not answered and not
// charged; the owner's reply reaches the widget and WhatsApp (through a fake
// Cloud API), within WhatsApp's 24 hours; the owner may change only the
// status, the customer and the unread count. On PGlite and PostgreSQL 15.
import { randomUUID } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { HANDOFF_SMS_PER_DAY } from '../../domain/conversations.ts'
import { CONVERSATION_REPLY_ERRORS, type ConversationReplyAnswer } from '../../domain/functions.ts'
import { useFakeWhatsApp } from '../support/fake-whatsapp.ts'
import { deliverTo, signUpWhatsAppOwner } from '../support/meta-delivery.ts'
import { BACKENDS, useTestStack, type Owner } from '../support/stack.ts'

type Answer = { success: boolean; error: string | null; reply?: string | null; conversationId?: string; status?: string }
type Conversation = { status: string; handoff_reason: string | null; unread_count: number; customer_id: string | null }

describe.each(BACKENDS)('conversations on %s', (backend) => {
  const stack = useTestStack(backend)
  const graph = useFakeWhatsApp()

  async function widgetOwner(): Promise<Owner> {
    const owner = await stack.signUpVerifiedOwner()
    await stack.db.query('update public.chatbot_configs set enabled = true where user_id = $1', [owner.user.id])
    await stack.db.query(
      `update public.business_profiles set contact_phone = '0216 555 00 11', time_zone = 'Europe/Istanbul',
              opening_hours = '{"mon":[["00:00","24:00"]],"tue":[["00:00","24:00"]],"wed":[["00:00","24:00"]],"thu":[["00:00","24:00"]],"fri":[["00:00","24:00"]],"sat":[["00:00","24:00"]],"sun":[["00:00","24:00"]]}'
        where user_id = $1`,
      [owner.user.id],
    )
    return owner
  }

  async function ask(owner: Owner, message: string, conversationId?: string): Promise<Answer & { httpStatus: number }> {
    const res = await fetch(`${stack.url}/functions/v1/chatbot-api`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId: owner.user.id, message, language: 'tr', ...(conversationId ? { conversationId } : {}) }),
    })
    return { httpStatus: res.status, ...((await res.json()) as Answer) }
  }

  async function reply(owner: Owner | null, body: Record<string, unknown>) {
    const res = await fetch(`${stack.url}/functions/v1/conversation-reply`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: stack.anonKey, authorization: `Bearer ${owner ? owner.session.access_token : stack.anonKey}` },
      body: JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as { success: boolean; error: string | null } & Partial<ConversationReplyAnswer> }
  }

  const conversation = async (id: string) =>
    (await stack.db.query<Conversation>('select status, handoff_reason, unread_count, customer_id from public.conversations where id = $1', [id])).rows[0]!
  const messages = async (id: string) =>
    (await stack.db.query<{ author: string; content: string }>(
      "select author, content from public.chatbot_messages where conversation_id = $1 order by created_at, author = 'customer' desc",
      [id],
    )).rows
  const usage = async (owner: Owner) =>
    (await stack.db.query<{ daily_messages_used: number }>('select daily_messages_used from public.api_usage_limits where user_id = $1', [owner.user.id])).rows[0]!
      .daily_messages_used

  describe('handoff on the widget', () => {
    it('asked for a person: told the business answers here; then stored for the owner, unanswered and free, until the owner gives it back', async () => {
      const owner = await widgetOwner()
      const first = await ask(owner, 'Bir yetkiliyle görüşmek istiyorum')
      expect(first).toMatchObject({ httpStatus: 200, status: 'needs_human' })
      expect(first.reply).toContain('ekibimize aktardım')
      expect(first.reply).toContain('size buradan yanıt verecek')
      const id = first.conversationId!
      expect(await conversation(id)).toMatchObject({ status: 'needs_human', handoff_reason: 'asked', unread_count: 1 })
      const charged = await usage(owner)

      const held = await ask(owner, 'Kargom nerede acaba?', id)
      expect(held).toMatchObject({ httpStatus: 200, reply: null, conversationId: id, status: 'needs_human' })
      expect(await usage(owner)).toBe(charged)
      expect((await messages(id)).map((m) => m.author)).toEqual(['customer', 'assistant', 'customer'])
      expect(await conversation(id)).toMatchObject({ unread_count: 2 })

      // The owner takes it, then gives it back through the data API, as the inbox does.
      const taken = await owner.client.from('conversations').update({ status: 'human', unread_count: 0 }).eq('id', id).select('status, handoff_reason, unread_count')
      expect(taken.error).toBeNull()
      expect(taken.data).toEqual([{ status: 'human', handoff_reason: 'asked', unread_count: 0 }])
      expect((await ask(owner, 'Merhaba?', id)).reply).toBeNull()
      await owner.client.from('conversations').update({ status: 'bot' }).eq('id', id).throwOnError()
      const back = await ask(owner, 'Merhaba', id)
      expect(back).toMatchObject({ status: 'bot' })
      expect(back.reply).toBeTruthy()
      expect(await usage(owner)).toBe(charged + 1)
    })

    it("a question the owner's FAQ answers is answered, however much it sounds like asking for a person", async () => {
      const owner = await widgetOwner()
      await stack.db.query('insert into public.faq_entries (user_id, question, answer) values ($1, $2, $3)',
        [owner.user.id, 'Mağazadan teslim alabilir miyim?', 'Evet, hazır olunca SMS gönderiyoruz.'])
      const collect = await ask(owner, 'can i collect in person')
      expect(collect).toMatchObject({ httpStatus: 200, status: 'bot' })
      expect(collect.reply).toContain('SMS')
      const person = await ask(owner, 'Bir yetkiliyle görüşmek istiyorum')
      expect(person.status).toBe('needs_human')
    })

    it('a complaint and a second "I don\'t know" hand off too, each with its reason; a resolved conversation is the assistant\'s again', async () => {
      const owner = await widgetOwner()
      const complaint = await ask(owner, 'Siparişim gelmedi, çok kızgınım!')
      expect(complaint.status).toBe('needs_human')
      expect(await conversation(complaint.conversationId!)).toMatchObject({ handoff_reason: 'complaint' })

      const first = await ask(owner, 'xqzv plorkt?')
      expect(first.status).toBe('bot')
      const second = await ask(owner, 'brrzt vlamp?', first.conversationId)
      expect(second.status).toBe('needs_human')
      expect(second.reply).toContain('Bunu bilmiyorum; sorunuzu ekibimize ilettim.')
      expect(await conversation(first.conversationId!)).toMatchObject({ handoff_reason: 'not_known' })

      await owner.client.from('conversations').update({ status: 'resolved' }).eq('id', first.conversationId!).throwOnError()
      const again = await ask(owner, 'Merhaba', first.conversationId)
      expect(again).toMatchObject({ status: 'bot' })
      expect(await conversation(first.conversationId!)).toMatchObject({ status: 'bot', handoff_reason: null })
    })
  })

  describe("the owner's SMS when someone waits", () => {
    it('goes to the verified phone only when turned on, at most HANDOFF_SMS_PER_DAY a day', async () => {
      const sms = async (owner: Owner) =>
        (await stack.db.query<{ recipient: string; body: string }>("select recipient, body from public.outgoing_messages where user_id = $1 and channel = 'sms'", [owner.user.id])).rows
      const quiet = await widgetOwner()
      await ask(quiet, 'Bir yetkiliyle görüşmek istiyorum')
      expect(await sms(quiet)).toEqual([])

      const owner = await widgetOwner()
      await owner.client.from('business_profiles').update({ handoff_sms: true }).eq('user_id', owner.user.id).throwOnError()
      for (let i = 0; i < HANDOFF_SMS_PER_DAY + 2; i++) expect((await ask(owner, 'Bir yetkiliyle görüşmek istiyorum')).status).toBe('needs_human')
      const sent = await sms(owner)
      expect(sent).toHaveLength(HANDOFF_SMS_PER_DAY)
      expect(sent[0]!.recipient).toBe(owner.phone)
      expect(sent[0]!.body).toContain('bir müşteri sizi bekliyor (web sitesi sohbeti)')
    })
  })

  describe("the owner's rights on a conversation", () => {
    it('changes the status (never to needs_human), resets the unread count, links their own customer, and nothing else', async () => {
      const owner = await widgetOwner()
      const id = (await ask(owner, 'Merhaba')).conversationId!
      const update = (patch: Record<string, unknown>) => owner.client.from('conversations').update(patch).eq('id', id).select('id')
      expect((await update({ status: 'needs_human' })).error?.code).toBe('23514')
      expect((await update({ unread_count: 5 })).error?.code).toBe('23514')
      expect((await update({ channel: 'whatsapp' })).error?.code).toBe('42501')
      expect((await update({ contact: '905321234567' })).error?.code).toBe('42501')
      expect((await update({ handoff_reason: 'asked' })).error?.code).toBe('42501')
      const taken = await update({ status: 'human' })
      expect(taken.error).toBeNull()
      expect(await conversation(id)).toMatchObject({ status: 'human', handoff_reason: 'owner' })

      const own = await owner.client.from('customers').insert({ name: 'Ayşe Yılmaz', phone_number: '+905321234567', user_id: owner.user.id }).select('id').single()
      expect((await update({ customer_id: (own.data as { id: string }).id })).error).toBeNull()
      const stranger = await stack.signUpOwner()
      const theirs = await stranger.client.from('customers').insert({ name: 'Mehmet', phone_number: '+905331112233', user_id: stranger.user.id }).select('id').single()
      expect((await update({ customer_id: (theirs.data as { id: string }).id })).error?.code).toBe('23503')
      expect(await conversation(id)).toMatchObject({ customer_id: (own.data as { id: string }).id })
    })
  })

  describe('the inbox list (inbox_conversations, inbox_waiting_count)', () => {
    it("lists the owner's own conversations newest first with their last message, filtered, searched and paged; strangers and anon see none", async () => {
      const owner = await widgetOwner()
      const asked = await ask(owner, 'Bir yetkiliyle görüşmek istiyorum')
      const plain = await ask(owner, 'Merhaba')
      const wa = await stack.db.query<{ id: string }>(
        "insert into public.conversations (user_id, channel, contact, last_message_at) values ($1, 'whatsapp', '905321112233', now() - interval '1 day') returning id",
        [owner.user.id],
      )
      await stack.db.query(
        "insert into public.chatbot_messages (user_id, channel, conversation_id, author, content, created_at) values ($1, 'whatsapp', $2, 'customer', 'Kargo ÜCRETLİ mi?', now() - interval '1 day')",
        [owner.user.id, wa.rows[0]!.id],
      )
      const customer = await owner.client.from('customers').insert({ name: 'Şükrü Öztürk', phone_number: '+905321112233', user_id: owner.user.id }).select('id').single()
      await owner.client.from('conversations').update({ customer_id: (customer.data as { id: string }).id }).eq('id', wa.rows[0]!.id).throwOnError()

      const list = async (args: Record<string, unknown>, client = owner.client) => client.rpc('inbox_conversations', args)
      const all = await list({ p_filter: 'all' })
      expect(all.error).toBeNull()
      const rows = all.data as { id: string; status: string; last_author: string; last_text: string; customer_name: string | null }[]
      expect(rows.map((r) => r.id)).toEqual([plain.conversationId, asked.conversationId, wa.rows[0]!.id])
      expect(rows[1]).toMatchObject({ status: 'needs_human', last_author: 'assistant' })
      expect(rows[2]).toMatchObject({ customer_name: 'Şükrü Öztürk', last_text: 'Kargo ÜCRETLİ mi?' })

      const ids = async (args: Record<string, unknown>) => ((await list(args)).data as { id: string }[]).map((r) => r.id)
      expect(await ids({ p_filter: 'needs_you' })).toEqual([asked.conversationId])
      expect(await ids({ p_filter: 'assistant' })).toEqual([plain.conversationId, wa.rows[0]!.id])
      expect(await ids({ p_filter: 'all', p_search: 'kargo ücretli' })).toEqual([wa.rows[0]!.id])
      expect(await ids({ p_filter: 'all', p_search: 'KARGO UCRETLI' })).toEqual([wa.rows[0]!.id])
      expect(await ids({ p_filter: 'all', p_search: 'şükrü' })).toEqual([wa.rows[0]!.id])
      expect(await ids({ p_filter: 'all', p_search: '0532 111 22' })).toEqual([wa.rows[0]!.id])
      expect(await ids({ p_filter: 'all', p_search: '100%_' })).toEqual([])
      expect(await ids({ p_filter: 'all', p_customer: (customer.data as { id: string }).id })).toEqual([wa.rows[0]!.id])
      const page = await ids({ p_filter: 'all', p_limit: 1, p_before: (rows[0] as unknown as { last_message_at: string }).last_message_at, p_before_id: rows[0]!.id })
      expect(page).toEqual([asked.conversationId])
      expect((await owner.client.rpc('inbox_waiting_count')).data).toBe(1)

      const stranger = await stack.signUpOwner()
      expect((await list({ p_filter: 'all' }, stranger.client)).data).toEqual([])
      expect((await stranger.client.rpc('inbox_waiting_count')).data).toBe(0)
      expect((await stranger.client.from('chatbot_messages').select('id').eq('conversation_id', asked.conversationId!)).data).toEqual([])
      const anon = stack.anon()
      expect((await list({ p_filter: 'all' }, anon)).error?.code).toBe('42501')
      expect((await anon.rpc('inbox_waiting_count')).error?.code).toBe('42501')
    })
  })

  describe('conversation-reply', () => {
    it('stores a widget reply once, takes the conversation and marks it read; refuses bad input, strangers and anonymous callers', async () => {
      const owner = await widgetOwner()
      const id = (await ask(owner, 'Bir yetkiliyle görüşmek istiyorum')).conversationId!
      const messageId = randomUUID()
      const sent = await reply(owner, { conversationId: id, messageId, message: '  Merhaba, ben Ayşe; nasıl yardımcı olabilirim?  ' })
      expect(sent).toMatchObject({ status: 200, body: { success: true, error: null, repeated: false, message: { id: messageId } } })
      expect(await conversation(id)).toMatchObject({ status: 'human', handoff_reason: 'asked', unread_count: 0 })
      expect((await reply(owner, { conversationId: id, messageId, message: 'Merhaba, ben Ayşe; nasıl yardımcı olabilirim?' })).body).toMatchObject({ repeated: true })
      expect((await messages(id)).filter((m) => m.author === 'owner')).toEqual([{ author: 'owner', content: 'Merhaba, ben Ayşe; nasıl yardımcı olabilirim?' }])

      for (const body of [
        {},
        { conversationId: id, messageId, message: '' },
        { conversationId: id, messageId, message: '   ' },
        { conversationId: id, messageId, message: 'x'.repeat(4097) },
        { conversationId: id, messageId: 'abc', message: 'selam' },
        { conversationId: 42, messageId: randomUUID(), message: 'selam' },
      ]) expect((await reply(owner, body)).body.error, JSON.stringify(body).slice(0, 80)).toBe('invalid_request')
      expect((await reply(owner, { conversationId: randomUUID(), messageId: randomUUID(), message: 'selam' })).status).toBe(404)
      expect((await reply(owner, { conversationId: 'not-a-uuid', messageId: randomUUID(), message: 'selam' })).body.error).toBe('conversation_not_found')

      const stranger = await stack.signUpVerifiedOwner()
      const theirs = await reply(stranger, { conversationId: id, messageId: randomUUID(), message: 'Ben de yazayım' })
      expect(theirs).toMatchObject({ status: 404, body: { error: 'conversation_not_found' } })
      const anonymous = await reply(null, { conversationId: id, messageId: randomUUID(), message: 'Ben de yazayım' })
      expect(anonymous.status).toBe(401)
      expect((await messages(id)).filter((m) => m.author === 'owner')).toHaveLength(1)
      expect(CONVERSATION_REPLY_ERRORS).toContain(theirs.body.error)
    })
  })

  describe('on WhatsApp, through the Cloud API', () => {
    it("hands off, holds the next message unsent and uncharged, delivers the owner's reply with the owner's token, and refuses after 24 hours", async () => {
      vi.stubEnv('WHATSAPP_PROVIDER', 'cloud')
      vi.stubEnv('WHATSAPP_GRAPH_URL', graph.url)
      try {
        const owner = await signUpWhatsAppOwner(stack, 5)
        const customer = '905321114477'
        await owner.client.from('customers').insert({ name: 'Zeynep Demir', phone_number: `+${customer}`, user_id: owner.user.id }).throwOnError()
        graph.sent.length = 0
        const asked = await deliverTo(stack, owner, [{ from: customer, text: 'Müşteri temsilcisi ile görüşmek istiyorum' }])
        expect(Object.values(asked.body.messages!)).toEqual(['answered'])
        expect(graph.sent).toHaveLength(1)
        expect(graph.sent[0]!.body.text?.body).toContain('ekibimize aktardım')
        const { rows } = await stack.db.query<{ id: string }>("select id from public.conversations where user_id = $1 and contact = $2", [owner.user.id, customer])
        const id = rows[0]!.id
        expect(await conversation(id)).toMatchObject({ status: 'needs_human', handoff_reason: 'asked', customer_id: expect.any(String) })

        const credits = async () => (await stack.db.query<{ used: number }>('select used from public.credits where user_id = $1', [owner.user.id])).rows[0]!.used
        const before = await credits()
        const held = await deliverTo(stack, owner, [{ from: customer, text: 'Bekliyorum' }])
        expect(Object.values(held.body.messages!)).toEqual(['held'])
        expect(graph.sent).toHaveLength(1)
        expect(await credits()).toBe(before)
        expect((await messages(id)).at(-1)).toEqual({ author: 'customer', content: 'Bekliyorum' })

        const sent = await reply(owner, { conversationId: id, messageId: randomUUID(), message: 'Merhaba Zeynep Hanım, hemen bakıyorum.' })
        expect(sent).toMatchObject({ status: 200, body: { success: true } })
        expect(graph.sent).toHaveLength(2)
        expect(graph.sent[1]).toMatchObject({
          phoneNumberId: owner.phoneNumberId,
          authorization: `Bearer ${owner.token}`,
          body: { to: customer, text: { body: 'Merhaba Zeynep Hanım, hemen bakıyorum.' } },
        })
        expect(await credits()).toBe(before + 1)

        // Meta refuses: nothing stored, nothing charged, the text is the app's to keep.
        graph.closedWindows.add(customer)
        const refused = await reply(owner, { conversationId: id, messageId: randomUUID(), message: 'Orada mısınız?' })
        expect(refused).toMatchObject({ status: 409, body: { error: 'window_closed' } })
        graph.closedWindows.delete(customer)
        expect(await credits()).toBe(before + 1)
        expect((await messages(id)).filter((m) => m.author === 'owner')).toHaveLength(1)

        // 24 hours after the customer's last message, on the database's clock.
        await stack.db.query("update public.chatbot_messages set created_at = created_at - interval '24 hours 1 minute' where conversation_id = $1", [id])
        const late = await reply(owner, { conversationId: id, messageId: randomUUID(), message: 'Geç kaldım, kusura bakmayın.' })
        expect(late).toMatchObject({ status: 409, body: { error: 'window_closed' } })
        // Meta saw the refused one, not this one: the database refused it first.
        expect(graph.sent).toHaveLength(3)
        expect(await credits()).toBe(before + 1)
      } finally {
        vi.unstubAllEnvs()
      }
    })

    it('402 insufficient_credits at a zero balance and 409 whatsapp_not_configured without credentials, storing nothing', async () => {
      vi.stubEnv('WHATSAPP_PROVIDER', 'cloud')
      vi.stubEnv('WHATSAPP_GRAPH_URL', graph.url)
      try {
        const owner = await signUpWhatsAppOwner(stack, 1)
        await deliverTo(stack, owner, [{ from: '905321110099', text: 'Bir yetkiliyle görüşmek istiyorum' }])
        const { rows } = await stack.db.query<{ id: string }>('select id from public.conversations where user_id = $1', [owner.user.id])
        const id = rows[0]!.id
        const broke = await reply(owner, { conversationId: id, messageId: randomUUID(), message: 'Merhaba' })
        expect(broke).toMatchObject({ status: 402, body: { error: 'insufficient_credits' } })

        const bare = await stack.signUpVerifiedOwner()
        const { rows: made } = await stack.db.query<{ id: string }>(
          "insert into public.conversations (user_id, channel, contact) values ($1, 'whatsapp', '905321110098') returning id",
          [bare.user.id],
        )
        await stack.db.query(
          "insert into public.chatbot_messages (user_id, channel, conversation_id, author, content) values ($1, 'whatsapp', $2, 'customer', 'Merhaba')",
          [bare.user.id, made[0]!.id],
        )
        const unset = await reply(bare, { conversationId: made[0]!.id, messageId: randomUUID(), message: 'Merhaba' })
        expect(unset).toMatchObject({ status: 409, body: { error: 'whatsapp_not_configured' } })
        for (const conversationId of [id, made[0]!.id]) expect((await messages(conversationId)).filter((m) => m.author === 'owner')).toEqual([])
      } finally {
        vi.unstubAllEnvs()
      }
    })
  })
})
