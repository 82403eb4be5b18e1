// Installs the change capture (capture.sql) and puts its trigger on every
// table of the `supabase_realtime` publication. The stack calls it when the
// realtime server attaches; call it again after applying migrations that add
// tables to the publication (the server also resyncs on its own when it can).
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
  await db.exec(await script)
  const { rows } = await db.query<{ schema_name: string; table_name: string }>(
    'select schema_name, table_name from _realtime.sync_triggers()',
  )
  return rows.map((r) => ({ schema: r.schema_name, table: r.table_name }))
}
