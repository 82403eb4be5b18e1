import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { readSessionId } from '../../features/credits/search.ts'
import { dashboardRoute } from '../dashboard.tsx'

export type PaymentSearch = { session_id?: string }

/** The payment provider's checkout session id, on the return page and on the credits screen it hands over to. */
export function validatePaymentSearch(search: Record<string, unknown>): PaymentSearch {
  const id = readSessionId(search)
  return id ? { session_id: id } : {}
}

export const successRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'success',
  validateSearch: validatePaymentSearch,
  component: lazyRouteComponent(() => import('../../features/credits/payment-success-page.tsx'), 'PaymentSuccessPage'),
})
