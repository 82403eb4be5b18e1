// The storage API (`/storage/v1`), answering what storage-js sends as
// supabase/storage does: object metadata in storage.objects under the
// caller's role and RLS, bytes under the stack's storage directory.
import { Hono } from 'hono'
import type { StackContext } from '../server.ts'
import { GatewayError, StorageHttpError, fromDatabaseError, isPayloadTooLarge } from './errors.ts'
import { FileStore } from './file-store.ts'
import { bucketRoutes } from './bucket-routes.ts'
import { objectRoutes } from './object-routes.ts'
import { jsonResponse } from './render.ts'
import { drainBody } from './upload-body.ts'
import type { StorageDeps } from './uploads.ts'

export type StorageOptions = {
  /** Largest object any bucket accepts; the Supabase CLI's default `[storage] file_size_limit` is 50 MiB. */
  fileSizeLimit?: number
}

export const DEFAULT_FILE_SIZE_LIMIT = 50 * 1024 * 1024

export function createStorageApp(ctx: StackContext, opts: StorageOptions = {}): Hono {
  const deps: StorageDeps = {
    db: ctx.db,
    config: ctx.config,
    files: new FileStore(ctx.storageDir),
    fileSizeLimit: opts.fileSizeLimit ?? DEFAULT_FILE_SIZE_LIMIT,
  }
  // An upload older than this cannot still be in progress.
  void deps.files.sweepUploads(24 * 60 * 60 * 1000).catch(() => undefined)
  const app = new Hono()
  app.onError(async (e, c) => {
    // Answer only once the client has finished sending (see UploadSource.discard),
    // unless the body itself is what is refused.
    if (!isPayloadTooLarge(e)) await drainBody(c.req.raw.body)
    return errorResponse(e)
  })
  bucketRoutes(app, deps)
  objectRoutes(app, deps)
  app.get('/status', () => new Response(null, { status: 200 }))
  // fastify's answer for a route it does not have, with storage's own path in it.
  app.all('*', (c) => {
    const path = new URL(c.req.url).pathname.replace(/^.*?\/storage\/v1(?=\/)/, '')
    return jsonResponse({ message: `Route ${c.req.method}:${path} not found`, error: 'Not Found', statusCode: 404 }, 404)
  })
  return app
}

function errorResponse(e: unknown): Response {
  if (e instanceof GatewayError) return jsonResponse({ message: e.message, ...(e.hint ? { hint: e.hint } : {}) }, e.status)
  const err = fromDatabaseError(e)
  if (err instanceof StorageHttpError) {
    if (err.status >= 500) console.error('storage:', err.cause ?? err)
    return jsonResponse(err.body(), err.status)
  }
  console.error('storage:', e)
  return jsonResponse({ statusCode: '500', code: 'InternalError', error: 'Internal', message: 'Internal Server Error' }, 500)
}
