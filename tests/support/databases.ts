// The two databases every layer of the stack is proven on: PGlite in memory
// and a throwaway PostgreSQL 15; and either as deployed before a migration,
// for the tests of what that migration does to existing rows.
import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openDatabase, type Database } from '../../supabase/local/db.ts'
import { listMigrations, prepareDatabase } from '../../supabase/local/migrate.ts'
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
