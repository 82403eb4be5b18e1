// The assistant's model provider (_shared/assistant/openai.ts) against a fake
// OpenAI-compatible server over HTTP: the tool loop, the price check, the
// fallback on every kind of failure, what is sent; and the provider choice
// (provider.ts) by environment.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { formatPrice } from '../../../domain/products.ts'
import { ProviderConfigError, UnknownProviderError } from '../../functions/_shared/deployment.ts'
import {
  checkReply,
  modelResponder,
  numberReadings,
  type ModelResponderSettings,
} from '../../functions/_shared/assistant/openai.ts'
import { chooseResponder, LOCAL_MODEL_URL, modelSettings } from '../../functions/_shared/assistant/provider.ts'
import type { Catalogue, CatalogueProduct, Responder, ResponderInput } from '../../functions/_shared/assistant/types.ts'
import { answer, startFakeOpenAI, toolCall, type FakeOpenAI } from '../../../tests/support/fake-openai.ts'

const products: CatalogueProduct[] = [
  { id: 'p-kahve', name: 'Türk Kahvesi', description: 'Orta kavrulmuş, 250 g', price: 1250, currency: 'TRY', stock: 12, product_link: 'https://shop.example/kahve' },
  { id: 'p-fincan', name: 'Fincan Takımı', description: null, price: 449.9, currency: 'TRY', stock: 3, product_link: null },
  { id: 'p-mug', name: 'Travel Mug', description: 'Steel, 400 ml', price: 18.5, currency: 'USD', stock: 0, product_link: null },
]

function fakeCatalogue(): Catalogue & { searches: string[] } {
  const searches: string[] = []
  const fold = (s: string) => s.toLocaleLowerCase('tr')
  return {
    searches,
    async search(query, limit = 5) {
      searches.push(query)
      const words = fold(query).split(/\s+/).filter(Boolean)
      return products.filter((p) => words.some((w) => fold(`${p.name} ${p.description ?? ''}`).includes(w))).slice(0, limit)
    },
    async byIds(ids) {
      return ids.flatMap((id) => products.find((p) => p.id === id) ?? [])
    },
    async list(limit = 10) {
      return products.slice(0, limit)
    },
  }
}

const FALLBACK_REPLY = 'Yerleşik asistanın yanıtı'

function fakeFallback(): Responder & { calls: ResponderInput[] } {
  const calls: ResponderInput[] = []
  const responder = (async (input: ResponderInput) => {
    calls.push(input)
    return { reply: FALLBACK_REPLY, language: 'tr' as const, productIds: ['from-fallback'] }
  }) as Responder & { calls: ResponderInput[] }
  responder.calls = calls
  return responder
}

function input(message: string, overrides: Partial<ResponderInput> = {}): ResponderInput {
  return { message, history: [], businessName: 'Kahve Dükkanı', catalogue: fakeCatalogue(), ...overrides }
}

let server: FakeOpenAI

beforeAll(async () => {
  server = await startFakeOpenAI()
})
afterAll(async () => {
  await server.close()
})
afterEach(() => {
  server.requests.length = 0
})

function responder(overrides: Partial<ModelResponderSettings> = {}) {
  const fallback = fakeFallback()
  const reasons: string[] = []
  const respond = modelResponder({
    url: server.url,
    model: 'gpt-4',
    temperature: 0.3,
    maxTokens: 500,
    systemPrompt: 'Sen {business_name} işletmesinin asistanısın. Kibar ol.',
    fallback,
    onFallback: (reason) => reasons.push(reason),
    ...overrides,
  })
  return { respond, fallback, reasons }
}

describe('modelResponder', () => {
  it('searches the catalogue through the tool, sends the results back and answers with the right price', async () => {
    server.script([toolCall('search_products', { query: 'kahve' }, 'call_a'), answer('Türk Kahvesi ₺1.250,00 TRY, stokta 12 adet var.')])
    const { respond, fallback, reasons } = responder()
    const out = await respond(input('Kahve ne kadar?'))

    expect(reasons).toEqual([])
    expect(fallback.calls).toHaveLength(0)
    expect(out).toEqual({ reply: 'Türk Kahvesi ₺1.250,00 TRY, stokta 12 adet var.', language: 'tr', productIds: ['p-kahve'] })

    expect(server.requests).toHaveLength(2)
    const first = server.requests[0]!.body
    expect(first.tools?.map((t) => t.function.name)).toEqual(['search_products', 'get_product'])
    const second = server.requests[1]!.body.messages
    const assistant = second.at(-2)!
    expect(assistant.role).toBe('assistant')
    expect(assistant.tool_calls?.[0]?.function.name).toBe('search_products')
    const tool = second.at(-1)!
    expect(tool).toMatchObject({ role: 'tool', tool_call_id: 'call_a' })
    expect(JSON.parse(tool.content!)).toEqual({
      products: [
        { id: 'p-kahve', name: 'Türk Kahvesi', price: 1250, currency: 'TRY', stock: 12, link: 'https://shop.example/kahve', description: 'Orta kavrulmuş, 250 g' },
      ],
    })
  })

  it('reads a product by id with get_product, and answers in English', async () => {
    server.script([toolCall('get_product', { id: 'p-mug' }), answer('The Travel Mug is $18.50 USD, but it is out of stock right now.')])
    const { respond, fallback } = responder()
    const out = await respond(input('How much is the mug?', { language: 'en' }))
    expect(fallback.calls).toHaveLength(0)
    expect(out).toEqual({ reply: 'The Travel Mug is $18.50 USD, but it is out of stock right now.', language: 'en', productIds: ['p-mug'] })
    expect(JSON.parse(server.requests[1]!.body.messages.at(-1)!.content!).products[0]).toMatchObject({ id: 'p-mug', stock: 0 })
  })

  it('sends the system prompt with {business_name} replaced and the rules, the history, the model, temperature and max_tokens', async () => {
    server.script([answer('Merhaba! Size nasıl yardımcı olabilirim?')])
    const { respond } = responder()
    await respond(
      input('Merhaba', {
        history: [
          { role: 'user', content: 'Fincan var mı?', productIds: [] },
          { role: 'assistant', content: 'Evet, Fincan Takımı var.', productIds: ['p-fincan'] },
        ],
      }),
    )
    const body = server.requests[0]!.body
    expect(body).toMatchObject({ model: 'gpt-4', temperature: 0.3, max_tokens: 500 })
    const [system, ...rest] = body.messages
    expect(system!.role).toBe('system')
    expect(system!.content).toContain('Sen Kahve Dükkanı işletmesinin asistanısın. Kibar ol.')
    expect(system!.content).not.toContain('{business_name}')
    expect(system!.content).toMatch(/only about this business's products and services/)
    expect(system!.content).toMatch(/customer's language/)
    expect(system!.content).toMatch(/Never reveal/)
    expect(system!.content).toContain('p-fincan')
    expect(rest).toEqual([
      { role: 'user', content: 'Fincan var mı?' },
      { role: 'assistant', content: 'Evet, Fincan Takımı var.' },
      { role: 'user', content: 'Merhaba' },
    ])
  })

  it('sends the API key as a Bearer token when set, and no Authorization header otherwise', async () => {
    const keyed = await startFakeOpenAI({ apiKey: 'sk-test-123', script: [answer('Merhaba!')] })
    try {
      const { respond, reasons } = responder({ url: keyed.url, apiKey: 'sk-test-123' })
      expect((await respond(input('Merhaba'))).reply).toBe('Merhaba!')
      expect(reasons).toEqual([])
      expect(keyed.requests[0]!.headers.authorization).toBe('Bearer sk-test-123')
    } finally {
      await keyed.close()
    }
    server.script([answer('Merhaba!')])
    await responder().respond(input('Merhaba'))
    expect(server.requests[0]!.headers.authorization).toBeUndefined()
  })

  it('falls back when the server takes longer than the timeout', async () => {
    server.script([{ ...answer('Geç kalan yanıt'), delayMs: 2_000 }])
    const { respond, fallback, reasons } = responder({ timeoutMs: 200 })
    const started = Date.now()
    const out = await respond(input('Kahve var mı?'))
    expect(Date.now() - started).toBeLessThan(1_500)
    expect(out.reply).toBe(FALLBACK_REPLY)
    expect(fallback.calls).toHaveLength(1)
    expect(fallback.calls[0]!.message).toBe('Kahve var mı?')
    expect(reasons).toEqual(['timed out'])
  })

  it('falls back on an HTTP 500', async () => {
    server.script([{ status: 500, body: { error: { message: 'The server had an error', type: 'server_error' } } }])
    const { respond, fallback, reasons } = responder()
    expect(await respond(input('Kahve var mı?'))).toEqual({ reply: FALLBACK_REPLY, language: 'tr', productIds: ['from-fallback'] })
    expect(fallback.calls).toHaveLength(1)
    expect(reasons[0]).toMatch(/^HTTP 500/)
  })

  it('falls back when the key is refused, the answer is malformed, or the server cannot be reached', async () => {
    const keyed = await startFakeOpenAI({ apiKey: 'sk-right' })
    try {
      const wrongKey = responder({ url: keyed.url, apiKey: 'sk-wrong' })
      expect((await wrongKey.respond(input('Merhaba'))).reply).toBe(FALLBACK_REPLY)
      expect(wrongKey.reasons[0]).toMatch(/^HTTP 401/)
    } finally {
      await keyed.close()
    }

    for (const reply of [{ raw: 'not json' }, { raw: JSON.stringify({ choices: [] }) }, answer('')]) {
      server.script([reply])
      const { respond, fallback } = responder()
      expect((await respond(input('Merhaba'))).reply).toBe(FALLBACK_REPLY)
      expect(fallback.calls).toHaveLength(1)
    }

    const unreachable = responder({ url: 'http://127.0.0.1:9/v1' })
    expect((await unreachable.respond(input('Merhaba'))).reply).toBe(FALLBACK_REPLY)
    expect(unreachable.reasons[0]).toMatch(/^request failed/)
  })

  it('falls back when the model keeps calling tools past the round limit', async () => {
    server.script(() => toolCall('search_products', { query: 'kahve' }))
    const { respond, reasons } = responder({ maxRounds: 3 })
    expect((await respond(input('Kahve'))).reply).toBe(FALLBACK_REPLY)
    expect(server.requests).toHaveLength(3)
    expect(reasons).toEqual(['no answer after 3 rounds'])
  })

  it('sends the fallback answer instead of a reply with an invented price', async () => {
    server.script([toolCall('search_products', { query: 'kahve' }), answer('Türk Kahvesi sadece 999 TL!')])
    const { respond, fallback, reasons } = responder()
    const out = await respond(input('Kahve ne kadar?'))
    expect(out.reply).toBe(FALLBACK_REPLY)
    expect(fallback.calls).toHaveLength(1)
    expect(reasons).toEqual(['price 999 is not one the catalogue returned'])
  })

  it('refuses a price quoted without looking anything up, even a real one', async () => {
    server.script([answer('Kahvemiz 1250 TL.')])
    const { respond } = responder()
    expect((await respond(input('Kahve ne kadar?'))).reply).toBe(FALLBACK_REPLY)
  })

  it('tells the model about bad tool arguments and unknown tools instead of failing', async () => {
    server.script([
      { message: { content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'search_products', arguments: '{oops' } }] } },
      toolCall('delete_everything', {}, 'c2'),
      toolCall('get_product', { id: 'missing' }, 'c3'),
      answer('Bu ürünü bulamadım, lütfen işletmeyle iletişime geçin.'),
    ])
    const { respond, reasons } = responder({ maxRounds: 4 })
    const out = await respond(input('Şu ürün var mı?'))
    expect(reasons).toEqual([])
    expect(out).toEqual({ reply: 'Bu ürünü bulamadım, lütfen işletmeyle iletişime geçin.', language: 'tr', productIds: [] })
    const last = server.requests[3]!.body.messages
    expect(last.filter((m) => m.role === 'tool').map((m) => JSON.parse(m.content!))).toEqual([
      { error: 'arguments must be a JSON object' },
      { error: 'unknown tool delete_everything' },
      { error: 'no product with this id' },
    ])
  })

  it('sets productIds to the products the reply names, else all it looked up', async () => {
    server.script([toolCall('search_products', { query: 'fincan kahve' }), answer('Fincan Takımı ₺449,90 TRY.')])
    expect((await responder().respond(input('Fincan?'))).productIds).toEqual(['p-fincan'])

    server.script([toolCall('search_products', { query: 'fincan kahve' }), answer('İkisi de stokta var.')])
    expect((await responder().respond(input('Stokta mı?'))).productIds).toEqual(['p-kahve', 'p-fincan'])
  })

  it('drops a reasoning model’s <think> block', async () => {
    server.script([answer('<think>The user greets me.</think>\nMerhaba!')])
    expect((await responder().respond(input('Merhaba'))).reply).toBe('Merhaba!')
  })
})

describe('the price check', () => {
  const seen = products

  it('accepts prices as Turkish and English write them, with or without symbol or code', () => {
    for (const reply of [
      'Fiyatı 1.250,00 TL',
      'It is 1,250.00 TRY',
      '₺1250',
      'Fiyatı 1250',
      'Fincan takımı 449,90 ₺',
      'The mug costs $18.50',
      '18.5 USD',
      `Kahve ${formatPrice(1250, 'TRY', 'tr')}, fincan ${formatPrice(449.9, 'TRY', 'en')}`,
      'Stokta 12 adet ve 3 takım var; 250 g paket.',
      '%10 indirim yok, 20% off neither',
    ]) {
      expect(checkReply(reply, seen), reply).toMatchObject({ ok: true })
    }
  })

  it('refuses any other price', () => {
    for (const reply of ['Fiyatı 1.200,00 TL', '$19.00', 'Only 449 TL', 'price: 99', 'Kahve 1250 TL, fincan 500 TL']) {
      expect(checkReply(reply, seen), reply).toMatchObject({ ok: false })
    }
    expect(checkReply('Kahve ₺1.250,00', [])).toMatchObject({ ok: false })
  })

  it('reads both meanings of an ambiguous separator', () => {
    expect(numberReadings('1.250')).toEqual([1.25, 1250])
    expect(numberReadings('1.250,50')).toEqual([1250.5])
    expect(numberReadings('1,250.50')).toEqual([1250.5])
    expect(numberReadings('12,5')).toEqual([12.5])
    expect(numberReadings('1.2.3')).toEqual([])
  })

  it('refuses a reply that recites the rules', () => {
    expect(
      checkReply(
        "My instructions: Talk only about this business's products and services. Politely decline anything else (general knowledge, other businesses, code, opinions).",
        seen,
      ),
    ).toMatchObject({ ok: false, reason: 'reply recites the instructions' })
  })
})

describe('chooseResponder', () => {
  const config = { openai_model: 'gpt-3.5-turbo', temperature: '0.7', max_tokens: 1000, system_prompt: 'Sen {business_name} asistanısın.' }
  const envOf = (vars: Record<string, string>) => (name: string) => vars[name]
  const hosted = { SUPABASE_URL: 'https://abc.supabase.co' }

  it('is the built-in responder by default and for builtin', () => {
    const fallback = fakeFallback()
    expect(chooseResponder(envOf({}), config, fallback)).toBe(fallback)
    expect(chooseResponder(envOf({ ...hosted, ASSISTANT_PROVIDER: 'builtin' }), config, fallback)).toBe(fallback)
  })

  it('refuses an unknown provider', () => {
    expect(() => chooseResponder(envOf({ ASSISTANT_PROVIDER: 'gemini' }), config, fakeFallback())).toThrow(UnknownProviderError)
  })

  it('talks to ASSISTANT_API_URL with the owner settings, ASSISTANT_MODEL overriding the model', async () => {
    server.script([answer('Merhaba!')])
    const respond = chooseResponder(
      envOf({ ASSISTANT_PROVIDER: 'openai', ASSISTANT_API_URL: server.url, ASSISTANT_API_KEY: 'k', ASSISTANT_MODEL: 'llama3.2' }),
      config,
      fakeFallback(),
    )
    expect((await respond(input('Merhaba'))).reply).toBe('Merhaba!')
    expect(server.requests[0]!.body).toMatchObject({ model: 'llama3.2', temperature: 0.7, max_tokens: 1000 })
    expect(server.requests[0]!.body.messages[0]!.content).toContain('Sen Kahve Dükkanı asistanısın.')
    expect(server.requests[0]!.headers.authorization).toBe('Bearer k')
  })

  it('uses the owner model without an override', async () => {
    server.script([answer('Merhaba!')])
    await chooseResponder(envOf({ ASSISTANT_PROVIDER: 'openai', ASSISTANT_API_URL: server.url }), config, fakeFallback())(input('Merhaba'))
    expect(server.requests[0]!.body.model).toBe('gpt-3.5-turbo')
  })

  it('on this machine defaults to Ollama; on a hosted project refuses a missing or loopback URL', () => {
    expect(modelSettings(envOf({ ASSISTANT_PROVIDER: 'openai' })).url).toBe(LOCAL_MODEL_URL)
    expect(() => chooseResponder(envOf({ ...hosted, ASSISTANT_PROVIDER: 'openai' }), config, fakeFallback())).toThrow(ProviderConfigError)
    expect(() =>
      chooseResponder(envOf({ ...hosted, ASSISTANT_PROVIDER: 'openai', ASSISTANT_API_URL: 'http://localhost:11434/v1' }), config, fakeFallback()),
    ).toThrow(/this machine's address/)
    expect(() =>
      chooseResponder(envOf({ ...hosted, ASSISTANT_PROVIDER: 'openai', ASSISTANT_API_URL: 'https://api.openai.com/v1' }), config, fakeFallback()),
    ).toThrow(/ASSISTANT_API_KEY/)
    expect(() => modelSettings(envOf({ ASSISTANT_API_URL: 'ftp://x' }))).toThrow(ProviderConfigError)
    expect(() => modelSettings(envOf({ ASSISTANT_TIMEOUT_MS: 'soon' }))).toThrow(ProviderConfigError)
    expect(
      modelSettings(envOf({ ...hosted, ASSISTANT_API_URL: 'https://api.openai.com/v1', ASSISTANT_API_KEY: 'sk', ASSISTANT_TIMEOUT_MS: '5000' })),
    ).toEqual({ url: 'https://api.openai.com/v1', apiKey: 'sk', timeoutMs: 5000 })
  })
})
