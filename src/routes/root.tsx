import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import type { SessionStore } from '../lib/session.tsx'
import { NotFoundPage } from '../app/not-found-page.tsx'
import { PublicLayout } from '../app/public-layout.tsx'
import { PwaUpdatePrompt } from '../app/pwa-prompts.tsx'

export type RouterContext = { session: SessionStore }

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <Outlet />
      <PwaUpdatePrompt />
    </>
  ),
  notFoundComponent: () => (
    <PublicLayout>
      <NotFoundPage />
    </PublicLayout>
  ),
})
