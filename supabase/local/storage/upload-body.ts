// Reads an upload the two ways storage-js sends one: multipart/form-data
// (a Blob or File becomes a form with `cacheControl`, optional `metadata`,
// then the file part) or a raw body whose Content-Type is the object's type.
// The form is parsed as it streams, so the file part's type can be checked
// before its bytes are read, and the bytes go to disk without being held in
// memory; the size limit is enforced while they flow.
import { createHash } from 'node:crypto'
import { open, unlink } from 'node:fs/promises'
import { ERRORS, StorageHttpError, isPayloadTooLarge } from './errors.ts'

export type UploadSource = {
  /** The declared type: the file part's Content-Type (or a `contentType` field), or the request's. */
  mimeType: string
  cacheControl: string
  userMetadata: Record<string, unknown> | undefined
  /** Content-Length of a raw body, when the client sent one. */
  declaredLength: number | undefined
  chunks(): AsyncIterable<Uint8Array>
  /**
   * Reads and drops what is left of the request body. A refusal sent while
   * the client is still sending would otherwise reach it as a reset
   * connection instead of storage's error, once the unread body stalls.
   */
  discard(): Promise<void>
}

const CRLF = Buffer.from('\r\n')
const HEADER_END = Buffer.from('\r\n\r\n')
const MAX_HEADER_BYTES = 16 * 1024
const MAX_PREAMBLE_BYTES = 64 * 1024
// storage caps custom metadata at 1 MiB; the form's other fields together carry nothing larger.
const MAX_FIELD_BYTES = 1024 * 1024
const MAX_FIELDS = 10
// What a form may hold besides its file: the most the parser reads into memory.
const MAX_FORM_OVERHEAD = MAX_PREAMBLE_BYTES + MAX_FIELD_BYTES + (MAX_FIELDS + 2) * MAX_HEADER_BYTES

/**
 * The largest request body an upload of at most `maxSize` bytes may have:
 * the object itself as a raw body, or with a form's fields around it.
 */
export function uploadBodyLimit(req: Request, maxSize: number): number {
  return /^multipart\/form-data/i.test(req.headers.get('content-type') ?? '') ? maxSize + MAX_FORM_OVERHEAD : maxSize
}

export async function readUploadRequest(req: Request): Promise<UploadSource> {
  const contentType = req.headers.get('content-type') ?? ''
  if (/^multipart\/form-data/i.test(contentType)) return readMultipart(req, contentType)
  return readRaw(req, contentType)
}

function readRaw(req: Request, contentType: string): UploadSource {
  const length = Number(req.headers.get('content-length') ?? NaN)
  const body = req.body
  return {
    mimeType: contentType || 'application/octet-stream',
    cacheControl: req.headers.get('cache-control') ?? 'no-cache',
    userMetadata: parseBase64Json(req.headers.get('x-metadata')),
    declaredLength: Number.isFinite(length) && length >= 0 ? length : undefined,
    async *chunks() {
      if (!body) return
      const reader = body.getReader()
      try {
        for (;;) {
          const { value, done } = await reader.read()
          if (done) return
          if (value.byteLength) yield value
        }
      } finally {
        reader.releaseLock()
      }
    },
    discard: () => drainBody(body),
  }
}

async function readMultipart(req: Request, contentType: string): Promise<UploadSource> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)
  const marker = boundary?.[1] ?? boundary?.[2]
  if (!marker || !req.body) throw ERRORS.noContentProvided('Multipart: Boundary not found')
  const stream = new ByteStream(req.body.getReader())
  const delimiter = Buffer.from(`\r\n--${marker}`)
  const fields = new Map<string, string>()
  let fieldBytes = 0
  try {
    // The first delimiter may open the body without a CRLF before it.
    stream.unshift(CRLF)
    await stream.readUntil(delimiter, MAX_PREAMBLE_BYTES)
    for (let part = 0; ; part++) {
      // `--` after a delimiter closes the form: it held no file.
      if ((await stream.peek(2)).toString('latin1') === '--' || part > MAX_FIELDS) throw ERRORS.noContentProvided()
      // What follows the delimiter up to its CRLF is transport padding.
      const head = (await stream.readUntil(HEADER_END, MAX_HEADER_BYTES)).toString('utf8').split('\r\n').slice(1)
      const headers = new Map<string, string>()
      for (const line of head) {
        const colon = line.indexOf(':')
        if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
      }
      const disposition = parseDisposition(headers.get('content-disposition') ?? '')
      if (disposition.filename !== undefined) {
        const cacheTime = fields.get('cacheControl')
        const metadata = fields.get('metadata') ?? fields.get('userMetadata')
        return {
          mimeType: fields.get('contentType') || mimeEssence(headers.get('content-type')) || 'text/plain',
          cacheControl: cacheTime ? `max-age=${cacheTime}` : 'no-cache',
          userMetadata: parseJsonObject(metadata),
          declaredLength: undefined,
          chunks: () => stream.until(delimiter),
          discard: () => stream.drain(),
        }
      }
      const value = await stream.readUntil(delimiter, MAX_FIELD_BYTES - fieldBytes)
      fieldBytes += value.length
      if (disposition.name !== undefined) fields.set(disposition.name, value.toString('utf8'))
    }
  } catch (e) {
    if (!isPayloadTooLarge(e)) await stream.drain()
    if (e instanceof StorageHttpError) throw e
    throw ERRORS.noContentProvided((e as Error).message)
  }
}

/**
 * Streams an upload into `file` (created fresh), refusing more than
 * `maxSize` bytes. Returns the size and the MD5 that S3 would report as the
 * ETag of a single-part upload.
 */
export async function writeUpload(source: UploadSource, file: string, maxSize: number): Promise<{ size: number; md5: string }> {
  const hash = createHash('md5')
  let size = 0
  const handle = await open(file, 'wx')
  try {
    for await (const chunk of source.chunks()) {
      size += chunk.byteLength
      if (size > maxSize) throw ERRORS.payloadTooLarge()
      hash.update(chunk)
      await handle.write(chunk)
    }
    await handle.close()
  } catch (e) {
    await handle.close().catch(() => undefined)
    await unlink(file).catch(() => undefined)
    if (e instanceof StorageHttpError) throw e
    throw ERRORS.noContentProvided((e as Error).message)
  }
  return { size, md5: hash.digest('hex') }
}

/** `type/subtype` of a Content-Type, lower-cased and without parameters. */
export function mimeEssence(value: string | null | undefined): string {
  return (value ?? '').split(';')[0]!.trim().toLowerCase()
}

/**
 * storage's rule: the declared type must equal an allowed `type/subtype` or
 * fall under an allowed `type/*`. Parameters (`; charset=…`) are ignored.
 */
export function mimeTypeAllowed(mimeType: string, allowed: readonly string[]): boolean {
  const [type, subtype] = mimeEssence(mimeType).split('/')
  if (!type || !subtype) return false
  return allowed.some((a) => {
    const [allowedType, allowedSubtype] = mimeEssence(a).split('/')
    return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype)
  })
}

function parseDisposition(value: string): { name?: string; filename?: string } {
  const out: { name?: string; filename?: string } = {}
  const re = /;\s*([^=;\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g
  for (let m = re.exec(value); m; m = re.exec(value)) {
    const key = m[1]!.toLowerCase()
    const raw = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? '').trim()
    if (key === 'name') out.name = raw
    else if (key === 'filename' && out.filename === undefined) out.filename = raw
    else if (key === 'filename*') out.filename = decodeExtValue(raw)
  }
  return out
}

function decodeExtValue(value: string): string {
  const m = /^[^']*'[^']*'(.*)$/.exec(value)
  try {
    return decodeURIComponent(m ? m[1]! : value)
  } catch {
    return value
  }
}

function parseJsonObject(text: string | undefined): Record<string, unknown> | undefined {
  if (typeof text !== 'string') return undefined
  if (Buffer.byteLength(text) > MAX_FIELD_BYTES) throw ERRORS.entityTooLarge()
  try {
    const v: unknown = JSON.parse(text)
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

function parseBase64Json(value: string | null): Record<string, unknown> | undefined {
  if (!value) return undefined
  return parseJsonObject(Buffer.from(value, 'base64').toString('utf8'))
}

// Past this much, or this long, a refused body is dropped with its connection.
const MAX_DRAIN_BYTES = 64 * 1024 * 1024
const MAX_DRAIN_MS = 10_000

/** Reads and drops a request body nobody has started reading. */
export async function drainBody(body: ReadableStream<Uint8Array> | null): Promise<void> {
  if (!body || body.locked) return
  await drainReader(body.getReader())
}

async function drainReader(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  const deadline = Date.now() + MAX_DRAIN_MS
  let bytes = 0
  try {
    while (bytes <= MAX_DRAIN_BYTES && Date.now() < deadline) {
      const { value, done } = await reader.read()
      if (done) return
      bytes += value.byteLength
    }
    await reader.cancel()
  } catch {
    // the client went away; nothing left to read
  }
}

/** Pull-based reading of a byte stream with look-ahead, enough for a multipart parser. */
class ByteStream {
  private buf: Buffer = Buffer.alloc(0)
  private ended = false

  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {}

  unshift(bytes: Buffer) {
    this.buf = Buffer.concat([bytes, this.buf])
  }

  async peek(n: number): Promise<Buffer> {
    while (this.buf.length < n) if (!(await this.pull())) throw new Error('Unexpected end of form')
    return this.buf.subarray(0, n)
  }

  /** The bytes before `delimiter`, which is consumed too; fails past `max` bytes. */
  async readUntil(delimiter: Buffer, max: number): Promise<Buffer> {
    let from = 0
    for (;;) {
      const i = this.buf.indexOf(delimiter, from)
      if (i >= 0) {
        const out = this.buf.subarray(0, i)
        this.buf = this.buf.subarray(i + delimiter.length)
        return out
      }
      if (this.buf.length > max + delimiter.length) throw ERRORS.payloadTooLarge('A form field or header of the upload is too large')
      from = Math.max(0, this.buf.length - delimiter.length + 1)
      if (!(await this.pull())) throw new Error('Unexpected end of form')
    }
  }

  /** Yields the bytes before `delimiter` as they arrive, holding back only what could start it. */
  async *until(delimiter: Buffer): AsyncGenerator<Uint8Array> {
    for (;;) {
      const i = this.buf.indexOf(delimiter)
      if (i >= 0) {
        if (i > 0) yield this.buf.subarray(0, i)
        this.buf = this.buf.subarray(i + delimiter.length)
        return
      }
      const keep = delimiter.length - 1
      if (this.buf.length > keep) {
        const out = this.buf.subarray(0, this.buf.length - keep)
        this.buf = this.buf.subarray(this.buf.length - keep)
        yield out
      }
      if (!(await this.pull())) throw new Error('Unexpected end of form')
    }
  }

  async drain(): Promise<void> {
    this.buf = Buffer.alloc(0)
    if (this.ended) return
    this.ended = true
    await drainReader(this.reader)
  }

  private async pull(): Promise<boolean> {
    if (this.ended) return false
    const { value, done } = await this.reader.read()
    if (done) {
      this.ended = true
      return false
    }
    const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk
    return true
  }
}
