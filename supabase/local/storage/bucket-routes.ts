// `/bucket…`: what storage-js's StorageBucketApi calls. Every statement runs
// as the caller, so without a policy on storage.buckets only the service role
// sees or changes buckets — as on hosted Supabase.
import type { Context, Hono } from 'hono'
import { asStack, resolveCaller, withCaller } from './access.ts'
import { ERRORS, StorageHttpError, badRequest } from './errors.ts'
import { isValidBucketName } from './keys.ts'
import { deleteAllObjects, getBucket, listBuckets } from './objects-sql.ts'
import { jsonBody, requiredString } from './request-body.ts'
import { jsonResponse } from './render.ts'
import { bucketOrThrow, type StorageDeps } from './uploads.ts'
import { isUuid } from '../../../domain/ids.ts'

export function bucketRoutes(app: Hono, deps: StorageDeps): void {
  const { db, config, files } = deps
  const callerOf = (c: Context) => resolveCaller(config, c.req.raw.headers, 'required')

  app.get('/bucket', async (c) => {
    const caller = await callerOf(c)
    const q = c.req.query()
    const int = (v: string | undefined) => (v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined)
    const order = q.sortOrder === 'desc' ? 'desc' : 'asc'
    const rows = await withCaller(db, caller, (tx) =>
      listBuckets(tx, { limit: int(q.limit), offset: int(q.offset), column: q.sortColumn ?? 'name', order, search: q.search }),
    )
    return jsonResponse(rows)
  })

  app.get('/bucket/:id', async (c) => {
    const caller = await callerOf(c)
    const id = c.req.param('id')
    const bucket = await withCaller(db, caller, (tx) => getBucket(tx, id))
    if (!bucket) throw ERRORS.noSuchBucket()
    return jsonResponse(bucket)
  })

  app.post('/bucket', async (c) => {
    const caller = await callerOf(c)
    const body = await jsonBody(c)
    const name = requiredString(body, 'name')
    const id = typeof body.id === 'string' && body.id ? body.id : name
    if (!isValidBucketName(id) || !isValidBucketName(name)) throw ERRORS.invalidBucketName()
    const limit = fileSizeLimitOf(body.file_size_limit)
    const mimeTypes = mimeTypesOf(body.allowed_mime_types)
    try {
      await withCaller(db, caller, (tx) =>
        tx.query(
          `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
           values ($1, $2, $3::uuid, $4, $5, $6, $7::text[])`,
          [id, name, uuidOrNull(caller.owner), caller.owner ?? null, body.public === true, limit ?? null, mimeTypes ?? null],
        ),
      )
    } catch (e) {
      if (e instanceof StorageHttpError && e.code === 'ResourceAlreadyExists') throw ERRORS.bucketAlreadyExists(e)
      throw e
    }
    return jsonResponse({ name })
  })

  app.put('/bucket/:id', async (c) => {
    const caller = await callerOf(c)
    const id = c.req.param('id')
    const body = await jsonBody(c)
    const sets: string[] = []
    const params: unknown[] = [id]
    if (body.public !== undefined) {
      params.push(body.public === true)
      sets.push(`public = $${params.length}`)
    }
    if (body.file_size_limit !== undefined) {
      params.push(fileSizeLimitOf(body.file_size_limit) ?? null)
      sets.push(`file_size_limit = $${params.length}`)
    }
    if (body.allowed_mime_types !== undefined) {
      params.push(mimeTypesOf(body.allowed_mime_types) ?? null)
      sets.push(`allowed_mime_types = $${params.length}::text[]`)
    }
    sets.push('updated_at = now()')
    const { affectedRows } = await withCaller(db, caller, (tx) =>
      tx.query(`update storage.buckets set ${sets.join(', ')} where id = $1`, params),
    )
    if (affectedRows === 0) throw ERRORS.noSuchBucket()
    return jsonResponse({ message: 'Successfully updated' })
  })

  /** The caller and the bucket of `/bucket/:id`, which must exist. */
  const existingBucketOf = async (c: Context) => {
    const caller = await callerOf(c)
    const id = c.req.param('id')!
    await bucketOrThrow(deps, id)
    return { caller, id }
  }

  app.delete('/bucket/:id', async (c) => {
    const { caller, id } = await existingBucketOf(c)
    const { rows } = await asStack(() => db.query<{ n: number }>('select count(*)::int as n from storage.objects where bucket_id = $1', [id]))
    if ((rows[0]?.n ?? 0) > 0) throw ERRORS.bucketNotEmpty()
    const { affectedRows } = await withCaller(db, caller, (tx) => tx.query('delete from storage.buckets where id = $1', [id]))
    if (affectedRows === 0) throw ERRORS.noSuchBucket()
    return jsonResponse({ message: 'Successfully deleted' })
  })

  app.post('/bucket/:id/empty', async (c) => {
    const { caller, id } = await existingBucketOf(c)
    const removed = await withCaller(db, caller, (tx) => deleteAllObjects(tx, id))
    await files.remove(removed.map((r) => ({ bucket: id, name: r.name, version: r.version })))
    return jsonResponse({ message: 'Successfully emptied' })
  })
}

const uuidOrNull = (v: string | undefined) =>
  isUuid(v) ? v : null

/** A byte count, or storage's "20MB"-style string (decimal units). */
function fileSizeLimitOf(value: unknown): number | null | undefined {
  if (value === undefined || value === null) return value
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value
  if (typeof value !== 'string') throw ERRORS.invalidFileSizeLimit()
  const m = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value)
  if (!m) throw ERRORS.invalidFileSizeLimit()
  const n = Number(parseFloat(m[1]!).toPrecision(3))
  return Math.round(n * { gb: 1e9, mb: 1e6, kb: 1e3, b: 1 }[m[2]!.toLowerCase() as 'gb' | 'mb' | 'kb' | 'b'])
}

function mimeTypesOf(value: unknown): string[] | null | undefined {
  if (value === undefined || value === null) return value
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw badRequest('body/allowed_mime_types must be array')
  return value.filter(Boolean)
}
