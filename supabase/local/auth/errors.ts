// Errors in the shapes GoTrue sends. A request that carries
// `X-Supabase-Api-Version: 2024-01-01` (auth-js always does) gets
// `{code, message}`; anything else gets the legacy `{code: <status>,
// error_code, msg}`. auth-js reads `code` only when the response echoes the
// version header, so the echo is part of the contract.
import { randomUUID } from 'node:crypto'

export const API_VERSION_HEADER = 'X-Supabase-Api-Version'
export const API_VERSION_2024 = '2024-01-01'

/** GoTrue's HTTPError: a status, an error code and a message for the client. */
export class AuthHttpError extends Error {
  /** Sent with the error (Retry-After on 429). */
  readonly headers: Record<string, string>

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    options?: { cause?: unknown; headers?: Record<string, string> },
  ) {
    super(message, { cause: options?.cause })
    this.headers = options?.headers ?? {}
  }
}

/** Sent as 422 with the reasons auth-js turns into AuthWeakPasswordError. */
export class WeakPasswordError extends Error {
  constructor(
    message: string,
    readonly reasons: string[],
  ) {
    super(message)
  }
}

/** OAuth-style errors (`{error, error_description}`), always 400, whatever the API version. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(`${error}: ${description}`)
  }
}

export const badRequest = (code: string, message: string, cause?: unknown) => new AuthHttpError(400, code, message, { cause })
export const unauthorized = (code: string, message: string) => new AuthHttpError(401, code, message)
export const forbidden = (code: string, message: string) => new AuthHttpError(403, code, message)
export const notFound = (code: string, message: string) => new AuthHttpError(404, code, message)
export const unprocessable = (code: string, message: string) => new AuthHttpError(422, code, message)
export const internal = (message: string, cause?: unknown) => new AuthHttpError(500, 'unexpected_failure', message, { cause })

/**
 * Runs one step of a request and, when the database fails, reports it with
 * the message GoTrue uses for that step ("Database error saving new user", …).
 * Errors that are already client errors pass through unchanged.
 */
export async function dbStep<T>(message: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (e) {
    if (e instanceof AuthHttpError || e instanceof WeakPasswordError || e instanceof OAuthError) throw e
    throw internal(message, e)
  }
}

/** `2024-01-01` when the request asks for it (any date from then on), else undefined. */
export function requestedApiVersion(header: string | undefined): string | undefined {
  if (!header || !/^\d{4}-\d{2}-\d{2}$/.test(header)) return undefined
  const date = new Date(`${header}T00:00:00Z`)
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== header) return undefined
  return header >= API_VERSION_2024 ? API_VERSION_2024 : undefined
}

export type ErrorReply = { status: number; body: unknown; headers: Record<string, string> }

/** Renders any thrown value the way GoTrue's HandleResponseError does. */
export function errorReply(err: unknown, apiVersion: string | undefined): ErrorReply {
  const headers: Record<string, string> = {}
  if (apiVersion) headers[API_VERSION_HEADER] = apiVersion
  if (err instanceof WeakPasswordError) {
    const body = apiVersion
      ? { code: 'weak_password', message: err.message, weak_password: { reasons: err.reasons } }
      : { code: 422, error_code: 'weak_password', msg: err.message, weak_password: { reasons: err.reasons } }
    if (!apiVersion) headers['x-sb-error-code'] = 'weak_password'
    return { status: 422, body, headers }
  }
  if (err instanceof AuthHttpError) {
    Object.assign(headers, err.headers)
    if (err.status >= 500) console.error(`auth: ${err.message}${err.cause instanceof Error ? `: ${err.cause.message}` : ''}`)
    headers['x-sb-error-code'] = err.code
    if (apiVersion) return { status: err.status, body: { code: err.code, message: err.message }, headers }
    // Legacy clients see a Postgres error raised with a PTxxx code as PostgREST would show it.
    const pg = publicPostgresError(err.cause)
    if (pg) return { status: pg.status, body: pg.body, headers }
    const body: Record<string, unknown> = { code: err.status, error_code: err.code, msg: err.message }
    if (err.status >= 500) body.error_id = randomUUID()
    return { status: err.status, body, headers }
  }
  if (err instanceof OAuthError) {
    return { status: 400, body: { error: err.error, error_description: err.description }, headers }
  }
  console.error('auth: unhandled error', err)
  const message = 'Unexpected failure, please check server logs for more information'
  const body = apiVersion
    ? { code: 'unexpected_failure', message }
    : { code: 500, error_code: 'unexpected_failure', msg: message }
  return { status: 500, body, headers }
}

function publicPostgresError(cause: unknown): { status: number; body: Record<string, unknown> } | undefined {
  if (!cause || typeof cause !== 'object') return undefined
  const { code, message, hint, detail } = cause as Record<string, unknown>
  if (typeof code !== 'string' || !/^PT\d{3}$/.test(code)) return undefined
  const body: Record<string, unknown> = { code, message }
  if (typeof hint === 'string' && hint) body.hint = hint
  if (typeof detail === 'string' && detail) body.detail = detail
  return { status: Number(code.slice(2)), body }
}
