// One database interface over PGlite (embedded, the default) and any real
// PostgreSQL URL, so every layer of the stack runs the same SQL on both.
import { PGlite } from '@electric-sql/pglite'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { EventEmitter } from 'node:events'
import pg from 'pg'
import { createFromImage } from './pglite-image.ts'

export type Row = Record<string, unknown>
export type QueryResult<R extends Row = Row> = { rows: R[]; affectedRows: number }

export type Queryable = {
  query<R extends Row = Row>(sql: string, params?: unknown[]): Promise<QueryResult<R>>
}

export type TransactionOptions = {
  /** SQL without parameters (values escaped with sqlLiteral) sent with BEGIN in one round trip. */
  prelude?: string
  /** The transaction only reads: its result is handed back without waiting for COMMIT. */
  readOnly?: boolean
}

export type Database = Queryable & {
  readonly kind: 'pglite' | 'postgres'
  /** Runs fn inside BEGIN/COMMIT on one connection; rolls back when fn throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, opts?: TransactionOptions): Promise<T>
  /**
   * Runs `prelude` (SQL without parameters, as in TransactionOptions) and then
   * one statement as a single transaction, committed when the statement has
   * run and rolled back when either fails, in one round trip where the driver
   * allows: on PostgreSQL both go out in one write as one implicit
   * transaction of the extended protocol (closed by its Sync).
   * Optional for wrappers (tests): without it, `transaction` with the prelude does the same.
   */
  singleStatement?<R extends Row = Row>(prelude: string, sql: string, params?: unknown[]): Promise<QueryResult<R>>
  /** Runs a script of several statements (simple protocol, no parameters). */
  exec(sql: string): Promise<void>
  /** Subscribes to NOTIFY on a channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>
  close(): Promise<void>
}

/** A string literal for SQL sent without parameters (standard_conforming_strings is on in every supported server). */
export function sqlLiteral(value: string): string {
  if (value.includes('\0')) throw new Error('NUL is not allowed in SQL text')
  return `'${value.replace(/'/g, "''")}'`
}

/** The `--db` option: `memory`, a directory for PGlite's data, or a postgres:// URL. */
export type DbTarget = { kind: 'memory' } | { kind: 'dir'; path: string } | { kind: 'url'; url: string }

export function parseDbTarget(value: string | undefined, defaultDir: string): DbTarget {
  if (!value) return { kind: 'dir', path: defaultDir }
  if (value === 'memory') return { kind: 'memory' }
  if (/^postgres(ql)?:\/\//.test(value)) return { kind: 'url', url: value }
  return { kind: 'dir', path: value }
}

export async function openDatabase(target: DbTarget): Promise<Database> {
  return target.kind === 'url' ? openPostgres(target.url) : openPglite(target.kind === 'dir' ? target.path : undefined)
}

// pg and PGlite disagree on how they hand over bigint/numeric/json values; the
// stack builds its JSON in SQL, so raw text for the rare scalar is enough.
const textParsers = Object.fromEntries([20, 1700, 114, 3802, 1082, 1083, 1114, 1184].map((oid) => [oid, (v: string) => v]))

const PGLITE_EXTENSIONS = { pgcrypto, pg_trgm, unaccent, fuzzystrmatch }

/** In memory, from the image of a fresh cluster (pglite-image.ts); in a folder, as PGlite finds it. */
function createPglite(dataDir: string | undefined): Promise<PGlite> {
  const options = { dataDir, extensions: PGLITE_EXTENSIONS, parsers: textParsers }
  if (dataDir !== undefined) return PGlite.create(options)
  return createFromImage((loadDataDir) => PGlite.create({ ...options, loadDataDir }))
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const db = await createPglite(dataDir)
  const wrap = (q: { query: PGlite['query'] }): Queryable => ({
    async query<R extends Row>(sql: string, params?: unknown[]) {
      const res = await q.query<R>(sql, params as never)
      return { rows: res.rows, affectedRows: res.affectedRows ?? 0 }
    },
  })
  const base = wrap(db)
  const stopAutoAnalyze = startAutoAnalyze(base)
  return {
    kind: 'pglite',
    query: base.query,
    transaction: (fn, opts) =>
      db.transaction(async (tx) => {
        if (opts?.prelude) await tx.exec(opts.prelude)
        return fn(wrap(tx))
      }),
    singleStatement: (prelude, sql, params) =>
      db.transaction(async (tx) => {
        await tx.exec(prelude)
        return wrap(tx).query(sql, params)
      }),
    exec: async (sql) => {
      await db.exec(sql)
    },
    listen: async (channel, cb) => {
      const unlisten = await db.listen(channel, cb)
      return async () => unlisten()
    },
    close: async () => {
      await stopAutoAnalyze()
      await db.close()
    },
  }
}

/**
 * PGlite runs no autovacuum, so tables never get planner statistics and a
 * newest-first page of 100 rows out of 10,000 is sorted from scratch (about
 * 100x slower). This applies autovacuum's analyze rule (50 changed rows plus
 * 10% of the table) every few seconds.
 */
function startAutoAnalyze(db: Queryable, everyMs = 5_000): () => Promise<void> {
  let running: Promise<void> | undefined
  const tick = () => {
    running ??= (async () => {
      const stale = await db.query<{ name: string }>(
        `select format('%I.%I', schemaname, relname) as name from pg_stat_user_tables
          where n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0)`,
      )
      for (const { name } of stale.rows) await db.query(`analyze ${name}`)
    })()
      .catch(() => undefined)
      .finally(() => {
        running = undefined
      })
  }
  const timer = setInterval(tick, everyMs)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}

async function openPostgres(url: string): Promise<Database> {
  const types = { getTypeParser: (oid: number, format?: string) => textParsers[oid] ?? pg.types.getTypeParser(oid, format as 'text') }
  const pool = new pg.Pool({ connectionString: url, max: 10, types })
  // A connection the server drops (a restart, an administrator, a database
  // stopped under a test) is an event, not a crash: without a listener Node
  // throws it and takes the whole stack down. The pool replaces idle
  // connections by itself; requests in flight fail with their own error.
  let closed = false
  const lost = (err: Error) => {
    if (!closed) console.warn(`database connection lost: ${err.message}`)
  }
  pool.on('error', lost)
  // Fail fast with a readable message rather than on the first request.
  await pool.query('select 1')
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async query<R extends Row>(sql: string, params?: unknown[]) {
      const res = await c.query(sql, params)
      return { rows: res.rows as R[], affectedRows: res.rowCount ?? 0 }
    },
  })
  const base = wrap(pool)
  const listeners = new Map<string, Set<(p: string) => void>>()
  const subscribed = new Map<string, Promise<unknown>>()
  // One dedicated connection for every LISTEN; concurrent first calls share it
  // (two would leak one, and pool.end() would then wait forever).
  let listenClient: Promise<pg.PoolClient> | undefined
  // Takes this module's error listener off the listening connection when close() hands it back to the pool, which
  // then answers for it: a connection the server drops while the pool ends is released once, never twice.
  let unwatch: (() => void) | undefined
  // After a lost LISTEN connection: listen again on a new one, retrying each second while the server is away.
  const relisten = () => {
    if (closed || listeners.size === 0) return
    const channels = [...listeners.keys()]
    const again = listenConnection().then((client) => Promise.all(channels.map((c) => client.query(`listen ${pg.escapeIdentifier(c)}`))))
    for (const c of channels) subscribed.set(c, again)
    again.catch(() => {
      listenClient = undefined
      setTimeout(relisten, 1_000)
    })
  }
  const listenConnection = () =>
    (listenClient ??= pool.connect().then((client) => {
      // Checked out for good, so the pool's own listener no longer covers it.
      let gone = false
      const onError = (err: Error) => {
        if (gone || closed) return
        gone = true
        lost(err)
        client.release(err)
        listenClient = undefined
        relisten()
      }
      client.on('error', onError)
      unwatch = () => client.off('error', onError)
      client.on('notification', (n) => {
        for (const f of listeners.get(n.channel) ?? []) f(n.payload ?? '')
      })
      return client
    }))
  return {
    kind: 'postgres',
    query: base.query,
    async transaction(fn, opts) {
      const client = await pool.connect()
      let handedOff = false
      try {
        // Each round trip costs more than the statements themselves: BEGIN carries the prelude.
        await client.query(opts?.prelude ? `begin; ${opts.prelude}` : 'begin')
        const out = await fn(wrap(client))
        if (opts?.readOnly) {
          // Nothing to make durable: answer now; the connection returns to the pool once COMMIT is done.
          handedOff = true
          client.query('commit').then(
            () => client.release(),
            (e: Error) => client.release(e),
          )
          return out
        }
        await client.query('commit')
        return out
      } catch (e) {
        await client.query('rollback').catch(() => undefined)
        throw e
      } finally {
        if (!handedOff) client.release()
      }
    },
    async singleStatement<R extends Row>(prelude: string, sql: string, params?: unknown[]) {
      const client = await pool.connect()
      let broken: Error | undefined
      try {
        const query = new PreludedQuery(prelude, sql, params ?? [], (oid) => types.getTypeParser(oid, 'text') as (v: string) => unknown)
        client.query(query as unknown as pg.Submittable)
        const res = await query.result
        return { rows: res.rows as R[], affectedRows: res.affectedRows }
      } catch (e) {
        // Errors the server reported end the implicit transaction at Sync; anything else leaves the connection unusable.
        if (!(e instanceof pg.DatabaseError)) broken = e instanceof Error ? e : new Error(String(e))
        throw e
      } finally {
        client.release(broken)
      }
    },
    exec: async (sql) => {
      await pool.query(sql)
    },
    async listen(channel, cb) {
      let set = listeners.get(channel)
      if (!set) {
        set = new Set()
        listeners.set(channel, set)
        subscribed.set(
          channel,
          listenConnection().then((client) => client.query(`listen ${pg.escapeIdentifier(channel)}`)),
        )
      }
      set.add(cb)
      await subscribed.get(channel)
      return async () => {
        set.delete(cb)
      }
    },
    async close() {
      closed = true
      const listening = listenClient ? await listenClient.catch(() => undefined) : undefined
      unwatch?.()
      listening?.release()
      await pool.end()
    },
  }
}

/** pg's own conversion of parameters to their text form (Date, Buffer, arrays, objects as JSON), as its Query binds them. */
const pgUtils = (pg as unknown as { utils: { prepareValue(v: unknown): unknown } }).utils

type WireConnection = {
  stream: { cork?(): void; uncork?(): void }
  parse(msg: { text: string; name?: string; types?: number[] }): void
  bind(msg: { portal?: string; statement?: string; values?: unknown[]; valueMapper?: (v: unknown) => unknown }): void
  describe(msg: { type: 'P' | 'S'; name?: string }): void
  execute(msg: { portal?: string; rows?: number }): void
  sync(): void
}
type FieldDescription = { name: string; dataTypeID: number }

/**
 * A pg Submittable (the interface pg-cursor uses): the prelude and the
 * statement as Parse/Bind/Execute messages followed by a single Sync, sent in
 * one write. Without BEGIN they form one implicit transaction; the server
 * handles the messages in order, so the statement is parsed, planned and run
 * under the role and settings the prelude set (RLS included), and Sync
 * commits, or rolls back after an error, before the one ReadyForQuery.
 */
class PreludedQuery extends EventEmitter {
  readonly result: Promise<{ rows: Row[]; affectedRows: number }>
  private settle!: { resolve(v: { rows: Row[]; affectedRows: number }): void; reject(e: unknown): void }
  private completed = 0
  private fields: FieldDescription[] = []
  private parsers: Array<(v: string) => unknown> = []
  private rows: Row[] = []
  private affectedRows = 0
  private error: unknown

  constructor(
    private readonly prelude: string,
    private readonly text: string,
    private readonly values: unknown[],
    private readonly parserFor: (oid: number) => (v: string) => unknown,
  ) {
    super()
    this.result = new Promise((resolve, reject) => {
      this.settle = { resolve, reject }
    })
  }

  submit(connection: WireConnection): Error | null {
    connection.stream.cork?.()
    try {
      connection.parse({ text: this.prelude })
      connection.bind({})
      connection.execute({})
      connection.parse({ text: this.text })
      try {
        connection.bind({ values: this.values, valueMapper: pgUtils.prepareValue })
      } catch (e) {
        // A value pg cannot send: end the pipeline without running the statement.
        this.error = e
        connection.sync()
        return null
      }
      connection.describe({ type: 'P', name: '' })
      connection.execute({})
      connection.sync()
    } finally {
      connection.stream.uncork?.()
    }
    return null
  }

  handleRowDescription(msg: { fields: FieldDescription[] }) {
    this.fields = msg.fields
    this.parsers = msg.fields.map((f) => this.parserFor(f.dataTypeID))
  }

  handleDataRow(msg: { fields: Array<string | null> }) {
    // The prelude's row (sent without a description) is not part of the answer.
    if (this.completed === 0) return
    const row: Row = {}
    for (let i = 0; i < this.fields.length; i++) {
      const v = msg.fields[i]
      row[this.fields[i]!.name] = v === null || v === undefined ? null : this.parsers[i]!(v)
    }
    this.rows.push(row)
  }

  handleCommandComplete(msg: { text?: string; command?: string; rowCount?: number | null }) {
    if (this.completed++ === 1) this.affectedRows = msg.rowCount ?? 0
  }

  handleEmptyQuery() {}

  handlePortalSuspended() {}

  handleCopyInResponse() {}

  handleCopyData() {}

  /** The end of the query when anything fails: pg stops routing messages to it (the ReadyForQuery after a server error included). */
  handleError(err: unknown) {
    this.settle.reject(this.error ?? err)
  }

  handleReadyForQuery() {
    if (this.error !== undefined) this.settle.reject(this.error)
    else this.settle.resolve({ rows: this.rows, affectedRows: this.affectedRows })
  }
}
