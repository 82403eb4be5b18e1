// The message providers of supabase/functions/_shared: which one the
// environment picks, the exact HTTP calls the real ones make (through an
// injected fetch: no network) and what each leaves in the message log.
import { describe, expect, it } from 'vitest'
import type { MessageLog, MessageRecord } from './message-log.ts'
import { ProviderConfigError, UnknownProviderError } from './deployment.ts'
import { createSmsProvider } from './sms.ts'
import { createWhatsAppProvider } from './whatsapp.ts'
import { installDenoShim } from '../../local/functions/deno-shim.ts'

installDenoShim()

function memoryLog() {
  const entries: (MessageRecord & { id: string })[] = []
  const log: MessageLog = {
    async record(entry) {
      const id = `msg-${entries.length + 1}`
      entries.push({ ...entry, id })
      return id
    },
  }
  return { log, entries }
}

type Captured = { request: Request; body: string }

/** A fetch that records what it was asked and answers with the given status and JSON. */
function fakeFetch(status: number, payload: unknown) {
  const calls: Captured[] = []
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    calls.push({ request, body: await request.clone().text() })
    return new Response(typeof payload === 'string' ? payload : JSON.stringify(payload), {
      status,
      headers: { 'Content-Type': 'application/json' },
    })
  }) as typeof globalThis.fetch
  return { fetch, calls }
}

const envOf = (vars: Record<string, string>) => (name: string) => vars[name]
const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`

const LOCAL = { SUPABASE_URL: 'http://127.0.0.1:54321', SUPABASE_SERVICE_ROLE_KEY: 'service-key' }
const HOSTED = { SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co', SUPABASE_SERVICE_ROLE_KEY: 'service-key' }
const NETGSM = { SMS_PROVIDER: 'netgsm', NETGSM_USERCODE: '8501234567', NETGSM_PASSWORD: 'şifre-1', NETGSM_MSGHEADER: 'MESAJASIST' }
const TWILIO = { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC123', TWILIO_AUTH_TOKEN: 'tok', TWILIO_FROM: '+15005550006' }
const WHATSAPP = { WHATSAPP_PROVIDER: 'cloud', WHATSAPP_TOKEN: 'EAAG-token', WHATSAPP_PHONE_NUMBER_ID: '1098765' }

describe('SMS providers', () => {
  it('defaults to the local provider on this machine, which only records the message as sent', async () => {
    const { log, entries } = memoryLog()
    const { fetch, calls } = fakeFetch(200, {})
    const sms = createSmsProvider({ log, env: envOf(LOCAL), fetch })
    expect(sms.name).toBe('local')
    const res = await sms.send('+905321234567', 'Sayın Ayşe, randevunuz yarın.', { appointmentId: 'a-1' })
    expect(res).toEqual({ id: 'msg-1', status: 'sent', providerMessageId: null })
    expect(calls).toHaveLength(0)
    expect(entries).toEqual([
      {
        id: 'msg-1', channel: 'sms', recipient: '+905321234567', body: 'Sayın Ayşe, randevunuz yarın.',
        provider: 'local', status: 'sent', userId: undefined, appointmentId: 'a-1',
      },
    ])
  })

  it('keeps a secret text out of the log: the local provider records it redacted and hands the words to the outbox', async () => {
    const { log, entries } = memoryLog()
    const { fetch, calls } = fakeFetch(200, {})
    const sms = createSmsProvider({ log, env: envOf({ ...LOCAL, LOCAL_OUTBOX_URL: 'http://127.0.0.1:54321/__local' }), fetch })
    const res = await sms.send('+905321234567', 'Doğrulama kodunuz: 908172', { logBody: 'Doğrulama kodunuz: ******' })
    expect(res).toEqual({ id: 'msg-1', status: 'sent', providerMessageId: null })
    // Queued before the words leave, then marked sent: redacted both times.
    expect(entries.map((e) => [e.status, e.body])).toEqual([
      ['queued', 'Doğrulama kodunuz: ******'],
      ['sent', 'Doğrulama kodunuz: ******'],
    ])
    expect(JSON.stringify(entries)).not.toContain('908172')
    expect(calls).toHaveLength(1)
    expect(calls[0]!.request.url).toBe('http://127.0.0.1:54321/__local/outbox/messages')
    expect(calls[0]!.request.headers.get('authorization')).toBe('Bearer service-key')
    expect(JSON.parse(calls[0]!.body)).toEqual({ id: 'msg-1', body: 'Doğrulama kodunuz: 908172' })
  })

  it('reports a secret text the outbox would not take as failed, still redacted', async () => {
    const { log, entries } = memoryLog()
    const { fetch } = fakeFetch(401, { error: 'unauthorized' })
    const sms = createSmsProvider({ log, env: envOf(LOCAL), fetch })
    const res = await sms.send('+905321234567', 'Doğrulama kodunuz: 908172', { logBody: 'Doğrulama kodunuz: ******' })
    expect(res).toMatchObject({ id: 'msg-1', status: 'failed', error: 'local outbox answered HTTP 401' })
    expect(entries.at(-1)).toMatchObject({ status: 'failed', body: 'Doğrulama kodunuz: ******' })
  })

  it('refuses an unknown provider name and missing credentials as configuration errors', () => {
    const { log } = memoryLog()
    expect(() => createSmsProvider({ log, env: envOf({ SMS_PROVIDER: 'carrier-pigeon' }) })).toThrow(UnknownProviderError)
    expect(() => createSmsProvider({ log, env: envOf({ SMS_PROVIDER: 'netgsm', NETGSM_USERCODE: 'x' }) })).toThrow(
      new ProviderConfigError('SMS_PROVIDER', 'SMS_PROVIDER=netgsm needs NETGSM_PASSWORD'),
    )
    expect(() => createWhatsAppProvider({ log, env: envOf({ WHATSAPP_PROVIDER: 'cloud' }) })).toThrow(ProviderConfigError)
  })

  it('never pretends on a hosted project: no provider, or the local one, is a configuration error', () => {
    const { log } = memoryLog()
    for (const [variable, create] of [
      ['SMS_PROVIDER', createSmsProvider],
      ['WHATSAPP_PROVIDER', createWhatsAppProvider],
    ] as const) {
      for (const choice of [undefined, 'local']) {
        const env = { ...HOSTED, ...(choice ? { [variable]: choice } : {}) }
        let thrown: unknown
        try {
          create({ log, env: envOf(env) })
        } catch (e) {
          thrown = e
        }
        expect(thrown, `${variable}=${choice}`).toBeInstanceOf(ProviderConfigError)
        expect(thrown).toMatchObject({ code: 'provider_not_configured', variable })
      }
      // The local stack serving its outbox away from loopback says where it is.
      expect(create({ log, env: envOf({ ...HOSTED, LOCAL_OUTBOX_URL: 'http://192.168.1.20:54321/__local' }) }).name).toBe('local')
    }
    expect(createSmsProvider({ log, env: envOf({ ...HOSTED, ...NETGSM }) }).name).toBe('netgsm')
    expect(createWhatsAppProvider({ log, env: envOf({ ...HOSTED, ...WHATSAPP }) }).name).toBe('cloud')
  })

  it('sends through Netgsm REST v2 and records the job id', async () => {
    const { log, entries } = memoryLog()
    const { fetch, calls } = fakeFetch(200, { code: '00', jobid: '17377215342605050417149344', description: 'queued' })
    const sms = createSmsProvider({ log, env: envOf(NETGSM), fetch })
    const res = await sms.send('+905321234567', 'Doğrulama kodunuz: 123456', { logBody: 'Doğrulama kodunuz: ******' })
    expect(res).toEqual({ id: 'msg-1', status: 'sent', providerMessageId: '17377215342605050417149344' })
    const [call] = calls
    expect(call!.request.method).toBe('POST')
    expect(call!.request.url).toBe('https://api.netgsm.com.tr/sms/rest/v2/send')
    expect(call!.request.headers.get('authorization')).toBe(basic('8501234567', 'şifre-1'))
    expect(call!.request.headers.get('content-type')).toBe('application/json')
    expect(JSON.parse(call!.body)).toEqual({
      msgheader: 'MESAJASIST',
      encoding: 'TR',
      iysfilter: '0',
      messages: [{ msg: 'Doğrulama kodunuz: 123456', no: '905321234567' }],
    })
    // A real provider's log keeps what the caller allows, not the code.
    expect(entries[0]).toMatchObject({ provider: 'netgsm', status: 'sent', body: 'Doğrulama kodunuz: ******', providerMessageId: '17377215342605050417149344' })
  })

  it('records a Netgsm refusal as a failed message with the reason', async () => {
    const { log, entries } = memoryLog()
    const { fetch } = fakeFetch(406, { code: '40', description: 'Mesaj başlığınız (gönderici adınızın) sistemde tanımlı değil' })
    const res = await createSmsProvider({ log, env: envOf(NETGSM), fetch }).send('+905321234567', 'Merhaba')
    expect(res.status).toBe('failed')
    expect(res.error).toBe('netgsm: error 40: sender header (msgheader) is not registered')
    expect(entries[0]).toMatchObject({ provider: 'netgsm', status: 'failed', body: 'Merhaba', error: res.error })
  })

  it('records an unreachable provider as a failed message', async () => {
    const { log, entries } = memoryLog()
    const fetch = (async () => {
      throw new TypeError('fetch failed')
    }) as typeof globalThis.fetch
    const res = await createSmsProvider({ log, env: envOf(NETGSM), fetch }).send('+905321234567', 'Merhaba')
    expect(res).toMatchObject({ status: 'failed', error: 'fetch failed' })
    expect(entries[0]).toMatchObject({ status: 'failed', error: 'fetch failed' })
  })

  it('sends through Twilio with a form body and Basic auth', async () => {
    const { log, entries } = memoryLog()
    const { fetch, calls } = fakeFetch(201, { sid: 'SM0123456789abcdef', status: 'queued' })
    const res = await createSmsProvider({ log, env: envOf(TWILIO), fetch }).send('+905321234567', 'Randevunuz yarın 10:00', { userId: 'u-1', appointmentId: 'a-1' })
    expect(res).toEqual({ id: 'msg-1', status: 'sent', providerMessageId: 'SM0123456789abcdef' })
    const [call] = calls
    expect(call!.request.url).toBe('https://api.twilio.com/2010-04-01/Accounts/AC123/Messages.json')
    expect(call!.request.headers.get('authorization')).toBe(basic('AC123', 'tok'))
    expect(call!.request.headers.get('content-type')).toBe('application/x-www-form-urlencoded')
    expect(Object.fromEntries(new URLSearchParams(call!.body))).toEqual({ To: '+905321234567', Body: 'Randevunuz yarın 10:00', From: '+15005550006' })
    expect(entries[0]).toMatchObject({ provider: 'twilio', userId: 'u-1', appointmentId: 'a-1', status: 'sent' })
  })

  it('uses a Twilio messaging service when TWILIO_FROM names one, and reports Twilio errors', async () => {
    const { log } = memoryLog()
    const { fetch, calls } = fakeFetch(400, { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 })
    const res = await createSmsProvider({ log, env: envOf({ ...TWILIO, TWILIO_FROM: 'MG9752274e9e519418a7406176694466fa' }), fetch }).send('+905321234567', 'x')
    expect(new URLSearchParams(calls[0]!.body).get('MessagingServiceSid')).toBe('MG9752274e9e519418a7406176694466fa')
    expect(new URLSearchParams(calls[0]!.body).has('From')).toBe(false)
    expect(res).toMatchObject({ status: 'failed', error: "twilio: error 21211: The 'To' number is not a valid phone number." })
  })
})

describe('WhatsApp providers', () => {
  it('defaults to the local provider', async () => {
    const { log, entries } = memoryLog()
    const wa = createWhatsAppProvider({ log, env: envOf({}) })
    expect(wa.name).toBe('local')
    await wa.send('+905321234567', 'Merhaba!', { userId: 'u-1' })
    expect(entries[0]).toMatchObject({ channel: 'whatsapp', provider: 'local', status: 'sent', body: 'Merhaba!', userId: 'u-1' })
  })

  it('sends a text message through the WhatsApp Cloud API', async () => {
    const { log, entries } = memoryLog()
    const { fetch, calls } = fakeFetch(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: '905321234567', wa_id: '905321234567' }],
      messages: [{ id: 'wamid.HBgLOTA1MzIxMjM0NTY3FQIAERgSQUFBQ0E=' }],
    })
    const res = await createWhatsAppProvider({ log, env: envOf(WHATSAPP), fetch }).send('+905321234567', 'Ürün stokta ✅')
    expect(res).toEqual({ id: 'msg-1', status: 'sent', providerMessageId: 'wamid.HBgLOTA1MzIxMjM0NTY3FQIAERgSQUFBQ0E=' })
    const [call] = calls
    expect(call!.request.url).toBe('https://graph.facebook.com/v21.0/1098765/messages')
    expect(call!.request.headers.get('authorization')).toBe('Bearer EAAG-token')
    expect(JSON.parse(call!.body)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '905321234567',
      type: 'text',
      text: { preview_url: false, body: 'Ürün stokta ✅' },
    })
    expect(entries[0]).toMatchObject({ channel: 'whatsapp', provider: 'whatsapp-cloud', status: 'sent' })
  })

  it('records a Graph API error as a failed message', async () => {
    const { log, entries } = memoryLog()
    const { fetch } = fakeFetch(401, { error: { message: 'Error validating access token', type: 'OAuthException', code: 190 } })
    const res = await createWhatsAppProvider({ log, env: envOf(WHATSAPP), fetch }).send('905321234567', 'x')
    expect(res).toMatchObject({ status: 'failed', error: 'whatsapp-cloud: error 190: Error validating access token' })
    expect(entries[0]).toMatchObject({ status: 'failed', recipient: '905321234567' })
  })
})
