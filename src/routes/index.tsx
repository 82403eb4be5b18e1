import { createRoute } from '@tanstack/react-router'
import { LandingPage } from '../features/landing/landing-page.tsx'
import { publicRoute } from './public.tsx'

export const indexRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/',
  component: LandingPage,
})
