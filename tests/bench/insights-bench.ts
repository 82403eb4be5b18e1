// npm run bench:insights — the Insights tab's reads on the embedded stack
// (PGlite, in memory), at 100,000 messages of one owner in the last 30 days
// (50,000 customer messages and their replies, 12,000 conversations, both
// channels, a tenth not known, 300 products spoken of):
//
// - get_chatbot_insights(owner, 30) through the data API as the owner.
//   Target: ≤ 200 ms (p95).
// - get_unanswered_questions(owner, 30) the same way (no target; printed).
// The figures are read from daily rollups a trigger keeps (migration
// 20261201000100); the bulk load here turns triggers off and rebuilds them.
// Floors, measured in the same run: the same function called directly on the
// database under the owner's role and claims (no HTTP); one count(*) over the
// period's replies, directly (the least that reading the messages themselves
// would cost: the way the rollups replace); a trivial RPC through the data
// API (the HTTP round trip).
// Exits non-zero when the target is missed.
import { performance } from 'node:perf_hooks'
import { median, ms, p95, stackWithOwner } from './stack-owner.ts'

const MESSAGES = Number(process.env.INSIGHTS_BENCH_MESSAGES ?? 100_000)
const CONVERSATIONS = 12_000
const PRODUCTS = 300
const RUNS = 30
const WARM_UP = 3
const TARGET_MS = 200

// Questions customers ask that the assistant did not know, in several wordings each.
const UNKNOWN = [
  'Kargo ücretli mi?', 'kargo ucretli mi', 'KARGO ÜCRETLİ Mİ', 'Hediye paketi yapıyor musunuz?', 'hediye paketi var mi',
  'Toptan satış var mı?', 'Do you ship abroad?', 'Fatura kesiyor musunuz?', 'Kapıda ödeme var mı?', 'kapida odeme varmi',
]

async function main() {
  const { stack, owner, viaApi, asOwner } = await stackWithOwner('insights-bench', '+905550000032')
  try {
    const { db } = stack

    const seeded = performance.now()
    await db.query(
      `insert into public.products (user_id, name, price, currency, stock)
       select $1, 'Ürün ' || i, 100 + i, 'TRY', i % 20 from generate_series(1, $2) i`,
      [owner, PRODUCTS],
    )
    await db.query(
      `insert into public.conversations (id, user_id, channel, contact, created_at, last_message_at)
       select gen_random_uuid(), $1, case when i % 3 = 0 then 'whatsapp' else 'widget' end,
              case when i % 3 = 0 then (905320000000 + i)::text end, now() - interval '29 days', now()
         from generate_series(1, $2) i`,
      [owner, CONVERSATIONS],
    )
    // A customer's message and its reply each step, spread over the last 29½ days. Loaded as a
    // bulk load is (triggers off), so each reply's question and key are written here as the
    // trigger would write them.
    await db.transaction(async (tx) => {
      await tx.query('set local session_replication_role = replica')
      await tx.query(
        `with c as (select id, channel, row_number() over (order by id) - 1 as n from public.conversations where user_id = $1),
              p as (select array_agg(id order by name) as ids from public.products where user_id = $1),
              turns as (
                select i, gen_random_uuid() as question_id, c.id as conversation_id, c.channel, now() - make_interval(secs => i * 25.4) as at,
                       case when i % 10 = 0 then ($4::text[])[1 + (i / 10) % 10] else 'Keten gömlek ne kadar?' end as question,
                       case when i % 10 = 0 then 'unknown' when i % 37 = 0 then 'handoff' when i % 53 = 0 then 'booked'
                            when i % 41 = 0 then 'refused' else 'answered' end as outcome
                  from generate_series(1, $2 / 2) i join c on c.n = i % $3)
         insert into public.chatbot_messages (id, user_id, channel, conversation_id, author, content, created_at, outcome, kind, reply_ms, product_ids,
                                              question_id, question_key)
         select case when m.author = 'customer' then t.question_id else gen_random_uuid() end, $1, t.channel, t.conversation_id, m.author,
                case when m.author = 'customer' then t.question else 'Yanıt' end,
                t.at + m.later,
                case when m.author = 'assistant' then t.outcome end,
                case when m.author = 'assistant' then (array['price', 'stock', 'hours', 'shipping', 'faq', 'link'])[1 + t.i % 6] end,
                case when m.author = 'assistant' then 20 + t.i % 400 end,
                case when m.author = 'assistant' and t.i % 2 = 0 then array[p.ids[1 + t.i % $5]] else '{}' end,
                case when m.author = 'assistant' then t.question_id end,
                case when m.author = 'assistant' and t.outcome = 'unknown' then public.question_key(t.question) end
           from turns t, p, (values ('customer', interval '0'), ('assistant', interval '1 millisecond')) as m (author, later)`,
        [owner, MESSAGES, CONVERSATIONS, UNKNOWN, PRODUCTS],
      )
    })
    // The daily rollups the trigger would have kept, counted from the messages.
    await db.query('select public.chatbot_daily_rebuild($1)', [owner])
    await db.query('vacuum analyze public.chatbot_messages')
    await db.query('analyze public.chatbot_daily_stats')
    await db.query('analyze public.chatbot_daily_topics')
    await db.query('analyze public.conversations')
    const { rows: [count] } = await db.query<{ n: string }>('select count(*)::text as n from public.chatbot_messages where user_id = $1', [owner])
    console.info(`seeded ${count!.n} messages in ${CONVERSATIONS} conversations in ${ms(performance.now() - seeded)}`)

    // What the figures would cost read from the messages themselves: one count over the period's replies.
    const bare = async () => {
      const t = performance.now()
      await db.query(
        `select count(*) from public.chatbot_messages m
          where m.user_id = $1 and m.author = 'assistant' and m.created_at >= (select since from public.insights_period($1, 30))`,
        [owner],
      )
      return performance.now() - t
    }

    const first = await viaApi('get_chatbot_insights', { p_user_id: owner, p_days: 30 })
    const totals = (first.data as { totals: { customer_messages: number; replies: number } }).totals
    if (totals.customer_messages + totals.replies !== MESSAGES) throw new Error(`the insights count ${totals.customer_messages + totals.replies} messages, not ${MESSAGES}`)
    const list = await viaApi('get_unanswered_questions', { p_user_id: owner, p_days: 30 })
    console.info(`unanswered questions listed: ${(list.data as unknown[]).length} (of ${UNKNOWN.length} wordings)`)

    const insights: number[] = []
    const unanswered: number[] = []
    const direct: number[] = []
    const floor: number[] = []
    const trivial: number[] = []
    for (let i = 0; i < RUNS + WARM_UP; i++) {
      const a = await viaApi('get_chatbot_insights', { p_user_id: owner, p_days: 30 })
      const u = await viaApi('get_unanswered_questions', { p_user_id: owner, p_days: 30 })
      const d = (await asOwner('select public.get_chatbot_insights($1, 30)', [owner])).t
      const f = await bare()
      const r = await viaApi('inbox_waiting_count', {})
      if (i < WARM_UP) continue
      insights.push(a.t)
      unanswered.push(u.t)
      direct.push(d)
      floor.push(f)
      trivial.push(r.t)
    }
    const met = p95(insights) <= TARGET_MS
    console.info(`\nthe Insights tab at ${MESSAGES.toLocaleString('en')} messages (${RUNS} runs)`)
    console.info(`  get_chatbot_insights, data API   median ${ms(median(insights))}   p95 ${ms(p95(insights))}   (target ≤ ${TARGET_MS} ms)  ${met ? 'met' : 'MISSED'}`)
    console.info(`  get_unanswered_questions, API    median ${ms(median(unanswered))}   p95 ${ms(p95(unanswered))}`)
    console.info(`  floor: the function in the db    median ${ms(median(direct))}   (API ${(median(insights) / median(direct)).toFixed(2)}× it)`)
    console.info(`  one count over the messages      median ${ms(median(floor))}   (the function ${(median(direct) / median(floor)).toFixed(2)}× it)`)
    console.info(`  floor: a trivial RPC             median ${ms(median(trivial))}`)
    if (!met) process.exitCode = 1
  } finally {
    await stack.close()
  }
}

await main()
