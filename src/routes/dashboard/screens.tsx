import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { dashboardRoute } from '../dashboard.tsx'
import { validatePaymentSearch } from './success.tsx'
import { validateChatbotSearch } from '../../features/chatbot/search.ts'
import { validateConversationsSearch } from '../../features/conversations/search.ts'
import { validateCustomersSearch } from '../../features/customers/search.ts'

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
  validateSearch: validateCustomersSearch,
  component: lazyRouteComponent(() => import('../../features/customers/customers-screen.tsx'), 'CustomersScreen'),
})

export const chatbotRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'chatbot',
  validateSearch: validateChatbotSearch,
  component: lazyRouteComponent(() => import('../../features/chatbot/chatbot-screen.tsx'), 'ChatbotScreen'),
})

export const conversationsRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'conversations',
  validateSearch: validateConversationsSearch,
  component: lazyRouteComponent(() => import('../../features/conversations/conversations-screen.tsx'), 'ConversationsScreen'),
})

export const settingsRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'settings',
  component: lazyRouteComponent(() => import('../../features/settings/settings-screen.tsx'), 'SettingsScreen'),
})
