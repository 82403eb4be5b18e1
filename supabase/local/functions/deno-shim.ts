// The part of the Deno global that edge functions use, for running them in
// Node: `Deno.serve` hands the handler to the runner instead of opening a
// port, and `Deno.env` reads the environment of the stack that is serving the
// current request (AsyncLocalStorage), so two stacks in one process never see
// each other's keys or settings.
import { AsyncLocalStorage } from 'node:async_hooks'
import WebSocket from 'ws'
import { BufferedRequest } from '../in-process-bodies.ts'

export type ServeHandlerInfo = {
  remoteAddr: { transport: 'tcp'; hostname: string; port: number }
  completed: Promise<void>
}
export type ServeHandler = (req: Request, info: ServeHandlerInfo) => Response | Promise<Response>

export type FunctionEnv = {
  get(name: string): string | undefined
  set(name: string, value: string): void
  delete(name: string): void
  has(name: string): boolean
  toObject(): Record<string, string>
}

export type DenoShim = {
  readonly local: true
  env: FunctionEnv
  serve(...args: unknown[]): ShimServer
}

type ShimServer = {
  finished: Promise<void>
  addr: { transport: 'tcp'; hostname: string; port: number }
  shutdown(): Promise<void>
  ref(): void
  unref(): void
}

/**
 * An environment in layers: values the function set itself, then the fixed
 * values (the stack's SUPABASE_* keys, which no other source may override),
 * then the extra values given to the runner, then the process environment.
 */
export function createFunctionEnv(
  fixed: () => Record<string, string | undefined>,
  extra: Record<string, string | undefined> = {},
): FunctionEnv {
  const own = new Map<string, string>()
  const removed = new Set<string>()
  const layers = () => [fixed(), extra, process.env as Record<string, string | undefined>]
  const lookup = (name: string) => {
    if (own.has(name)) return own.get(name)
    if (removed.has(name)) return undefined
    for (const layer of layers()) {
      const v = layer[name]
      if (v !== undefined) return v
    }
    return undefined
  }
  return {
    get: (name) => lookup(name),
    set(name, value) {
      own.set(name, String(value))
      removed.delete(name)
    },
    delete(name) {
      own.delete(name)
      removed.add(name)
    },
    has: (name) => lookup(name) !== undefined,
    toObject() {
      const out: Record<string, string> = {}
      for (const layer of layers().reverse()) {
        for (const [k, v] of Object.entries(layer)) if (v !== undefined) out[k] = v
      }
      for (const k of removed) delete out[k]
      for (const [k, v] of own) out[k] = v
      return out
    },
  }
}

/**
 * What a request to a function runs with: its stack's environment and, when
 * given, the stack's own API in-process (see scopedFetch).
 */
export type FunctionScope = { env: FunctionEnv; ownApi?: (req: Request) => Response | Promise<Response> }

const requestScope = new AsyncLocalStorage<FunctionScope>()
const processEnv = createFunctionEnv(() => ({}))

/** Set only while one function module is being imported (imports are serialized). */
let loading: { env: FunctionEnv; handler?: ServeHandler } | undefined
let loadQueue: Promise<unknown> = Promise.resolve()

const currentEnv = (): FunctionEnv => requestScope.getStore()?.env ?? loading?.env ?? processEnv

/**
 * fetch, for the whole process, with one difference inside a function's
 * request: a request to the function's own stack (SUPABASE_URL, which is
 * where supabase-js sends every database call) is handed to the stack's app
 * in the same process instead of going out over a loopback socket and back
 * in. Same gateway, middleware and handlers, answered the same way; without
 * the socket, the caller's address is the in-process one (127.0.0.1, as the
 * loopback connection's was). A widget message makes four such calls, and
 * the sockets (the HTTP client, the writes and reads, the server's side of
 * each) cost the stack more than everything else the message does. Any other
 * request (outside a function, or to another host) is the network's.
 */
function scopedFetch(networkFetch: typeof fetch): typeof fetch {
  return (input, init) => {
    const scope = requestScope.getStore()
    if (scope?.ownApi) {
      const own = scope.env.get('SUPABASE_URL')
      const target = input instanceof Request ? input.url : String(input)
      if (own && URL.canParse(target) && new URL(target).origin === new URL(own).origin) {
        // supabase-js sends its bodies as text: kept as they are rather than streamed, and the data API answers
        // such a request with its body in memory too (in-process-bodies.ts).
        const body = init?.body
        const request =
          !(input instanceof Request) && (body == null || typeof body === 'string')
            ? new BufferedRequest(target, { ...init, body: body ?? null })
            : new Request(input, init)
        // Through the event loop, as over a socket: otherwise a busy stack runs the calls of the requests it
        // already has from one microtask to the next and reads no new connection until they all are done
        // (under load, a new widget visitor's first message waited seconds while others took milliseconds).
        return new Promise<void>((resolve) => setImmediate(resolve)).then(() => scope.ownApi!(request))
      }
    }
    return networkFetch(input, init)
  }
}

const shim: DenoShim = {
  local: true,
  env: {
    get: (name) => currentEnv().get(name),
    set: (name, value) => currentEnv().set(name, value),
    delete: (name) => currentEnv().delete(name),
    has: (name) => currentEnv().has(name),
    toObject: () => currentEnv().toObject(),
  },
  // Deno.serve(handler), Deno.serve(options, handler) and Deno.serve({ handler, … }).
  serve(...args: unknown[]): ShimServer {
    const handler = args.find((a): a is ServeHandler => typeof a === 'function') ??
      (args[0] as { handler?: ServeHandler } | undefined)?.handler
    if (typeof handler !== 'function') throw new TypeError('Deno.serve needs a handler function')
    if (!loading) throw new Error('Deno.serve was called outside the local functions runner (only at module load is it supported)')
    if (loading.handler) throw new Error('a function module called Deno.serve twice')
    loading.handler = handler
    return {
      finished: new Promise<void>(() => undefined),
      addr: { transport: 'tcp', hostname: '127.0.0.1', port: 0 },
      shutdown: async () => undefined,
      ref: () => undefined,
      unref: () => undefined,
    }
  },
}

/** Idempotent. Also gives Node 20 the global WebSocket that Deno has and supabase-js expects. */
export function installDenoShim(): void {
  const g = globalThis as { Deno?: unknown; WebSocket?: unknown }
  if (g.Deno === undefined) {
    g.Deno = shim
    globalThis.fetch = scopedFetch(globalThis.fetch)
  } else if ((g.Deno as Partial<DenoShim>).local !== true) throw new Error('a different Deno global is already installed')
  if (g.WebSocket === undefined) g.WebSocket = WebSocket
}

let tsLoader: Promise<void> | undefined

/**
 * Function sources are TypeScript. Under vitest or tsx they import as they are;
 * the bundled stack (run.mjs) runs on plain Node, so tsx's loader is registered
 * the first time a function is loaded, keeping it off the start-up path.
 */
async function importTypeScript(url: string): Promise<unknown> {
  try {
    return await import(/* @vite-ignore */ url)
  } catch (e) {
    if ((e as { code?: string }).code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw e
    tsLoader ??= import('tsx/esm/api').then(({ register }) => {
      register()
    })
    await tsLoader
    // Node remembers the failed load of this exact URL; a distinct one loads afresh.
    return import(/* @vite-ignore */ `${url}${url.includes('?') ? '&' : '?'}loader=tsx`)
  }
}

/** A loaded function: the handler it passed to Deno.serve, and what its module exports (declarations such as MAX_REQUEST_BODY_BYTES). */
export type LoadedFunction = { handler: ServeHandler; exports: Readonly<Record<string, unknown>> }

/**
 * Imports a function module and returns the handler it passed to Deno.serve.
 * Code the module runs at load time sees `env`. Imports run one at a time so
 * a module's Deno.serve call is never attributed to another.
 */
export function loadFunctionModule(url: string, env: FunctionEnv): Promise<LoadedFunction> {
  installDenoShim()
  const task = loadQueue.then(async () => {
    loading = { env }
    try {
      const exports = (await requestScope.run({ env }, () => importTypeScript(url))) as Record<string, unknown>
      if (!loading.handler) throw new Error(`${url} did not call Deno.serve`)
      return { handler: loading.handler, exports }
    } finally {
      loading = undefined
    }
  })
  loadQueue = task.catch(() => undefined)
  return task
}

/** Runs fn (a request to a function) with the scope's environment visible through Deno.env, and its own API in-process. */
export function withFunctionScope<T>(scope: FunctionScope, fn: () => T): T {
  return requestScope.run(scope, fn)
}
