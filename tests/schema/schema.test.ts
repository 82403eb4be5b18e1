// The database contract, proved on both engines the product runs on: PGlite
// (the embedded stack) and a real PostgreSQL 15 (closest to hosted Supabase).
// One database per engine; every test signs up its own users, so tests share
// the database without seeing each other's rows.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { randomUUID } from 'node:crypto'
import type { Database, Queryable, Row } from '../../supabase/local/db.ts'
import { listMigrations, prepareDatabase, type PrepareResult } from '../../supabase/local/migrate.ts'
import { DATABASE_BACKENDS } from '../support/databases.ts'

const backends = DATABASE_BACKENDS

/** Every table the contract defines; the catalog may hold more, never fewer. */
const CONTRACT_TABLES = [
  'api_usage_limits', 'appointments', 'business_profiles', 'chatbot_configs', 'chatbot_messages', 'credits', 'customers',
  'faq_entries', 'outgoing_messages', 'payments', 'phone_number_changes', 'phone_verifications', 'products', 'transactions', 'users',
  'whatsapp_credentials',
]
const SYNCED_TABLES = ['appointments', 'customers', 'products']
const DEMO_USER = 'd0000000-0000-4000-8000-000000000001'

type User = { id: string; email: string; phone: string }

/** A fresh +90 number per call (+9051000…, a range the seed does not use): users.phone_number is unique. */
let phoneCounter = 0
const nextPhone = () => `+9051${String(phoneCounter++).padStart(8, '0')}`

describe.each(backends)('schema on $name', (backend) => {
  let db: Database
  let stop: (() => Promise<void>) | undefined
  let firstRun: PrepareResult

  beforeAll(async () => {
    const opened = await backend.open()
    db = opened.db
    stop = opened.stop
    firstRun = await prepareDatabase(db, { seed: true })
  })

  afterAll(async () => {
    await stop?.()
  })

  const one = async <R extends Row>(q: Queryable, sql: string, params?: unknown[]): Promise<R> => {
    const { rows } = await q.query<R>(sql, params)
    expect(rows).toHaveLength(1)
    return rows[0]!
  }

  /** Sign-up as GoTrue performs it: a superuser insert into auth.users with the form's metadata. */
  const signUp = async (meta: Record<string, unknown> = {}): Promise<User> => {
    const id = randomUUID()
    const email = `owner-${id}@example.com`
    const phone = nextPhone()
    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                               raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, 'x', now(),
               '{"provider":"email","providers":["email"]}', $3::jsonb, now(), now())`,
      [id, email, JSON.stringify({ business_name: 'Test İşletmesi', phone_number: phone, ...meta })],
    )
    return { id, email, phone }
  }

  /** Runs fn as PostgREST would for a signed-in owner: role and JWT claims local to one transaction. */
  const asUser = <T>(user: User, fn: (tx: Queryable) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      await tx.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: user.id, role: 'authenticated', email: user.email }),
      ])
      return fn(tx)
    })

  const asAnon = <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      await tx.query(`select set_config('role', 'anon', true), set_config('request.jwt.claims', '{"role":"anon"}', true)`)
      return fn(tx)
    })

  const asServiceRole = <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      await tx.query(
        `select set_config('role', 'service_role', true), set_config('request.jwt.claims', '{"role":"service_role"}', true)`,
      )
      return fn(tx)
    })

  const sqlState = async (p: Promise<unknown>): Promise<string | undefined> => {
    try {
      await p
    } catch (e) {
      return (e as { code?: string }).code
    }
    return undefined
  }

  describe('migrations and seed', () => {
    it('apply every migration once, and a second run applies nothing', async () => {
      const versions = (await listMigrations()).map((m) => m.version)
      expect(versions.length).toBeGreaterThan(0)
      expect(firstRun).toEqual({ applied: versions, fresh: true, seeded: true })

      const again = await prepareDatabase(db, { seed: true })
      expect(again).toEqual({ applied: [], fresh: false, seeded: false })
      const recorded = await db.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations order by version',
      )
      expect(recorded.rows.map((r) => r.version)).toEqual(versions)
    })

    it('seed gives a demo owner who can sign in, with credits, catalogue, customers and a month of appointments', async () => {
      const demo = await one<Row>(
        db,
        `select u.email, u.business_name, u.phone_number, u.phone_verified,
                a.encrypted_password = extensions.crypt('demo1234', a.encrypted_password) as password_ok,
                (select count(*)::int from auth.identities i where i.user_id = a.id and i.provider = 'email') as identities
         from public.users u join auth.users a on a.id = u.id where u.id = $1`,
        [DEMO_USER],
      )
      expect(demo).toEqual({
        email: 'demo@example.com',
        business_name: 'Demo Butik',
        phone_number: '+905551112233',
        phone_verified: true,
        password_ok: true,
        identities: 1,
      })
      const counts = await one<Row>(
        db,
        `select (select row(amount, used, remaining)::text from public.credits where user_id = $1) as credits,
                (select count(*)::int from public.transactions
                  where user_id = $1 and status = 'completed' and amount = 1500 and credits_purchased = 250) as purchases,
                (select count(*)::int from public.products where user_id = $1) as products,
                (select count(distinct currency)::int from public.products where user_id = $1) as currencies,
                (select count(*)::int from public.products where user_id = $1 and group_id = 'excel_1763769600000_demo01') as batch,
                (select count(*)::int from public.customers where user_id = $1 and phone_number ~ '^\\+90[0-9]{10}$') as customers,
                (select count(*)::int from public.appointments where user_id = $1
                  and date_trunc('month', appointment_date) = date_trunc('month', current_date)) as appointments_this_month,
                (select count(distinct status)::int from public.appointments where user_id = $1) as statuses,
                (select count(*)::int from public.chatbot_messages where user_id = $1) as messages`,
        [DEMO_USER],
      )
      expect(counts.credits).toBe('(250,0,250)')
      expect(counts.purchases).toBe(1)
      expect(counts.products).toBeGreaterThanOrEqual(10)
      expect(counts.currencies).toBeGreaterThan(1)
      expect(counts.batch).toBeGreaterThan(0)
      expect(counts.customers).toBeGreaterThanOrEqual(5)
      expect(counts.appointments_this_month).toBeGreaterThanOrEqual(8)
      expect(counts.statuses).toBeGreaterThan(2)
      expect(counts.messages).toBeGreaterThan(0)
    })
  })

  describe('catalog-wide rules', () => {
    const publicTables = async () =>
      (
        await db.query<{ name: string; rls: boolean }>(
          `select c.relname as name, c.relrowsecurity as rls
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind in ('r', 'p')
           order by c.relname`,
        )
      ).rows

    it('every table in public has row level security enabled', async () => {
      const tables = await publicTables()
      expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(CONTRACT_TABLES))
      expect(tables.filter((t) => !t.rls).map((t) => t.name)).toEqual([])
    })

    it('anon holds no privilege on any public table or column', async () => {
      const { rows } = await db.query<{ name: string }>(
        `select c.relname as name
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm')
           and (has_table_privilege('anon', c.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
                or has_any_column_privilege('anon', c.oid, 'SELECT, INSERT, UPDATE, REFERENCES'))`,
      )
      expect(rows.map((r) => r.name)).toEqual([])
    })

    it('authenticated holds exactly the table privileges of the contract; service_role holds all', async () => {
      const { rows } = await db.query<{ name: string; privs: string; service_all: boolean }>(
        `select c.relname as name,
                concat_ws(',',
                  case when has_table_privilege('authenticated', c.oid, 'SELECT') then 'select' end,
                  case when has_any_column_privilege('authenticated', c.oid, 'INSERT') then 'insert' end,
                  case when has_any_column_privilege('authenticated', c.oid, 'UPDATE') then 'update' end,
                  case when has_table_privilege('authenticated', c.oid, 'DELETE') then 'delete' end,
                  case when has_table_privilege('authenticated', c.oid, 'TRUNCATE, REFERENCES, TRIGGER') then 'other' end
                ) as privs,
                has_table_privilege('service_role', c.oid, 'SELECT') and has_table_privilege('service_role', c.oid, 'INSERT')
                  and has_table_privilege('service_role', c.oid, 'UPDATE') and has_table_privilege('service_role', c.oid, 'DELETE')
                  as service_all
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'r' and c.relname = any($1)
         order by c.relname`,
        [CONTRACT_TABLES],
      )
      expect(Object.fromEntries(rows.map((r) => [r.name, r.privs]))).toEqual({
        api_usage_limits: 'select',
        appointments: 'select,insert,update,delete',
        business_profiles: 'select,insert,update',
        chatbot_configs: 'select,insert,update',
        chatbot_messages: 'select',
        credits: 'select',
        customers: 'select,insert,update,delete',
        faq_entries: 'select,insert,update,delete',
        outgoing_messages: 'select',
        payments: 'select',
        phone_number_changes: '',
        phone_verifications: '',
        products: 'select,insert,update,delete',
        transactions: 'select',
        users: 'select,insert,update',
        whatsapp_credentials: '',
      })
      expect(rows.filter((r) => !r.service_all).map((r) => r.name)).toEqual([])
    })

    it('authenticated can never write users.phone_verified, but may send the e-mail in a profile upsert', async () => {
      const r = await one<Row>(
        db,
        `select has_column_privilege('authenticated', 'public.users', 'phone_verified', 'INSERT') as pv_insert,
                has_column_privilege('authenticated', 'public.users', 'phone_verified', 'UPDATE') as pv_update,
                has_column_privilege('authenticated', 'public.users', 'email', 'INSERT') as email_insert,
                has_column_privilege('authenticated', 'public.users', 'email', 'UPDATE') as email_update,
                has_table_privilege('authenticated', 'public.users', 'INSERT') as whole_table_insert,
                has_table_privilege('authenticated', 'public.users', 'UPDATE') as whole_table_update`,
      )
      expect(r).toEqual({
        pv_insert: false,
        pv_update: false,
        email_insert: true,
        email_update: true,
        whole_table_insert: false,
        whole_table_update: false,
      })
    })

    it('EXECUTE on public functions is never left to PUBLIC; clients reach only the contract RPCs', async () => {
      const viaPublic = await db.query<{ name: string }>(
        `select p.proname as name
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace,
              aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
         where n.nspname = 'public' and a.grantee = 0 and a.privilege_type = 'EXECUTE'`,
      )
      expect(viaPublic.rows.map((r) => r.name)).toEqual([])

      const { rows } = await db.query<{ name: string; anon: boolean; authenticated: boolean; is_trigger: boolean }>(
        `select p.proname as name,
                has_function_privilege('anon', p.oid, 'EXECUTE') as anon,
                has_function_privilege('authenticated', p.oid, 'EXECUTE') as authenticated,
                p.prorettype = 'trigger'::regtype as is_trigger
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = 'public'`,
      )
      expect(rows.filter((r) => r.anon).map((r) => r.name)).toEqual([])
      expect(rows.filter((r) => r.authenticated).map((r) => r.name)).toEqual(expect.arrayContaining(['get_chatbot_stats']))
      expect(rows.filter((r) => r.authenticated).map((r) => r.name)).not.toContain('phone_number_exists')
      // The assistant's reads take an owner id as an argument: the server's alone.
      for (const name of ['search_faq', 'catalogue_extremes', 'search_products', 'chatbot_context']) {
        expect(rows.filter((r) => r.name === name).map((r) => ({ name, anon: r.anon, authenticated: r.authenticated }))).toEqual([
          { name, anon: false, authenticated: false },
        ])
      }
      expect(rows.filter((r) => r.is_trigger && (r.anon || r.authenticated)).map((r) => r.name)).toEqual([])

      const definers = await db.query<{ name: string; config: string | null }>(
        `select p.proname as name, array_to_string(p.proconfig, ',') as config
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = 'public' and p.prosecdef`,
      )
      expect(definers.rows.map((r) => r.name)).toEqual(expect.arrayContaining(['handle_new_user', 'phone_number_exists']))
      for (const d of definers.rows) expect(d.config, d.name).toBe('search_path=""')
    })

    it('synced tables are in the supabase_realtime publication and indexed for the pull checkpoint', async () => {
      const pub = await db.query<{ tablename: string }>(
        `select tablename from pg_publication_tables
         where pubname = 'supabase_realtime' and schemaname = 'public' order by tablename`,
      )
      expect(pub.rows.map((r) => r.tablename)).toEqual(expect.arrayContaining(SYNCED_TABLES))
      const idx = await db.query<{ table: string }>(
        `select distinct t.relname as table
         from pg_index i
         join pg_class t on t.oid = i.indrelid
         join pg_namespace n on n.oid = t.relnamespace
         where n.nspname = 'public'
           and (select array_agg(a.attname::text order by k.ord)
                from unnest(i.indkey) with ordinality as k(attnum, ord)
                join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum) = array['user_id', '_modified', 'id']`,
      )
      expect(idx.rows.map((r) => r.table).sort()).toEqual(SYNCED_TABLES)
    })
  })

  describe('sign-up', () => {
    it('creates profile, zero credits, default assistant and free quotas in the same transaction', async () => {
      const id = randomUUID()
      const phone = nextPhone()
      await db.transaction(async (tx) => {
        await tx.query(
          `insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
           values ($1, 'authenticated', 'authenticated', $2, $3::jsonb, now(), now())`,
          [id, `signup-${id}@example.com`, JSON.stringify({ business_name: 'Kuaför Ayşe', phone_number: phone })],
        )
        const profile = await one<Row>(
          tx,
          'select email, business_name, phone_number, phone_verified from public.users where id = $1',
          [id],
        )
        expect(profile).toEqual({
          email: `signup-${id}@example.com`,
          business_name: 'Kuaför Ayşe',
          phone_number: phone,
          phone_verified: false,
        })
        const credits = await one<Row>(tx, 'select amount, used, remaining from public.credits where user_id = $1', [id])
        expect(credits).toEqual({ amount: 0, used: 0, remaining: 0 })
        const config = await one<Row>(
          tx,
          `select enabled, bot_name, length(welcome_message) > 0 as has_welcome, length(bot_description) > 0 as has_description,
                  strpos(system_prompt, '{business_name}') > 0 as prompt_has_placeholder, primary_color, position,
                  openai_model, temperature::text as temperature, max_tokens, cardinality(allowed_domains) as domains
           from public.chatbot_configs where user_id = $1`,
          [id],
        )
        expect(config).toEqual({
          enabled: false,
          bot_name: 'Asistan',
          has_welcome: true,
          has_description: true,
          prompt_has_placeholder: true,
          primary_color: '#3B82F6',
          position: 'bottom-right',
          openai_model: 'gpt-3.5-turbo',
          temperature: '0.7',
          max_tokens: 1000,
          domains: 0,
        })
        const limits = await one<Row>(
          tx,
          `select daily_message_limit, daily_messages_used, monthly_message_limit, monthly_messages_used, plan_type,
                  daily_reset_at = current_date as daily_today,
                  monthly_reset_at = date_trunc('month', current_date)::date as monthly_this_month
           from public.api_usage_limits where user_id = $1`,
          [id],
        )
        expect(limits).toEqual({
          daily_message_limit: 50,
          daily_messages_used: 0,
          monthly_message_limit: 1000,
          monthly_messages_used: 0,
          plan_type: 'free',
          daily_today: true,
          monthly_this_month: true,
        })
        const business = await one<Row>(
          tx,
          `select address, maps_url, contact_phone, contact_email, opening_hours::text as opening_hours, time_zone,
                  shipping_info, returns_info, payment_info, ordering_info
           from public.business_profiles where user_id = $1`,
          [id],
        )
        expect(business).toEqual({
          address: null,
          maps_url: null,
          contact_phone: null,
          contact_email: null,
          opening_hours: '{}',
          time_zone: 'Europe/Istanbul',
          shipping_info: null,
          returns_info: null,
          payment_info: null,
          ordering_info: null,
        })
        expect(await one<Row>(tx, 'select count(*)::int as n from public.faq_entries where user_id = $1', [id])).toEqual({ n: 0 })
      })
    })

    it('a bad phone number in the metadata fails the auth insert and creates nothing', async () => {
      const id = randomUUID()
      const code = await sqlState(
        db.query(
          `insert into auth.users (id, aud, role, email, raw_user_meta_data)
           values ($1, 'authenticated', 'authenticated', $2, '{"business_name":"X","phone_number":"05551112233"}')`,
          [id, `bad-${id}@example.com`],
        ),
      )
      expect(code).toBe('23514')
      const left = await one<Row>(
        db,
        `select (select count(*)::int from auth.users where id = $1) as auth_users,
                (select count(*)::int from public.users where id = $1) as users,
                (select count(*)::int from public.credits where user_id = $1) as credits,
                (select count(*)::int from public.chatbot_configs where user_id = $1) as configs,
                (select count(*)::int from public.api_usage_limits where user_id = $1) as limits,
                (select count(*)::int from public.business_profiles where user_id = $1) as profiles`,
        [id],
      )
      expect(left).toEqual({ auth_users: 0, users: 0, credits: 0, configs: 0, limits: 0, profiles: 0 })
    })

    it('a phone number already taken fails the sign-up', async () => {
      const first = await signUp()
      expect(await sqlState(signUp({ phone_number: first.phone }))).toBe('23505')
    })
  })

  describe('as a signed-in owner', () => {
    let a: User
    let b: User

    beforeAll(async () => {
      a = await signUp()
      b = await signUp()
      for (const u of [a, b]) {
        await db.query(`insert into public.products (user_id, name, price) values ($1, 'Ürün', 10)`, [u.id])
        await db.query(
          `insert into public.transactions (user_id, amount, credits_purchased, status) values ($1, 1500, 250, 'completed')`,
          [u.id],
        )
        await db.query(
          `with c as (insert into public.conversations (user_id, channel) values ($1, 'widget') returning id)
           insert into public.chatbot_messages (user_id, channel, conversation_id, author, content) select $1, 'widget', c.id, 'customer', 'merhaba' from c`,
          [u.id],
        )
        await db.query(`insert into public.faq_entries (user_id, question, answer) values ($1, 'Kargo ücretli mi?', 'Evet.')`, [u.id])
      }
    })

    it('sees only its own rows in every table', async () => {
      await asUser(a, async (tx) => {
        for (const [table, column] of [
          ['users', 'id'],
          ['credits', 'user_id'],
          ['transactions', 'user_id'],
          ['products', 'user_id'],
          ['chatbot_configs', 'user_id'],
          ['api_usage_limits', 'user_id'],
          ['chatbot_messages', 'user_id'],
          ['business_profiles', 'user_id'],
          ['faq_entries', 'user_id'],
        ] as const) {
          const { rows } = await tx.query<{ owner: string }>(`select distinct ${column}::text as owner from public.${table}`)
          expect(rows, table).toEqual([{ owner: a.id }])
        }
        for (const table of ['payments', 'outgoing_messages', 'customers', 'appointments']) {
          const { rows } = await tx.query(`select 1 from public.${table} where user_id <> $1`, [a.id])
          expect(rows, table).toEqual([])
        }
      })
    })

    it('cannot set phone_verified, on update or on insert', async () => {
      expect(
        await sqlState(asUser(a, (tx) => tx.query('update public.users set phone_verified = true where id = $1', [a.id]))),
      ).toBe('42501')
      expect(
        await sqlState(
          asUser(a, (tx) =>
            tx.query(
              `insert into public.users (id, email, phone_verified) values ($1, $2, true)
               on conflict (id) do update set phone_verified = excluded.phone_verified`,
              [a.id, a.email],
            ),
          ),
        ),
      ).toBe('42501')
      const r = await one<Row>(db, 'select phone_verified from public.users where id = $1', [a.id])
      expect(r.phone_verified).toBe(false)
    })

    it('cannot change its e-mail, while the spec-shaped profile upsert still succeeds', async () => {
      const saved = await asUser(a, (tx) =>
        one<Row>(
          tx,
          `insert into public.users (id, email, business_name, updated_at) values ($1, 'someone-else@example.com', 'Yeni Ad', now())
           on conflict (id) do update set id = excluded.id, email = excluded.email, business_name = excluded.business_name,
                                          updated_at = excluded.updated_at
           returning email, business_name`,
          [a.id],
        ),
      )
      expect(saved).toEqual({ email: a.email, business_name: 'Yeni Ad' })
      await asUser(a, (tx) => tx.query(`update public.users set email = 'x@example.com' where id = $1`, [a.id]))
      const r = await one<Row>(db, 'select email from public.users where id = $1', [a.id])
      expect(r.email).toBe(a.email)
    })

    it('server code may still change the e-mail', async () => {
      const u = await signUp()
      await asServiceRole((tx) => tx.query(`update public.users set email = 'new@example.com' where id = $1`, [u.id]))
      expect((await one<Row>(db, 'select email from public.users where id = $1', [u.id])).email).toBe('new@example.com')
    })

    it('changes its phone number only through change_phone_number, and loses the verification', async () => {
      const u = await signUp()
      await asServiceRole((tx) => tx.query('update public.users set phone_verified = true where id = $1', [u.id]))
      const newPhone = nextPhone()
      expect(await sqlState(asUser(u, (tx) => tx.query('update public.users set phone_number = $2 where id = $1', [u.id, newPhone])))).toBe('42501')
      const changed = await asUser(u, (tx) => one<{ r: unknown }>(tx, 'select public.change_phone_number($1)::text as r', [newPhone]))
      expect(JSON.parse(changed.r as string)).toEqual({ changed: true, error: null })
      expect(await one<Row>(db, 'select phone_number, phone_verified from public.users where id = $1', [u.id])).toEqual({
        phone_number: newPhone,
        phone_verified: false,
      })
    })

    it('cannot write credits, quotas, purchases, payments or the message log, nor delete its profile', async () => {
      const attempts = [
        ['update public.credits set remaining = 1000000 where user_id = $1', [a.id]],
        ['update public.api_usage_limits set daily_message_limit = 1000000 where user_id = $1', [a.id]],
        [`insert into public.transactions (user_id, amount, credits_purchased, status) values ($1, 1, 99999, 'completed')`, [a.id]],
        [
          `insert into public.payments (user_id, provider, provider_session_id, price_id, credits, amount)
           values ($1, 'local', 'x', 'p', 1, 1)`,
          [a.id],
        ],
        [`insert into public.chatbot_messages (user_id, channel, author, content) values ($1, 'widget', 'customer', 'x')`, [a.id]],
        ['delete from public.users where id = $1', [a.id]],
        ['delete from public.chatbot_configs where user_id = $1', [a.id]],
        ['select * from public.phone_verifications', []],
      ] as const
      for (const [sql, params] of attempts) {
        expect(await sqlState(asUser(a, (tx) => tx.query(sql, [...params]))), sql).toBe('42501')
      }
    })

    it('upserts its own assistant configuration on user_id, and only its own', async () => {
      const saved = await asUser(a, (tx) =>
        one<Row>(
          tx,
          `insert into public.chatbot_configs (user_id, enabled, bot_name, temperature, allowed_domains)
           values ($1, true, 'Bot', 0.3, '{example.com}')
           on conflict (user_id) do update set enabled = excluded.enabled, bot_name = excluded.bot_name,
             temperature = excluded.temperature, allowed_domains = excluded.allowed_domains
           returning enabled, bot_name, temperature::text as temperature`,
          [a.id],
        ),
      )
      expect(saved).toEqual({ enabled: true, bot_name: 'Bot', temperature: '0.3' })
      const code = await sqlState(
        asUser(a, (tx) =>
          tx.query(
            `insert into public.chatbot_configs (user_id) values ($1)
             on conflict (user_id) do update set enabled = true`,
            [b.id],
          ),
        ),
      )
      expect(code).toBe('42501')
      const other = await asUser(a, (tx) =>
        tx.query(`update public.chatbot_configs set bot_name = 'hacked' where user_id = $1`, [b.id]),
      )
      expect(other.affectedRows).toBe(0)
    })

    it('cannot insert, update or delete another owner\'s products', async () => {
      expect(
        await sqlState(asUser(a, (tx) => tx.query(`insert into public.products (user_id, name, price) values ($1, 'x', 1)`, [b.id]))),
      ).toBe('42501')
      const updated = await asUser(a, (tx) => tx.query(`update public.products set price = 0 where user_id = $1`, [b.id]))
      expect(updated.affectedRows).toBe(0)
      const deleted = await asUser(a, (tx) => tx.query('delete from public.products where user_id = $1', [b.id]))
      expect(deleted.affectedRows).toBe(0)
      expect(
        await sqlState(
          asUser(a, (tx) => tx.query(`update public.products set user_id = $2 where user_id = $1`, [a.id, b.id])),
        ),
      ).toBe('42501')
      const left = await one<Row>(db, 'select count(*)::int as n from public.products where user_id = $1 and price = 10', [b.id])
      expect(left.n).toBe(1)
    })

    it('creates products with its own user_id by default and deletes them', async () => {
      const id = randomUUID()
      const row = await asUser(a, (tx) =>
        one<Row>(
          tx,
          `insert into public.products (id, name, price, currency) values ($1, 'Varsayılan', 12.5, 'EUR')
           returning user_id::text as user_id, stock, _deleted`,
          [id],
        ),
      )
      expect(row).toEqual({ user_id: a.id, stock: 0, _deleted: false })
      const deleted = await asUser(a, (tx) => tx.query('delete from public.products where id = $1', [id]))
      expect(deleted.affectedRows).toBe(1)
    })

    it('cannot link an appointment to another owner\'s customer', async () => {
      const customerOfB = randomUUID()
      const customerOfA = randomUUID()
      await asUser(b, (tx) =>
        tx.query(`insert into public.customers (id, name, phone_number) values ($1, 'Müşteri B', '+905000000001')`, [customerOfB]),
      )
      await asUser(a, (tx) =>
        tx.query(`insert into public.customers (id, name, phone_number) values ($1, 'Müşteri A', '+905000000002')`, [customerOfA]),
      )
      expect(
        await sqlState(
          asUser(a, (tx) =>
            tx.query(
              `insert into public.appointments (customer_id, appointment_date, appointment_time) values ($1, current_date, '10:00')`,
              [customerOfB],
            ),
          ),
        ),
      ).toBe('42501')
      const appointment = randomUUID()
      await asUser(a, (tx) =>
        tx.query(
          `insert into public.appointments (id, customer_id, appointment_date, appointment_time) values ($1, $2, current_date, '10:00')`,
          [appointment, customerOfA],
        ),
      )
      expect(
        await sqlState(
          asUser(a, (tx) => tx.query('update public.appointments set customer_id = $2 where id = $1', [appointment, customerOfB])),
        ),
      ).toBe('42501')
      const row = await one<Row>(
        db,
        'select customer_id::text as customer_id, status, duration_minutes from public.appointments where id = $1',
        [appointment],
      )
      expect(row).toEqual({ customer_id: customerOfA, status: 'scheduled', duration_minutes: 60 })
    })

    it('`_modified` is set by the server, ignores client values and increases on every update', async () => {
      const id = randomUUID()
      await asUser(a, (tx) =>
        tx.query(
          `insert into public.customers (id, name, phone_number, _modified, updated_at)
           values ($1, 'Saat', '+905000000003', '2000-01-01T00:00:00Z', '2000-01-01T00:00:00Z')`,
          [id],
        ),
      )
      const read = () =>
        one<{ modified: string; updated: string }>(
          db,
          `select _modified::text as modified, updated_at::text as updated from public.customers where id = $1`,
          [id],
        )
      const inserted = await read()
      const recent = await one<Row>(
        db,
        `select $1::timestamptz > now() - interval '1 minute' and $1::timestamptz <= clock_timestamp() as ok`,
        [inserted.modified],
      )
      expect(recent.ok).toBe(true)

      let previous = inserted
      for (const modified of ['2100-01-01T00:00:00Z', '2000-01-01T00:00:00Z']) {
        await asUser(a, (tx) =>
          tx.query(`update public.customers set notes = 'not ' || $2, _modified = $2::timestamptz where id = $1`, [id, modified]),
        )
        const now = await read()
        const cmp = await one<Row>(
          db,
          `select $1::timestamptz > $2::timestamptz as increased, $1::timestamptz < '2099-01-01' as not_client,
                  $3::timestamptz >= $4::timestamptz as updated_moves`,
          [now.modified, previous.modified, now.updated, previous.updated],
        )
        expect(cmp).toEqual({ increased: true, not_client: true, updated_moves: true })
        previous = now
      }
      // Updates in a tight loop share a clock tick (PGlite's clock has millisecond precision); the row still moves forward.
      await asUser(a, (tx) =>
        tx.query(`
          do $$
          declare
            prev timestamptz;
            cur timestamptz;
          begin
            select _modified into prev from public.customers where id = '${id}';
            for i in 1..50 loop
              update public.customers set notes = 'tick ' || i where id = '${id}' returning _modified into cur;
              if cur <= prev then
                raise exception '_modified did not increase on update %: % then %', i, prev, cur;
              end if;
              prev := cur;
            end loop;
          end
          $$`),
      )
    })

    it('get_chatbot_stats counts its own messages and refuses another owner\'s id', async () => {
      const u = await signUp()
      await db.query(
        `with w as (insert into public.conversations (user_id, channel) values ($1, 'widget') returning id),
              a as (insert into public.conversations (user_id, channel, contact) values ($1, 'whatsapp', '905321234567') returning id)
         insert into public.chatbot_messages (user_id, channel, conversation_id, author, content, created_at)
         select $1, m.channel, case when m.channel = 'widget' then w.id else a.id end, m.author, m.content, m.created_at
           from w, a, (values
             ('widget', 'customer', 'a', now() - interval '1 hour'),
             ('whatsapp', 'assistant', 'b', now() - interval '3 days'),
             ('widget', 'customer', 'c', now() - interval '20 days'),
             -- Before this month and more than a week ago, whatever day of the month the test runs on.
             ('widget', 'assistant', 'd', date_trunc('month', now()) - interval '8 days')) as m (channel, author, content, created_at)`,
        [u.id],
      )
      const expectedMonth = await one<{ n: number }>(
        db,
        `select count(*)::int as n from public.chatbot_messages where user_id = $1 and author = 'assistant' and created_at >= date_trunc('month', now())`,
        [u.id],
      )
      const stats = await asUser(u, (tx) =>
        tx.query(
          `select total_messages::int as total, this_month::int as month, last_week::int as week, last_day::int as day
           from public.get_chatbot_stats($1)`,
          [u.id],
        ),
      )
      // Answered messages: the assistant's replies, not the customers' messages.
      expect(stats.rows).toEqual([{ total: 2, month: expectedMonth.n, week: 1, day: 0 }])

      expect(await sqlState(asUser(a, (tx) => tx.query('select * from public.get_chatbot_stats($1)', [u.id])))).toBe('42501')
      expect(await sqlState(asAnon((tx) => tx.query('select * from public.get_chatbot_stats($1)', [u.id])))).toBe('42501')
      const forService = await asServiceRole((tx) =>
        one<Row>(tx, 'select total_messages::int as total from public.get_chatbot_stats($1)', [u.id]),
      )
      expect(forService.total).toBe(2)
    })

    it('phone_number_exists answers yes or no to the service role alone (visitors ask check-phone, which limits them)', async () => {
      const check = (q: Queryable, phone: string) =>
        one<{ exists: boolean }>(q, 'select public.phone_number_exists($1) as exists', [phone])
      expect((await asServiceRole((tx) => check(tx, a.phone))).exists).toBe(true)
      expect((await asServiceRole((tx) => check(tx, '+909999999999'))).exists).toBe(false)
      expect(await sqlState(asAnon((tx) => check(tx, a.phone)))).toBe('42501')
      expect(await sqlState(asUser(b, (tx) => check(tx, a.phone)))).toBe('42501')
      expect(await sqlState(asAnon((tx) => tx.query('select 1 from public.users')))).toBe('42501')
    })
  })
})
