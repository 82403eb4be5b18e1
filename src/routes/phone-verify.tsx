import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { guardPhoneVerify } from './guards.ts'
import { publicRoute } from './public.tsx'

export const phoneVerifyRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'phone-verify',
  beforeLoad: async ({ context }) => guardPhoneVerify(await context.session.ready()),
  // Loaded on demand, with the styles of its form fields: the landing page's first load carries none of it.
  component: lazyRouteComponent(
    () => Promise.all([import('../features/auth/phone-verify-page.tsx'), import('../app/styles/forms.ts')]).then(([page]) => page),
    'PhoneVerifyPage',
  ),
})
