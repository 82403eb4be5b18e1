import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { redirectSignedIn } from './guards.ts'
import { publicRoute } from './public.tsx'

export const authRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'auth',
  beforeLoad: async ({ context }) => redirectSignedIn(await context.session.ready()),
  // Loaded on demand: the landing page's first load carries none of it.
  component: lazyRouteComponent(() => import('../features/auth/auth-page.tsx'), 'AuthPage'),
})
