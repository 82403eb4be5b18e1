import { createRouter } from '@tanstack/react-router'
import { getSessionStore } from '../lib/session.tsx'
import { routeTree } from '../routes/tree.ts'

export function createAppRouter() {
  return createRouter({
    routeTree,
    context: { session: getSessionStore() },
    defaultPreload: 'intent',
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  // Module augmentation only merges into an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
