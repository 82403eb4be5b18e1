// The functions as the app uses them, over a whole stack: supabase-js
// `functions.invoke` with the anon key, the gateway's JWT check, phone
// verification end to end (code SMS in the outbox, wrong and right codes,
// limits), appointment reminders (send-sms) and the outbox itself. Runs on
// PGlite and on PostgreSQL 15.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OutboxMessage } from './outbox.ts'
import { startFunctionsStack, type Backend, type FunctionsStack } from './test-stack.ts'
import { withBrokenSignature } from '../../../tests/support/jwt.ts'

let seq = 0
const base = Math.floor(Math.random() * 400_000_000)
const uniquePhone = () => `+905${String(base + ++seq).padStart(9, '0')}`
const uniqueEmail = () => `isletme.${base}.${++seq}@ornek.com.tr`

type FnReply = { success: boolean; error: string | null; retry_after?: number; attempts_left?: number }

export function defineFunctionsSuite(backend: Backend) {
  describe(`edge functions on ${backend === 'pglite' ? 'PGlite' : 'PostgreSQL 15'}`, () => {
    let s: FunctionsStack

    beforeAll(async () => {
      s = await startFunctionsStack(backend)
    })
    afterAll(async () => {
      await s?.close()
    })
    beforeEach(() => {
      // The whole suite texts from this machine's address; its limit has its own test (tests/integration/phone-security.test.ts).
      vi.stubEnv('PHONE_VERIFICATION_ADDRESS_HOURLY_LIMIT', '100000')
    })
    afterEach(() => {
      vi.unstubAllEnvs()
    })

    async function signUpOwner(phone = uniquePhone()) {
      const client = s.client()
      const { data, error } = await client.auth.signUp({
        email: uniqueEmail(),
        password: 'Guclu-Sifre-2026',
        options: { data: { business_name: 'Anadolu Kahve Evi', phone_number: phone } },
      })
      if (error || !data.user) throw new Error(`sign-up failed: ${error?.message}`)
      return { client, user: data.user, phone }
    }

    /** Reminders are for owners past the verification screen. */
    async function signUpVerifiedOwner() {
      const owner = await signUpOwner()
      await s.stack.db.query('update public.users set phone_verified = true where id = $1', [owner.user.id])
      return owner
    }

    /** As the verification screen calls it: the anon key, no session. */
    async function invoke(name: string, body: Record<string, unknown>): Promise<{ status: number; reply: FnReply }> {
      const { data, error } = await s.client().functions.invoke(name, { body })
      if (!error) return { status: 200, reply: data as FnReply }
      expect(error).toBeInstanceOf(FunctionsHttpError)
      const res = (error as FunctionsHttpError).context as Response
      return { status: res.status, reply: (await res.json()) as FnReply }
    }

    async function outbox(to?: string): Promise<OutboxMessage[]> {
      const res = await fetch(`${s.url}/__local/outbox.json${to ? `?to=${encodeURIComponent(to)}` : ''}`)
      expect(res.status).toBe(200)
      return (await res.json()) as OutboxMessage[]
    }

    async function sentCode(phone: string): Promise<string> {
      const [latest] = await outbox(phone)
      const m = /^Doğrulama kodunuz: (\d{6})$/.exec(latest?.body ?? '')
      if (!m) throw new Error(`no verification code in the outbox for ${phone}: ${JSON.stringify(latest)}`)
      return m[1]!
    }

    async function phoneVerified(userId: string): Promise<boolean> {
      const r = await s.stack.db.query<{ phone_verified: boolean }>('select phone_verified from public.users where id = $1', [userId])
      return r.rows[0]!.phone_verified
    }

    it('serves the health function without a token, and refuses a protected one without a JWT', async () => {
      const health = await fetch(`${s.url}/functions/v1/health`)
      expect(health.status).toBe(200)
      expect(await health.json()).toEqual({ ok: true })

      const bare = await fetch(`${s.url}/functions/v1/send-verification`, { method: 'POST', body: '{}' })
      expect(bare.status).toBe(401)
      expect(await bare.json()).toEqual({ code: 'UNAUTHORIZED_NO_AUTH_HEADER', message: 'Missing authorization header' })

      const forged = await fetch(`${s.url}/functions/v1/verify-phone`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${withBrokenSignature(s.stack.config.anonKey)}` },
      })
      expect(forged.status).toBe(401)
      expect(await forged.json()).toEqual({ code: 'UNAUTHORIZED_LEGACY_JWT', message: 'Invalid JWT' })

      const missing = await s.client().functions.invoke('no-such-function')
      expect(missing.error).toBeInstanceOf(FunctionsHttpError)
      expect((missing.error as FunctionsHttpError).context.status).toBe(404)
    })

    it('answers a browser preflight with the headers supabase-js sends', async () => {
      const res = await fetch(`${s.url}/functions/v1/send-verification`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://127.0.0.1:5173',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization,apikey,content-type,x-client-info',
        },
      })
      expect(res.status).toBe(204)
      const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase()
      for (const h of ['authorization', 'apikey', 'content-type', 'x-client-info']) expect(allowed).toContain(h)
      // As hosted Supabase: any origin, never with credentials (the API authenticates by header, not cookie).
      expect(res.headers.get('access-control-allow-origin')).toBe('*')
      expect(res.headers.get('access-control-allow-credentials')).toBeNull()
    })

    it('texts a code to a registered number and stores only its hash', async () => {
      const { phone } = await signUpOwner()
      const { status, reply } = await invoke('send-verification', { phoneNumber: phone })
      expect(status).toBe(200)
      expect(reply).toMatchObject({ success: true, error: null })

      const [msg] = await outbox(phone)
      expect(msg).toEqual({ channel: 'sms', to: phone, body: expect.stringMatching(/^Doğrulama kodunuz: \d{6}$/), created_at: expect.any(String) })
      const code = await sentCode(phone)
      const rows = await s.stack.db.query<{ code_hash: string; ttl: number; attempts: number }>(
        `select code_hash, extract(epoch from expires_at - created_at)::int as ttl, attempts
           from public.phone_verifications where phone_number = $1`,
        [phone],
      )
      expect(rows.rows).toHaveLength(1)
      expect(rows.rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/)
      expect(rows.rows[0]!.code_hash).not.toContain(code)
      expect(Math.abs(rows.rows[0]!.ttl - 600)).toBeLessThanOrEqual(2)
      expect(rows.rows[0]!.attempts).toBe(0)
    })

    it('lists the outbox newest first', async () => {
      const first = await signUpOwner()
      const second = await signUpOwner()
      expect((await invoke('send-verification', { phoneNumber: first.phone })).status).toBe(200)
      await new Promise((r) => setTimeout(r, 5))
      expect((await invoke('send-verification', { phoneNumber: second.phone })).status).toBe(200)
      const all = await outbox()
      const i1 = all.findIndex((m) => m.to === first.phone)
      const i2 = all.findIndex((m) => m.to === second.phone)
      expect(i2).toBeGreaterThanOrEqual(0)
      expect(i2).toBeLessThan(i1)
      expect(all[0]!.to).toBe(second.phone)
      const times = all.map((m) => Date.parse(m.created_at))
      expect([...times].sort((a, b) => b - a)).toEqual(times)
    })

    it('refuses a malformed or unregistered number with a readable error body', async () => {
      for (const phoneNumber of ['05321234567', '+90532123456', '+905321234567 ', 12]) {
        const r = await invoke('send-verification', { phoneNumber: phoneNumber === '+905321234567 ' ? '+90 532 123 45 67' : phoneNumber })
        expect(r, String(phoneNumber)).toEqual({ status: 400, reply: { success: false, error: 'invalid_phone' } })
      }
      expect(await invoke('send-verification', { phoneNumber: uniquePhone() })).toEqual({
        status: 400,
        reply: { success: false, error: 'phone_not_registered' },
      })
    })

    it('limits a number to one code a minute and five an hour', async () => {
      const { phone } = await signUpOwner()
      expect((await invoke('send-verification', { phoneNumber: phone })).status).toBe(200)
      const again = await invoke('send-verification', { phoneNumber: phone })
      expect(again.status).toBe(429)
      expect(again.reply).toMatchObject({ success: false, error: 'rate_limited' })
      expect(again.reply.retry_after).toBeGreaterThanOrEqual(1)
      expect(again.reply.retry_after).toBeLessThanOrEqual(60)
      expect(await outbox(phone)).toHaveLength(1)

      // Five codes in the last hour, the newest two minutes ago: the sixth waits for the oldest to age out.
      const key = `verification:number:${phone}`
      await s.stack.db.query(`delete from public.rate_limit_hits where rate_key = $1`, [key])
      await s.stack.db.query(
        `insert into public.rate_limit_hits (rate_key, window_seconds, at, expires_at)
         select $1, 3600, at, at + interval '1 hour'
           from (select now() - (interval '50 minutes' - g * interval '12 minutes') as at from generate_series(0, 4) g) t`,
        [key],
      )
      const hourly = await invoke('send-verification', { phoneNumber: phone })
      expect(hourly.status).toBe(429)
      expect(hourly.reply.error).toBe('rate_limited')
      expect(hourly.reply.retry_after).toBeGreaterThan(9 * 60)
      expect(hourly.reply.retry_after).toBeLessThanOrEqual(10 * 60)
      expect(await outbox(phone)).toHaveLength(1)
    })

    it('lets only one of two simultaneous requests for a number through', async () => {
      const { phone } = await signUpOwner()
      const results = await Promise.all([1, 2, 3].map(() => invoke('send-verification', { phoneNumber: phone })))
      expect(results.map((r) => r.status).sort()).toEqual([200, 429, 429])
      expect(await outbox(phone)).toHaveLength(1)
    })

    it('verifies the phone with the right code only, and never by a user id in the body', async () => {
      const owner = await signUpOwner()
      const bystander = await signUpOwner()
      expect((await invoke('send-verification', { phoneNumber: owner.phone })).status).toBe(200)
      const code = await sentCode(owner.phone)
      const wrong = code === '000000' ? '000001' : '000000'

      const bad = await invoke('verify-phone', { phoneNumber: owner.phone, code: wrong })
      expect(bad).toEqual({ status: 400, reply: { success: false, error: 'invalid_code', attempts_left: 4 } })
      expect(await phoneVerified(owner.user.id)).toBe(false)

      expect(await invoke('verify-phone', { phoneNumber: owner.phone, code: '12345' })).toEqual({
        status: 400,
        reply: { success: false, error: 'invalid_code' },
      })
      expect(await invoke('verify-phone', { phoneNumber: bystander.phone, code })).toEqual({
        status: 400,
        reply: { success: false, error: 'code_not_found' },
      })

      const ok = await invoke('verify-phone', { phoneNumber: owner.phone, code, userId: bystander.user.id, user_id: bystander.user.id })
      expect(ok).toEqual({ status: 200, reply: { success: true, error: null } })
      expect(await phoneVerified(owner.user.id)).toBe(true)
      expect(await phoneVerified(bystander.user.id)).toBe(false)

      // The profile the app reads shows it, and the code cannot be used twice.
      const { data: profile } = await owner.client.from('users').select('phone_verified').eq('id', owner.user.id).single()
      expect(profile).toEqual({ phone_verified: true })
      expect((await invoke('verify-phone', { phoneNumber: owner.phone, code })).reply.error).toBe('already_verified')
      expect((await invoke('send-verification', { phoneNumber: owner.phone })).reply.error).toBe('already_verified')
    })

    it('stops after five wrong codes and refuses an expired one', async () => {
      const a = await signUpOwner()
      expect((await invoke('send-verification', { phoneNumber: a.phone })).status).toBe(200)
      const code = await sentCode(a.phone)
      const wrong = code === '999999' ? '999998' : '999999'
      const left: (number | undefined)[] = []
      for (let i = 0; i < 5; i++) left.push((await invoke('verify-phone', { phoneNumber: a.phone, code: wrong })).reply.attempts_left)
      expect(left).toEqual([4, 3, 2, 1, 0])
      expect(await invoke('verify-phone', { phoneNumber: a.phone, code })).toEqual({
        status: 400,
        reply: { success: false, error: 'too_many_attempts' },
      })
      expect(await phoneVerified(a.user.id)).toBe(false)

      const b = await signUpOwner()
      expect((await invoke('send-verification', { phoneNumber: b.phone })).status).toBe(200)
      await s.stack.db.query(`update public.phone_verifications set expires_at = now() - interval '1 second' where phone_number = $1`, [b.phone])
      expect((await invoke('verify-phone', { phoneNumber: b.phone, code: await sentCode(b.phone) })).reply.error).toBe('code_expired')
      expect(await phoneVerified(b.user.id)).toBe(false)
    })

    it('keeps codes away from clients: no owner row in the message log, no access to verifications', async () => {
      const owner = await signUpOwner()
      expect((await invoke('send-verification', { phoneNumber: owner.phone })).status).toBe(200)
      const { data: log, error } = await owner.client.from('outgoing_messages').select('body')
      expect(error).toBeNull()
      expect(log).toEqual([])
      const asOwner = await owner.client.from('phone_verifications').select('*')
      expect(asOwner.error?.code).toBe('42501')
      const asAnon = await s.client().from('phone_verifications').select('*')
      expect(asAnon.error?.code).toBe('42501')
    })

    it('reports a failing SMS provider, logs the message without the code and allows a retry', async () => {
      const { phone, code } = await withFakeNetgsm(
        (n) => (n === 1 ? { status: 406, body: { code: '30', description: 'Geçersiz kullanıcı' } } : { status: 200, body: { code: '00', jobid: 'job-77' } }),
        async (received) => {
          const { phone } = await signUpOwner()
          expect(await invoke('send-verification', { phoneNumber: phone })).toEqual({ status: 502, reply: { success: false, error: 'sms_failed' } })
          const [failed] = await outbox(phone)
          expect(failed!.body).toBe('Doğrulama kodunuz: ******')

          // The failed attempt does not count against the number.
          expect((await invoke('send-verification', { phoneNumber: phone })).status).toBe(200)
          expect(received).toHaveLength(2)
          const sent = JSON.parse(received[1]!) as { messages: { msg: string; no: string }[] }
          expect(sent.messages[0]!.no).toBe(phone.slice(1))
          const log = await s.stack.db.query<{ status: string; provider: string; provider_message_id: string; body: string }>(
            `select status, provider, provider_message_id, body from public.outgoing_messages where recipient = $1 order by created_at`,
            [phone],
          )
          expect(log.rows).toEqual([
            expect.objectContaining({ status: 'failed', provider: 'netgsm' }),
            { status: 'sent', provider: 'netgsm', provider_message_id: 'job-77', body: 'Doğrulama kodunuz: ******' },
          ])
          return { phone, code: /(\d{6})$/.exec(sent.messages[0]!.msg)![1]! }
        },
      )
      expect(await invoke('verify-phone', { phoneNumber: phone, code })).toEqual({ status: 200, reply: { success: true, error: null } })
    })

    // send-sms ---------------------------------------------------------------

    type SmsReply = { success: boolean; error: string | null; message_id: string | null }

    async function sendSms(client: SupabaseClient, body: Record<string, unknown>): Promise<{ status: number; reply: SmsReply }> {
      const { data, error } = await client.functions.invoke('send-sms', { body })
      if (!error) return { status: 200, reply: data as SmsReply }
      expect(error).toBeInstanceOf(FunctionsHttpError)
      const res = (error as FunctionsHttpError).context as Response
      return { status: res.status, reply: (await res.json()) as SmsReply }
    }

    /** A customer of the owner and an appointment with them (scheduled unless told otherwise). */
    async function bookAppointment(
      owner: { client: SupabaseClient },
      appointment: Record<string, unknown> = {},
      customer: Record<string, unknown> = {},
    ) {
      const { data: c, error: ce } = await owner.client
        .from('customers')
        .insert({ name: 'Ayşe Yılmaz', phone_number: uniquePhone(), ...customer })
        .select()
        .single()
      expect(ce).toBeNull()
      const { data: a, error: ae } = await owner.client
        .from('appointments')
        .insert({ customer_id: c.id, appointment_date: '2026-12-01', appointment_time: '10:30', duration_minutes: 60, ...appointment })
        .select()
        .single()
      expect(ae).toBeNull()
      return { customer: c as { id: string; phone_number: string }, appointment: a as { id: string } }
    }

    it('texts the reminder of a scheduled appointment to its own customer, in words the server composes', async () => {
      const owner = await signUpVerifiedOwner()
      const stranger = await signUpVerifiedOwner()
      const { customer, appointment } = await bookAppointment(owner)
      const elsewhere = uniquePhone()

      // The client's number and text are not used: the customer's stored number gets the composed reminder.
      const tr = await sendSms(owner.client, {
        appointment_id: appointment.id,
        phone_number: elsewhere,
        message: 'Kampanya! Hemen tıklayın',
        user_id: stranger.user.id,
      })
      expect(tr).toEqual({ status: 200, reply: { success: true, error: null, message_id: expect.any(String) } })
      const trText = 'Sayın Ayşe Yılmaz, 1 Aralık 2026 Salı saat 10:30 randevunuzu hatırlatırız. Anadolu Kahve Evi'
      expect(await outbox(customer.phone_number)).toEqual([expect.objectContaining({ channel: 'sms', to: customer.phone_number, body: trText })])
      expect(await outbox(elsewhere)).toEqual([])

      const en = await sendSms(owner.client, { appointment_id: appointment.id, language: 'en' })
      expect(en.status).toBe(200)
      const enText = 'Dear Ayşe Yılmaz, this is a reminder of your appointment on Tuesday, December 1, 2026 at 10:30. Anadolu Kahve Evi'
      expect((await outbox(customer.phone_number))[0]!.body).toBe(enText)

      // Without a business name the reminder is not signed.
      await s.stack.db.query('update public.users set business_name = null where id = $1', [owner.user.id])
      expect((await sendSms(owner.client, { appointment_id: appointment.id, language: 'tr' })).status).toBe(200)
      expect((await outbox(customer.phone_number))[0]!.body).toBe('Sayın Ayşe Yılmaz, 1 Aralık 2026 Salı saat 10:30 randevunuzu hatırlatırız.')

      // The owner's message history shows each one with its appointment; the stranger's shows nothing.
      const mine = await owner.client.from('outgoing_messages').select('id, recipient, appointment_id, provider, status, channel')
      expect(mine.data).toHaveLength(3)
      expect(mine.data!.map((m) => m.id)).toContain(tr.reply.message_id)
      for (const m of mine.data!) {
        expect(m).toMatchObject({ recipient: customer.phone_number, appointment_id: appointment.id, provider: 'local', status: 'sent', channel: 'sms' })
      }
      expect((await stranger.client.from('outgoing_messages').select('id')).data).toEqual([])
    })

    it("refuses the anon key, another owner's appointment, a deleted one and malformed requests", async () => {
      const owner = await signUpVerifiedOwner()
      const stranger = await signUpVerifiedOwner()
      const { customer, appointment } = await bookAppointment(owner)

      expect(await sendSms(s.client(), { appointment_id: appointment.id })).toEqual({
        status: 401,
        reply: { success: false, error: 'unauthorized', message_id: null },
      })
      expect(await sendSms(stranger.client, { appointment_id: appointment.id, phone_number: customer.phone_number })).toEqual({
        status: 404,
        reply: { success: false, error: 'appointment_not_found', message_id: null },
      })
      expect((await sendSms(owner.client, { appointment_id: '00000000-0000-4000-8000-000000000000' })).reply.error).toBe('appointment_not_found')
      expect((await sendSms(owner.client, { appointment_id: 'not-a-uuid' })).reply.error).toBe('appointment_not_found')
      // An open relay's request: a number and a text, no appointment.
      expect(await sendSms(owner.client, { phone_number: customer.phone_number, message: 'Merhaba' })).toEqual({
        status: 400,
        reply: { success: false, error: 'invalid_request', message_id: null },
      })
      expect((await sendSms(owner.client, { appointment_id: appointment.id, language: 'de' })).reply.error).toBe('invalid_request')

      const { error } = await owner.client.from('appointments').update({ _deleted: true }).eq('id', appointment.id)
      expect(error).toBeNull()
      expect((await sendSms(owner.client, { appointment_id: appointment.id })).reply.error).toBe('appointment_not_found')

      expect(await outbox(customer.phone_number)).toEqual([])
    })

    it('refuses an appointment without a customer phone or not scheduled', async () => {
      const owner = await signUpVerifiedOwner()
      const sms = (id: string) => sendSms(owner.client, { appointment_id: id })

      const { data: alone } = await owner.client
        .from('appointments')
        .insert({ appointment_date: '2026-12-02', appointment_time: '11:00', duration_minutes: 30 })
        .select()
        .single()
      expect(await sms(alone.id)).toEqual({ status: 409, reply: { success: false, error: 'no_phone', message_id: null } })

      const removed = await bookAppointment(owner)
      await owner.client.from('customers').update({ _deleted: true }).eq('id', removed.customer.id)
      expect((await sms(removed.appointment.id)).reply.error).toBe('no_phone')

      for (const status of ['confirmed', 'completed', 'cancelled', 'no_show']) {
        const booked = await bookAppointment(owner, { status })
        expect(await sms(booked.appointment.id)).toEqual({ status: 409, reply: { success: false, error: 'not_scheduled', message_id: null } })
        expect(await outbox(booked.customer.phone_number)).toEqual([])
      }
      expect(await outbox(removed.customer.phone_number)).toEqual([])
    })

    it('allows each owner 30 reminders an hour and 200 a day; failed sends do not count', async () => {
      const busy = await signUpVerifiedOwner()
      const other = await signUpVerifiedOwner()
      const { appointment } = await bookAppointment(busy)
      await logSms(busy, 29, 'sent', '10 minutes')
      await logSms(busy, 5, 'failed', '5 minutes')
      await logSms(busy, 3, 'sent', '2 hours')
      expect((await sendSms(busy.client, { appointment_id: appointment.id })).status).toBe(200)
      expect(await sendSms(busy.client, { appointment_id: appointment.id })).toEqual({
        status: 429,
        reply: { success: false, error: 'rate_limited', message_id: null, retry_after: expect.any(Number) },
      })

      // Another owner's allowance is untouched, until its day is used up.
      const booked = await bookAppointment(other)
      expect((await sendSms(other.client, { appointment_id: booked.appointment.id })).status).toBe(200)
      await logSms(other, 199, 'sent', '3 hours')
      expect((await sendSms(other.client, { appointment_id: booked.appointment.id })).reply.error).toBe('rate_limited')
    })

    /**
     * Seeds the owner's message log as if earlier reminders had gone out, and
     * the owner's allowance as send-sms took it (a failed one was given back).
     */
    const logSms = async (owner: { user: { id: string } }, count: number, status: string, age: string) => {
      await s.stack.db.query(
        `insert into public.outgoing_messages (user_id, channel, recipient, body, provider, status, created_at)
         select $1, 'sms', '+905550000000', 'önceki', 'local', $2, now() - $3::interval from generate_series(1, $4)`,
        [owner.user.id, status, age, count],
      )
      if (status === 'failed') return
      await s.stack.db.query(
        `insert into public.rate_limit_hits (rate_key, window_seconds, at, expires_at)
         select $1, w, now() - $2::interval, now() - $2::interval + make_interval(secs => w)
           from generate_series(1, $3), unnest(array[3600, 86400]) w`,
        [`sms:owner:${owner.user.id}`, age, count],
      )
    }

    /** Points SMS_PROVIDER at a fake Netgsm answering each request with `reply(n)` (n from 1). */
    async function withFakeNetgsm<T>(reply: (n: number) => { status: number; body: unknown }, fn: (received: string[]) => Promise<T>) {
      const received: string[] = []
      const fake = http.createServer((req, res) => {
        let body = ''
        req.on('data', (c) => (body += c))
        req.on('end', () => {
          received.push(body)
          const answer = reply(received.length)
          res.writeHead(answer.status, { 'Content-Type': 'application/json' })
          res.end(JSON.stringify(answer.body))
        })
      })
      await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r))
      try {
        vi.stubEnv('SMS_PROVIDER', 'netgsm')
        vi.stubEnv('NETGSM_API_URL', `http://127.0.0.1:${(fake.address() as AddressInfo).port}/sms/rest/v2/send`)
        vi.stubEnv('NETGSM_USERCODE', '8501234567')
        vi.stubEnv('NETGSM_PASSWORD', 'secret')
        vi.stubEnv('NETGSM_MSGHEADER', 'MESAJASIST')
        return await fn(received)
      } finally {
        vi.unstubAllEnvs()
        await new Promise((r) => fake.close(r))
      }
    }

    const smsRows = (userId: string) =>
      s.stack.db
        .query<{ id: string; status: string; provider: string; provider_message_id: string | null; error: string | null }>(
          `select id, status, provider, provider_message_id, error from public.outgoing_messages
            where user_id = $1 and body <> 'önceki' order by created_at, id`,
          [userId],
        )
        .then((r) => r.rows)

    it('lets only one of simultaneous reminders through when one is left of the hour', async () => {
      const owner = await signUpVerifiedOwner()
      const { customer, appointment } = await bookAppointment(owner)
      await logSms(owner, 29, 'sent', '10 minutes')

      const results = await Promise.all([1, 2, 3, 4, 5].map(() => sendSms(owner.client, { appointment_id: appointment.id })))
      expect(results.map((r) => r.status).sort()).toEqual([200, 429, 429, 429, 429])
      for (const r of results.filter((x) => x.status === 429)) {
        expect(r.reply).toEqual({ success: false, error: 'rate_limited', message_id: null, retry_after: expect.any(Number) })
      }
      expect(await outbox(customer.phone_number)).toHaveLength(1)
      expect(await smsRows(owner.user.id)).toEqual([expect.objectContaining({ id: results.find((r) => r.status === 200)!.reply.message_id, status: 'sent' })])
    })

    it('reports a failing SMS provider with sms_failed and keeps the attempt as a failed row that does not count', async () => {
      const owner = await signUpVerifiedOwner()
      const { appointment } = await bookAppointment(owner)
      await logSms(owner, 29, 'sent', '10 minutes')
      await withFakeNetgsm(
        (n) => (n === 1 ? { status: 406, body: { code: '30', description: 'Geçersiz kullanıcı' } } : { status: 200, body: { code: '00', jobid: 'job-90' } }),
        async (received) => {
          const failed = await sendSms(owner.client, { appointment_id: appointment.id })
          expect(failed).toEqual({ status: 502, reply: { success: false, error: 'sms_failed', message_id: expect.any(String) } })
          expect(await smsRows(owner.user.id)).toEqual([
            { id: failed.reply.message_id, status: 'failed', provider: 'netgsm', provider_message_id: null, error: expect.stringContaining('error 30') },
          ])
          // The failed attempt left the 30th reminder of the hour unused.
          const retry = await sendSms(owner.client, { appointment_id: appointment.id })
          expect(retry.status).toBe(200)
          expect(received).toHaveLength(2)
          expect((await smsRows(owner.user.id)).map((r) => r.status)).toEqual(['failed', 'sent'])
        },
      )
    })

    it('keeps a sent reminder on record, and counted, when writing its outcome fails', async () => {
      const owner = await signUpVerifiedOwner()
      const { appointment } = await bookAppointment(owner)
      await logSms(owner, 29, 'sent', '10 minutes')
      // Any write of a sent or failed message of this owner is refused, as a
      // database failing between the provider's answer and the outcome write would.
      await s.stack.db.query(`create function public.refuse_message_update() returns trigger language plpgsql as $$ begin raise exception 'outcome write refused'; end $$`)
      await s.stack.db.query(
        `create trigger refuse_message_update before insert or update on public.outgoing_messages
           for each row when (new.user_id = '${owner.user.id}'::uuid and new.status <> 'queued')
           execute function public.refuse_message_update()`,
      )
      try {
        await withFakeNetgsm(
          () => ({ status: 200, body: { code: '00', jobid: 'job-91' } }),
          async (received) => {
            const sent = await sendSms(owner.client, { appointment_id: appointment.id })
            expect(sent).toEqual({ status: 200, reply: { success: true, error: null, message_id: expect.any(String) } })
            expect(received).toHaveLength(1)
            expect(await smsRows(owner.user.id)).toEqual([expect.objectContaining({ id: sent.reply.message_id, status: 'queued', provider: 'netgsm' })])
            // It is the 30th of the hour: the next one is refused.
            expect((await sendSms(owner.client, { appointment_id: appointment.id })).reply.error).toBe('rate_limited')
            expect(received).toHaveLength(1)
          },
        )
      } finally {
        await s.stack.db.query('drop trigger refuse_message_update on public.outgoing_messages')
        await s.stack.db.query('drop function public.refuse_message_update()')
      }
    })

    it('lets only service_role reserve an SMS', async () => {
      const owner = await signUpVerifiedOwner()
      const stranger = await signUpVerifiedOwner()
      const args = {
        p_user_id: owner.user.id,
        p_recipient: '+905551112233',
        p_body: 'x',
        p_provider: 'local',
        p_appointment_id: null,
        p_limits: [{ name: 'owner', key: `sms:owner:${owner.user.id}`, max: 30, window: 3600 }],
      }
      for (const [who, client] of [['owner', owner.client], ['stranger', stranger.client], ['anon', s.client()]] as const) {
        const { data, error } = await client.rpc('reserve_sms', args)
        expect(data, who).toBeNull()
        expect(error?.code, who).toBe('42501')
      }
      expect(await smsRows(owner.user.id)).toEqual([])
      const service = await s.client(s.stack.config.serviceRoleKey).rpc('reserve_sms', args)
      expect(service).toMatchObject({ error: null, data: { id: expect.any(String), error: null } })
      expect(await smsRows(owner.user.id)).toEqual([expect.objectContaining({ id: service.data.id, status: 'queued' })])
    })

    it('renders the outbox page: accessible, refreshing, escaped', async () => {
      await s.stack.db.query(
        `insert into public.outgoing_messages (channel, recipient, body, provider, status)
         values ('whatsapp', '+905550000000', '<script>alert("x")</script> & şöyle', 'local', 'sent')`,
      )
      const res = await fetch(`${s.url}/__local/outbox`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/html/)
      const html = await res.text()
      expect(html).toMatch(/<html lang="en">/)
      expect(html).toMatch(/<title>[^<]+<\/title>/)
      expect(html).toMatch(/<meta http-equiv="refresh" content="5">/)
      expect(html).toMatch(/<caption>/)
      expect(html).toMatch(/<th scope="col">/)
      expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; şöyle')
      expect(html).not.toContain('<script>')
      expect(html).toContain('WhatsApp')
    })
  })
}
