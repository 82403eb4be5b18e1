// The functions as the app uses them, over a whole stack: supabase-js
// `functions.invoke` with the anon key, the gateway's JWT check, phone
// verification end to end (code SMS in the outbox, wrong and right codes,
// limits) and the outbox itself. Runs on PGlite and on PostgreSQL 15.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { FunctionsHttpError } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it, vi, afterEach } from 'vitest'
import type { OutboxMessage } from './outbox.ts'
import { startFunctionsStack, type Backend, type FunctionsStack } from './test-stack.ts'

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
        headers: { Authorization: `Bearer ${s.stack.config.anonKey.slice(0, -4)}AAAA` },
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
      expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173')
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
      await s.stack.db.query(`delete from public.phone_verifications where phone_number = $1`, [phone])
      await s.stack.db.query(
        `insert into public.phone_verifications (phone_number, code_hash, expires_at, created_at)
         select $1, 'x', now() - interval '1 minute', now() - (interval '50 minutes' - g * interval '12 minutes')
           from generate_series(0, 4) g`,
        [phone],
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
      const received: { auth: string | undefined; body: string }[] = []
      const fake = http.createServer((req, res) => {
        let body = ''
        req.on('data', (c) => (body += c))
        req.on('end', () => {
          received.push({ auth: req.headers.authorization, body })
          res.writeHead(received.length === 1 ? 406 : 200, { 'Content-Type': 'application/json' })
          res.end(JSON.stringify(received.length === 1 ? { code: '30', description: 'Geçersiz kullanıcı' } : { code: '00', jobid: 'job-77' }))
        })
      })
      await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r))
      try {
        vi.stubEnv('SMS_PROVIDER', 'netgsm')
        vi.stubEnv('NETGSM_API_URL', `http://127.0.0.1:${(fake.address() as AddressInfo).port}/sms/rest/v2/send`)
        vi.stubEnv('NETGSM_USERCODE', '8501234567')
        vi.stubEnv('NETGSM_PASSWORD', 'secret')
        vi.stubEnv('NETGSM_MSGHEADER', 'MESAJASIST')
        const { phone } = await signUpOwner()

        expect(await invoke('send-verification', { phoneNumber: phone })).toEqual({ status: 502, reply: { success: false, error: 'sms_failed' } })
        const [failed] = await outbox(phone)
        expect(failed!.body).toBe('Doğrulama kodunuz: ******')

        // The failed attempt does not count against the number.
        expect((await invoke('send-verification', { phoneNumber: phone })).status).toBe(200)
        expect(received).toHaveLength(2)
        const sent = JSON.parse(received[1]!.body) as { messages: { msg: string; no: string }[] }
        expect(sent.messages[0]!.no).toBe(phone.slice(1))
        const code = /(\d{6})$/.exec(sent.messages[0]!.msg)![1]!
        const log = await s.stack.db.query<{ status: string; provider: string; provider_message_id: string; body: string }>(
          `select status, provider, provider_message_id, body from public.outgoing_messages where recipient = $1 order by created_at`,
          [phone],
        )
        expect(log.rows).toEqual([
          expect.objectContaining({ status: 'failed', provider: 'netgsm' }),
          { status: 'sent', provider: 'netgsm', provider_message_id: 'job-77', body: 'Doğrulama kodunuz: ******' },
        ])
        vi.unstubAllEnvs()
        expect(await invoke('verify-phone', { phoneNumber: phone, code })).toEqual({ status: 200, reply: { success: true, error: null } })
      } finally {
        await new Promise((r) => fake.close(r))
      }
    })

    it('sends an appointment reminder for the signed-in owner only', async () => {
      const owner = await signUpOwner()
      const stranger = await signUpOwner()
      const { data: customer, error: ce } = await owner.client
        .from('customers')
        .insert({ name: 'Ayşe Yılmaz', phone_number: '0532 765 43 21' })
        .select()
        .single()
      expect(ce).toBeNull()
      const { data: appt, error: ae } = await owner.client
        .from('appointments')
        .insert({ customer_id: customer.id, appointment_date: '2026-12-01', appointment_time: '10:30', duration_minutes: 60 })
        .select()
        .single()
      expect(ae).toBeNull()
      const message = 'Sayın Ayşe Yılmaz, 1 Aralık 2026 Salı saat 10:30 randevunuzu hatırlatırız. Anadolu Kahve Evi'

      const anon = await s.client().functions.invoke('send-sms', { body: { phone_number: '05327654321', message } })
      expect((anon.error as FunctionsHttpError).context.status).toBe(401)
      expect(await (anon.error as FunctionsHttpError).context.json()).toEqual({ success: false, error: 'unauthorized' })

      const foreign = await stranger.client.functions.invoke('send-sms', { body: { phone_number: '05327654321', message, appointment_id: appt.id } })
      expect(await (foreign.error as FunctionsHttpError).context.json()).toEqual({ success: false, error: 'appointment_not_found' })
      const badPhone = await owner.client.functions.invoke('send-sms', { body: { phone_number: '12345', message } })
      expect(await (badPhone.error as FunctionsHttpError).context.json()).toEqual({ success: false, error: 'invalid_phone' })

      const { data, error } = await owner.client.functions.invoke('send-sms', {
        body: { phone_number: customer.phone_number, message, appointment_id: appt.id, user_id: stranger.user.id },
      })
      expect(error).toBeNull()
      expect(data).toMatchObject({ success: true, error: null, message_id: expect.any(String) })
      expect((await outbox('+905327654321'))[0]).toMatchObject({ channel: 'sms', to: '+905327654321', body: message })

      // The owner's message history shows it; the stranger's does not.
      const mine = await owner.client.from('outgoing_messages').select('recipient, body, appointment_id, provider, status')
      expect(mine.data).toEqual([{ recipient: '+905327654321', body: message, appointment_id: appt.id, provider: 'local', status: 'sent' }])
      expect((await stranger.client.from('outgoing_messages').select('id')).data).toEqual([])
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
