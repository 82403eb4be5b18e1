// Errors as PostgREST 12 reports them: a JSON body {code, details, hint,
// message} (keys in that order, absent parts as null) and the HTTP status
// PostgREST derives from the code.
import { STATUS_CODES } from 'node:http'
import { answerTo } from '../in-process-bodies.ts'
import { PAYLOAD_TOO_LARGE, PayloadTooLarge } from '../body-limit.ts'

export type ErrorBody = {
  code: string
  /** A string, except for PGRST201 where PostgREST lists the candidate relationships. */
  details: string | Record<string, string>[] | null
  hint: string | null
  message: string
}

export type RestError = ErrorBody & {
  readonly status: number
  readonly headers?: Record<string, string>
}

/** Thrown anywhere in a request; turned into a response by the app. */
export class RestFailure extends Error {
  constructor(readonly error: RestError) {
    super(error.message)
  }
}

export function restError(
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
  headers?: Record<string, string>,
): RestFailure {
  return new RestFailure({ status, code, message, details, hint, headers })
}

/** The error's answer to `req` (in memory for an in-process caller: ../in-process-bodies.ts). */
export function errorResponse(err: RestError, req: Request): Response {
  const body: ErrorBody = { code: err.code, details: err.details, hint: err.hint, message: err.message }
  return answerTo(req, JSON.stringify(body), {
    status: err.status,
    statusText: STATUS_CODES[err.status] ?? '',
    headers: { 'content-type': 'application/json; charset=utf-8', ...err.headers },
  })
}

// Query-string and request-shape errors (PGRST1xx) ------------------------------

export const parseError = (message: string, details: string) => restError(400, 'PGRST100', message, details)

export const invalidBody = (message = 'Empty or invalid json') => restError(400, 'PGRST102', message)

export const invalidRange = (details: string) => restError(416, 'PGRST103', 'Requested range not satisfiable', details)

export const unacceptableSchema = (schemas: readonly string[]) =>
  restError(406, 'PGRST106', `The schema must be one of the following: ${schemas.join(', ')}`)

export const unacceptableMedia = (accept: string) =>
  restError(406, 'PGRST107', `None of these media types are available: ${accept}`)

export const notEmbedded = (name: string) =>
  restError(
    400,
    'PGRST108',
    `'${name}' is not an embedded resource in this request`,
    null,
    `Verify that '${name}' is included in the 'select' query parameter.`,
  )

export const singularity = (rows: number) =>
  restError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${rows} rows`)

export const unsupportedMethod = (method: string) => restError(405, 'PGRST117', `Unsupported HTTP method: ${method}`)

/** A body over the data API's limit (../body-limit.ts), refused before it is read in full. PostgREST has no such code; hosted, its gateway answers. */
export const payloadTooLarge = (limit: number) =>
  restError(413, PAYLOAD_TOO_LARGE, 'Request body too large', `The data API accepts bodies of at most ${limit} bytes`)

export const relatedOrderNotToOne = (origin: string, target: string) =>
  restError(
    400,
    'PGRST118',
    `A related order on '${target}' is not possible`,
    `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`,
  )

export const invalidPreferences = (prefs: string[]) =>
  restError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${prefs.join(', ')}`)

export const aggregatesNotAllowed = () => restError(400, 'PGRST123', 'Use of aggregate functions is not allowed')

export const invalidPath = () => restError(404, 'PGRST125', 'Invalid path specified in request URL')

// Schema-cache errors (PGRST2xx) ---------------------------------------------------

export const noRelationship = (parent: string, child: string, schema: string, hint: string | undefined, suggestion: string | null) =>
  restError(
    400,
    'PGRST200',
    `Could not find a relationship between '${parent}' and '${child}' in the schema cache`,
    `Searched for a foreign key relationship between '${parent}' and '${child}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${schema}', but no matches were found.`,
    suggestion,
  )

export type AmbiguousCandidate = { cardinality: string; embedding: string; relationship: string; hintName: string }

export const ambiguousRelationship = (parent: string, child: string, candidates: AmbiguousCandidate[]) =>
  new RestFailure({
    status: 300,
    code: 'PGRST201',
    message: `Could not embed because more than one relationship was found for '${parent}' and '${child}'`,
    // PostgREST sends the candidates as a JSON array in `details`.
    details: candidates.map(({ cardinality, embedding, relationship }) => ({ cardinality, embedding, relationship })),
    hint: `Try changing '${child}' to one of the following: ${candidates.map((c) => `'${child}!${c.hintName}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  })

export const functionNotFound = (schema: string, name: string, argNames: string[], suggestion: string | null) => {
  const fn = `${schema}.${name}`
  const sorted = [...argNames].sort()
  const inMessage = sorted.length ? `(${sorted.join(', ')})` : ' without parameters'
  const inDetails = sorted.length
    ? ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}`
    : ' without parameters'
  return restError(
    404,
    'PGRST202',
    `Could not find the function ${fn}${inMessage} in the schema cache`,
    `Searched for the function ${fn}${inDetails} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    suggestion,
  )
}

export const ambiguousFunction = (descriptions: string[]) =>
  restError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${descriptions.join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  )

export const columnNotFound = (relation: string, column: string) =>
  restError(400, 'PGRST204', `Could not find the '${column}' column of '${relation}' in the schema cache`)

export const tableNotFound = (schema: string, name: string, suggestion: string | null) =>
  restError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`, null, suggestion)

/** What Postgres itself says for an unknown column (PostgREST lets it through as 42703). */
export const undefinedColumn = (relationAlias: string, column: string, near?: string) =>
  restError(
    400,
    '42703',
    `column ${relationAlias}.${column} does not exist`,
    null,
    near ? `Perhaps you meant to reference the column "${relationAlias}.${near}".` : null,
  )

// JWT errors (PGRST3xx) -------------------------------------------------------------

export const jwtError = (code: 'PGRST301' | 'PGRST303', message: string) =>
  restError(401, code, message, null, null, {
    'www-authenticate': `Bearer error="invalid_token", error_description="${message}"`,
  })

// Postgres errors ---------------------------------------------------------------------

type PgLikeError = { code?: unknown; message?: unknown; detail?: unknown; hint?: unknown }

const isPgError = (e: unknown): e is PgLikeError & { code: string } =>
  typeof e === 'object' && e !== null && typeof (e as PgLikeError).code === 'string' && /^[0-9A-Z]{5}$/.test((e as { code: string }).code)

// PostgREST's mapSQLtoHTTP, as tables: a whole SQLSTATE first, then its class
// (the first two characters); anything else is 400.
const STATUS_BY_CODE = new Map([
  ['23503', 409],
  ['23505', 409],
  ['25006', 405],
  ['53400', 500],
  ['57P01', 503],
  ['P0001', 400],
  ['42P01', 404],
  ['42P17', 500],
])
const CLASSES_BY_STATUS: [number, string[]][] = [
  [403, ['0L', '0P', '28']],
  [500, ['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX']],
  [503, ['08', '53']],
]
const STATUS_BY_CLASS = new Map(CLASSES_BY_STATUS.flatMap(([status, classes]) => classes.map((c) => [c, status] as const)))

/** The HTTP status for a SQLSTATE. */
export function statusForSqlState(code: string, message: string, authed: boolean): number {
  switch (code) {
    case '21000':
      return message.endsWith('requires a WHERE clause') ? 400 : 500
    case '22023':
      return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400
    case '42883':
      return message.startsWith('function xmlagg(') ? 406 : 404
    case '42501':
      return authed ? 403 : 401
  }
  const exact = STATUS_BY_CODE.get(code)
  if (exact !== undefined) return exact
  const sqlClass = code.slice(0, 2)
  if (sqlClass === 'PT') {
    const n = Number(code.slice(2))
    return Number.isInteger(n) && n >= 100 && n <= 599 ? n : 500
  }
  return STATUS_BY_CLASS.get(sqlClass) ?? 400
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)

/** `RAISE SQLSTATE 'PGRST' USING message = '{json}', detail = '{json}'`: full control of the answer. */
function raisePgrst(e: PgLikeError): RestError {
  try {
    const m = JSON.parse(String(e.message)) as Record<string, unknown>
    const d = JSON.parse(String(e.detail)) as { status?: number; headers?: Record<string, string> }
    if (typeof m.code !== 'string' || typeof m.message !== 'string' || typeof d.status !== 'number') throw new Error('shape')
    return {
      status: d.status,
      code: m.code,
      message: m.message,
      details: str(m.details),
      hint: str(m.hint),
      headers: d.headers,
    }
  } catch {
    return {
      status: 500,
      code: 'PGRST121',
      message: 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
      details: `Invalid JSON value for MESSAGE: '${String(e.message)}'`,
      hint: "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    }
  }
}

/** Converts whatever a request threw into PostgREST's error answer. */
export function toRestError(e: unknown, authed: boolean): RestError {
  if (e instanceof RestFailure) return e.error
  if (e instanceof PayloadTooLarge) return payloadTooLarge(e.limit).error
  if (isPgError(e)) {
    if (e.code === 'PGRST') return raisePgrst(e)
    const message = String(e.message ?? '')
    return {
      status: statusForSqlState(e.code, message, authed),
      code: e.code,
      message,
      details: str(e.detail),
      hint: str(e.hint),
      headers: statusForSqlState(e.code, message, authed) === 401 ? { 'www-authenticate': 'Bearer' } : undefined,
    }
  }
  return {
    status: 500,
    code: 'PGRSTX00',
    message: e instanceof Error ? e.message : String(e),
    details: null,
    hint: null,
  }
}
