// The model provider answering business questions through chatbot-api, as a
// website widget asks them: ASSISTANT_PROVIDER=openai pointed at the fake
// model server (tests/support/fake-openai.ts), whose get_business_info and
// search_faq calls must return what the owner's business_profiles and
// faq_entries rows hold in the database at that message. A reply claiming
// what the tools did not return is replaced by the built-in answer. Runs on
// PGlite and on PostgreSQL 15.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { hoursFacts, type BusinessInfo } from '../../supabase/functions/_shared/assistant/business-info.ts'
import type { OpeningHours } from '../../domain/business.ts'
import { answer, startFakeOpenAI, toolCalls, toolResult, toolResults, type FakeChatBody, type FakeOpenAI, type FakeReply } from '../support/fake-openai.ts'
import { BACKENDS, useTestStack, type Owner } from '../support/stack.ts'

type Reply = { success?: boolean; error?: string | null; reply?: string; conversationId?: string }
type FaqResult = { entries: { question: string; answer: string }[]; note?: string }

const HOURS: OpeningHours = {
  mon: [['08:30', '17:30']],
  tue: [['08:30', '17:30']],
  wed: [['08:30', '12:00'], ['13:00', '17:30']],
  thu: [['08:30', '17:30']],
  fri: [['08:30', '17:30']],
  sat: [['10:00', '13:00']],
}
const TIME_ZONE = 'Europe/Berlin'
const ADDRESS = 'Hauptstraße 5, 10115 Berlin'
const PHONE = '+49 30 1234 5678'
const EMAIL = 'hallo@laden.example'
const SHIPPING = 'Orders leave within 3 business days; shipping is free over 80 EUR.'
const FAQ_QUESTION = 'Kargo ne kadar sürer?'
const FAQ_ANSWER = 'Kargo Türkiye içine 5-7 iş günü sürer.'

// Functions read process.env per request.
const SETTINGS = ['ASSISTANT_PROVIDER', 'ASSISTANT_API_URL', 'ASSISTANT_MODEL', 'CHATBOT_API_ADDRESS_LIMIT_PER_MINUTE', 'CHATBOT_API_ADDRESS_DAILY_LIMIT']

/**
 * A model that reads the business first (get_business_info and search_faq
 * in one turn), then answers with `reply` made from what it read.
 */
function readsThenAnswers(topic: string, reply: (body: FakeChatBody) => string) {
  return (body: FakeChatBody): FakeReply => {
    const asked = body.messages.at(-1)!
    if (asked.role === 'user') {
      return toolCalls([
        { name: 'get_business_info', args: { topic } },
        { name: 'search_faq', args: { query: asked.content } },
      ])
    }
    return answer(reply(body))
  }
}

describe.each(BACKENDS)('the model answering from the business knowledge on %s', (backend) => {
  const stack = useTestStack(backend)
  const saved = new Map<string, string | undefined>()
  let model: FakeOpenAI

  beforeAll(async () => {
    model = await startFakeOpenAI()
    for (const name of SETTINGS) saved.set(name, process.env[name])
    process.env.ASSISTANT_PROVIDER = 'openai'
    process.env.ASSISTANT_API_URL = model.url
    process.env.ASSISTANT_MODEL = 'test-model'
    process.env.CHATBOT_API_ADDRESS_LIMIT_PER_MINUTE = '100000'
    process.env.CHATBOT_API_ADDRESS_DAILY_LIMIT = '100000'
  })
  afterAll(async () => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
    await model?.close()
  })
  afterEach(() => {
    model.requests.length = 0
  })

  async function ask(owner: Owner, message: string): Promise<{ status: number; reply: Reply }> {
    const res = await fetch(`${stack.url}/functions/v1/chatbot-api`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId: owner.user.id, message }),
    })
    return { status: res.status, reply: (await res.json()) as Reply }
  }

  /** An owner whose widget is on; with `knowledge`, a profile and one FAQ entry written. */
  async function widgetOwner(knowledge: boolean): Promise<Owner> {
    const owner = await stack.signUpOwner()
    await stack.db.query('update public.chatbot_configs set enabled = true where user_id = $1', [owner.user.id])
    if (!knowledge) return owner
    await stack.db.query(
      `update public.business_profiles
          set address = $2, contact_phone = $3, contact_email = $4, opening_hours = $5::jsonb, time_zone = $6, shipping_info = $7
        where user_id = $1`,
      [owner.user.id, ADDRESS, PHONE, EMAIL, JSON.stringify(HOURS), TIME_ZONE, SHIPPING],
    )
    await stack.db.query('insert into public.faq_entries (user_id, question, answer) values ($1, $2, $3)', [owner.user.id, FAQ_QUESTION, FAQ_ANSWER])
    return owner
  }

  async function storedAnswer(owner: Owner): Promise<string | undefined> {
    const { rows } = await stack.db.query<{ content: string }>(
      `select content from public.chatbot_messages where user_id = $1 and author = 'assistant' order by created_at desc limit 1`,
      [owner.user.id],
    )
    return rows[0]?.content
  }

  it("returns the owner's profile and FAQ from the database to the model's tool calls, and sends the reply it built from them", async () => {
    const owner = await widgetOwner(true)
    model.script(
      readsThenAnswers('all', (body) => {
        const info = toolResult<BusinessInfo>(body, 'get_business_info')!
        const faq = toolResult<FaqResult>(body, 'search_faq')!
        return `Adresimiz ${info.address}. ${faq.entries[0]!.answer} Bize ${info.phone} numarasından ulaşabilirsiniz.`
      }),
    )
    const before = new Date()
    const { status, reply } = await ask(owner, FAQ_QUESTION)
    const after = new Date()

    expect(status, JSON.stringify(reply)).toBe(200)
    expect(reply.reply).toBe(`Adresimiz ${ADDRESS}. ${FAQ_ANSWER} Bize ${PHONE} numarasından ulaşabilirsiniz.`)
    expect(await storedAnswer(owner)).toBe(reply.reply)

    const last = model.requests.at(-1)!.body
    expect(last.model).toBe('test-model')
    const info = toolResult<BusinessInfo>(last, 'get_business_info')!
    expect(info).toMatchObject({ topic: 'all', address: ADDRESS, phone: PHONE, email: EMAIL, shipping: SHIPPING })
    expect(info.not_written_by_owner).toEqual(['maps_url', 'returns', 'payment', 'ordering'])
    // Worked out on the owner's clock at the message: whichever side of a minute it fell on.
    expect([hoursFacts(HOURS, TIME_ZONE, before), hoursFacts(HOURS, TIME_ZONE, after)]).toContainEqual(info.hours)
    expect(info.hours!.weekly).toMatchObject({ wednesday: ['08:30-12:00', '13:00-17:30'], sunday: 'closed' })
    expect(toolResult<FaqResult>(last, 'search_faq')).toEqual({ entries: [{ question: FAQ_QUESTION, answer: FAQ_ANSWER }] })
  })

  it('reads the profile afresh for every message: an edit applies to the next one', async () => {
    const owner = await widgetOwner(true)
    model.script(readsThenAnswers('shipping', (body) => toolResult<BusinessInfo>(body, 'get_business_info')!.shipping ?? 'Bilmiyorum.'))
    expect((await ask(owner, 'How long does shipping take?')).reply.reply).toBe(SHIPPING)

    const edited = 'Orders leave the same day.'
    await stack.db.query('update public.business_profiles set shipping_info = $2 where user_id = $1', [owner.user.id, edited])
    expect((await ask(owner, 'How long does shipping take?')).reply.reply).toBe(edited)
  })

  it("tells the model what an owner without a profile or FAQ has not written", async () => {
    const owner = await widgetOwner(false)
    const honest = 'Bu konuda bilgim yok, üzgünüm.'
    model.script(readsThenAnswers('returns', () => honest))
    const { status, reply } = await ask(owner, 'İade edebilir miyim?')
    expect(status).toBe(200)
    expect(reply.reply).toBe(honest)
    const results = toolResults(model.requests.at(-1)!.body)
    expect(results.map((r) => r.result)).toEqual([
      { topic: 'returns', not_written_by_owner: ['returns'], note: expect.stringMatching(/no phone or e-mail either/) },
      { entries: [], note: 'The owner has written no FAQ.' },
    ])
  })

  it('sends the built-in answer instead of a reply claiming hours or a delivery time the tools did not return', async () => {
    const owner = await widgetOwner(true)
    for (const invented of ["Bugün 07:00'de açılıyoruz.", 'Kargo 1 iş gününde elinizde!']) {
      model.script(readsThenAnswers('all', () => invented))
      const { status, reply } = await ask(owner, 'Ne zaman açıksınız, kargo ne kadar sürer?')
      expect(status, JSON.stringify(reply)).toBe(200)
      expect(reply.reply).toBeTruthy()
      expect(reply.reply).not.toBe(invented)
      expect(await storedAnswer(owner)).toBe(reply.reply)
    }
  })
})
