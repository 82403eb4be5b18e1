// Brings a database to the project's schema: the hosted-Supabase bootstrap
// (idempotent), then every file of supabase/migrations not yet recorded, in
// order, each in its own transaction, then the seed on a fresh database.
import { createHash } from 'node:crypto'
import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Database } from './db.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
export const SUPABASE_DIR = path.resolve(here, '..')
export const MIGRATIONS_DIR = path.join(SUPABASE_DIR, 'migrations')
export const SEED_FILE = path.join(SUPABASE_DIR, 'seed.sql')

export type MigrationFile = { version: string; name: string; file: string }

/** `20261122000000_schema.sql` → version `20261122000000`, name `schema`, as the Supabase CLI reads them. */
export async function listMigrations(dir = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const files = (await readdir(dir)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort()
  return files.map((f) => {
    const [, version, name] = /^(\d+)_(.+)\.sql$/.exec(f)!
    return { version: version!, name: name!, file: path.join(dir, f) }
  })
}

export type PrepareResult = { applied: string[]; fresh: boolean; seeded: boolean }

export async function prepareDatabase(
  db: Database,
  opts: { migrationsDir?: string; seed?: boolean | string } = {},
): Promise<PrepareResult> {
  const fresh = !(await hasTable(db, 'supabase_migrations', 'schema_migrations'))
  const bootstrap = await readFile(path.join(here, 'bootstrap.sql'), 'utf8')
  const bootstrapHash = createHash('sha256').update(bootstrap).digest('hex')
  const bootstrapped =
    (await hasTable(db, 'supabase_migrations', 'stack_bootstrap')) &&
    (await db.query('select 1 from supabase_migrations.stack_bootstrap where hash = $1', [bootstrapHash])).rows.length > 0
  if (!bootstrapped) {
    await db.exec(bootstrap)
    await db.query('insert into supabase_migrations.stack_bootstrap (hash) values ($1) on conflict do nothing', [bootstrapHash])
  }
  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
  )
  const applied: string[] = []
  for (const m of await listMigrations(opts.migrationsDir)) {
    if (done.has(m.version)) continue
    const sql = await readFile(m.file, 'utf8')
    try {
      await db.exec(
        `begin;\n${sql}\n;insert into supabase_migrations.schema_migrations (version, name) values (${lit(m.version)}, ${lit(m.name)});\ncommit;`,
      )
    } catch (e) {
      await db.exec('rollback').catch(() => undefined)
      throw new Error(`migration ${path.basename(m.file)} failed: ${(e as Error).message}`, { cause: e })
    }
    applied.push(m.version)
  }
  let seeded = false
  const seed = opts.seed ?? false
  if (fresh && seed) {
    const file = typeof seed === 'string' ? seed : SEED_FILE
    const sql = await readFile(file, 'utf8').catch(() => '')
    if (sql.trim()) {
      await db.exec(`begin;\n${sql}\n;commit;`)
      seeded = true
    }
  }
  return { applied, fresh, seeded }
}

async function hasTable(db: Database, schema: string, table: string): Promise<boolean> {
  const r = await db.query<{ ok: boolean }>('select to_regclass($1) is not null as ok', [`${schema}.${table}`])
  return r.rows[0]?.ok === true
}

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`
