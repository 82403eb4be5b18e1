// Phone numbers and texts as an attacker would try them: one account aiming
// verification SMS at many numbers, one client address signing up many
// accounts, a number squatted by an account that never verifies it, a
// verification racing a number change, unverified owners calling the paid
// functions, reminders to foreign numbers and a deployment with no SMS
// provider. Through supabase-js against the whole stack, on PGlite and on
// PostgreSQL 15.
import path from 'node:path'
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js'
import { Hono } from 'hono'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CHECKOUT_SESSION_PLACEHOLDER } from '../../domain/functions.ts'
import { createFunctionsApp } from '../../supabase/local/functions/index.ts'
import { loadConfig } from '../../supabase/local/config.ts'
import type { OutboxMessage } from '../../supabase/local/functions/outbox.ts'
import { uniquePhone } from '../support/factories.ts'
import { BACKENDS, useTestStack, type Owner } from '../support/stack.ts'

type Reply = { success: boolean; error: string | null; retry_after?: number }

describe.each(BACKENDS)('phone numbers and texts hold against abuse on %s', (backend) => {
  const stack = useTestStack(backend)
  beforeEach(() => {
    // Every request here comes from this machine; tests of the address limit set their own.
    vi.stubEnv('PHONE_VERIFICATION_ADDRESS_HOURLY_LIMIT', '100000')
  })
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  async function invoke(client: SupabaseClient, name: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
    const { data, error } = await client.functions.invoke(name, { body, headers })
    if (!error) return { status: 200, reply: data as Reply }
    expect(error).toBeInstanceOf(FunctionsHttpError)
    const res = (error as FunctionsHttpError).context as Response
    return { status: res.status, reply: (await res.json()) as Reply }
  }
  const sendCode = (phone: string, headers: Record<string, string> = {}) =>
    invoke(stack.anon(), 'send-verification', { phoneNumber: phone }, headers)

  async function outbox(to: string): Promise<OutboxMessage[]> {
    const res = await fetch(`${stack.url}/__local/outbox.json?to=${encodeURIComponent(to)}`)
    expect(res.status).toBe(200)
    return (await res.json()) as OutboxMessage[]
  }
  async function sentCode(phone: string): Promise<string> {
    const m = /^Doğrulama kodunuz: (\d{6})$/.exec((await outbox(phone))[0]?.body ?? '')
    if (!m) throw new Error(`no code in the outbox for ${phone}`)
    return m[1]!
  }
  async function profile(userId: string) {
    const { rows } = await stack.db.query<{ phone_number: string | null; phone_verified: boolean }>(
      'select phone_number, phone_verified from public.users where id = $1',
      [userId],
    )
    return rows[0]!
  }
  const setPhone = (userId: string, phone: string) =>
    stack.db.query('update public.users set phone_number = $2 where id = $1', [userId, phone])
  const verify = (owner: Owner) => stack.db.query('update public.users set phone_verified = true where id = $1', [owner.user.id])
  /** Starts the hour's counting afresh, so limits shared by the whole stack begin at zero. */
  const forgetSentCodes = async () => {
    await stack.db.query('delete from public.phone_verifications')
    await stack.db.query(`delete from public.rate_limit_hits where rate_key like 'verification:%'`)
  }
  /** The sign-up form's question, through the function the app calls. */
  const phoneTaken = async (phone: string) => {
    const r = await invoke(stack.anon(), 'check-phone', { phoneNumber: phone })
    expect(r.status, JSON.stringify(r.reply)).toBe(200)
    return (r.reply as Reply & { exists?: boolean }).exists
  }

  describe('verification texts', () => {
    it('one account cannot text twenty numbers: sends stop at the account limit', async () => {
      const owner = await stack.signUpOwner()
      const numbers = Array.from({ length: 20 }, () => uniquePhone())
      const statuses: number[] = []
      for (const phone of numbers) {
        // However the account came to hold each number, the account is counted.
        await setPhone(owner.user.id, phone)
        const r = await sendCode(phone)
        statuses.push(r.status)
        if (r.status === 429) expect(r.reply).toMatchObject({ success: false, error: 'rate_limited', retry_after: expect.any(Number) })
      }
      expect(statuses).toEqual([...Array(5).fill(200), ...Array(15).fill(429)])
      const texted = await Promise.all(numbers.map(async (n) => (await outbox(n)).length))
      expect(texted.reduce((a, b) => a + b, 0)).toBe(5)
    })

    it('the number can only change through change_phone_number, three times a day', async () => {
      const owner = await stack.signUpOwner()
      const patched = await owner.client.from('users').update({ phone_number: uniquePhone() }).eq('id', owner.user.id).select()
      expect(patched.error?.code).toBe('42501')
      const upserted = await owner.client.from('users').upsert({ id: owner.user.id, phone_number: uniquePhone() }).select()
      expect(upserted.error?.code).toBe('42501')
      expect((await profile(owner.user.id)).phone_number).toBe(owner.phone)

      const change = (phone: string) => owner.client.rpc('change_phone_number', { p_phone_number: phone })
      for (let i = 0; i < 3; i++) {
        const next = uniquePhone()
        expect(await change(next)).toMatchObject({ error: null, data: { changed: true, error: null } })
        expect(await profile(owner.user.id)).toEqual({ phone_number: next, phone_verified: false })
      }
      const fourth = await change(uniquePhone())
      expect(fourth.data).toMatchObject({ changed: false, error: 'rate_limited' })
      expect(fourth.data.retry_after).toBeGreaterThan(23 * 3600)
      expect((await change('05321234567')).data).toMatchObject({ changed: false, error: 'invalid_phone' })

      // A verified owner's number, or another account's live claim, cannot be taken.
      const other = await stack.signUpOwner()
      const verifiedOne = await stack.signUpVerifiedOwner()
      const fresh = await stack.signUpOwner()
      expect((await fresh.client.rpc('change_phone_number', { p_phone_number: verifiedOne.phone })).data).toMatchObject({ error: 'phone_taken' })
      expect((await fresh.client.rpc('change_phone_number', { p_phone_number: other.phone })).data).toMatchObject({ error: 'phone_taken' })
      expect((await profile(fresh.user.id)).phone_number).toBe(fresh.phone)

      const anon = await stack.anon().rpc('change_phone_number', { p_phone_number: uniquePhone() })
      expect(anon.error?.code).toBe('42501')
    })

    it('one client address cannot text for many accounts, whatever address it claims', async () => {
      await forgetSentCodes()
      vi.stubEnv('PHONE_VERIFICATION_ADDRESS_HOURLY_LIMIT', '3')
      const owners = await Promise.all([1, 2, 3, 4].map(() => stack.signUpOwner()))
      for (const o of owners.slice(0, 3)) expect((await sendCode(o.phone)).status).toBe(200)
      const fourth = owners[3]!
      expect(await sendCode(fourth.phone)).toMatchObject({ status: 429, reply: { error: 'rate_limited' } })
      // Headers a client writes are not its address.
      const forgeries: Record<string, string>[] = [{ 'X-Forwarded-For': '203.0.113.7' }, { 'CF-Connecting-IP': '203.0.113.8' }, { 'X-Real-IP': '203.0.113.9' }]
      for (const forged of forgeries) {
        expect((await sendCode(fourth.phone, forged)).status, JSON.stringify(forged)).toBe(429)
      }
      expect(await outbox(fourth.phone)).toEqual([])
      const { rows } = await stack.db.query<{ client_address: string }>('select distinct client_address from public.phone_verifications')
      expect(rows).toHaveLength(1)
      expect(rows[0]!.client_address).toMatch(/^(127\.0\.0\.1|::1)$/)
    })

    it('the whole project stops at its hourly ceiling', async () => {
      await forgetSentCodes()
      vi.stubEnv('PHONE_VERIFICATION_HOURLY_LIMIT', '2')
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
      try {
        const owners = await Promise.all([1, 2, 3].map(() => stack.signUpOwner()))
        expect((await sendCode(owners[0]!.phone)).status).toBe(200)
        expect((await sendCode(owners[1]!.phone)).status).toBe(200)
        const third = await sendCode(owners[2]!.phone)
        expect(third).toMatchObject({ status: 429, reply: { error: 'rate_limited' } })
        expect(third.reply.retry_after).toBeGreaterThan(3500)
        expect(errors.mock.calls.flat().join(' ')).toContain('project-wide hourly limit')
      } finally {
        errors.mockRestore()
      }
    })

    it('never stores the code in clear text, with the local provider either', async () => {
      const owner = await stack.signUpOwner()
      expect((await sendCode(owner.phone)).status).toBe(200)
      const code = await sentCode(owner.phone)
      const { rows } = await stack.db.query<{ body: string }>('select body from public.outgoing_messages where recipient = $1', [owner.phone])
      expect(rows).toEqual([{ body: 'Doğrulama kodunuz: ******' }])
      expect(JSON.stringify(rows)).not.toContain(code)
      // Only the stack's own key may hand the outbox a text.
      const forged = await fetch(`${stack.url}/__local/outbox/messages`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${stack.anonKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: '00000000-0000-4000-8000-000000000000', body: 'x' }),
      })
      expect(forged.status).toBe(401)
    })
  })

  describe('the sign-up phone check', () => {
    it('answers yes or no through check-phone, never through the data API, and each address only so often', async () => {
      const owner = await stack.signUpOwner()
      expect(await phoneTaken(owner.phone)).toBe(true)
      expect(await phoneTaken(uniquePhone())).toBe(false)
      // The database function is no longer an open oracle: not for visitors, not for owners.
      for (const client of [stack.anon(), owner.client]) {
        const direct = await client.rpc('phone_number_exists', { p_phone_number: owner.phone })
        expect(direct.error?.code).toBe('42501')
      }
      expect(await invoke(stack.anon(), 'check-phone', { phoneNumber: '05321234567' })).toMatchObject({ status: 400, reply: { error: 'invalid_phone' } })

      await stack.db.query(`delete from public.rate_limit_hits where rate_key like 'phone-check:%'`)
      vi.stubEnv('PHONE_CHECK_ADDRESS_HOURLY_LIMIT', '3')
      for (let i = 0; i < 3; i++) expect((await invoke(stack.anon(), 'check-phone', { phoneNumber: uniquePhone() })).status).toBe(200)
      const refused = await invoke(stack.anon(), 'check-phone', { phoneNumber: owner.phone }, { 'CF-Connecting-IP': '203.0.113.50', 'X-Forwarded-For': '203.0.113.51' })
      expect(refused).toMatchObject({ status: 429, reply: { success: false, error: 'rate_limited', retry_after: expect.any(Number) } })
      expect((refused.reply as Reply & { exists?: boolean }).exists).toBeUndefined()
    })
  })

  describe('squatted numbers', () => {
    it('a number held unverified is released to a real sign-up once the claim lapses', async () => {
      const phone = uniquePhone()
      const squatter = await stack.signUpOwner({ phone_number: phone })
      expect(await phoneTaken(phone)).toBe(true)
      await expect(stack.signUpOwner({ phone_number: phone })).rejects.toThrow(/sign-up/)

      // A day later the claim has lapsed: the number is free to whoever holds the phone.
      await stack.db.query(`update public.users set phone_claimed_at = now() - interval '24 hours 1 minute' where id = $1`, [squatter.user.id])
      expect(await phoneTaken(phone)).toBe(false)
      const owner = await stack.signUpOwner({ phone_number: phone })
      expect(await profile(owner.user.id)).toEqual({ phone_number: phone, phone_verified: false })
      expect(await profile(squatter.user.id)).toEqual({ phone_number: null, phone_verified: false })

      expect((await sendCode(phone)).status).toBe(200)
      const verified = await invoke(stack.anon(), 'verify-phone', { phoneNumber: phone, code: await sentCode(phone) })
      expect(verified).toEqual({ status: 200, reply: { success: true, error: null } })
      expect(await profile(owner.user.id)).toEqual({ phone_number: phone, phone_verified: true })
    })

    it('a lapsed claim can be taken by a number change, a verified number never', async () => {
      const idle = await stack.signUpOwner()
      await stack.db.query(`update public.users set phone_claimed_at = now() - interval '2 days' where id = $1`, [idle.user.id])
      const mover = await stack.signUpOwner()
      expect((await mover.client.rpc('change_phone_number', { p_phone_number: idle.phone })).data).toEqual({ changed: true, error: null })
      expect((await profile(idle.user.id)).phone_number).toBeNull()

      const owner = await stack.signUpVerifiedOwner()
      await stack.db.query(`update public.users set phone_claimed_at = now() - interval '30 days' where id = $1`, [owner.user.id])
      expect(await phoneTaken(owner.phone)).toBe(true)
      await expect(stack.signUpOwner({ phone_number: owner.phone })).rejects.toThrow(/sign-up/)
      expect(await profile(owner.user.id)).toEqual({ phone_number: owner.phone, phone_verified: true })
    })
  })

  it('a verification racing a number change never verifies the other number', async () => {
    const outcomes = { verifiedFirst: 0, changedFirst: 0 }
    for (let i = 0; i < 12; i++) {
      const owner = await stack.signUpOwner()
      expect((await sendCode(owner.phone)).status).toBe(200)
      const code = await sentCode(owner.phone)
      const other = uniquePhone()
      const [verified, changed, patched] = await Promise.all([
        invoke(stack.anon(), 'verify-phone', { phoneNumber: owner.phone, code }),
        owner.client.rpc('change_phone_number', { p_phone_number: other }),
        owner.client.from('users').update({ phone_number: uniquePhone() }).eq('id', owner.user.id),
      ])
      expect(patched.error?.code).toBe('42501')
      expect(changed.error).toBeNull()
      const after = await profile(owner.user.id)
      // Verified only while holding the number the code was sent to.
      if (after.phone_verified) expect(after.phone_number).toBe(owner.phone)
      expect(after.phone_number === other && after.phone_verified).toBe(false)
      if (verified.status === 200) outcomes.verifiedFirst++
      else outcomes.changedFirst++
    }
    expect(outcomes.verifiedFirst + outcomes.changedFirst).toBe(12)
  })

  describe('functions that act for an owner need a verified phone', () => {
    async function appointmentOf(owner: Owner, customerPhone = uniquePhone()) {
      const { data: c, error: ce } = await owner.client.from('customers').insert({ name: 'Ayşe Yılmaz', phone_number: customerPhone }).select().single()
      expect(ce).toBeNull()
      const { data: a, error: ae } = await owner.client
        .from('appointments')
        .insert({ customer_id: c.id, appointment_date: '2026-12-01', appointment_time: '10:30', duration_minutes: 60 })
        .select()
        .single()
      expect(ae).toBeNull()
      return a.id as string
    }

    it('send-sms, checkout and the payment check refuse an unverified owner with 403 phone_not_verified', async () => {
      const owner = await stack.signUpOwner()
      const appointment = await appointmentOf(owner)
      const refused = { success: false, error: 'phone_not_verified' }
      const sms = await invoke(owner.client, 'send-sms', { appointment_id: appointment })
      expect(sms).toMatchObject({ status: 403, reply: refused })
      const checkout = await invoke(owner.client, 'create-checkout-session', {
        price_id: 'price_starter',
        success_url: `${stack.config.siteUrl}/dashboard/success?session_id=${CHECKOUT_SESSION_PLACEHOLDER}`,
        cancel_url: `${stack.config.siteUrl}/dashboard`,
        mode: 'payment',
      })
      expect(checkout).toEqual({ status: 403, reply: refused })
      expect(await invoke(owner.client, 'process-payment-manual', { session_id: 'cs_local_x' })).toEqual({ status: 403, reply: refused })
      const { rows } = await stack.db.query('select 1 from public.outgoing_messages where user_id = $1 union all select 1 from public.payments where user_id = $1', [owner.user.id])
      expect(rows).toEqual([])

      await verify(owner)
      expect((await invoke(owner.client, 'send-sms', { appointment_id: appointment })).status).toBe(200)
    })

    it('reminders go only to the countries the business sells to', async () => {
      const owner = await stack.signUpVerifiedOwner()
      for (const foreign of ['+447400123456', '+4915123456789']) {
        const appointment = await appointmentOf(owner, foreign)
        expect(await invoke(owner.client, 'send-sms', { appointment_id: appointment })).toMatchObject({
          status: 409,
          reply: { success: false, error: 'country_not_allowed' },
        })
        expect(await outbox(foreign)).toEqual([])
      }
      const { rows } = await stack.db.query('select 1 from public.outgoing_messages where user_id = $1', [owner.user.id])
      expect(rows).toEqual([])
    })

    it('a reminder carries no link the owner typed into a name', async () => {
      const owner = await stack.signUpVerifiedOwner({ business_name: 'Anadolu Kahve https://kampanya.example/iade' })
      const phone = uniquePhone()
      const appointment = await appointmentOf(owner, phone)
      await owner.client.from('customers').update({ name: 'Ayşe bit.ly/odeme Yılmaz' }).eq('phone_number', phone)
      expect((await invoke(owner.client, 'send-sms', { appointment_id: appointment })).status).toBe(200)
      expect((await outbox(phone))[0]!.body).toBe('Sayın Ayşe Yılmaz, 1 Aralık 2026 Salı saat 10:30 randevunuzu hatırlatırız. Anadolu Kahve')
    })

    it('a deployment that names no usable SMS provider says provider_not_configured', async () => {
      const owner = await stack.signUpVerifiedOwner()
      const appointment = await appointmentOf(owner)
      vi.stubEnv('SMS_PROVIDER', 'carrier-pigeon')
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
      try {
        expect(await invoke(owner.client, 'send-sms', { appointment_id: appointment })).toMatchObject({
          status: 500,
          reply: { success: false, error: 'provider_not_configured' },
        })
        expect(await sendCode(owner.phone)).toEqual({ status: 500, reply: { success: false, error: 'provider_not_configured' } })
        expect(errors.mock.calls.flat().join(' ')).toContain('SMS_PROVIDER=carrier-pigeon')
      } finally {
        errors.mockRestore()
      }
    })
  })
})

describe('a hosted project without an SMS provider', () => {
  it('refuses to send verification codes instead of pretending: 500 provider_not_configured, logged', async () => {
    const config = loadConfig({})
    const app = new Hono().route(
      '/functions/v1',
      createFunctionsApp(
        { config, apiUrl: () => 'https://abcdefghijklmnop.supabase.co' },
        { functionsDir: path.resolve('supabase/functions'), configToml: path.resolve('supabase/config.toml') },
      ),
    )
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      for (const env of [{}, { SMS_PROVIDER: 'local' }]) {
        for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v)
        const res = await app.request('http://hosted.test/functions/v1/send-verification', {
          method: 'POST',
          headers: { Authorization: `Bearer ${config.anonKey}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ phoneNumber: '+905321234567' }),
        })
        expect(res.status, JSON.stringify(env)).toBe(500)
        expect(await res.json()).toEqual({ success: false, error: 'provider_not_configured' })
        vi.unstubAllEnvs()
      }
      expect(errors.mock.calls.flat().join(' ')).toMatch(/provider_not_configured: SMS_PROVIDER is not set on a hosted project/)
    } finally {
      errors.mockRestore()
      vi.unstubAllEnvs()
    }
  })
})
