// What the realtime server needs to know about tables and roles, read from the
// catalog once and kept until the next resync (after migrations or a
// publication change): keys, column types, RLS, and which columns each role
// may select.
import type { Database } from '../db.ts'

export type ColumnInfo = {
  name: string
  /** pg_type.typname, the spelling realtime-js converts values by (int4, bool, timestamptz, …). */
  type: string
  /** The type as SQL spells it, for casts. */
  sqlType: string
}

export type TableInfo = {
  schema: string
  table: string
  oid: string
  rls: boolean
  columns: ColumnInfo[]
  pk: string[]
  published: boolean
  hasUserId: boolean
}

const tableKey = (schema: string, table: string) => `${schema}.${table}`

const TABLE_COLUMNS = `
  select n.nspname as schema, c.relname as "table", c.oid::text as oid, c.relrowsecurity as rls,
    coalesce((
      select jsonb_agg(jsonb_build_object('name', a.attname, 'type', t.typname,
                                          'sqlType', pg_catalog.format_type(a.atttypid, null)) order by a.attnum)
      from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    ), '[]'::jsonb)::text as columns,
    coalesce((
      select jsonb_agg(a.attname order by k.ord)
      from pg_catalog.pg_index i
      cross join lateral unnest(i.indkey::int2[]) with ordinality as k(attnum, ord)
      join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
      where i.indrelid = c.oid and i.indisprimary
    ), '[]'::jsonb)::text as pk,
    exists (
      select 1 from pg_catalog.pg_publication_tables p
      where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname
    ) as published
  from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p')`

type TableRow = { schema: string; table: string; oid: string; rls: boolean; columns: string; pk: string; published: boolean }

const toTable = (r: TableRow): TableInfo => {
  const columns = JSON.parse(r.columns) as ColumnInfo[]
  return {
    schema: r.schema,
    table: r.table,
    oid: r.oid,
    rls: r.rls,
    columns,
    pk: JSON.parse(r.pk) as string[],
    published: r.published,
    hasUserId: columns.some((c) => c.name === 'user_id'),
  }
}

export class Catalog {
  private tables = new Map<string, TableInfo>()
  private roles = new Set<string>()
  private selectable = new Map<string, string[]>()
  private captured = new Set<string>()

  constructor(private readonly db: Database) {}

  /** Forgets everything and reads the published tables and the roles again. */
  async reset(captured: { schema: string; table: string }[]): Promise<void> {
    const [tables, roles] = await Promise.all([
      this.db.query<TableRow>(`${TABLE_COLUMNS} and exists (
        select 1 from pg_catalog.pg_publication_tables p
        where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname)`),
      this.db.query<{ rolname: string }>('select rolname from pg_catalog.pg_roles'),
    ])
    this.tables = new Map(tables.rows.map((r) => [tableKey(r.schema, r.table), toTable(r)]))
    this.roles = new Set(roles.rows.map((r) => r.rolname))
    this.selectable = new Map()
    this.captured = new Set(captured.map((t) => tableKey(t.schema, t.table)))
  }

  isCaptured(schema: string, table: string): boolean {
    return this.captured.has(tableKey(schema, table))
  }

  cached(schema: string, table: string): TableInfo | undefined {
    return this.tables.get(tableKey(schema, table))
  }

  /** Loads tables not seen yet (a missing one is looked for again next time: it may be created meanwhile). */
  async load(names: { schema: string; table: string }[]): Promise<void> {
    const missing = names.filter((n) => !this.tables.has(tableKey(n.schema, n.table)))
    if (missing.length === 0) return
    const { rows } = await this.db.query<TableRow>(
      `${TABLE_COLUMNS} and (n.nspname, c.relname) in (select x ->> 0, x ->> 1 from jsonb_array_elements($1::jsonb) x)`,
      [JSON.stringify(missing.map((n) => [n.schema, n.table]))],
    )
    for (const r of rows) this.tables.set(tableKey(r.schema, r.table), toTable(r))
  }

  async table(schema: string, table: string): Promise<TableInfo | null> {
    await this.load([{ schema, table }])
    return this.tables.get(tableKey(schema, table)) ?? null
  }

  async roleExists(role: string): Promise<boolean> {
    if (this.roles.has(role)) return true
    // A role created after the last resync.
    const { rows } = await this.db.query<{ ok: boolean }>('select exists (select 1 from pg_catalog.pg_roles where rolname = $1) as ok', [role])
    if (rows[0]?.ok) this.roles.add(role)
    return rows[0]?.ok === true
  }

  /** Columns `role` may select, in table order; load them first with ensureSelectable. */
  selectableColumns(table: TableInfo, role: string): string[] {
    return this.selectable.get(`${table.oid}|${role}`) ?? []
  }

  async ensureSelectable(pairs: { table: TableInfo; role: string }[]): Promise<void> {
    const seen = new Set<string>()
    const missing: [string, string][] = []
    for (const { table, role } of pairs) {
      const key = `${table.oid}|${role}`
      if (this.selectable.has(key) || seen.has(key)) continue
      seen.add(key)
      missing.push([table.oid, role])
    }
    if (missing.length === 0) return
    const { rows } = await this.db.query<{ oid: string; role: string; cols: string }>(
      `select x ->> 0 as oid, x ->> 1 as role,
              coalesce(jsonb_agg(a.attname order by a.attnum)
                filter (where pg_catalog.has_column_privilege((x ->> 1)::name, a.attrelid, a.attnum, 'SELECT')), '[]'::jsonb)::text as cols
       from jsonb_array_elements($1::jsonb) x
       join pg_catalog.pg_attribute a on a.attrelid = (x ->> 0)::oid and a.attnum > 0 and not a.attisdropped
       group by 1, 2`,
      [JSON.stringify(missing)],
    )
    for (const [oid, role] of missing) this.selectable.set(`${oid}|${role}`, [])
    for (const r of rows) this.selectable.set(`${r.oid}|${r.role}`, JSON.parse(r.cols) as string[])
  }
}
