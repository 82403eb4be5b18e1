import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  allowedDomainKey,
  CHATBOT_ALLOWED_DOMAIN_LENGTH_MAX,
  CHATBOT_ALLOWED_DOMAINS_MAX,
  CHATBOT_BOT_NAME_MAX,
  CHATBOT_MAX_TOKENS_MAX,
  CHATBOT_MAX_TOKENS_MIN,
  CHATBOT_MODELS,
  CHATBOT_POSITIONS,
  CHATBOT_SYSTEM_PROMPT_MAX,
  CHATBOT_TEMPERATURE_MAX,
  CHATBOT_TEMPERATURE_MIN,
  CHATBOT_TEMPERATURE_STEP,
  chatbotConfigToForm,
  chatbotPayloadFromForm,
  emptyChatbotForm,
  InvalidChatbotFormError,
  InvalidWidgetSnippetError,
  invalidAllowedDomains,
  normalizeHexColor,
  validateChatbotForm,
  widgetScriptUrl,
  widgetSnippet,
  type ChatbotConfigRow,
  type ChatbotFormValues,
  type WidgetSnippetInput,
} from './chatbot.ts'
import { isOriginAllowed } from './chatbot-origin.ts'

const form = (overrides: Partial<ChatbotFormValues> = {}): ChatbotFormValues => ({ ...emptyChatbotForm(), ...overrides })

describe('defaults and ranges', () => {
  it('match the table: every column default and check in the migration', () => {
    const sql = readFileSync(new URL('../supabase/migrations/20261122000300_chatbot.sql', import.meta.url), 'utf8')
    const table = sql.slice(sql.indexOf('create table public.chatbot_configs'), sql.indexOf('create table public.api_usage_limits'))
    // Postgres string literals, with '' for a quote and || joining the prompt's parts.
    const literal = (column: string) => {
      const match = new RegExp(`\\n\\s*${column} [^\\n]*?default ((?:'(?:[^']|'')*'\\s*(?:--[^\\n]*\\n\\s*)?(?:\\|\\|\\s*)?)+)`).exec(table)
      if (!match) throw new Error(`no default for ${column}`)
      return [...match[1]!.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!.replace(/''/g, "'")).join('')
    }
    const values = emptyChatbotForm()
    expect(values.bot_name).toBe(literal('bot_name'))
    expect(values.welcome_message).toBe(literal('welcome_message'))
    expect(values.bot_description).toBe(literal('bot_description'))
    expect(values.system_prompt).toBe(literal('system_prompt'))
    expect(values.system_prompt).toContain('{business_name}')
    expect(values.primary_color).toBe(literal('primary_color'))
    expect(values.position).toBe(literal('position'))
    expect(values.openai_model).toBe(literal('openai_model'))
    expect(table).toContain(`enabled boolean not null default ${values.enabled}`)
    expect(table).toContain(`temperature numeric(2, 1) not null default ${values.temperature}`)
    expect(table).toContain(`max_tokens integer not null default ${values.max_tokens}`)
    expect(table).toContain(`check (temperature between ${CHATBOT_TEMPERATURE_MIN} and ${CHATBOT_TEMPERATURE_MAX})`)
    expect(table).toContain(`check (max_tokens between ${CHATBOT_MAX_TOKENS_MIN} and ${CHATBOT_MAX_TOKENS_MAX})`)
    expect(table).toContain(`check (position in (${CHATBOT_POSITIONS.map((p) => `'${p}'`).join(', ')}))`)
    expect(table).toContain(`check (openai_model in (${CHATBOT_MODELS.map((p) => `'${p}'`).join(', ')}))`)
    expect(values.website_url).toBe('')
    expect(values.allowed_domains).toBe('')
  })

  it('are the spec’s', () => {
    expect(emptyChatbotForm()).toMatchObject({ enabled: false, primary_color: '#3B82F6', position: 'bottom-right', openai_model: 'gpt-3.5-turbo', temperature: 0.7, max_tokens: 1000 })
    expect([CHATBOT_TEMPERATURE_MIN, CHATBOT_TEMPERATURE_MAX, CHATBOT_TEMPERATURE_STEP]).toEqual([0, 1, 0.1])
    expect([CHATBOT_MAX_TOKENS_MIN, CHATBOT_MAX_TOKENS_MAX]).toEqual([100, 4000])
    expect(CHATBOT_POSITIONS).toEqual(['bottom-right', 'bottom-left'])
    expect(CHATBOT_MODELS).toEqual(['gpt-3.5-turbo', 'gpt-4'])
  })

  it('validate as they are', () => {
    expect(validateChatbotForm(emptyChatbotForm())).toEqual({})
  })
})

describe('chatbotConfigToForm', () => {
  const row: ChatbotConfigRow = {
    enabled: true,
    bot_name: 'Vazo Asistanı',
    welcome_message: null,
    bot_description: null,
    system_prompt: 'Kısa yanıt ver.',
    primary_color: '#112233',
    position: 'bottom-left',
    openai_model: 'gpt-4',
    temperature: '0.3',
    max_tokens: 500,
    website_url: null,
    allowed_domains: ['magaza.com', '*.magaza.com'],
  }

  it('shows a stored row, null text blank, domains comma-separated', () => {
    expect(chatbotConfigToForm(row)).toEqual({
      enabled: true,
      bot_name: 'Vazo Asistanı',
      welcome_message: '',
      bot_description: '',
      system_prompt: 'Kısa yanıt ver.',
      primary_color: '#112233',
      position: 'bottom-left',
      openai_model: 'gpt-4',
      temperature: 0.3,
      max_tokens: 500,
      website_url: '',
      allowed_domains: 'magaza.com, *.magaza.com',
    })
  })

  it('gives the defaults when the owner has no configuration yet', () => {
    expect(chatbotConfigToForm(null)).toEqual(emptyChatbotForm())
    expect(chatbotConfigToForm(undefined)).toEqual(emptyChatbotForm())
  })

  it('round-trips through the payload', () => {
    const payload = chatbotPayloadFromForm(chatbotConfigToForm(row))
    expect(payload).toEqual({ ...row, temperature: 0.3, allowed_domains: [...row.allowed_domains!] })
  })
})

describe('validateChatbotForm', () => {
  it('needs a bot name and bounds the texts', () => {
    expect(validateChatbotForm(form({ bot_name: '   ' }))).toEqual({ bot_name: 'required' })
    expect(validateChatbotForm(form({ bot_name: 'a'.repeat(CHATBOT_BOT_NAME_MAX) }))).toEqual({})
    expect(validateChatbotForm(form({ bot_name: 'a'.repeat(CHATBOT_BOT_NAME_MAX + 1) }))).toEqual({ bot_name: 'too_long' })
    expect(validateChatbotForm(form({ system_prompt: 'x'.repeat(CHATBOT_SYSTEM_PROMPT_MAX + 1) }))).toEqual({ system_prompt: 'too_long' })
    expect(validateChatbotForm(form({ welcome_message: '', bot_description: '', system_prompt: '' }))).toEqual({})
  })

  it('counts characters as the database does: an emoji is one, surrounding blanks none', () => {
    const name = '😀'.repeat(CHATBOT_BOT_NAME_MAX - 1) + 'ş'
    expect(validateChatbotForm(form({ bot_name: `  ${name} ` }))).toEqual({})
    expect(chatbotPayloadFromForm(form({ bot_name: `  ${name} ` })).bot_name).toBe(name)
    expect(validateChatbotForm(form({ bot_name: `${name}😀` }))).toEqual({ bot_name: 'too_long' })
    const prompt = '🙂'.repeat(CHATBOT_SYSTEM_PROMPT_MAX)
    expect(validateChatbotForm(form({ system_prompt: prompt }))).toEqual({})
    expect(validateChatbotForm(form({ system_prompt: `${prompt}.` }))).toEqual({ system_prompt: 'too_long' })
  })

  it('takes #RGB or #RRGGBB colours only', () => {
    for (const ok of ['#3B82F6', '#abc', ' #ABCDEF ']) expect(validateChatbotForm(form({ primary_color: ok }))).toEqual({})
    for (const bad of ['blue', '3B82F6', '#abcd', '#12345g', '#1234567', 'rgb(0,0,0)'])
      expect(validateChatbotForm(form({ primary_color: bad })), bad).toEqual({ primary_color: 'invalid_color' })
    expect(validateChatbotForm(form({ primary_color: '' }))).toEqual({ primary_color: 'required' })
  })

  it('takes only the listed positions and models', () => {
    expect(validateChatbotForm(form({ position: 'top-left', openai_model: 'gpt-5' }))).toEqual({ position: 'invalid_option', openai_model: 'invalid_option' })
  })

  it('keeps temperature within 0–1 in tenths', () => {
    for (const ok of [0, 1, 0.1, '0,5', ' 0.9 ', 0.1 + 0.2]) expect(validateChatbotForm(form({ temperature: ok })), String(ok)).toEqual({})
    expect(validateChatbotForm(form({ temperature: 1.1 }))).toEqual({ temperature: 'out_of_range' })
    expect(validateChatbotForm(form({ temperature: '-0.1' }))).toEqual({ temperature: 'out_of_range' })
    expect(validateChatbotForm(form({ temperature: '0.75' }))).toEqual({ temperature: 'invalid_step' })
    expect(validateChatbotForm(form({ temperature: '' }))).toEqual({ temperature: 'required' })
    expect(validateChatbotForm(form({ temperature: 'sıcak' }))).toEqual({ temperature: 'not_a_number' })
    expect(validateChatbotForm(form({ temperature: Number.NaN }))).toEqual({ temperature: 'not_a_number' })
  })

  it('keeps max tokens a whole number within 100–4000', () => {
    for (const ok of [100, 4000, '2500']) expect(validateChatbotForm(form({ max_tokens: ok }))).toEqual({})
    expect(validateChatbotForm(form({ max_tokens: 99 }))).toEqual({ max_tokens: 'out_of_range' })
    expect(validateChatbotForm(form({ max_tokens: '4001' }))).toEqual({ max_tokens: 'out_of_range' })
    expect(validateChatbotForm(form({ max_tokens: 150.5 }))).toEqual({ max_tokens: 'not_an_integer' })
    expect(validateChatbotForm(form({ max_tokens: ' ' }))).toEqual({ max_tokens: 'required' })
    expect(validateChatbotForm(form({ max_tokens: '1e3' }))).toEqual({ max_tokens: 'not_a_number' })
  })

  it('takes an http(s) website URL or none', () => {
    for (const ok of ['', '  ', 'https://magaza.com', 'http://magaza.com/tr?x=1']) expect(validateChatbotForm(form({ website_url: ok }))).toEqual({})
    for (const bad of ['magaza.com', 'javascript:alert(1)', 'ftp://magaza.com', 'https://'])
      expect(validateChatbotForm(form({ website_url: bad })), bad).toEqual({ website_url: 'invalid_url' })
    expect(validateChatbotForm(form({ website_url: `https://a.com/${'x'.repeat(2048)}` }))).toEqual({ website_url: 'too_long' })
  })

  it('takes host names and *. wildcards as allowed domains, naming the ones it refuses', () => {
    const ok = 'example.com, *.example.com, Magaza.COM.tr, örnek.com.tr, localhost, 192.168.1.10, example.com., ,'
    expect(validateChatbotForm(form({ allowed_domains: ok }))).toEqual({})
    const bad = [
      'https://example.com',
      'example.com/shop',
      'example.com:8080',
      'exa mple.com',
      'user@example.com',
      '*.com',
      '*example.com',
      'a.*.example.com',
      'example',
      '123',
      '-bad.com',
      'a..com',
      `${'a'.repeat(64)}.com`,
      'ex_ample.com',
    ]
    for (const entry of bad) {
      expect(validateChatbotForm(form({ allowed_domains: `good.com, ${entry}` })), entry).toEqual({ allowed_domains: 'invalid_domain' })
      expect(allowedDomainKey(entry), entry).toBeNull()
    }
    expect(invalidAllowedDomains('good.com, https://x.com ,bad domain, good.org, bad domain')).toEqual(['https://x.com', 'bad domain'])
    expect(invalidAllowedDomains(ok)).toEqual([])
  })

  it('agrees with chatbot-origin on what an accepted domain lets in', () => {
    const domains = chatbotPayloadFromForm(form({ allowed_domains: 'Magaza.com, *.example.com, örnek.com.tr' })).allowed_domains
    const rule = { websiteUrl: null, allowedDomains: domains }
    expect(isOriginAllowed('https://magaza.com', rule)).toBe(true)
    expect(isOriginAllowed('https://www.magaza.com', rule)).toBe(false)
    expect(isOriginAllowed('https://shop.example.com', rule)).toBe(true)
    expect(isOriginAllowed('https://example.com', rule)).toBe(false)
    expect(isOriginAllowed(new URL('https://örnek.com.tr').origin, rule)).toBe(true)
  })

  it('bounds each domain as stored, marks and wildcard included', () => {
    // Four labels of at most 63 characters: the longest host name there is.
    const host = ['a'.repeat(63), 'b'.repeat(63), 'c'.repeat(63), 'd'.repeat(61)].join('.')
    expect(host).toHaveLength(CHATBOT_ALLOWED_DOMAIN_LENGTH_MAX)
    const wildcard = `*.${host.slice(2)}`
    for (const entry of [host, wildcard, host.toUpperCase()]) {
      expect(validateChatbotForm(form({ allowed_domains: entry })), entry).toEqual({})
      expect(chatbotPayloadFromForm(form({ allowed_domains: entry })).allowed_domains[0], entry).toHaveLength(CHATBOT_ALLOWED_DOMAIN_LENGTH_MAX)
    }
    // Each of these names a host the URL parser accepts, but would be stored longer than the column holds.
    const longer = [
      `${host}.`,
      `*.${host.slice(1)}`,
      // The parser drops variation selectors: the host is a.com, the text as long as one likes.
      `a${'\uFE0F'.repeat(CHATBOT_ALLOWED_DOMAIN_LENGTH_MAX)}.com`,
    ]
    for (const entry of longer) {
      expect(validateChatbotForm(form({ allowed_domains: `good.com, ${entry}` })), entry).toEqual({ allowed_domains: 'invalid_domain' })
      expect(invalidAllowedDomains(`good.com, ${entry}`)).toEqual([entry])
    }
  })

  it('bounds the number of distinct domains', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => `s${i}.com`).join(',')
    expect(validateChatbotForm(form({ allowed_domains: many(CHATBOT_ALLOWED_DOMAINS_MAX) }))).toEqual({})
    expect(validateChatbotForm(form({ allowed_domains: `${many(CHATBOT_ALLOWED_DOMAINS_MAX)}, S0.com` }))).toEqual({})
    expect(validateChatbotForm(form({ allowed_domains: many(CHATBOT_ALLOWED_DOMAINS_MAX + 1) }))).toEqual({ allowed_domains: 'too_many' })
  })
})

describe('chatbotPayloadFromForm', () => {
  it('trims, nulls blanks, normalises the colour and the domains', () => {
    const payload = chatbotPayloadFromForm(
      form({
        enabled: true,
        bot_name: '  Asistan  ',
        welcome_message: '  ',
        bot_description: ' Yardımcı ',
        system_prompt: '',
        primary_color: ' #AbC ',
        position: 'bottom-left',
        openai_model: 'gpt-4',
        temperature: '0,3',
        max_tokens: ' 1500 ',
        website_url: ' https://magaza.com ',
        allowed_domains: ' Magaza.com , *.Magaza.com,, magaza.COM, b.com, *.magaza.com., a.com ',
      }),
    )
    expect(payload).toEqual({
      enabled: true,
      bot_name: 'Asistan',
      welcome_message: null,
      bot_description: 'Yardımcı',
      system_prompt: null,
      primary_color: '#aabbcc',
      position: 'bottom-left',
      openai_model: 'gpt-4',
      temperature: 0.3,
      max_tokens: 1500,
      website_url: 'https://magaza.com',
      allowed_domains: ['magaza.com', '*.magaza.com', 'b.com', 'a.com'],
    })
  })

  it('keeps the temperature on its tenth', () => {
    expect(chatbotPayloadFromForm(form({ temperature: 0.1 + 0.2 })).temperature).toBe(0.3)
  })

  it('gives an empty domain list and null URL when none are given', () => {
    expect(chatbotPayloadFromForm(emptyChatbotForm())).toMatchObject({ website_url: null, allowed_domains: [], primary_color: '#3b82f6' })
  })

  it('refuses an invalid form with its codes', () => {
    const invalid = () => chatbotPayloadFromForm(form({ bot_name: '', allowed_domains: 'http://x.com' }))
    expect(invalid).toThrow(InvalidChatbotFormError)
    expect(invalid).toThrow(expect.objectContaining({ errors: { bot_name: 'required', allowed_domains: 'invalid_domain' } }))
  })

  it('normalizeHexColor', () => {
    expect(normalizeHexColor('#3B82F6')).toBe('#3b82f6')
    expect(normalizeHexColor('#fA0')).toBe('#ffaa00')
    expect(normalizeHexColor('red')).toBeNull()
  })
})

describe('widgetSnippet', () => {
  const base: WidgetSnippetInput = {
    userId: '5f0c1b2a-0000-4000-8000-000000000001',
    apiUrl: 'https://api.example.com/functions/v1/chatbot-api',
    scriptUrl: 'https://app.example.com/chatbot-widget.js',
    enabled: true,
    botName: 'Asistan',
    welcomeMessage: 'Merhaba!',
    primaryColor: '#3b82f6',
    position: 'bottom-right',
  }

  /** Runs the first script's body against a stand-in window and returns what it set. */
  const evaluate = (snippet: string): unknown => {
    const open = '<script>'
    const start = snippet.indexOf(open) + open.length
    const body = snippet.slice(start, snippet.indexOf('</script>', start))
    const window: Record<string, unknown> = {}
    new Function('window', body)(window)
    return window.ChatbotConfig
  }

  it('is the config script, then the deferred widget script', () => {
    const snippet = widgetSnippet(base)
    expect(snippet).toBe(
      [
        '<script>',
        'window.ChatbotConfig = {',
        '  "userId": "5f0c1b2a-0000-4000-8000-000000000001",',
        '  "apiUrl": "https://api.example.com/functions/v1/chatbot-api",',
        '  "enabled": true,',
        '  "botName": "Asistan",',
        '  "welcomeMessage": "Merhaba!",',
        '  "primaryColor": "#3b82f6",',
        '  "position": "bottom-right",',
        '  "animation": true,',
        '  "theme": "light"',
        '};',
        '</script>',
        '<script src="https://app.example.com/chatbot-widget.js" defer></script>',
      ].join('\n'),
    )
    const { scriptUrl: _, ...config } = base
    expect(evaluate(snippet)).toEqual({ ...config, animation: true, theme: 'light' })
  })

  it('carries the form’s defaults', () => {
    const payload = chatbotPayloadFromForm(emptyChatbotForm())
    const config = evaluate(
      widgetSnippet({ ...base, enabled: payload.enabled, botName: payload.bot_name, welcomeMessage: payload.welcome_message, primaryColor: payload.primary_color, position: payload.position }),
    )
    expect(config).toMatchObject({ enabled: false, botName: 'Asistan', welcomeMessage: 'Merhaba! Size nasıl yardımcı olabilirim?', primaryColor: '#3b82f6', position: 'bottom-right', animation: true, theme: 'light' })
  })

  it('keeps hostile text as data: the values come back exactly and nothing breaks out', () => {
    const hostile = `"</script><script>alert(1)</script> it's \\"x\\" \\ \n\r\t <!-- --> <SCRIPT> </ScRiPt > & \u2028 \u2029 ${'\u{1F600}'}`
    const input: WidgetSnippetInput = {
      ...base,
      userId: `u</script>${hostile}`,
      botName: hostile,
      welcomeMessage: `'); alert(1); ('${hostile}`,
      primaryColor: `</script><!--`,
      apiUrl: 'https://api.example.com/functions/v1/chatbot-api?a=1&b=</script>',
    }
    const snippet = widgetSnippet(input)
    const { scriptUrl: _, ...config } = input
    expect(evaluate(snippet)).toEqual({ ...config, animation: true, theme: 'light' })

    // The first closing tag anywhere (in any case) is the intended one, and the config holds no markup at all.
    const firstClose = snippet.search(/<\/script/i)
    expect(firstClose).toBe(snippet.indexOf('};\n</script>\n<script src=') + 3)
    const body = snippet.slice('<script>'.length, firstClose)
    expect(body).not.toMatch(/[<>&'\u2028\u2029]/)
    expect(body.split('\n').length).toBe(11 + 2)
    expect(snippet.match(/<script/gi)).toHaveLength(2)
    expect(snippet).not.toContain('<!--')
  })

  it('escapes the script URL as an attribute and takes only http(s)', () => {
    const snippet = widgetSnippet({ ...base, scriptUrl: `https://app.example.com/chatbot-widget.js?v=1&x="><script>alert(1)</script>'` })
    const tag = snippet.slice(snippet.lastIndexOf('<script src='))
    expect(tag).toMatch(/^<script src="[^"<>']*" defer><\/script>$/)
    expect(tag).toContain('?v=1&amp;x=')
    for (const bad of ['javascript:alert(1)', 'data:text/javascript,alert(1)', '/chatbot-widget.js', '//evil.example/x.js', ''])
      expect(() => widgetSnippet({ ...base, scriptUrl: bad }), bad).toThrow(InvalidWidgetSnippetError)
    expect(() => widgetSnippet({ ...base, apiUrl: 'javascript:alert(1)' })).toThrow(/invalid_api_url/)
  })

  it('widgetScriptUrl puts the script on the app’s origin', () => {
    expect(widgetScriptUrl('https://app.example.com')).toBe('https://app.example.com/chatbot-widget.js')
    expect(widgetScriptUrl('http://127.0.0.1:5173/dashboard/chatbot')).toBe('http://127.0.0.1:5173/chatbot-widget.js')
  })
})
