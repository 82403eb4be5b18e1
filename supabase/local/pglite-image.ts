// A new in-memory PGlite database starts with initdb, which under WASM costs
// about two seconds of CPU: more than applying every migration. What initdb
// makes depends only on the PGlite release, so the first database's cluster
// is kept as PGlite's own data-directory tarball, and each later in-memory
// database is loaded from it (about half a second). The image holds no
// migration: each database still migrates itself, as after a fresh initdb.
import type { PGlite } from '@electric-sql/pglite'
import { readFileSync } from 'node:fs'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { SUPABASE_DIR } from './migrate.ts'

/** Prepared databases: this image, and template.ts's migrated templates. */
export const TEMPLATE_DIR = path.resolve(SUPABASE_DIR, '..', '.data', 'templates')

// The package does not export its package.json; read it beside the resolved entry point.
export const PGLITE_VERSION = (() => {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const pkg = path.join(entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`)), 'package.json')
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version
})()

/** One file per PGlite release: another release's initdb may lay out its cluster differently. */
export function imagePath(dir = TEMPLATE_DIR): string {
  return path.join(dir, `initdb-${PGLITE_VERSION}.tar`)
}

const read = new Map<string, Promise<Blob | undefined>>()

function readImage(file: string): Promise<Blob | undefined> {
  let image = read.get(file)
  if (!image) {
    image = readFile(file).then(
      (bytes) => new Blob([bytes]),
      () => undefined,
    )
    read.set(file, image)
  }
  return image
}

/**
 * Creates an in-memory database with `create`, handing it the image when there
 * is one. Without one (or with one PGlite refuses), the database starts with
 * initdb and its cluster becomes the image: written under a temporary name and
 * renamed, so processes starting at once never read half a file. A folder
 * that cannot be written only means the next process makes the image again.
 */
export async function createFromImage(create: (image?: Blob) => Promise<PGlite>, dir = TEMPLATE_DIR): Promise<PGlite> {
  const file = imagePath(dir)
  const image = await readImage(file)
  if (image) {
    try {
      return await create(image)
    } catch {
      // A damaged or foreign file: replaced below.
    }
  }
  const db = await create()
  const fresh = await db.dumpDataDir('none')
  read.set(file, Promise.resolve(fresh))
  const temp = `${file}.${process.pid}.${Date.now()}`
  try {
    await mkdir(dir, { recursive: true })
    await writeFile(temp, Buffer.from(await fresh.arrayBuffer()))
    await rename(temp, file)
  } catch {
    await rm(temp, { force: true }).catch(() => undefined)
  }
  return db
}
