// The guard in front of `/__local` (the outbox and the local checkout page).
// Those pages show verification codes and take payments, so a page of
// another site the developer happens to visit must neither read them nor
// press their buttons:
// - no CORS headers, so no other origin can read an answer;
// - a request another origin sent (its `Origin`, or `Sec-Fetch-Site:
//   cross-site / same-site`) is refused, except a plain top-level navigation
//   (GET, `Sec-Fetch-Mode: navigate`, `Sec-Fetch-Dest: document`): that only
//   shows the page to the user, and it is how the app, on another port of
//   the same machine, sends the buyer to the checkout page;
// - a `Host` that names neither this machine nor the address the stack was
//   told to listen on is refused, so a DNS-rebound name cannot reach it;
// - the pages cannot be framed, so the Pay button cannot be clickjacked.
// Requests without these headers (scripts, curl, the functions themselves)
// are not a browser acting for a page, and pass.
import type { Context, MiddlewareHandler } from 'hono'
import { isIP } from 'node:net'
import { isLoopbackHost } from './exposure.ts'

export type LocalToolsGuardOptions = {
  /** The address the stack listens on (`--host`): a name the box's owner gave it is its own. */
  host: string
  /** The port it listens on, once it does. */
  port: () => number | undefined
}

export type LocalToolsRefusal = 'foreign_host' | 'foreign_origin' | 'cross_site'

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]'])

function parseHost(value: string): { name: string; port: number } | undefined {
  try {
    const url = new URL(`http://${value}`)
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return undefined
    return { name: url.hostname.toLowerCase(), port: url.port ? Number(url.port) : 80 }
  } catch {
    return undefined
  }
}

/**
 * A name the stack may be reached by: this machine's names, an IP address
 * (a rebinding attack needs a DNS name the attacker controls), or the name
 * it was told to listen on.
 */
function isOwnHostName(name: string, listenHost: string): boolean {
  const bare = name.replace(/^\[(.*)\]$/, '$1')
  if (isLoopbackHost(bare) || isIP(bare) !== 0) return true
  const own = listenHost.trim().toLowerCase()
  return !WILDCARD_HOSTS.has(own) && bare === own.replace(/^\[(.*)\]$/, '$1')
}

/** Why a request to /__local must be refused, or undefined when it may pass. */
export function localToolsRefusal(req: Request, opts: LocalToolsGuardOptions): LocalToolsRefusal | undefined {
  const h = req.headers
  const hostHeader = h.get('host')
  // In-process requests (the stack calling itself) carry no Host at all.
  if (hostHeader !== null) {
    const host = parseHost(hostHeader)
    const port = opts.port()
    if (!host || !isOwnHostName(host.name, opts.host) || (port !== undefined && port !== 0 && host.port !== port)) {
      return 'foreign_host'
    }
  }
  const site = h.get('sec-fetch-site')
  const topLevelNavigation =
    (req.method === 'GET' || req.method === 'HEAD') &&
    h.get('sec-fetch-mode') === 'navigate' &&
    (h.get('sec-fetch-dest') ?? 'document') === 'document'
  if ((site === 'cross-site' || site === 'same-site') && !topLevelNavigation) return 'cross_site'
  const origin = h.get('origin')
  if (origin !== null) {
    const own = hostHeader !== null ? `http://${hostHeader}` : new URL(req.url).origin
    let same = false
    try {
      same = origin !== 'null' && new URL(origin).origin === new URL(own).origin
    } catch {
      same = false
    }
    if (!same) return 'foreign_origin'
  }
  return undefined
}

const MESSAGES: Record<LocalToolsRefusal, string> = {
  foreign_host: 'Forbidden: this address does not name the local stack.',
  foreign_origin: 'Forbidden: /__local answers only its own pages, not requests from another site.',
  cross_site: 'Forbidden: /__local answers only its own pages, not requests from another site.',
}

const PROTECTION: Record<string, string> = {
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "frame-ancestors 'none'",
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
}

export function localToolsGuard(opts: LocalToolsGuardOptions): MiddlewareHandler {
  return async (c: Context, next) => {
    const refusal = localToolsRefusal(c.req.raw, opts)
    if (refusal) {
      return new Response(MESSAGES[refusal], {
        status: 403,
        headers: { 'Content-Type': 'text/plain; charset=UTF-8', 'Cache-Control': 'no-store', ...PROTECTION },
      })
    }
    await next()
    // Redirects made with Response.redirect have immutable headers.
    c.res = new Response(c.res.body, c.res)
    for (const [name, value] of Object.entries(PROTECTION)) if (!c.res.headers.has(name)) c.res.headers.set(name, value)
  }
}
