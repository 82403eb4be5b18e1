// The owner's data rights, through supabase-js as the app calls them: the
// archive (export-data) holds what the server holds for the owner and no
// credential; deleting the account (delete-account) erases the owner, their
// rows and files (at any depth of their folder), keeps purchase records
// detached, and refuses anyone but the owner who names their own e-mail.
// Both serve any signed-in owner, phone verified or not; and a deleted
// owner's access token, still unexpired, uploads nothing.
import { randomBytes, randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import * as XLSX from 'xlsx'
import { describe, expect, it } from 'vitest'
import { ARCHIVE_FILES, SHEET_NAMES } from '../../supabase/functions/export-data/archive.ts'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { openOwnerDatabase } from '../../src/db/database.ts'
import { dexieStorage } from '../../src/db/storage.ts'
import { appointmentInput, customerInput, productInput } from '../support/factories.ts'
import { closeAll, eventually, openDevice } from '../sync/devices.ts'
import { BACKENDS, makeClient, useTestStack, type Owner, type TestStack } from '../support/stack.ts'

type Row = Record<string, unknown>

/** A 1×1 PNG: the avatars bucket takes images only. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

/** What the owner writes on the Business info tab. */
const BUSINESS_PROFILE = {
  address: 'Bağdat Cad. No: 12, Kadıköy, İstanbul',
  maps_url: 'https://maps.app.goo.gl/AbC123',
  contact_phone: '+90 216 555 12 34',
  contact_email: 'merhaba@ornek.com.tr',
  opening_hours: { mon: [['09:00', '18:00']], sat: [['10:00', '14:00']] },
  time_zone: 'Europe/Istanbul',
  shipping_info: 'Kargo 50 TL, 500 TL üzeri ücretsiz.',
  returns_info: '14 gün içinde iade.',
  payment_info: 'Kart ve havale.',
  ordering_info: 'WhatsApp’tan sipariş verebilirsiniz.',
}
const FAQ = [
  { question: 'Kargo ücretli mi?', answer: 'Evet, 50 TL.' },
  { question: 'Eşarplar yıkanabilir mi?', answer: 'Elde, soğuk suyla.' },
]

type Seeded = {
  productId: string
  deletedProductId: string
  customerId: string
  appointmentId: string
  transactionId: string
  paymentId: string
  avatarPath: string
  /** Values that must never leave the server in an archive. */
  secrets: string[]
}

async function insert(client: SupabaseClient, table: string, row: Row): Promise<string> {
  const { data, error } = await client.from(table).insert(row).select('id').single()
  if (error || !data) throw new Error(`seeding ${table} failed: ${error?.code} ${error?.message}`)
  return (data as { id: string }).id
}

/** Everything an owner accumulates using the product, credentials included. */
async function seedOwner(stack: TestStack, owner: Owner): Promise<Seeded> {
  const id = owner.user.id
  const c = owner.client
  const service = stack.service()
  const productId = await insert(c, 'products', productInput(id, { name: 'İpek Eşarp — ihracat', price: 980.5, product_link: 'https://ornek.com.tr/esarp' }))
  const deletedProductId = await insert(c, 'products', productInput(id, { name: 'Eski Ürün' }))
  await c.from('products').update({ _deleted: true }).eq('id', deletedProductId).throwOnError()
  const customerId = await insert(c, 'customers', customerInput(id, { name: 'Ayşe Yılmaz', email: 'ayse@ornek.com.tr' }))
  const appointmentId = await insert(c, 'appointments', appointmentInput(id, customerId, { description: 'Saç kesimi' }))
  await c.from('chatbot_configs').update({ bot_name: 'Şirin', website_url: 'https://ornek.com.tr' }).eq('user_id', id).throwOnError()
  await c.from('business_profiles').update(BUSINESS_PROFILE).eq('user_id', id).throwOnError()
  for (const entry of FAQ) await c.from('faq_entries').insert({ ...entry, user_id: id }).throwOnError()
  const conversationId = await insert(service, 'conversations', { user_id: id, channel: 'widget' })
  await service.from('chatbot_messages').insert([
    { user_id: id, channel: 'widget', conversation_id: conversationId, author: 'customer', content: 'Eşarp kaç lira?' },
    { user_id: id, channel: 'widget', conversation_id: conversationId, author: 'assistant', content: 'İpek Eşarp 980,50 TL.' },
  ]).throwOnError()
  await service.from('whatsapp_inbound_messages').insert({ user_id: id, message_id: `wamid.${randomUUID()}`, wa_id: '905321234567', kind: 'text', body: 'Merhaba, randevu alabilir miyim?' }).throwOnError()
  await service.from('outgoing_messages').insert({ user_id: id, channel: 'sms', recipient: '+905321234567', body: 'Randevunuz yarın 10:30', provider: 'local', status: 'sent' }).throwOnError()
  const transactionId = await insert(service, 'transactions', { user_id: id, amount: 1500, credits_purchased: 250, status: 'completed', provider: 'local', provider_session_id: `cs_${randomUUID()}`, price_id: 'price_starter' })
  const paymentId = await insert(service, 'payments', { user_id: id, provider: 'local', provider_session_id: `cs_${randomUUID()}`, price_id: 'price_starter', credits: 250, amount: 1500, status: 'paid' })

  const accessToken = `EAAG${randomBytes(60).toString('base64url')}`
  const appSecret = randomBytes(16).toString('hex')
  const { error: credentialsError } = await c.rpc('set_whatsapp_credentials', { p_access_token: accessToken, p_phone_number_id: '123456789012345', p_app_secret: appSecret })
  if (credentialsError) throw new Error(`saving credentials failed: ${credentialsError.message}`)
  const { data: made, error: tokenError } = await c.functions.invoke('automation-token', { body: { action: 'create', password: owner.password } })
  if (tokenError) throw new Error(`creating the automation token failed: ${String(tokenError)}`)
  const { data: channel, error: channelError } = await c.rpc('get_whatsapp_channel')
  if (channelError) throw new Error(`reading the channel failed: ${channelError.message}`)
  const hash = await stack.db.query<{ token_hash: string }>('select token_hash from public.automation_tokens where user_id = $1', [id])

  const avatarPath = `${id}/${Date.now()}.png`
  const uploaded = await c.storage.from('avatars').upload(avatarPath, PNG, { contentType: 'image/png' })
  if (uploaded.error) throw new Error(`uploading the avatar failed: ${uploaded.error.message}`)
  await c.from('users').update({ avatar_url: c.storage.from('avatars').getPublicUrl(avatarPath).data.publicUrl }).eq('id', id).throwOnError()

  const secrets = [accessToken, appSecret, (made as { token: string }).token, hash.rows[0]!.token_hash, (channel as { verify_token: string }).verify_token, owner.password]
  return { productId, deletedProductId, customerId, appointmentId, transactionId, paymentId, avatarPath, secrets }
}

type Archive = { names: string[]; json(name: string): unknown; text(name: string): string; workbook: XLSX.WorkBook }

function openArchive(bytes: Uint8Array): Archive {
  const zip = XLSX.CFB.read(Buffer.from(bytes), { type: 'buffer' }) as { FileIndex: Array<{ name: string; type: number }>; FullPaths: string[] }
  const names = zip.FullPaths.filter((p, i) => zip.FileIndex[i]!.type === 2 && !p.endsWith('Sh33tJ5')).map((p) => p.replace(/^Root Entry\//, ''))
  const content = (name: string) => {
    const entry = XLSX.CFB.find(zip, name) as { content: Uint8Array } | null
    if (!entry) throw new Error(`${name} is not in the archive`)
    return Buffer.from(entry.content)
  }
  return {
    names,
    text: (name) => content(name).toString('utf8'),
    json: (name) => JSON.parse(content(name).toString('utf8')) as unknown,
    workbook: XLSX.read(content('business-data.xlsx'), { type: 'buffer' }),
  }
}

async function exportOf(client: SupabaseClient): Promise<Archive> {
  const { data, error } = await client.functions.invoke('export-data')
  if (error) throw new Error(`export-data failed: ${String(error)}`)
  expect(data).toBeInstanceOf(Blob)
  return openArchive(new Uint8Array(await (data as Blob).arrayBuffer()))
}

/** The status and body of a function's answer, refusals included. */
async function call(client: SupabaseClient, name: string, body?: Row): Promise<{ status: number; body: Row }> {
  const { data, error } = await client.functions.invoke(name, body ? { body } : {})
  if (!error) return { status: 200, body: data as Row }
  const response = (error as { context?: Response }).context
  if (!response) throw error
  return { status: response.status, body: (await response.json()) as Row }
}

describe.each(BACKENDS)('data rights on %s', (backend) => {
  const stack = useTestStack(backend)

  const publicUrl = (key: string) => `${stack.url}/storage/v1/object/public/avatars/${key}`

  async function upload(client: SupabaseClient, key: string): Promise<void> {
    const { error } = await client.storage.from('avatars').upload(key, PNG, { contentType: 'image/png' })
    if (error) throw new Error(`uploading ${key} failed: ${error.message}`)
  }

  describe('export-data', () => {
    it('gives the owner a zip of their data and a workbook of the business tables, with no credential in it', async () => {
      const owner = await stack.signUpVerifiedOwner()
      const seeded = await seedOwner(stack, owner)
      const stranger = await stack.signUpVerifiedOwner()
      await insert(stranger.client, 'products', productInput(stranger.user.id, { name: 'Yabancının Ürünü' }))

      const archive = await exportOf(owner.client)
      expect(archive.names.sort()).toEqual([...ARCHIVE_FILES].sort())

      const profile = archive.json('profile.json') as { profile: Row; credits: Row; usage: Row }
      expect(profile.profile).toMatchObject({ id: owner.user.id, email: owner.email, business_name: owner.businessName, phone_number: owner.phone })
      expect(profile.profile).not.toHaveProperty('whatsapp_api_key')
      expect(profile.credits).toMatchObject({ remaining: expect.any(Number) })

      const products = archive.json('products.json') as Row[]
      expect(products.map((p) => p.id).sort()).toEqual([seeded.productId, seeded.deletedProductId].sort())
      expect(products.find((p) => p.id === seeded.productId)).toMatchObject({ name: 'İpek Eşarp — ihracat', price: 980.5, _deleted: false })
      expect(products.find((p) => p.id === seeded.deletedProductId)).toMatchObject({ _deleted: true })
      expect(archive.json('customers.json')).toEqual([expect.objectContaining({ id: seeded.customerId, name: 'Ayşe Yılmaz', email: 'ayse@ornek.com.tr' })])
      expect(archive.json('appointments.json')).toEqual([expect.objectContaining({ id: seeded.appointmentId, customer_id: seeded.customerId, description: 'Saç kesimi' })])
      expect(archive.json('chatbot-config.json')).toMatchObject({ bot_name: 'Şirin', website_url: 'https://ornek.com.tr' })
      expect(archive.json('business-profile.json')).toEqual({ ...BUSINESS_PROFILE, created_at: expect.any(String), updated_at: expect.any(String) })
      expect(archive.json('faq.json')).toEqual(FAQ.map((entry) => ({ ...entry, id: expect.any(String), created_at: expect.any(String), updated_at: expect.any(String) })))
      expect((archive.json('chatbot-messages.json') as Row[]).map((m) => m.content).sort()).toEqual(['Eşarp kaç lira?', 'İpek Eşarp 980,50 TL.'])
      expect(archive.json('whatsapp-messages.json')).toEqual([expect.objectContaining({ wa_id: '905321234567', body: 'Merhaba, randevu alabilir miyim?' })])
      expect(archive.json('outgoing-messages.json')).toEqual([expect.objectContaining({ recipient: '+905321234567', body: 'Randevunuz yarın 10:30' })])
      expect(archive.json('transactions.json')).toEqual([expect.objectContaining({ id: seeded.transactionId, amount: 1500, credits_purchased: 250 })])

      const book = archive.workbook
      expect(book.SheetNames).toEqual([SHEET_NAMES.products, SHEET_NAMES.customers, SHEET_NAMES.appointments])
      const productRows = XLSX.utils.sheet_to_json<Row>(book.Sheets[SHEET_NAMES.products]!)
      expect(productRows).toEqual([{ name: 'İpek Eşarp — ihracat', description: expect.anything(), price: 980.5, currency: 'TRY', stock: expect.any(Number), product_link: 'https://ornek.com.tr/esarp' }])
      expect(XLSX.utils.sheet_to_json<Row>(book.Sheets[SHEET_NAMES.customers]!)).toEqual([expect.objectContaining({ name: 'Ayşe Yılmaz', phone_number: expect.stringMatching(/^\+90/) })])
      expect(XLSX.utils.sheet_to_json<Row>(book.Sheets[SHEET_NAMES.appointments]!)).toEqual([
        expect.objectContaining({ appointment_date: '2026-11-16', status: 'scheduled', customer_name: 'Ayşe Yılmaz', description: 'Saç kesimi' }),
      ])

      const everything = [
        ...ARCHIVE_FILES.filter((n) => n !== 'business-data.xlsx').map((n) => archive.text(n)),
        ...book.SheetNames.map((n) => XLSX.utils.sheet_to_csv(book.Sheets[n]!)),
      ].join('\n')
      for (const secret of seeded.secrets) expect(everything).not.toContain(secret)
      expect(everything).not.toContain('Yabancının Ürünü')
    })

    it('answers the file name the app saves under', async () => {
      const owner = await stack.signUpVerifiedOwner()
      const res = await fetch(`${stack.url}/functions/v1/export-data`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${owner.session.access_token}`, apikey: stack.anonKey },
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="mesaj-asistani-verilerim-\d{4}-\d{2}-\d{2}\.zip"$/)
      const archive = openArchive(new Uint8Array(await res.arrayBuffer()))
      expect(archive.json('products.json')).toEqual([])
      // Every account has a profile from sign-up, empty until the owner fills it in.
      expect(archive.json('business-profile.json')).toMatchObject({ address: null, opening_hours: {}, time_zone: 'Europe/Istanbul' })
      expect(archive.json('faq.json')).toEqual([])
      // Online booking: the settings every account starts with, and the services the owner added.
      expect(archive.json('booking.json')).toEqual({ settings: expect.objectContaining({ enabled: false, capacity: 1, reminder_hours_before: 24 }), services: [] })
      await owner.client.from('services').insert({ user_id: owner.user.id, name: 'Saç kesimi', duration_minutes: 30, price: 400 }).throwOnError()
      const again = await fetch(`${stack.url}/functions/v1/export-data`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${owner.session.access_token}`, apikey: stack.anonKey },
      })
      expect(openArchive(new Uint8Array(await again.arrayBuffer())).json('booking.json')).toMatchObject({
        services: [{ name: 'Saç kesimi', duration_minutes: 30, price: 400, currency: 'TRY', active: true }],
      })
    })

    it('refuses the anon key and no key', async () => {
      expect(await call(stack.anon(), 'export-data')).toEqual({ status: 401, body: expect.objectContaining({ success: false, error: 'unauthorized' }) })
      const bare = await fetch(`${stack.url}/functions/v1/export-data`, { method: 'POST' })
      expect(bare.status).toBe(401)
      const keyOnly = await fetch(`${stack.url}/functions/v1/export-data`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${stack.anonKey}`, apikey: stack.anonKey },
      })
      expect(keyOnly.status).toBe(401)
      expect(await keyOnly.json()).toMatchObject({ success: false, error: 'unauthorized' })
    })

    it('gives an owner whose phone is not verified their archive', async () => {
      const unverified = await stack.signUpOwner()
      const product = await insert(unverified.client, 'products', productInput(unverified.user.id, { name: 'Doğrulanmamış Ürün' }))
      const archive = await exportOf(unverified.client)
      expect(archive.json('profile.json')).toMatchObject({ profile: { id: unverified.user.id, email: unverified.email, phone_verified: false } })
      expect(archive.json('products.json')).toEqual([expect.objectContaining({ id: product, name: 'Doğrulanmamış Ürün' })])
    })
  })

  describe('delete-account', () => {
    it('refuses without the account e-mail, from a stranger, from anon: nothing is deleted', async () => {
      const owner = await stack.signUpVerifiedOwner()
      const stranger = await stack.signUpVerifiedOwner()
      await insert(owner.client, 'products', productInput(owner.user.id))

      expect(await call(owner.client, 'delete-account', {})).toEqual({ status: 400, body: expect.objectContaining({ error: 'invalid_request' }) })
      expect(await call(owner.client, 'delete-account', { confirmation: 'SİL' })).toEqual({ status: 400, body: expect.objectContaining({ error: 'confirmation_mismatch' }) })
      // A stranger naming the owner's e-mail is refused: the account deleted is always the token's, and only with its own address.
      expect(await call(stranger.client, 'delete-account', { confirmation: owner.email })).toEqual({ status: 400, body: expect.objectContaining({ error: 'confirmation_mismatch' }) })
      expect(await call(stack.anon(), 'delete-account', { confirmation: owner.email })).toEqual({ status: 401, body: expect.objectContaining({ error: 'unauthorized' }) })
      const bare = await fetch(`${stack.url}/functions/v1/delete-account`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ confirmation: owner.email }),
      })
      expect(bare.status).toBe(401)

      const left = await stack.db.query('select 1 from auth.users where id = any($1::uuid[])', [[owner.user.id, stranger.user.id]])
      expect(left.rows).toHaveLength(2)
      const products = await stack.db.query('select 1 from public.products where user_id = $1', [owner.user.id])
      expect(products.rows).toHaveLength(1)
    })

    it('erases the owner, their rows and files, keeps purchase records detached, and the account can no longer sign in', async () => {
      const owner = await stack.signUpVerifiedOwner()
      const seeded = await seedOwner(stack, owner)
      const neighbour = await stack.signUpVerifiedOwner()
      const neighbourProduct = await insert(neighbour.client, 'products', productInput(neighbour.user.id))
      const neighbourFaq = await insert(neighbour.client, 'faq_entries', { user_id: neighbour.user.id, question: 'Açık mısınız?', answer: 'Evet.' })
      const id = owner.user.id
      // Not vacuous: the owner's business knowledge is there before.
      const held = await stack.db.query<{ profiles: number; faq: number }>(
        `select (select count(*)::int from public.business_profiles where user_id = $1) as profiles,
                (select count(*)::int from public.faq_entries where user_id = $1) as faq`,
        [id],
      )
      expect(held.rows).toEqual([{ profiles: 1, faq: FAQ.length }])

      const answer = await call(owner.client, 'delete-account', { confirmation: `  ${owner.email.toUpperCase()} ` })
      expect(answer).toEqual({ status: 200, body: { success: true, error: null } })

      const count = async (sql: string) => Number((await stack.db.query<{ n: string }>(sql, [id])).rows[0]!.n)
      expect(await count('select count(*) as n from auth.users where id = $1')).toBe(0)
      expect(await count('select count(*) as n from auth.sessions where user_id = $1')).toBe(0)
      expect(await count('select count(*) as n from public.users where id = $1')).toBe(0)
      for (const table of [
        'credits', 'api_usage_limits', 'products', 'customers', 'appointments', 'chatbot_configs', 'chatbot_messages', 'conversations',
        'whatsapp_credentials', 'whatsapp_channels', 'whatsapp_inbound_messages', 'outgoing_messages', 'automation_tokens',
        'business_profiles', 'faq_entries', 'booking_settings', 'services', 'appointment_reminders',
      ]) {
        expect(await count(`select count(*) as n from public.${table} where user_id = $1`), table).toBe(0)
      }
      expect(await count(`select count(*) as n from storage.objects where bucket_id = 'avatars' and name like $1::text || '/%'`)).toBe(0)
      const photo = await fetch(`${stack.url}/storage/v1/object/public/avatars/${seeded.avatarPath}`)
      expect(photo.status).toBe(400)

      const kept = await stack.db.query<Row>('select user_id, amount, credits_purchased, status from public.transactions where id = $1', [seeded.transactionId])
      expect(kept.rows).toEqual([{ user_id: null, amount: 1500, credits_purchased: 250, status: 'completed' }])
      const payment = await stack.db.query<Row>('select user_id, amount, status from public.payments where id = $1', [seeded.paymentId])
      expect(payment.rows).toEqual([{ user_id: null, amount: 1500, status: 'paid' }])

      const signIn = await makeClient(stack.url, stack.anonKey).auth.signInWithPassword({ email: owner.email, password: owner.password })
      expect(signIn.error).toMatchObject({ code: 'invalid_credentials' })
      // A device still holding an access token learns it on its next check (the sync engine asks exactly this).
      const stale = await owner.client.auth.getUser(owner.session.access_token)
      expect(stale.error).toMatchObject({ code: 'user_not_found' })
      const refreshed = await makeClient(stack.url, stack.anonKey).auth.refreshSession({ refresh_token: owner.session.refresh_token })
      expect(refreshed.error).not.toBeNull()

      // The neighbour is untouched.
      const theirs = await neighbour.client.from('products').select('id').eq('id', neighbourProduct)
      expect(theirs.data).toEqual([{ id: neighbourProduct }])
      expect((await neighbour.client.from('faq_entries').select('id')).data).toEqual([{ id: neighbourFaq }])
      expect((await neighbour.client.from('business_profiles').select('user_id')).data).toEqual([{ user_id: neighbour.user.id }])
    })

    it('erases every file of the owner at any depth of their folder, and no other', async () => {
      const owner = await stack.signUpVerifiedOwner()
      const neighbour = await stack.signUpVerifiedOwner()
      const id = owner.user.id
      const keys = [`${id}/a.png`, `${id}/sub/nested.png`, `${id}/sub/deeper/x.png`]
      for (const key of keys) await upload(owner.client, key)
      const theirs = `${neighbour.user.id}/sub/kept.png`
      await upload(neighbour.client, theirs)
      for (const key of keys) expect((await fetch(publicUrl(key))).status).toBe(200)

      expect(await call(owner.client, 'delete-account', { confirmation: owner.email })).toMatchObject({ status: 200 })

      for (const key of keys) {
        const served = await fetch(publicUrl(key))
        expect(served.status, key).toBe(400)
        expect(await served.json(), key).toMatchObject({ statusCode: '404', code: 'NoSuchKey' })
      }
      const left = await stack.db.query(`select name from storage.objects where bucket_id = 'avatars' and name like $1::text || '/%'`, [id])
      expect(left.rows).toEqual([])
      expect((await stack.service().storage.from('avatars').list(id)).data).toEqual([])
      expect((await fetch(publicUrl(theirs))).status).toBe(200)
    })

    it('a deleted owner, with an access token from before the deletion that has not expired, cannot upload', async () => {
      const owner = await stack.signUpVerifiedOwner()
      const id = owner.user.id
      // Another device, signed in before the deletion: its own session, its own token.
      const device = makeClient(stack.url, stack.anonKey)
      const signedIn = await device.auth.signInWithPassword({ email: owner.email, password: owner.password })
      expect(signedIn.error).toBeNull()
      await upload(device, `${id}/before.png`)

      expect(await call(owner.client, 'delete-account', { confirmation: owner.email })).toMatchObject({ status: 200 })

      const token = signedIn.data.session!.access_token
      const exp = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number }).exp
      expect(exp * 1000).toBeGreaterThan(Date.now())
      for (const [client, key, upsert] of [
        [device, `${id}/after.png`, false],
        [device, `${id}/sub/after.png`, true],
        [owner.client, `${id}/before.png`, true],
      ] as const) {
        const late = await client.storage.from('avatars').upload(key, PNG, { contentType: 'image/png', upsert })
        expect(late.error, key).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' })
        expect((await fetch(publicUrl(key))).status, key).toBe(400)
      }
      const left = await stack.db.query(`select name from storage.objects where bucket_id = 'avatars' and name like $1::text || '/%'`, [id])
      expect(left.rows).toEqual([])
    })

    it('an owner whose phone is not verified deletes their account and files', async () => {
      const owner = await stack.signUpOwner()
      const id = owner.user.id
      await insert(owner.client, 'products', productInput(id))
      await upload(owner.client, `${id}/sub/photo.png`)

      expect(await call(owner.client, 'delete-account', { confirmation: 'SİL' })).toEqual({ status: 400, body: expect.objectContaining({ error: 'confirmation_mismatch' }) })
      expect(await call(owner.client, 'delete-account', { confirmation: owner.email })).toEqual({ status: 200, body: { success: true, error: null } })

      expect((await stack.db.query('select 1 from auth.users where id = $1', [id])).rows).toHaveLength(0)
      expect((await stack.db.query('select 1 from public.products where user_id = $1', [id])).rows).toHaveLength(0)
      expect((await fetch(publicUrl(`${id}/sub/photo.png`))).status).toBe(400)
      const signIn = await makeClient(stack.url, stack.anonKey).auth.signInWithPassword({ email: owner.email, password: owner.password })
      expect(signIn.error).toMatchObject({ code: 'invalid_credentials' })
    })

    // The other devices: a signed access token still passes the data API after
    // the account is gone (pulls just answer nothing), so the engine asks GoTrue.
    it.each([
      ['online while the account is deleted, when it next syncs (a retry)', true],
      ['offline while the account is deleted, when it is back online', false],
    ])('a device of the deleted owner, %s, removes its store and signs out', async (_, staysOnline) => {
      const owner = await stack.signUpVerifiedOwner()
      const indexedDB = new IDBFactory()
      const device = await openDevice(stack, owner, { name: 'phone', indexedDB, sync: { accountCheckMs: 0 } })
      try {
        const productId = await insert(owner.client, 'products', productInput(owner.user.id, { name: 'Cihazdaki Ürün' }))
        await eventually(async () => expect(await device.db.products.findOne(productId).exec()).not.toBeNull())
        if (!staysOnline) device.setOnline(false)

        expect(await call(owner.client, 'delete-account', { confirmation: owner.email })).toMatchObject({ status: 200 })
        if (staysOnline) device.sync.retry()
        else device.setOnline(true)

        expect(await device.sync.accountGone).toBe(true)
        expect(device.db.closed).toBe(true)
        expect((await device.supabase.auth.getSession()).data.session).toBeNull()
        const reopened = await openOwnerDatabase({
          ownerId: owner.user.id, name: `owner-${owner.user.id}-phone`, storage: dexieStorage({ indexedDB, IDBKeyRange }), multiInstance: false,
        })
        try {
          expect(await reopened.products.count().exec()).toBe(0)
        } finally {
          await reopened.remove()
        }
      } finally {
        await closeAll([device])
      }
    })

    it('a device of an owner who still exists keeps its store across a reconnect', async () => {
      const owner = await stack.signUpVerifiedOwner()
      const device = await openDevice(stack, owner, { name: 'tablet', sync: { accountCheckMs: 0 } })
      try {
        const productId = await insert(owner.client, 'products', productInput(owner.user.id))
        await eventually(async () => expect(await device.db.products.findOne(productId).exec()).not.toBeNull())
        device.setOnline(false)
        device.setOnline(true)
        await eventually(() => expect(device.sync.status()).toMatchObject({ phase: 'idle', online: true }))
        await device.sync.stop()
        expect(await device.sync.accountGone).toBe(false)
        expect(await device.db.products.count().exec()).toBe(1)
      } finally {
        await closeAll([device])
      }
    })
  })
})
