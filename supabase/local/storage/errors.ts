// Errors as supabase/storage renders them: the body carries the "real"
// status as a string (`statusCode: "404"`) next to a code and a legacy
// `error` name, while the HTTP status is 400 for every client error and 500
// for server faults. storage-js builds its StorageApiError from `statusCode`
// and `message`, so both must match for code written against hosted Supabase.

import { PAYLOAD_TOO_LARGE } from '../body-limit.ts'

export class StorageHttpError extends Error {
  /** The HTTP status actually sent; storage sends 400 unless the fault is the server's. */
  readonly status: number

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly error?: string,
    options?: { status?: number; cause?: unknown },
  ) {
    super(message, { cause: options?.cause })
    this.status = options?.status ?? (statusCode === 500 ? 500 : 400)
  }

  body(): Record<string, unknown> {
    return { statusCode: String(this.statusCode), code: this.code, error: this.error ?? this.code, message: this.message }
  }
}

/** The gateway's answers about API keys come before storage sees the request. */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly hint?: string,
  ) {
    super(message)
  }
}

export const ERRORS = {
  noSuchBucket: () => new StorageHttpError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageHttpError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  accessDenied: (message = 'Access denied', cause?: unknown) =>
    new StorageHttpError(403, 'AccessDenied', message, 'Unauthorized', { cause }),
  resourceAlreadyExists: (cause?: unknown) =>
    new StorageHttpError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate', { cause }),
  keyAlreadyExists: (cause?: unknown) =>
    new StorageHttpError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate', { cause }),
  bucketAlreadyExists: (cause?: unknown) =>
    new StorageHttpError(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate', { cause }),
  bucketNotEmpty: () => new StorageHttpError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  entityTooLarge: () =>
    new StorageHttpError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large'),
  /** A request body over its limit (an upload over its bucket's, a JSON body over ../body-limit.ts's), refused before it is read in full. */
  payloadTooLarge: (message = 'The object exceeded the maximum allowed size') =>
    new StorageHttpError(413, PAYLOAD_TOO_LARGE, message, 'Payload too large', { status: 413 }),
  invalidMimeType: (mimeType: string) =>
    new StorageHttpError(415, 'InvalidMimeType', `mime type ${mimeType} is not supported`, 'invalid_mime_type'),
  invalidKey: (key: string) => new StorageHttpError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => new StorageHttpError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  invalidJwt: (message = 'Invalid JWT') => new StorageHttpError(400, 'InvalidJWT', message),
  invalidSignature: () => new StorageHttpError(400, 'InvalidSignature', 'Invalid signature'),
  invalidRange: () => new StorageHttpError(400, 'InvalidRange', 'invalid range provided', 'invalid_range'),
  invalidRequest: (message: string) => new StorageHttpError(400, 'InvalidRequest', message),
  invalidFileSizeLimit: () =>
    new StorageHttpError(400, 'InvalidRequest', 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'),
  noContentProvided: (message = 'No content provided') => new StorageHttpError(400, 'InvalidRequest', message),
  relatedResourceNotFound: (cause?: unknown) =>
    new StorageHttpError(404, 'InvalidRequest', 'The related resource does not exist', undefined, { cause }),
  internal: (message = 'Internal server error', cause?: unknown) =>
    new StorageHttpError(500, 'InternalError', message, undefined, { cause }),
} as const

/** A body refused as too large is answered at once: reading the rest of it first is what the limit is there to avoid. */
export const isPayloadTooLarge = (e: unknown) => e instanceof StorageHttpError && e.code === PAYLOAD_TOO_LARGE

/** A request that fails schema validation, worded as storage's validator words it. */
export const badRequest = (message: string) => new StorageHttpError(400, 'InvalidRequest', message, 'Bad Request')

type PgLikeError = { code?: unknown; message?: unknown }

/** Maps a Postgres error to storage's error, as its database layer does. */
export function fromDatabaseError(e: unknown): unknown {
  if (!e || typeof e !== 'object' || e instanceof StorageHttpError) return e
  const { code, message } = e as PgLikeError
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return e
  const text = typeof message === 'string' ? message : ''
  switch (code) {
    case '42501':
      return ERRORS.accessDenied(text.includes('row-level security') ? 'new row violates row-level security policy' : text, e)
    case '23505':
      return ERRORS.resourceAlreadyExists(e)
    case '23503':
      return ERRORS.relatedResourceNotFound(e)
    case '22P02':
      return new StorageHttpError(400, 'InvalidParameter', text || 'Invalid value format or type conversion failed')
    default:
      return new StorageHttpError(500, 'DatabaseError', `database error, code: ${code}`, undefined, { cause: e })
  }
}
