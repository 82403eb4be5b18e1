// The built-in booking conversation through answer(), as chatbot-api calls
// it, on a fixed clock: where it stands is stored with each reply
// (chatbot_messages.booking) and read back next turn; a time taken by someone
// else between the summary and the customer's yes gets new offers instead of
// an error, and nothing is booked until a time is confirmed; the owner's
// preview carries the conversation in its own turns and books nothing.
// PGlite and PostgreSQL 15.
import { beforeAll, describe, expect, it } from 'vitest'
import { builtinResponder } from '../../supabase/functions/_shared/assistant/builtin.ts'
import { answer } from '../../supabase/functions/_shared/assistant/index.ts'
import type { Turn } from '../../supabase/functions/_shared/assistant/types.ts'
import { BACKENDS, useTestStack, type Owner } from '../support/stack.ts'

// Tuesday 1 December 2026, 10:00 in Istanbul.
const NOW = new Date('2026-12-01T07:00:00Z')
const DAY = [['09:00', '18:00']]
const HOURS = { mon: DAY, tue: DAY, wed: DAY, thu: DAY, fri: DAY, sat: DAY }

describe.each(BACKENDS)('the booking conversation on %s', (backend) => {
  const stack = useTestStack(backend)
  let owner: Owner
  beforeAll(async () => {
    owner = await stack.signUpOwner()
    await stack.db.query(`update public.business_profiles set opening_hours = $2, time_zone = 'Europe/Istanbul' where user_id = $1`, [owner.user.id, JSON.stringify(HOURS)])
    await stack.db.query('update public.booking_settings set enabled = true where user_id = $1', [owner.user.id])
  })

  const say = (message: string, conversationId?: string, extra: Partial<Parameters<typeof answer>[0]> = {}) =>
    answer({
      client: stack.service(), ownerId: owner.user.id, channel: 'widget', message, language: 'tr', now: NOW,
      responder: builtinResponder, provider: 'builtin', conversation: conversationId ? { id: conversationId } : null, ...extra,
    })
  const booked = async () =>
    (await stack.db.query<{ time: string }>(
      `select to_char(appointment_time, 'HH24:MI') as time from public.appointments where user_id = $1 and source = 'assistant' and status <> 'cancelled' order by 1`,
      [owner.user.id])).rows.map((r) => r.time)

  it('keeps its place with each reply, and offers new times when the confirmed one was taken meanwhile', async () => {
    const first = await say('Yarın saat 15:00 için randevu alabilir miyim?')
    const id = first.conversationId
    expect(first.reply).toMatch(/adınızı/i)
    const { rows: [stored] } = await stack.db.query<{ booking: string }>(
      `select booking::text as booking from public.chatbot_messages where conversation_id = $1 and author = 'assistant'`, [id])
    expect(JSON.parse(stored!.booking)).toMatchObject({ step: 'name', date: '2026-12-02', time: '15:00' })
    await say('Ayşe Yılmaz', id)
    expect((await say('0532 111 22 33', id)).reply).toMatch(/Onaylıyor musunuz/)

    // Someone else takes 15:00 before the customer says yes.
    await stack.db.query(`insert into public.appointments (user_id, appointment_date, appointment_time, duration_minutes) values ($1, '2026-12-02', '15:00', 60)`, [owner.user.id])
    const refused = await say('evet', id)
    expect(refused.reply).toContain('2 Aralık 2026 Çarşamba saat 15:00 maalesef dolu.')
    expect(refused.reply).toMatch(/1\) \d\d:\d\d/)
    expect(refused.kind).toBe('booking')
    expect(await booked()).toEqual([])

    const picked = await say('1', id)
    expect(picked.reply).toMatch(/Onaylıyor musunuz/)
    const time = /Saat: (\d\d:\d\d)/.exec(picked.reply!)![1]!
    const done = await say('evet', id)
    expect(done.kind).toBe('booked')
    expect(await booked()).toEqual([time])
  })

  it('greets and introduces itself with the appointments it can book, products only when it lists some, and no appointments once booking is off', async () => {
    // No products yet: what a salon is asked about.
    const salon = await say('merhaba')
    expect(salon.reply).toContain('randevunuzu da oluşturabilirim')
    expect(salon.reply).not.toContain('ürün')
    expect((await say('hi', undefined, { language: 'en' })).reply).toContain('book you an appointment')
    expect((await say('bot musun')).reply).toContain('Randevu da oluşturabilirim.')
    await stack.db.query(`insert into public.products (user_id, name, price) values ($1, 'Saç Kremi', 250)`, [owner.user.id])
    await stack.db.query('update public.booking_settings set enabled = false where user_id = $1', [owner.user.id])
    try {
      const shop = await say('merhaba')
      expect(shop.reply).toContain('ürünleri, fiyatları')
      expect(shop.reply).not.toContain('randevu')
      expect((await say('bot musun')).reply).not.toContain('Randevu')
      expect((await say('fiyatlara kdv dahil mi')).reply).toMatch(/kargo ve iadeyi sorabilirsiniz\.$/)
      await stack.db.query('update public.booking_settings set enabled = true where user_id = $1', [owner.user.id])
      expect((await say('merhaba')).reply).toContain('ürünleri, fiyatları ve stok durumu, çalışma saatleri, kargo ve iade hakkında yardımcı olabilir, randevunuzu oluşturabilirim')
      // What it cannot answer ends with what can be asked, the appointments it books among them.
      expect((await say('fiyatlara kdv dahil mi')).reply).toMatch(/kargo ve iadeyi sorabilir, randevu alabilirsiniz\.$/)
      expect((await say('is the price including vat', undefined, { language: 'en' })).reply).toMatch(/shipping and returns, or book an appointment\.$/)
    } finally {
      await stack.db.query('update public.booking_settings set enabled = true where user_id = $1', [owner.user.id])
      await stack.db.query(`delete from public.products where user_id = $1`, [owner.user.id])
    }
  })

  it('books nothing in the owner\'s preview, which carries the booking in the turns it sends back', async () => {
    const history: Turn[] = []
    const preview = async (message: string) => {
      const result = await say(message, undefined, { preview: true, history: [...history] })
      history.push({ role: 'user', content: message, productIds: [] }, { role: 'assistant', content: result.reply!, productIds: [], booking: result.booking })
      return result
    }
    const before = await booked()
    await preview('Perşembe saat 10:00 randevu istiyorum')
    await preview('Deniz Arslan')
    await preview('0533 444 55 66')
    const done = await preview('evet')
    expect(done.reply).toContain('Önizleme: randevu kaydedilmedi.')
    expect(await booked()).toEqual(before)
  })
})
