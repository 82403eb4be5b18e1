import { useEffect, useState } from 'react'
import { loadRuntimeConfig } from '../../lib/env.ts'

export type ApiStatus = 'checking' | 'online' | 'unreachable'

/** Asks the auth service for its health, so the first screen shows whether the backend answers. */
export function useApiStatus(): ApiStatus {
  const [status, setStatus] = useState<ApiStatus>('checking')
  useEffect(() => {
    let live = true
    loadRuntimeConfig()
      .then(({ supabaseUrl, supabaseAnonKey }) =>
        fetch(`${supabaseUrl}/auth/v1/health`, { headers: { apikey: supabaseAnonKey } }),
      )
      .then((res) => live && setStatus(res.ok ? 'online' : 'unreachable'))
      .catch(() => live && setStatus('unreachable'))
    return () => {
      live = false
    }
  }, [])
  return status
}
