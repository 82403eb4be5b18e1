// The two databases every layer of the stack is proven on: PGlite in memory
// and a throwaway PostgreSQL 15; and either as deployed before a migration,
// for the tests of what that migration does to existing rows.
import { randomUUID } from 'node:crypto'
import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openDatabase, type Database } from '../../supabase/local/db.ts'
import { listMigrations, prepareDatabase } from '../../supabase/local/migrate.ts'
import { afterAll, beforeAll } from 'vitest'
import { uniquePhone } from './factories.ts'
import { startTempPostgres } from './postgres.ts'

export type OpenedDatabase = { db: Database; url?: string; stop(): Promise<void> }
export type DatabaseBackend = { name: string; open(): Promise<OpenedDatabase> }

export const DATABASE_BACKENDS: DatabaseBackend[] = [
  {
    name: 'PGlite (memory)',
    async open() {
      const db = await openDatabase({ kind: 'memory' })
      return { db, stop: () => db.close() }
    },
  },
  {
    name: 'PostgreSQL 15',
    async open() {
      const pg = await startTempPostgres()
      try {
        const db = await openDatabase({ kind: 'url', url: pg.url })
        return {
          db,
          url: pg.url,
          async stop() {
            try {
              await db.close()
            } finally {
              await pg.stop()
            }
          },
        }
      } catch (e) {
        await pg.stop()
        throw e
      }
    },
  },
]

/** A database with every migration before `version`, as one deployed before that migration has them. */
export async function openBefore(backend: DatabaseBackend, version: string): Promise<OpenedDatabase> {
  const opened = await backend.open()
  const earlier = await mkdtemp(path.join(tmpdir(), 'migrations-'))
  try {
    for (const m of await listMigrations()) if (m.version < version) await copyFile(m.file, path.join(earlier, path.basename(m.file)))
    await prepareDatabase(opened.db, { migrationsDir: earlier })
    return opened
  } catch (e) {
    await opened.stop()
    throw e
  } finally {
    await rm(earlier, { recursive: true, force: true })
  }
}

/** For a describe block: a database as deployed before `version`, opened before its tests and closed after them. */
export function useDatabaseBefore(backend: DatabaseBackend, version: string): () => Database {
  let opened: OpenedDatabase | undefined
  beforeAll(async () => {
    opened = await openBefore(backend, version)
  })
  afterAll(async () => {
    await opened?.stop()
  })
  return () => {
    if (!opened) throw new Error('the database opens in beforeAll')
    return opened.db
  }
}

/** An owner's auth.users row inserted as sign-up inserts it, so the sign-up triggers run (a number of its own unless given); returns the id. */
export async function insertSignedUpOwner(
  db: Database,
  { business_name, phone_number = uniquePhone() }: { business_name: string; phone_number?: string },
  id: string = randomUUID(),
): Promise<string> {
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                             raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, 'x', now(),
             '{"provider":"email","providers":["email"]}', $3::jsonb, now(), now())`,
    [id, `owner-${id}@example.com`, JSON.stringify({ business_name, phone_number })],
  )
  return id
}
