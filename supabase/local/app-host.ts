// Serves the production build of the PWA beside the stack, with the runtime
// configuration at /config.json so one build runs against any stack.
import { Hono } from 'hono'
import { serveStatic } from '@hono/node-server/serve-static'
import { serve, type ServerType } from '@hono/node-server'
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { AddressInfo } from 'node:net'

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
  // The service worker and its manifest must be revalidated on every load, or an update never reaches users.
  app.use('*', async (c, next) => {
    await next()
    if (/^\/(sw\.js|workbox-.*\.js|manifest\.webmanifest|index\.html)?$/.test(c.req.path)) {
      c.header('Cache-Control', 'no-cache')
    } else if (c.req.path.startsWith('/assets/')) {
      c.header('Cache-Control', 'public, max-age=31536000, immutable')
    }
  })
  const root = path.relative(process.cwd(), opts.distDir) || '.'
  app.use('*', serveStatic({ root }))
  // Client-side routes (/dashboard/…) all load the app shell.
  app.get('*', serveStatic({ root, path: 'index.html' }))
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
