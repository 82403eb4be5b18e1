import { PGlite } from '@electric-sql/pglite'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
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

  it('replaces a damaged image with a good one and still opens the database', async () => {
    const dir = await tempDir()
    await writeFile(imagePath(dir), 'not a tarball')
    const { db, given } = await open(dir)
    expect(given.length).toBe(2)
    expect(given.at(-1)).toBeUndefined()
    expect((await db.query('select 1 as one')).rows).toEqual([{ one: 1 }])
    expect((await readFile(imagePath(dir))).length).toBeGreaterThan(1_000_000)
  })

  it('opens the database when the image cannot be written', async () => {
    const parent = await tempDir()
    const notAFolder = path.join(parent, 'file')
    await writeFile(notAFolder, '')
    const { db, given } = await open(notAFolder)
    expect(given).toEqual([undefined])
    expect((await db.query('select 1 as one')).rows).toEqual([{ one: 1 }])
  })
})
