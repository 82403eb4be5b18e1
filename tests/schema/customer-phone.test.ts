// Customer numbers are stored in E.164: the migration that adds the rule
// moves numbers typed the Turkish way to +90…, refuses to run over a number
// it cannot read (rolling back, so nothing is half-done), and from then on
// the database refuses any other shape.
import { randomUUID } from 'node:crypto'
import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../supabase/local/db.ts'
import { listMigrations, prepareDatabase } from '../../supabase/local/migrate.ts'
import { DATABASE_BACKENDS } from '../support/databases.ts'

const VERSION = '20261122000900'

describe.each(DATABASE_BACKENDS)('customer phone numbers on $name', (backend) => {
  let db: Database
  let stop: (() => Promise<void>) | undefined
  let before: string
  let owner: string

  beforeAll(async () => {
    const opened = await backend.open()
    db = opened.db
    stop = opened.stop
    // Every migration before this one, as a database deployed earlier has them.
    before = await mkdtemp(path.join(tmpdir(), 'migrations-'))
    for (const m of await listMigrations()) if (m.version < VERSION) await copyFile(m.file, path.join(before, path.basename(m.file)))
    await prepareDatabase(db, { migrationsDir: before })
    owner = randomUUID()
    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                               raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, 'x', now(),
               '{"provider":"email","providers":["email"]}', $3::jsonb, now(), now())`,
      [owner, `owner-${owner}@example.com`, JSON.stringify({ business_name: 'Berber Ali', phone_number: '+905109990001' })],
    )
  })

  afterAll(async () => {
    await stop?.()
    if (before) await rm(before, { recursive: true, force: true })
  })

  const LEGACY: [string, string][] = [
    ['0532 123 45 67', '+905321234567'],
    ['532 123 45 67', '+905321234567'],
    ['(0533) 234-56-78', '+905332345678'],
    ['90 544 345 67 89', '+905443456789'],
    ['+90 505 456 78 90', '+905054567890'],
    ['+90 (0536) 567 89 01', '+905365678901'],
    ['+44 7911 123456', '+447911123456'],
    [' +905426789012 ', '+905426789012'],
    ['+905551112233', '+905551112233'],
  ]

  it('moves typed numbers to E.164, and runs only when every number can be read', async () => {
    const ids: string[] = []
    for (const [typed] of LEGACY) {
      const id = randomUUID()
      ids.push(id)
      await db.query(`insert into public.customers (id, user_id, name, phone_number) values ($1, $2, 'Müşteri', $3)`, [id, owner, typed])
    }
    const unreadable = randomUUID()
    await db.query(`insert into public.customers (id, user_id, name, phone_number) values ($1, $2, 'Eski', 'bilinmiyor')`, [unreadable, owner])
    const stamps = async () =>
      new Map(
        (await db.query<{ id: string; phone_number: string; modified: string }>(
          'select id, phone_number, _modified::text as modified from public.customers where user_id = $1',
          [owner],
        )).rows.map((r) => [r.id, r]),
      )
    const old = await stamps()

    await expect(prepareDatabase(db)).rejects.toThrow(/customers_phone_number_e164/)
    // Rolled back: nothing changed.
    expect(await stamps()).toEqual(old)

    await db.query('delete from public.customers where id = $1', [unreadable])
    // Later migrations follow it; this one comes first.
    expect((await prepareDatabase(db)).applied[0]).toBe(VERSION)
    const now = await stamps()
    LEGACY.forEach(([typed, stored], i) => {
      const row = now.get(ids[i]!)!
      expect({ typed, stored: row.phone_number }).toEqual({ typed, stored })
      // Changed rows get a new sync stamp, so devices pull the new spelling; an unchanged one keeps its own.
      expect({ typed, moved: row.modified !== old.get(ids[i]!)!.modified }).toEqual({ typed, moved: typed !== stored })
    })
  })

  it('refuses any other shape from then on', async () => {
    const insert = (phone: string) =>
      db.query(`insert into public.customers (user_id, name, phone_number) values ($1, 'Yeni', $2)`, [owner, phone]).then(
        () => 'ok',
        (e: { code?: string }) => e.code,
      )
    expect(await insert('+905327654321')).toBe('ok')
    expect(await insert('+12025550123')).toBe('ok')
    for (const bad of ['05327654321', '5327654321', '+90 532 765 43 21', '+0532765432', '+123456', '+1234567890123456', '']) {
      expect({ bad, code: await insert(bad) }).toEqual({ bad, code: '23514' })
    }
  })
})
