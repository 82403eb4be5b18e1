// The SQL storage runs against storage.buckets and storage.objects, with the
// statements supabase/storage's database layer uses, so RLS policies see the
// same operations (a plain INSERT for an upload, INSERT … ON CONFLICT DO
// UPDATE … RETURNING for an upsert, UPDATE … RETURNING for a move, DELETE …
// RETURNING for a removal). JSON and timestamps are shaped in SQL so PGlite
// and PostgreSQL answer alike.
import type { Queryable } from '../db.ts'
import { isUuid } from '../../../domain/ids.ts'

/** A timestamp as JSON.stringify(new Date(…)) writes it, which is how storage's answers show them. */
export const iso = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

export type BucketRow = {
  id: string
  public: boolean
  file_size_limit: number | null
  allowed_mime_types: string[] | null
}

export type ObjectRow = {
  id: string
  bucket_id: string
  name: string
  version: string | null
  metadata: Record<string, unknown> | null
  user_metadata: Record<string, unknown> | null
  created_at: string | null
  updated_at: string | null
}

export type ObjectMetadata = {
  eTag: string
  size: number
  mimetype: string
  cacheControl: string
  lastModified: string
  contentLength: number
  httpStatusCode: number
}

const json = (v: unknown): Record<string, unknown> | null =>
  v == null ? null : typeof v === 'string' ? (JSON.parse(v) as Record<string, unknown>) : (v as Record<string, unknown>)

export async function findBucket(q: Queryable, id: string): Promise<BucketRow | undefined> {
  const { rows } = await q.query<{ id: string; public: boolean | null; file_size_limit: string | null; allowed_mime_types: string[] | null }>(
    'select id, public, file_size_limit::text, allowed_mime_types from storage.buckets where id = $1',
    [id],
  )
  const r = rows[0]
  if (!r) return undefined
  return {
    id: r.id,
    public: r.public === true,
    file_size_limit: r.file_size_limit == null ? null : Number(r.file_size_limit),
    allowed_mime_types: r.allowed_mime_types,
  }
}

const OBJECT_COLUMNS = `o.id::text as id, o.bucket_id, o.name, o.version, o.metadata::text as metadata,
  o.user_metadata::text as user_metadata, ${iso('o.created_at')} as created_at, ${iso('o.updated_at')} as updated_at`

type RawObjectRow = Omit<ObjectRow, 'metadata' | 'user_metadata'> & { metadata: unknown; user_metadata: unknown }
const toObject = (r: RawObjectRow): ObjectRow => ({ ...r, metadata: json(r.metadata), user_metadata: json(r.user_metadata) })

export async function findObject(q: Queryable, bucket: string, name: string): Promise<ObjectRow | undefined> {
  const { rows } = await q.query<RawObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects o where o.bucket_id = $1 and o.name = $2`,
    [bucket, name],
  )
  return rows[0] && toObject(rows[0])
}

export async function findObjectNames(q: Queryable, bucket: string, names: string[]): Promise<Set<string>> {
  const { rows } = await q.query<{ name: string }>(
    'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
    [bucket, names],
  )
  return new Set(rows.map((r) => r.name))
}

export type ObjectWrite = {
  id: string
  bucket: string
  name: string
  owner: string | undefined
  version: string
  metadata: ObjectMetadata | Record<string, unknown> | null
  userMetadata: Record<string, unknown> | null | undefined
}

const ownerUuid = (owner: string | undefined) =>
  isUuid(owner) ? owner : null

const writeParams = (w: ObjectWrite) => [
  w.id,
  w.bucket,
  w.name,
  ownerUuid(w.owner),
  w.owner ?? null,
  w.metadata == null ? null : JSON.stringify(w.metadata),
  w.userMetadata == null ? null : JSON.stringify(w.userMetadata),
  w.version,
]

/** An upload without upsert: INSERT only, so only an INSERT policy is needed. */
export async function insertObject(q: Queryable, w: ObjectWrite): Promise<void> {
  await q.query(
    `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
     values ($1::uuid, $2, $3, $4::uuid, $5, $6::jsonb, $7::jsonb, $8)`,
    writeParams(w),
  )
}

/** An upsert: the ON CONFLICT path needs INSERT, and for an existing row SELECT and UPDATE policies. */
export async function upsertObject(q: Queryable, w: ObjectWrite): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
     values ($1::uuid, $2, $3, $4::uuid, $5, $6::jsonb, $7::jsonb, $8)
     on conflict (name, bucket_id) do update set
       metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version,
       owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now()
     returning id::text`,
    writeParams(w),
  )
  return rows[0]!.id
}

/** The current version of an object, locked until the transaction ends (null when the caller cannot lock it). */
export async function lockVersion(q: Queryable, bucket: string, name: string): Promise<string | null | undefined> {
  const { rows } = await q.query<{ version: string | null }>(
    'select version from storage.objects where bucket_id = $1 and name = $2 for update',
    [bucket, name],
  )
  return rows[0] ? rows[0].version : undefined
}

export type DeletedObject = { name: string; version: string | null; json: Record<string, unknown> }

/** DELETE … RETURNING *, rendered as storage renders the rows. */
export async function deleteObjects(q: Queryable, bucket: string, names: string[]): Promise<DeletedObject[]> {
  const { rows } = await q.query<{ name: string; version: string | null; json: unknown }>(
    `delete from storage.objects o where o.bucket_id = $1 and o.name = any($2::text[])
     returning o.name, o.version, json_build_object(
       'id', o.id, 'bucket_id', o.bucket_id, 'name', o.name, 'owner', o.owner,
       'created_at', ${iso('o.created_at')}, 'updated_at', ${iso('o.updated_at')},
       'last_accessed_at', ${iso('o.last_accessed_at')}, 'metadata', o.metadata, 'path_tokens', o.path_tokens,
       'version', o.version, 'owner_id', o.owner_id, 'user_metadata', o.user_metadata)::text as json`,
    [bucket, names],
  )
  return rows.map((r) => ({ name: r.name, version: r.version, json: json(r.json)! }))
}

export async function deleteAllObjects(q: Queryable, bucket: string): Promise<{ name: string; version: string | null }[]> {
  const { rows } = await q.query<{ name: string; version: string | null }>(
    'delete from storage.objects where bucket_id = $1 returning name, version',
    [bucket],
  )
  return rows
}

/** A move: one UPDATE, so the caller needs SELECT and UPDATE on the source row and the moved row must pass UPDATE's check. */
export async function moveObject(
  q: Queryable,
  from: { bucket: string; name: string },
  to: { bucket: string; name: string; owner: string | undefined; version: string },
): Promise<{ id: string; version: string | null; metadata: Record<string, unknown> | null } | undefined> {
  const { rows } = await q.query<{ id: string; old_version: string | null; metadata: unknown }>(
    `with old as (
       select id, version from storage.objects where bucket_id = $1 and name = $2 for update
     )
     update storage.objects o set bucket_id = $3, name = $4, owner = $5::uuid, owner_id = $6, version = $7,
       updated_at = now(), last_accessed_at = now()
     from old where o.id = old.id
     returning o.id::text, old.version as old_version, o.metadata::text as metadata`,
    [from.bucket, from.name, to.bucket, to.name, ownerUuid(to.owner), to.owner ?? null, to.version],
  )
  const r = rows[0]
  return r && { id: r.id, version: r.old_version, metadata: json(r.metadata) }
}

export type ListOptions = {
  prefix: string
  limit: number
  offset: number
  search: string
  column: 'name' | 'updated_at' | 'created_at' | 'last_accessed_at'
  order: 'asc' | 'desc'
}

export type ListEntry = {
  name: string
  id: string | null
  updated_at: string | null
  created_at: string | null
  last_accessed_at: string | null
  metadata: Record<string, unknown> | null
}

/**
 * storage.search(): the entries one level below `prefix` — folders first
 * (`id` null), then files — filtered by RLS like any select the caller makes.
 */
export async function listObjects(q: Queryable, bucket: string, o: ListOptions): Promise<ListEntry[]> {
  const prefix = o.prefix.length > 0 && !o.prefix.endsWith('/') ? `${o.prefix}/` : o.prefix
  const levels = prefix.split('/').length
  const dir = o.order === 'desc' ? 'desc' : 'asc'
  const fileOrder = o.column === 'name' ? `name ${dir}` : `sort_ts ${dir}, name ${dir}`
  const { rows } = await q.query<Omit<ListEntry, 'metadata'> & { metadata: unknown }>(
    `select name, id, updated_at, created_at, last_accessed_at, metadata from (
       select 0 as kind, f.folder as name, null::text as id, null::text as updated_at, null::text as created_at,
              null::text as last_accessed_at, null::text as metadata, null::timestamptz as sort_ts
       from (
         select o.path_tokens[$1::int] as folder from storage.objects o
         where o.name ilike $2::text || $3::text || '%' and o.bucket_id = $4 and array_length(o.path_tokens, 1) <> $1::int
         group by 1
       ) f
       union all
       select 1, o.path_tokens[$1::int], o.id::text, ${iso('o.updated_at')}, ${iso('o.created_at')},
              ${iso('o.last_accessed_at')}, o.metadata::text, o.${o.column === 'name' ? 'created_at' : o.column}
       from storage.objects o
       where o.name ilike $2::text || $3::text || '%' and o.bucket_id = $4 and array_length(o.path_tokens, 1) = $1::int
     ) t
     order by kind, case when kind = 0 then name end ${dir}, ${fileOrder}
     limit $5 offset $6`,
    [levels, prefix, o.search, bucket, o.limit, o.offset],
  )
  return rows.map((r) => ({ ...r, metadata: json(r.metadata) }))
}

export type BucketJson = {
  id: string
  name: string
  owner: string | null
  public: boolean
  file_size_limit: number | null
  allowed_mime_types: string[] | null
  created_at: string | null
  updated_at: string | null
}

const BUCKET_COLUMNS = `id, name, owner::text as owner, coalesce(public, false) as public, file_size_limit::text as file_size_limit,
  allowed_mime_types, ${iso('created_at')} as created_at, ${iso('updated_at')} as updated_at`

type RawBucket = Omit<BucketJson, 'file_size_limit'> & { file_size_limit: string | null }
const toBucket = (r: RawBucket): BucketJson => ({
  id: r.id,
  name: r.name,
  owner: r.owner,
  public: r.public,
  file_size_limit: r.file_size_limit == null ? null : Number(r.file_size_limit),
  allowed_mime_types: r.allowed_mime_types,
  created_at: r.created_at,
  updated_at: r.updated_at,
})

export async function listBuckets(
  q: Queryable,
  o: { limit?: number; offset?: number; column: string; order: 'asc' | 'desc'; search?: string },
): Promise<BucketJson[]> {
  const column = ['id', 'name', 'created_at', 'updated_at'].includes(o.column) ? o.column : 'name'
  const { rows } = await q.query<RawBucket>(
    `select ${BUCKET_COLUMNS} from storage.buckets
     where ($1::text is null or name ilike '%' || $1::text || '%')
     order by ${column} ${o.order === 'desc' ? 'desc' : 'asc'}
     limit $2 offset $3`,
    [o.search || null, o.limit ?? null, o.offset ?? 0],
  )
  return rows.map(toBucket)
}

export async function getBucket(q: Queryable, id: string): Promise<BucketJson | undefined> {
  const { rows } = await q.query<RawBucket>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id])
  return rows[0] && toBucket(rows[0])
}
