import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { redirectSignedIn } from './guards.ts'
import { publicRoute } from './public.tsx'

export const authRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'auth',
  beforeLoad: async ({ context }) => redirectSignedIn(await context.session.ready()),
  // Loaded on demand, with the styles of its form fields: the landing page's first load carries none of it.
  component: lazyRouteComponent(
    () => Promise.all([import('../features/auth/auth-page.tsx'), import('../app/styles/forms.ts')]).then(([page]) => page),
    'AuthPage',
  ),
})
