// Every API of the stack reads a request body only up to its limit, over a
// real socket: a declared length over it is refused before a byte of the body
// is sent, a chunked body as soon as it passes it (the body is never ended,
// so nothing but counting can answer), and a body of exactly the limit is
// taken. Each refusal is 413 `payload_too_large` in the API's own error shape.
// On PGlite and on PostgreSQL 15.
import { describe, expect, it } from 'vitest'
import { BACKENDS, useTestStack, type Owner } from '../../tests/support/stack.ts'
import { declareOnly, streamUntilAnswered, type RawAnswer } from '../../tests/support/raw-http.ts'
import { BODY_LIMITS } from './body-limit.ts'

const KiB = 1024
const MiB = 1024 * KiB
const AVATAR_LIMIT = 2 * MiB

/** `fields` as JSON of exactly `bytes` bytes, padded with as many `a` as it takes in `key`. */
function jsonOfSize(bytes: number, fields: Record<string, unknown>, key = 'padding'): { text: string; padding: number } {
  const padding = bytes - Buffer.byteLength(JSON.stringify({ ...fields, [key]: '' }))
  const text = JSON.stringify({ ...fields, [key]: 'a'.repeat(padding) })
  expect(Buffer.byteLength(text)).toBe(bytes)
  return { text, padding }
}

const json = (answer: RawAnswer) => JSON.parse(answer.body) as Record<string, unknown>

describe.each(BACKENDS)('request body limits on %s', (backend) => {
  const stack = useTestStack(backend)
  let owner: Owner | undefined
  const ownerOf = async () => (owner ??= await stack.signUpOwner())
  const asOwner = async (more: Record<string, string> = {}) => ({
    apikey: stack.anonKey,
    authorization: `Bearer ${(await ownerOf()).session.access_token}`,
    ...more,
  })

  describe('data API (1 MiB)', () => {
    const limit = BODY_LIMITS.rest
    const expectRefused = (answer: RawAnswer) => {
      expect(answer.status).toBe(413)
      expect(json(answer)).toEqual({
        code: 'payload_too_large',
        details: `The data API accepts bodies of at most ${limit} bytes`,
        hint: null,
        message: 'Request body too large',
      })
    }

    it('takes a row of exactly 1 MiB', async () => {
      const { text, padding } = jsonOfSize(limit, { name: 'Uzun açıklamalı ürün', price: 10, currency: 'TRY', stock: 1 }, 'description')
      const res = await fetch(`${stack.url}/rest/v1/products`, {
        method: 'POST',
        headers: await asOwner({ 'content-type': 'application/json', prefer: 'return=minimal' }),
        body: text,
      })
      expect(res.status).toBe(201)
      const { data } = await (await ownerOf()).client.from('products').select('description').eq('name', 'Uzun açıklamalı ürün').single()
      expect((data as { description: string }).description).toHaveLength(padding)
    })

    it('refuses a declared length over 1 MiB without reading the body', async () => {
      expectRefused(await declareOnly(`${stack.url}/rest/v1/products`, limit + 1, { headers: await asOwner({ 'content-type': 'application/json' }) }))
      // RPCs too, and before the caller is even looked at.
      expectRefused(await declareOnly(`${stack.url}/rest/v1/rpc/sync_push`, 200 * MiB, { headers: { apikey: stack.anonKey } }))
    })

    it('refuses a chunked body as soon as it passes 1 MiB', async () => {
      const answer = await streamUntilAnswered(`${stack.url}/rest/v1/rpc/sync_push`, {
        headers: await asOwner({ 'content-type': 'application/json' }),
        total: 64 * MiB,
      })
      expectRefused(answer)
      expect(answer.sent).toBeLessThan(64 * MiB)
    })
  })

  describe('auth (64 KiB)', () => {
    const limit = BODY_LIMITS.auth
    const headers = (more: Record<string, string> = {}) => ({ apikey: stack.anonKey, 'content-type': 'application/json', ...more })
    const message = `Request body too large: at most ${limit} bytes are accepted`

    it('takes a sign-up of exactly 64 KiB', async () => {
      const email = `sinir.${Date.now()}@ornek.com.tr`
      const phone = `+905${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`
      const bare = { email, password: 'Guclu-Sifre-2026', data: { business_name: 'Sınır Tekstil', phone_number: phone, note: '' } }
      const pad = limit - Buffer.byteLength(JSON.stringify(bare))
      const body = JSON.stringify({ ...bare, data: { ...bare.data, note: 'n'.repeat(pad) } })
      expect(Buffer.byteLength(body)).toBe(limit)
      const res = await fetch(`${stack.url}/auth/v1/signup`, { method: 'POST', headers: headers(), body })
      expect(res.status).toBe(200)
      expect(((await res.json()) as { user: { email: string } }).user.email).toBe(email)
    })

    it("refuses a declared length over 64 KiB without reading the body, in GoTrue's shapes", async () => {
      const current = await declareOnly(`${stack.url}/auth/v1/signup`, limit + 1, { headers: headers({ 'x-supabase-api-version': '2024-01-01' }) })
      expect(current.status).toBe(413)
      expect(current.headers['x-supabase-api-version']).toBe('2024-01-01')
      expect(json(current)).toEqual({ code: 'payload_too_large', message })
      const legacy = await declareOnly(`${stack.url}/auth/v1/token?grant_type=password`, 10 * MiB, { headers: headers() })
      expect(legacy.status).toBe(413)
      expect(legacy.headers['x-sb-error-code']).toBe('payload_too_large')
      expect(json(legacy)).toEqual({ code: 413, error_code: 'payload_too_large', msg: message })
    })

    it('refuses a chunked body as soon as it passes 64 KiB', async () => {
      const answer = await streamUntilAnswered(`${stack.url}/auth/v1/signup`, {
        headers: headers({ 'x-supabase-api-version': '2024-01-01' }),
        total: 64 * MiB,
        chunkBytes: 8 * KiB,
      })
      expect(answer.status).toBe(413)
      expect(json(answer)).toEqual({ code: 'payload_too_large', message })
    })
  })

  describe("storage (the bucket's limit for uploads, 256 KiB for JSON)", () => {
    const uploadUrl = async (name: string) => `${stack.url}/storage/v1/object/avatars/${(await ownerOf()).user.id}/${name}`
    const expectRefused = (answer: RawAnswer, message = 'The object exceeded the maximum allowed size') => {
      expect(answer.status).toBe(413)
      expect(json(answer)).toEqual({ statusCode: '413', code: 'payload_too_large', error: 'Payload too large', message })
    }

    it('takes an avatar of exactly the bucket limit (2 MiB)', async () => {
      const res = await fetch(await uploadUrl('tam.png'), {
        method: 'POST',
        headers: await asOwner({ 'content-type': 'image/png' }),
        body: new Uint8Array(AVATAR_LIMIT),
      })
      expect(res.status).toBe(200)
      const info = await fetch(await uploadUrl('tam.png').then((u) => u.replace('/object/', '/object/info/')), { headers: await asOwner() })
      expect(await info.json()).toMatchObject({ size: AVATAR_LIMIT })
    })

    it('refuses an upload declared over the bucket limit without reading it', async () => {
      expectRefused(await declareOnly(await uploadUrl('buyuk.png'), AVATAR_LIMIT + 1, { headers: await asOwner({ 'content-type': 'image/png' }) }))
      // A form may carry fields beside the file, but not a file's worth of them.
      expectRefused(
        await declareOnly(await uploadUrl('buyuk.png'), AVATAR_LIMIT + 4 * MiB, {
          headers: await asOwner({ 'content-type': 'multipart/form-data; boundary=sinir' }),
        }),
      )
    })

    it('refuses a chunked upload as soon as it passes the bucket limit, and keeps nothing of it', async () => {
      const answer = await streamUntilAnswered(await uploadUrl('akan.png'), { headers: await asOwner({ 'content-type': 'image/png' }), total: 64 * MiB })
      expectRefused(answer)
      const { rows } = await stack.db.query(`select 1 from storage.objects where bucket_id = 'avatars' and name like '%/akan.png'`)
      expect(rows).toHaveLength(0)
    })

    it('takes a JSON body of exactly 256 KiB and refuses more, declared or chunked', async () => {
      const limit = BODY_LIMITS.storageJson
      const list = `${stack.url}/storage/v1/object/list/avatars`
      const res = await fetch(list, {
        method: 'POST',
        headers: await asOwner({ 'content-type': 'application/json' }),
        body: jsonOfSize(limit, { prefix: 'yok/', limit: 10 }).text,
      })
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual([])
      const message = `Request body too large: at most ${limit} bytes are accepted`
      expectRefused(await declareOnly(list, limit + 1, { headers: await asOwner({ 'content-type': 'application/json' }) }), message)
      const remove = `${stack.url}/storage/v1/object/avatars`
      expectRefused(
        await streamUntilAnswered(remove, { method: 'DELETE', headers: await asOwner({ 'content-type': 'application/json' }), total: 64 * MiB }),
        message,
      )
    })
  })

  it('refuses a message over 64 KiB to the local outbox', async () => {
    const url = `${stack.url}/__local/outbox/messages`
    const headers = { authorization: `Bearer ${stack.serviceRoleKey}`, 'content-type': 'application/json' }
    const declared = await declareOnly(url, BODY_LIMITS.localTools + 1, { headers })
    expect([declared.status, json(declared)]).toEqual([413, { error: 'payload_too_large' }])
    const streamed = await streamUntilAnswered(url, { headers, total: 64 * MiB })
    expect([streamed.status, json(streamed)]).toEqual([413, { error: 'payload_too_large' }])
  })

  describe('functions (1 MiB unless declared)', () => {
    const expectRefused = (answer: RawAnswer, limit: number) => {
      expect(answer.status).toBe(413)
      expect(answer.headers['sb-error-code']).toBe('payload_too_large')
      // The gateway's own answer, readable by the widget's page on another site.
      expect(answer.headers['access-control-allow-origin']).toBe('*')
      expect(json(answer)).toEqual({ code: 'payload_too_large', message: `Request body too large: this function accepts at most ${limit} bytes` })
    }

    it('takes a body of exactly 1 MiB', async () => {
      const res = await fetch(`${stack.url}/functions/v1/health`, { method: 'POST', body: new Uint8Array(BODY_LIMITS.functions) })
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ ok: true })
    })

    it('refuses an unauthenticated body over 1 MiB, declared or chunked, before chatbot-api runs', async () => {
      const url = `${stack.url}/functions/v1/chatbot-api`
      expectRefused(await declareOnly(url, BODY_LIMITS.functions + 1, { headers: { 'content-type': 'application/json' } }), BODY_LIMITS.functions)
      expectRefused(await streamUntilAnswered(url, { headers: { 'content-type': 'application/json' }, total: 64 * MiB }), BODY_LIMITS.functions)
    })

    it("holds whatsapp-webhook to the limit its module declares", async () => {
      const url = `${stack.url}/functions/v1/whatsapp-webhook/${crypto.randomUUID()}`
      expectRefused(await declareOnly(url, MiB + 1, { headers: { 'content-type': 'application/json' } }), MiB)
    })
  })
})
