// Serving a stored object the way supabase/storage's asset renderer does:
// the headers come from the metadata recorded at upload (type, ETag, size,
// Cache-Control, Last-Modified), with single byte ranges, conditional
// requests and `?download` as a Content-Disposition.
import { ERRORS } from './errors.ts'
import type { FileStore } from './file-store.ts'
import type { ObjectRow } from './objects-sql.ts'

export type RenderOptions = {
  /** Signed URLs answer with Expires (the token's expiry) instead of Cache-Control. */
  expires?: string
  download?: string
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  })
}

/** storage's answer when a row exists but its bytes do not. */
const missingBytes = () =>
  jsonResponse({ error: 'Not found', message: 'The resource was not found', statusCode: '404' }, 400, { 'cache-control': 'no-store' })

// An HTML upload is never served as HTML from the API's origin.
const servedType = (mimetype: string | undefined) => (mimetype?.includes('text/html') ? 'text/plain' : mimetype)

export async function renderObject(req: Request, files: FileStore, obj: ObjectRow, opts: RenderOptions = {}): Promise<Response> {
  const meta = obj.metadata ?? {}
  const eTag = typeof meta.eTag === 'string' ? meta.eTag : undefined
  const headers = new Headers({ 'accept-ranges': 'bytes' })
  const type = servedType(typeof meta.mimetype === 'string' ? meta.mimetype : undefined)
  if (type) headers.set('content-type', type)
  if (eTag) headers.set('etag', eTag)
  if (typeof meta.lastModified === 'string') headers.set('last-modified', new Date(meta.lastModified).toUTCString())
  if (opts.expires) headers.set('expires', opts.expires)
  else if (typeof meta.cacheControl === 'string') headers.set('cache-control', meta.cacheControl)
  setDownload(headers, opts.download)

  const stored = { bucket: obj.bucket_id, name: obj.name, version: obj.version }
  const size = await files.size(stored)
  if (size === null) return missingBytes()

  if (eTag && req.headers.get('if-none-match') === eTag) return new Response(null, { status: 304, headers })

  const range = parseRange(req.headers.get('range'), size)
  if (req.method === 'HEAD') {
    headers.set('content-length', String(size))
    return new Response(null, { status: 200, headers })
  }
  const opened = await files.open(stored, range ?? undefined)
  if (!opened) return missingBytes()
  if (range) {
    headers.set('content-range', `bytes ${range.start}-${range.end}/${size}`)
    headers.set('content-length', String(range.end - range.start + 1))
    return new Response(opened.body, { status: 206, headers })
  }
  headers.set('content-length', String(opened.size))
  return new Response(opened.body, { status: 200, headers })
}

/** The `info` renderer's JSON: what `storage.from(b).info(path)` reads. */
export function objectInfo(obj: ObjectRow): Record<string, unknown> {
  const meta = obj.metadata ?? {}
  return {
    id: obj.id,
    name: obj.name,
    version: obj.version,
    bucket_id: obj.bucket_id,
    size: meta.size ?? null,
    content_type: meta.mimetype ?? null,
    cache_control: meta.cacheControl ?? null,
    etag: meta.eTag ?? null,
    metadata: obj.user_metadata,
    last_modified: obj.updated_at,
    created_at: obj.created_at,
  }
}

function setDownload(headers: Headers, download: string | undefined) {
  if (download === undefined) return
  if (download === '') {
    headers.set('content-disposition', 'attachment;')
    return
  }
  const name = encodeURIComponent(download)
  headers.set('content-disposition', `attachment; filename=${name}; filename*=UTF-8''${name};`)
}

/** One `bytes=` range; several ranges are served whole, as many servers do. */
function parseRange(value: string | null, size: number): { start: number; end: number } | null {
  if (!value) return null
  const m = /^bytes=(\d*)-(\d*)$/.exec(value.trim())
  if (!m) {
    if (/^bytes=.+,/.test(value)) return null
    throw ERRORS.invalidRange()
  }
  const [, from, to] = m
  let start: number
  let end: number
  if (from === '' && to === '') throw ERRORS.invalidRange()
  if (from === '') {
    const suffix = Number(to)
    start = Math.max(0, size - suffix)
    end = size - 1
  } else {
    start = Number(from)
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1)
  }
  if (start > end || start >= size) throw ERRORS.invalidRange()
  return { start, end }
}
