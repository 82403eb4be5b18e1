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

export type BufferedRequestInit = Omit<RequestInit, 'body'> & { body?: string | Bytes | null }

export class BufferedRequest extends Request {
  readonly #bytes: Bytes | null
  #stream: ReadableStream<Bytes> | null = null
  #used = false

  constructor(input: string | URL, init: BufferedRequestInit = {}) {
    const { body, ...rest } = init
    super(input, rest)
    if (body != null && (this.method === 'GET' || this.method === 'HEAD')) throw new TypeError('Request with GET/HEAD method cannot have body.')
    this.#bytes = body == null ? null : typeof body === 'string' ? encoder.encode(body) : body
  }

  override get body(): ReadableStream<Bytes> | null {
    if (this.#bytes === null) return null
    this.#stream ??= new Blob([this.#bytes]).stream() as ReadableStream<Bytes>
    return this.#stream
  }

  /** The body's size, known without reading it: what a receiver's body limit is checked against (../body-limit.ts). */
  get byteLength(): number {
    return this.#bytes?.byteLength ?? 0
  }

  override get bodyUsed(): boolean {
    return this.#used || (this.#stream?.locked ?? false)
  }

  /** The body, once, as Request's readers give it. */
  async #take(): Promise<Bytes> {
    if (this.bodyUsed) throw new TypeError('Body is unusable: it has already been read')
    this.#used = true
    if (this.#stream) return new Uint8Array(await new Response(this.#stream).arrayBuffer())
    return this.#bytes ?? new Uint8Array(0)
  }

  override async text(): Promise<string> {
    return decoder.decode(await this.#take())
  }

  override async json(): Promise<unknown> {
    return JSON.parse(await this.text())
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.#take()
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
  }

  override async blob(): Promise<Blob> {
    return new Blob([await this.#take()], { type: this.headers.get('content-type') ?? '' })
  }

  override async formData(): Promise<FormData> {
    return new Response(await this.#take(), { headers: this.headers }).formData()
  }

  override clone(): BufferedRequest {
    if (this.bodyUsed) throw new TypeError('Body is unusable: it has already been read')
    return new BufferedRequest(this.url, {
      method: this.method,
      headers: this.headers,
      signal: this.signal,
      body: this.#bytes,
    })
  }
}

/** A Response whose body is a string in memory. */
export class BufferedResponse extends Response {
  readonly #text: string | null
  #stream: ReadableStream<Bytes> | null = null
  #used = false

  constructor(text: string | null, init: ResponseInit) {
    super(null, init)
    this.#text = text
  }

  override get body(): ReadableStream<Bytes> | null {
    if (this.#text === null) return null
    this.#stream ??= new Blob([this.#text]).stream() as ReadableStream<Bytes>
    return this.#stream
  }

  override get bodyUsed(): boolean {
    return this.#used || (this.#stream?.locked ?? false)
  }

  override async text(): Promise<string> {
    if (this.bodyUsed) throw new TypeError('Body is unusable: it has already been read')
    this.#used = true
    if (this.#stream) return new Response(this.#stream).text()
    return this.#text ?? ''
  }

  override async json(): Promise<unknown> {
    return JSON.parse(await this.text())
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    return encoder.encode(await this.text()).buffer as ArrayBuffer
  }

  override async blob(): Promise<Blob> {
    return new Blob([await this.text()], { type: this.headers.get('content-type') ?? '' })
  }

  override clone(): BufferedResponse {
    if (this.bodyUsed) throw new TypeError('Body is unusable: it has already been read')
    return new BufferedResponse(this.#text, { status: this.status, statusText: this.statusText, headers: this.headers })
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
