// What the data API knows about the database: tables and views with their
// columns, keys and foreign keys, and the callable functions of the exposed
// schemas. Read from the catalogs once, kept in memory, and reloaded on
// `NOTIFY pgrst, 'reload schema'` as PostgREST does, so requests never touch
// the catalogs themselves.
import type { Database } from '../db.ts'
import { ambiguousRelationship, noRelationship, type AmbiguousCandidate } from './errors.ts'

export type Column = {
  name: string
  /** The type as `format_type` spells it with an empty search_path (schema-qualified unless pg_catalog). */
  type: string
  nullable: boolean
  /** The default expression, for `Prefer: missing=default`. */
  default: string | null
  generated: boolean
}

export type ForeignKey = {
  name: string
  /** `schema.name` keys of the referencing and referenced relations. */
  table: string
  columns: string[]
  refTable: string
  refColumns: string[]
}

export type Relation = {
  schema: string
  name: string
  key: string
  kind: 'table' | 'view' | 'materialized_view' | 'foreign_table' | 'partitioned_table'
  columns: Column[]
  columnMap: Map<string, Column>
  pk: string[]
  uniques: string[][]
  outgoing: ForeignKey[]
  incoming: ForeignKey[]
}

export type RoutineParam = { name: string; type: string; hasDefault: boolean; variadic: boolean }

export type Routine = {
  schema: string
  name: string
  params: RoutineParam[]
  returnType: string
  returnsSet: boolean
  returns: 'void' | 'scalar' | 'composite'
  /** Output columns of a composite result. */
  returnColumns: Column[]
  /** The table or view whose row type is returned, when there is one (enables embedding). */
  returnRelation: string | null
  volatility: 'immutable' | 'stable' | 'volatile'
}

export type SchemaCache = {
  schemas: readonly string[]
  relations: Map<string, Relation>
  routines: Map<string, Routine[]>
}

export type Relationship = {
  constraint: string
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many'
  toOne: boolean
  parent: Relation
  child: Relation
  /** Pairs of [parent column, child column] that must be equal (direct relationships). */
  pairs: [string, string][]
  /** For many-to-many: the junction and how each side meets it. */
  junction?: {
    relation: Relation
    /** [parent column, junction column] */
    parentPairs: [string, string][]
    /** [child column, junction column] */
    childPairs: [string, string][]
    childConstraint: string
  }
}

export const relationKey = (schema: string, name: string) => `${schema}.${name}`

type RawColumn = { name: string; type: string; nullable: boolean; default: string | null; generated: boolean }
type RawDoc = {
  relations: { schema: string; name: string; kind: string; columns: RawColumn[] }[]
  constraints: {
    name: string
    type: 'p' | 'u' | 'f'
    schema: string
    table: string
    columns: string[]
    refSchema: string | null
    refTable: string | null
    refColumns: string[] | null
  }[]
  routines: {
    schema: string
    name: string
    args: { name: string; type: string; mode: string }[]
    nDefaults: number
    returnType: string
    returnTypType: string
    returnsSet: boolean
    volatility: 'i' | 's' | 'v'
    returnRelSchema: string | null
    returnRelName: string | null
    returnRelKind: string | null
    returnColumns: { name: string; type: string }[] | null
  }[]
}

// One statement, answered as one JSON document. Run with an empty search_path
// so format_type() and pg_get_expr() qualify every name outside pg_catalog.
const CATALOG_SQL = `
with named as not materialized (
  -- Every relation with its schema: those exposed, those constraints are on or point to, those functions return.
  select c.oid, n.nspname as schema, c.relname as name, c.relkind as kind
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
),
rels as (
  select * from named where schema = any($1::text[]) and kind in ('r', 'v', 'm', 'f', 'p')
)
select json_build_object(
  'relations', (select coalesce(json_agg(json_build_object(
      'schema', r.schema, 'name', r.name, 'kind', r.kind,
      'columns', (select coalesce(json_agg(json_build_object(
          'name', a.attname,
          'type', format_type(a.atttypid, a.atttypmod),
          'nullable', not a.attnotnull,
          'default', case
            when a.attidentity in ('a', 'd') then
              format('nextval(%L::regclass)', pg_get_serial_sequence(format('%I.%I', r.schema, r.name), a.attname))
            when a.attgenerated = '' then pg_get_expr(d.adbin, d.adrelid)
          end,
          'generated', a.attgenerated <> ''
        ) order by a.attnum), '[]'::json)
        from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where a.attrelid = r.oid and a.attnum > 0 and not a.attisdropped)
    )), '[]'::json) from rels r),
  'constraints', (select coalesce(json_agg(json_build_object(
      'name', con.conname, 'type', con.contype, 'schema', c.schema, 'table', c.name,
      'columns', (select json_agg(a.attname order by k.ord)
                  from unnest(con.conkey) with ordinality k(num, ord)
                  join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num),
      'refSchema', f.schema, 'refTable', f.name,
      'refColumns', (select json_agg(a.attname order by k.ord)
                     from unnest(con.confkey) with ordinality k(num, ord)
                     join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num)
    )), '[]'::json)
    from pg_constraint con
    join named c on c.oid = con.conrelid
    left join named f on f.oid = con.confrelid
    where con.contype in ('p', 'u', 'f') and c.schema = any($1::text[])),
  'routines', (select coalesce(json_agg(json_build_object(
      'schema', n.nspname, 'name', p.proname,
      'args', (select coalesce(json_agg(json_build_object(
                  'name', coalesce(p.proargnames[u.i], ''),
                  'type', format_type(u.t, null),
                  'mode', coalesce(p.proargmodes[u.i]::text, 'i')) order by u.i), '[]'::json)
               from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, i)),
      'nDefaults', p.pronargdefaults,
      'returnType', format_type(p.prorettype, null),
      'returnTypType', t.typtype,
      'returnsSet', p.proretset,
      'volatility', p.provolatile,
      'returnRelSchema', ret.schema, 'returnRelName', ret.name, 'returnRelKind', ret.kind,
      'returnColumns', case when t.typrelid <> 0 then (
          select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
          from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped) end
    )), '[]'::json)
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    join pg_type t on t.oid = p.prorettype
    left join named ret on ret.oid = t.typrelid
    where n.nspname = any($1::text[]) and p.prokind = 'f'
      and t.typname not in ('trigger', 'event_trigger'))
)::text as doc`

const RELATION_KINDS: Record<string, Relation['kind']> = {
  r: 'table',
  v: 'view',
  m: 'materialized_view',
  f: 'foreign_table',
  p: 'partitioned_table',
}

const pgArrayLiteral = (items: readonly string[]) => `{${items.map((s) => `"${s.replace(/["\\]/g, '\\$&')}"`).join(',')}}`

export async function loadSchemaCache(db: Database, schemas: readonly string[]): Promise<SchemaCache> {
  const doc = await db.transaction(async (tx) => {
    await tx.query("select set_config('search_path', '', true)")
    const res = await tx.query<{ doc: string }>(CATALOG_SQL, [pgArrayLiteral(schemas)])
    return JSON.parse(res.rows[0]!.doc) as RawDoc
  })
  return buildSchemaCache(doc, schemas)
}

function buildSchemaCache(doc: RawDoc, schemas: readonly string[]): SchemaCache {
  const relations = new Map<string, Relation>()
  for (const r of doc.relations) {
    const columns: Column[] = r.columns.map((c) => ({ ...c }))
    const key = relationKey(r.schema, r.name)
    relations.set(key, {
      schema: r.schema,
      name: r.name,
      key,
      kind: RELATION_KINDS[r.kind] ?? 'table',
      columns,
      columnMap: new Map(columns.map((c) => [c.name, c])),
      pk: [],
      uniques: [],
      outgoing: [],
      incoming: [],
    })
  }
  for (const con of doc.constraints) {
    const rel = relations.get(relationKey(con.schema, con.table))
    if (!rel || !con.columns) continue
    if (con.type === 'p') {
      rel.pk = con.columns
      rel.uniques.push(con.columns)
    } else if (con.type === 'u') rel.uniques.push(con.columns)
    else if (con.refSchema && con.refTable && con.refColumns) {
      const target = relations.get(relationKey(con.refSchema, con.refTable))
      if (!target) continue
      const fk: ForeignKey = { name: con.name, table: rel.key, columns: con.columns, refTable: target.key, refColumns: con.refColumns }
      rel.outgoing.push(fk)
      target.incoming.push(fk)
    }
  }
  const routines = new Map<string, Routine[]>()
  for (const r of doc.routines) {
    const inputs = r.args.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v')
    const outputs = r.args.filter((a) => a.mode === 'o' || a.mode === 'b' || a.mode === 't')
    const firstDefault = inputs.length - r.nDefaults
    const params: RoutineParam[] = inputs.map((a, i) => ({
      name: a.name,
      type: a.type,
      hasDefault: i >= firstDefault,
      variadic: a.mode === 'v',
    }))
    let returns: Routine['returns'] = 'scalar'
    let returnColumns: Column[] = []
    if (r.returnType === 'void') returns = 'void'
    else if (r.returnTypType === 'c') {
      returns = 'composite'
      returnColumns = (r.returnColumns ?? []).map(toColumn)
    } else if (r.returnType === 'record' && outputs.length > 0) {
      returns = 'composite'
      returnColumns = outputs.map(toColumn)
    }
    const returnRelation =
      r.returnRelSchema && r.returnRelName && r.returnRelKind !== 'c' ? relationKey(r.returnRelSchema, r.returnRelName) : null
    const routine: Routine = {
      schema: r.schema,
      name: r.name,
      params,
      returnType: r.returnType,
      returnsSet: r.returnsSet,
      returns,
      returnColumns,
      returnRelation: returnRelation && relations.has(returnRelation) ? returnRelation : null,
      volatility: r.volatility === 'i' ? 'immutable' : r.volatility === 's' ? 'stable' : 'volatile',
    }
    const key = relationKey(r.schema, r.name)
    const list = routines.get(key)
    if (list) list.push(routine)
    else routines.set(key, [routine])
  }
  return { schemas, relations, routines }
}

const toColumn = (c: { name: string; type: string }): Column => ({
  name: c.name,
  type: c.type,
  nullable: true,
  default: null,
  generated: false,
})

/** A lazily loaded cache that a NOTIFY (or a direct call) replaces. */
export type SchemaCacheHolder = {
  get(): Promise<SchemaCache>
  reload(): Promise<void>
}

export function createSchemaCacheHolder(db: Database, schemas: readonly string[]): SchemaCacheHolder {
  let current: Promise<SchemaCache> | undefined
  let generation = 0
  const load = () => {
    const gen = ++generation
    const p = loadSchemaCache(db, schemas)
    // A failed load is forgotten so the next request retries it.
    p.catch(() => {
      if (generation === gen) current = undefined
    })
    return p
  }
  return {
    get: () => (current ??= load()),
    async reload() {
      const next = load()
      current = next
      await next
    },
  }
}

// Relationships ---------------------------------------------------------------------

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x))
const isUnique = (rel: Relation, cols: string[]) => rel.uniques.some((u) => sameSet(u, cols))

const zipColumns = (a: string[], b: string[]): [string, string][] => a.map((c, i) => [c, b[i]!])

/**
 * The relationship one foreign key makes, seen from `parent`: outgoing when the
 * key is the parent's own (to-one), incoming when the child holds it (to-many
 * unless the child's columns are unique).
 */
function direct(parent: Relation, child: Relation, fk: ForeignKey, side: 'outgoing' | 'incoming'): Relationship {
  const outgoing = side === 'outgoing'
  const oneToOne = isUnique(outgoing ? parent : child, fk.columns)
  return {
    constraint: fk.name,
    cardinality: oneToOne ? 'one-to-one' : outgoing ? 'many-to-one' : 'one-to-many',
    toOne: outgoing || oneToOne,
    parent,
    child,
    pairs: outgoing ? zipColumns(fk.columns, fk.refColumns) : zipColumns(fk.refColumns, fk.columns),
  }
}

function candidates(cache: SchemaCache, parent: Relation): Relationship[] {
  const out: Relationship[] = []
  for (const fk of parent.outgoing) {
    const child = cache.relations.get(fk.refTable)
    if (child) out.push(direct(parent, child, fk, 'outgoing'))
  }
  for (const fk of parent.incoming) {
    const child = cache.relations.get(fk.table)
    if (!child) continue
    out.push(direct(parent, child, fk, 'incoming'))
    // A junction: a table whose keys hold a foreign key to the parent and another to the target.
    for (const other of child.outgoing) {
      if (other.name === fk.name) continue
      const target = cache.relations.get(other.refTable)
      if (!target || target.key === parent.key) continue
      const keyCols = [...fk.columns, ...other.columns]
      const covered = child.uniques.some((u) => keyCols.every((c) => u.includes(c)))
      if (!covered) continue
      out.push({
        constraint: fk.name,
        cardinality: 'many-to-many',
        toOne: false,
        parent,
        child: target,
        pairs: [],
        junction: {
          relation: child,
          parentPairs: zipColumns(fk.refColumns, fk.columns),
          childPairs: zipColumns(other.refColumns, other.columns),
          childConstraint: other.name,
        },
      })
    }
  }
  return out
}

/**
 * PostgREST's findRel for `parent?select=target!hint(...)`: the target is a
 * table name, a foreign-key column of the parent or a constraint name; the hint
 * narrows by constraint name or by the single column on either side. A
 * self-reference reads as one-to-many under the table's name and as
 * many-to-one under the column's name.
 */
export function findRelationship(cache: SchemaCache, parent: Relation, target: string, hint: string | undefined): Relationship {
  const found = candidates(cache, parent).filter((r) => {
    if (r.child.schema !== parent.schema) return false
    const single = r.pairs.length === 1 ? r.pairs[0]! : undefined
    const matchFk = (h: string) => single?.[0] === h
    const matchFkRef = (h: string) => single?.[1] === h
    if (r.child.key === parent.key) {
      if (hint === undefined) {
        return (target === r.child.name && r.cardinality === 'one-to-many') || (matchFk(target) && r.cardinality === 'many-to-one')
      }
      return target === r.child.name && r.cardinality === 'one-to-many' && matchFkRef(hint)
    }
    if (r.junction) return target === r.child.name && (hint === undefined || hint === r.junction.relation.name)
    if (hint === undefined) return target === r.child.name || r.constraint === target || matchFk(target)
    return target === r.child.name && (r.constraint === hint || matchFk(hint) || matchFkRef(hint))
  })
  if (found.length === 1) return found[0]!
  if (found.length === 0) {
    const names = [...cache.relations.values()].filter((r) => r.schema === parent.schema).map((r) => r.name)
    const suggestion = hint === undefined && !names.includes(target) ? closest(target, names) : undefined
    throw noRelationship(
      parent.name,
      target,
      parent.schema,
      hint,
      suggestion ? `Perhaps you meant '${suggestion}' instead of '${target}'.` : null,
    )
  }
  const described: AmbiguousCandidate[] = found.map((r) => {
    const j = r.junction
    return {
      cardinality: r.cardinality,
      embedding: `${parent.name} with ${r.child.name}`,
      relationship: j
        ? `${j.relation.name} using ${r.constraint}(${j.parentPairs.map((p) => p[1]).join(', ')}) and ${j.childConstraint}(${j.childPairs.map((p) => p[1]).join(', ')})`
        : `${r.constraint} using ${parent.name}(${r.pairs.map((p) => p[0]).join(', ')}) and ${r.child.name}(${r.pairs.map((p) => p[1]).join(', ')})`,
      hintName: j ? j.relation.name : r.constraint,
    }
  })
  throw ambiguousRelationship(parent.name, target, described)
}

// Fuzzy suggestions ("Perhaps you meant …") -----------------------------------------

function levenshtein(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!
    prev[0] = i
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j]!
      prev[j] = Math.min(prev[j]! + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1))
      diag = tmp
    }
  }
  return prev[b.length]!
}

/** The closest name with at least 0.75 similarity, or undefined. */
export function closest(name: string, options: Iterable<string>): string | undefined {
  let best: string | undefined
  let bestScore = 0.75
  for (const o of options) {
    if (o === name) continue
    const score = 1 - levenshtein(name.toLowerCase(), o.toLowerCase()) / Math.max(name.length, o.length, 1)
    if (score >= bestScore) {
      best = o
      bestScore = score
    }
  }
  return best
}
