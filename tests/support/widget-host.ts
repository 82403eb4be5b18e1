// A web page on another origin than the app, embedding the chat widget as an
// owner's site would: `startWidgetHost({ snippet })` serves the snippet (as
// the app's Widget code tab shows it) at http://localhost:<free port>/ while
// the app under test is on 127.0.0.1, so the browser sends a real
// cross-origin Origin to chatbot-api. Every path serves the same page (to
// move between "pages of the site"). The page carries a strict CSP
// (supabase/local/widget-demo.ts strictCsp): no 'unsafe-inline' at all, its
// own inline code allowed by hash.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { widgetHostPage, type HostPageInput } from '../../supabase/local/widget-demo.ts'

export type WidgetHostOptions = HostPageInput & {
  /**
   * The page's host name. `localhost` (default) is what a test owner lists in
   * allowed_domains; `127.0.0.1` is then an origin the owner did not allow.
   */
  hostname?: 'localhost' | '127.0.0.1'
  /** Replaces the computed CSP header (`null`: none at all). */
  csp?: string | null
}

export type WidgetHost = {
  /** The page's URL (`http://localhost:<port>/`). */
  url: string
  /** `http://localhost:<port>` */
  origin: string
  /** The CSP header the page is served with, if any. */
  csp: string | null
  close(): Promise<void>
}

export async function startWidgetHost(options: WidgetHostOptions): Promise<WidgetHost> {
  const { html, csp: computed } = widgetHostPage(options)
  const csp = options.csp === undefined ? computed : options.csp
  const server = createServer((req, res) => {
    if (req.url === '/favicon.ico') {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...(csp ? { 'content-security-policy': csp } : {}) })
    res.end(html)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const origin = `http://${options.hostname ?? 'localhost'}:${(server.address() as AddressInfo).port}`
  return {
    url: `${origin}/`,
    origin,
    csp,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
