// A fresh PGlite database pays for initdb in WASM plus every migration (several
// seconds). The first fresh start saves the prepared data directory as a
// template keyed by everything that shaped it; later fresh starts (`--db memory`,
// a new data directory, each test stack) load it in a fraction of the time.
import { createHash } from 'node:crypto'
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { listMigrations, SEED_FILE, SUPABASE_DIR } from './migrate.ts'

export const TEMPLATE_DIR = path.resolve(SUPABASE_DIR, '..', '.data', 'templates')

// The package does not export its package.json; read it beside the resolved entry point.
const pgliteVersion = (() => {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const pkg = path.join(entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`)), 'package.json')
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version
})()

export async function templateKey(seed: boolean): Promise<string> {
  const hash = createHash('sha256').update(pgliteVersion)
  hash.update(await readFile(path.join(SUPABASE_DIR, 'local', 'bootstrap.sql')))
  for (const m of await listMigrations()) hash.update(m.version).update(await readFile(m.file))
  if (seed) {
    hash.update(await readFile(SEED_FILE).catch(() => Buffer.alloc(0)))
    // The seed places appointments relative to today: a template from another day would show stale dates.
    hash.update(new Date().toISOString().slice(0, 10))
  }
  return `${seed ? 'seeded' : 'empty'}-${hash.digest('hex').slice(0, 24)}`
}

export async function readTemplate(key: string): Promise<Blob | undefined> {
  try {
    return new Blob([await readFile(path.join(TEMPLATE_DIR, `${key}.tar`))])
  } catch {
    return undefined
  }
}

export async function writeTemplate(key: string, data: Blob): Promise<void> {
  await mkdir(TEMPLATE_DIR, { recursive: true })
  const tmp = path.join(TEMPLATE_DIR, `${key}.${process.pid}.tmp`)
  await writeFile(tmp, Buffer.from(await data.arrayBuffer()))
  // Rename is atomic: concurrent starts never read a half-written template.
  await rename(tmp, path.join(TEMPLATE_DIR, `${key}.tar`))
  const kind = key.split('-')[0]
  for (const f of await readdir(TEMPLATE_DIR)) {
    if (f.startsWith(`${kind}-`) && f.endsWith('.tar') && f !== `${key}.tar`) await rm(path.join(TEMPLATE_DIR, f), { force: true })
  }
}
