// Request bodies read into memory only up to a limit, for every API of the
// stack: a body over it is refused from its Content-Length before a byte is
// read, or, sent chunked, as soon as the bytes read pass the limit. A 200 MB
// POST to a function once took the stack from 434 MB to 1.18 GB of memory
// before it was answered. Each API turns the refusal into its own error shape
// with the code `payload_too_large` (HTTP 413). Limits and who uses which:
// README.md of this folder.
import { BufferedRequest } from './in-process-bodies.ts'

const KiB = 1024
const MiB = 1024 * KiB

/** The largest body each API reads, in bytes. */
export const BODY_LIMITS = {
  /** A function's body unless its module declares MAX_REQUEST_BODY_BYTES (functions/README.md). */
  functions: MiB,
  /** `/rest/v1`: a sync push batch is split to stay under it (sync/push.ts). */
  rest: MiB,
  /** `/auth/v1`: credentials and user metadata. */
  auth: 64 * KiB,
  /** `/storage/v1` JSON routes (list, remove, sign, copy, move, buckets); uploads are limited by their bucket. */
  storageJson: 256 * KiB,
  /** `/__local/outbox/messages`: one message's words. */
  localTools: 64 * KiB,
} as const

export const PAYLOAD_TOO_LARGE = 'payload_too_large'

export class PayloadTooLarge extends Error {
  readonly code = PAYLOAD_TOO_LARGE
  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes`)
  }
}

/** The Content-Length the request declares, when it is a valid one. */
export function declaredLength(headers: Headers): number | undefined {
  const value = headers.get('content-length')
  if (value === null || !/^\s*\d+\s*$/.test(value)) return undefined
  return Number(value)
}

/** Throws PayloadTooLarge when the declared length alone is over the limit: nothing is read. */
export function refuseDeclaredOver(req: Request, limit: number): void {
  const length = req instanceof BufferedRequest ? req.byteLength : declaredLength(req.headers)
  if (length !== undefined && length > limit) throw new PayloadTooLarge(limit)
}

/**
 * The whole body, read into memory only while it stays within `limit`
 * bytes; otherwise PayloadTooLarge, with no more read than the chunk that
 * passed the limit. An in-process body (BufferedRequest) is already in
 * memory and is only measured.
 */
export async function readBodyWithin(req: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  refuseDeclaredOver(req, limit)
  if (req instanceof BufferedRequest) return new Uint8Array(await req.arrayBuffer())
  if (declaredLength(req.headers) !== undefined) return checked(new Uint8Array(await req.arrayBuffer()), limit)
  return readCounting(req, limit)
}

/**
 * A declared length within the limit is all the body there is: Node's HTTP
 * parser hands a handler exactly that many bytes. Such a body is read with
 * the request's own reader (the Node adapter's skips web streams, which cost
 * more than a data API call's own work), and its size is checked after, for
 * a Request made in-process, whose header nothing enforces.
 */
function checked<T extends { length: number }>(body: T, limit: number): T {
  if (body.length > limit) throw new PayloadTooLarge(limit)
  return body
}

/** A body of unknown length, counted chunk by chunk as it is read. */
async function readCounting(req: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const body = req.body
  if (!body) return new Uint8Array(0)
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      total += value.byteLength
      if (total > limit) throw new PayloadTooLarge(limit)
      chunks.push(value)
    }
  } finally {
    // Released, not cancelled: on a request from the network, cancelling the
    // body can destroy the socket the refusal is to be sent on. What is left
    // unread stays in the socket; the Node adapter drops it (bounded) once
    // the answer is out and then closes the connection.
    reader.releaseLock()
  }
  if (chunks.length === 1 && chunks[0]!.byteOffset === 0 && chunks[0]!.byteLength === chunks[0]!.buffer.byteLength) {
    return chunks[0] as Uint8Array<ArrayBuffer>
  }
  const out = new Uint8Array(total)
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.byteLength
  }
  return out
}

const decoder = new TextDecoder()

/** readBodyWithin, as UTF-8 text. */
export async function readTextWithin(req: Request, limit: number): Promise<string> {
  refuseDeclaredOver(req, limit)
  if (req instanceof BufferedRequest) return req.text()
  // A text of n UTF-16 units holds at least n bytes: over the limit in units is over it in bytes.
  if (declaredLength(req.headers) !== undefined) return checked(await req.text(), limit)
  return decoder.decode(await readCounting(req, limit))
}
