import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { guardPhoneVerify } from './guards.ts'
import { publicRoute } from './public.tsx'
import { withFormStyles } from './form-page.ts'

export const phoneVerifyRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'phone-verify',
  beforeLoad: async ({ context }) => guardPhoneVerify(await context.session.ready()),
  component: lazyRouteComponent(withFormStyles(() => import('../features/auth/phone-verify-page.tsx')), 'PhoneVerifyPage'),
})
