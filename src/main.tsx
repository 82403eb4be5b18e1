import './app/styles/public.ts'
import { startTransition } from 'react'
import { createBrowserHistory } from '@tanstack/react-router'
import { forgottenOwners, removeForgottenStores } from './db/forgotten.ts'
import { getSessionStore } from './lib/session.tsx'
import { App } from './app/app.tsx'
import { activateLocale, DEFAULT_LOCALE, storedLocale } from './app/i18n.ts'
import { registerServiceWorker, startPwa } from './app/pwa.ts'
import { createAppRouter } from './app/router.tsx'
import { nextTask, whenIdle } from './lib/scheduling.ts'

async function start() {
  startPwa()
  // Before anything opens a store: those of an account deleted elsewhere leave this device.
  if (forgottenOwners().length > 0) await removeForgottenStores()
  const locale = storedLocale()
  const session = getSessionStore()
  // Settles at once for a visitor who has never signed in, so the first render
  // shows the sign-in button as the static page does, not an empty space.
  void session.ready()
  // React's renderer alone takes longer to evaluate than the rest of the app
  // together: imported on its own, that is a task apart from this entry's (the
  // build preloads it with the page, see vite.config.ts).
  const renderer = import('react-dom/client')
  await activateLocale(locale)
  const { createRoot, hydrateRoot } = await renderer
  await nextTask()
  const history = createBrowserHistory()
  await nextTask()
  const router = createAppRouter({ session, history })
  const container = document.getElementById('root')!
  // index.html holds the landing page rendered at build time (prerender.tsx);
  // every other path gets the empty shell.
  const staticPage = container.hasChildNodes() && window.location.pathname === '/'
  let hydrate = false
  // The first render then already has the page (its guards run, its code is
  // loaded): it is the transition below, rendered in slices. Rendered
  // before, the page would come with the router's state change, which React
  // renders in one piece (an external store), one long task of layout and
  // screen; at `/` the static page would be swapped for an empty frame.
  await nextTask()
  await router.load()
  if (staticPage) {
    // Hydrating keeps the painted page and skips building and laying out all
    // of it again, but only works when the first render is exactly what the
    // build rendered. Otherwise (another language, a stored sign-in) render
    // afresh: the first commit replaces the static markup in one frame.
    // Should the markup still differ, React falls back to the same fresh render.
    hydrate = locale === DEFAULT_LOCALE && session.getSnapshot().status === 'signed-out'
    // Tells the router the page came from a server render, as its own SSR
    // hydration does, so it renders the tree the build rendered.
    if (hydrate) router.ssr = { manifest: undefined }
  }
  await nextTask()
  const element = <App router={router} />
  // A transition lets React render in slices that yield to the browser
  // instead of one long task that blocks input.
  startTransition(() => {
    if (hydrate) hydrateRoot(container, element)
    else createRoot(container).render(element)
  })
  // Once the page is idle: the worker's precaching never competes with the first screen.
  whenIdle(registerServiceWorker, 3000)
}

void start()
