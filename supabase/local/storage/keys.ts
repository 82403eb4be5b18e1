// Which bucket ids and object keys are acceptable, and where their bytes
// live on disk. Keys follow supabase/storage's character rules (S3-safe
// ASCII), and on top of them every key must map to a path strictly inside
// its bucket directory: no `.`/`..` or empty segments, so no key can escape
// the storage directory or alias another key.
import path from 'node:path'
import { ERRORS } from './errors.ts'
import { isUuid } from '../../../domain/ids.ts'

// supabase/storage's isValidKey / isValidBucketName character sets.
const KEY_CHARS = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/
const BUCKET_CHARS = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/

export function isValidKey(key: string): boolean {
  if (!key || !KEY_CHARS.test(key)) return false
  return key.split('/').every((s) => s !== '' && s !== '.' && s !== '..')
}

export function mustBeValidKey(key: string): string {
  if (!isValidKey(key)) throw ERRORS.invalidKey(key)
  return key
}

/** Bucket ids name a directory of their own; a leading dot is kept for the stack's own folders. */
export function isValidBucketName(id: string): boolean {
  return id.length > 0 && id.length <= 100 && BUCKET_CHARS.test(id) && !id.startsWith('.')
}

/** The folder for uploads in progress; bucket ids never start with a dot, so it cannot collide with one. */
export const UPLOADS_DIR = '.uploads'

/**
 * An object's directory: `{storageDir}/{bucket}/{key}`. Each stored version is
 * a file named by its version id inside it, the layout supabase/storage's file
 * backend uses, so a replaced object never overwrites bytes a reader may be
 * streaming, and `a` and `a/b` can both exist.
 */
export function objectDir(storageDir: string, bucket: string, key: string): string {
  const root = path.resolve(storageDir)
  const dir = path.resolve(root, bucket, ...key.split('/'))
  // Defence in depth: validation already rules this out.
  if (!dir.startsWith(root + path.sep) || !isValidBucketName(bucket) || !isValidKey(key)) throw ERRORS.invalidKey(key)
  return dir
}

/** The file of one version; null for versions this stack did not write (rows made by hand in SQL). */
export function versionFile(storageDir: string, bucket: string, key: string, version: string | null): string | null {
  if (!version || !isUuid(version)) return null
  return path.join(objectDir(storageDir, bucket, key), version)
}


/** storage's placeholder for an empty folder: always zero bytes, any type. */
export const isEmptyFolder = (key: string) => key.endsWith('.emptyFolderPlaceholder')
