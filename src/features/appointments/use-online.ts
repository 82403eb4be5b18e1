// Whether the browser says it is online, kept current by its online and
// offline events (the same signal the sync engine follows).
import { useSyncExternalStore } from 'react'
import { browserConnectivity } from '../../../sync/index.ts'

const connectivity = browserConnectivity()
const subscribe = (onChange: () => void) => connectivity.subscribe(onChange)

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, connectivity.isOnline, () => true)
}
