// The auth API (`/auth/v1`): GoTrue's endpoints for e-mail and password
// accounts, answering as GoTrue does with e-mail auto-confirmation on, so
// supabase-js behaves the same here as against hosted Supabase.
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import type { StackConfig } from '../config.ts'
import { verifyJwt } from '../jwt.ts'
import { createUserHandler, deleteUserHandler, getUserByIdHandler, listUsersHandler, updateUserByIdHandler } from './admin.ts'
import { API_VERSION_HEADER, errorReply, requestedApiVersion } from './errors.ts'
import { createAuthRateLimits } from './rate-limit.ts'
import { signupHandler } from './signup.ts'
import { tokenHandler } from './token.ts'
import { payloadTooLarge, type AuthContext } from './request.ts'
import { BODY_LIMITS, PayloadTooLarge, refuseDeclaredOver } from '../body-limit.ts'
import { getUserHandler, logoutHandler, updateUserHandler } from './user.ts'

const apiVersionOf = (c: Context) => requestedApiVersion(c.req.header(API_VERSION_HEADER))

/** The answer to every request carries the API version it asked for, so auth-js reads error codes. */
const echoApiVersion: MiddlewareHandler = async (c, next) => {
  await next()
  const version = apiVersionOf(c)
  if (version) c.res.headers.set(API_VERSION_HEADER, version)
}

/**
 * The hosted gateway in front of GoTrue admits only requests with one of the
 * project's keys as `apikey` (header or query), and answers 401 otherwise.
 */
function requireApiKey(config: StackConfig): MiddlewareHandler {
  const keys = new Set([config.anonKey, config.serviceRoleKey, config.publishableKey, config.secretKey])
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next()
    const apikey = c.req.header('apikey') ?? c.req.query('apikey')
    if (!apikey) return c.json({ message: 'No API key found in request' }, 401)
    if (!keys.has(apikey)) {
      // Other JWTs signed with the project secret (re-issued legacy keys) pass too.
      const valid = !apikey.startsWith('sb_') && (await verifyJwt(config, apikey).then(() => true, () => false))
      if (!valid) return c.json({ message: 'Invalid API key' }, 401)
    }
    return next()
  }
}

/** A declared length over the limit is refused before anything else; chunked bodies are counted as handlers read them (requestText). */
const refuseLargeBodies: MiddlewareHandler = async (c, next) => {
  try {
    refuseDeclaredOver(c.req.raw, BODY_LIMITS.auth)
  } catch (e) {
    throw e instanceof PayloadTooLarge ? payloadTooLarge(e) : e
  }
  return next()
}

const PROVIDERS = [
  'anonymous_users', 'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'figma', 'fly', 'github', 'gitlab',
  'google', 'keycloak', 'kakao', 'linkedin', 'linkedin_oidc', 'nextcloud', 'notion', 'spotify', 'slack',
  'slack_oidc', 'workos', 'twitch', 'twitter', 'email', 'phone', 'zoom',
] as const

function settingsBody() {
  return {
    external: Object.fromEntries(PROVIDERS.map((p) => [p, p === 'email'])),
    disable_signup: false,
    mailer_autoconfirm: true,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }
}

/** Mounted by the stack at `/auth/v1`; only the database and the settings of the context are used. */
export function createAuthApp(ctx: AuthContext): Hono {
  const app = new Hono()
  app.use('*', echoApiVersion)
  app.use('*', refuseLargeBodies)
  app.use('*', requireApiKey(ctx.config))

  app.get('/health', (c) =>
    c.json({ version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' }),
  )
  app.get('/settings', (c) => c.json(settingsBody()))

  // Counted per app, as GoTrue counts per process.
  const limits = createAuthRateLimits(ctx.config)
  app.post('/signup', signupHandler(ctx, limits))
  app.post('/token', tokenHandler(ctx, limits))
  app.get('/user', getUserHandler(ctx))
  app.put('/user', updateUserHandler(ctx))
  app.post('/logout', logoutHandler(ctx))

  app.get('/admin/users', listUsersHandler(ctx))
  app.post('/admin/users', createUserHandler(ctx))
  app.get('/admin/users/:id', getUserByIdHandler(ctx))
  app.put('/admin/users/:id', updateUserByIdHandler(ctx))
  app.delete('/admin/users/:id', deleteUserHandler(ctx))

  // GoTrue's router answers unknown paths with Go's plain-text 404.
  app.all('*', (c) => c.text('404 page not found\n', 404))

  app.onError((err, c) => {
    const reply = errorReply(err, apiVersionOf(c))
    for (const [k, v] of Object.entries(reply.headers)) c.header(k, v)
    return c.json(reply.body as object, reply.status as 400)
  })
  return app
}
