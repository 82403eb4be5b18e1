// A web page on another origin that embeds the chat widget, as an owner's
// site would: `npm start` serves it beside the app (DEMO_URL) for the seeded
// demo business, and the end-to-end tests serve their own host pages through
// widgetHostPage (tests/support/widget-host.ts).
//
// The page is served on `localhost` while the app and the API are on
// 127.0.0.1, so the browser sends a real cross-origin Origin and chatbot-api
// checks it against the business's allowed_domains (the seed lists
// `localhost`). Its CSP is as strict as a careful site's: nothing but the
// widget script, the API, and the page's own inline code by hash; no
// 'unsafe-inline' anywhere, so a widget that needed it would break here.
import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { widgetScriptUrl, widgetSnippet, type ChatbotPosition } from '../../domain/chatbot.ts'

/** The seeded demo business (supabase/seed.sql). */
export const DEMO_OWNER_ID = 'd0000000-0000-4000-8000-000000000001'
export const DEMO_PAGE_PATH = '/widget-demo.html'

export type HostPageInput = {
  /** The embed snippet, as the app's Widget code tab shows it. */
  snippet: string
  /** `<html lang>`; null for none. Default `tr`. */
  lang?: string | null
  title?: string
  /** More of <head>: inline <style> and <script> elements are allowed by hash. */
  head?: string
  /** The page's own content, before the snippet. */
  body?: string
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

/**
 * The CSP for a page: its inline scripts and styles by hash, external
 * scripts by origin, and the widget's API (the snippet's `apiUrl`) as the
 * only place it may connect to.
 */
export function strictCsp(html: string): string {
  const inlineScripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => sha256(m[1]!))
  const scriptOrigins = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => originOf(m[1]!.replace(/&amp;/g, '&')))
  const inlineStyles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => sha256(m[1]!))
  const apiOrigins = [...html.matchAll(/"apiUrl":\s*"([^"]+)"/g)].map((m) => originOf(m[1]!))
  const list = (items: Array<string | null>) => [...new Set(items.filter((i): i is string => i !== null))].join(' ') || "'none'"
  return [
    "default-src 'none'",
    `script-src ${list([...scriptOrigins, ...inlineScripts])}`,
    `style-src ${list(inlineStyles)}`,
    `connect-src ${list(apiOrigins)}`,
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A whole host page and the CSP header to serve it with. */
export function widgetHostPage(input: HostPageInput): { html: string; csp: string } {
  const lang = input.lang === undefined ? 'tr' : input.lang
  const html = [
    '<!doctype html>',
    lang === null ? '<html>' : `<html lang="${escapeHtml(lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(input.title ?? 'Widget host')}</title>`,
    input.head ?? '',
    '</head>',
    '<body>',
    input.body ?? '',
    input.snippet,
    '</body>',
    '</html>',
  ].join('\n')
  return { html, csp: strictCsp(html) }
}

// ---------------------------------------------------------------------------
// The demo page of `npm start`

type DemoConfig = { enabled: boolean; bot_name: string | null; welcome_message: string | null; primary_color: string; position: string }

const DEMO_CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.6 Georgia,"Times New Roman",serif;color:#2d2a26;background:#faf7f2}
header{padding:20px 24px;border-bottom:1px solid #e6dfd3;background:#fff;display:flex;justify-content:space-between;align-items:baseline;flex-wrap:wrap;gap:8px}
header strong{font-size:24px;letter-spacing:.02em}
header nav{font:14px system-ui,sans-serif;color:#6b6257}
main{max-width:880px;margin:0 auto;padding:32px 24px 120px}
h1{font-size:34px;line-height:1.2;margin:0 0 12px}
.lead{font-size:18px;color:#4a443d;margin:0 0 28px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:16px;margin:0 0 32px;padding:0;list-style:none}
.grid li{background:#fff;border:1px solid #e6dfd3;border-radius:12px;padding:16px}
.grid b{display:block;font-size:17px}
.grid span{font:14px system-ui,sans-serif;color:#6b6257}
.note{font:14px/1.6 system-ui,sans-serif;background:#fff;border-left:4px solid #0c7a6b;padding:12px 16px;border-radius:4px}
.note code{background:#f1ede6;padding:1px 4px;border-radius:4px}
`

const DEMO_TEXT = {
  tr: {
    title: 'Demo Butik — sohbet widget’ı demosu',
    nav: 'Keten · Deri · Aksesuar',
    h1: 'Yazın en sevilen parçaları',
    lead: 'Bu sayfa, bir işletmenin kendi web sitesini taklit eder: sağ alttaki sohbet düğmesi Demo Butik’in asistanıdır ve yanıtlarını işletmenin gerçek kataloğundan verir.',
    products: [['Keten Gömlek', '649,90 ₺'], ['Deri Omuz Çantası', '1.899,00 ₺'], ['Kot Pantolon', '899,50 ₺'], ['Hasır Şapka', '349,00 ₺']],
    note: 'Bir ürün sorun: “Keten gömlek ne kadar?” Ayarları değiştirmek için uygulamada demo@example.com / demo1234 ile girip Sohbet botu ekranını açın; bu sayfa her yüklemede güncel ayarları kullanır.',
    off: 'Demo işletmenin sohbet botu kapalı ya da bulunamadı: uygulamada Sohbet botu ekranından açın (ya da yığını --no-seed olmadan başlatın).',
  },
  en: {
    title: 'Demo Butik — chat widget demo',
    nav: 'Linen · Leather · Accessories',
    h1: 'Summer favourites',
    lead: 'This page stands in for a business’s own website: the chat button in the corner is Demo Butik’s assistant, answering from the business’s real catalogue.',
    products: [['Keten Gömlek', '₺649.90'], ['Deri Omuz Çantası', '₺1,899.00'], ['Kot Pantolon', '₺899.50'], ['Hasır Şapka', '₺349.00']],
    note: 'Ask about a product by its name in the catalogue: “How much is the Keten Gömlek?” To change the settings, sign in to the app as demo@example.com / demo1234 and open the Chatbot screen; this page uses the current settings on every load.',
    off: 'The demo business’s chatbot is disabled or missing: turn it on in the app’s Chatbot screen (or start the stack without --no-seed).',
  },
}

export type WidgetDemoOptions = {
  port: number
  /** Whether `port` was asked for; if not and it is taken, any free port will do. */
  portRequired: boolean
  host: string
  /** The app's origin (serves /chatbot-widget.js). */
  appUrl: string
  /** The stack's URL (chatbot-api, and the data API the page's config is read from). */
  apiUrl: string
  serviceRoleKey: string
}

/** A wildcard listening address is no place for a browser to go; loopback is. */
const reachable = (url: string) => url.replace(/^http:\/\/(0\.0\.0\.0|\[::\])(?=:)/, 'http://127.0.0.1')

async function demoConfig(opts: WidgetDemoOptions): Promise<DemoConfig | null> {
  const res = await fetch(`${opts.apiUrl}/rest/v1/chatbot_configs?user_id=eq.${DEMO_OWNER_ID}&select=enabled,bot_name,welcome_message,primary_color,position`, {
    headers: { apikey: opts.serviceRoleKey, authorization: `Bearer ${opts.serviceRoleKey}` },
  })
  if (!res.ok) throw new Error(`reading the demo chatbot config failed with ${res.status}`)
  const rows = (await res.json()) as DemoConfig[]
  return rows[0] ?? null
}

/** The demo page, with the demo business's configuration as it is now. */
export async function demoPage(opts: WidgetDemoOptions, language: 'tr' | 'en'): Promise<{ html: string; csp: string }> {
  const config = await demoConfig(opts)
  const text = DEMO_TEXT[language]
  const snippet = widgetSnippet({
    userId: DEMO_OWNER_ID,
    apiUrl: `${reachable(opts.apiUrl)}/functions/v1/chatbot-api`,
    scriptUrl: widgetScriptUrl(reachable(opts.appUrl)),
    enabled: config?.enabled ?? false,
    botName: config?.bot_name ?? null,
    welcomeMessage: config?.welcome_message ?? null,
    primaryColor: config?.primary_color ?? '#3B82F6',
    position: (config?.position ?? 'bottom-right') as ChatbotPosition,
  })
  const products = text.products.map(([name, price]) => `<li><b>${escapeHtml(name!)}</b><span>${escapeHtml(price!)}</span></li>`).join('')
  const body = [
    `<header><strong>Demo Butik</strong><nav>${escapeHtml(text.nav)}</nav></header>`,
    '<main>',
    `<h1>${escapeHtml(text.h1)}</h1>`,
    `<p class="lead">${escapeHtml(text.lead)}</p>`,
    `<ul class="grid">${products}</ul>`,
    `<p class="note">${escapeHtml(config?.enabled ? text.note : text.off)}</p>`,
    '</main>',
  ].join('\n')
  return widgetHostPage({ snippet, lang: language, title: text.title, head: `<style>${DEMO_CSS}</style>`, body })
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '[::1]', 'localhost', '0.0.0.0', '::'])

/** Serves the demo page; its URL names `localhost` so its origin differs from the app's (127.0.0.1). */
export async function startWidgetDemo(opts: WidgetDemoOptions): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://demo')
    if (url.pathname === '/') {
      res.writeHead(302, { location: DEMO_PAGE_PATH }).end()
      return
    }
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204).end()
      return
    }
    if (url.pathname !== DEMO_PAGE_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found')
      return
    }
    const language = url.searchParams.get('lang') === 'en' ? 'en' : 'tr'
    demoPage(opts, language).then(
      ({ html, csp }) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp, 'cache-control': 'no-cache' })
        res.end(req.method === 'HEAD' ? undefined : html)
      },
      (e: unknown) => {
        console.error('widget demo:', e instanceof Error ? e.message : e)
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('The demo page could not be made; see the stack’s output.')
      },
    )
  })
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, opts.host, () => {
        server.off('error', reject)
        resolve()
      })
    })
  try {
    await listen(opts.port)
  } catch (e) {
    // The default port (the app's + 1) may be another program's; only a port asked for must be that one.
    if (opts.portRequired || (e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e
    await listen(0)
  }
  const port = (server.address() as AddressInfo).port
  const host = LOOPBACK.has(opts.host) ? 'localhost' : opts.host.includes(':') ? `[${opts.host}]` : opts.host
  return {
    url: `http://${host}:${port}${DEMO_PAGE_PATH}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
