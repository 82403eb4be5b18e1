// `/object/…`: what storage-js's StorageFileApi calls. Routes named by
// storage itself (list, sign, move, copy, public, authenticated, info, upload)
// are registered before the generic `/object/{bucket}/{key}` ones, so they
// shadow buckets of those names exactly as they do in supabase/storage.
import { randomUUID } from 'node:crypto'
import type { Context, Hono } from 'hono'
import { asStack, resolveCaller, withCaller, type Caller } from './access.ts'
import { ERRORS, badRequest } from './errors.ts'
import { jsonBody, optionalInteger, requiredString } from './request-body.ts'
import { mustBeValidKey } from './keys.ts'
import {
  deleteObjects,
  findObject,
  findObjectNames,
  listObjects,
  moveObject,
  type ListOptions,
  type ObjectRow,
  type ObjectWrite,
} from './objects-sql.ts'
import { jsonResponse, objectInfo, renderObject } from './render.ts'
import { expiresInOf, signDownload, signUpload, verifyObjectToken } from './signed-urls.ts'
import { bucketOrThrow, canUpload, commitObject, mustFitBucket, storeUpload, type StorageDeps } from './uploads.ts'

// storage's default lifetime of a signed upload URL (2 hours).
const UPLOAD_URL_EXPIRES_IN = 7200

const SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const
/** storage's MAX_OBJECTS_PER_REQUEST: one bulk delete names at most this many objects. */
const MAX_OBJECTS_PER_DELETE = 1000

export function objectRoutes(app: Hono, deps: StorageDeps): void {
  const { db, config, files } = deps
  const callerOf = (c: Context, mode: 'required' | 'optional') => resolveCaller(config, c.req.raw.headers, mode)
  const target = (c: Context) => ({ bucket: c.req.param('bucket')!, name: c.req.param('key')! })

  // ---- listing, signing, moving, copying --------------------------------------

  app.post('/object/list/:bucket', async (c) => {
    const caller = await callerOf(c, 'required')
    const body = await jsonBody(c)
    const prefix = requiredString(body, 'prefix')
    const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown }
    const column = sortBy.column ?? 'name'
    if (!SORT_COLUMNS.includes(column as ListOptions['column'])) {
      throw badRequest('body/sortBy/column must be equal to one of the allowed values')
    }
    const order = sortBy.order ?? 'asc'
    if (order !== 'asc' && order !== 'desc') throw badRequest('body/sortBy/order must be equal to one of the allowed values')
    const search = body.search ?? ''
    if (typeof search !== 'string') throw badRequest('body/search must be string')
    const options: ListOptions = {
      prefix,
      limit: optionalInteger(body, 'limit', 1) ?? 100,
      offset: optionalInteger(body, 'offset', 0) ?? 0,
      search,
      column: column as ListOptions['column'],
      order,
    }
    const bucket = c.req.param('bucket')
    return jsonResponse(await withCaller(db, caller, (tx) => listObjects(tx, bucket, options)))
  })

  app.post('/object/sign/:bucket/:key{.+}', async (c) => {
    const caller = await callerOf(c, 'required')
    const { bucket, name } = target(c)
    const expiresIn = expiresInOf((await jsonBody(c)).expiresIn)
    mustBeValidKey(name)
    const obj = await withCaller(db, caller, (tx) => findObject(tx, bucket, name))
    if (!obj) throw ERRORS.noSuchKey()
    const url = `${bucket}/${name}`
    return jsonResponse({ signedURL: `/object/sign/${url}?token=${await signDownload(config, url, expiresIn)}` })
  })

  app.post('/object/sign/:bucket', async (c) => {
    const caller = await callerOf(c, 'required')
    const bucket = c.req.param('bucket')
    const body = await jsonBody(c)
    const expiresIn = expiresInOf(body.expiresIn)
    const paths = body.paths
    if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string')) {
      throw badRequest("body must have required property 'paths'")
    }
    const found = await withCaller(db, caller, (tx) => findObjectNames(tx, bucket, paths))
    const signed = await Promise.all(
      paths.map(async (path) =>
        found.has(path)
          ? { error: null, path, signedURL: `/object/sign/${bucket}/${path}?token=${await signDownload(config, `${bucket}/${path}`, expiresIn)}` }
          : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
      ),
    )
    return jsonResponse(signed)
  })

  app.get('/object/sign/:bucket/:key{.+}', async (c) => {
    const { bucket, name } = target(c)
    const claims = await verifyObjectToken(config, c.req.query('token'), `${bucket}/${name}`, 'download')
    const obj = await asStack(() => findObject(db, bucket, name))
    if (!obj) throw ERRORS.noSuchKey()
    const expires = typeof claims.exp === 'number' ? new Date(claims.exp * 1000).toUTCString() : undefined
    return renderObject(c.req.raw, files, obj, { expires, download: c.req.query('download') })
  })

  app.post('/object/upload/sign/:bucket/:key{.+}', async (c) => {
    const caller = await callerOf(c, 'required')
    const { bucket, name } = target(c)
    await bucketOrThrow(deps, bucket)
    mustBeValidKey(name)
    const upsert = c.req.header('x-upsert') === 'true'
    await canUpload(deps, caller, { bucket, name, upsert }, null, undefined)
    const url = `${bucket}/${name}`
    const token = await signUpload(config, url, UPLOAD_URL_EXPIRES_IN, caller.owner, upsert)
    return jsonResponse({ url: `/object/upload/sign/${url}?token=${token}`, token })
  })

  app.put('/object/upload/sign/:bucket/:key{.+}', async (c) => {
    const { bucket, name } = target(c)
    const claims = await verifyObjectToken(config, c.req.query('token'), `${bucket}/${name}`, 'upload')
    // The token stands for the caller who signed it; the write runs as the stack.
    const signer: Caller = { auth: null, authenticated: true, owner: typeof claims.owner === 'string' ? claims.owner : undefined }
    const { id } = await storeUpload(deps, c.req.raw, signer, { bucket, name, upsert: claims.upsert === true })
    return jsonResponse({ Id: id, Key: `${bucket}/${name}` })
  })

  /** What a move or a copy names: the object and where it goes (its own bucket unless another is given). */
  const transferOf = async (c: Context) => {
    const caller = await callerOf(c, 'required')
    const body = await jsonBody(c)
    const bucketId = requiredString(body, 'bucketId')
    const sourceKey = mustBeValidKey(requiredString(body, 'sourceKey'))
    const destinationKey = mustBeValidKey(requiredString(body, 'destinationKey'))
    const destinationBucket = typeof body.destinationBucket === 'string' && body.destinationBucket ? body.destinationBucket : bucketId
    return { caller, body, bucketId, sourceKey, destinationKey, destinationBucket }
  }

  app.post('/object/move', async (c) => {
    const { caller, bucketId, sourceKey, destinationKey, destinationBucket } = await transferOf(c)
    const bucket = await bucketOrThrow(deps, destinationBucket)

    if (bucketId === destinationBucket && sourceKey === destinationKey) {
      const obj = await withCaller(db, caller, (tx) => findObject(tx, bucketId, sourceKey))
      if (!obj) throw ERRORS.noSuchKey()
      return jsonResponse({ message: 'Successfully moved', Id: obj.id, Key: destinationKey })
    }
    const source = await asStack(() => findObject(db, bucketId, sourceKey))
    if (!source) throw ERRORS.noSuchKey()
    const stored = { bucket: bucketId, name: sourceKey, version: source.version }
    const size = await files.size(stored)
    const temp = size === null ? null : await files.copyToTemp(stored)
    if (size === null || !temp) throw ERRORS.noSuchKey()
    const version = randomUUID()
    let placed: string | undefined
    let moved: Awaited<ReturnType<typeof moveObject>>
    try {
      moved = await withCaller(db, caller, async (tx) => {
        const row = await moveObject(
          tx,
          { bucket: bucketId, name: sourceKey },
          { bucket: destinationBucket, name: destinationKey, owner: caller.owner, version },
        )
        if (!row) throw ERRORS.noSuchKey()
        // Checked once the caller proved it may move the object, so a refusal
        // tells a stranger nothing about it; throwing rolls the move back.
        mustFitBucket(deps, bucket, destinationKey, { mimeType: mimeTypeOf(source.metadata), size })
        placed = await files.place(temp, destinationBucket, destinationKey, version)
        return row
      })
    } catch (e) {
      await files.discard(placed ?? temp)
      throw e
    }
    await files.remove([{ bucket: bucketId, name: sourceKey, version: moved!.version }])
    return jsonResponse({ message: 'Successfully moved', Id: moved!.id, Key: destinationKey })
  })

  app.post('/object/copy', async (c) => {
    const { caller, body, bucketId, sourceKey, destinationKey, destinationBucket } = await transferOf(c)
    const upsert = c.req.header('x-upsert') === 'true'
    const copyMetadata = body.copyMetadata !== false
    const overrides = (body.metadata && typeof body.metadata === 'object' ? body.metadata : {}) as Record<string, unknown>

    for (const field of ['cacheControl', 'mimetype']) {
      if (overrides[field] !== undefined && typeof overrides[field] !== 'string') throw badRequest(`body/metadata/${field} must be string`)
    }

    const source = await withCaller(db, caller, (tx) => findObject(tx, bucketId, sourceKey))
    if (!source) throw ERRORS.noSuchKey()
    const bucket = await bucketOrThrow(deps, destinationBucket)
    const metadata = {
      ...(source.metadata ?? {}),
      ...(copyMetadata ? {} : pick(overrides, ['cacheControl', 'mimetype'])),
      lastModified: new Date().toISOString(),
    }
    const stored = { bucket: bucketId, name: sourceKey, version: source.version }
    const size = await files.size(stored)
    if (size === null) throw ERRORS.noSuchKey()
    // The copy's type is the one it will be served with, new metadata included.
    mustFitBucket(deps, bucket, destinationKey, { mimeType: mimeTypeOf(metadata), size })
    const userMetadata = copyMetadata ? (source.user_metadata ?? undefined) : parseUserMetadataHeader(c.req.header('x-metadata'))
    const target = { bucket: destinationBucket, name: destinationKey, upsert }
    await canUpload(deps, caller, target, source.metadata, userMetadata)

    const temp = await files.copyToTemp(stored)
    if (!temp) throw ERRORS.noSuchKey()
    const write: ObjectWrite = {
      id: randomUUID(),
      bucket: destinationBucket,
      name: destinationKey,
      owner: caller.owner,
      version: randomUUID(),
      metadata,
      userMetadata,
    }
    let id: string
    try {
      id = (await commitObject(deps, caller, write, temp, upsert)).id
    } catch (e) {
      await files.discard(temp)
      throw e
    }
    return jsonResponse({
      Id: id,
      Key: `${destinationBucket}/${destinationKey}`,
      id,
      bucket_id: destinationBucket,
      name: destinationKey,
      owner: caller.owner ?? null,
      version: write.version,
      metadata,
      user_metadata: userMetadata ?? null,
    })
  })

  // ---- reading ---------------------------------------------------------------------

  app.get('/object/public/:bucket/:key{.+}', async (c) => {
    const { bucket, name } = target(c)
    const obj = await publicObject(bucket, name)
    return renderObject(c.req.raw, files, obj, { download: c.req.query('download') })
  })

  app.get('/object/authenticated/:bucket/:key{.+}', async (c) => {
    const obj = await visibleObject(await callerOf(c, 'required'), target(c))
    return renderObject(c.req.raw, files, obj, { download: c.req.query('download') })
  })

  app.get('/object/info/public/:bucket/:key{.+}', async (c) => {
    const { bucket, name } = target(c)
    return infoResponse(await publicObject(bucket, name))
  })

  app.get('/object/info/authenticated/:bucket/:key{.+}', async (c) =>
    infoResponse(await visibleObject(await callerOf(c, 'required'), target(c))),
  )

  app.get('/object/info/:bucket/:key{.+}', async (c) => infoResponse(await visibleObject(await callerOf(c, 'optional'), target(c))))

  // A missing or bad token reads as anon here, which still sees public buckets.
  app.get('/object/:bucket/:key{.+}', async (c) => {
    const obj = await visibleObject(await callerOf(c, 'optional'), target(c))
    return renderObject(c.req.raw, files, obj, { download: c.req.query('download') })
  })

  // ---- writing -----------------------------------------------------------------------

  app.post('/object/:bucket/:key{.+}', async (c) => {
    const caller = await callerOf(c, 'required')
    const { bucket, name } = target(c)
    const { id } = await storeUpload(deps, c.req.raw, caller, { bucket, name, upsert: c.req.header('x-upsert') === 'true' })
    return jsonResponse({ Id: id, Key: `${bucket}/${name}` })
  })

  // storage's update is an upsert: it creates the object when it is missing.
  app.put('/object/:bucket/:key{.+}', async (c) => {
    const caller = await callerOf(c, 'required')
    const { bucket, name } = target(c)
    const { id } = await storeUpload(deps, c.req.raw, caller, { bucket, name, upsert: true })
    return jsonResponse({ Id: id, Key: `${bucket}/${name}` })
  })

  app.delete('/object/:bucket/:key{.+}', async (c) => {
    const caller = await callerOf(c, 'required')
    const { bucket, name } = target(c)
    mustBeValidKey(name)
    const deleted = await withCaller(db, caller, (tx) => deleteObjects(tx, bucket, [name]))
    if (deleted.length === 0) throw ERRORS.noSuchKey()
    await files.remove(deleted.map((d) => ({ bucket, name: d.name, version: d.version })))
    return jsonResponse({ message: 'Successfully deleted' })
  })

  app.delete('/object/:bucket', async (c) => {
    const caller = await callerOf(c, 'required')
    const bucket = c.req.param('bucket')
    const prefixes = (await jsonBody(c)).prefixes
    if (!Array.isArray(prefixes)) throw badRequest("body must have required property 'prefixes'")
    if (prefixes.length === 0) throw badRequest('body/prefixes must NOT have fewer than 1 items')
    if (!prefixes.every((p) => typeof p === 'string')) throw badRequest('body/prefixes/0 must be string')
    if (prefixes.length > MAX_OBJECTS_PER_DELETE) {
      throw ERRORS.invalidRequest(`Bulk object requests are limited to ${MAX_OBJECTS_PER_DELETE} objects per request.`)
    }
    const deleted = await withCaller(db, caller, (tx) => deleteObjects(tx, bucket, prefixes))
    // Only now that the rows are gone for good do their bytes go.
    await files.remove(deleted.map((d) => ({ bucket, name: d.name, version: d.version })))
    return jsonResponse(deleted.map((d) => d.json))
  })

  /** Public buckets only, read as the stack: RLS plays no part, as on hosted Supabase. */
  async function publicObject(bucketId: string, name: string): Promise<ObjectRow> {
    const bucket = await bucketOrThrow(deps, bucketId)
    if (!bucket.public) throw ERRORS.noSuchBucket()
    mustBeValidKey(name)
    const obj = await asStack(() => findObject(db, bucketId, name))
    if (!obj) throw ERRORS.noSuchKey()
    return obj
  }

  /** Objects of public buckets for anyone; of private buckets through the caller's RLS select. */
  async function visibleObject(caller: Caller, t: { bucket: string; name: string }): Promise<ObjectRow> {
    const bucket = await bucketOrThrow(deps, t.bucket)
    if (!caller.authenticated && !bucket.public) throw ERRORS.noSuchBucket()
    mustBeValidKey(t.name)
    const obj = bucket.public
      ? await asStack(() => findObject(db, t.bucket, t.name))
      : await withCaller(db, caller, (tx) => findObject(tx, t.bucket, t.name))
    if (!obj) throw ERRORS.noSuchKey()
    return obj
  }
}

function infoResponse(obj: ObjectRow): Response {
  const meta = obj.metadata ?? {}
  const headers: Record<string, string> = {}
  if (typeof meta.eTag === 'string') headers.etag = meta.eTag
  if (typeof meta.cacheControl === 'string') headers['cache-control'] = meta.cacheControl
  if (typeof meta.lastModified === 'string') headers['last-modified'] = new Date(meta.lastModified).toUTCString()
  return jsonResponse(objectInfo(obj), 200, headers)
}

function parseUserMetadataHeader(value: string | undefined): Record<string, unknown> | undefined {
  if (!value) return undefined
  try {
    const v: unknown = JSON.parse(Buffer.from(value, 'base64').toString('utf8'))
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

/** The type an object was stored with; one recorded without a type is served as bytes. */
function mimeTypeOf(metadata: Record<string, unknown> | null | undefined): string {
  return typeof metadata?.mimetype === 'string' && metadata.mimetype ? metadata.mimetype : 'application/octet-stream'
}

function pick(obj: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => obj[k] !== undefined).map((k) => [k, obj[k]]))
}
