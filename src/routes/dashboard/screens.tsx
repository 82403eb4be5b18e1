import { createRoute, lazyRouteComponent, type RouteComponent } from '@tanstack/react-router'
import { dashboardRoute } from '../dashboard.tsx'
import { validatePaymentSearch } from './success.tsx'
import { validateChatbotSearch } from '../../features/chatbot/search.ts'
import { validateConversationsSearch } from '../../features/conversations/search.ts'
import { validateCustomersSearch } from '../../features/customers/search.ts'

// Each screen is a chunk of its own, loaded when first opened. Two helpers
// rather than one with an optional validator: the router types a screen's
// search from whether it has one, and links are checked against that.
type Screen = { component: RouteComponent }

/** A dashboard screen at `path`. */
const screen = <TPath extends string>(path: TPath, { component }: Screen) => createRoute({ getParentRoute: () => dashboardRoute, path, component })

/** A dashboard screen at `path` whose query `validateSearch` reads. */
const searchScreen = <TPath extends string, S>(path: TPath, validateSearch: (search: Record<string, unknown>) => S, { component }: Screen) =>
  createRoute({ getParentRoute: () => dashboardRoute, path, validateSearch, component })

// /dashboard and /dashboard/credits are one screen; a session_id in the query marks a payment return.
const credits: Screen = { component: lazyRouteComponent(() => import('../../features/credits/credits-screen.tsx'), 'CreditsScreen') }
export const dashboardIndexRoute = searchScreen('/', validatePaymentSearch, credits)
export const creditsRoute = searchScreen('credits', validatePaymentSearch, credits)

export const productsRoute = screen('products', {
  component: lazyRouteComponent(() => import('../../features/products/products-screen.tsx'), 'ProductsScreen'),
})
export const appointmentsRoute = screen('appointments', {
  component: lazyRouteComponent(() => import('../../features/appointments/appointments-screen.tsx'), 'AppointmentsScreen'),
})
export const customersRoute = searchScreen('customers', validateCustomersSearch, {
  component: lazyRouteComponent(() => import('../../features/customers/customers-screen.tsx'), 'CustomersScreen'),
})
export const chatbotRoute = searchScreen('chatbot', validateChatbotSearch, {
  component: lazyRouteComponent(() => import('../../features/chatbot/chatbot-screen.tsx'), 'ChatbotScreen'),
})
export const conversationsRoute = searchScreen('conversations', validateConversationsSearch, {
  component: lazyRouteComponent(() => import('../../features/conversations/conversations-screen.tsx'), 'ConversationsScreen'),
})
export const settingsRoute = screen('settings', {
  component: lazyRouteComponent(() => import('../../features/settings/settings-screen.tsx'), 'SettingsScreen'),
})
