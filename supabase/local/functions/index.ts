// Edge functions (`/functions/v1/{name}`), run in the stack's own Node
// process: each supabase/functions/<name>/index.ts is imported as written for
// Deno, behind the same JWT check and with the same environment that hosted
// Supabase gives it. See README.md in this folder.
import { Hono, type Context } from 'hono'
import { routePath } from 'hono/route'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { StackContext } from '../server.ts'
import { SUPABASE_DIR } from '../migrate.ts'
import { BufferedRequest } from '../in-process-bodies.ts'
import { BODY_LIMITS, PAYLOAD_TOO_LARGE, PayloadTooLarge, readBodyWithin } from '../body-limit.ts'
import { createFunctionEnv, loadFunctionModule, withFunctionScope, type FunctionEnv, type FunctionScope, type ServeHandler } from './deno-shim.ts'
import { readFunctionSettings, settingsFor, type FunctionSettings } from './function-settings.ts'
import { checkGatewayJwt, gatewayAuthResponse } from './gateway-auth.ts'
import { clientAddress, withClientAddressHeaders } from '../client-address.ts'

export const FUNCTIONS_DIR = path.join(SUPABASE_DIR, 'functions')
export const CONFIG_TOML = path.join(SUPABASE_DIR, 'config.toml')

export type FunctionsContext = Pick<StackContext, 'config' | 'apiUrl'> & {
  /** A postgres:// URL when the stack runs on one; PGlite has none, so SUPABASE_DB_URL stays unset. */
  dbUrl?: string
}

export type FunctionsOptions = {
  functionsDir?: string
  configToml?: string
  /** Settings for the functions beyond the process environment (provider choice, credentials…). */
  env?: Record<string, string | undefined>
  /** The stack's whole app: a function's requests to SUPABASE_URL are answered by it in-process (deno-shim.ts). */
  ownApi?: FunctionScope['ownApi']
}

/** A slug as hosted Supabase accepts it; `_shared` and other `_` folders are code, not functions. */
const SLUG = /^[A-Za-z0-9][A-Za-z0-9_-]*$/

let instances = 0

export function createFunctionsApp(ctx: FunctionsContext, opts: FunctionsOptions = {}): Hono {
  const dir = path.resolve(opts.functionsDir ?? FUNCTIONS_DIR)
  const settings = readFunctionSettings(opts.configToml ?? CONFIG_TOML)
  // Each app imports its functions afresh (a distinct module URL), so state a
  // function keeps at module level belongs to one stack only.
  const instance = ++instances
  const handlers = new Map<string, Promise<RunnableFunction>>()
  let loads = 0

  const fixedEnv = (requestOrigin: string) => () => ({
    SUPABASE_URL: ctx.apiUrl() || requestOrigin,
    SUPABASE_ANON_KEY: ctx.config.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: ctx.config.serviceRoleKey,
    SUPABASE_DB_URL: ctx.dbUrl,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: ctx.config.publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: ctx.config.secretKey }),
  })
  // What a function sets with Deno.env.set lives as long as its module: one per app.
  let appEnv: FunctionEnv | undefined
  const envFor = (origin: string) => (appEnv ??= createFunctionEnv(fixedEnv(origin), opts.env))

  const entryOf = (name: string): { file: string; settings: FunctionSettings } | undefined => {
    if (!SLUG.test(name)) return undefined
    const s = settingsFor(settings, name)
    const file = path.join(dir, name, 'index.ts')
    return s.enabled && existsSync(file) ? { file, settings: s } : undefined
  }

  const handlerFor = (name: string, file: string, env: FunctionEnv) => {
    let h = handlers.get(name)
    if (!h) {
      // A module that failed to load is imported again, under a new URL (the
      // module cache keeps failures too), on the next request.
      h = loadFunctionModule(`${pathToFileURL(file).href}?stack=${instance}&load=${++loads}`, env).then((fn) => ({
        handler: fn.handler,
        bodyLimit: declaredBodyLimit(name, fn.exports),
      }))
      h.catch(() => handlers.delete(name))
      handlers.set(name, h)
    }
    return h
  }

  const serve = async (c: Context) => {
    const name = c.req.param('name')!
    const entry = entryOf(name)
    if (!entry) return notFound()
    const raw = c.req.raw
    if (raw.method !== 'OPTIONS' && entry.settings.verifyJwt) {
      const failure = await checkGatewayJwt(ctx.config, raw.headers)
      if (failure) return gatewayAuthResponse(failure)
    }
    const url = new URL(raw.url)
    // Hosted Supabase strips /functions/v1: the function sees /<name>/… .
    const route = routePath(c)
    const mount = route.slice(0, route.indexOf('/:name'))
    const fnUrl = new URL(url.pathname.slice(mount.length) + url.search, url.origin)
    const env = envFor(url.origin)
    let handler: ServeHandler
    let bodyLimit: number
    try {
      ;({ handler, bodyLimit } = await handlerFor(name, entry.file, env))
    } catch (e) {
      console.error(`[functions] ${name} failed to load:`, e)
      return bootError()
    }
    try {
      const hasBody = raw.method !== 'GET' && raw.method !== 'HEAD'
      const address = clientAddress(c)
      const req = new BufferedRequest(fnUrl, {
        method: raw.method,
        headers: withClientAddressHeaders(raw.headers, address, env.get('CLIENT_ADDRESS_HEADER')),
        body: hasBody ? await readBodyWithin(raw, bodyLimit) : null,
        signal: raw.signal,
      })
      const res = await withFunctionScope({ env, ownApi: opts.ownApi }, () =>
        handler(req, {
          remoteAddr: { transport: 'tcp', hostname: address, port: 0 },
          completed: Promise.resolve(),
        }),
      )
      if (!(res instanceof Response)) throw new TypeError(`function ${name} did not return a Response`)
      return res
    } catch (e) {
      if (e instanceof PayloadTooLarge) return payloadTooLarge(e)
      console.error(`[functions] ${name} failed:`, e)
      return workerError()
    }
  }

  const app = new Hono()
  app.all('/:name', serve)
  app.all('/:name/*', serve)
  app.all('*', () => notFound())
  return app
}

type RunnableFunction = { handler: ServeHandler; bodyLimit: number }

/**
 * The body limit a function declares by exporting MAX_REQUEST_BODY_BYTES
 * from its index.ts, else BODY_LIMITS.functions. A declaration that is not
 * a positive whole number fails the load (BOOT_ERROR), as a typo must not
 * quietly lift the limit.
 */
export function declaredBodyLimit(name: string, exports: Readonly<Record<string, unknown>>): number {
  const declared = exports.MAX_REQUEST_BODY_BYTES
  if (declared === undefined) return BODY_LIMITS.functions
  if (typeof declared !== 'number' || !Number.isSafeInteger(declared) || declared <= 0) {
    throw new TypeError(`${name}: MAX_REQUEST_BODY_BYTES must be a positive whole number of bytes, not ${String(declared)}`)
  }
  return declared
}

/** The gateway's refusal of a body over the function's limit, before the function runs. */
function payloadTooLarge(e: PayloadTooLarge): Response {
  return Response.json(
    { code: PAYLOAD_TOO_LARGE, message: `Request body too large: this function accepts at most ${e.limit} bytes` },
    { status: 413, headers: { 'sb-error-code': PAYLOAD_TOO_LARGE } },
  )
}

/** Hosted Supabase's answer for a name that is not a deployed function. */
function notFound(): Response {
  return Response.json(
    { code: 'NOT_FOUND', message: 'Requested function was not found' },
    { status: 404, headers: { 'sb-error-code': 'NOT_FOUND' } },
  )
}

/** Hosted Supabase's answer when a function's module throws while loading. */
function bootError(): Response {
  return Response.json(
    { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' },
    { status: 503, headers: { 'sb-error-code': 'BOOT_ERROR' } },
  )
}

/** Hosted Supabase's answer when a function throws instead of responding. */
function workerError(): Response {
  return Response.json(
    { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' },
    { status: 500, headers: { 'sb-error-code': 'WORKER_ERROR' } },
  )
}
