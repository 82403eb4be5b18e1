// Build-time entry (vite-plugins.ts): renders `/` — the public layout and the
// landing page — to HTML for a signed-out visitor in the default language, so
// the page paints from HTML and CSS before the scripts arrive. The browser
// then hydrates this very tree (main.tsx); it must be the App the browser
// renders, with only the history and the session swapped for ones that need
// no browser.
import { renderToString } from 'react-dom/server'
import { createMemoryHistory } from '@tanstack/react-router'
import { createSessionStore } from '../lib/session.tsx'
import { App } from './app.tsx'
import { DEFAULT_LOCALE, loadLocale } from './i18n.ts'
import { createAppRouter } from './router.tsx'
import { staticPageHead } from './static-page.ts'

export type PrerenderedPage = {
  /** Goes into the head, ahead of the stylesheets. */
  head: string
  /** The markup of the root element. */
  body: string
}

export async function renderLandingPage(): Promise<PrerenderedPage> {
  await loadLocale(DEFAULT_LOCALE)
  const session = createSessionStore({
    getClient: () => Promise.reject(new Error('no API at build time')),
    hasStoredSession: () => false,
    storage: undefined,
  })
  await session.ready()
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/'] }), session })
  await router.load()
  return { head: staticPageHead(), body: renderToString(<App router={router} />) }
}
