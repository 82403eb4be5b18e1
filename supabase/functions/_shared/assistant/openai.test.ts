// The assistant's model provider (_shared/assistant/openai.ts) against a fake
// OpenAI-compatible server over HTTP: the tool loop, the business tools and
// what they compute on the owner's clock, the price and claim checks (claims.ts), the
// fallback on every kind of failure, what is sent; and the provider choice
// (provider.ts) by environment.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { formatPrice } from '../../../../domain/products/currency.ts'
import { ProviderConfigError, UnknownProviderError } from '../deployment.ts'
import { checkClaims, clockTimes, durations, Evidence, numberReadings } from './claims.ts'
import { businessInfo, type BusinessInfo } from './business-info.ts'
import { checkReply, modelResponder, replyKind, type ModelResponderSettings } from './openai.ts'
import { chooseResponder, LOCAL_MODEL_URL, modelSettings } from './provider.ts'
import type { BusinessProfile, CatalogueProduct, Responder, ResponderInput, ResponderOutput } from './types.ts'
import { memoryBusiness, memoryCatalogue, type FaqEntry } from '../../../../tests/support/assistant-memory.ts'
import { answer, startFakeOpenAI, toolCall, toolCalls, toolResult, type FakeOpenAI } from '../../../../tests/support/fake-openai.ts'

const products: CatalogueProduct[] = [
  { id: 'p-kahve', name: 'Türk Kahvesi', description: 'Orta kavrulmuş, 250 g', price: 1250, currency: 'TRY', stock: 12, product_link: 'https://shop.example/kahve' },
  { id: 'p-fincan', name: 'Fincan Takımı', description: null, price: 449.9, currency: 'TRY', stock: 3, product_link: null },
  { id: 'p-mug', name: 'Travel Mug', description: 'Steel, 400 ml', price: 18.5, currency: 'USD', stock: 0, product_link: null },
]

/** The coffee shop's profile: Istanbul hours, a weekday break-free day, a short Saturday, Sunday closed. */
const PROFILE: Partial<BusinessProfile> = {
  address: 'Moda Cad. No: 12, Kadıköy, İstanbul',
  maps_url: 'https://maps.example/kahve',
  contact_phone: '+90 216 555 12 34',
  contact_email: 'merhaba@kahve.example',
  opening_hours: {
    mon: [['09:00', '18:00']],
    tue: [['09:00', '18:00']],
    wed: [['09:00', '18:00']],
    thu: [['09:00', '18:00']],
    fri: [['09:00', '18:00']],
    sat: [['10:00', '14:00']],
  },
  time_zone: 'Europe/Istanbul',
  shipping_info: 'Siparişler 2-4 iş günü içinde kargoya verilir. 500 TL üzeri kargo ücretsiz.',
  returns_info: 'Açılmamış ürünler 14 gün içinde iade edilebilir.',
  payment_info: null,
  ordering_info: null,
}

const FAQ: FaqEntry[] = [
  { id: 'faq-1', question: 'Kargo ne kadar sürer?', answer: 'Kargo İstanbul içine 1-2 iş günü, diğer şehirlere 2-4 iş günü sürer.' },
  { id: 'faq-2', question: 'Do you ship abroad?', answer: 'We ship to the EU within 7 business days.' },
]

/** Monday 10 March 2025, 23:30 UTC: already Tuesday 02:30 in Istanbul (UTC+3). */
const LATE_MONDAY_UTC = new Date('2025-03-10T23:30:00Z')

const FALLBACK_REPLY = 'Yerleşik asistanın yanıtı'
const FALLBACK_OUTPUT: ResponderOutput = { reply: FALLBACK_REPLY, language: 'tr', productIds: ['from-fallback'], kind: 'unknown' }

function fakeFallback(): Responder & { calls: ResponderInput[] } {
  const calls: ResponderInput[] = []
  const responder = (async (input: ResponderInput) => {
    calls.push(input)
    return { ...FALLBACK_OUTPUT }
  }) as Responder & { calls: ResponderInput[] }
  responder.calls = calls
  return responder
}

function input(message: string, overrides: Partial<ResponderInput> = {}): ResponderInput {
  return {
    message,
    history: [],
    businessName: 'Kahve Dükkanı',
    catalogue: memoryCatalogue(products).catalogue,
    business: memoryBusiness(PROFILE, FAQ),
    now: LATE_MONDAY_UTC,
    ...overrides,
  }
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
    expect(out).toEqual({ reply: 'Türk Kahvesi ₺1.250,00 TRY, stokta 12 adet var.', language: 'tr', productIds: ['p-kahve'], kind: 'model' })

    expect(server.requests).toHaveLength(2)
    const first = server.requests[0]!.body
    expect(first.tools?.map((t) => t.function.name)).toEqual(['search_products', 'get_product', 'get_business_info', 'search_faq'])
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
    expect(out).toEqual({ reply: 'The Travel Mug is $18.50 USD, but it is out of stock right now.', language: 'en', productIds: ['p-mug'], kind: 'model' })
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
    // The fallback's answer goes as it is, its kind included.
    expect(await respond(input('Kahve var mı?'))).toEqual(FALLBACK_OUTPUT)
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
    expect(out).toEqual({ reply: 'Bu ürünü bulamadım, lütfen işletmeyle iletişime geçin.', language: 'tr', productIds: [], kind: 'model' })
    const last = server.requests[3]!.body.messages
    expect(last.filter((m) => m.role === 'tool').map((m) => JSON.parse(m.content!))).toEqual([
      { error: 'arguments must be a JSON object' },
      { error: 'unknown tool delete_everything' },
      { error: 'no product with this id' },
    ])
  })

  it('sets productIds to the products the reply names, else all it looked up', async () => {
    const both = () =>
      toolCalls([
        { name: 'search_products', args: { query: 'kahve' } },
        { name: 'search_products', args: { query: 'fincan' } },
      ])
    server.script([both(), answer('Fincan Takımı ₺449,90 TRY.')])
    expect((await responder().respond(input('Fincan?'))).productIds).toEqual(['p-fincan'])

    // Named without its Turkish letters, as a model may write it.
    server.script([both(), answer('Turk Kahvesi stokta.')])
    expect((await responder().respond(input('Kahve?'))).productIds).toEqual(['p-kahve'])

    server.script([both(), answer('İkisi de stokta var.')])
    expect((await responder().respond(input('Stokta mı?'))).productIds).toEqual(['p-kahve', 'p-fincan'])
  })

  it('drops a reasoning model’s <think> block', async () => {
    server.script([answer('<think>The user greets me.</think>\nMerhaba!')])
    expect((await responder().respond(input('Merhaba'))).reply).toBe('Merhaba!')
  })
})

describe('the business tools', () => {
  type Hours = NonNullable<BusinessInfo['hours']>

  it('answers from get_business_info and search_faq, read in one turn, and sends the reply built from them', async () => {
    server.script((body, index) => {
      if (index === 0) {
        return toolCalls([
          { name: 'get_business_info', args: { topic: 'hours' }, id: 'info' },
          { name: 'search_faq', args: { query: 'kargo ne kadar sürer' }, id: 'faq' },
        ])
      }
      const info = toolResult<BusinessInfo>(body, 'get_business_info')!
      const faq = toolResult<{ entries: { question: string; answer: string }[] }>(body, 'search_faq')!
      return answer(`Şu an kapalıyız, bugün ${info.hours!.opens_at!.time}'da açılıyoruz. ${faq.entries[0]!.answer}`)
    })
    const business = memoryBusiness(PROFILE, FAQ)
    const { respond, fallback, reasons } = responder()
    const out = await respond(input('Açık mısınız? Kargo ne kadar sürer?', { business }))

    expect(reasons).toEqual([])
    expect(fallback.calls).toHaveLength(0)
    expect(out).toEqual({
      reply: "Şu an kapalıyız, bugün 09:00'da açılıyoruz. Kargo İstanbul içine 1-2 iş günü, diğer şehirlere 2-4 iş günü sürer.",
      language: 'tr',
      productIds: [],
      kind: 'model',
    })
    expect(business.faqSearches).toEqual(['kargo ne kadar sürer'])
    const tools = server.requests[1]!.body.messages.filter((m) => m.role === 'tool')
    expect(tools.map((m) => m.tool_call_id)).toEqual(['info', 'faq'])
    expect(JSON.parse(tools[1]!.content!)).toEqual({
      entries: [{ question: 'Kargo ne kadar sürer?', answer: 'Kargo İstanbul içine 1-2 iş günü, diğer şehirlere 2-4 iş günü sürer.' }],
    })
  })

  it("works out open now, the next opening, today and tomorrow on the owner's clock: 23:30 UTC is the next day in Istanbul", async () => {
    server.script([toolCall('get_business_info', { topic: 'hours' }), answer("Şu an kapalıyız; bugün saat 09:00'da açılıyoruz.")])
    const { respond, reasons } = responder()
    const out = await respond(input('Şu an açık mısınız?'))
    expect(reasons).toEqual([])
    expect(out.reply).toBe("Şu an kapalıyız; bugün saat 09:00'da açılıyoruz.")
    // Only the hours were read: the reply is an hours answer.
    expect(out.kind).toBe('hours')

    const hours = (JSON.parse(server.requests[1]!.body.messages.at(-1)!.content!) as BusinessInfo).hours!
    expect(hours).toEqual({
      time_zone: 'Europe/Istanbul',
      now: { date: '2025-03-11', day: 'tuesday', time: '02:30' },
      open_now: false,
      opens_at: { day: 'tuesday', date: '2025-03-11', time: '09:00', in_days: 0 },
      today: { day: 'tuesday', date: '2025-03-11', hours: ['09:00-18:00'] },
      tomorrow: { day: 'wednesday', date: '2025-03-12', hours: ['09:00-18:00'] },
      weekly: {
        monday: ['09:00-18:00'],
        tuesday: ['09:00-18:00'],
        wednesday: ['09:00-18:00'],
        thursday: ['09:00-18:00'],
        friday: ['09:00-18:00'],
        saturday: ['10:00-14:00'],
        sunday: 'closed',
      },
    } satisfies Hours)
  })

  it('says when it closes while open, and the next opening day over a closed day', () => {
    // Friday 14 March 2025, 14:00 UTC: 17:00 in Istanbul.
    const open = businessInfo({ ...memoryBusiness(PROFILE).profile! }, 'hours', new Date('2025-03-14T14:00:00Z')).hours!
    expect(open).toMatchObject({ open_now: true, closes_at: '18:00', now: { day: 'friday', time: '17:00' } })
    expect(open.opens_at).toBeUndefined()

    // Saturday 15 March 2025, 21:30 UTC: Sunday 00:30 in Istanbul, closed all day; Monday opens.
    const sunday = businessInfo(memoryBusiness(PROFILE).profile!, 'hours', new Date('2025-03-15T21:30:00Z')).hours!
    expect(sunday).toMatchObject({
      open_now: false,
      today: { day: 'sunday', date: '2025-03-16', hours: 'closed' },
      tomorrow: { day: 'monday', date: '2025-03-17', hours: ['09:00-18:00'] },
      opens_at: { day: 'monday', date: '2025-03-17', time: '09:00', in_days: 1 },
    })

    // Open past midnight: Friday 20:00–24:00 then Saturday 00:00–02:00 is one opening, closing on Saturday.
    const late = memoryBusiness({ ...PROFILE, time_zone: 'Europe/London', opening_hours: { fri: [['20:00', '24:00']], sat: [['00:00', '02:00']] } }).profile!
    expect(businessInfo(late, 'hours', new Date('2025-03-14T23:00:00Z')).hours).toMatchObject({
      open_now: true,
      closes_at: '02:00',
      closes_on: { day: 'saturday', date: '2025-03-15' },
    })
  })

  it('reports a field the owner has not written as not written, with the contact details to offer', async () => {
    server.script([toolCall('get_business_info', { topic: 'payment' }), answer('Ödeme seçenekleri hakkında bilgim yok; +90 216 555 12 34 numarasından sorabilirsiniz.')])
    const { respond, reasons } = responder()
    const out = await respond(input('Taksit var mı?'))
    expect(reasons).toEqual([])
    expect(out).toMatchObject({ reply: 'Ödeme seçenekleri hakkında bilgim yok; +90 216 555 12 34 numarasından sorabilirsiniz.', kind: 'payment' })
    const info = JSON.parse(server.requests[1]!.body.messages.at(-1)!.content!) as BusinessInfo
    expect(info).toMatchObject({ topic: 'payment', not_written_by_owner: ['payment'], phone: '+90 216 555 12 34', email: 'merhaba@kahve.example' })
    expect(info.payment).toBeUndefined()
    expect(info.note).toMatch(/Do not guess/)
  })

  it('gives the topics the owner wrote, and calls an owner without a profile or hours silent on them', () => {
    const now = LATE_MONDAY_UTC
    const profile = memoryBusiness(PROFILE).profile!
    expect(businessInfo(profile, 'location', now)).toEqual({ topic: 'location', address: PROFILE.address, maps_url: PROFILE.maps_url })
    expect(businessInfo(profile, 'shipping', now)).toEqual({ topic: 'shipping', shipping: PROFILE.shipping_info })
    expect(businessInfo(profile, 'all', now)).toMatchObject({
      topic: 'all',
      phone: PROFILE.contact_phone,
      returns: PROFILE.returns_info,
      not_written_by_owner: ['payment', 'ordering'],
    })

    const none = businessInfo(null, 'all', now)
    expect(none.not_written_by_owner).toEqual(['address', 'maps_url', 'phone', 'email', 'hours', 'shipping', 'returns', 'payment', 'ordering'])
    expect(none.note).toMatch(/no phone or e-mail either/)
    // Blank text and a week without a range are not written either.
    const blank = memoryBusiness({ shipping_info: '   ', opening_hours: { mon: [] } }).profile!
    expect(businessInfo(blank, 'shipping', now).not_written_by_owner).toEqual(['shipping'])
    expect(businessInfo(blank, 'hours', now)).toMatchObject({ not_written_by_owner: ['hours'] })
  })

  it('reads the whole profile for a missing or unknown topic, and says when there is no FAQ', async () => {
    server.script([
      toolCalls([
        { name: 'get_business_info', args: {} },
        { name: 'get_business_info', args: { topic: 'weather' } },
        { name: 'search_faq', args: { query: 'iade' } },
        { name: 'search_faq', args: {} },
      ]),
      answer('Adresimiz Moda Cad. No: 12, Kadıköy.'),
    ])
    const business = memoryBusiness(PROFILE, [])
    const out = await responder().respond(input('Neredesiniz?', { business }))
    expect(out.reply).toBe('Adresimiz Moda Cad. No: 12, Kadıköy.')
    const results = server.requests[1]!.body.messages.filter((m) => m.role === 'tool').map((m) => JSON.parse(m.content!))
    expect(results.map((r) => r.topic ?? null)).toEqual(['all', 'all', null, null])
    expect(results[2]).toEqual({ entries: [], note: 'The owner has written no FAQ.' })
    expect(results[3]).toEqual({ error: 'query (a non-empty string) is required' })
    // No FAQ written: no search is made.
    expect(business.faqSearches).toEqual([])
  })

  it('sends the built-in answer instead of a reply claiming hours, shipping or returns the tools did not return', async () => {
    const cases: { script: Parameters<FakeOpenAI['script']>[0]; reason: RegExp }[] = [
      // Hours read, but the time is not one of them.
      { script: [toolCall('get_business_info', { topic: 'hours' }), answer("Bugün 11:00'de açılıyoruz.")], reason: /time "11:00"/ },
      // Hours never read.
      { script: [answer('We are open until 9 pm today.')], reason: /hours|time/ },
      // Shipping spoken of with nothing read.
      { script: [answer('Kargo ücretsiz, hemen gönderiyoruz!')], reason: /shipping/ },
      // Returns read, but the days invented.
      { script: [toolCall('get_business_info', { topic: 'returns' }), answer('Ürünleri 30 gün içinde iade edebilirsiniz.')], reason: /30 gun/ },
      // Shipping read, but returns claimed.
      { script: [toolCall('get_business_info', { topic: 'shipping' }), answer('Shipping takes 2-4 business days and returns are free.')], reason: /returns/ },
      // An invented phone number.
      { script: [toolCall('get_business_info', { topic: 'contact' }), answer('Bizi 0212 999 88 77 numarasından arayın.')], reason: /number/ },
    ]
    for (const { script, reason } of cases) {
      server.script(script)
      const { respond, fallback, reasons } = responder()
      expect(await respond(input('Soru'))).toEqual(FALLBACK_OUTPUT)
      expect(fallback.calls).toHaveLength(1)
      expect(reasons[0]).toMatch(reason)
    }
  })

  it('lets an amount the owner wrote through the price check: the free-shipping threshold', async () => {
    server.script([
      toolCall('get_business_info', { topic: 'shipping' }),
      answer('Siparişler 2-4 iş günü içinde kargoya verilir; 500 TL üzeri kargo ücretsiz.'),
    ])
    const { respond, reasons } = responder()
    expect(await respond(input('Kargo ücreti ne kadar?'))).toMatchObject({ kind: 'shipping', productIds: [] })
    expect(reasons).toEqual([])

    server.script([toolCall('get_business_info', { topic: 'shipping' }), answer('300 TL üzeri kargo ücretsiz.')])
    const invented = responder()
    expect((await invented.respond(input('Kargo ücreti ne kadar?'))).reply).toBe(FALLBACK_REPLY)
    expect(invented.reasons).toEqual(['price 300 is not one the catalogue returned'])
  })

  it('takes what the owner wrote in the prompt as read', async () => {
    server.script([answer('Kargo 3 iş gününde gelir.')])
    const { respond, reasons } = responder({ systemPrompt: 'Sen {business_name} asistanısın. Kargo 3 iş gününde teslim edilir.' })
    expect((await respond(input('Kargo ne zaman gelir?'))).reply).toBe('Kargo 3 iş gününde gelir.')
    expect(reasons).toEqual([])
  })
})

describe('the claim check', () => {
  const profile = memoryBusiness(PROFILE).profile!
  const hits = FAQ.map((entry) => ({ ...entry, score: 1 }))

  function read(topic: Parameters<typeof businessInfo>[1] | null, faq = false, ownerPrompt = ''): Evidence {
    const evidence = new Evidence(ownerPrompt)
    if (topic) evidence.addBusinessInfo(businessInfo(profile, topic, LATE_MONDAY_UTC))
    if (faq) evidence.addFaq(hits)
    return evidence
  }

  it('passes hours, shipping and returns the tools returned, in Turkish and English', () => {
    const passes: [string, Evidence][] = [
      ["Şu an kapalıyız, bugün saat 09:00'da açılıyoruz.", read('hours')],
      ["Hafta içi 09.00 - 18.00, cumartesi 10.00-14.00 arası açığız.", read('hours')],
      ["Cumartesi sabah 10'dan öğleden sonra 2'ye kadar açığız.", read('hours')],
      ['Bugün saat 9 ile 18 arası açığız.', read('hours')],
      ["We're closed now; we open at 9 am today and close at 6 pm.", read('hours')],
      ['On Saturdays we are open from 10 to 2.', read('hours')],
      ['Siparişler 2-4 iş günü içinde kargoya verilir.', read('shipping')],
      ['Açılmamış ürünleri 14 gün içinde iade edebilirsiniz.', read('returns')],
      ['Unopened items can be returned within 14 days.', read('returns')],
      ['We ship to the EU within 7 business days.', read(null, true)],
      ['Bize merhaba@kahve.example adresinden ya da 0216 555 12 34 numarasından ulaşabilirsiniz.', read('contact')],
      ['Ödeme bilgisini işletme yazmamış; lütfen +90 216 555 12 34 numarasını arayın.', read('payment')],
      // No business claim at all needs no business read.
      ['Türk Kahvesi stokta var, 250 g paket; açık mavi fincanla da gelir.', read(null)],
      ['Merhaba! Size nasıl yardımcı olabilirim?', read(null)],
    ]
    for (const [reply, evidence] of passes) expect(checkClaims(reply, evidence), reply).toEqual({ ok: true })
  })

  it('refuses times, topics, durations and contact details the tools did not return, in Turkish and English', () => {
    const refusals: [string, Evidence][] = [
      ["Saat 11:00'de açılıyoruz.", read('hours')],
      ["Bugün 20.00'ye kadar açığız.", read('hours')],
      ["Akşam 8'e kadar açığız.", read('hours')],
      ['We open at 8 am.', read('hours')],
      ['We close at 9 tonight.', read('hours')],
      // Any clock time fails when get_business_info was not called.
      ['Saat 09:00 gibi uğrayın.', read(null)],
      ['We are open until 6 pm.', read('shipping')],
      ['Kargo ücretsiz!', read(null)],
      ['Şu an açığız.', read(null)],
      ['We offer free shipping on all orders.', read('hours')],
      ['İade ve değişim mümkün.', read('shipping')],
      ['Returns are accepted.', read(null)],
      ['Kredi kartına 6 taksit yapıyoruz.', read('hours')],
      ['You can pay by card or cash on delivery.', read(null)],
      ['Siparişler 1-2 iş günü içinde kargoda.', read('shipping')],
      ['Unopened items can be returned within 30 days.', read('returns')],
      ['Teslimat 5 gün sürer.', read(null, true)],
      ['Bize info@kahve.example adresinden yazın.', read('contact')],
      ['Call us on +90 212 000 00 00.', read('contact')],
      // A phone or street number is no number of days (the phone holds 12, the address 12 too).
      ['Ürünü 12 gün içinde değiştirebilirsiniz.', read('all')],
    ]
    for (const [reply, evidence] of refusals) expect(checkClaims(reply, evidence), reply).toMatchObject({ ok: false })
  })

  it('reads clock times and durations as people write them, not prices or sizes', () => {
    const minutes = (text: string) => clockTimes(text).map((clock) => clock.minutes)
    expect(minutes("18.00'e kadar")).toEqual([[1080]])
    expect(minutes('saat 6')).toEqual([[360, 1080]])
    expect(minutes("akşam 6'da")).toEqual([[1080]])
    expect(minutes("6'da kapanıyoruz")).toEqual([[360, 1080]])
    expect(minutes('12 pm, 12 am, 24:00')).toEqual([[0], [720], [0]])
    expect(minutes('from 9 to 6.')).toEqual([[540, 1260], [360, 1080]])
    for (const notATime of ['₺18.50', '18.50 TL', 'fiyatı 12.50', '2.25 m kumaş', '3 stores at 5 each', '11.03.2025', 'Air Max 90']) {
      expect(clockTimes(notATime), notATime).toEqual([])
    }
    expect(durations('2-4 iş günü, 14 gün içinde, within 30 days, a 2-year warranty, 24 saat').map((d) => d.numbers)).toEqual([[2, 4], [14], [30], [2], [24]])
    expect(durations('5 yıldız, 3 ayakkabı, 250 g, 12 adet')).toEqual([])
  })

  it('is part of checkReply, after the prices', () => {
    expect(checkReply('Türk Kahvesi ₺1.250,00; kargo 2-4 iş günü.', products)).toMatchObject({ ok: false, reason: /shipping/ })
    expect(checkReply('Türk Kahvesi ₺1.250,00; kargo 2-4 iş günü.', products, '', read('shipping'))).toEqual({ ok: true, prices: [1250] })
    // An amount may come from the owner's policy texts, never from the address ("No: 12").
    expect(checkReply('Kargo 500 TL üzeri ücretsiz.', [], '', read('shipping'))).toEqual({ ok: true, prices: [] })
    expect(checkReply('Kargo ücreti 12 TL.', [], '', read('all'))).toMatchObject({ ok: false, reason: 'price 12 is not one the catalogue returned' })
    // A time written with a dot is no price: "18.00" is checked as a time.
    expect(checkReply("Bugün 18.00'e kadar açığız.", [], '', read('hours'))).toEqual({ ok: true, prices: [] })
  })

  it('names a reply by the one business topic it read, else the FAQ, else model', () => {
    expect(replyKind(new Set(['get_business_info:hours']))).toBe('hours')
    expect(replyKind(new Set(['get_business_info:location']))).toBe('location')
    expect(replyKind(new Set(['search_faq']))).toBe('faq')
    expect(replyKind(new Set(['get_business_info:all']))).toBe('model')
    expect(replyKind(new Set(['get_business_info:hours', 'search_faq']))).toBe('model')
    expect(replyKind(new Set(['search_products']))).toBe('model')
    expect(replyKind(new Set())).toBe('model')
  })
})

describe('the reply language', () => {
  it("is the reply's own, else the message's, the page's or the conversation's", async () => {
    server.script([answer('Thanks, have a nice day!')])
    expect((await responder().respond(input('Teşekkürler')))).toMatchObject({ language: 'en' })

    server.script([answer('👍')])
    expect((await responder().respond(input('Thank you so much')))).toMatchObject({ language: 'en' })

    server.script([answer('👍')])
    expect((await responder().respond(input('👍', { language: 'en' })))).toMatchObject({ language: 'en' })

    server.script([answer('👍')])
    const history = [{ role: 'user' as const, content: 'How much is the mug?', productIds: [] }]
    expect((await responder().respond(input('👍', { history })))).toMatchObject({ language: 'en' })

    server.script([answer('👍')])
    expect((await responder().respond(input('👍')))).toMatchObject({ language: 'tr' })
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
