import { useEffect, useState } from 'react'
import { MantineProvider } from '@mantine/core'
import { I18nProvider } from '@lingui/react'
import { RouterProvider } from '@tanstack/react-router'
import { getSessionStore, SessionProvider } from '../lib/session.tsx'
import { i18n } from './i18n.ts'
import { theme } from './theme.ts'
import { createAppRouter } from './router.tsx'

/** Re-runs the route guards whenever who is signed in, or whether they are verified, changes. */
function useGuardRefresh(router: ReturnType<typeof createAppRouter>) {
  useEffect(() => {
    const store = getSessionStore()
    const key = () => {
      const s = store.getSnapshot()
      return s.status === 'loading' || s.profileLoading ? null : `${s.user?.id ?? ''}|${s.profile ? s.profile.phone_verified : 'none'}`
    }
    let last = key()
    return store.subscribe(() => {
      const next = key()
      if (next === null || next === last) return
      const first = last === null
      last = next
      // The first resolution is awaited by the guards themselves.
      if (!first) void router.invalidate()
    })
  }, [router])
}

export function App() {
  const [router] = useState(createAppRouter)
  useGuardRefresh(router)
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <I18nProvider i18n={i18n}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </I18nProvider>
    </MantineProvider>
  )
}
