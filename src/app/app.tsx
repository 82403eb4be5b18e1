import { StrictMode, useEffect, useLayoutEffect } from 'react'
import { MantineProvider } from '@mantine/core'
import { I18nProvider } from '@lingui/react'
import { RouterProvider } from '@tanstack/react-router'
import { SessionProvider } from '../lib/session.tsx'
import { i18n } from './i18n.ts'
import { LocalizedTheme } from './localized-theme.tsx'
import { cssVariablesResolver, theme } from './theme.ts'
import type { AppRouter } from './router.tsx'
import { releaseStaticPage } from './static-page.ts'

/** Re-runs the route guards whenever who is signed in, or whether they are verified, changes. */
function useGuardRefresh(router: AppRouter) {
  useEffect(() => {
    const store = router.options.context.session
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

/**
 * The whole app around a router. The build renders this same tree for `/`
 * (prerender.tsx) and the browser hydrates it, so what it renders first must
 * depend only on the router, the session and the active language.
 */
export function App(props: { router: AppRouter }) {
  const { router } = props
  useGuardRefresh(router)
  // Same commit as the first frame the app paints, so nothing shows in between.
  useLayoutEffect(releaseStaticPage, [])
  return (
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <I18nProvider i18n={i18n}>
          <LocalizedTheme>
            <SessionProvider store={router.options.context.session}>
              <RouterProvider router={router} />
            </SessionProvider>
          </LocalizedTheme>
        </I18nProvider>
      </MantineProvider>
    </StrictMode>
  )
}
