// One function per kind of request (read, write, call). Each parses what it
// needs, builds one statement, runs it in the caller's transaction and turns
// the single result row into PostgREST's status, headers and body.
import { STATUS_CODES } from 'node:http'
import type { Queryable } from '../db.ts'
import { answerTo } from '../in-process-bodies.ts'
import {
  ambiguousFunction,
  functionNotFound,
  invalidBody,
  invalidRange,
  restError,
  singularity,
  tableNotFound,
} from './errors.ts'
import { negotiateMedia, type Media } from './negotiation.ts'
import { preferenceApplied, wantsCount, type Preferences } from './preferences.ts'
import { parseRangeHeader, type QueryParams, type Range } from './query-params.ts'
import { closest, type Relation, type Routine, type SchemaCache } from './schema-cache.ts'
import { buildCall, buildMutation, buildRead, readPayload, type BodyShape, type Statement } from './sql-builder.ts'

/** Everything a handler needs about the request, resolved by the app. */
export type RequestInfo = {
  /** The request as it came: what the answer is built for (answerTo: in memory for an in-process caller). */
  request: Request
  method: string
  headers: Headers
  schema: string
  /** Whether several schemas are exposed, so PostgREST names the chosen one in Content-Profile. */
  profileHeader: boolean
  name: string
  qp: QueryParams
  prefs: Preferences
  cache: SchemaCache
  maxRows: number
  canonicalPath: string
  readBody(): Promise<string>
}

/**
 * Runs the statement in the request transaction, read-only where PostgREST
 * uses a read-only transaction; `check`, when there is one, may throw to roll
 * it back (a statement without one can be committed as soon as it has run).
 */
export type Runner = (stmt: Statement, opts: { readOnly: boolean; check?: (row: ResultRow) => void }) => Promise<ResultRow>

/** The one check a result gets: a singular answer (Accept: application/vnd.pgrst.object) must be exactly one row. */
function singularCheck(wanted: boolean): ((row: ResultRow) => void) | undefined {
  if (!wanted) return undefined
  return (r) => {
    if (Number(r.page_total) !== 1) throw singularity(Number(r.page_total))
  }
}

export type ResultRow = {
  total: string | number | null
  page_total: string | number
  body: string | null
  inserted?: string | number | null
  response_headers: string | null
  response_status: string | null
}

export function runStatement(tx: Queryable, stmt: Statement): Promise<ResultRow> {
  return tx.query<ResultRow>(stmt.sql, stmt.params).then((r) => r.rows[0]!)
}

const num = (v: string | number | null | undefined) => (v === null || v === undefined ? undefined : Number(v))

function lookupRelation(info: RequestInfo): Relation {
  const rel = info.cache.relations.get(`${info.schema}.${info.name}`)
  if (rel) return rel
  const names = [...info.cache.relations.values()].filter((r) => r.schema === info.schema).map((r) => r.name)
  const near = closest(info.name, names)
  throw tableNotFound(info.schema, info.name, near ? `Perhaps you meant the table '${info.schema}.${near}'` : null)
}

/** limit/offset ∩ Range header, capped at max-rows (PostgREST's restrictRange). */
function topLevelRange(info: RequestInfo, useHeader: boolean): Range {
  const qs = info.qp.ranges.get('') ?? { offset: 0 }
  const header = useHeader ? parseRangeHeader(info.headers.get('range')) : undefined
  let lower = qs.offset
  let upper = qs.limit === undefined ? Infinity : qs.offset + qs.limit - 1
  if (header) {
    lower = Math.max(lower, header.offset)
    upper = Math.min(upper, header.limit === undefined ? Infinity : header.offset + header.limit - 1)
  }
  if (info.maxRows > 0) upper = Math.min(upper, lower + info.maxRows - 1)
  return { offset: lower, limit: upper === Infinity ? undefined : Math.max(0, upper - lower + 1) }
}

function contentRange(lower: number, pageTotal: number, total: number | undefined): string {
  const upper = lower + pageTotal - 1
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*'
  return `${range}/${total ?? '*'}`
}

function baseHeaders(info: RequestInfo, media: Media | undefined): Record<string, string> {
  const h: Record<string, string> = {}
  if (media) {
    h['content-type'] = media.contentType
    if (info.profileHeader) h['content-profile'] = info.schema
  }
  return h
}

/** `response.status` / `response.headers` set by SQL during the request override PostgREST's own. */
function finish(info: RequestInfo, status: number, headers: Record<string, string>, body: string | null, row: ResultRow): Response {
  let finalStatus = status
  if (row.response_status) {
    const s = Number(row.response_status)
    if (!Number.isInteger(s) || s < 100 || s > 599) throw restError(500, 'PGRST112', 'response.status guc must be a valid status code')
    finalStatus = s
  }
  if (row.response_headers) {
    let list: unknown
    try {
      list = JSON.parse(row.response_headers)
    } catch {
      list = undefined
    }
    const bad = () =>
      restError(500, 'PGRST111', 'response.headers guc must be a JSON array composed of objects with a single key and a string value')
    if (!Array.isArray(list)) throw bad()
    for (const item of list) {
      const entries = item && typeof item === 'object' ? Object.entries(item as object) : []
      if (entries.length !== 1 || typeof entries[0]![1] !== 'string') throw bad()
      headers[entries[0]![0].toLowerCase()] = entries[0]![1] as string
    }
  }
  const noBody = finalStatus === 204 || finalStatus === 304
  return answerTo(info.request, noBody ? null : body, { status: finalStatus, statusText: STATUS_CODES[finalStatus] ?? '', headers })
}

// Reads ---------------------------------------------------------------------------------

export async function handleRead(info: RequestInfo, run: Runner): Promise<Response> {
  const rel = lookupRelation(info)
  const media = negotiateMedia(info.headers.get('accept'))
  const head = info.method === 'HEAD'
  const range = topLevelRange(info, true)
  const count = wantsCount(info.prefs)
  const body: BodyShape = head ? 'none' : media.shape
  const stmt = buildRead(info.cache, { relation: rel, qp: info.qp, range, count, body, stripNulls: media.stripNulls })
  const row = await run(stmt, {
    readOnly: true,
    check: singularCheck(media.shape === 'object'),
  })
  return rangedResponse(info, media, range, row, head, true)
}

function rangedResponse(
  info: RequestInfo,
  media: Media,
  range: Range,
  row: ResultRow,
  head: boolean,
  withLocation: boolean,
): Response {
  const pageTotal = Number(row.page_total)
  const total = num(row.total)
  const lower = range.offset
  let status = 200
  if (total !== undefined) {
    if (lower > total) {
      throw invalidRange(`An offset of ${lower} was requested, but there are only ${total} rows.`)
    }
    if (pageTotal < total) status = 206
  }
  const headers = baseHeaders(info, media)
  headers['content-range'] = contentRange(lower, pageTotal, total)
  if (withLocation) headers['content-location'] = info.canonicalPath
  const pref = preferenceApplied(info.prefs, ['count', 'handling'])
  if (pref) headers['preference-applied'] = pref
  return finish(info, status, headers, head ? null : (row.body ?? ''), row)
}

// Writes --------------------------------------------------------------------------------

export async function handleWrite(info: RequestInfo, run: Runner): Promise<Response> {
  const rel = lookupRelation(info)
  const kind = info.method === 'POST' ? 'insert' : info.method === 'PATCH' ? 'update' : 'delete'
  const prefs = info.prefs
  const representation = prefs.return === 'representation'
  const headersOnly = prefs.return === 'headers-only' && kind === 'insert'
  const media = negotiateMedia(info.headers.get('accept'))
  const hasRootFilter = info.qp.filters.some((f) => f.path.length === 0) || info.qp.logic.some((l) => l.path.length === 0)
  if (kind !== 'insert' && !hasRootFilter) {
    // Hosted Supabase loads pg-safeupdate for the API: unfiltered UPDATE/DELETE are refused.
    throw restError(400, '21000', `${kind === 'update' ? 'UPDATE' : 'DELETE'} requires a WHERE clause`)
  }
  const payload = kind === 'delete' ? undefined : readPayload(await info.readBody(), info.qp.columns)
  if (payload && kind === 'update' && payload.isArray && !info.qp.columns) throw invalidBody()
  const resolution = kind === 'insert' && (rel.pk.length || info.qp.onConflict) ? prefs.resolution : undefined
  const stmt = buildMutation(info.cache, {
    kind,
    relation: rel,
    qp: info.qp,
    payload,
    body: representation ? media.shape : headersOnly ? 'object' : 'none',
    stripNulls: media.stripNulls,
    returnRepresentation: representation,
    headersOnly,
    resolution,
    applyDefaults: prefs.missing === 'default',
  })
  const row = await run(stmt, {
    readOnly: false,
    check: singularCheck(media.shape === 'object'),
  })
  const pageTotal = Number(row.page_total)
  const countValue = wantsCount(prefs) ? pageTotal : undefined
  const headers = representation ? baseHeaders(info, media) : {}
  let status: number
  if (kind === 'insert') {
    status = resolution === 'merge-duplicates' && Number(row.inserted ?? 0) <= 0 ? 200 : 201
    if (headersOnly && row.body && row.body !== 'null') {
      const first = JSON.parse(row.body) as Record<string, unknown> | null
      if (first) {
        const query = Object.entries(first)
          .map(([k, v]) => `${encodeURIComponent(k)}=${v === null ? 'is.null' : `eq.${encodeURIComponent(String(v))}`}`)
          .join('&')
        headers['location'] = `/${info.name}?${query}`
      }
    }
    headers['content-range'] = contentRange(1, 0, countValue)
    const appliedKeys: (keyof Preferences)[] = ['missing', 'return', 'count', 'handling']
    if (resolution) appliedKeys.push('resolution')
    const pref = preferenceApplied(prefs, appliedKeys)
    if (pref) headers['preference-applied'] = pref
  } else {
    status = representation ? 200 : 204
    headers['content-range'] = kind === 'update' ? contentRange(0, pageTotal, countValue) : contentRange(1, 0, countValue)
    const pref = preferenceApplied(prefs, kind === 'update' ? ['missing', 'return', 'count', 'handling'] : ['return', 'count', 'handling'])
    if (pref) headers['preference-applied'] = pref
  }
  return finish(info, status, headers, representation ? (row.body ?? '') : null, row)
}

// Calls -----------------------------------------------------------------------------------

const isJsonType = (t: string) => t === 'json' || t === 'jsonb'

function chooseRoutine(info: RequestInfo, overloads: Routine[], argNames: string[], bodyIsObject: boolean): { routine: Routine; single: boolean } {
  const given = new Set(argNames)
  const fits = overloads.filter(
    (r) =>
      argNames.every((n) => r.params.some((p) => p.name === n)) &&
      r.params.every((p) => p.hasDefault || given.has(p.name)),
  )
  if (fits.length === 1) return { routine: fits[0]!, single: false }
  if (fits.length > 1) {
    // Prefer the overload whose parameters are exactly the given ones.
    const exact = fits.filter((r) => r.params.length === argNames.length)
    if (exact.length === 1) return { routine: exact[0]!, single: false }
    throw ambiguousFunction(
      fits.map((r) => `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`),
    )
  }
  if (info.method === 'POST' || !bodyIsObject) {
    const single = overloads.find((r) => r.params.length === 1 && r.params[0]!.name === '' && isJsonType(r.params[0]!.type))
    if (single) return { routine: single, single: true }
  }
  const allNames = [...info.cache.routines.keys()].filter((k) => k.startsWith(`${info.schema}.`)).map((k) => k.slice(info.schema.length + 1))
  const near = overloads.length ? undefined : closest(info.name, allNames)
  throw functionNotFound(info.schema, info.name, argNames, near ? `Perhaps you meant to call the function ${info.schema}.${near}` : null)
}

export async function handleCall(info: RequestInfo, run: Runner): Promise<Response> {
  const method = info.method
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
    throw restError(405, 'PGRST101', `Cannot use the ${method} method on RPC`)
  }
  const overloads = info.cache.routines.get(`${info.schema}.${info.name}`) ?? []
  let rawArgs: string
  let argNames: string[]
  let bodyIsObject = true
  if (method === 'POST') {
    const raw = await info.readBody()
    if (raw.trim() === '') {
      rawArgs = '{}'
      argNames = []
    } else {
      let parsed: unknown
      try {
        parsed = JSON.parse(raw)
      } catch {
        throw invalidBody()
      }
      bodyIsObject = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      rawArgs = raw
      argNames = bodyIsObject ? Object.keys(parsed as object) : []
    }
  } else {
    const args: Record<string, string> = {}
    for (const [k, v] of info.qp.args) args[k] = v
    rawArgs = JSON.stringify(args)
    argNames = Object.keys(args)
  }
  const { routine, single } = chooseRoutine(info, overloads, argNames, bodyIsObject)
  if (!single && !bodyIsObject) throw invalidBody()
  const media = negotiateMedia(info.headers.get('accept'))
  const head = method === 'HEAD'
  const range = topLevelRange(info, method !== 'POST')
  const count = wantsCount(info.prefs)
  const isVoid = routine.returns === 'void'
  const stmt = buildCall(info.cache, {
    routine,
    args: rawArgs,
    argNames: single ? [] : argNames,
    singleJsonParam: single,
    qp: info.qp,
    range,
    count,
    body: head || isVoid ? 'none' : media.shape,
    stripNulls: media.stripNulls,
  })
  const row = await run(stmt, {
    // GET calls and calls of stable or immutable functions run read-only, as in PostgREST.
    readOnly: method !== 'POST' || routine.volatility !== 'volatile',
    check: singularCheck(!isVoid && media.shape === 'object'),
  })
  if (isVoid) {
    const headers: Record<string, string> = { 'content-range': contentRange(range.offset, Number(row.page_total), num(row.total)) }
    const pref = preferenceApplied(info.prefs, ['count', 'handling'])
    if (pref) headers['preference-applied'] = pref
    return finish(info, 204, headers, null, row)
  }
  return rangedResponse(info, media, range, row, head, false)
}
