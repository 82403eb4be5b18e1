// Serving a stored object the way supabase/storage's asset renderer does:
// the headers come from the metadata recorded at upload (type, ETag, size,
// Cache-Control, Last-Modified), with single byte ranges, conditional
// requests and `?download` as a Content-Disposition.
//
// Objects are served from the API's own origin, where a page could use the
// caller's credentials, so nothing uploaded may run there: every object
// goes out with `nosniff` and a CSP that sandboxes it and allows nothing,
// and any type that is not plainly passive (SVG, HTML, XML, scripts, or no
// type at all) is sent as an attachment under its own file name.
import { ERRORS } from './errors.ts'
import type { FileStore } from './file-store.ts'
import type { ObjectRow } from './objects-sql.ts'
import { mimeEssence } from './upload-body.ts'

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

/** Types a browser only displays: no script, no markup that can load or run anything. */
const PASSIVE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp', 'text/plain'])

/** Whether an object of this stored type may be shown in the browser rather than downloaded. */
export function servedInline(mimetype: string | undefined): boolean {
  const essence = mimeEssence(mimetype)
  return PASSIVE_TYPES.has(essence) || essence.startsWith('audio/') || essence.startsWith('video/')
}

export const OBJECT_CSP = "default-src 'none'; sandbox"

export async function renderObject(req: Request, files: FileStore, obj: ObjectRow, opts: RenderOptions = {}): Promise<Response> {
  const meta = obj.metadata ?? {}
  const eTag = typeof meta.eTag === 'string' ? meta.eTag : undefined
  const headers = new Headers({
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
    'content-security-policy': OBJECT_CSP,
  })
  const storedType = typeof meta.mimetype === 'string' ? meta.mimetype : undefined
  const type = servedType(storedType)
  if (type) headers.set('content-type', type)
  if (eTag) headers.set('etag', eTag)
  if (typeof meta.lastModified === 'string') headers.set('last-modified', new Date(meta.lastModified).toUTCString())
  if (opts.expires) headers.set('expires', opts.expires)
  else if (typeof meta.cacheControl === 'string') headers.set('cache-control', meta.cacheControl)
  setDownload(headers, opts.download ?? (servedInline(storedType) ? undefined : obj.name.split('/').pop()))

  const version = { bucket: obj.bucket_id, name: obj.name, version: obj.version }
  const size = await files.size(version)
  if (size === null) return missingBytes()

  if (eTag && req.headers.get('if-none-match') === eTag) return new Response(null, { status: 304, headers })

  const range = parseRange(req.headers.get('range'), size)
  if (req.method === 'HEAD') {
    headers.set('content-length', String(size))
    return new Response(null, { status: 200, headers })
  }
  const opened = await files.open(version, range ?? undefined)
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
