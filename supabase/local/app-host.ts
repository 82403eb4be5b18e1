// Serves the production build of the PWA beside the stack, with the runtime
// configuration at /config.json so one build runs against any stack.
import { Hono } from 'hono'
import { serveStatic } from '@hono/node-server/serve-static'
import { serve, type ServerType } from '@hono/node-server'
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { AddressInfo } from 'node:net'

/** Written by the build beside index.html (vite-plugins.ts). */
const SHELL_FILE = 'shell.html'
const COMPRESSIBLE_TYPE = /^(?:text\/|application\/(?:javascript|json|manifest\+json)|image\/svg\+xml)/

export type AppHostOptions = {
  distDir: string
  port: number
  host: string
  /** Port of the stack; the API URL handed to the browser uses the host name it used to reach the app. */
  apiPort: number
  anonKey: string
}

export function createAppHost(opts: AppHostOptions): Hono {
  const app = new Hono()
  app.get('/config.json', (c) => {
    const host = new URL(c.req.url).hostname
    const hostPart = host.includes(':') ? `[${host}]` : host
    c.header('Cache-Control', 'no-cache')
    return c.json({ supabaseUrl: `http://${hostPart}:${opts.apiPort}`, supabaseAnonKey: opts.anonKey })
  })
  app.use('*', async (c, next) => {
    await next()
    // Pages, the service worker and its manifest must be revalidated on every load, or an update never reaches users.
    if (/^\/(sw\.js|workbox-.*\.js|manifest\.webmanifest)$/.test(c.req.path) || /^text\/html/.test(c.res.headers.get('Content-Type') ?? '')) {
      c.header('Cache-Control', 'no-cache')
    } else if (c.req.path.startsWith('/assets/')) {
      c.header('Cache-Control', 'public, max-age=31536000, immutable')
    }
    // Caches must tell the encodings apart even when this answer was not compressed.
    if (COMPRESSIBLE_TYPE.test(c.res.headers.get('Content-Type') ?? '') && !/accept-encoding/i.test(c.res.headers.get('Vary') ?? '')) {
      c.header('Vary', 'Accept-Encoding', { append: true })
    }
  })
  const root = path.relative(process.cwd(), opts.distDir) || '.'
  // The build writes a .br and a .gz beside each compressible file; serveStatic sends the one the
  // browser accepts (Content-Encoding, Vary), else the file itself. It reads Accept-Encoding as a
  // plain list: a browser that weighs encodings with q-values gets the uncompressed file.
  app.use('*', serveStatic({ root, precompressed: true }))
  // Other paths are client-side routes (/dashboard/…): the app with an empty root. `/` itself is
  // index.html, which carries the prerendered landing page; a build without a shell has only that.
  app.get('*', serveStatic({ root, path: SHELL_FILE, precompressed: true }))
  app.get('*', serveStatic({ root, path: 'index.html', precompressed: true }))
  return app
}

export async function startAppHost(opts: AppHostOptions): Promise<{ url: string; close(): Promise<void> }> {
  if (!existsSync(path.join(opts.distDir, 'index.html'))) {
    throw new Error(`No production build in ${opts.distDir}: run \`npm run build\` first.`)
  }
  const app = createAppHost(opts)
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: opts.port, hostname: opts.host }, () => resolve(s))
    s.on('error', reject)
  })
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://${opts.host}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
