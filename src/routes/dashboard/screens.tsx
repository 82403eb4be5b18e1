import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { ScreenPlaceholder } from '../../app/screen-placeholder.tsx'
import { dashboardRoute } from '../dashboard.tsx'
import { validatePaymentSearch } from './success.tsx'

// /dashboard and /dashboard/credits are one screen; a session_id in the query marks a payment return.
export const dashboardIndexRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: '/',
  validateSearch: validatePaymentSearch,
  component: lazyRouteComponent(() => import('../../features/credits/credits-screen.tsx'), 'CreditsScreen'),
})

export const creditsRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'credits',
  validateSearch: validatePaymentSearch,
  component: lazyRouteComponent(() => import('../../features/credits/credits-screen.tsx'), 'CreditsScreen'),
})

export const productsRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'products',
  component: lazyRouteComponent(() => import('../../features/products/products-screen.tsx'), 'ProductsScreen'),
})

export const appointmentsRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'appointments',
  component: lazyRouteComponent(() => import('../../features/appointments/appointments-screen.tsx'), 'AppointmentsScreen'),
})

export const customersRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'customers',
  component: lazyRouteComponent(() => import('../../features/customers/customers-screen.tsx'), 'CustomersScreen'),
})

export const chatbotRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'chatbot',
  component: () => <ScreenPlaceholder title={msg`Chatbot`} />,
})

export const settingsRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'settings',
  component: () => <ScreenPlaceholder title={msg`Settings`} />,
})
