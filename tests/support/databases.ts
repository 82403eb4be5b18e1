// The two databases every layer of the stack is proven on: PGlite in memory
// and a throwaway PostgreSQL 15.
import { openDatabase, type Database } from '../../supabase/local/db.ts'
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
