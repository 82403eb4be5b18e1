import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, sqlLiteral, type Database, type DbTarget } from './db.ts'
import { startTempPostgres, type TempPostgres } from '../../tests/support/postgres.ts'

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

  it('runs a prelude with BEGIN and answers read-only transactions before their COMMIT', async () => {
    const db = await openDatabase(target)
    try {
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
      expect((await db.query<{ v: string | null }>("select current_setting('app.probe', true) as v")).rows[0]!.v || null).toBeNull()
    } finally {
      await db.close()
    }
  })

  it('rolls a failed transaction back', async () => {
    const db = await openDatabase(target)
    try {
      await db.exec('create table if not exists t_tx (v int)')
      await expect(
        db.transaction(async (tx) => {
          await tx.query('insert into t_tx values (1)')
          throw new Error('stop')
        }),
      ).rejects.toThrow('stop')
      expect((await db.query<{ n: string }>('select count(*) as n from t_tx')).rows[0]!.n).toBe('0')
    } finally {
      await db.close()
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
