// Small request/response helpers shared by the functions.
import { corsHeaders } from './cors.ts'

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json', ...headers },
  })
}

/** The JSON object a client sent, or null for anything else (no body, bad JSON, an array…). */
export async function readJsonObject(req: Request): Promise<Record<string, unknown> | null> {
  try {
    const value: unknown = await req.json()
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/**
 * A failure that names the answer it calls for: a function whose error codes
 * include `code` answers it with `answerStatus` (and logs the message); any
 * other function treats it as a server_error (see handler.ts).
 */
export class CodedError<C extends string = string> extends Error {
  constructor(
    readonly code: C,
    readonly answerStatus: number,
    message: string,
  ) {
    super(message)
    this.name = 'CodedError'
  }
}
