import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { ScreenPlaceholder } from '../../app/screen-placeholder.tsx'
import { dashboardRoute } from '../dashboard.tsx'

// The feature screens are built later; until then each route shows its title.
const creditsScreen = () => <ScreenPlaceholder title={msg`Credits`} />

export const dashboardIndexRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: '/',
  component: creditsScreen,
})

export const creditsRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'credits',
  component: creditsScreen,
})

export const productsRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'products',
  component: lazyRouteComponent(() => import('../../features/products/products-screen.tsx'), 'ProductsScreen'),
})

export const appointmentsRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'appointments',
  component: () => <ScreenPlaceholder title={msg`Calendar`} />,
})

export const customersRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'customers',
  component: () => <ScreenPlaceholder title={msg`Customers`} />,
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
