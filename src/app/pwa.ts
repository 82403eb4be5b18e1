import { registerSW } from 'virtual:pwa-register'

// Service-worker update and install offers, kept outside React because the
// browser may raise them before the first render.
type BeforeInstallPromptEvent = Event & {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

export type PwaState = {
  needRefresh: boolean
  installable: boolean
}

const INITIAL: PwaState = { needRefresh: false, installable: false }
let state = INITIAL
let updateSW: ((reload?: boolean) => Promise<void>) | undefined
let installEvent: BeforeInstallPromptEvent | undefined
const listeners = new Set<() => void>()

function set(patch: Partial<PwaState>) {
  state = { ...state, ...patch }
  for (const l of listeners) l()
}

export const pwaStore = {
  getSnapshot: () => state,
  /**
   * What the build rendered into the static landing page. The browser may make
   * its offer before the app starts; hydration must still see the page as
   * rendered, and React shows the offer in the render that follows.
   */
  getServerSnapshot: () => INITIAL,
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}

export function dismissUpdate() {
  set({ needRefresh: false })
}

export async function applyUpdate() {
  // workbox-window reloads on its own only when a worker already controlled the
  // page at registration; on a first visit the new worker takes over silently.
  navigator.serviceWorker?.addEventListener('controllerchange', () => window.location.reload(), { once: true })
  await updateSW?.(true)
}

export async function promptInstall() {
  const event = installEvent
  if (!event) return
  installEvent = undefined
  set({ installable: false })
  await event.prompt()
  await event.userChoice.catch(() => undefined)
}

export function startPwa() {
  // An offer the browser made before this script ran, kept by index.html.
  const early = (window as Window & { earlyInstallPrompt?: Event }).earlyInstallPrompt
  if (early) {
    installEvent = early as BeforeInstallPromptEvent
    set({ installable: true })
  }
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own banner away: the app offers its own button.
    event.preventDefault()
    installEvent = event as BeforeInstallPromptEvent
    set({ installable: true })
  })
  window.addEventListener('appinstalled', () => {
    installEvent = undefined
    set({ installable: false })
  })
  if (!('serviceWorker' in navigator)) return
  // The first visit is not served by the worker, so the runtime config is not in its cache yet;
  // ask again once it controls the page so an offline start later knows the API.
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    void fetch('/config.json', { cache: 'no-cache' }).catch(() => undefined)
  })
}

/**
 * Registers the service worker, whose first install downloads the whole app
 * for offline use: call it once the page has started, so that download never
 * competes with the first render. Installed, it takes the open page over.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || updateSW) return
  updateSW = registerSW({
    immediate: true,
    onNeedRefresh: () => set({ needRefresh: true }),
  })
}
