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

let state: PwaState = { needRefresh: false, installable: false }
let updateSW: ((reload?: boolean) => Promise<void>) | undefined
let installEvent: BeforeInstallPromptEvent | undefined
const listeners = new Set<() => void>()

function set(patch: Partial<PwaState>) {
  state = { ...state, ...patch }
  for (const l of listeners) l()
}

export const pwaStore = {
  getSnapshot: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}

export function dismissUpdate() {
  set({ needRefresh: false })
}

export async function applyUpdate() {
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
  updateSW = registerSW({
    immediate: true,
    onNeedRefresh: () => set({ needRefresh: true }),
  })
}
