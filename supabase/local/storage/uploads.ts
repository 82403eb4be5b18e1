// An upload, step by step as supabase/storage takes it: the bucket is read
// as the stack (its limits apply whoever asks), the declared type and size
// are checked, the caller's right to write the row is tested and rolled back
// (so RLS refuses before any byte is read), the body is streamed to a
// temporary file under the size limit, and then one transaction under the
// caller's role writes the row and moves the file into place. A replaced
// version's file is deleted only after that transaction commits.
import { randomUUID } from 'node:crypto'
import type { Database } from '../db.ts'
import type { StackConfig } from '../config.ts'
import { asStack, testPermission, withCaller, type Caller } from './access.ts'
import { ERRORS, StorageHttpError, isPayloadTooLarge } from './errors.ts'
import { declaredLength } from '../body-limit.ts'
import type { FileStore } from './file-store.ts'
import { isEmptyFolder, isValidBucketName, mustBeValidKey } from './keys.ts'
import {
  findBucket,
  insertObject,
  lockVersion,
  upsertObject,
  type BucketRow,
  type ObjectMetadata,
  type ObjectWrite,
} from './objects-sql.ts'
import { mimeTypeAllowed, readUploadRequest, uploadBodyLimit, writeUpload } from './upload-body.ts'

export type StorageDeps = {
  db: Database
  config: StackConfig
  files: FileStore
  /** The project-wide ceiling (the CLI's `[storage] file_size_limit`); a bucket's own limit can only lower it. */
  fileSizeLimit: number
}

export type UploadTarget = { bucket: string; name: string; upsert: boolean }

/** The bucket, read as the stack: a missing one is NoSuchBucket whatever RLS would show. */
export async function bucketOrThrow(deps: StorageDeps, id: string): Promise<BucketRow> {
  const bucket = isValidBucketName(id) ? await asStack(() => findBucket(deps.db, id)) : undefined
  if (!bucket) throw ERRORS.noSuchBucket()
  return bucket
}

/** The largest object `name` may be in `bucket`: the project ceiling, lowered by the bucket's own limit; empty-folder placeholders are zero bytes. */
export function maxObjectSize(deps: Pick<StorageDeps, 'fileSizeLimit'>, bucket: BucketRow, name: string): number {
  return isEmptyFolder(name) ? 0 : Math.min(deps.fileSizeLimit, bucket.file_size_limit ?? Infinity)
}

/** The bucket's `allowed_mime_types` (with `type/*` wildcards); empty-folder placeholders may be of any type. */
export function mustBeAllowedType(bucket: BucketRow, name: string, mimeType: string): void {
  const allowed = bucket.allowed_mime_types?.filter(Boolean) ?? []
  if (allowed.length > 0 && !isEmptyFolder(name) && !mimeTypeAllowed(mimeType, allowed)) throw ERRORS.invalidMimeType(mimeType)
}

/**
 * An object that already exists (copied or moved) placed at `name` in
 * `bucket`: the same limits an upload there meets, so no route around
 * them lands a type or a size the bucket refuses.
 */
export function mustFitBucket(
  deps: Pick<StorageDeps, 'fileSizeLimit'>,
  bucket: BucketRow,
  name: string,
  object: { mimeType: string; size: number },
): void {
  mustBeAllowedType(bucket, name, object.mimeType)
  if (object.size > maxObjectSize(deps, bucket, name)) throw ERRORS.entityTooLarge()
}

export async function storeUpload(deps: StorageDeps, req: Request, caller: Caller, target: UploadTarget): Promise<{ id: string }> {
  const { files } = deps
  const { bucket: bucketId, name, upsert } = target
  const bucket = await bucketOrThrow(deps, bucketId)
  mustBeValidKey(name)
  const maxSize = maxObjectSize(deps, bucket, name)
  // Before a byte is read: a multipart form is read from its first byte on.
  const declared = declaredLength(req.headers)
  if (declared !== undefined && declared > uploadBodyLimit(req, maxSize)) throw ERRORS.payloadTooLarge()

  const source = await readUploadRequest(req)
  let temp: string | undefined
  let refusedBody = false
  try {
    mustBeAllowedType(bucket, name, source.mimeType)

    // Signed upload URLs were checked when they were signed.
    if (caller.auth) {
      await canUpload(deps, caller, target, { mimetype: source.mimeType, contentLength: source.declaredLength }, source.userMetadata)
    }

    temp = await files.tempFile()
    const { size, md5 } = await writeUpload(source, temp, maxSize)
    const metadata: ObjectMetadata = {
      eTag: `"${md5}"`,
      size,
      mimetype: source.mimeType,
      cacheControl: source.cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: size,
      httpStatusCode: 200,
    }
    const write: ObjectWrite = {
      id: randomUUID(),
      bucket: bucketId,
      name,
      owner: caller.owner,
      version: randomUUID(),
      metadata,
      userMetadata: source.userMetadata,
    }
    return await commitObject(deps, caller, write, temp, upsert)
  } catch (e) {
    refusedBody = isPayloadTooLarge(e)
    await files.discard(temp)
    throw e
  } finally {
    if (!refusedBody) await source.discard()
  }
}

/**
 * storage's canUpload: the write an upload will make (INSERT, or the upsert's
 * INSERT … ON CONFLICT DO UPDATE), tried as the caller and rolled back.
 */
export async function canUpload(
  deps: StorageDeps,
  caller: Caller,
  target: UploadTarget,
  metadata: Record<string, unknown> | null,
  userMetadata: Record<string, unknown> | undefined,
): Promise<void> {
  const probe: ObjectWrite = {
    id: randomUUID(),
    bucket: target.bucket,
    name: target.name,
    owner: caller.owner,
    version: randomUUID(),
    metadata,
    userMetadata,
  }
  try {
    await testPermission(deps.db, caller, (tx) => (target.upsert ? upsertObject(tx, probe) : insertObject(tx, probe)))
  } catch (e) {
    throw duplicateAsKeyExists(e, target.upsert)
  }
}

/**
 * Writes the row (INSERT, or INSERT … ON CONFLICT DO UPDATE for an upsert)
 * as the caller and moves `file` into place inside the same transaction;
 * removes the version it replaced once that has committed.
 */
export async function commitObject(
  deps: StorageDeps,
  caller: Caller,
  write: ObjectWrite,
  file: string,
  upsert: boolean,
): Promise<{ id: string }> {
  let placed: string | undefined
  let replaced: string | null | undefined
  try {
    const id = await withCaller(deps.db, caller, async (tx) => {
      let id = write.id
      if (upsert) {
        replaced = await lockVersion(tx, write.bucket, write.name)
        id = await upsertObject(tx, write)
      } else {
        await insertObject(tx, write)
      }
      placed = await deps.files.place(file, write.bucket, write.name, write.version)
      return id
    })
    if (replaced && replaced !== write.version) {
      await deps.files.remove([{ bucket: write.bucket, name: write.name, version: replaced }])
    }
    return { id }
  } catch (e) {
    await deps.files.discard(placed)
    throw duplicateAsKeyExists(e, upsert)
  }
}

/** A plain upload onto an existing key is storage's KeyAlreadyExists (409 "The resource already exists"). */
function duplicateAsKeyExists(e: unknown, upsert: boolean): unknown {
  if (!upsert && e instanceof StorageHttpError && e.code === 'ResourceAlreadyExists') return ERRORS.keyAlreadyExists(e)
  return e
}
