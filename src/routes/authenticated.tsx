import { createRoute } from '@tanstack/react-router'
import { requireVerifiedOwner } from './guards.ts'
import { rootRoute } from './root.tsx'

/** Pathless: everything under it needs a signed-in owner with a verified phone. */
export const authenticatedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'authenticated',
  beforeLoad: async ({ context }) => requireVerifiedOwner(await context.session.ready()),
})
