// The storage API through supabase-js, with the client's fetch going straight
// into a Hono app that mounts it at /storage/v1, over the project's real
// schema (bootstrap + every migration, the avatars bucket and its policies
// included). The same suite runs on PGlite and on a real PostgreSQL 15.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTempPostgres } from '../../../tests/support/postgres.ts'
import { wsTransport } from '../../../tests/support/stack.ts'
import { loadConfig, type StackConfig } from '../config.ts'
import { openDatabase, type Database, type DbTarget } from '../db.ts'
import { signJwt } from '../jwt.ts'
import { prepareDatabase } from '../migrate.ts'
import type { StackContext } from '../server.ts'
import { createStorageApp } from './index.ts'
import { readUploadRequest } from './upload-body.ts'

const BASE_URL = 'http://local.test'
const MiB = 1024 * 1024

type Backend = { name: string; start: () => Promise<{ target: DbTarget; stop?: () => Promise<void> }> }

const backends: Backend[] = [
  { name: 'PGlite', start: async () => ({ target: { kind: 'memory' } }) },
  {
    name: 'PostgreSQL 15',
    start: async () => {
      const pg = await startTempPostgres()
      return { target: { kind: 'url', url: pg.url }, stop: () => pg.stop() }
    },
  },
]

// A 1×1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
const png = (extra = 0) => new Blob([PNG, randomBytes(extra)], { type: 'image/png' })
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex')
const bytesOf = async (b: Blob | Response) => new Uint8Array(await b.arrayBuffer())

type User = { id: string; jwt: string; client: SupabaseClient }

describe.each(backends)('storage API on $name', ({ start }) => {
  let db: Database
  let config: StackConfig
  let storageDir: string
  let stop: (() => Promise<void>) | undefined
  let fetchApp: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>
  let anon: SupabaseClient
  let service: SupabaseClient
  let a: User
  let b: User

  const client = (key: string, token?: string) =>
    createClient(BASE_URL, key, {
      global: { fetch: fetchApp },
      realtime: { transport: wsTransport },
      auth: { persistSession: false, autoRefreshToken: false },
      ...(token ? { accessToken: async () => token } : {}),
    })

  let seq = 0
  async function createUser(): Promise<User> {
    const id = randomUUID()
    const email = `avatar.${++seq}.${randomBytes(3).toString('hex')}@ornek.com.tr`
    const phone = `+905${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`
    await db.query(
      `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, email_confirmed_at, created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', $2, '{"provider":"email","providers":["email"]}', $3::jsonb, now(), now(), now())`,
      [id, email, JSON.stringify({ business_name: 'Kapadokya Seramik', phone_number: phone })],
    )
    const exp = Math.floor(Date.now() / 1000) + 3600
    const jwt = await signJwt(config, { sub: id, role: 'authenticated', aud: 'authenticated', email, exp })
    return { id, jwt, client: client(config.anonKey, jwt) }
  }

  /** A raw request to /storage/v1…, for what supabase-js does not expose. */
  const request = (pathAndQuery: string, init: RequestInit = {}) => fetchApp(`${BASE_URL}/storage/v1${pathAndQuery}`, init)
  const avatarPath = (user: User, ext = 'png') => `${user.id}/${Date.now()}-${++seq}.${ext}`
  const versionsOn = async (key: string) => readdir(path.join(storageDir, 'avatars', ...key.split('/'))).catch(() => [])

  beforeAll(async () => {
    const started = await start()
    stop = started.stop
    db = await openDatabase(started.target)
    await prepareDatabase(db)
    storageDir = await mkdtemp(path.join(tmpdir(), 'storage-test-'))
    config = loadConfig({})
    const ctx: StackContext = { db, config, storageDir, apiUrl: () => BASE_URL }
    const app = new Hono()
    app.route('/storage/v1', createStorageApp(ctx))
    fetchApp = async (input, init) => app.request(new Request(input, init))
    anon = client(config.anonKey)
    service = client(config.serviceRoleKey)
    a = await createUser()
    b = await createUser()
  })

  afterAll(async () => {
    await db?.close()
    await stop?.()
    if (storageDir) await rm(storageDir, { recursive: true, force: true })
  })

  it('uploads an avatar, then serves the same bytes and type from its public URL', async () => {
    const key = avatarPath(a)
    const file = png(100)
    const { data, error } = await a.client.storage.from('avatars').upload(key, file, { cacheControl: '3600', upsert: false })
    expect(error).toBeNull()
    expect(data).toMatchObject({ path: key, fullPath: `avatars/${key}` })
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/)

    const { data: url } = a.client.storage.from('avatars').getPublicUrl(key)
    expect(url.publicUrl).toBe(`${BASE_URL}/storage/v1/object/public/avatars/${key}`)
    const res = await fetchApp(url.publicUrl)
    expect(res.status).toBe(200)
    const body = await bytesOf(res)
    expect(body).toEqual(await bytesOf(file))
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('content-length')).toBe(String(file.size))
    expect(res.headers.get('cache-control')).toBe('max-age=3600')
    expect(res.headers.get('etag')).toBe(`"${md5(body)}"`)
    expect(res.headers.get('last-modified')).toMatch(/GMT$/)

    // The row is the caller's, written under RLS; the bytes sit in one version file.
    const { rows } = await db.query<{ owner: string; owner_id: string; size: number; mimetype: string }>(
      `select owner::text, owner_id, (metadata->>'size')::int as size, metadata->>'mimetype' as mimetype
       from storage.objects where bucket_id = 'avatars' and name = $1`,
      [key],
    )
    expect(rows).toEqual([{ owner: a.id, owner_id: a.id, size: file.size, mimetype: 'image/png' }])
    expect(await versionsOn(key)).toHaveLength(1)

    // The public URL needs no key or token, and HEAD answers with the headers alone.
    const head = await fetchApp(url.publicUrl, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(file.size))
    expect((await head.arrayBuffer()).byteLength).toBe(0)
  })

  it('downloads through the authenticated endpoints and reports info and existence', async () => {
    const key = avatarPath(a)
    const file = png(10)
    await a.client.storage.from('avatars').upload(key, file)
    const { data, error } = await a.client.storage.from('avatars').download(key)
    expect(error).toBeNull()
    expect(await bytesOf(data!)).toEqual(await bytesOf(file))

    const res = await request(`/object/authenticated/avatars/${key}`, { headers: { authorization: `Bearer ${a.jwt}` } })
    expect(res.status).toBe(200)
    expect(await bytesOf(res)).toEqual(await bytesOf(file))

    const info = await a.client.storage.from('avatars').info(key)
    expect(info.error).toBeNull()
    expect(info.data).toMatchObject({ name: key, bucketId: 'avatars', size: file.size, contentType: 'image/png' })
    expect((await a.client.storage.from('avatars').exists(key)).data).toBe(true)
    expect((await a.client.storage.from('avatars').exists(`${a.id}/missing.png`)).data).toBe(false)

    const ranged = await fetchApp(a.client.storage.from('avatars').getPublicUrl(key).data.publicUrl, { headers: { range: 'bytes=0-7' } })
    expect(ranged.status).toBe(206)
    expect(ranged.headers.get('content-range')).toBe(`bytes 0-7/${file.size}`)
    expect(Buffer.from(await bytesOf(ranged))).toEqual(PNG.subarray(0, 8))
  })

  it('refuses to overwrite without upsert, and replaces with it', async () => {
    const key = avatarPath(a)
    const first = png(1)
    const second = png(2000)
    expect((await a.client.storage.from('avatars').upload(key, first)).error).toBeNull()

    const dup = await a.client.storage.from('avatars').upload(key, second, { upsert: false })
    expect(dup.data).toBeNull()
    expect(dup.error).toMatchObject({ name: 'StorageApiError', status: 400, statusCode: '409', message: 'The resource already exists' })

    const replaced = await a.client.storage.from('avatars').upload(key, second, { upsert: true })
    expect(replaced.error).toBeNull()
    const res = await fetchApp(a.client.storage.from('avatars').getPublicUrl(key).data.publicUrl)
    expect(await bytesOf(res)).toEqual(await bytesOf(second))
    expect(res.headers.get('content-length')).toBe(String(second.size))
    // The replaced version's file is gone once the new row committed.
    expect(await versionsOn(key)).toHaveLength(1)

    // update() is an upsert too, here with a raw body and its own cache lifetime.
    const third = Buffer.concat([PNG, Buffer.from('third')])
    const updated = await a.client.storage.from('avatars').update(key, third, { contentType: 'image/png', cacheControl: '60' })
    expect(updated.error).toBeNull()
    expect(updated.data!.id).toBe(replaced.data!.id)
    const again = await fetchApp(a.client.storage.from('avatars').getPublicUrl(key).data.publicUrl)
    expect(Buffer.from(await bytesOf(again))).toEqual(third)
    expect(again.headers.get('cache-control')).toBe('max-age=60')
  })

  it('lists a folder the way storage does: sub-folders first with a null id, then files', async () => {
    const folder = `${a.id}/list-${++seq}`
    await a.client.storage.from('avatars').upload(`${folder}/b.png`, png())
    await a.client.storage.from('avatars').upload(`${folder}/a.png`, png(5))
    await a.client.storage.from('avatars').upload(`${folder}/nested/c.png`, png())

    const { data, error } = await a.client.storage.from('avatars').list(folder)
    expect(error).toBeNull()
    expect(data!.map((e) => e.name)).toEqual(['nested', 'a.png', 'b.png'])
    expect(data![0]).toEqual({ name: 'nested', id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null })
    expect(data![1]).toMatchObject({ name: 'a.png', metadata: { size: PNG.length + 5, mimetype: 'image/png' } })
    expect(data![1]!.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(data![1]!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)

    const page = await a.client.storage.from('avatars').list(folder, { limit: 1, offset: 1, sortBy: { column: 'name', order: 'desc' } })
    expect(page.data!.map((e) => e.name)).toEqual(['b.png'])
    const searched = await a.client.storage.from('avatars').list(folder, { search: 'b' })
    expect(searched.data!.map((e) => e.name)).toEqual(['b.png'])

    // RLS: the other user sees nothing of it, not even at the root.
    expect((await b.client.storage.from('avatars').list(folder)).data).toEqual([])
    const root = await a.client.storage.from('avatars').list()
    expect(root.data!.map((e) => e.name)).toEqual([a.id])
  })

  it('removes objects, after which the public URL answers Object not found', async () => {
    const keys = [avatarPath(a), avatarPath(a)]
    for (const key of keys) await a.client.storage.from('avatars').upload(key, png())

    // Another user's removal matches nothing under RLS.
    expect((await b.client.storage.from('avatars').remove(keys)).data).toEqual([])

    const { data, error } = await a.client.storage.from('avatars').remove([...keys, `${a.id}/never-there.png`])
    expect(error).toBeNull()
    expect(data!.map((o) => o.name).sort()).toEqual([...keys].sort())
    expect(data![0]).toMatchObject({ bucket_id: 'avatars', owner: a.id, metadata: { mimetype: 'image/png' } })

    const res = await fetchApp(a.client.storage.from('avatars').getPublicUrl(keys[0]!).data.publicUrl)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' })
    expect(existsSync(path.join(storageDir, 'avatars', ...keys[0]!.split('/')))).toBe(false)
    const download = await a.client.storage.from('avatars').download(keys[0]!)
    expect(download.error).toMatchObject({ statusCode: '404', message: 'Object not found' })
  })

  it('walks nested folders one level at a time, a page at a time, folders before files', async () => {
    const folder = `${a.id}/walk-${++seq}`
    for (const key of ['a.png', 'sub/nested.png', 'sub/deeper/x.png']) {
      expect((await a.client.storage.from('avatars').upload(`${folder}/${key}`, png())).error).toBeNull()
    }
    const names = async (prefix: string, options?: { limit: number; offset: number }) => {
      const { data, error } = await service.storage.from('avatars').list(prefix, options)
      expect(error).toBeNull()
      return data!.map((e) => [e.name, e.id === null ? 'folder' : 'file'])
    }
    expect(await names(folder)).toEqual([['sub', 'folder'], ['a.png', 'file']])
    expect(await names(`${folder}/sub`)).toEqual([['deeper', 'folder'], ['nested.png', 'file']])
    expect(await names(`${folder}/sub/`)).toEqual([['deeper', 'folder'], ['nested.png', 'file']])
    expect(await names(`${folder}/sub/deeper`)).toEqual([['x.png', 'file']])
    // Pages run across the folders and then the files.
    expect(await names(folder, { limit: 1, offset: 0 })).toEqual([['sub', 'folder']])
    expect(await names(folder, { limit: 1, offset: 1 })).toEqual([['a.png', 'file']])
    expect(await names(folder, { limit: 1, offset: 2 })).toEqual([])
  })

  it('removes at most 1000 objects in one request, as storage does', async () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `${a.id}/bulk-${i}.png`)
    const kept = `${a.id}/bulk-0.png`
    await a.client.storage.from('avatars').upload(kept, png())

    const tooMany = await a.client.storage.from('avatars').remove(names(1001))
    expect(tooMany.data).toBeNull()
    expect(tooMany.error).toMatchObject({ status: 400, statusCode: '400', message: 'Bulk object requests are limited to 1000 objects per request.' })
    expect((await a.client.storage.from('avatars').exists(kept)).data).toBe(true)

    const most = await a.client.storage.from('avatars').remove(names(1000))
    expect(most.error).toBeNull()
    expect(most.data!.map((o) => o.name)).toEqual([kept])
  })

  it("refuses an upload into another user's folder, with or without upsert", async () => {
    const key = avatarPath(a)
    await a.client.storage.from('avatars').upload(key, png())
    for (const [target, upsert] of [[avatarPath(a), false], [key, true], [avatarPath(a), true]] as const) {
      const { data, error } = await b.client.storage.from('avatars').upload(target, png(), { upsert })
      expect(data).toBeNull()
      expect(error).toMatchObject({ status: 400, statusCode: '403', message: 'new row violates row-level security policy' })
    }
    // B's own folder is fine; A's file is untouched.
    expect((await b.client.storage.from('avatars').upload(avatarPath(b), png())).error).toBeNull()
    expect(await versionsOn(key)).toHaveLength(1)
  })

  it('refuses anonymous uploads and bad tokens', async () => {
    const { error } = await anon.storage.from('avatars').upload(`${a.id}/anon.png`, png())
    expect(error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' })

    const expired = await signJwt(config, { sub: a.id, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) - 10 })
    const late = await client(config.anonKey, expired).storage.from('avatars').upload(avatarPath(a), png())
    expect(late.error).toMatchObject({ statusCode: '403', message: 'jwt expired' })

    const res = await request(`/object/avatars/${a.id}/nokey.png`, { method: 'POST', headers: { 'content-type': 'image/png' }, body: PNG })
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ message: 'No API key found in request' })
  })

  it('enforces the bucket size limit: 2 MiB passes, one byte more is refused', async () => {
    const exact = new Blob([new Uint8Array(2 * MiB)], { type: 'image/png' })
    expect((await a.client.storage.from('avatars').upload(avatarPath(a), exact)).error).toBeNull()

    const key = avatarPath(a)
    const tooBig = new Blob([new Uint8Array(2 * MiB + 1)], { type: 'image/png' })
    const { error } = await a.client.storage.from('avatars').upload(key, tooBig)
    // A body over its limit is the stack's 413 payload_too_large (storage itself answers 400 EntityTooLarge).
    expect(error).toMatchObject({ status: 413, statusCode: '413', message: 'The object exceeded the maximum allowed size' })
    // As a raw body the declared length is refused before reading.
    const raw = await a.client.storage.from('avatars').upload(key, Buffer.alloc(2 * MiB + 1), { contentType: 'image/jpeg' })
    expect(raw.error).toMatchObject({ status: 413, statusCode: '413' })
    const { rows } = await db.query('select 1 from storage.objects where name = $1', [key])
    expect(rows).toHaveLength(0)
    expect(await readdir(path.join(storageDir, '.uploads'))).toEqual([])
  })

  it('accepts image types only, and not SVG', async () => {
    const text = await a.client.storage.from('avatars').upload(avatarPath(a, 'txt'), new Blob(['merhaba'], { type: 'text/plain' }))
    expect(text.error).toMatchObject({ status: 400, statusCode: '415', message: 'mime type text/plain is not supported' })

    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    const asBlob = await a.client.storage.from('avatars').upload(avatarPath(a, 'svg'), new Blob([svg], { type: 'image/svg+xml' }))
    expect(asBlob.error).toMatchObject({ statusCode: '415', message: 'mime type image/svg+xml is not supported' })
    const asRaw = await a.client.storage.from('avatars').upload(avatarPath(a, 'svg'), Buffer.from(svg), { contentType: 'image/svg+xml' })
    expect(asRaw.error).toMatchObject({ statusCode: '415' })

    for (const type of ['image/jpeg', 'image/webp', 'image/gif']) {
      const ok = await a.client.storage.from('avatars').upload(avatarPath(a), new Blob([PNG], { type }))
      expect(ok.error).toBeNull()
    }
  })

  it('refuses keys that would leave the bucket folder', async () => {
    const escape = path.join(storageDir, '..', 'escape.png')
    for (const key of [`${a.id}/..%2F..%2F..%2Fescape.png`, `${a.id}/a%00b.png`, `${a.id}/..%5C..%5Cescape.png`, `${a.id}/.%2Fx.png`]) {
      const { error } = await a.client.storage.from('avatars').upload(key, png())
      expect(error, key).toMatchObject({ status: 400, statusCode: '400' })
      expect(error!.message, key).toMatch(/^Invalid key: /)
    }
    // Dot segments, even percent-encoded, are resolved by URL parsing before any server sees them.
    const dotted = await a.client.storage.from('avatars').upload(`${a.id}/%2E%2E/%2E%2E/escape.png`, png())
    expect(dotted.error).toMatchObject({ status: 404, message: 'Route POST:/object/escape.png not found' })
    const raw = await request(`/object/avatars/${a.id}/..%2F..%2F..%2Fescape.png`, {
      method: 'POST',
      headers: { apikey: config.anonKey, authorization: `Bearer ${a.jwt}`, 'content-type': 'image/png' },
      body: PNG,
    })
    expect(await raw.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' })
    const empty = await a.client.storage.from('avatars').download(`${a.id}//double.png`)
    expect(empty.error).toMatchObject({ statusCode: '400' })
    expect(existsSync(escape)).toBe(false)
    expect(await readdir(storageDir)).toEqual(expect.not.arrayContaining(['escape.png']))
  })

  it('serves signed URLs and refuses tampered, misplaced or expired tokens', async () => {
    const key = avatarPath(a)
    const file = png(42)
    await a.client.storage.from('avatars').upload(key, file)
    const { data, error } = await a.client.storage.from('avatars').createSignedUrl(key, 60)
    expect(error).toBeNull()
    expect(data!.signedUrl).toMatch(new RegExp(`^${BASE_URL}/storage/v1/object/sign/avatars/${key}\\?token=`))
    const res = await fetchApp(data!.signedUrl)
    expect(res.status).toBe(200)
    expect(await bytesOf(res)).toEqual(await bytesOf(file))
    expect(res.headers.get('expires')).toMatch(/GMT$/)

    const token = new URL(data!.signedUrl).searchParams.get('token')!
    const [header, payload, signature] = token.split('.')
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString())
    const forged = Buffer.from(JSON.stringify({ ...claims, url: `avatars/${b.id}/x.png` })).toString('base64url')
    const tampered = await request(`/object/sign/avatars/${b.id}/x.png?token=${header}.${forged}.${signature}`)
    expect(tampered.status).toBe(400)
    expect(await tampered.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT', message: 'invalid signature' })

    const elsewhere = await request(`/object/sign/avatars/${a.id}/other.png?token=${token}`)
    expect(await elsewhere.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature' })

    const old = await signJwt(config, { url: `avatars/${key}`, iat: 1, exp: 2 })
    const expired = await request(`/object/sign/avatars/${key}?token=${old}`)
    expect(await expired.json()).toMatchObject({ code: 'InvalidJWT', message: 'jwt expired' })

    // Signing goes through RLS: B cannot sign A's file.
    const foreign = await b.client.storage.from('avatars').createSignedUrl(key, 60)
    expect(foreign.error).toMatchObject({ statusCode: '404', message: 'Object not found' })
    const many = await a.client.storage.from('avatars').createSignedUrls([key, `${a.id}/nope.png`], 60)
    expect(many.data!.map((d) => d.error)).toEqual([null, 'Either the object does not exist or you do not have access to it'])
  })

  it('uploads through a signed upload URL', async () => {
    const key = avatarPath(a)
    const signed = await a.client.storage.from('avatars').createSignedUploadUrl(key)
    expect(signed.error).toBeNull()
    const up = await anon.storage.from('avatars').uploadToSignedUrl(key, signed.data!.token, png(3))
    expect(up.error).toBeNull()
    expect(up.data).toMatchObject({ path: key, fullPath: `avatars/${key}` })
    const { rows } = await db.query<{ owner_id: string }>('select owner_id from storage.objects where name = $1', [key])
    expect(rows).toEqual([{ owner_id: a.id }])
    // Signing is refused up front where the signer may not write.
    expect((await b.client.storage.from('avatars').createSignedUploadUrl(avatarPath(a))).error).toMatchObject({ statusCode: '403' })
  })

  it('copies and moves within the owner folder only', async () => {
    const key = avatarPath(a)
    const file = png(7)
    await a.client.storage.from('avatars').upload(key, file)
    const copyKey = `${a.id}/copy-${++seq}.png`
    const copied = await a.client.storage.from('avatars').copy(key, copyKey)
    expect(copied.error).toBeNull()
    expect(copied.data).toEqual({ path: `avatars/${copyKey}` })

    const movedKey = `${a.id}/moved-${++seq}.png`
    const moved = await a.client.storage.from('avatars').move(copyKey, movedKey)
    expect(moved.error).toBeNull()
    expect(moved.data).toMatchObject({ message: 'Successfully moved' })
    const res = await fetchApp(a.client.storage.from('avatars').getPublicUrl(movedKey).data.publicUrl)
    expect(await bytesOf(res)).toEqual(await bytesOf(file))
    expect(await versionsOn(copyKey)).toEqual([])

    const stolen = await a.client.storage.from('avatars').move(movedKey, `${b.id}/stolen.png`)
    expect(stolen.error).toMatchObject({ statusCode: '403' })
    expect((await b.client.storage.from('avatars').copy(key, `${b.id}/copy.png`)).error).toMatchObject({ statusCode: '404' })
  })

  it("applies the destination bucket's types and size to copies and moves", async () => {
    // A bucket without limits, to hold what avatars refuses.
    const loose = `loose-${++seq}`
    expect((await service.storage.createBucket(loose, { public: false })).error).toBeNull()
    expect((await service.storage.from(loose).upload('note.txt', new Blob(['merhaba'], { type: 'text/plain' }))).error).toBeNull()
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    expect((await service.storage.from(loose).upload('icon.svg', new Blob([svg], { type: 'image/svg+xml' }))).error).toBeNull()
    const big = new Blob([PNG, new Uint8Array(2 * MiB)], { type: 'image/png' })
    expect((await service.storage.from(loose).upload('big.png', big)).error).toBeNull()
    const objectsAt = async (bucket: string, name: string) =>
      (await db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, name])).rows.length

    // Wrong type: copy and move are refused as an upload of it would be, and nothing lands.
    for (const [from, type] of [['note.txt', 'text/plain'], ['icon.svg', 'image/svg+xml']] as const) {
      const to = `${a.id}/from-${from}.png`
      const copied = await service.storage.from(loose).copy(from, to, { destinationBucket: 'avatars' })
      expect(copied.error).toMatchObject({ status: 400, statusCode: '415', message: `mime type ${type} is not supported` })
      const moved = await service.storage.from(loose).move(from, to, { destinationBucket: 'avatars' })
      expect(moved.error).toMatchObject({ status: 400, statusCode: '415', message: `mime type ${type} is not supported` })
      expect(await objectsAt('avatars', to)).toBe(0)
      expect(await versionsOn(to)).toEqual([])
      expect(await objectsAt(loose, from)).toBe(1)
    }

    // Too big for avatars (2 MiB): refused with storage's 413, the source kept.
    const bigTo = `${a.id}/big-${++seq}.png`
    const bigCopy = await service.storage.from(loose).copy('big.png', bigTo, { destinationBucket: 'avatars' })
    expect(bigCopy.error).toMatchObject({ status: 400, statusCode: '413', message: 'The object exceeded the maximum allowed size' })
    const bigMove = await service.storage.from(loose).move('big.png', bigTo, { destinationBucket: 'avatars' })
    expect(bigMove.error).toMatchObject({ statusCode: '413' })
    expect(await objectsAt('avatars', bigTo)).toBe(0)
    expect(await objectsAt(loose, 'big.png')).toBe(1)

    // The owner, copying within avatars, cannot retype a picture past the allow-list either.
    const key = avatarPath(a)
    await a.client.storage.from('avatars').upload(key, png(5))
    const retypedKey = `${a.id}/retyped-${++seq}.html`
    const copyAs = (mimetype: unknown) =>
      request('/object/copy', {
        method: 'POST',
        headers: { apikey: config.anonKey, authorization: `Bearer ${a.jwt}`, 'content-type': 'application/json' },
        body: JSON.stringify({ bucketId: 'avatars', sourceKey: key, destinationKey: retypedKey, copyMetadata: false, metadata: { mimetype } }),
      })
    const retyped = await copyAs('text/html')
    expect(retyped.status).toBe(400)
    expect(await retyped.json()).toEqual({
      statusCode: '415',
      code: 'InvalidMimeType',
      error: 'invalid_mime_type',
      message: 'mime type text/html is not supported',
    })
    expect(await objectsAt('avatars', retypedKey)).toBe(0)
    expect(await (await copyAs(42)).json()).toMatchObject({ statusCode: '400', message: 'body/metadata/mimetype must be string' })
    // A type the bucket allows is still a type one may give a copy.
    const asJpeg = await copyAs('image/jpeg')
    expect(asJpeg.status).toBe(200)
    const { rows } = await db.query<{ mimetype: string }>(
      `select metadata->>'mimetype' as mimetype from storage.objects where bucket_id = 'avatars' and name = $1`,
      [retypedKey],
    )
    expect(rows).toEqual([{ mimetype: 'image/jpeg' }])

    // What fits still moves across buckets.
    const fits = `${a.id}/fits-${++seq}.png`
    expect((await service.storage.from(loose).upload('small.png', png(1))).error).toBeNull()
    expect((await service.storage.from(loose).move('small.png', fits, { destinationBucket: 'avatars' })).error).toBeNull()
    expect(await objectsAt('avatars', fits)).toBe(1)
    expect(await objectsAt(loose, 'small.png')).toBe(0)
  })

  it('serves objects with nosniff and a sandboxing CSP, and active types only as attachments', async () => {
    const key = avatarPath(a)
    await a.client.storage.from('avatars').upload(key, png(9))
    const signed = (await a.client.storage.from('avatars').createSignedUrl(key, 60)).data!.signedUrl
    const served = [
      await fetchApp(a.client.storage.from('avatars').getPublicUrl(key).data.publicUrl),
      await request(`/object/authenticated/avatars/${key}`, { headers: { apikey: config.anonKey, authorization: `Bearer ${a.jwt}` } }),
      await request(`/object/avatars/${key}`, { method: 'HEAD', headers: { apikey: config.anonKey } }),
      await fetchApp(signed),
    ]
    for (const res of served) {
      expect(res.status).toBe(200)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
      // Pictures stay pictures: shown, not downloaded.
      expect(res.headers.get('content-disposition')).toBeNull()
      expect(res.headers.get('content-type')).toBe('image/png')
    }

    // A bucket that takes SVG and HTML: they are stored, and only ever downloaded.
    const vectors = `vectors-${++seq}`
    expect(
      (await service.storage.createBucket(vectors, { public: true, allowedMimeTypes: ['image/svg+xml', 'text/html', 'application/xml'] })).error,
    ).toBeNull()
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>'
    for (const [name, type, body] of [
      ['logo.svg', 'image/svg+xml', svg],
      ['page.html', 'text/html', '<script>alert(1)</script>'],
      ['feed.xml', 'application/xml', '<x/>'],
    ] as const) {
      expect((await service.storage.from(vectors).upload(`brand/${name}`, new Blob([body], { type }))).error).toBeNull()
      const res = await fetchApp(service.storage.from(vectors).getPublicUrl(`brand/${name}`).data.publicUrl)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename=${name}; filename*=UTF-8''${name};`)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
      expect(await res.text()).toBe(body)
    }
    // Asking for a download by name still names it as asked.
    const named = await fetchApp(`${service.storage.from(vectors).getPublicUrl('brand/logo.svg').data.publicUrl}?download=marka.svg`)
    expect(named.headers.get('content-disposition')).toBe("attachment; filename=marka.svg; filename*=UTF-8''marka.svg;")
  })

  it('shows buckets to the service role only, as without bucket policies on hosted Supabase', async () => {
    const { data, error } = await service.storage.getBucket('avatars')
    expect(error).toBeNull()
    expect(data).toMatchObject({
      id: 'avatars',
      name: 'avatars',
      public: true,
      file_size_limit: 2097152,
      allowed_mime_types: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
    })
    expect((await service.storage.listBuckets()).data!.map((bk) => bk.id)).toContain('avatars')
    expect((await a.client.storage.listBuckets()).data).toEqual([])
    expect((await a.client.storage.getBucket('avatars')).error).toMatchObject({ statusCode: '404', message: 'Bucket not found' })
    expect((await a.client.storage.from('nope').upload(`${a.id}/x.png`, png())).error).toMatchObject({ statusCode: '404', message: 'Bucket not found' })

    // The service role bypasses RLS; its objects have no owner.
    const key = avatarPath(a)
    expect((await service.storage.from('avatars').upload(key, png())).error).toBeNull()
    const { rows } = await db.query<{ owner: string | null }>('select owner::text from storage.objects where name = $1', [key])
    expect(rows).toEqual([{ owner: null }])

    // Private buckets are created, read and emptied through the API like hosted ones.
    const id = `private-${++seq}`
    expect((await service.storage.createBucket(id, { public: false, fileSizeLimit: '1MB' })).error).toBeNull()
    expect((await service.storage.getBucket(id)).data).toMatchObject({ public: false, file_size_limit: 1_000_000 })
    expect((await service.storage.from(id).upload('doc.txt', new Blob(['gizli'], { type: 'text/plain' }))).error).toBeNull()
    const publicRead = await fetchApp(service.storage.from(id).getPublicUrl('doc.txt').data.publicUrl)
    expect(await publicRead.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' })
    expect((await anon.storage.from(id).download('doc.txt')).error).toMatchObject({ statusCode: '404' })
    expect((await service.storage.deleteBucket(id)).error).toMatchObject({ statusCode: '409' })
    expect((await service.storage.emptyBucket(id)).error).toBeNull()
    expect((await service.storage.deleteBucket(id)).data).toEqual({ message: 'Successfully deleted' })
    expect(existsSync(path.join(storageDir, id, 'doc.txt'))).toBe(false)
  })
})

describe('upload bodies', () => {
  it('parses a multipart form however its bytes are split', async () => {
    const content = Buffer.concat([PNG, Buffer.from('\r\n--not-the-boundary\r\n'), randomBytes(300)])
    const form = new FormData()
    form.append('cacheControl', '120')
    form.append('metadata', JSON.stringify({ source: 'settings' }))
    form.append('', new Blob([content], { type: 'image/webp' }), 'avatar.webp')
    const encoded = new Response(form)
    const contentType = encoded.headers.get('content-type')!
    const bytes = new Uint8Array(await encoded.arrayBuffer())
    for (const step of [1, 2, 3, 7, 64, 4096]) {
      let at = 0
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (at >= bytes.length) return controller.close()
          controller.enqueue(bytes.slice(at, (at += step)))
        },
      })
      const request = new Request('http://local.test/', { method: 'POST', body, headers: { 'content-type': contentType }, duplex: 'half' } as RequestInit)
      const upload = await readUploadRequest(request)
      expect(upload).toMatchObject({ mimeType: 'image/webp', cacheControl: 'max-age=120', userMetadata: { source: 'settings' } })
      const parts: Uint8Array[] = []
      for await (const chunk of upload.chunks()) parts.push(chunk)
      expect(Buffer.concat(parts), `chunks of ${step}`).toEqual(content)
      await upload.discard()
    }
  })
})
