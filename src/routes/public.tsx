import { createRoute } from '@tanstack/react-router'
import { PublicLayout } from '../app/public-layout.tsx'
import { NotFoundPage } from '../app/not-found-page.tsx'
import { rootRoute } from './root.tsx'

export const publicRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  component: PublicLayout,
  notFoundComponent: NotFoundPage,
})
