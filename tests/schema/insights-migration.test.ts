// The migration that records each reply's outcome (20261201000100) runs on a
// deployed database that already holds conversations: every existing reply
// gets its question and an outcome ('unknown' where it was the built-in "not
// found" or "I can't answer" text, 'answered' otherwise), its unanswered
// questions their keys, and the owner's days their rollups, so the Insights
// tab shows the past as well as what comes after.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { prepareDatabase } from '../../supabase/local/migrate.ts'
import { DATABASE_BACKENDS, insertSignedUpOwner, useDatabaseBefore } from '../support/databases.ts'

const VERSION = '20261201000100'

describe.each(DATABASE_BACKENDS)('insights migration on $name', (backend) => {
  const db = useDatabaseBefore(backend, VERSION)

  it('gives existing replies their question and outcome, and the owner rollups of the past', async () => {
    const owner = randomUUID()
    await insertSignedUpOwner(db(), { business_name: 'Kahve Evi', phone_number: '+905108880001' }, owner)
    const { rows: [conversation] } = await db().query<{ id: string }>(
      `insert into public.conversations (user_id, channel) values ($1, 'widget') returning id`, [owner])
    const turns: Array<[string, string, string | null]> = [
      ['customer', 'Filtre kahve ne kadar?', null],
      ['assistant', 'Filtre Kahve: 120,00 ₺.', 'price'],
      ['customer', 'Kargo ücretli mi?', null],
      ['assistant', 'Üzgünüm, bununla eşleşen bir ürün bulamadım. Kahve Evi size yardımcı olabilir.', null],
      ['customer', 'Do you sell gift cards?', null],
      ['assistant', "I can't answer that. You can ask me about products, prices, opening hours, shipping and returns.", 'unknown'],
    ]
    for (const [i, [author, content, kind]] of turns.entries()) {
      await db().query(
        `insert into public.chatbot_messages (user_id, channel, conversation_id, author, content, kind, created_at)
         values ($1, 'widget', $2, $3, $4, $5, now() - interval '1 hour' + $6 * interval '1 second')`,
        [owner, conversation!.id, author, content, kind, i],
      )
    }

    expect((await prepareDatabase(db())).applied[0]).toBe(VERSION)
    const { rows } = await db().query<{ outcome: string; question: string; key: string | null }>(
      `select r.outcome, q.content as question, array_to_string(r.question_key, ' ') as key
         from public.chatbot_messages r join public.chatbot_messages q on q.id = r.question_id
        where r.author = 'assistant' order by r.created_at`,
    )
    expect(rows).toEqual([
      { outcome: 'answered', question: 'Filtre kahve ne kadar?', key: null },
      { outcome: 'unknown', question: 'Kargo ücretli mi?', key: 'kargo ucretl' },
      { outcome: 'unknown', question: 'Do you sell gift cards?', key: 'hedi kart' },
    ])
    const { rows: [day] } = await db().query<{ conversations: number; customer_messages: number; answered: number; unknown: number }>(
      `select conversations, customer_messages, answered, unknown from public.chatbot_daily_stats where user_id = $1`, [owner])
    expect(day).toEqual({ conversations: 1, customer_messages: 3, answered: 1, unknown: 2 })
    const { rows: customers } = await db().query<{ n: number }>(`select count(*)::int as n from public.chatbot_messages where outcome is not null and author <> 'assistant'`)
    expect(customers).toEqual([{ n: 0 }])
  })
})
