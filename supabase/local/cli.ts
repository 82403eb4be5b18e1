// `npm run stack` and `npm start`: the embedded Supabase stack, and the stack
// plus the production build of the PWA.
import { parseArgs } from 'node:util'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { keysFor, loadConfig, type StackConfig } from './config.ts'
import { EXPOSE_LOCAL_TOOLS_FLAG, planExposure } from './exposure.ts'
import { parseDbTarget } from './db.ts'
import { DEFAULT_DATA_DIR, startStack } from './server.ts'
import { SUPABASE_DIR } from './migrate.ts'
import { startAppHost } from './app-host.ts'
import { startWidgetDemo } from './widget-demo.ts'

const USAGE = `usage:
  npm run stack -- [--port N] [--host H] [--db memory|<dir>|<postgres-url>] [--no-seed] [--jobs-every S] [${EXPOSE_LOCAL_TOOLS_FLAG}]
  npm start -- [--app-port N] [--demo-port D] [--port M] [--host H] [--db …] [--no-seed] [--jobs-every S] [${EXPOSE_LOCAL_TOOLS_FLAG}]
  npm run stack -- keys    a new JWT_SECRET and its keys (with JWT_SECRET set: the keys for it)

Off loopback (--host 0.0.0.0, a LAN address…) the stack needs JWT_SECRET of
its own and leaves out /__local and the demo account; ${EXPOSE_LOCAL_TOOLS_FLAG}
brings those back for a trusted network.

Scheduled jobs (the automatic appointment reminders) run every S seconds,
60 by default, as pg_cron runs them on a hosted project; --jobs-every 0 turns
them off.

\`start\` also serves a page on another origin embedding the demo business's
chat widget (DEMO_URL; --demo-port or DEMO_PORT, default the app's port + 1).`

async function main() {
  let [command = 'stack', ...rest] = process.argv.slice(2)
  // `npm run stack -- keys` arrives as `stack keys`.
  if (command === 'stack' && rest[0] === 'keys') [command, ...rest] = rest
  const { values } = parseArgs({
    args: rest,
    options: {
      port: { type: 'string' },
      'app-port': { type: 'string' },
      'demo-port': { type: 'string' },
      host: { type: 'string' },
      db: { type: 'string' },
      'no-seed': { type: 'boolean' },
      'jobs-every': { type: 'string' },
      'expose-local-tools': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help || !['stack', 'start', 'keys'].includes(command)) {
    console.info(USAGE)
    process.exit(values.help ? 0 : 2)
  }
  if (command === 'keys') return printKeys()
  const host = values.host ?? '127.0.0.1'
  const jobsEvery = Number(values['jobs-every'] ?? 60)
  if (!Number.isFinite(jobsEvery) || jobsEvery < 0) {
    console.error(`--jobs-every takes a number of seconds (0: off), not ${values['jobs-every']}`)
    process.exit(2)
  }
  const port = Number(values.port ?? process.env.PORT ?? 54321)
  const appPort = Number(values['app-port'] ?? process.env.APP_PORT ?? 5173)
  const base = loadConfig()
  const config = { ...base, ...(command === 'start' ? appOrigins(host, appPort, base) : {}) }
  const plan = planExposure({ host, config, exposeLocalTools: values['expose-local-tools'] === true, seed: !values['no-seed'] })
  if (!plan.ok) {
    console.error(plan.message)
    process.exit(1)
  }
  if (plan.warning) console.error(plan.warning)
  const stack = await startStack({
    port,
    host,
    db: parseDbTarget(values.db ?? process.env.DATABASE_URL, DEFAULT_DATA_DIR),
    seed: plan.seed,
    localTools: plan.localTools,
    config,
    jobs: jobsEvery > 0 ? { intervalMs: jobsEvery * 1000 } : undefined,
  })
  const out = [`API_URL=${stack.url}`, `ANON_KEY=${stack.config.anonKey}`, `SERVICE_ROLE_KEY=${stack.config.serviceRoleKey}`]
  let closeApp: (() => Promise<void>) | undefined
  let closeDemo: (() => Promise<void>) | undefined
  if (command === 'start') {
    const app = await startAppHost({
      distDir: path.resolve(SUPABASE_DIR, '..', 'dist'),
      port: appPort,
      host,
      apiPort: stack.port,
      anonKey: stack.config.anonKey,
    })
    closeApp = app.close
    out.push(`APP_URL=${app.url}`)
    const demoPort = values['demo-port'] ?? process.env.DEMO_PORT
    const demo = await startWidgetDemo({
      port: Number(demoPort ?? appPort + 1),
      portRequired: demoPort !== undefined,
      host,
      appUrl: app.url,
      apiUrl: stack.url,
      serviceRoleKey: stack.config.serviceRoleKey,
    })
    closeDemo = demo.close
    out.push(`DEMO_URL=${demo.url}`)
  }
  process.stdout.write(out.join('\n') + '\n')

  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    // Closing PGlite flushes its data directory; killing the process mid-write could corrupt it.
    await closeDemo?.()
    await closeApp?.()
    await stack.close()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

/**
 * A JWT secret and the four keys derived from it, as lines an env file or a
 * shell takes. The secret is new unless JWT_SECRET is set.
 */
function printKeys() {
  const given = process.env.JWT_SECRET
  const jwtSecret = given || randomBytes(32).toString('base64url')
  // Keys set in the environment belong to the secret given with them, never to a new one.
  const keys = keysFor(jwtSecret, given ? process.env : {})
  const lines = [
    `JWT_SECRET=${jwtSecret}`,
    `ANON_KEY=${keys.anonKey}`,
    `SERVICE_ROLE_KEY=${keys.serviceRoleKey}`,
    `PUBLISHABLE_KEY=${keys.publishableKey}`,
    `SECRET_KEY=${keys.secretKey}`,
  ]
  process.stdout.write(lines.join('\n') + '\n')
}

/**
 * The served app is the site checkout may return to, under either loopback
 * name; SITE_URL and ADDITIONAL_REDIRECT_URLS, when set, say so instead.
 */
function appOrigins(host: string, appPort: number, config: StackConfig): Partial<StackConfig> {
  const loopback = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host
  return {
    siteUrl: process.env.SITE_URL ? config.siteUrl : `http://${loopback}:${appPort}`,
    additionalRedirectUrls: process.env.ADDITIONAL_REDIRECT_URLS
      ? config.additionalRedirectUrls
      : [...new Set([`http://localhost:${appPort}`, `http://127.0.0.1:${appPort}`, ...config.additionalRedirectUrls])],
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e)
  process.exit(1)
})
