import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { getSessionStore, type SessionStore } from '../lib/session.tsx'
import { routeTree } from '../routes/tree.ts'

export type AppRouterOptions = {
  /** The browser's history unless given (the build renders `/` from memory). */
  history?: RouterHistory
  /** The app's one session unless given. */
  session?: SessionStore
}

export function createAppRouter(options: AppRouterOptions = {}) {
  return createRouter({
    routeTree,
    history: options.history,
    context: { session: options.session ?? getSessionStore() },
    defaultPreload: 'intent',
    scrollRestoration: true,
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation only merges into an interface
  interface Register {
    router: AppRouter
  }
}
