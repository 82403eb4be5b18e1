// Turns the capture trigger's notifications into postgres_changes messages.
// Notifications arrive after commit and in commit order; they are handled in
// batches, one batch at a time, so every socket receives changes in commit
// order. Per batch: match bindings, apply filters, then check, as each
// distinct identity (role + claims), which rows it may select, in one
// transaction with the identity set as PostgREST sets it, so RLS decides
// exactly as it does for the data API. A batch whose processing fails (the
// database refused a query) is tried again after a pause, before any later
// batch, so nothing is lost to a passing failure and order is kept; after
// RETRY_DELAYS_MS run out it is given up, loudly, so one change that can
// never be processed does not hold back every later one.
import type { Database, Queryable } from '../db.ts'
import { requestContextParams, requestContextSql } from '../jwt.ts'
import type { Catalog, TableInfo } from './catalog.ts'
import type { ChangeEvent, Channel, PgBinding } from './channel.ts'
import { compareFast, compareInDatabase, holds, valueText, type SqlCheck } from './filters.ts'
import type { ChannelAuth } from './tokens.ts'

export type Change = {
  schema: string
  table: string
  type: ChangeEvent
  /** `YYYY-MM-DDTHH:MM:SS.mmmZ` */
  ts: string
  key: Record<string, unknown>
  oldKey?: Record<string, unknown>
  /** The row as written (the old row for a DELETE), when it fitted in the notification. */
  row?: Record<string, unknown>
  /** user_id of a deleted row. */
  userId?: unknown
}

type Candidate = {
  change: Change
  info: TableInfo
  channel: Channel
  /** Bindings still matching; emptied when the change must not reach the channel. */
  bindings: PgBinding[]
  /** Columns the channel's role may select, read once per batch. */
  columns: string[]
  /** The row as the channel's identity sees it (INSERT/UPDATE). */
  record?: Record<string, unknown>
}

const BATCH_SIZE = 500
/** Pauses before each retry of a failed batch: about 8 s in all, then the batch is given up. */
const RETRY_DELAYS_MS = [100, 250, 500, 1000, 2000, 4000]
const TYPES: Record<string, ChangeEvent> = { INSERT: 'INSERT', UPDATE: 'UPDATE', DELETE: 'DELETE' }

const obj = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined

export function parseNotification(payload: string): Change | 'resync' | undefined {
  let m: Record<string, unknown> | undefined
  try {
    m = obj(JSON.parse(payload))
  } catch {
    return undefined
  }
  if (!m) return undefined
  if (m.resync === true) return 'resync'
  const type = TYPES[String(m.e)]
  const key = obj(m.k)
  if (!type || typeof m.s !== 'string' || typeof m.t !== 'string' || typeof m.ts !== 'string' || !key) return undefined
  return {
    schema: m.s,
    table: m.t,
    type,
    ts: m.ts,
    key,
    oldKey: obj(m.ok),
    row: obj(m.r),
    userId: m.u,
  }
}

const keyOf = (pk: string[], row: Record<string, unknown>) => JSON.stringify(pk.map((c) => row[c] ?? null))

const pick = (row: Record<string, unknown>, columns: string[]) => {
  const out: Record<string, unknown> = {}
  for (const c of columns) if (c in row) out[c] = row[c]
  return out
}

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`

/** The rows among the given keys that the current role and claims may select, limited to its columns. */
function visibleRowsSql(info: TableInfo, columns: string[]): string {
  const types = new Map(info.columns.map((c) => [c.name, c.sqlType]))
  const keyCols = info.pk.map((c) => `t.${ident(c)}`).join(', ')
  const keyCasts = info.pk.map((c) => `(e ->> ${literal(c)})::${types.get(c)}`).join(', ')
  return (
    `select to_jsonb(x)::text as r from (select ${columns.map((c) => `t.${ident(c)}`).join(', ')} ` +
    `from ${ident(info.schema)}.${ident(info.table)} t ` +
    `where (${keyCols}) in (select ${keyCasts} from jsonb_array_elements($1::jsonb) e)) x`
  )
}

const bindingMatches = (b: PgBinding, c: Change) =>
  (b.schema === '*' || b.schema === c.schema) &&
  (b.table === undefined || b.table === '*' || b.table === c.table) &&
  (b.event === '*' || b.event === c.type)

type Group = { auth: ChannelAuth; tables: Map<string, { info: TableInfo; columns: string[]; keys: Map<string, Record<string, unknown>> }> }

export class ChangeFeed {
  private channels = new Set<Channel>()
  private queue: string[] = []
  private draining: Promise<void> | undefined
  private stopped = false
  private wake: (() => void) | undefined

  constructor(
    private readonly db: Database,
    private readonly catalog: Catalog,
    private readonly resync: () => Promise<void>,
  ) {}

  add(channel: Channel): void {
    this.channels.add(channel)
  }

  remove(channel: Channel): void {
    this.channels.delete(channel)
  }

  push(payload: string): void {
    if (this.stopped) return
    this.queue.push(payload)
    this.draining ??= this.startDrain()
  }

  private startDrain(): Promise<void> {
    return this.drain().finally(() => {
      // A notification pushed after drain() found the queue empty, but before this ran, saw a drain
      // still running and started none: it is drained now rather than when the next one comes.
      this.draining = this.queue.length > 0 && !this.stopped ? this.startDrain() : undefined
    })
  }

  /** Stops taking notifications and waits for the batch in hand. */
  async stop(): Promise<void> {
    this.stopped = true
    this.queue = []
    this.wake?.()
    await this.draining
  }

  private async drain(): Promise<void> {
    // Let the notifications of one commit gather into one batch.
    await new Promise((resolve) => setImmediate(resolve))
    while (this.queue.length > 0 && !this.stopped) {
      const raw = this.queue.splice(0, BATCH_SIZE)
      let batch: Change[] = []
      let resynced = false
      for (const payload of raw) {
        const parsed = parseNotification(payload)
        if (parsed === 'resync') {
          // Changes before the schema change are delivered with the schema they were made under.
          await this.run(batch)
          batch = []
          if (!resynced) await this.resync().catch((e) => console.error('realtime: resync failed', e))
          resynced = true
        } else if (parsed) {
          batch.push(parsed)
          resynced = false
        }
      }
      await this.run(batch)
    }
  }

  /**
   * Delivers one batch, retrying it while it fails. Messages go out only at
   * the end of `process`, after every query, so a retry never repeats one.
   */
  private async run(batch: Change[]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      if (batch.length === 0 || this.channels.size === 0 || this.stopped) return
      try {
        await this.process(batch)
        return
      } catch (e) {
        if (this.stopped) return
        const delay = RETRY_DELAYS_MS[attempt]
        if (delay === undefined) {
          console.error(`realtime: gave up on ${batch.length} change(s) after ${attempt + 1} failed attempts; subscribers miss them`, e)
          return
        }
        console.warn(`realtime: could not deliver changes (attempt ${attempt + 1}), retrying in ${delay} ms: ${(e as Error).message}`)
        await this.pause(delay)
      }
    }
  }

  /** A wait that stop() cuts short. */
  private pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        resolve()
      }
      this.wake = done
    }).finally(() => {
      this.wake = undefined
    })
  }

  private async process(changes: Change[]): Promise<void> {
    const names = new Map(changes.map((c) => [`${c.schema}.${c.table}`, { schema: c.schema, table: c.table }]))
    await this.catalog.load([...names.values()])

    const candidates: Candidate[] = []
    for (const change of changes) {
      const info = this.catalog.cached(change.schema, change.table)
      if (!info || info.pk.length === 0) continue
      for (const channel of this.channels) {
        if (channel.closed) continue
        const bindings = channel.bindings.filter((b) => bindingMatches(b, change))
        if (bindings.length > 0) candidates.push({ change, info, channel, bindings, columns: [] })
      }
    }
    if (candidates.length === 0) return

    await this.catalog.ensureSelectable(candidates.map((c) => ({ table: c.info, role: c.channel.auth.role })))
    for (const c of candidates) {
      c.columns = this.catalog.selectableColumns(c.info, c.channel.auth.role)
      // A role that cannot select the key cannot be told which row changed.
      if (!c.info.pk.every((k) => c.columns.includes(k))) c.bindings = []
    }

    // Filters on the row as written, when the notification carried it.
    const deferred: Candidate[] = []
    const early: [Candidate, Record<string, unknown>][] = []
    for (const c of candidates) {
      if (c.bindings.length === 0) continue
      if (c.change.row) early.push([c, c.change.row])
      else if (c.change.type === 'DELETE') {
        const known = { ...c.change.key, ...(c.change.userId !== undefined ? { user_id: c.change.userId } : {}) }
        early.push([c, known])
      } else deferred.push(c)
    }
    await this.applyFilters(early)

    for (const c of candidates) {
      if (c.change.type === 'DELETE' && c.bindings.length > 0 && !this.mayHearOfDelete(c)) c.bindings = []
    }

    await this.checkVisibility(candidates.filter((c) => c.change.type !== 'DELETE' && c.bindings.length > 0))
    // Rows too large for the notification: filters on the row as re-read.
    await this.applyFilters(deferred.filter((c) => c.record).map((c) => [c, c.record!]))

    for (const c of candidates) {
      if (c.bindings.length === 0 || c.channel.closed) continue
      if (c.change.type !== 'DELETE' && !c.record) continue
      // Bindings that asked for other columns (`select`) get their own message.
      const bySelect = new Map<string, PgBinding[]>()
      for (const b of c.bindings) {
        const k = b.select ? JSON.stringify(b.select) : '*'
        bySelect.set(k, [...(bySelect.get(k) ?? []), b])
      }
      for (const bindings of bySelect.values()) {
        const wanted = bindings[0]!.select
        const columns = wanted ? c.columns.filter((col) => wanted.includes(col)) : c.columns
        const data: Record<string, unknown> = {
          schema: c.change.schema,
          table: c.change.table,
          commit_timestamp: c.change.ts,
          type: c.change.type,
          columns: c.info.columns.filter((col) => columns.includes(col.name)).map((col) => ({ name: col.name, type: col.type })),
        }
        // As with hosted Realtime under the default replica identity, the old
        // record holds the primary key only.
        if (c.change.type !== 'DELETE') data.record = wanted ? pick(c.record!, columns) : c.record
        if (c.change.type === 'UPDATE') data.old_record = pick(c.change.oldKey ?? c.change.key, columns)
        if (c.change.type === 'DELETE') data.old_record = pick(c.change.key, columns)
        data.errors = null
        c.channel.sink.send({
          join_ref: null,
          ref: null,
          topic: c.channel.topic,
          event: 'postgres_changes',
          payload: { ids: [...new Set(bindings.map((b) => b.id))], data },
        })
      }
    }
  }

  /**
   * A deleted row can no longer be checked against RLS. It is announced to
   * service_role; on tables with a user_id, to the identity whose `sub` owned
   * the row; on tables without RLS, to any role that may select the key.
   */
  private mayHearOfDelete(c: Candidate): boolean {
    const { role, claims } = c.channel.auth
    if (role === 'service_role') return true
    if (c.info.hasUserId) {
      const owner = c.change.userId ?? c.change.row?.user_id
      return typeof claims.sub === 'string' && owner != null && String(owner).toLowerCase() === claims.sub.toLowerCase()
    }
    return !c.info.rls
  }

  /** Drops the bindings whose conditions do not hold for the given row values. */
  private async applyFilters(items: [Candidate, Record<string, unknown>][]): Promise<void> {
    const checks: SqlCheck[] = []
    const checkIndex = new Map<string, number>()
    type Pending = { candidate: Candidate; binding: PgBinding; results: (boolean | number)[] }
    const pending: Pending[] = []
    for (const [candidate, values] of items) {
      for (const binding of candidate.bindings) {
        if (binding.conditions.length === 0) continue
        const results: (boolean | number)[] = []
        for (const cond of binding.conditions) {
          const column = candidate.info.columns.find((col) => col.name === cond.column)
          if (!column) {
            results.push(false)
            continue
          }
          const value = values[cond.column]
          const fast = compareFast(cond, column, value)
          if (fast !== undefined) {
            results.push(holds(cond, fast))
            continue
          }
          const check: SqlCheck = { op: cond.op, type: column.sqlType, val: valueText(value), arg: cond.arg }
          const k = JSON.stringify(check)
          let i = checkIndex.get(k)
          if (i === undefined) {
            i = checks.push(check) - 1
            checkIndex.set(k, i)
          }
          results.push(i)
        }
        pending.push({ candidate, binding, results })
      }
    }
    if (pending.length === 0) return
    const answers = await compareInDatabase(this.db, checks)
    for (const p of pending) {
      const ok = p.results.every((r, n) => {
        if (typeof r === 'boolean') return r
        return holds(p.binding.conditions[n]!, answers[r] ?? null)
      })
      if (!ok) p.candidate.bindings = p.candidate.bindings.filter((b) => b !== p.binding)
    }
  }

  /** Keeps INSERT/UPDATE candidates whose row their identity may select, with the row as it sees it. */
  private async checkVisibility(candidates: Candidate[]): Promise<void> {
    if (candidates.length === 0) return
    const groups = new Map<string, Group>()
    for (const c of candidates) {
      let g = groups.get(c.channel.claimsKey)
      if (!g) {
        g = { auth: c.channel.auth, tables: new Map() }
        groups.set(c.channel.claimsKey, g)
      }
      const tk = `${c.info.schema}.${c.info.table}`
      let t = g.tables.get(tk)
      if (!t) {
        t = { info: c.info, columns: c.columns, keys: new Map() }
        g.tables.set(tk, t)
      }
      t.keys.set(keyOf(c.info.pk, c.change.key), c.change.key)
    }
    const visible = await this.readVisible(groups)
    for (const c of candidates) {
      const seen = visible.get(`${c.channel.claimsKey}|${c.info.schema}.${c.info.table}|${keyOf(c.info.pk, c.change.key)}`)
      if (!seen) {
        c.bindings = []
        continue
      }
      c.record = c.change.row ? pick(c.change.row, c.columns) : seen
    }
  }

  private async readVisible(groups: Map<string, Group>): Promise<Map<string, Record<string, unknown>>> {
    const out = new Map<string, Record<string, unknown>>()
    const read = async (tx: Queryable, groupKey: string, g: Group) => {
      await tx.query(requestContextSql, requestContextParams({ role: g.auth.role, claims: g.auth.claims }))
      for (const [tk, t] of g.tables) {
        const { rows } = await tx.query<{ r: string }>(visibleRowsSql(t.info, t.columns), [JSON.stringify([...t.keys.values()])])
        for (const row of rows) {
          const rec = JSON.parse(row.r) as Record<string, unknown>
          out.set(`${groupKey}|${tk}|${keyOf(t.info.pk, rec)}`, rec)
        }
      }
    }
    try {
      // One transaction for all identities: the session user may switch roles
      // freely, and PGlite runs one statement at a time anyway.
      await this.db.transaction(async (tx) => {
        for (const [key, g] of groups) await read(tx, key, g)
      })
    } catch {
      // One identity's failure (a role gone since it joined, a policy that
      // errors) must not hide the changes from everyone else.
      out.clear()
      let failed = 0
      let lastError: unknown
      for (const [key, g] of groups) {
        try {
          await this.db.transaction((tx) => read(tx, key, g))
        } catch (e) {
          failed++
          lastError = e
          if (!this.stopped) console.warn(`realtime: RLS check failed for role ${g.auth.role}:`, (e as Error).message)
        }
      }
      // Every identity failing is the database failing: the batch is retried.
      if (failed === groups.size) throw lastError
    }
    return out
  }
}
