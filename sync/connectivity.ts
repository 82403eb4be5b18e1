// Whether the device is online, as the sync engine needs to know it: the
// browser's own signal by default, a switch in tests.
export type Connectivity = {
  isOnline(): boolean
  /** Calls back with the new state on every change; returns the unsubscribe. */
  subscribe(listener: (online: boolean) => void): () => void
}

export function browserConnectivity(): Connectivity {
  const target = globalThis as unknown as Partial<Window>
  return {
    isOnline: () => globalThis.navigator?.onLine !== false,
    subscribe(listener) {
      if (!target.addEventListener) return () => undefined
      const on = () => listener(true)
      const off = () => listener(false)
      target.addEventListener('online', on)
      target.addEventListener('offline', off)
      return () => {
        target.removeEventListener?.('online', on)
        target.removeEventListener?.('offline', off)
      }
    },
  }
}

/** A connectivity switch: what tests (and anything driving sync by hand) flip. */
export function manualConnectivity(initial = true): Connectivity & { set(online: boolean): void } {
  let online = initial
  const listeners = new Set<(online: boolean) => void>()
  return {
    isOnline: () => online,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    set(next) {
      if (next === online) return
      online = next
      for (const l of listeners) l(next)
    },
  }
}
