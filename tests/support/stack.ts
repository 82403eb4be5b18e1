// Test harness: one embedded stack per backend, talked to only through
// supabase-js, exactly as the product talks to hosted Supabase. The running
// database is exposed as well, for the few checks a client can never make
// (catalog queries, proving that nothing was written to auth.users).
import { afterAll, beforeAll } from 'vitest'
import { createClient, type Session, type SupabaseClient, type SupabaseClientOptions, type User } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { startStack, type RunningStack } from '../../supabase/local/server.ts'
import type { Database } from '../../supabase/local/db.ts'
import type { StackConfig } from '../../supabase/local/config.ts'
import { startTempPostgres, type TempPostgres } from './postgres.ts'
import { businessName, uniqueEmail, uniquePhone } from './factories.ts'

export const BACKENDS = ['pglite', 'postgres'] as const
export type Backend = (typeof BACKENDS)[number]

// ws satisfies realtime-js at runtime; its constructor type is only narrower on paper.
type Transport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>

/** The realtime transport for supabase-js clients in Node tests. */
export const wsTransport = WebSocket as unknown as Transport

export function makeClient(url: string, key: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: wsTransport },
  })
}

export type SignUpOverrides = {
  email?: string
  password?: string
  business_name?: string
  phone_number?: string
}

export type Owner = {
  client: SupabaseClient
  user: User
  session: Session
  email: string
  password: string
  phone: string
  businessName: string
}

export type TestStack = {
  backend: Backend
  url: string
  port: number
  anonKey: string
  serviceRoleKey: string
  config: StackConfig
  /** The stack's own database connection (superuser): catalogs and auth schema checks only. */
  db: Database
  anon(): SupabaseClient
  service(): SupabaseClient
  signUpOwner(overrides?: SignUpOverrides): Promise<Owner>
  /** An owner past the verification screen, as the functions that act for owners require. */
  signUpVerifiedOwner(overrides?: SignUpOverrides): Promise<Owner>
  close(): Promise<void>
}

export const DEFAULT_PASSWORD = 'Guclu-Sifre-2026'

/**
 * Suites sign up and sign in many owners from 127.0.0.1 against one stack,
 * far past GoTrue's per-address defaults, so test stacks get roomy limits;
 * the limits themselves are tested with the defaults (auth/rate-limit.test.ts).
 * And every sign-up and sign-in runs bcrypt, at GoTrue's cost 10 about 80 ms
 * of CPU in PGlite: a fifth of the suites' time went to it. Test stacks hash
 * at bcrypt's least cost, which checks the same way; the default cost is
 * tested where a stack keeps its defaults (auth/rate-limit.test.ts).
 */
export const TEST_STACK_CONFIG = {
  authRateLimitSignInSignUps: 100_000,
  authRateLimitTokenRefresh: 100_000,
  authPasswordHashCost: 4,
} as const satisfies Partial<StackConfig>

/** The same, for a stack started as a separate process (`npm start` / `npm run stack`). */
export const TEST_STACK_ENV = {
  AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: String(TEST_STACK_CONFIG.authRateLimitSignInSignUps),
  AUTH_RATE_LIMIT_TOKEN_REFRESH: String(TEST_STACK_CONFIG.authRateLimitTokenRefresh),
  AUTH_PASSWORD_HASH_COST: String(TEST_STACK_CONFIG.authPasswordHashCost),
}

export type TestStackOptions = {
  /** Settings over the local defaults (e.g. a short jwtExpiry). */
  config?: Partial<StackConfig>
  /** PGlite only: keep the database in this directory, so a later stack can start on the same data. */
  dataDir?: string
  /** Listen on this port instead of a free one (a restarted stack must be reachable at the same URL). */
  port?: number
}

export async function startTestStack(backend: Backend, opts: TestStackOptions = {}): Promise<TestStack> {
  let pg: TempPostgres | undefined
  let stack: RunningStack
  try {
    if (backend === 'postgres' && opts.dataDir) throw new Error('dataDir is for the pglite backend')
    if (backend === 'postgres') pg = await startTempPostgres()
    stack = await startStack({
      port: opts.port ?? 0,
      db: pg ? { kind: 'url', url: pg.url } : opts.dataDir ? { kind: 'dir', path: opts.dataDir } : { kind: 'memory' },
      seed: false,
      config: { ...TEST_STACK_CONFIG, ...opts.config },
    })
  } catch (e) {
    await pg?.stop().catch(() => undefined)
    throw new Error(`could not start the ${backend} test stack: ${(e as Error).message}`, { cause: e })
  }
  const { url, config } = stack

  const anon = () => makeClient(url, config.anonKey)

  async function signUpOwner(overrides: SignUpOverrides = {}): Promise<Owner> {
    const email = overrides.email ?? uniqueEmail()
    const password = overrides.password ?? DEFAULT_PASSWORD
    const name = overrides.business_name ?? businessName()
    const phone = overrides.phone_number ?? uniquePhone()
    const client = anon()
    const { data, error } = await client.auth.signUp({
      email,
      password,
      options: { data: { business_name: name, phone_number: phone } },
    })
    if (error) throw new Error(`sign-up of ${email} failed: ${error.status} ${error.code ?? ''} ${error.message}`)
    if (!data.session || !data.user) throw new Error(`sign-up of ${email} returned no session (auto-confirm expected locally)`)
    return { client, user: data.user, session: data.session, email, password, phone, businessName: name }
  }

  let closing: Promise<void> | undefined
  return {
    backend,
    url,
    port: stack.port,
    anonKey: config.anonKey,
    serviceRoleKey: config.serviceRoleKey,
    config,
    db: stack.db,
    anon,
    service: () => makeClient(url, config.serviceRoleKey),
    signUpOwner,
    async signUpVerifiedOwner(overrides: SignUpOverrides = {}) {
      const owner = await signUpOwner(overrides)
      await stack.db.query('update public.users set phone_verified = true where id = $1', [owner.user.id])
      return owner
    },
    close() {
      // Postgres must outlive the stack's pool, or closing the pool hangs on dead sockets.
      closing ??= (async () => {
        try {
          await stack.close()
        } finally {
          await pg?.stop()
        }
      })()
      return closing
    },
  }
}

/** Where an owner's website widget may be used (chatbot_configs); unset: none. */
export type WidgetSites = { website_url?: string | null; allowed_domains?: string[] }

/** Turns the owner's website widget on, for `config`'s sites; the owner. */
export async function enableWidget(stack: TestStack, owner: Owner, config: WidgetSites = {}): Promise<Owner> {
  await stack.db.query('update public.chatbot_configs set enabled = true, website_url = $2, allowed_domains = $3 where user_id = $1', [
    owner.user.id,
    config.website_url ?? null,
    config.allowed_domains ?? [],
  ])
  return owner
}

/**
 * An owner of a describe block, signed up before its tests. The value stands
 * for the owner once the block's tests (or later beforeAll hooks) have started.
 */
export function useOwner(stack: TestStack, overrides: SignUpOverrides = {}): Owner {
  let owner: Owner | undefined
  beforeAll(async () => {
    owner = await stack.signUpOwner(overrides)
  })
  return new Proxy({} as Owner, {
    get(_, key) {
      if (!owner) throw new Error('the owner is read before it signed up')
      return owner[key as keyof Owner]
    },
  })
}

/**
 * The stack of a describe block: started before its tests, closed after them.
 * The value stands for the running stack once the block's tests have started.
 */
export function useTestStack(backend: Backend, opts: TestStackOptions = {}): TestStack {
  let stack: TestStack | undefined
  beforeAll(async () => {
    stack = await startTestStack(backend, opts)
  })
  afterAll(async () => {
    await stack?.close()
  })
  return new Proxy({} as TestStack, {
    get(_, key) {
      if (!stack) throw new Error(`the ${backend} stack is read before its tests started`)
      const value = stack[key as keyof TestStack]
      return typeof value === 'function' ? value.bind(stack) : value
    },
  })
}
