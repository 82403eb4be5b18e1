// Whether the device is online: the one signal the app shows and acts on.
// It is the sync engine's own (sync's browserConnectivity: navigator.onLine,
// kept current by the online and offline events), so the sync indicator, the
// screens that need the server and TanStack Query's onlineManager
// (query-client.ts), which pauses server reads offline, never disagree.
//
// Not Mantine's useNetwork: it starts as "online" and corrects itself in an
// effect, so an offline start would first render enabled purchase buttons.
import { useSyncExternalStore } from 'react'
import { browserConnectivity } from '../../sync/index.ts'

export const connectivity = browserConnectivity()

const subscribe = (onChange: () => void) => connectivity.subscribe(onChange)

export function useOnline(): boolean {
  // The server snapshot is for a prerender, which has no network to ask.
  return useSyncExternalStore(subscribe, connectivity.isOnline, () => true)
}
