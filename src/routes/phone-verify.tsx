import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { guardPhoneVerify } from './guards.ts'
import { publicRoute } from './public.tsx'

export const phoneVerifyRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'phone-verify',
  beforeLoad: async ({ context }) => guardPhoneVerify(await context.session.ready()),
  // Loaded on demand: the landing page's first load carries none of it.
  component: lazyRouteComponent(() => import('../features/auth/phone-verify-page.tsx'), 'PhoneVerifyPage'),
})
