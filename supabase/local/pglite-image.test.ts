import { PGlite } from '@electric-sql/pglite'
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createFromImage, imagePath } from './pglite-image.ts'

describe('the initdb image of in-memory PGlite databases', () => {
  const opened: PGlite[] = []
  const dirs: string[] = []
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((db) => db.close()))
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
  })

  const tempDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pglite-image-'))
    dirs.push(dir)
    return dir
  }

  /** What createFromImage handed to PGlite, and the database it made. */
  const open = async (dir: string) => {
    const given: (Blob | undefined)[] = []
    const db = await createFromImage(async (image) => {
      given.push(image)
      const created = await PGlite.create({ loadDataDir: image })
      opened.push(created)
      return created
    }, dir)
    return { db, given }
  }

  it('runs initdb the first time and keeps the cluster; later databases load it and are as empty', async () => {
    const dir = await tempDir()
    const first = await open(dir)
    expect(first.given).toEqual([undefined])
    expect((await stat(imagePath(dir))).size).toBeGreaterThan(1_000_000)
    await first.db.exec('create table written_after (id int)')

    const second = await open(dir)
    expect(second.given).toHaveLength(1)
    expect(second.given[0]).toBeInstanceOf(Blob)
    const tables = await second.db.query(`select count(*)::int as n from pg_tables where schemaname = 'public'`)
    expect(tables.rows).toEqual([{ n: 0 }])
    await second.db.exec('create table t (id int); insert into t values (1)')
    expect((await second.db.query('select id from t')).rows).toEqual([{ id: 1 }])
  })

  // What the image is made of is proven above; what happens to a file that is
  // wrong or cannot be written is the module's own, so a stand-in database does.
  const standIn = (image: Blob) => ({ dumpDataDir: async () => image }) as unknown as PGlite

  it('replaces an image PGlite refuses with the one of the database it then makes', async () => {
    const dir = await tempDir()
    await writeFile(imagePath(dir), 'not a tarball')
    const given: (Blob | undefined)[] = []
    const made = standIn(new Blob(['the new image']))
    const db = await createFromImage(async (image) => {
      given.push(image)
      if (image && (await image.text()) === 'not a tarball') throw new Error('Invalid tar')
      return made
    }, dir)
    expect(db).toBe(made)
    expect(given.map((g) => g === undefined)).toEqual([false, true])
    expect(await readFile(imagePath(dir), 'utf8')).toBe('the new image')
  })

  it('opens the database when the image cannot be written, leaving nothing behind', async () => {
    const parent = await tempDir()
    const notAFolder = path.join(parent, 'file')
    await writeFile(notAFolder, '')
    const made = standIn(new Blob(['image']))
    const given: (Blob | undefined)[] = []
    const db = await createFromImage(async (image) => {
      given.push(image)
      return made
    }, notAFolder)
    expect(db).toBe(made)
    expect(given).toEqual([undefined])
    expect(await readdir(parent)).toEqual(['file'])
  })
})
