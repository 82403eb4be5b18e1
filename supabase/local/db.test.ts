import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openDatabase, sqlLiteral, type Database, type DbTarget } from './db.ts'
import { startTempPostgres, type TempPostgres } from '../../tests/support/postgres.ts'
import pg_, { type PoolClient } from 'pg'

const { Pool } = pg_

describe.each(['pglite', 'postgres'] as const)('database adapter on %s', (backend) => {
  let pg: TempPostgres | undefined
  let target: DbTarget

  beforeAll(async () => {
    if (backend === 'postgres') pg = await startTempPostgres()
    target = pg ? { kind: 'url', url: pg.url } : { kind: 'memory' }
  })
  afterAll(async () => {
    await pg?.stop()
  })

  /** Runs a test on a database of its own, closed however the test ends. */
  async function withDatabase(test: (db: Database) => Promise<void>): Promise<void> {
    const db = await openDatabase(target)
    try {
      await test(db)
    } finally {
      await db.close()
    }
  }

  /** A setting as a statement outside any transaction sees it: null when unset. */
  const settingOutside = async (db: Database, name: string) =>
    (await db.query<{ v: string | null }>('select current_setting($1, true) as v', [name])).rows[0]!.v || null

  it('delivers notifications to listeners subscribed concurrently, then closes', async () => {
    const db: Database = await openDatabase(target)
    const got: string[] = []
    await Promise.all([
      db.listen('chan_a', (p) => got.push(`a:${p}`)),
      db.listen('chan_b', (p) => got.push(`b:${p}`)),
      db.listen('chan_a', (p) => got.push(`a2:${p}`)),
    ])
    await db.query("select pg_notify('chan_a', 'one'), pg_notify('chan_b', 'two')")
    await expect.poll(() => got.slice().sort()).toEqual(['a2:one', 'a:one', 'b:two'])
    // A leaked connection would keep close() waiting forever.
    await db.close()
  })

  it('runs a prelude with BEGIN and answers read-only transactions before their COMMIT', () =>
    withDatabase(async (db) => {
      const tricky = `it's "quoted" \\ and {json}`
      const results = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          db.transaction(
            async (tx) => (await tx.query<{ v: string }>("select current_setting('app.probe') as v")).rows[0]!.v,
            { prelude: `select set_config('app.probe', ${sqlLiteral(`${tricky}${i}`)}, true)`, readOnly: i % 2 === 0 },
          ),
        ),
      )
      expect(results).toEqual(Array.from({ length: 25 }, (_, i) => `${tricky}${i}`))
      // The setting was local to each transaction, and every connection went back to the pool.
      expect(await settingOutside(db, 'app.probe')).toBeNull()
    }))

  it('runs a prelude and one statement as one transaction: committed when it runs, nothing kept when it fails', () =>
    withDatabase(async (db) => {
      await db.exec('create table if not exists t_single (v int primary key, who text)')
      const prelude = `select set_config('app.who', ${sqlLiteral("o'wner")}, true)`
      const insert = "insert into t_single values ($1, current_setting('app.who')), ($2, current_setting('app.who')) returning v"
      const done = await db.singleStatement!<{ v: number }>(prelude, insert, [1, 2])
      expect(done.rows.map((r) => r.v)).toEqual([1, 2])
      // The second row collides: the statement fails as a whole and its first row is not kept.
      await expect(db.singleStatement!(prelude, insert, [3, 1])).rejects.toThrow(/duplicate key/)
      // A failing prelude runs no statement.
      await expect(db.singleStatement!('select 1/0', insert, [4, 5])).rejects.toThrow(/division by zero/)
      // A value the driver cannot send fails before anything runs, and the connection stays usable.
      await expect(db.singleStatement!(prelude, insert, [6, Symbol('no') as unknown as number])).rejects.toThrow()
      expect((await db.query<{ v: number; who: string }>('select v, who from t_single order by v')).rows).toEqual([
        { v: 1, who: "o'wner" },
        { v: 2, who: "o'wner" },
      ])
      // The prelude's setting was local to its transaction.
      expect(await settingOutside(db, 'app.who')).toBeNull()
    }))

  it('rolls a failed transaction back', () =>
    withDatabase(async (db) => {
      await db.exec('create table if not exists t_tx (v int)')
      await expect(
        db.transaction(async (tx) => {
          await tx.query('insert into t_tx values (1)')
          throw new Error('stop')
        }),
      ).rejects.toThrow('stop')
      expect((await db.query<{ n: string }>('select count(*) as n from t_tx')).rows[0]!.n).toBe('0')
    }))
})

describe('Postgres adapter', () => {
  let pg: TempPostgres
  beforeAll(async () => {
    pg = await startTempPostgres()
  })
  afterAll(async () => {
    await pg?.stop()
  })

  it('outlives connections the server drops: queries go on and listeners hear again', async () => {
    const db = await openDatabase({ kind: 'url', url: pg.url })
    const admin = await openDatabase({ kind: 'url', url: pg.url })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const uncaught: unknown[] = []
    const onUncaught = (e: unknown) => uncaught.push(e)
    process.on('uncaughtException', onUncaught)
    try {
      const got: string[] = []
      await db.listen('chan_lost', (p) => got.push(p))
      // Idle pooled connections too, not only the one listening.
      await Promise.all(Array.from({ length: 4 }, () => db.query('select pg_sleep(0.05)')))
      const { rows } = await admin.query<{ n: number }>(
        "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'",
      )
      expect(rows[0]!.n).toBeGreaterThanOrEqual(2)
      await expect.poll(() => warn.mock.calls.length).toBeGreaterThanOrEqual(1)
      expect(String(warn.mock.calls[0]![0])).toContain('database connection lost')
      // A request may still meet a connection killed a moment ago and fail; the pool then replaces it.
      await expect.poll(() => db.query<{ v: number }>('select 1 as v').then((r) => r.rows[0]!.v, () => 'failed')).toBe(1)
      await expect
        .poll(async () => {
          await admin.query("select pg_notify('chan_lost', 'again')")
          return got.includes('again')
        }, { timeout: 10_000 })
        .toBe(true)
      expect(uncaught).toEqual([])
    } finally {
      process.off('uncaughtException', onUncaught)
      warn.mockRestore()
      await db.close()
      await admin.close()
    }
  })

  it('hands the listening connection back to the pool on close, and leaves its errors to the pool', async () => {
    // A connection the server dropped while the pool was ending was released a second time by this module's own error
    // listener, which threw "Release called on client which has already been released" out of the event.
    const connect = vi.spyOn(Pool.prototype, 'connect')
    try {
      const db = await openDatabase({ kind: 'url', url: pg.url })
      await db.listen('chan_closing', () => undefined)
      // The pool's own queries connect with a callback and return nothing; the checked-out connections are promised.
      const clients = await Promise.all(connect.mock.results.map((result) => result.value as Promise<PoolClient> | undefined))
      const listening = clients.filter((client): client is PoolClient => client !== undefined && client.listenerCount('notification') > 0)
      expect(listening).toHaveLength(1)
      const watching = listening[0]!.listeners('error')
      await db.close()
      // Whatever listens for its errors now is the pool's, none of what listened while it was checked out.
      expect(listening[0]!.listeners('error').filter((listener) => watching.includes(listener))).toEqual([])
    } finally {
      connect.mockRestore()
    }
  })
})

describe('PGlite adapter', () => {
  it('gives changed tables planner statistics, as autovacuum would', async () => {
    const db = await openDatabase({ kind: 'memory' })
    try {
      await db.exec('create table t_stats (v int); insert into t_stats select generate_series(1, 2000)')
      await expect
        .poll(
          async () =>
            (await db.query<{ analyzed: boolean }>(
              "select last_analyze is not null as analyzed from pg_stat_user_tables where relname = 't_stats'",
            )).rows[0]?.analyzed,
          { timeout: 30_000, interval: 500 },
        )
        .toBe(true)
    } finally {
      await db.close()
    }
  })
})
