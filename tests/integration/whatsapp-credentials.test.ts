// WhatsApp credentials never reach a browser: the profile row an owner reads
// carries none, the table that holds them is closed to every client role,
// and the owner writes them and learns only whether they are set through two
// RPCs that act on the caller alone. Realtime and the move of values saved
// before the table existed are covered too.
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WhatsAppCredentialsStatus } from '../../domain/settings.ts'
import { listMigrations, prepareDatabase } from '../../supabase/local/migrate.ts'
import { DATABASE_BACKENDS } from '../support/databases.ts'
import { productInput } from '../support/factories.ts'
import { BACKENDS, startTestStack, type Owner, type TestStack } from '../support/stack.ts'

type Credentials = { p_access_token?: string | null; p_phone_number_id?: string | null; p_app_secret?: string | null }
type Stored = { access_token: string | null; phone_number_id: string | null; app_secret: string | null }
type Status = WhatsAppCredentialsStatus

const MIGRATION = '20261122001300'
const NOTHING_SET: Status = {
  access_token_set: false,
  access_token_last4: null,
  phone_number_id: null,
  app_secret_set: false,
  app_secret_last4: null,
  updated_at: null,
}

/** Shaped like the real ones: a long Cloud API token, a numeric phone number id, a 32-hex app secret. */
function credentials() {
  return {
    token: `EAAG${randomBytes(90).toString('base64url')}`,
    phoneNumberId: String(100_000_000_000_000 + Math.floor(Math.random() * 1e14)),
    secret: randomBytes(16).toString('hex'),
  }
}

/** Names a credential column could carry, in whatever table a payload comes from. */
const CREDENTIAL_NAME = /whatsapp|access_token|app_secret|client_secret|api_key/i

function expectNoCredential(payload: unknown, secrets: string[]) {
  const text = JSON.stringify(payload)
  expect(text).not.toMatch(CREDENTIAL_NAME)
  for (const s of secrets) expect(text).not.toContain(s)
}

const refused = (error: { code?: string; message?: string } | null, what: string) =>
  expect(error?.code, `${what}: ${JSON.stringify(error)}`).toBe('42501')

describe.each(BACKENDS)('WhatsApp credentials on %s', (backend) => {
  let stack: TestStack
  let a: Owner
  let b: Owner
  const aCreds = credentials()

  async function stored(userId: string): Promise<Stored | null> {
    const { rows } = await stack.db.query<Stored>(
      'select access_token, phone_number_id, app_secret from public.whatsapp_credentials where user_id = $1',
      [userId],
    )
    return rows[0] ?? null
  }

  async function save(client: SupabaseClient, args: Credentials) {
    return client.rpc('set_whatsapp_credentials', args)
  }

  beforeAll(async () => {
    stack = await startTestStack(backend)
    ;[a, b] = await Promise.all([stack.signUpOwner(), stack.signUpOwner()])
  })
  afterAll(async () => {
    await stack?.close()
  })

  it('an owner saves her credentials through the RPC and gets back only whether each is set', async () => {
    const { data, error } = await save(a.client, {
      p_access_token: aCreds.token,
      p_phone_number_id: aCreds.phoneNumberId,
      p_app_secret: aCreds.secret,
    })
    expect(error).toBeNull()
    expect(data).toEqual({
      access_token_set: true,
      access_token_last4: aCreds.token.slice(-4),
      phone_number_id: aCreds.phoneNumberId,
      app_secret_set: true,
      app_secret_last4: aCreds.secret.slice(-4),
      updated_at: expect.any(String),
    })
    expect(JSON.stringify(data)).not.toContain(aCreds.token)
    expect(JSON.stringify(data)).not.toContain(aCreds.secret)
    expect(await stored(a.user.id)).toEqual({ access_token: aCreds.token, phone_number_id: aCreds.phoneNumberId, app_secret: aCreds.secret })

    const status = await a.client.rpc('get_whatsapp_credentials_status')
    expect(status.error).toBeNull()
    expect(status.data).toEqual(data)
  })

  it("the owner's profile row carries no credential, by select * or by name, and takes none in a write", async () => {
    const { data, error } = await a.client.from('users').select('*').eq('id', a.user.id).single()
    expect(error).toBeNull()
    expect(data).toMatchObject({ id: a.user.id, email: a.email })
    expectNoCredential(data, [aCreds.token, aCreds.secret])
    expect(JSON.stringify(data)).not.toContain(aCreds.phoneNumberId)

    for (const column of ['whatsapp_api_key', 'whatsapp_client_id', 'whatsapp_client_secret']) {
      const byName = await a.client.from('users').select(column).eq('id', a.user.id)
      expect(byName.data, column).toBeNull()
      expect(byName.error, column).not.toBeNull()
    }
    // The settings form of old wrote them with the profile: that path is gone, not silently ignored.
    const write = await a.client.from('users').update({ whatsapp_api_key: 'EAAG-eski-yol' }).eq('id', a.user.id)
    expect(write.error).not.toBeNull()
    expect(await stored(a.user.id)).toMatchObject({ access_token: aCreds.token })
  })

  it('the credentials table is closed to its owner, a stranger and anon', async () => {
    const before = await stored(a.user.id)
    const clients: [string, SupabaseClient][] = [['owner', a.client], ['stranger', b.client], ['anon', stack.anon()]]
    for (const [who, client] of clients) {
      const all = await client.from('whatsapp_credentials').select('*')
      expect(all.data, who).toBeNull()
      refused(all.error, `${who} select`)
      const own = await client.from('whatsapp_credentials').select('access_token').eq('user_id', a.user.id)
      refused(own.error, `${who} select by user_id`)
      refused(
        (await client.from('whatsapp_credentials').insert({ user_id: a.user.id, access_token: `EAAG${randomUUID()}` })).error,
        `${who} insert`,
      )
      refused(
        (await client.from('whatsapp_credentials').upsert({ user_id: a.user.id, access_token: `EAAG${randomUUID()}` })).error,
        `${who} upsert`,
      )
      refused((await client.from('whatsapp_credentials').update({ app_secret: 'x'.repeat(32) }).eq('user_id', a.user.id)).error, `${who} update`)
      refused((await client.from('whatsapp_credentials').delete().eq('user_id', a.user.id)).error, `${who} delete`)
    }
    expect(await stored(a.user.id)).toEqual(before)
  })

  it("a stranger's RPC calls act on her own row and never show or touch the owner's", async () => {
    const before = await stored(a.user.id)
    expect((await b.client.rpc('get_whatsapp_credentials_status')).data).toEqual(NOTHING_SET)

    // Clearing everything as B clears B's (empty) credentials only.
    const cleared = await save(b.client, { p_access_token: '', p_phone_number_id: '', p_app_secret: '' })
    expect(cleared.error).toBeNull()
    expect(cleared.data).toEqual(NOTHING_SET)
    expect(await stored(a.user.id)).toEqual(before)

    const bCreds = credentials()
    const set = await save(b.client, { p_access_token: bCreds.token })
    expect(set.error).toBeNull()
    expect(set.data).toMatchObject({ access_token_set: true, access_token_last4: bCreds.token.slice(-4), app_secret_set: false })
    expect(await stored(b.user.id)).toEqual({ access_token: bCreds.token, phone_number_id: null, app_secret: null })
    expect(await stored(a.user.id)).toEqual(before)

    // There is no argument naming a user: one that tries is not a function the API knows.
    const aimed = await b.client.rpc('set_whatsapp_credentials', { p_user_id: a.user.id, p_access_token: '' })
    expect(aimed.data).toBeNull()
    expect(aimed.error).not.toBeNull()
    const peek = await b.client.rpc('get_whatsapp_credentials_status', { p_user_id: a.user.id })
    expect(peek.error).not.toBeNull()
    expect(JSON.stringify(peek.data)).not.toContain(aCreds.token.slice(-4))
    expect(await stored(a.user.id)).toEqual(before)
  })

  it('anon can call neither RPC', async () => {
    const before = await stored(a.user.id)
    const anon = stack.anon()
    const set = await save(anon, { p_access_token: '', p_phone_number_id: '', p_app_secret: '' })
    expect(set.data).toBeNull()
    refused(set.error, 'anon set_whatsapp_credentials')
    const status = await anon.rpc('get_whatsapp_credentials_status')
    expect(status.data).toBeNull()
    refused(status.error, 'anon get_whatsapp_credentials_status')
    expect(await stored(a.user.id)).toEqual(before)
  })

  it('null leaves a value as it is, an empty string clears it, and clearing all three removes the row', async () => {
    const c = await stack.signUpOwner()
    const creds = credentials()
    expect((await save(c.client, { p_access_token: creds.token, p_phone_number_id: creds.phoneNumberId, p_app_secret: creds.secret })).error).toBeNull()

    // Omitted and explicit null both mean "unchanged"; surrounding spaces are trimmed.
    const newSecret = randomBytes(16).toString('hex')
    const r1 = await save(c.client, { p_app_secret: `  ${newSecret}\n` })
    expect(r1.error).toBeNull()
    expect(await stored(c.user.id)).toEqual({ access_token: creds.token, phone_number_id: creds.phoneNumberId, app_secret: newSecret })
    const r2 = await save(c.client, { p_access_token: null, p_phone_number_id: null, p_app_secret: null })
    expect(r2.error).toBeNull()
    expect(await stored(c.user.id)).toEqual({ access_token: creds.token, phone_number_id: creds.phoneNumberId, app_secret: newSecret })

    const r3 = await save(c.client, { p_access_token: '', p_phone_number_id: '   ' })
    expect(r3.error).toBeNull()
    expect(r3.data).toMatchObject({ access_token_set: false, access_token_last4: null, phone_number_id: null, app_secret_set: true })
    expect(await stored(c.user.id)).toEqual({ access_token: null, phone_number_id: null, app_secret: newSecret })

    const r4 = await save(c.client, { p_app_secret: '' })
    expect(r4.error).toBeNull()
    expect(r4.data).toEqual(NOTHING_SET)
    expect(await stored(c.user.id)).toBeNull()
  })

  it('refuses malformed values with 22023 and a code, writing nothing', async () => {
    const before = await stored(a.user.id)
    const cases: [Credentials, string][] = [
      [{ p_access_token: 'EAAG-kisa' }, 'invalid_access_token'],
      [{ p_access_token: `EAAG${'x'.repeat(2045)}` }, 'invalid_access_token'],
      [{ p_access_token: `EAAG ${'x'.repeat(40)}` }, 'invalid_access_token'],
      [{ p_access_token: `EAAG${'ş'.repeat(40)}` }, 'invalid_access_token'],
      [{ p_phone_number_id: '+90 532 123 45 67' }, 'invalid_phone_number_id'],
      [{ p_phone_number_id: '1234' }, 'invalid_phone_number_id'],
      [{ p_phone_number_id: '1'.repeat(33) }, 'invalid_phone_number_id'],
      [{ p_app_secret: 'kisa-sir' }, 'invalid_app_secret'],
      [{ p_app_secret: `${'a'.repeat(20)}\n${'b'.repeat(20)}` }, 'invalid_app_secret'],
      // One bad value spoils the whole call: the valid token beside it is not saved either.
      [{ p_access_token: `EAAG${randomUUID()}`, p_app_secret: 'x' }, 'invalid_app_secret'],
    ]
    for (const [args, code] of cases) {
      const { data, error } = await save(a.client, args)
      expect(data, JSON.stringify(args)).toBeNull()
      expect(error?.code, JSON.stringify(args)).toBe('22023')
      expect(error?.message).toBe(code)
    }
    expect(await stored(a.user.id)).toEqual(before)
  })

  it('a realtime subscription of the owner to every public table never carries a credential', async () => {
    const c = await stack.signUpOwner()
    await c.client.realtime.setAuth(c.session.access_token)
    const events: unknown[] = []
    const channel = c.client
      .channel(`credentials-${randomUUID()}`)
      .on('postgres_changes', { event: '*', schema: 'public' }, (e) => events.push(e))
    await new Promise<void>((resolve, reject) =>
      channel.subscribe((status, err) => {
        if (status === 'SUBSCRIBED') resolve()
        else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status))
      }),
    )
    try {
      const creds = credentials()
      expect((await save(c.client, { p_access_token: creds.token, p_phone_number_id: creds.phoneNumberId, p_app_secret: creds.secret })).error).toBeNull()
      expect((await c.client.from('users').update({ business_name: 'Gerçek Zamanlı Kahve' }).eq('id', c.user.id)).error).toBeNull()
      // Changes arrive in commit order, so once this one is in, any event about the writes above would be too.
      const { data: sentinel, error } = await c.client.from('products').insert(productInput(c.user.id)).select('id').single()
      expect(error).toBeNull()
      await expect.poll(() => JSON.stringify(events), { timeout: 15_000 }).toContain(sentinel!.id as string)
      expectNoCredential(events, [creds.token, creds.secret])
    } finally {
      await c.client.removeChannel(channel)
    }

    const { rows } = await stack.db.query<{ table: string; column: string }>(
      `select t.tablename as table, a.attname as column
         from pg_publication_tables t
         join pg_attribute a on a.attrelid = format('%I.%I', t.schemaname, t.tablename)::regclass
        where t.pubname = 'supabase_realtime' and a.attnum > 0 and not a.attisdropped
          and (t.tablename = 'whatsapp_credentials' or a.attname ~* 'whatsapp|access_token|secret|api_key')`,
    )
    expect(rows, 'published credential columns').toEqual([])
  })

  it('keeps the table and the RPCs locked down in the catalog', async () => {
    const table = await stack.db.query<{ rls: boolean; policies: number; client_privileges: string[] }>(
      `select c.relrowsecurity as rls,
              (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies,
              array(select r.role || ':' || p.privilege
                      from (values ('anon'), ('authenticated')) r(role)
                      cross join (values ('select'), ('insert'), ('update'), ('delete'), ('truncate'), ('references'), ('trigger')) p(privilege)
                     where has_table_privilege(r.role, c.oid, p.privilege)
                        or (p.privilege in ('select', 'insert', 'update', 'references')
                            and has_any_column_privilege(r.role, c.oid, p.privilege))
                     order by 1) as client_privileges
         from pg_class c where c.oid = 'public.whatsapp_credentials'::regclass`,
    )
    expect(table.rows).toEqual([{ rls: true, policies: 0, client_privileges: [] }])

    const fns = await stack.db.query<{ fn: string; definer: boolean; config: string | null; anon: boolean; authenticated: boolean; service: boolean }>(
      `select p.proname as fn, p.prosecdef as definer, array_to_string(p.proconfig, ',') as config,
              has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              has_function_privilege('service_role', p.oid, 'execute') as service
         from pg_proc p
        where p.pronamespace = 'public'::regnamespace and p.proname in ('get_whatsapp_credentials_status', 'set_whatsapp_credentials')
        order by 1`,
    )
    const locked = { definer: true, config: 'search_path=""', anon: false, authenticated: true, service: false }
    expect(fns.rows).toEqual([
      { fn: 'get_whatsapp_credentials_status', ...locked },
      { fn: 'set_whatsapp_credentials', ...locked },
    ])
  })
})

// A database that had credentials in users before this migration: each owner's
// values move to the new table and the columns disappear.
describe.each(DATABASE_BACKENDS)('moving WhatsApp credentials out of users on $name', (backend) => {
  let dir: string
  let opened: Awaited<ReturnType<typeof backend.open>> | undefined

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'migrations-before-credentials-'))
    for (const m of await listMigrations()) {
      if (m.version < MIGRATION) await symlink(m.file, path.join(dir, path.basename(m.file)))
    }
    opened = await backend.open()
  })
  afterAll(async () => {
    await opened?.stop()
    await rm(dir, { recursive: true, force: true })
  })

  it('carries every saved value over, treats blanks as unset, and drops the columns', async () => {
    const db = opened!.db
    await prepareDatabase(db, { migrationsDir: dir })
    const owners = { full: randomUUID(), partial: randomUUID(), blank: randomUUID(), none: randomUUID() }
    let n = 0
    for (const id of Object.values(owners)) {
      await db.query(
        `insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
         values ($1, 'authenticated', 'authenticated', $2, $3::jsonb, now(), now())`,
        [id, `tasima-${id}@example.com`, JSON.stringify({ business_name: 'Taşıma', phone_number: `+90509${String(n++).padStart(7, '0')}` })],
      )
    }
    const set = `update public.users set whatsapp_api_key = $2, whatsapp_client_id = $3, whatsapp_client_secret = $4 where id = $1`
    await db.query(set, [owners.full, 'EAAG-eski-anahtar-0123456789', '1234567890', 'gizli-deger'])
    await db.query(set, [owners.partial, null, ' 998877665544 ', ''])
    await db.query(set, [owners.blank, '', '  ', null])

    await prepareDatabase(db)

    const { rows } = await db.query<{ user_id: string } & Stored>(
      `select user_id::text, access_token, phone_number_id, app_secret from public.whatsapp_credentials
        where user_id = any($1::uuid[]) order by access_token nulls last`,
      [Object.values(owners)],
    )
    expect(rows).toEqual([
      { user_id: owners.full, access_token: 'EAAG-eski-anahtar-0123456789', phone_number_id: '1234567890', app_secret: 'gizli-deger' },
      { user_id: owners.partial, access_token: null, phone_number_id: '998877665544', app_secret: null },
    ])
    const columns = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = 'public' and table_name = 'users' and column_name like 'whatsapp%'`,
    )
    expect(columns.rows).toEqual([])

    // A carried-over secret shorter than 16 characters shows as set, without its last four.
    const status = await db.transaction(async (tx) => {
      await tx.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: owners.full, role: 'authenticated' }),
      ])
      return (await tx.query<Status>('select * from public.get_whatsapp_credentials_status()')).rows
    })
    expect(status).toEqual([
      {
        access_token_set: true,
        access_token_last4: '6789',
        phone_number_id: '1234567890',
        app_secret_set: true,
        app_secret_last4: null,
        updated_at: expect.anything(),
      },
    ])
  })
})
