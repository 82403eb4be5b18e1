// Bodies held in memory for requests that never leave the stack's process:
// the runner handing a request to a function (functions/index.ts), and a
// function's supabase-js call handed to the stack's own data API
// (functions/deno-shim.ts), which answers such a request (a BufferedRequest)
// with a BufferedResponse (answerTo). undici wraps every body in a web stream
// that the receiver then drains; for the small JSON bodies these carry,
// making and reading those streams cost the stack more than the work they
// carried (a fifth of its time on a widget message). Every body reader
// Request and Response have (text, json, arrayBuffer, bytes, blob, formData)
// answers from memory, as once-only as the platform's; `body` is a stream of
// it, made on first use, for code that reads streams. The base Request or
// Response is built with no body, so a reader left to it would answer an
// empty body: the test enumerates the platform's readers and fails on any not
// answered here.

import { Readable } from 'node:stream'

const encoder = new TextEncoder()
const decoder = new TextDecoder()

type Bytes = Uint8Array<ArrayBuffer>

/** Whether a stream has been read from or cancelled: what makes the platform's `bodyUsed` true. */
const isDisturbed = Readable.isDisturbed as unknown as (stream: ReadableStream) => boolean

const unusable = () => new TypeError('Body is unusable: Body has already been read')

/** A stream already read to its end, as `body` is on a Request or Response whose body a reader took. */
function spentStream(): ReadableStream<Bytes> {
  const stream = new ReadableStream<Bytes>({ start: (controller) => controller.close() })
  void stream.getReader().read()
  return stream
}

/** One body, held as given, with the once-only reading and `bodyUsed` of the platform's body. */
class HeldBody<Held extends string | Bytes> {
  readonly #held: Held | null
  #stream: ReadableStream<Bytes> | null = null
  #used = false

  constructor(held: Held | null) {
    this.#held = held
  }

  get stream(): ReadableStream<Bytes> | null {
    if (this.#held === null) return null
    this.#stream ??= this.#used ? spentStream() : (new Blob([this.#held]).stream() as ReadableStream<Bytes>)
    return this.#stream
  }

  get used(): boolean {
    return this.#used || (this.#stream !== null && isDisturbed(this.#stream))
  }

  /** Unusable also when only locked: a reader holds the stream without having read it yet. */
  get unusable(): boolean {
    return this.used || (this.#stream?.locked ?? false)
  }

  /** A body of its own for a clone of the `kind` holding it, so that reading one does not touch the other. */
  copy(kind: 'Request' | 'Response'): Held | null {
    if (this.unusable) throw new TypeError(`${kind}.clone: Body has already been consumed.`)
    return this.#held instanceof Uint8Array ? (this.#held.slice() as Held) : this.#held
  }

  /** The body, once; no body reads as empty as often as asked, as the platform's does. */
  async #take(): Promise<string | Bytes | null> {
    if (this.#held === null) return null
    if (this.unusable) throw unusable()
    this.#used = true
    // Handed out, the stream is the body: drained here, it reads as used to whoever holds it.
    if (this.#stream) return new Uint8Array(await new Response(this.#stream).arrayBuffer())
    return this.#held
  }

  async text(): Promise<string> {
    const held = await this.#take()
    return held === null ? '' : typeof held === 'string' ? held : decoder.decode(held)
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text())
  }

  /** A copy: the held bytes may be the caller's, and its reader may write to what it is given. */
  async bytes(): Promise<Bytes> {
    const held = await this.#take()
    return held === null ? new Uint8Array(0) : typeof held === 'string' ? encoder.encode(held) : held.slice()
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    return (await this.bytes()).buffer
  }

  // The platform parses these: the Blob's type is the normalised content type, and form data has two encodings.
  async blob(headers: Headers): Promise<Blob> {
    return new Response(await this.#bytesOrNull(), { headers }).blob()
  }

  async formData(headers: Headers): Promise<FormData> {
    return new Response(await this.#bytesOrNull(), { headers }).formData()
  }

  /** Bytes rather than a string, so that Response adds no content type of its own. */
  async #bytesOrNull(): Promise<Bytes | null> {
    const held = await this.#take()
    return held === null ? null : typeof held === 'string' ? encoder.encode(held) : held
  }
}

/** What a Request and a Response read their body with, all answered here from the held body. */
type BodyReaders = Pick<Body, 'body' | 'bodyUsed' | 'arrayBuffer' | 'blob' | 'bytes' | 'formData' | 'json' | 'text'>

/**
 * Puts the body readers on a class's prototype, over the body `held` finds in
 * an instance: one definition for both classes, each of which adds only how
 * it holds its body and how it clones.
 */
function readFromHeldBody<Instance extends Request | Response>(
  target: { prototype: Instance },
  held: (self: Instance) => HeldBody<string | Bytes>,
): void {
  const readers: BodyReaders & ThisType<Instance> = {
    get body() {
      return held(this).stream
    },
    get bodyUsed() {
      return held(this).used
    },
    text() {
      return held(this).text()
    },
    json() {
      return held(this).json()
    },
    arrayBuffer() {
      return held(this).arrayBuffer()
    },
    bytes() {
      return held(this).bytes()
    },
    blob() {
      return held(this).blob(this.headers)
    },
    formData() {
      return held(this).formData(this.headers)
    },
  }
  Object.defineProperties(target.prototype, Object.getOwnPropertyDescriptors(readers))
}

export type BufferedRequestInit = Omit<RequestInit, 'body'> & { body?: string | Bytes | null }

export class BufferedRequest extends Request {
  readonly #body: HeldBody<Bytes>
  readonly #byteLength: number

  static {
    readFromHeldBody(this, (request) => request.#body)
  }

  constructor(input: string | URL, init: BufferedRequestInit = {}) {
    const { body, ...rest } = init
    super(input, rest)
    if (body != null && (this.method === 'GET' || this.method === 'HEAD')) throw new TypeError('Request with GET/HEAD method cannot have body.')
    const bytes = body == null ? null : typeof body === 'string' ? encoder.encode(body) : body
    this.#body = new HeldBody(bytes)
    this.#byteLength = bytes?.byteLength ?? 0
  }

  /** The body's size, known without reading it: what a receiver's body limit is checked against (../body-limit.ts). */
  get byteLength(): number {
    return this.#byteLength
  }

  override clone(): BufferedRequest {
    return new BufferedRequest(this.url, {
      method: this.method,
      headers: this.headers,
      signal: this.signal,
      referrer: this.referrer,
      referrerPolicy: this.referrerPolicy,
      mode: this.mode,
      credentials: this.credentials,
      cache: this.cache,
      redirect: this.redirect,
      integrity: this.integrity,
      keepalive: this.keepalive,
      body: this.#body.copy('Request'),
    })
  }
}

/** A Response whose body is a string in memory. */
export class BufferedResponse extends Response {
  readonly #body: HeldBody<string>

  static {
    readFromHeldBody(this, (response) => response.#body)
  }

  constructor(text: string | null, init: ResponseInit) {
    super(null, init)
    this.#body = new HeldBody(text)
  }

  override clone(): BufferedResponse {
    return new BufferedResponse(this.#body.copy('Response'), { status: this.status, statusText: this.statusText, headers: this.headers })
  }
}

/**
 * The data API's answer to `req`: held in memory for a caller in the same
 * process (a BufferedRequest, which reads it without a web stream), a plain
 * Response, which the server writes as it is, for one over the network.
 */
export function answerTo(req: Request, text: string | null, init: ResponseInit): Response {
  return req instanceof BufferedRequest ? new BufferedResponse(text, init) : new Response(text, init)
}
