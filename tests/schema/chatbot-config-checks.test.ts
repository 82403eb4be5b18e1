// The migration that makes the database hold the chatbot settings' limits
// runs on a deployed database whose rows were written around the form: it
// brings each out-of-range row within the limits (cutting texts, reading a
// colour as the form would, trimming the domain list without ever emptying
// it) instead of failing, leaves rows within them untouched, and ends with
// every new rule validated. The limits themselves are proven through the data
// API in tests/integration/chatbot-config-limits.test.ts.
import { describe, expect, it } from 'vitest'
import {
  CHATBOT_ALLOWED_DOMAIN_LENGTH_MAX,
  CHATBOT_ALLOWED_DOMAINS_MAX,
  CHATBOT_BOT_DESCRIPTION_MAX,
  CHATBOT_BOT_NAME_MAX,
  CHATBOT_SYSTEM_PROMPT_MAX,
  CHATBOT_WEBSITE_URL_MAX,
  CHATBOT_WELCOME_MESSAGE_MAX,
  chatbotConfigToForm,
  validateChatbotForm,
  type ChatbotConfigRow,
} from '../../domain/chatbot.ts'
import { isOriginAllowed } from '../../domain/chatbot-origin.ts'
import { prepareDatabase } from '../../supabase/local/migrate.ts'
import { DATABASE_BACKENDS, insertSignedUpOwner, useDatabaseBefore } from '../support/databases.ts'

const VERSION = '20261127001100'

type Row = ChatbotConfigRow & { user_id: string; stamp: string }

describe.each(DATABASE_BACKENDS)('chatbot settings limits migration on $name', (backend) => {
  const db = useDatabaseBefore(backend, VERSION)

  /** An owner signed up as auth does it: the sign-up trigger gives them the default configuration. */
  const owner = () => insertSignedUpOwner(db(), { business_name: 'Çiçekçi Ayşe' })

  const configs = async () =>
    new Map(
      (await db().query<Row>('select *, updated_at::text as stamp from public.chatbot_configs')).rows.map((r) => [r.user_id, r]),
    )

  it('brings rows written around the form within the limits, and leaves the others as they were', async () => {
    const untouched = await owner()
    await db().query(`update public.chatbot_configs set primary_color = '#0C7A6B', allowed_domains = '{magaza.com.tr,*.magaza.com.tr}' where user_id = $1`, [untouched])

    // Every text past its limit; a colour typed as the form takes it.
    const texts = await owner()
    const site = 'https://magaza.com.tr/'
    await db().query(
      `update public.chatbot_configs
       set bot_name = $2, welcome_message = $3, bot_description = $4, system_prompt = $5, website_url = $6, primary_color = '#AbC'
       where user_id = $1`,
      [texts, 'Ş'.repeat(CHATBOT_BOT_NAME_MAX + 10), 'ğ'.repeat(CHATBOT_WELCOME_MESSAGE_MAX + 1), '😀'.repeat(CHATBOT_BOT_DESCRIPTION_MAX * 2),
        'x'.repeat(500_000), site + 'y'.repeat(CHATBOT_WEBSITE_URL_MAX)],
    )

    // 20,001 domains with repeats and holes, one entry longer than a host name, a colour with blanks around it.
    const many = await owner()
    const domains: (string | null)[] = Array.from({ length: 20_001 }, (_, i) => `d${i % 70}.com`)
    domains.splice(1, 0, null)
    domains.splice(3, 0, `uzun.com/${'z'.repeat(400)}`)
    await db().query(`update public.chatbot_configs set allowed_domains = $2, primary_color = ' #10B981 ' where user_id = $1`, [many, domains])

    // Only entries too long to keep: cut, never dropped, so the widget stays where it was allowed.
    const onlyLong = await owner()
    const longEntry = `shop.example.com/${'p'.repeat(CHATBOT_ALLOWED_DOMAIN_LENGTH_MAX)}`
    await db().query(`update public.chatbot_configs set allowed_domains = $2, primary_color = 'blue' where user_id = $1`, [onlyLong, [longEntry]])

    // A nested list and a colour no form would read.
    const nested = await owner()
    await db().query(`update public.chatbot_configs set allowed_domains = '{{a.com,b.com},{c.com,a.com}}', primary_color = 'red;}' where user_id = $1`, [nested])

    const old = await configs()
    expect((await prepareDatabase(db())).applied[0]).toBe(VERSION)
    const now = await configs()

    expect(now.get(untouched)).toEqual(old.get(untouched))

    expect(now.get(texts)).toMatchObject({
      bot_name: 'Ş'.repeat(CHATBOT_BOT_NAME_MAX),
      welcome_message: 'ğ'.repeat(CHATBOT_WELCOME_MESSAGE_MAX),
      bot_description: '😀'.repeat(CHATBOT_BOT_DESCRIPTION_MAX),
      system_prompt: 'x'.repeat(CHATBOT_SYSTEM_PROMPT_MAX),
      website_url: site + 'y'.repeat(CHATBOT_WEBSITE_URL_MAX - site.length),
      primary_color: '#aabbcc',
    })

    const manyRow = now.get(many)!
    expect(manyRow.primary_color).toBe('#10b981')
    expect(manyRow.allowed_domains).toHaveLength(CHATBOT_ALLOWED_DOMAINS_MAX)
    expect(manyRow.allowed_domains!.slice(0, 4)).toEqual(['d0.com', 'd1.com', `uzun.com/${'z'.repeat(CHATBOT_ALLOWED_DOMAIN_LENGTH_MAX - 9)}`, 'd2.com'])
    expect(manyRow.allowed_domains!.at(-1)).toBe(`d${CHATBOT_ALLOWED_DOMAINS_MAX - 2}.com`)

    const onlyLongRow = now.get(onlyLong)!
    expect(onlyLongRow.allowed_domains).toEqual([longEntry.slice(0, CHATBOT_ALLOWED_DOMAIN_LENGTH_MAX)])
    expect(onlyLongRow.primary_color).toBe('#3B82F6')
    const rule = (row: Row) => ({ websiteUrl: row.website_url, allowedDomains: row.allowed_domains })
    for (const origin of ['https://shop.example.com', 'https://evil.example']) {
      expect({ origin, allowed: isOriginAllowed(origin, rule(onlyLongRow)) }).toEqual({ origin, allowed: isOriginAllowed(origin, rule(old.get(onlyLong)!)) })
    }

    expect(now.get(nested)).toMatchObject({ allowed_domains: ['a.com', 'b.com', 'c.com'], primary_color: '#3B82F6' })

    // The fixed rows are ones the form would now save as they are, and they say they changed.
    for (const id of [texts, many, nested]) {
      const row = now.get(id)!
      const { allowed_domains: _domains, ...errors } = validateChatbotForm(chatbotConfigToForm(row))
      expect({ id, errors }).toEqual({ id, errors: {} })
      expect(row.stamp).not.toBe(old.get(id)!.stamp)
    }
  })

  it('ends with every new rule in force, validated', async () => {
    const { rows } = await db().query<{ name: string; validated: boolean }>(
      `select conname as name, convalidated as validated from pg_constraint
       where conrelid = 'public.chatbot_configs'::regclass and contype = 'c' order by conname`,
    )
    expect(rows).toEqual(
      expect.arrayContaining(
        [
          'chatbot_configs_allowed_domains_count',
          'chatbot_configs_bot_description_length',
          'chatbot_configs_bot_name_length',
          'chatbot_configs_primary_color_hex',
          'chatbot_configs_system_prompt_length',
          'chatbot_configs_website_url_length',
          'chatbot_configs_welcome_message_length',
        ].map((name) => ({ name, validated: true })),
      ),
    )
    expect(rows.every((r) => r.validated)).toBe(true)
    const code = await db()
      .query(`update public.chatbot_configs set allowed_domains = array['a.com', null]`)
      .then(() => 'stored', (e: { code?: string }) => e.code)
    expect(code).toBe('23514')
  })
})
