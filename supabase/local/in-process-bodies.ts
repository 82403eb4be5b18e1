// Bodies held in memory for requests that never leave the stack's process:
// the runner handing a request to a function (functions/index.ts), and a
// function's supabase-js call handed to the stack's own data API
// (functions/deno-shim.ts). undici wraps every body in a web stream that the
// receiver then drains; for the small JSON bodies these carry, making and
// reading those streams cost the stack more than the work they carried (a
// fifth of its time on a widget message). Reading one of these (text, json,
// arrayBuffer, blob, formData) answers from memory; `body` is a stream of it,
// made on first use, for code that reads streams.

import { STATUS_CODES } from 'node:http'

const encoder = new TextEncoder()
const decoder = new TextDecoder()

type Bytes = Uint8Array<ArrayBuffer>

/**
 * A body as it was given (text stays text, bytes stay bytes), read once.
 * Request and Response below hand every reader to it.
 */
class HeldBody {
  #stream: ReadableStream<Bytes> | null = null
  #used = false

  constructor(readonly content: string | Bytes | null) {}

  get stream(): ReadableStream<Bytes> | null {
    if (this.content === null) return null
    this.#stream ??= new Blob([this.content]).stream() as ReadableStream<Bytes>
    return this.#stream
  }

  get used(): boolean {
    return this.#used || (this.#stream?.locked ?? false)
  }

  async #take(): Promise<string | Bytes> {
    if (this.used) throw new TypeError('Body is unusable: it has already been read')
    this.#used = true
    if (this.#stream) return new Uint8Array(await new Response(this.#stream).arrayBuffer())
    return this.content ?? ''
  }

  async text(): Promise<string> {
    const content = await this.#take()
    return typeof content === 'string' ? content : decoder.decode(content)
  }

  async bytes(): Promise<Bytes> {
    const content = await this.#take()
    return typeof content === 'string' ? encoder.encode(content) : content
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.bytes()
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
  }

  async blob(headers: Headers): Promise<Blob> {
    return new Blob([await this.bytes()], { type: headers.get('content-type') ?? '' })
  }

  async formData(headers: Headers): Promise<FormData> {
    return new Response(await this.bytes(), { headers }).formData()
  }

  /** The same content for a clone, which is refused once this one is read. */
  copy(): HeldBody {
    if (this.used) throw new TypeError('Body is unusable: it has already been read')
    return new HeldBody(this.content)
  }
}

export type BufferedRequestInit = Omit<RequestInit, 'body'> & { body?: string | Bytes | null }

export class BufferedRequest extends Request {
  readonly #held: HeldBody

  constructor(input: string | URL, init: BufferedRequestInit = {}) {
    const { body, ...rest } = init
    super(input, rest)
    if (body != null && (this.method === 'GET' || this.method === 'HEAD')) throw new TypeError('Request with GET/HEAD method cannot have body.')
    this.#held = new HeldBody(body ?? null)
  }

  override get body() {
    return this.#held.stream
  }
  override get bodyUsed() {
    return this.#held.used
  }
  override text() {
    return this.#held.text()
  }
  override async json(): Promise<unknown> {
    return JSON.parse(await this.#held.text())
  }
  override arrayBuffer() {
    return this.#held.arrayBuffer()
  }
  override blob() {
    return this.#held.blob(this.headers)
  }
  override formData() {
    return this.#held.formData(this.headers)
  }
  override clone(): BufferedRequest {
    const held = this.#held.copy()
    return new BufferedRequest(this.url, { method: this.method, headers: this.headers, signal: this.signal, body: held.content })
  }
}

/** A Response whose body is a string in memory. */
export class BufferedResponse extends Response {
  readonly #held: HeldBody

  constructor(text: string | null, init: ResponseInit) {
    super(null, init)
    this.#held = new HeldBody(text)
  }

  override get body() {
    return this.#held.stream
  }
  override get bodyUsed() {
    return this.#held.used
  }
  override text() {
    return this.#held.text()
  }
  override async json(): Promise<unknown> {
    return JSON.parse(await this.#held.text())
  }
  override arrayBuffer() {
    return this.#held.arrayBuffer()
  }
  override blob() {
    return this.#held.blob(this.headers)
  }
  override formData() {
    return this.#held.formData(this.headers)
  }
  override clone(): BufferedResponse {
    const held = this.#held.copy()
    return new BufferedResponse(held.content as string | null, { status: this.status, statusText: this.statusText, headers: this.headers })
  }
}

const bodyText = Symbol('bodyText')

/**
 * Marks a data API answer with the text of its body, so that an in-process
 * caller reads that text (inProcessAnswer) instead of the Response's stream.
 * Over the network nothing changes: the server writes the Response as before.
 */
export function withBodyText(res: Response, text: string | null): Response {
  ;(res as Response & { [bodyText]?: string | null })[bodyText] = text
  return res
}

/** The app's answer to an in-process request, as the caller reads it: from memory when withBodyText marked it. */
export function inProcessAnswer(res: Response): Response {
  const text = (res as Response & { [bodyText]?: string | null })[bodyText]
  if (text === undefined) return res
  // statusText is not read from res: on the Node server's lightweight Response that alone builds the stream.
  return new BufferedResponse(text, { status: res.status, statusText: STATUS_CODES[res.status] ?? '', headers: res.headers })
}
