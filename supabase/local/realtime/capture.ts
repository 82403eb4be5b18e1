// Installs the change capture (capture.sql) and puts its trigger on every
// table of the `supabase_realtime` publication. The stack calls it when the
// realtime server attaches; call it again after applying migrations that add
// tables to the publication (the server also resyncs on its own when it can).
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Database } from '../db.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
let script: Promise<string> | undefined

export type CapturedTable = { schema: string; table: string }

// Installing runs DDL; two installs at once on one database would only fight over locks.
const running = new WeakMap<Database, Promise<unknown>>()

export async function installChangeCapture(db: Database): Promise<CapturedTable[]> {
  const previous = running.get(db) ?? Promise.resolve()
  const next = previous.catch(() => undefined).then(() => install(db))
  running.set(db, next)
  return next
}

async function install(db: Database): Promise<CapturedTable[]> {
  script ??= readFile(path.join(here, 'capture.sql'), 'utf8')
  const sql = await script
  // The script's hash is kept as the schema's comment: an unchanged install is skipped on restart.
  const version = createHash('sha256').update(sql).digest('hex')
  const installed = await db.query<{ version: string | null }>(
    "select case when to_regnamespace('_realtime') is null then null else obj_description(to_regnamespace('_realtime'), 'pg_namespace') end as version",
  )
  if (installed.rows[0]?.version !== version) {
    await db.exec(`${sql}
;comment on schema _realtime is '${version}';`)
  }
  const { rows } = await db.query<{ schema_name: string; table_name: string }>(
    'select schema_name, table_name from _realtime.sync_triggers()',
  )
  return rows.map((r) => ({ schema: r.schema_name, table: r.table_name }))
}
