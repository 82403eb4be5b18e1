import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { redirectSignedIn } from './guards.ts'
import { publicRoute } from './public.tsx'
import { withFormStyles } from './form-page.ts'

export const authRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'auth',
  beforeLoad: async ({ context }) => redirectSignedIn(await context.session.ready()),
  component: lazyRouteComponent(withFormStyles(() => import('../features/auth/auth-page.tsx')), 'AuthPage'),
})
