// The one way the app calls an edge function: supabase-js
// `functions.invoke`, its answer sorted into what a screen has to decide
// between. The codes come from domain/functions.ts, the same lists the
// functions answer from, so a feature switches over a closed union and maps
// it to words; anything outside the list is `unknown`, never a guess.
// Free of Lingui macros so unit tests can import it.
import type { SupabaseClient } from '@supabase/supabase-js'
import { isCode } from '../../domain/functions.ts'

/** A reply body as it arrived: fields are read with a check, never trusted by type. */
export type FunctionBody = Readonly<Record<string, unknown>>

export type FunctionAnswer<C extends string> =
  /** 2xx with `success: true`. */
  | { kind: 'ok'; data: FunctionBody }
  /** The function refused with one of its codes; `body` holds fields such as `retry_after`. */
  | { kind: 'error'; code: C; status: number | null; body: FunctionBody }
  /** 401, from the gateway (no or an expired token) or the function itself: the session is no good. */
  | { kind: 'unauthorized'; body: FunctionBody | null }
  /** The function was never reached: offline, DNS, the relay, or the call threw. */
  | { kind: 'network' }
  /** An answer outside the contract: another code, a body that is not JSON, a 2xx without `success`. */
  | { kind: 'unknown'; status: number | null; body: FunctionBody | null }

/** What `functions.invoke` resolves to; only these two fields are read. */
export type InvokeResult = { data: unknown; error: unknown }

type Functions = Pick<SupabaseClient, 'functions'>

const asBody = (value: unknown): FunctionBody | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as FunctionBody) : null

/** A FunctionsHttpError carries the reply's Response in `context`, whose body can be read only once. */
async function httpReply(error: unknown): Promise<{ status: number | null; body: FunctionBody | null }> {
  const context = (error as { context?: Partial<Response> }).context
  if (!context || typeof context.json !== 'function') return { status: null, body: null }
  const status = typeof context.status === 'number' ? context.status : null
  try {
    return { status, body: asBody(await context.json()) }
  } catch {
    return { status, body: null }
  }
}

function refusal<C extends string>(codes: readonly C[], status: number | null, body: FunctionBody | null): FunctionAnswer<C> {
  if (status === 401) return { kind: 'unauthorized', body }
  if (body && isCode(codes, body.error)) return { kind: 'error', code: body.error, status, body }
  return { kind: 'unknown', status, body }
}

/** Sorts what `functions.invoke` gave back. */
export async function classifyAnswer<C extends string>(result: InvokeResult, codes: readonly C[]): Promise<FunctionAnswer<C>> {
  const { data, error } = result
  if (error) {
    // By name, not class: supabase-js is loaded lazily, after this module.
    // FunctionsFetchError / FunctionsRelayError: the request never reached the function.
    if ((error as { name?: unknown }).name !== 'FunctionsHttpError') return { kind: 'network' }
    const reply = await httpReply(error)
    return refusal(codes, reply.status, reply.body)
  }
  const body = asBody(data)
  if (body?.success === true) return { kind: 'ok', data: body }
  return refusal(codes, null, body)
}

/** Runs a call of `functions.invoke` and sorts its answer; a call that throws counts as `network`. */
export async function callFunction<C extends string>(call: () => Promise<InvokeResult>, codes: readonly C[]): Promise<FunctionAnswer<C>> {
  let result: InvokeResult
  try {
    result = await call()
  } catch {
    return { kind: 'network' }
  }
  return classifyAnswer(result, codes)
}

/** Calls the function `name` with a JSON body; `codes` is its list in domain/functions.ts. */
export function invokeFunction<C extends string>(client: Functions, name: string, body: Record<string, unknown>, codes: readonly C[]): Promise<FunctionAnswer<C>> {
  return callFunction(() => client.functions.invoke(name, { body }), codes)
}

/** A numeric field of a reply (`retry_after`, `attempts_left`, `credits_added`), when it is one. */
export function numberField(body: FunctionBody | null, field: string): number | undefined {
  const value = body?.[field]
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

export type FunctionRefusal<C extends string> = Exclude<FunctionAnswer<C>, { kind: 'ok' }>

/**
 * The one code a refusal stands for, for a screen that says one thing per
 * code: the function's own, `unauthorized`, `network`, and `server_error`
 * for an answer outside the contract (nothing more useful can be said).
 */
export function refusalCode<C extends string>(answer: FunctionRefusal<C>): C | 'unauthorized' | 'network' | 'server_error' {
  switch (answer.kind) {
    case 'error':
      return answer.code
    case 'unauthorized':
    case 'network':
      return answer.kind
    case 'unknown':
      return 'server_error'
  }
}
