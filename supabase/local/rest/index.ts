// The data API (`/rest/v1`): answers what postgrest-js sends the way
// PostgREST 12 does, over the stack's Database. See README.md in this folder.
import { Hono } from 'hono'
import type { StackContext } from '../server.ts'
import { requestContextPrelude } from '../jwt.ts'
import { BODY_LIMITS, readTextWithin, refuseDeclaredOver } from '../body-limit.ts'
import { answerTo } from '../in-process-bodies.ts'
import { createAuthResolver } from './auth-cache.ts'
import { errorResponse, invalidPath, restError, toRestError, unacceptableSchema, unsupportedMethod } from './errors.ts'
import { handleCall, handleRead, handleWrite, runStatement, type RequestInfo, type ResultRow, type Runner } from './handlers.ts'
import { parsePreferences } from './preferences.ts'
import { parseQueryParams } from './query-params.ts'
import { createSchemaCacheHolder, type SchemaCache } from './schema-cache.ts'

/** Schemas reachable through Accept-Profile / Content-Profile, the first being the default. */
export const EXPOSED_SCHEMAS = ['public', 'graphql_public'] as const

export type RestApp = Hono & {
  /** Re-reads tables, keys and functions from the catalogs (what `NOTIFY pgrst, 'reload schema'` triggers). */
  reloadSchema(): Promise<void>
}

const TABLE_METHODS = new Set(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'])

export function createRestApp(ctx: Pick<StackContext, 'db' | 'config'>): RestApp {
  const schemaCache = createSchemaCacheHolder(ctx.db, EXPOSED_SCHEMAS)
  const resolveAuth = createAuthResolver(ctx.config)

  ctx.db
    .listen('pgrst', (payload) => {
      if (payload === '' || payload === 'reload schema') schemaCache.reload().catch(() => undefined)
    })
    .catch(() => undefined)

  const loadCache = () =>
    schemaCache.get().catch(() => {
      throw restError(503, 'PGRST002', 'Could not query the database for the schema cache. Retrying.')
    })

  async function serve(req: Request, kind: 'table' | 'rpc', name: string): Promise<Response> {
    let authed = false
    try {
      const url = new URL(req.url)
      const queryKey = url.searchParams.get('apikey')
      if (queryKey !== null) url.searchParams.delete('apikey')
      // Before anything else is done for it: nothing of such a body is read.
      refuseDeclaredOver(req, BODY_LIMITS.rest)
      const auth = await resolveAuth(req.headers, queryKey)
      authed = auth.role !== 'anon'
      const method = req.method
      if (method === 'OPTIONS') {
        return answerTo(req, null, {
          status: 200,
          headers: { allow: kind === 'rpc' ? 'OPTIONS,GET,HEAD,POST' : 'OPTIONS,GET,HEAD,POST,PATCH,DELETE' },
        })
      }
      if (kind === 'table' && !TABLE_METHODS.has(method)) throw unsupportedMethod(method)
      const read = method === 'GET' || method === 'HEAD'
      const profile = req.headers.get(read ? 'accept-profile' : 'content-profile')
      const schema = profile ?? EXPOSED_SCHEMAS[0]
      if (!(EXPOSED_SCHEMAS as readonly string[]).includes(schema)) throw unacceptableSchema(EXPOSED_SCHEMAS)

      const info: RequestInfo = {
        request: req,
        method,
        headers: req.headers,
        schema,
        profileHeader: EXPOSED_SCHEMAS.length > 1,
        name,
        qp: parseQueryParams(url.searchParams),
        prefs: parsePreferences(req.headers.get('prefer')),
        cache: await loadCache(),
        maxRows: ctx.config.maxRows,
        canonicalPath: canonical(name, url.searchParams),
        readBody: () => readTextWithin(req, BODY_LIMITS.rest),
      }
      const run: Runner = async (stmt, { readOnly, check }) => {
        // Nothing to roll back (a read, or a write nothing checks): the context
        // and the statement go out together as one transaction, in one round trip.
        if ((readOnly || !check) && ctx.db.singleStatement) {
          const res = await ctx.db.singleStatement<ResultRow>(requestContextPrelude(auth, { readOnly }), stmt.sql, stmt.params)
          const row = res.rows[0]!
          check?.(row)
          return row
        }
        return ctx.db.transaction(
          async (tx) => {
            const row: ResultRow = await runStatement(tx, stmt)
            check?.(row)
            return row
          },
          { prelude: requestContextPrelude(auth, { readOnly }), readOnly },
        )
      }
      if (kind === 'rpc') return await handleCall(info, run)
      return read ? await handleRead(info, run) : await handleWrite(info, run)
    } catch (e) {
      return errorResponse(toRestError(e, authed), req)
    }
  }

  const app = new Hono()
  app.all('/', async (c) => {
    try {
      await resolveAuth(c.req.raw.headers, c.req.query('apikey'))
      const summary = JSON.stringify(openApiSummary(await loadCache()))
      return answerTo(c.req.raw, summary, { status: 200, headers: { 'content-type': 'application/json' } })
    } catch (e) {
      return errorResponse(toRestError(e, false), c.req.raw)
    }
  })
  app.all('/rpc/:fn', (c) => serve(c.req.raw, 'rpc', c.req.param('fn')))
  app.all('/:table', (c) => serve(c.req.raw, 'table', c.req.param('table')))
  app.all('*', (c) => errorResponse(toRestError(invalidPath(), false), c.req.raw))
  return Object.assign(app, { reloadSchema: () => schemaCache.reload() })
}

/** PostgREST's Content-Location: the path with the query parameters sorted by name. */
function canonical(name: string, params: URLSearchParams): string {
  const pairs = [...params].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  const qs = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')
  return `/${name}${qs ? `?${qs}` : ''}`
}

/** A minimal description of what is exposed (PostgREST serves full OpenAPI here). */
function openApiSummary(cache: SchemaCache) {
  const paths: Record<string, object> = { '/': {} }
  for (const rel of cache.relations.values()) if (rel.schema === EXPOSED_SCHEMAS[0]) paths[`/${rel.name}`] = {}
  for (const [key] of cache.routines) {
    const [schema, fn] = [key.slice(0, key.indexOf('.')), key.slice(key.indexOf('.') + 1)]
    if (schema === EXPOSED_SCHEMAS[0]) paths[`/rpc/${fn}`] = {}
  }
  return { swagger: '2.0', info: { title: 'standard public schema', version: '12.2.3' }, basePath: '/', paths }
}
