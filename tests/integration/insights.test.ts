// The owner's insights (migration 20261201000100): every reply the assistant
// stores records its outcome, time and question; get_chatbot_insights counts
// an owner's days on the owner's clock; get_unanswered_questions groups the
// same question in other letters, order and typos, and drops a question once
// an FAQ entry or a policy text answers it or the owner dismissed it; the CSV
// quotes what a spreadsheet would run; another owner and an anonymous caller
// get nothing. PGlite and PostgreSQL 15.
import { beforeAll, describe, expect, it } from 'vitest'
import { builtinResponder } from '../../supabase/functions/_shared/assistant/builtin.ts'
import { FAQ_MIN_SCORE } from '../../supabase/functions/_shared/assistant/faq-answers.ts'
import { answer } from '../../supabase/functions/_shared/assistant/index.ts'
import type { Responder } from '../../supabase/functions/_shared/assistant/types.ts'
import type { ChatbotInsights, UnansweredQuestion } from '../../domain/insights.ts'
import { BACKENDS, useTestStack, type Owner, type TestStack } from '../support/stack.ts'

type Reply = { outcome: string; kind: string | null; reply_ms: number | null; question: string | null; question_key: string[] | null }

/** A customer's message and the assistant's reply, stored `ago` before now, as store_chatbot_turns orders them. */
async function turn(
  stack: TestStack, owner: Owner,
  t: { question: string; outcome: string; kind?: string; ago?: string; channel?: 'widget' | 'whatsapp'; conversation?: string; ms?: number; products?: string[] },
): Promise<string> {
  const channel = t.channel ?? 'widget'
  const conversation = t.conversation ?? crypto.randomUUID()
  await stack.db.query(
    `insert into public.conversations (id, user_id, channel, contact) values ($1, $2, $3, $4) on conflict (id) do nothing`,
    [conversation, owner.user.id, channel, channel === 'whatsapp' ? `90532${Math.floor(Math.random() * 1e7)}` : null],
  )
  await stack.db.query(
    `insert into public.chatbot_messages (user_id, channel, conversation_id, author, content, created_at)
     values ($1, $2, $3, 'customer', $4, now() - $5::interval)`,
    [owner.user.id, channel, conversation, t.question, t.ago ?? '1 hour'],
  )
  await stack.db.query(
    `insert into public.chatbot_messages (user_id, channel, conversation_id, author, content, outcome, kind, reply_ms, product_ids, created_at)
     values ($1, $2, $3, 'assistant', 'yanıt', $4, $5, $6, $7, now() - $8::interval + interval '1 millisecond')`,
    [owner.user.id, channel, conversation, t.outcome, t.kind ?? (t.outcome === 'unknown' ? 'unknown' : 'price'), t.ms ?? 100, t.products ?? [], t.ago ?? '1 hour'],
  )
  return conversation
}

describe.each(BACKENDS)('insights on %s', (backend) => {
  const stack = useTestStack(backend)

  const unanswered = async (o: Owner, days = 30) => {
    const { data, error } = await o.client.rpc('get_unanswered_questions', { p_user_id: o.user.id, p_days: days })
    if (error) throw new Error(`get_unanswered_questions failed: ${error.code} ${error.message}`)
    return data as UnansweredQuestion[]
  }
  const insights = async (o: Owner, days = 30) => {
    const { data, error } = await o.client.rpc('get_chatbot_insights', { p_user_id: o.user.id, p_days: days })
    if (error) throw new Error(`get_chatbot_insights failed: ${error.code} ${error.message}`)
    return data as ChatbotInsights
  }

  describe('what each reply records', () => {
    let owner: Owner
    beforeAll(async () => {
      owner = await stack.signUpOwner()
    })
    const say = (message: string, conversationId?: string, responder: Responder = builtinResponder) =>
      answer({
        client: stack.service(), ownerId: owner.user.id, channel: 'widget', message, language: 'tr',
        responder, conversation: conversationId ? { id: conversationId } : null,
      })
    // A responder that knows nothing, as a model provider that says so.
    const clueless: Responder = async () => ({ reply: 'Bunu bilmiyorum.', language: 'tr', productIds: [], kind: 'unknown' })
    const replies = async (conversationId: string) =>
      (await stack.db.query<Reply>(
        `select r.outcome, r.kind, r.reply_ms, q.content as question, r.question_key
           from public.chatbot_messages r left join public.chatbot_messages q on q.id = r.question_id
          where r.conversation_id = $1 and r.author = 'assistant' order by r.created_at`,
        [conversationId],
      )).rows

    it('records unknown, handoff and refused with the question and the time taken, and answered once the owner wrote it', async () => {
      const first = await say('Kargo ücretli mi?')
      await say('Toptan satış yapıyor musunuz?', first.conversationId, clueless)
      await say('Çiçek siparişi alıyor musunuz?', first.conversationId, clueless)
      const other = await say('Bana bir şiir yazar mısın?')
      const rows = [...(await replies(first.conversationId)), ...(await replies(other.conversationId))]
      expect(rows.map((r) => [r.outcome, r.kind, r.question])).toEqual([
        // The owner wrote no shipping text: the reply says so, and is recorded as not known.
        ['unknown', 'shipping', 'Kargo ücretli mi?'],
        ['unknown', 'unknown', 'Toptan satış yapıyor musunuz?'],
        // The second "I don't know" in a row hands the conversation to a person.
        ['handoff', 'not_known', 'Çiçek siparişi alıyor musunuz?'],
        ['refused', 'off_topic', 'Bana bir şiir yazar mısın?'],
      ])
      for (const row of rows) expect(row.reply_ms).toBeGreaterThanOrEqual(0)
      expect(rows[0]!.question_key).toEqual(['kargo', 'ucretl'])
      expect(rows[2]!.question_key).not.toBeNull()
      expect(rows[3]!.question_key).toBeNull()

      await stack.db.query(`update public.business_profiles set shipping_info = '500 TL üzeri ücretsiz.' where user_id = $1`, [owner.user.id])
      const again = await say('Kargo ücretli mi?')
      expect((await replies(again.conversationId)).map((r) => r.outcome)).toEqual(['answered'])
    })

    it('counts each answered message once in the usage statistics', async () => {
      const { data, error } = await owner.client.rpc('get_chatbot_stats', { p_user_id: owner.user.id })
      expect(error).toBeNull()
      // Five replies above; the customers' five messages are not answered messages.
      expect((data as Array<{ total_messages: number }>)[0]!.total_messages).toBe(5)
    })

    it('uses the assistant\'s own FAQ threshold', async () => {
      const { rows } = await stack.db.query<{ s: string }>('select public.faq_min_score()::text as s')
      expect(Number(rows[0]!.s)).toBe(FAQ_MIN_SCORE)
    })
  })

  describe('the unanswered questions', () => {
    it('groups case, Turkish letters, punctuation, word order and typos, and keeps different questions apart', async () => {
      const owner = await stack.signUpOwner()
      const same = ['kargo ücretli mi', 'Kargo ücretli mi?', 'kargo ucretli mi', 'KARGO ÜCRETLİ Mİ!!', 'ücretli mi kargo?', 'kargo ücrteli mi', 'karog ucretli mi']
      for (const [i, question] of same.entries()) await turn(stack, owner, { question, outcome: 'unknown', ago: `${10 + i} minutes` })
      const apart = ['Kargo kaç günde gelir?', 'İade ücretli mi?', 'Hediye paketi yapıyor musunuz?', 'hediye paketi yapıyor musunuz', 'Do you ship abroad?']
      for (const question of apart) await turn(stack, owner, { question, outcome: 'unknown', ago: '2 hours' })
      // Answered and refused messages are not unanswered questions.
      await turn(stack, owner, { question: 'Kargo ücretli mi', outcome: 'answered' })
      await turn(stack, owner, { question: 'Bana şiir yaz', outcome: 'refused', kind: 'off_topic' })

      const list = await unanswered(owner)
      expect(list.map((q) => [q.asked, q.question])).toEqual([
        [7, expect.stringMatching(/^kargo ücretli mi/i)],
        [2, expect.stringMatching(/^hediye paketi yapıyor musunuz/i)],
        [1, expect.any(String)],
        [1, expect.any(String)],
        [1, expect.any(String)],
      ])
      expect(new Set(list.slice(2).map((q) => q.question))).toEqual(new Set(['Kargo kaç günde gelir?', 'İade ücretli mi?', 'Do you ship abroad?']))
      // The latest asking of the group, and the conversation it was asked in.
      const top = list[0]!
      const latest = await stack.db.query<{ conversation_id: string; created_at: string }>(
        `select conversation_id, created_at from public.chatbot_messages where user_id = $1 and author = 'customer' and content = 'kargo ücretli mi'`,
        [owner.user.id],
      )
      expect(top.example_conversation_id).toBe(latest.rows[0]!.conversation_id)
      expect(Date.parse(top.last_asked_at)).toBe(Date.parse(latest.rows[0]!.created_at))
    })

    it('leaves out a question once an FAQ entry answers it, and the next customer gets the answer', async () => {
      const owner = await stack.signUpOwner()
      await turn(stack, owner, { question: 'Hediye paketi yapıyor musunuz?', outcome: 'unknown' })
      await turn(stack, owner, { question: 'Toptan satış var mı?', outcome: 'unknown' })
      expect((await unanswered(owner)).map((q) => q.question)).toEqual(expect.arrayContaining(['Hediye paketi yapıyor musunuz?', 'Toptan satış var mı?']))

      const { error } = await owner.client.from('faq_entries').insert({ user_id: owner.user.id, question: 'Hediye paketi yapıyor musunuz?', answer: 'Evet, ücretsiz hediye paketi yapıyoruz.' })
      expect(error).toBeNull()
      expect((await unanswered(owner)).map((q) => q.question)).toEqual(['Toptan satış var mı?'])
      const next = await answer({
        client: stack.service(), ownerId: owner.user.id, channel: 'widget', message: 'hediye paketi yapiyor musunuz', language: 'tr',
        responder: builtinResponder, provider: 'builtin',
      })
      expect(next.reply).toBe('Evet, ücretsiz hediye paketi yapıyoruz.')
    })

    it('leaves out a question once the owner writes the policy text the reply lacked', async () => {
      const owner = await stack.signUpOwner()
      await turn(stack, owner, { question: 'İade yapabiliyor muyum?', outcome: 'unknown', kind: 'returns' })
      await turn(stack, owner, { question: 'Mağazanız nerede?', outcome: 'unknown', kind: 'location' })
      await stack.db.query(`update public.business_profiles set returns_info = '14 gün içinde iade.' where user_id = $1`, [owner.user.id])
      expect((await unanswered(owner)).map((q) => q.question)).toEqual(['Mağazanız nerede?'])
    })

    it('dismisses a question with its other wordings; asked again later, it comes back with the new askings only', async () => {
      const owner = await stack.signUpOwner()
      await turn(stack, owner, { question: 'Kargo ücretli mi?', outcome: 'unknown', ago: '3 hours' })
      await turn(stack, owner, { question: 'kargo ucretli mi', outcome: 'unknown', ago: '2 hours' })
      await turn(stack, owner, { question: 'Taksit var mı?', outcome: 'unknown', ago: '2 hours' })
      const { error } = await owner.client.rpc('dismiss_unanswered_question', { p_question: 'Kargo ücretli mi?' })
      expect(error).toBeNull()
      expect((await unanswered(owner)).map((q) => q.question)).toEqual(['Taksit var mı?'])

      await stack.db.query(`update public.unanswered_dismissals set dismissed_at = now() - interval '1 hour' where user_id = $1`, [owner.user.id])
      await turn(stack, owner, { question: 'KARGO ÜCRETLİ Mİ', outcome: 'unknown', ago: '10 minutes' })
      expect((await unanswered(owner)).map((q) => [q.question, q.asked])).toEqual([['KARGO ÜCRETLİ Mİ', 1], ['Taksit var mı?', 1]])

      const empty = await owner.client.rpc('dismiss_unanswered_question', { p_question: '?? mi' })
      expect(empty.error?.code).toBe('22023')
    })

    it('counts only the period asked for', async () => {
      const owner = await stack.signUpOwner()
      await turn(stack, owner, { question: 'Kargo ücretli mi?', outcome: 'unknown', ago: '40 days' })
      await turn(stack, owner, { question: 'Kargo ücretli mi?', outcome: 'unknown', ago: '1 day' })
      expect((await unanswered(owner, 30)).map((q) => q.asked)).toEqual([1])
      expect((await unanswered(owner, 60)).map((q) => q.asked)).toEqual([2])
    })
  })

  describe('the figures', () => {
    it('counts days on the owner\'s clock, by channel, with shares, reply times, products and kinds', async () => {
      const owner = await stack.signUpOwner()
      await stack.db.query(`update public.business_profiles set time_zone = 'Pacific/Kiritimati' where user_id = $1`, [owner.user.id])
      const { rows: [product] } = await stack.db.query<{ id: string }>(
        `insert into public.products (user_id, name, price, currency, stock) values ($1, 'Keten Gömlek', 649.9, 'TRY', 3) returning id`, [owner.user.id])
      const conversation = await turn(stack, owner, { question: 'Keten gömlek ne kadar?', outcome: 'answered', kind: 'price', ms: 10, products: [product!.id] })
      await turn(stack, owner, { question: 'Stokta var mı?', outcome: 'answered', kind: 'stock', ms: 20, products: [product!.id], conversation })
      await turn(stack, owner, { question: 'Kargo ücretli mi?', outcome: 'unknown', kind: 'shipping', ms: 30, channel: 'whatsapp' })
      await turn(stack, owner, { question: 'Yetkili lütfen', outcome: 'handoff', kind: 'human', ms: 40, channel: 'whatsapp' })
      await turn(stack, owner, { question: 'Yarın 10:00 olur', outcome: 'booked', kind: 'booked', ms: 5000 })
      await turn(stack, owner, { question: 'Şiir yaz', outcome: 'refused', kind: 'off_topic', ms: 50 })

      const got = await insights(owner)
      expect(got.time_zone).toBe('Pacific/Kiritimati')
      expect(got.totals).toEqual({ conversations: 5, customer_messages: 6, replies: 6, answered: 2, unknown: 1, handoffs: 1, refused: 1, bookings: 1 })
      expect(got.channels).toEqual({ widget: { conversations: 3, customer_messages: 4 }, whatsapp: { conversations: 2, customer_messages: 2 } })
      // Answered or booked of the replies that were not refusals: 3 of 5.
      expect(got.answered_share).toBe(0.6)
      expect(got.handoff_share).toBe(0.2)
      // Reply times are counted in buckets: the bound of the bucket the rank falls in (30 ms is in "up to 50").
      expect(got.reply_ms).toEqual({ median: 50, p95: 5000 })
      expect(got.top_products).toEqual([{ product_id: product!.id, name: 'Keten Gömlek', asked: 2 }])
      expect(got.top_intents[0]).toEqual({ kind: 'booked', asked: 1 })
      expect(got.top_intents).toHaveLength(6)
      // An hour ago in Kiritimati (UTC+14) is that zone's date.
      const { rows: [local] } = await stack.db.query<{ day: string }>(`select to_char((now() - interval '1 hour') at time zone 'Pacific/Kiritimati', 'YYYY-MM-DD') as day`)
      expect(new Set(got.daily.map((d) => d.day))).toEqual(new Set([local!.day]))
      expect(got.daily.find((d) => d.channel === 'whatsapp')).toMatchObject({ conversations: 2, customer_messages: 2, unknown: 1, handoffs: 1 })
      // The period starts at the owner's midnight, 29 days before today.
      const since = new Date(got.since)
      expect(since.getUTCHours()).toBe(10)

      // The trigger's running counts are what a count of the messages gives.
      const rollups = async () => (await stack.db.query(
        `select 'stats' as t, day::text, channel as k, conversations || ',' || customer_messages || ',' || answered || ',' || unknown || ',' || handoffs
                || ',' || refused || ',' || bookings || ',' || reply_ms_buckets::text as v
           from public.chatbot_daily_stats where user_id = $1
         union all
         select 'topics', day::text, topic_type || ':' || topic, asked::text from public.chatbot_daily_topics where user_id = $1
         order by 1, 2, 3`, [owner.user.id])).rows
      const counted = await rollups()
      expect(counted.length).toBeGreaterThan(8)
      const { error } = await stack.service().rpc('chatbot_daily_rebuild', { p_user_id: owner.user.id })
      expect(error).toBeNull()
      expect(await rollups()).toEqual(counted)
      expect((await owner.client.rpc('chatbot_daily_rebuild', { p_user_id: owner.user.id })).error?.code).toBe('42501')
    })

    it('gives an owner without messages zeros and no shares', async () => {
      const owner = await stack.signUpOwner()
      const got = await insights(owner, 7)
      expect(got.days).toBe(7)
      expect(got.daily).toEqual([])
      expect(got.answered_share).toBeNull()
      expect(got.reply_ms).toEqual({ median: null, p95: null })
    })
  })

  describe('CSV', () => {
    it('writes the owner\'s rows, quoting what a spreadsheet would run as a formula', async () => {
      const owner = await stack.signUpOwner()
      const stranger = await stack.signUpOwner()
      await turn(stack, owner, { question: '=HYPERLINK("http://evil.example","tıkla")', outcome: 'unknown' })
      await turn(stack, owner, { question: 'Renk, beden?', outcome: 'unknown' })
      await turn(stack, stranger, { question: 'Başkasının sorusu', outcome: 'unknown' })
      const { data, error } = await owner.client.rpc('chatbot_insights_csv', { p_user_id: owner.user.id, p_days: 30, p_what: 'unanswered' })
      expect(error).toBeNull()
      const lines = (data as string).trimEnd().split('\r\n')
      expect(lines[0]).toBe('question,asked,last_asked_at,example_conversation_id')
      expect(lines.slice(1).map((l) => l.split(',"')[0]!.length > 0 && l)).toHaveLength(2)
      expect(data).toContain(`"'=HYPERLINK(""http://evil.example"",""tıkla"")",1,`)
      expect(data).toContain('"Renk, beden?",1,')
      expect(data).not.toContain('Başkasının')

      const daily = await owner.client.rpc('chatbot_insights_csv', { p_user_id: owner.user.id, p_days: 30, p_what: 'daily' })
      expect(daily.error).toBeNull()
      expect((daily.data as string).split('\r\n')[0]).toBe('day,channel,conversations,customer_messages,answered,unknown,handoffs,refused,bookings')
      expect((daily.data as string)).toMatch(/\d{4}-\d\d-\d\d,widget,2,2,0,2,0,0,0\r\n$/)
    })
  })

  describe('who may read them', () => {
    it('refuses another owner and an anonymous caller; the server reads any owner', async () => {
      const owner = await stack.signUpOwner()
      const stranger = await stack.signUpOwner()
      await turn(stack, owner, { question: 'Kargo ücretli mi?', outcome: 'unknown' })
      for (const [fn, args] of [
        ['get_chatbot_insights', { p_user_id: owner.user.id, p_days: 30 }],
        ['get_unanswered_questions', { p_user_id: owner.user.id, p_days: 30 }],
        ['chatbot_insights_csv', { p_user_id: owner.user.id, p_days: 30, p_what: 'unanswered' }],
      ] as const) {
        const asStranger = await stranger.client.rpc(fn, args)
        expect(asStranger.error?.code, fn).toBe('42501')
        const asAnon = await stack.anon().rpc(fn, args)
        expect(asAnon.data, fn).toBeNull()
        expect(asAnon.error?.code, fn).toBe('42501')
        const asServer = await stack.service().rpc(fn, args)
        expect(asServer.error, fn).toBeNull()
      }
      const anonDismiss = await stack.anon().rpc('dismiss_unanswered_question', { p_question: 'Kargo ücretli mi?' })
      expect(anonDismiss.error?.code).toBe('42501')
      // A stranger's dismissal is theirs: the owner's list keeps the question.
      expect((await stranger.client.rpc('dismiss_unanswered_question', { p_question: 'Kargo ücretli mi?' })).error).toBeNull()
      expect((await unanswered(owner)).map((q) => q.question)).toEqual(['Kargo ücretli mi?'])
      const { data } = await stranger.client.from('unanswered_dismissals').select('user_id')
      expect(data).toEqual([{ user_id: stranger.user.id }])
      const forged = await stranger.client.from('unanswered_dismissals').insert({ user_id: owner.user.id, question_key: ['kargo', 'ucretl'] })
      expect(forged.error?.code).toBe('42501')
    })
  })
})
