// The automatic appointment reminders end to end: the send-reminders
// function as the scheduler calls it (service role key only), two runs racing
// over the same due reminder (one SMS), the text the owner's button sends in
// the language the customer booked in, failures recorded with their code and
// retried with backoff on a fixed clock, and the local stack's own scheduler
// sending a due reminder with nobody calling. PGlite and PostgreSQL 15.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { REMINDER_FAILURES } from '../../domain/functions.ts'
import { composeReminder } from '../../supabase/functions/_shared/reminder.ts'
import { sendDueReminders } from '../../supabase/functions/_shared/reminder-job.ts'
import type { SmsProvider } from '../../supabase/functions/_shared/sms.ts'
import { startStack, type RunningStack } from '../../supabase/local/server.ts'
import { BACKENDS, makeClient, useTestStack, type Owner, type TestStack } from '../support/stack.ts'
import { uniquePhone } from '../support/factories.ts'

type OutboxMessage = { channel: string; to: string; body: string }

/** The owner's wall clock in Istanbul `hours` from now, to the minute: an appointment that is due for a 24-hour reminder. */
function istanbulIn(hours: number): { date: string; time: string } {
  const at = new Date(Date.now() + hours * 3600_000)
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at).map((p) => [p.type, p.value]),
  )
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` }
}

async function dueAppointment(stack: { db: TestStack['db'] }, o: { user: { id: string } }, phone: string, when: { date: string; time: string }, language: 'tr' | 'en' | null = null) {
  const { rows: [customer] } = await stack.db.query<{ id: string }>(
    `insert into public.customers (user_id, name, phone_number) values ($1, 'Zeynep Kaya', $2) returning id`, [o.user.id, phone])
  const { rows: [appointment] } = await stack.db.query<{ id: string }>(
    `insert into public.appointments (user_id, customer_id, appointment_date, appointment_time, duration_minutes)
     values ($1, $2, $3, $4, 60) returning id`, [o.user.id, customer!.id, when.date, when.time])
  if (language) {
    await stack.db.query('insert into public.appointment_reminders (appointment_id, user_id, language) values ($1, $2, $3)', [appointment!.id, o.user.id, language])
  }
  return appointment!.id
}

async function outbox(url: string, to: string): Promise<OutboxMessage[]> {
  return (await (await fetch(`${url}/__local/outbox.json?to=${encodeURIComponent(to)}`)).json()) as OutboxMessage[]
}

describe.each(BACKENDS)('automatic reminders on %s', (backend) => {
  const stack = useTestStack(backend)
  let owner: Owner
  beforeAll(async () => {
    owner = await stack.signUpOwner({ business_name: 'Kapadokya Seramik' })
  })

  const callFunction = (key: string) =>
    fetch(`${stack.url}/functions/v1/send-reminders`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: '{}' })

  it('sends a due reminder once when two scheduled runs race, in the language the customer booked in', async () => {
    const phone = uniquePhone()
    const when = istanbulIn(3)
    const id = await dueAppointment(stack, owner, phone, when, 'en')
    const answers = await Promise.all([callFunction(stack.serviceRoleKey), callFunction(stack.serviceRoleKey)])
    for (const res of answers) expect(res.status).toBe(200)
    const runs = (await Promise.all(answers.map((r) => r.json()))) as Array<{ success: boolean; sent: number }>
    expect(runs.every((r) => r.success)).toBe(true)
    const messages = await outbox(stack.url, phone)
    expect(messages).toHaveLength(1)
    expect(messages[0]!.body).toBe(composeReminder({ customerName: 'Zeynep Kaya', date: when.date, time: when.time, businessName: 'Kapadokya Seramik', language: 'en' }))
    const { rows: [state] } = await stack.db.query<{ sent_at: Date | null }>('select sent_at from public.appointment_reminders where appointment_id = $1', [id])
    expect(state!.sent_at).not.toBeNull()
    // A later run finds nothing more to send for it.
    await callFunction(stack.serviceRoleKey)
    expect(await outbox(stack.url, phone)).toHaveLength(1)
  })

  it('is the scheduler\'s alone: the anon key and an owner\'s token are refused', async () => {
    const phone = uniquePhone()
    await dueAppointment(stack, owner, phone, istanbulIn(2))
    const anon = await callFunction(stack.anonKey)
    expect(anon.status).toBe(401)
    expect(await anon.json()).toMatchObject({ success: false, error: 'unauthorized' })
    const asOwner = await callFunction(owner.session.access_token)
    expect(asOwner.status).toBe(401)
    expect(await outbox(stack.url, phone)).toEqual([])
  })

  it('records why a reminder failed, retries it with backoff, and gives up at once on a number no retry mends', async () => {
    const o = await stack.signUpOwner()
    await stack.db.query('update public.booking_settings set reminder_hours_before = 24 where user_id = $1', [o.user.id])
    const failing = await dueAppointment(stack, o, uniquePhone(), { date: '2026-12-02', time: '13:00' })
    const abroad = await dueAppointment(stack, o, '+12025550143', { date: '2026-12-02', time: '13:00' })
    const sent: string[] = []
    let down = true
    const sms: SmsProvider = {
      name: 'local',
      send: vi.fn(async (to: string) => {
        sent.push(to)
        return down ? { id: crypto.randomUUID(), status: 'failed' as const, error: 'provider down' } : { id: crypto.randomUUID(), status: 'sent' as const }
      }),
    }
    const service = makeClient(stack.url, stack.serviceRoleKey)
    const state = async (id: string) =>
      (await stack.db.query<{ attempts: number; last_error: string | null; sent_at: Date | null; next_attempt_at: Date | null }>(
        'select attempts, last_error, sent_at, next_attempt_at from public.appointment_reminders where appointment_id = $1', [id])).rows[0]!

    await sendDueReminders(service, { now: new Date('2026-12-01T10:30:00Z'), sms })
    expect(await state(failing)).toMatchObject({ attempts: 1, last_error: 'sms_failed', sent_at: null })
    expect(new Date((await state(failing)).next_attempt_at!).toISOString()).toBe('2026-12-01T10:35:00.000Z')
    expect(await state(abroad)).toMatchObject({ attempts: 5, last_error: 'country_not_allowed', next_attempt_at: null })
    expect(REMINDER_FAILURES).toContain('sms_failed')

    await sendDueReminders(service, { now: new Date('2026-12-01T10:34:00Z'), sms })
    expect((await state(failing)).attempts).toBe(1)
    down = false
    await sendDueReminders(service, { now: new Date('2026-12-01T10:35:00Z'), sms })
    expect(await state(failing)).toMatchObject({ attempts: 2, last_error: null })
    expect((await state(failing)).sent_at).not.toBeNull()
    // The number abroad never reached the provider.
    expect(sent).not.toContain('+12025550143')
  })
})

describe('the local stack\'s scheduler', () => {
  let stack: RunningStack
  beforeAll(async () => {
    stack = await startStack({ port: 0, db: { kind: 'memory' }, seed: false, jobs: { intervalMs: 250 } })
  })
  afterAll(async () => {
    await stack?.close()
  })

  it('sends a due reminder with nobody calling', async () => {
    const client = makeClient(stack.url, stack.config.anonKey)
    const { data, error } = await client.auth.signUp({
      email: `zamanlayici.${Date.now()}@ornek.com.tr`, password: 'Guclu-Sifre-2026',
      options: { data: { business_name: 'Ege Zeytinyağı', phone_number: uniquePhone() } },
    })
    if (error || !data.user) throw new Error(`sign-up failed: ${error?.message}`)
    const phone = uniquePhone()
    await dueAppointment(stack, data as { user: { id: string } }, phone, istanbulIn(5))
    await expect.poll(async () => (await outbox(stack.url, phone)).length, { timeout: 15_000 }).toBe(1)
    expect((await outbox(stack.url, phone))[0]!.body).toMatch(/^Sayın Zeynep Kaya, .* randevunuzu hatırlatırız\. Ege Zeytinyağı$/)
  })
})
