// `npm run stack` and `npm start`: the embedded Supabase stack, and the stack
// plus the production build of the PWA.
import { parseArgs } from 'node:util'
import path from 'node:path'
import { loadConfig, type StackConfig } from './config.ts'
import { parseDbTarget } from './db.ts'
import { DEFAULT_DATA_DIR, startStack } from './server.ts'
import { SUPABASE_DIR } from './migrate.ts'
import { startAppHost } from './app-host.ts'

const USAGE = `usage:
  npm run stack -- [--port N] [--host H] [--db memory|<dir>|<postgres-url>] [--no-seed]
  npm start -- [--app-port N] [--port M] [--host H] [--db …] [--no-seed]`

async function main() {
  const [command = 'stack', ...rest] = process.argv.slice(2)
  const { values } = parseArgs({
    args: rest,
    options: {
      port: { type: 'string' },
      'app-port': { type: 'string' },
      host: { type: 'string' },
      db: { type: 'string' },
      'no-seed': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help || !['stack', 'start'].includes(command)) {
    console.info(USAGE)
    process.exit(values.help ? 0 : 2)
  }
  const host = values.host ?? '127.0.0.1'
  const port = Number(values.port ?? process.env.PORT ?? 54321)
  const appPort = Number(values['app-port'] ?? process.env.APP_PORT ?? 5173)
  const stack = await startStack({
    port,
    host,
    db: parseDbTarget(values.db ?? process.env.DATABASE_URL, DEFAULT_DATA_DIR),
    seed: !values['no-seed'],
    config: command === 'start' ? appOrigins(host, appPort) : undefined,
  })
  const out = [`API_URL=${stack.url}`, `ANON_KEY=${stack.config.anonKey}`, `SERVICE_ROLE_KEY=${stack.config.serviceRoleKey}`]
  let closeApp: (() => Promise<void>) | undefined
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
  }
  process.stdout.write(out.join('\n') + '\n')

  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    // Closing PGlite flushes its data directory; killing the process mid-write could corrupt it.
    await closeApp?.()
    await stack.close()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

/**
 * The served app is the site checkout may return to, under either loopback
 * name; SITE_URL and ADDITIONAL_REDIRECT_URLS, when set, say so instead.
 */
function appOrigins(host: string, appPort: number): Partial<StackConfig> {
  const config = loadConfig()
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
