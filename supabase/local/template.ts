// A fresh PGlite database pays for initdb in WASM plus every migration (several
// seconds). The first fresh start prepares a template data directory keyed by
// everything that shaped it; later fresh starts (`--db memory`, a new data
// directory, each test stack) copy it and open the copy, which is several times
// faster. Opening a directory also beats loading a tarball into memory.
import { createHash } from 'node:crypto'
import { cpSync, existsSync } from 'node:fs'
import { mkdir, readFile, readdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { listMigrations, prepareDatabase, SEED_FILE, SUPABASE_DIR } from './migrate.ts'
import { openDatabase } from './db.ts'
import { installChangeCapture } from './realtime/index.ts'
import { PGLITE_VERSION, TEMPLATE_DIR } from './pglite-image.ts'

export async function templateKey(seed: boolean): Promise<string> {
  const hash = createHash('sha256').update(PGLITE_VERSION)
  hash.update(await readFile(path.join(SUPABASE_DIR, 'local', 'bootstrap.sql')))
  for (const m of await listMigrations()) hash.update(m.version).update(await readFile(m.file))
  if (seed) {
    hash.update(await readFile(SEED_FILE).catch(() => Buffer.alloc(0)))
    // The seed places appointments relative to today: a template from another day would show stale dates.
    hash.update(new Date().toISOString().slice(0, 10))
  }
  return `${seed ? 'seeded' : 'empty'}-${hash.digest('hex').slice(0, 24)}`
}

/** The template directory for this schema (and seed), built on first use. */
export async function ensureTemplate(seed: boolean): Promise<string> {
  const key = await templateKey(seed)
  const dir = path.join(TEMPLATE_DIR, key)
  if (existsSync(path.join(dir, 'PG_VERSION'))) return dir
  await mkdir(TEMPLATE_DIR, { recursive: true })
  const tmp = path.join(TEMPLATE_DIR, `${key}.${process.pid}.${Date.now()}.tmp`)
  const db = await openDatabase({ kind: 'dir', path: tmp })
  try {
    await prepareDatabase(db, { seed })
    await installChangeCapture(db)
  } finally {
    await db.close()
  }
  try {
    // Rename is atomic: concurrent starts never copy a half-built template.
    await rename(tmp, dir)
  } catch (e) {
    await rm(tmp, { recursive: true, force: true })
    if (!existsSync(path.join(dir, 'PG_VERSION'))) throw e
  }
  const kind = key.split('-')[0]
  for (const f of await readdir(TEMPLATE_DIR)) {
    if (f.startsWith(`${kind}-`) && f !== key && !f.endsWith('.tmp')) {
      await rm(path.join(TEMPLATE_DIR, f), { recursive: true, force: true })
    }
  }
  return dir
}

/** A new PGlite data directory at `target`, holding the prepared schema (and seed). */
export async function materializeTemplate(seed: boolean, target: string): Promise<void> {
  const source = await ensureTemplate(seed)
  // The synchronous copy is several times faster than fs.promises.cp for a thousand small files.
  cpSync(source, target, { recursive: true })
}
