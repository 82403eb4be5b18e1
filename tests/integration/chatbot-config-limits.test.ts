// The database holds the chatbot settings' limits, not only the form. For
// every limit domain/chatbot.ts exports, an owner writing chatbot_configs
// through the data API with their own token (as the app does, or around it)
// stores exactly the limit, and is refused one past it with 23514 naming the
// rule, the stored row left as it was. Every value is also put to the form's
// own check, so the two sides are proven to agree at each boundary. The
// limits are read from the module: changing one there, or exporting a new one
// without a database rule (and a row in RULES), fails here. PGlite and
// PostgreSQL 15.
import { describe, expect, it } from 'vitest'
import * as chatbot from '../../domain/chatbot.ts'
import {
  chatbotConfigToForm,
  chatbotPayloadFromForm,
  emptyChatbotForm,
  normalizeHexColor,
  validateChatbotForm,
  type ChatbotConfigRow,
  type ChatbotFormField,
} from '../../domain/chatbot.ts'
import { BACKENDS, useOwner, useTestStack, type Owner } from '../support/stack.ts'

type Columns = Partial<Record<keyof ChatbotConfigRow, unknown>>

/** A limit as the database holds it: `at` is stored as written, each of `past` is refused by `constraint`. */
type Refusal = { kind: 'refused'; field: ChatbotFormField; at: Columns[]; past: Columns[]; constraint: string }
/** A step the column's type keeps: a value between steps is stored on the nearest one. */
type Rounding = { kind: 'rounded'; field: ChatbotFormField; written: Columns; stored: Columns }
type Rule = Refusal | Rounding

/** Exports of domain/chatbot.ts named CHATBOT_… that say nothing about a stored value. */
const NOT_COLUMN_RULES = ['CHATBOT_COPIED_MS', 'CHATBOT_FORM_ERRORS']

/** `n` characters (code points) with Turkish letters and an emoji among them: the database counts as the form does. */
const text = (n: number) => Array.from({ length: n }, (_, i) => ['a', 'ş', '😀', 'İ'][i % 4]).join('')
const URL_PREFIX = 'https://örnek.com.tr/'
const url = (n: number) => URL_PREFIX + 'y'.repeat(n - [...URL_PREFIX].length)
const domains = (n: number) => Array.from({ length: n }, (_, i) => `s${i}.örnek.com.tr`)
/** The longest host name there is: four labels of at most 63 characters, 253 in all. */
const LONGEST_HOST = ['a'.repeat(63), 'b'.repeat(63), 'c'.repeat(63), 'd'.repeat(61)].join('.')

/** A bound on one column: `value(bound)` is stored as written, `value(past)` refused by `constraint`. */
function boundRule(field: ChatbotFormField, constraint: string, bound: number, past: number, value: (n: number) => unknown = (n) => n): Refusal {
  return { kind: 'refused', field, at: [{ [field]: value(bound) }], past: [{ [field]: value(past) }], constraint }
}

function textRule(field: 'bot_name' | 'welcome_message' | 'bot_description' | 'system_prompt', max: number): Refusal {
  return boundRule(field, `chatbot_configs_${field}_length`, max, max + 1, text)
}

function optionsRule(field: 'position' | 'openai_model', options: readonly string[], outside: string): Refusal {
  if (options.includes(outside)) throw new Error(`${outside} is one of the ${field} options`)
  return { kind: 'refused', field, at: options.map((o) => ({ [field]: o })), past: [{ [field]: outside }], constraint: `chatbot_configs_${field}_check` }
}

const {
  CHATBOT_TEMPERATURE_MIN: T_MIN,
  CHATBOT_TEMPERATURE_MAX: T_MAX,
  CHATBOT_TEMPERATURE_STEP: T_STEP,
  CHATBOT_MAX_TOKENS_MIN,
  CHATBOT_MAX_TOKENS_MAX,
} = chatbot
const tenths = (n: number) => Math.round(n * 10) / 10

/** One per limit export; the keys must be exactly the module's. */
const RULES: Record<string, Rule> = {
  CHATBOT_BOT_NAME_MAX: textRule('bot_name', chatbot.CHATBOT_BOT_NAME_MAX),
  CHATBOT_WELCOME_MESSAGE_MAX: textRule('welcome_message', chatbot.CHATBOT_WELCOME_MESSAGE_MAX),
  CHATBOT_BOT_DESCRIPTION_MAX: textRule('bot_description', chatbot.CHATBOT_BOT_DESCRIPTION_MAX),
  CHATBOT_SYSTEM_PROMPT_MAX: textRule('system_prompt', chatbot.CHATBOT_SYSTEM_PROMPT_MAX),
  CHATBOT_WEBSITE_URL_MAX: boundRule('website_url', 'chatbot_configs_website_url_length', chatbot.CHATBOT_WEBSITE_URL_MAX, chatbot.CHATBOT_WEBSITE_URL_MAX + 1, url),
  CHATBOT_ALLOWED_DOMAINS_MAX: boundRule('allowed_domains', 'chatbot_configs_allowed_domains_count', chatbot.CHATBOT_ALLOWED_DOMAINS_MAX, chatbot.CHATBOT_ALLOWED_DOMAINS_MAX + 1, domains),
  CHATBOT_ALLOWED_DOMAIN_LENGTH_MAX: {
    kind: 'refused',
    field: 'allowed_domains',
    at: [{ allowed_domains: ['ornek.com.tr', LONGEST_HOST.slice(0, chatbot.CHATBOT_ALLOWED_DOMAIN_LENGTH_MAX)] }],
    // A trailing dot, which the URL parser reads as the same host, and a wildcard over the longest host.
    past: [
      { allowed_domains: ['ornek.com.tr', `${LONGEST_HOST.slice(0, chatbot.CHATBOT_ALLOWED_DOMAIN_LENGTH_MAX)}.`] },
      { allowed_domains: [`*.${LONGEST_HOST.slice(0, chatbot.CHATBOT_ALLOWED_DOMAIN_LENGTH_MAX - 1)}`] },
    ],
    constraint: 'chatbot_configs_allowed_domains_entries',
  },
  CHATBOT_TEMPERATURE_MIN: boundRule('temperature', 'chatbot_configs_temperature_check', T_MIN, tenths(T_MIN - T_STEP)),
  CHATBOT_TEMPERATURE_MAX: boundRule('temperature', 'chatbot_configs_temperature_check', T_MAX, tenths(T_MAX + T_STEP)),
  // numeric(2, 1) rounds a value between tenths before any check sees it; the form refuses it
  // (invalid_step) so that the owner picks the value that is kept.
  CHATBOT_TEMPERATURE_STEP: {
    kind: 'rounded',
    field: 'temperature',
    written: { temperature: T_MIN + 7.5 * T_STEP },
    stored: { temperature: tenths(T_MIN + 8 * T_STEP) },
  },
  CHATBOT_MAX_TOKENS_MIN: boundRule('max_tokens', 'chatbot_configs_max_tokens_check', CHATBOT_MAX_TOKENS_MIN, CHATBOT_MAX_TOKENS_MIN - 1),
  CHATBOT_MAX_TOKENS_MAX: boundRule('max_tokens', 'chatbot_configs_max_tokens_check', CHATBOT_MAX_TOKENS_MAX, CHATBOT_MAX_TOKENS_MAX + 1),
  CHATBOT_POSITIONS: optionsRule('position', chatbot.CHATBOT_POSITIONS, 'top-left'),
  CHATBOT_MODELS: optionsRule('openai_model', chatbot.CHATBOT_MODELS, 'gpt-4o'),
}

/** The form's verdict on a stored row with `columns` over the defaults, for one field. */
function formError(columns: Columns, field: ChatbotFormField) {
  const row = { ...chatbotPayloadFromForm(emptyChatbotForm()), ...columns } as ChatbotConfigRow
  return validateChatbotForm(chatbotConfigToForm(row))[field]
}

it('has a database rule for every limit domain/chatbot.ts exports', () => {
  const limits = Object.keys(chatbot).filter((name) => name.startsWith('CHATBOT_') && !NOT_COLUMN_RULES.includes(name))
  expect(Object.keys(RULES).sort()).toEqual(limits.sort())
})

it('puts every value on the boundary the form draws', () => {
  for (const [name, rule] of Object.entries(RULES)) {
    if (rule.kind === 'rounded') {
      expect({ name, written: formError(rule.written, rule.field) }).toEqual({ name, written: 'invalid_step' })
      expect({ name, stored: formError(rule.stored, rule.field) }).toEqual({ name, stored: undefined })
      continue
    }
    for (const at of rule.at) expect({ name, at: formError(at, rule.field) }).toEqual({ name, at: undefined })
    for (const past of rule.past) expect({ name, past: formError(past, rule.field) }).not.toEqual({ name, past: undefined })
  }
})

describe.each(BACKENDS)('chatbot settings limits in the database on %s', (backend) => {
  const stack = useTestStack(backend)
  const owner = useOwner(stack)

  async function stored(o: Owner = owner) {
    const { data, error } = await o.client.from('chatbot_configs').select('*').eq('user_id', o.user.id).single()
    expect(error).toBeNull()
    return data as Record<string, unknown>
  }

  /** A PATCH as the owner, answering with the row as stored. */
  async function patch(columns: Columns) {
    return owner.client.from('chatbot_configs').update(columns).eq('user_id', owner.user.id).select('*').single()
  }

  async function expectRefused(columns: Columns, constraint: string) {
    const before = await stored()
    const { data, error } = await patch(columns)
    expect(data).toBeNull()
    expect({ code: error?.code, names: error?.message.includes(constraint) }, error?.message).toEqual({ code: '23514', names: true })
    expect(await stored()).toEqual(before)
  }

  it.each(Object.entries(RULES))('%s: stores the limit, refuses one past it and keeps the row', async (_name, rule) => {
    if (rule.kind === 'rounded') {
      const { data, error } = await patch(rule.written)
      expect(error).toBeNull()
      expect(data).toMatchObject(rule.stored)
      return
    }
    for (const at of rule.at) {
      const { data, error } = await patch(at)
      expect(error).toBeNull()
      expect(data).toMatchObject(at)
      for (const past of rule.past) await expectRefused(past, rule.constraint)
    }
  })

  it('keeps the colour as the form stores it: #rrggbb', async () => {
    for (const color of ['#10B981', '#0c7a6b']) {
      expect(normalizeHexColor(color)).toBe(color.toLowerCase())
      const { data, error } = await patch({ primary_color: color })
      expect(error).toBeNull()
      expect(data).toMatchObject({ primary_color: color })
    }
    // The form takes some of these as typed, and saves them as #rrggbb; none is that shape as it stands.
    for (const color of ['#abc', ' #10B981', '#10B9811', '10B981', 'blue', 'red;}', '']) {
      expect(normalizeHexColor(color), color).not.toBe(color.toLowerCase())
      await expectRefused({ primary_color: color }, 'chatbot_configs_primary_color_hex')
    }
  })

  it('takes allowed domains as one list of texts: no empty entries, no nested lists', async () => {
    await expectRefused({ allowed_domains: ['ornek.com.tr', null] }, 'chatbot_configs_allowed_domains_entries')
    const { error } = await stack.db
      .query(`update public.chatbot_configs set allowed_domains = '{{a.com,b.com},{c.com,d.com}}' where user_id = $1`, [owner.user.id])
      .then(() => ({ error: null }), (e: { code?: string; constraint?: string }) => ({ error: e }))
    expect(error).toMatchObject({ code: '23514' })
  })

  it('refuses the whole save of the app (an upsert) when one field is past its limit', async () => {
    const payload = chatbotPayloadFromForm({ ...emptyChatbotForm(), enabled: true, bot_name: 'Çiçekçi Asistan' })
    const saved = await owner.client.from('chatbot_configs').upsert({ ...payload, user_id: owner.user.id }, { onConflict: 'user_id' }).select('*').single()
    expect(saved.error).toBeNull()
    const before = await stored()
    const { error } = await owner.client
      .from('chatbot_configs')
      .upsert({ ...payload, bot_name: 'Başka', system_prompt: text(chatbot.CHATBOT_SYSTEM_PROMPT_MAX + 1), user_id: owner.user.id }, { onConflict: 'user_id' })
    expect(error?.code).toBe('23514')
    expect(await stored()).toEqual(before)
  })

  it('refuses what was stored before these rules: a 500 KB prompt and 20,001 domains', async () => {
    await expectRefused({ system_prompt: 'x'.repeat(500_000) }, 'chatbot_configs_system_prompt_length')
    await expectRefused({ allowed_domains: Array.from({ length: 20_001 }, (_, i) => `d${i}.com`) }, 'chatbot_configs_allowed_domains_count')
  })
})
