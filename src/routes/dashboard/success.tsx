import { createRoute } from '@tanstack/react-router'
import { PaymentReturnPlaceholder } from '../../app/payment-return-placeholder.tsx'
import { dashboardRoute } from '../dashboard.tsx'

export type SuccessSearch = { session_id?: string }

export const successRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'success',
  validateSearch: (search: Record<string, unknown>): SuccessSearch =>
    typeof search.session_id === 'string' && search.session_id ? { session_id: search.session_id } : {},
  component: function SuccessRoute() {
    const { session_id } = successRoute.useSearch()
    return <PaymentReturnPlaceholder sessionId={session_id ?? null} />
  },
})
