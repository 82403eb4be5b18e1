// The embedded Supabase stack: one Hono app that serves the same HTTP APIs as
// hosted Supabase (auth, data API, …) over one Database.
import { startJobs, type JobOptions, type Jobs } from './jobs.ts'
import { Hono, type MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import { serve, type ServerType } from '@hono/node-server'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { loadConfig, type StackConfig } from './config.ts'
import { openDatabase, type Database, type DbTarget } from './db.ts'
import { prepareDatabase, SUPABASE_DIR } from './migrate.ts'
import { materializeTemplate } from './template.ts'
import { createAuthApp } from './auth/index.ts'
import { createRestApp } from './rest/index.ts'
import { createStorageApp } from './storage/index.ts'
import { createFunctionsApp } from './functions/index.ts'
import { createOutboxApp } from './functions/outbox.ts'
import { createLocalCheckoutApp } from './functions/checkout.ts'
import { attachRealtime } from './realtime/index.ts'
import { demoAccountIsOpen, DEMO_ACCOUNT_OPEN_MESSAGE, isLoopbackHost } from './exposure.ts'
import { localToolsGuard } from './local-tools.ts'

export type StackContext = {
  db: Database
  config: StackConfig
  /** Where stored files live (storage API): beside the database, or a temporary directory for memory/URL databases. */
  storageDir: string
  /** The stack's own base URL once it listens (functions receive it as SUPABASE_URL). */
  apiUrl: () => string
  /** The database URL when the stack runs over Postgres (functions get it as SUPABASE_DB_URL); PGlite has none. */
  dbUrl?: string
}

export const CORS_ALLOW_HEADERS = [
  'authorization', 'apikey', 'content-type', 'x-client-info', 'prefer', 'accept-profile', 'content-profile',
  'range', 'x-upsert', 'x-supabase-api-version', 'x-retry-count', 'cache-control', 'x-metadata',
]
export const CORS_EXPOSE_HEADERS = ['content-range', 'x-supabase-api-version', 'content-location', 'location', 'sb-error-code']

export type StackAppOptions = {
  /** Mount `/__local` (the outbox and the local checkout page). */
  localTools: boolean
  /** The address the stack listens on, which `/__local` accepts as its own Host. */
  host: string
  /** The port it listens on, once it does. */
  port: () => number | undefined
}

/**
 * What the functions get from the stack beyond the fixed Supabase variables.
 * The local provider URLs exist only while `/__local` is mounted: without
 * them the payment function refuses the local provider away from loopback
 * instead of handing out links to a page that is not there. Getters, because
 * the address is known only once the server listens.
 */
export function stackFunctionsEnv(ctx: Pick<StackContext, 'config' | 'apiUrl'>, opts: Pick<StackAppOptions, 'localTools'>) {
  const local = (path: string, override: string | undefined) =>
    opts.localTools ? override || (ctx.apiUrl() ? `${ctx.apiUrl()}${path}` : undefined) : undefined
  return {
    // The app's origins, which checkout return URLs must use (as Supabase Auth's site_url and redirect list).
    SITE_URL: ctx.config.siteUrl,
    ADDITIONAL_REDIRECT_URLS: ctx.config.additionalRedirectUrls.join(','),
    // Said explicitly, so the local provider also works when the stack listens
    // on an address other than loopback with the local tools exposed.
    get LOCAL_CHECKOUT_URL() {
      return local('/__local/checkout', process.env.LOCAL_CHECKOUT_URL)
    },
    // Where the local SMS/WhatsApp providers deliver what they "send".
    get LOCAL_OUTBOX_URL() {
      return local('/__local', process.env.LOCAL_OUTBOX_URL)
    },
  }
}

// Hosted Supabase's APIs answer any origin, without credentials: callers
// authenticate with headers (apikey, Authorization), never with cookies.
const corsPreflight = cors({
  origin: '*',
  allowHeaders: CORS_ALLOW_HEADERS,
  exposeHeaders: CORS_EXPOSE_HEADERS,
  allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  maxAge: 86400,
})
const CORS_EXPOSE_LIST = CORS_EXPOSE_HEADERS.join(',')
const addCorsHeaders = (headers: Headers) => {
  headers.set('Access-Control-Allow-Origin', '*')
  headers.set('Access-Control-Expose-Headers', CORS_EXPOSE_LIST)
}

/**
 * hono/cors for preflights; on other requests the same two headers it would
 * set, added once the handler has answered. (hono/cors sets them on c.res
 * before the handler runs, and Hono then copies the handler's Response to
 * merge them: its body becomes a stream that the Node adapter must read back,
 * which cost more than the data API's own work on small reads.)
 */
const apiCors: MiddlewareHandler = async (c, next) => {
  if (c.req.method === 'OPTIONS') return corsPreflight(c, next)
  await next()
  try {
    addCorsHeaders(c.res.headers)
  } catch {
    // A Response with immutable headers (Response.redirect, a fetched one): copy it first.
    const res = new Response(c.res.body, c.res)
    addCorsHeaders(res.headers)
    c.res = res
  }
}

const isLocalToolsPath = (path: string) => path === '/__local' || path.startsWith('/__local/')
const isFunctionsPath = (path: string) => path.startsWith('/functions/v1/')

export function createStackApp(ctx: StackContext, opts: StackAppOptions): Hono {
  const app = new Hono()
  app.use('*', async (c, next) => {
    if (isLocalToolsPath(c.req.path)) return next()
    if (!isFunctionsPath(c.req.path)) return apiCors(c, next)
    // As on hosted Supabase, a function answers its own CORS, preflight
    // included (chatbot-api allows only its owner's sites, and leaves a page
    // on another site unable to read its refusal). The gateway's own answers
    // (marked sb-error-code: no such function, a bad token) get the API's.
    await next()
    if (c.res.headers.has('sb-error-code') && !c.res.headers.has('access-control-allow-origin')) {
      c.res = new Response(c.res.body, c.res)
      c.res.headers.set('access-control-allow-origin', '*')
      c.res.headers.set('access-control-expose-headers', CORS_EXPOSE_HEADERS.join(', '))
    }
  })
  app.route('/auth/v1', createAuthApp(ctx))
  app.route('/rest/v1', createRestApp(ctx))
  app.route('/storage/v1', createStorageApp(ctx))
  app.route('/functions/v1', createFunctionsApp(ctx, { env: stackFunctionsEnv(ctx, opts), ownApi: (req) => app.fetch(req) }))
  if (opts.localTools) {
    app.use('/__local/*', localToolsGuard({ host: opts.host, port: opts.port }))
    app.use('/__local', localToolsGuard({ host: opts.host, port: opts.port }))
    // Local only: the messages the local SMS/WhatsApp providers "sent" (verification codes, reminders).
    app.route('/__local', createOutboxApp(ctx))
    // Local only: the local payment provider's checkout page.
    app.route(
      '/__local/checkout',
      createLocalCheckoutApp(ctx, { invokeFunction: async (name, init) => app.request(`/functions/v1/${name}`, init) }),
    )
  }
  app.get('/', (c) =>
    c.json({ name: 'local supabase stack', services: ['auth/v1', 'rest/v1', 'storage/v1', 'functions/v1', 'realtime/v1'] }),
  )
  return app
}

export const DEFAULT_DATA_DIR = path.resolve(SUPABASE_DIR, '..', '.data', 'db')
const DEFAULT_URL_STORAGE_DIR = path.resolve(SUPABASE_DIR, '..', '.data', 'storage')

export type StartOptions = {
  port?: number
  host?: string
  db?: DbTarget
  /** Apply supabase/seed.sql (the demo account) when the database is created. Default: as `localTools`. */
  seed?: boolean
  /**
   * Mount `/__local` (outbox, local checkout page). Default: only when `host`
   * is loopback. Off loopback, mounting it also accepts a database that still
   * has the demo account's published password.
   */
  localTools?: boolean
  config?: Partial<StackConfig>
  /** Where uploaded files go; by default beside the data directory. */
  storageDir?: string
  /** Run the scheduled functions (automatic reminders) as pg_cron would: the CLI does; off unless given. */
  jobs?: JobOptions
}

export type RunningStack = {
  url: string
  port: number
  /** Whether `/__local` is mounted. */
  localTools: boolean
  db: Database
  config: StackConfig
  app: Hono
  /** The scheduler, when `jobs` was given. */
  jobs: Jobs | null
  close(): Promise<void>
}

export async function startStack(opts: StartOptions = {}): Promise<RunningStack> {
  const config = { ...loadConfig(), ...opts.config }
  const target = opts.db ?? { kind: 'dir', path: DEFAULT_DATA_DIR }
  const host = opts.host ?? '127.0.0.1'
  const localTools = opts.localTools ?? isLoopbackHost(host)
  const seed = opts.seed ?? localTools
  // A new PGlite database starts as a copy of a prepared template; `memory`
  // runs on a temporary directory that is removed on close.
  const tempDb = target.kind === 'memory' ? await mkdtemp(path.join(tmpdir(), 'stack-db-')) : undefined
  const dataDir = tempDb ?? (target.kind === 'dir' ? target.path : undefined)
  if (dataDir && !existsSync(path.join(dataDir, 'PG_VERSION'))) await materializeTemplate(seed, dataDir)
  const db = await openDatabase(dataDir ? { kind: 'dir', path: dataDir } : target)
  try {
    await prepareDatabase(db, { seed })
    if (!isLoopbackHost(host) && !localTools && (await demoAccountIsOpen(db))) throw new Error(DEMO_ACCOUNT_OPEN_MESSAGE)
  } catch (e) {
    await db.close()
    if (tempDb) await rm(tempDb, { recursive: true, force: true })
    throw e
  }
  let apiUrl = ''
  // Stored files live as long as the metadata rows that point at them.
  const tempStorage = target.kind === 'memory' ? await mkdtemp(path.join(tmpdir(), 'stack-storage-')) : undefined
  const storageDir =
    opts.storageDir ?? tempStorage ?? (target.kind === 'dir' ? `${path.resolve(target.path)}-storage` : DEFAULT_URL_STORAGE_DIR)
  const ctx: StackContext = {
    db,
    config,
    storageDir,
    apiUrl: () => apiUrl,
    dbUrl: target.kind === 'url' ? target.url : undefined,
  }
  const listening: { port?: number } = {}
  const app = createStackApp(ctx, { localTools, host, port: () => listening.port })
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: opts.port ?? 54321, hostname: host }, () => resolve(s))
    s.on('error', reject)
  })
  // Node closes an idle keep-alive connection after 5 s, and a client (undici, fetch in Node and
  // browsers alike) may send its next request on it in the same moment, which then fails with a reset.
  // A server should wait longer than its clients do (they give up after 4 s): 65 s, as load balancers do.
  const http = server as Server
  http.keepAliveTimeout = 65_000
  http.headersTimeout = 66_000
  const port = (server.address() as AddressInfo).port
  listening.port = port
  apiUrl = `http://${host}:${port}`
  const realtime = attachRealtime(server, ctx)
  try {
    await realtime.ready
  } catch (e) {
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await db.close()
    throw e
  }
  const jobs = opts.jobs ? startJobs(apiUrl, config.serviceRoleKey, opts.jobs) : null
  let closing: Promise<void> | undefined
  return {
    url: apiUrl,
    port,
    localTools,
    db,
    config,
    app,
    jobs,
    close() {
      closing ??= (async () => {
        await jobs?.close()
        // WebSockets first: server.close() waits for every open connection.
        await realtime.close()
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          ;(server as { closeAllConnections?: () => void }).closeAllConnections?.()
        })
        await db.close()
        for (const dir of [tempStorage, tempDb]) if (dir) await rm(dir, { recursive: true, force: true })
      })()
      return closing
    },
  }
}
