// The model provider booking through chatbot-api, as a website visitor asks:
// ASSISTANT_PROVIDER=openai pointed at the fake model server, which calls the
// booking tools. The tools answer from the owner's calendar in the database,
// a model that books or cancels before the customer said yes to what the
// assistant put to them is told so and nothing changes, and the reply of a
// booking made is kind 'booked' with the appointment in the owner's calendar
// as the assistant's. PGlite and PostgreSQL 15.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localTime } from '../../domain/business.ts'
import { addDays } from '../../domain/calendar.ts'
import { formatReminderDate } from '../../supabase/functions/_shared/reminder.ts'
import { answer, startFakeOpenAI, toolCall, toolResult, type FakeChatBody, type FakeOpenAI, type FakeReply } from '../support/fake-openai.ts'
import { BACKENDS, useTestStack, type Owner } from '../support/stack.ts'

const SETTINGS = ['ASSISTANT_PROVIDER', 'ASSISTANT_API_URL', 'ASSISTANT_MODEL', 'CHATBOT_API_ADDRESS_LIMIT_PER_MINUTE', 'CHATBOT_API_ADDRESS_DAILY_LIMIT']
const ALL_DAY = [['09:00', '18:00']]
const HOURS = { mon: ALL_DAY, tue: ALL_DAY, wed: ALL_DAY, thu: ALL_DAY, fri: ALL_DAY, sat: ALL_DAY, sun: ALL_DAY }

type Slots = { today: string; services: { id: string }[]; slots: { date: string; time: string }[] }
type Reply = { reply?: string; conversationId?: string }

describe.each(BACKENDS)('the model booking through its tools on %s', (backend) => {
  const stack = useTestStack(backend)
  const saved = new Map<string, string | undefined>()
  let model: FakeOpenAI
  let owner: Owner
  // Three days from the owner's today, so the time is free and within the notice whenever the test runs.
  const day = addDays(localTime(new Date(), 'Europe/Istanbul').date, 3)
  const written = formatReminderDate(day, 'tr')

  beforeAll(async () => {
    model = await startFakeOpenAI()
    for (const name of SETTINGS) saved.set(name, process.env[name])
    Object.assign(process.env, {
      ASSISTANT_PROVIDER: 'openai', ASSISTANT_API_URL: model.url, ASSISTANT_MODEL: 'test-model',
      CHATBOT_API_ADDRESS_LIMIT_PER_MINUTE: '100000', CHATBOT_API_ADDRESS_DAILY_LIMIT: '100000',
    })
    owner = await stack.signUpOwner()
    await stack.db.query('update public.chatbot_configs set enabled = true where user_id = $1', [owner.user.id])
    await stack.db.query(`update public.business_profiles set opening_hours = $2, time_zone = 'Europe/Istanbul' where user_id = $1`, [owner.user.id, JSON.stringify(HOURS)])
    await stack.db.query('update public.booking_settings set enabled = true where user_id = $1', [owner.user.id])
  })
  afterAll(async () => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
    await model?.close()
  })

  /** The model of this test: it reads the free times, tries to book at once, and then does what the tools tell it. */
  function bookingModel(body: FakeChatBody): FakeReply {
    const last = body.messages.at(-1)!
    const said = [...body.messages].reverse().find((m) => m.role === 'user')!.content ?? ''
    const slots = toolResult<Slots>(body, 'find_free_slots')
    const booked = toolResult<{ booked?: boolean; error?: string }>(body, 'book_appointment')
    const listed = toolResult<{ appointments: { id: string; time: string }[] }>(body, 'list_my_appointments')
    const cancelled = toolResult<{ cancelled?: boolean; error?: string }>(body, 'cancel_appointment')
    if (said.includes('randevu almak')) {
      if (last.role === 'user') return toolCall('find_free_slots', { date: day, time: '15:00' })
      const free = slots!.slots.find((s) => s.time === '15:00')
      return answer(free ? `${written} saat 15:00 boş. Adınızı ve telefon numaranızı yazar mısınız?` : 'O saat dolu.')
    }
    if (said.includes('Ayşe')) {
      // Too eager: books before the customer confirmed anything.
      if (last.role === 'user') return toolCall('book_appointment', { date: day, time: '15:00', name: 'Ayşe Yılmaz', phone: '0532 111 22 33' })
      return answer(booked?.error ? `Özetliyorum: ${written} saat 15:00, Ayşe Yılmaz. Onaylıyor musunuz?` : 'Randevunuz oluşturuldu.')
    }
    if (said === 'evet' && !body.messages.some((m) => m.role === 'assistant' && (m.content ?? '').includes('iptal'))) {
      if (last.role === 'user') return toolCall('book_appointment', { date: day, time: '15:00', name: 'Ayşe Yılmaz', phone: '0532 111 22 33' })
      return answer(booked?.booked ? `Randevunuz oluşturuldu: ${written} saat 15:00.` : 'Randevu oluşturulamadı.')
    }
    if (said.includes('iptal et')) {
      if (last.role === 'user') return toolCall('list_my_appointments', {})
      const own = listed!.appointments[0]!
      if (!cancelled) return toolCall('cancel_appointment', { appointment_id: own.id })
      return answer(cancelled.error ? `${written} saat ${own.time} randevunuzu iptal edeyim mi?` : 'İptal edildi.')
    }
    if (said === 'evet') {
      if (last.role === 'user') return toolCall('list_my_appointments', {})
      if (!cancelled) return toolCall('cancel_appointment', { appointment_id: listed!.appointments[0]!.id })
      return answer(cancelled.cancelled ? `${written} saat 15:00 randevunuz iptal edildi.` : 'İptal edilemedi.')
    }
    return answer('Size nasıl yardımcı olabilirim?')
  }

  async function ask(message: string, conversationId?: string): Promise<Reply> {
    const res = await fetch(`${stack.url}/functions/v1/chatbot-api`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId: owner.user.id, message, ...(conversationId ? { conversationId } : {}) }),
    })
    expect(res.status).toBe(200)
    return (await res.json()) as Reply
  }

  const appointments = async () =>
    (await stack.db.query<{ status: string; time: string; source: string }>(
      `select status, to_char(appointment_time, 'HH24:MI') as time, source from public.appointments where user_id = $1 and appointment_date = $2`,
      [owner.user.id, day],
    )).rows

  it('offers the free times the tools read, books only after the customer confirmed the summary, and cancels only after a yes', async () => {
    model.script(bookingModel)
    const first = await ask('3 gün sonra saat 15:00 için randevu almak istiyorum')
    expect(first.reply).toBe(`${written} saat 15:00 boş. Adınızı ve telefon numaranızı yazar mısınız?`)
    expect(model.requests[0]!.body.tools!.map((t) => t.function.name)).toEqual(expect.arrayContaining(['find_free_slots', 'book_appointment', 'cancel_appointment', 'list_my_appointments']))

    const second = await ask('Ayşe Yılmaz, 0532 111 22 33', first.conversationId)
    expect(second.reply).toContain('Onaylıyor musunuz?')
    expect(await appointments(), 'nothing is booked before the customer says yes').toEqual([])

    const third = await ask('evet', first.conversationId)
    expect(third.reply).toBe(`Randevunuz oluşturuldu: ${written} saat 15:00.`)
    expect(await appointments()).toEqual([{ status: 'scheduled', time: '15:00', source: 'assistant' }])
    const { rows: [stored] } = await stack.db.query<{ kind: string }>(
      `select kind from public.chatbot_messages where conversation_id = $1 and author = 'assistant' order by created_at desc limit 1`, [first.conversationId])
    expect(stored!.kind).toBe('booked')

    const fourth = await ask('randevumu iptal et', first.conversationId)
    expect(fourth.reply).toBe(`${written} saat 15:00 randevunuzu iptal edeyim mi?`)
    expect((await appointments())[0]!.status, 'nothing is cancelled before the customer says yes').toBe('scheduled')
    const fifth = await ask('evet', first.conversationId)
    expect(fifth.reply).toBe(`${written} saat 15:00 randevunuz iptal edildi.`)
    expect((await appointments())[0]!.status).toBe('cancelled')
  })

  it('sends the built-in answer instead of a reply naming a time the tools did not return', async () => {
    model.script((body) => (body.messages.at(-1)!.role === 'user' ? toolCall('find_free_slots', { date: day }) : answer(`${written} saat 07:15 boş.`)))
    const reply = await ask('yarın randevu almak istiyorum')
    expect(reply.reply).not.toContain('07:15')
  })
})
