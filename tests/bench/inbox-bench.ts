// npm run bench:inbox — the inbox's three budgets, on the embedded stack
// (PGlite, in memory), each printed beside its floor measured in the same run:
//
// 1. The list: an owner with 10,000 conversations (three messages each); the
//    first page (inbox_conversations, 50 rows with their last messages)
//    through the data API as the owner. Target: ≤ 300 ms. Floor: the same
//    function called directly on the database under the owner's role and
//    claims, and a trivial RPC through the data API (the HTTP round trip).
// 2. A customer's message in the owner's open inbox: from the widget's POST
//    to the Realtime change the inbox listens to (supabase-js, as the app
//    subscribes). Target: median ≤ 1 s. Floor: the POST's own answer time.
// 3. The owner's reply in the visitor's open widget: conversation-reply,
//    while a poller reads the widget's messages route every 2.5 s, as the
//    widget does. Target: median ≤ 3 s. Floor: the reply's own answer time
//    plus one poll's request time.
import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import WebSocket from 'ws'
import { createClient } from '@supabase/supabase-js'
import { median, ms, p95, stackWithOwner } from './stack-owner.ts'

const CONVERSATIONS = 10_000
const LIST_RUNS = 40
const LIVE_RUNS = 15
const POLL_MS = 2_500

async function main() {
  // Lifted, so the bench measures time and not the limits.
  process.env.CONVERSATION_REPLY_LIMIT_PER_MINUTE ??= '100000'
  process.env.CHATBOT_API_POLL_LIMIT_PER_MINUTE ??= '100000'
  process.env.CHATBOT_API_CONVERSATION_LIMIT_PER_MINUTE ??= '100000'
  const { stack, owner, token, headers, viaApi, asOwner } = await stackWithOwner('inbox-bench', '+905550000031')
  try {
    const { url, config, db } = stack
    await db.query('update public.users set phone_verified = true where id = $1', [owner])
    await db.query('update public.chatbot_configs set enabled = true where user_id = $1', [owner])

    // 1. The list.
    const seeded = performance.now()
    await db.query(
      `with c as (
         insert into public.conversations (user_id, channel, contact, status, unread_count, last_message_at, created_at)
         select $1, case when i % 3 = 0 then 'whatsapp' else 'widget' end, case when i % 3 = 0 then (905320000000 + i)::text end,
                case when i % 10 = 0 then 'needs_human' when i % 7 = 0 then 'resolved' else 'bot' end, i % 4,
                now() - make_interval(mins => i), now() - make_interval(mins => i)
           from generate_series(1, $2) i
         returning id, channel, last_message_at)
       insert into public.chatbot_messages (user_id, channel, conversation_id, author, content, created_at)
       select $1, c.channel, c.id, m.author, m.content, c.last_message_at - m.back
         from c, (values ('customer', 'Kargo ücretli mi, kaç günde gelir?', interval '2 minutes'),
                         ('assistant', '750 TL üzeri kargo ücretsiz; 2-4 iş gününde teslim.', interval '1 minute'),
                         ('customer', 'Teşekkürler, sipariş veriyorum.', interval '0')) as m (author, content, back)`,
      [owner, CONVERSATIONS],
    )
    await db.query('analyze public.conversations')
    await db.query('analyze public.chatbot_messages')
    console.info(`seeded ${CONVERSATIONS} conversations, ${CONVERSATIONS * 3} messages in ${ms(performance.now() - seeded)}`)

    const direct = async () => {
      const { t, rows } = await asOwner("select * from public.inbox_conversations('all', null, 50, null, null)")
      if (rows.length !== 50) throw new Error('unexpected row count')
      return t
    }
    const list: number[] = []
    const searched: number[] = []
    const directTimes: number[] = []
    const trivial: number[] = []
    for (let i = 0; i < LIST_RUNS + 5; i++) {
      const first = await viaApi('inbox_conversations', { p_filter: 'all' })
      if ((first.data as unknown[]).length !== 50) throw new Error('the first page is not 50 rows')
      const found = await viaApi('inbox_conversations', { p_filter: 'all', p_search: 'sipariş' })
      const d = await direct()
      const floor = await viaApi('inbox_waiting_count', {})
      if (i < 5) continue
      list.push(first.t)
      searched.push(found.t)
      directTimes.push(d)
      trivial.push(floor.t)
    }
    console.info(`\n1. the inbox's first page at ${CONVERSATIONS} conversations (${LIST_RUNS} runs)`)
    console.info(`   through the data API      median ${ms(median(list))}   p95 ${ms(p95(list))}   (target ≤ 300 ms)  ${p95(list) <= 300 ? 'met' : 'MISSED'}`)
    console.info(`   searched ("sipariş")      median ${ms(median(searched))}   p95 ${ms(p95(searched))}`)
    console.info(`   floor: directly in the db median ${ms(median(directTimes))}   (API ${(median(list) / median(directTimes)).toFixed(2)}× it)`)
    console.info(`   floor: a trivial RPC      median ${ms(median(trivial))}`)

    // 2. A customer's message, live in the owner's inbox.
    const supabase = createClient(url, config.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      global: { headers: { authorization: `Bearer ${token}` } },
    })
    supabase.realtime.setAuth(token)
    const waiting = new Map<string, (at: number) => void>()
    await new Promise<void>((resolve, reject) => {
      supabase
        .channel('bench-inbox')
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'chatbot_messages', filter: `user_id=eq.${owner}` }, (change) => {
          const content = (change.new as { content?: string }).content ?? ''
          waiting.get(content)?.(performance.now())
        })
        .subscribe((state) => (state === 'SUBSCRIBED' ? resolve() : state === 'CHANNEL_ERROR' ? reject(new Error('realtime refused')) : undefined))
    })
    const live: number[] = []
    const post: number[] = []
    let conversationId: string | undefined
    for (let i = 0; i < LIVE_RUNS + 2; i++) {
      const text = `Bir yetkiliyle görüşmek istiyorum (${i}-${randomUUID().slice(0, 8)})`
      const heard = new Promise<number>((resolve) => waiting.set(text, resolve))
      const t = performance.now()
      const res = await fetch(`${url}/functions/v1/chatbot-api`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://shop.example' },
        body: JSON.stringify({ userId: owner, message: text, ...(conversationId ? { conversationId } : {}) }),
      })
      const answered = (await res.json()) as { conversationId: string }
      const posted = performance.now() - t
      conversationId ??= answered.conversationId
      const at = await Promise.race([heard, new Promise<number>((_, reject) => setTimeout(() => reject(new Error('no Realtime change within 10 s')), 10_000))])
      if (i < 2) continue
      live.push(at - t)
      post.push(posted)
    }
    console.info(`\n2. a customer's message in the owner's open inbox (${LIVE_RUNS} messages)`)
    console.info(`   POST to Realtime change   median ${ms(median(live))}   p95 ${ms(p95(live))}   (target median ≤ 1,000 ms)  ${median(live) <= 1000 ? 'met' : 'MISSED'}`)
    console.info(`   floor: the POST's answer  median ${ms(median(post))}`)

    // 3. The owner's reply, in the visitor's open widget (a poller as the widget polls).
    const messagesUrl = (after?: string) =>
      `${url}/functions/v1/chatbot-api/conversations/${conversationId}/messages?userId=${owner}${after ? `&after=${after}` : ''}`
    const poll = async (after?: string) => {
      const t = performance.now()
      const res = await fetch(messagesUrl(after), { headers: { origin: 'https://shop.example' } })
      const body = (await res.json()) as { messages?: { id: string; author: string; text: string }[]; error?: string }
      if (!res.ok) throw new Error(`poll: ${res.status} ${JSON.stringify(body)}`)
      return { t: performance.now() - t, messages: body.messages ?? [] }
    }
    let after = (await poll()).messages.at(-1)?.id
    const shown: number[] = []
    const replyTimes: number[] = []
    const pollTimes: number[] = []
    for (let i = 0; i < LIVE_RUNS; i++) {
      const text = `Merhaba, hemen bakıyorum (${i})`
      // The reply lands anywhere within the widget's polling interval.
      let seenAt = 0
      let stop = false
      const poller = (async () => {
        while (!stop) {
          const got = await poll(after)
          pollTimes.push(got.t)
          if (got.messages.length) after = got.messages.at(-1)!.id
          if (got.messages.some((m) => m.author === 'owner' && m.text === text)) {
            seenAt = performance.now()
            return
          }
          await new Promise((r) => setTimeout(r, POLL_MS))
        }
      })()
      await new Promise((r) => setTimeout(r, Math.random() * POLL_MS))
      const t = performance.now()
      const res = await fetch(`${url}/functions/v1/conversation-reply`, {
        method: 'POST',
        headers: { ...headers, apikey: config.anonKey },
        body: JSON.stringify({ conversationId, messageId: randomUUID(), message: text }),
      })
      if (!res.ok) throw new Error(`conversation-reply: ${res.status} ${await res.text()}`)
      replyTimes.push(performance.now() - t)
      await Promise.race([poller, new Promise((_, reject) => setTimeout(() => reject(new Error('the widget did not see the reply within 10 s')), 10_000))])
      stop = true
      shown.push(seenAt - t)
    }
    console.info(`\n3. the owner's reply in the visitor's open widget (${LIVE_RUNS} replies, polling every ${POLL_MS / 1000} s)`)
    console.info(`   reply to widget           median ${ms(median(shown))}   p95 ${ms(p95(shown))}   (target median ≤ 3,000 ms)  ${median(shown) <= 3000 ? 'met' : 'MISSED'}`)
    console.info(`   floor: the reply's answer median ${ms(median(replyTimes))}, one poll median ${ms(median(pollTimes))}; the interval itself adds ${POLL_MS / 2} ms on average`)
    await supabase.removeAllChannels()
  } finally {
    await stack.close()
  }
}

await main()
