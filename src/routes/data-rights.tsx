import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { guardDataRights } from './guards.ts'
import { publicRoute } from './public.tsx'

/** Outside the verified guard: an owner still at phone verification reaches their data rights here. */
export const dataRightsRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'data-rights',
  beforeLoad: async ({ context }) => guardDataRights(await context.session.ready()),
  // The card's dialog and alerts need the dashboard's component styles; this page is rare enough to load them all.
  component: lazyRouteComponent(
    () => Promise.all([import('../features/auth/data-rights-page.tsx'), import('../app/styles/dashboard.ts')]).then(([page]) => page),
    'DataRightsPage',
  ),
})
