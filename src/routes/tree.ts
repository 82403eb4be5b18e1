import { authRoute } from './auth.tsx'
import { authenticatedRoute } from './authenticated.tsx'
import { dashboardRoute } from './dashboard.tsx'
import { dataRightsRoute } from './data-rights.tsx'
import {
  appointmentsRoute, chatbotRoute, conversationsRoute, creditsRoute, customersRoute, dashboardIndexRoute, productsRoute, settingsRoute,
} from './dashboard/screens.tsx'
import { successRoute } from './dashboard/success.tsx'
import { indexRoute } from './index.tsx'
import { phoneVerifyRoute } from './phone-verify.tsx'
import { publicRoute } from './public.tsx'
import { rootRoute } from './root.tsx'

export const routeTree = rootRoute.addChildren([
  publicRoute.addChildren([indexRoute, authRoute, phoneVerifyRoute, dataRightsRoute]),
  authenticatedRoute.addChildren([
    dashboardRoute.addChildren([
      dashboardIndexRoute, creditsRoute, productsRoute, appointmentsRoute, customersRoute, conversationsRoute, chatbotRoute, settingsRoute,
      successRoute,
    ]),
  ]),
])
