import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { NotFoundPage } from '../app/not-found-page.tsx'
import { authenticatedRoute } from './authenticated.tsx'

export const dashboardRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: 'dashboard',
  // Loaded on demand: the landing page's first load carries none of it.
  component: lazyRouteComponent(() => import('../app/dashboard-layout.tsx'), 'DashboardLayout'),
  notFoundComponent: NotFoundPage,
})
