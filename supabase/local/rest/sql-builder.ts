// Turns a parsed request into one SQL statement that answers it, in the shape
// PostgREST generates: the rows come from a `pgrst_source` CTE, embeds are
// LATERAL joins aggregated with row_to_json / json_agg, and the outer select
// returns the page size, the optional total and the response body as text
// built by Postgres. Every value is a bound parameter; every identifier is
// quoted; every column is checked against the schema cache first.
/* eslint-disable max-lines -- reads, mutations and calls share the source CTE, the embeds and the outer select; apart, each would restate them */
import {
  columnNotFound,
  invalidBody,
  notEmbedded,
  relatedOrderNotToOne,
  restError,
  undefinedColumn,
} from './errors.ts'
import type { Field, Filter, LogicTree, OrderTerm, QueryParams, Range, SelectItem } from './query-params.ts'
import { closest, findRelationship, type Column, type Relation, type Relationship, type Routine, type SchemaCache } from './schema-cache.ts'

export const ident = (name: string) => `"${name.replace(/\0.*$/s, '').replace(/"/g, '""')}"`
export const qualified = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`

/** Postgres array literal with every element quoted, as PostgREST builds for `in`. */
export const arrayLiteral = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/\0.*$/s, '').replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`

type Params = { values: unknown[]; add(v: unknown): string }

const createParams = (): Params => {
  const values: unknown[] = []
  return { values, add: (v) => `$${values.push(v)}` }
}

/** Where a node's rows come from and how its columns are named in SQL and in errors. */
type Source = {
  from: string
  ref: string
  /** The alias Postgres would name in "column x.y does not exist". */
  errName: string
  columns: ReadonlyMap<string, Column> | undefined
  /** The relation whose foreign keys allow embedding from here. */
  relation: Relation | undefined
  /** Expand `*` to these columns instead of `ref.*` (sources that carry bookkeeping columns). */
  starColumns?: readonly string[]
}

type Condition = { read: string; count: string }

type ReadNode = {
  source: Source
  name: string
  selects: string[]
  embeds: Embed[]
  where: Condition[]
  joinConds: string[]
  order: string[]
  range?: Range
  /** Columns of the source this node reads (to shape a mutation's RETURNING). */
  needs: Set<string> | 'all'
}

type Embed = {
  node: ReadNode
  rel: Relationship
  key: string
  relationName: string
  alias?: string
  aggAlias: string
  inner: boolean
  spread: boolean
  selected: boolean
}

type BuildCtx = { cache: SchemaCache; params: Params; counter: number }

// Fields -------------------------------------------------------------------------------

function columnOf(source: Source, name: string): void {
  if (source.columns && !source.columns.has(name)) {
    throw undefinedColumn(source.errName, name, closest(name, source.columns.keys()))
  }
}

function fieldSql(ctx: BuildCtx, source: Source, field: Field): string {
  columnOf(source, field.name)
  let sql = `${source.ref}.${ident(field.name)}`
  for (const step of field.json) {
    sql += step.index ? `${step.arrow}${ctx.params.add(step.key)}::int` : `${step.arrow}${ctx.params.add(step.key)}::text`
  }
  return sql
}

// Filters ------------------------------------------------------------------------------

const OPERATORS: Record<string, string> = {
  eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike', match: '~', imatch: '~*',
  cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-',
}
const FTS_FUNCTIONS: Record<string, string> = {
  fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery',
}
const IS_SQL: Record<string, string> = { null: 'NULL', not_null: 'NOT NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' }

function filterSql(ctx: BuildCtx, node: ReadNode, f: Filter): Condition {
  const { operation: op } = f
  // `embed=is.null` / `embed=not.is.null` tests the embedded resource itself.
  if (f.field.json.length === 0 && op.kind === 'is' && op.value === 'null') {
    const embed = node.embeds.find((e) => e.key === f.field.name || e.relationName === f.field.name)
    if (embed) {
      // A to-one embed's whole row is NULL when nothing joined; a to-many one aggregates to a NULL array.
      const agg = ident(embed.aggAlias)
      return {
        read: embed.rel.toOne
          ? `${agg} IS ${f.negate ? '' : 'NOT '}DISTINCT FROM NULL`
          : `${agg}.${agg} IS ${f.negate ? 'NOT ' : ''}NULL`,
        count: `${f.negate ? '' : 'NOT '}EXISTS (${countSql(embed.node)})`,
      }
    }
  }
  const lhs = fieldSql(ctx, node.source, f.field)
  const p = ctx.params.add
  let rhs: string
  switch (op.kind) {
    case 'op': {
      const value = op.op === 'like' || op.op === 'ilike' ? op.value.replace(/\*/g, '%') : op.value
      rhs = ` ${OPERATORS[op.op]} ${op.quant ? `${op.quant.toUpperCase()}(${p(value)})` : p(value)}`
      break
    }
    case 'in':
      rhs = op.values.length === 1 && op.values[0] === '' ? " = ANY('{}')" : ` = ANY (${p(arrayLiteral(op.values))})`
      break
    case 'is':
      rhs = ` IS ${IS_SQL[op.value]}`
      break
    case 'isdistinct':
      rhs = ` IS DISTINCT FROM ${p(op.value)}`
      break
    case 'fts':
      rhs = ` @@ ${FTS_FUNCTIONS[op.op]}(${op.lang ? `${p(op.lang)}::regconfig, ` : ''}${p(op.value)})`
      break
  }
  const sql = `${f.negate ? 'NOT ' : ''}${lhs}${rhs}`
  return { read: sql, count: sql }
}

function logicSql(ctx: BuildCtx, node: ReadNode, tree: LogicTree): Condition {
  if (tree.kind === 'filter') return filterSql(ctx, node, tree.filter)
  const parts = tree.children.map((t) => logicSql(ctx, node, t))
  const join = tree.op === 'and' ? ' AND ' : ' OR '
  const wrap = (xs: string[]) => `${tree.negate ? 'NOT ' : ''}(${xs.join(join)})`
  return { read: wrap(parts.map((x) => x.read)), count: wrap(parts.map((x) => x.count)) }
}

function orderSql(ctx: BuildCtx, node: ReadNode, term: OrderTerm): string {
  let expr: string
  if (term.relation !== undefined) {
    const embed = node.embeds.find((e) => e.key === term.relation || e.relationName === term.relation)
    if (!embed) throw notEmbedded(term.relation)
    if (!embed.rel.toOne) throw relatedOrderNotToOne(node.name, term.relation)
    expr = fieldSql(ctx, { ...embed.node.source, ref: ident(embed.aggAlias), columns: undefined }, term.field)
  } else {
    expr = fieldSql(ctx, node.source, term.field)
  }
  const dir = term.direction ? ` ${term.direction.toUpperCase()}` : ''
  const nulls = term.nulls ? ` NULLS ${term.nulls.toUpperCase()}` : ''
  return `${expr}${dir}${nulls}`
}

// Read plan -----------------------------------------------------------------------------

function planSelect(ctx: BuildCtx, source: Source, name: string, items: SelectItem[]): ReadNode {
  const node: ReadNode = { source, name, selects: [], embeds: [], where: [], joinConds: [], order: [], needs: new Set() }
  const need = (col: string) => {
    if (node.needs !== 'all') node.needs.add(col)
  }
  for (const item of items) {
    if (item.kind === 'star') {
      node.needs = 'all'
      if (source.starColumns) node.selects.push(...source.starColumns.map((c) => `${source.ref}.${ident(c)}`))
      else node.selects.push(`${source.ref}.*`)
    } else if (item.kind === 'field') {
      let sql = fieldSql(ctx, source, item.field)
      need(item.field.name)
      if (item.cast) sql = `CAST(${sql} AS ${item.cast})`
      const lastKey = [...item.field.json].reverse().find((s) => !s.index)?.key
      const alias = item.alias ?? (item.field.json.length ? (lastKey ?? item.field.name) : item.field.name)
      node.selects.push(`${sql} AS ${ident(alias)}`)
    } else {
      if (!source.relation) {
        throw restError(
          400,
          'PGRST200',
          `Could not find a relationship between '${name}' and '${item.relation}' in the schema cache`,
          `Searched for a foreign key relationship between '${name}' and '${item.relation}' in the schema 'public', but no matches were found.`,
        )
      }
      const rel = findRelationship(ctx.cache, source.relation, item.relation, item.hint)
      if (item.spread && !rel.toOne) {
        throw restError(
          400,
          'PGRST119',
          `A spread operation on '${item.relation}' is not possible`,
          `'${name}' and '${item.relation}' do not form a many-to-one or one-to-one relationship`,
        )
      }
      const n = ++ctx.counter
      const childAlias = `${rel.child.name}_${n}`
      const j = rel.junction
      const junctionRef = j ? ident(`${j.relation.name}_${n}`) : ''
      const child: Source = {
        from:
          `${qualified(rel.child.schema, rel.child.name)} AS ${ident(childAlias)}` +
          (j ? `, ${qualified(j.relation.schema, j.relation.name)} AS ${junctionRef}` : ''),
        ref: ident(childAlias),
        errName: childAlias,
        columns: rel.child.columnMap,
        relation: rel.child,
      }
      const key = item.alias ?? item.relation
      const childNode = planSelect(ctx, child, rel.child.name, item.children)
      if (j) {
        childNode.joinConds = [
          ...j.childPairs.map(([c, jc]) => `${child.ref}.${ident(c)} = ${junctionRef}.${ident(jc)}`),
          ...j.parentPairs.map(([p, jc]) => `${junctionRef}.${ident(jc)} = ${source.ref}.${ident(p)}`),
        ]
        for (const [p] of j.parentPairs) need(p)
      } else {
        childNode.joinConds = rel.pairs.map(([p, c]) => `${child.ref}.${ident(c)} = ${source.ref}.${ident(p)}`)
        for (const [p] of rel.pairs) need(p)
      }
      node.embeds.push({
        node: childNode,
        rel,
        key,
        relationName: item.relation,
        alias: item.alias,
        aggAlias: `${name}_${key}_${n}`,
        inner: item.inner,
        spread: item.spread,
        selected: item.children.length > 0,
      })
    }
  }
  return node
}

function findNode(root: ReadNode, path: string[]): ReadNode {
  let node = root
  for (const segment of path) {
    const next = node.embeds.find((e) => e.relationName === segment || e.alias === segment)
    if (!next) throw notEmbedded(segment)
    node = next.node
  }
  return node
}

/** Attaches filters, and/or trees, orders and ranges to the nodes they name. */
function applyQuery(ctx: BuildCtx, root: ReadNode, qp: QueryParams, opts: { rootFilters: boolean; rootOrder: boolean }) {
  for (const { path, filter } of qp.filters) {
    if (path.length === 0 && !opts.rootFilters) continue
    const node = findNode(root, path)
    node.where.push(filterSql(ctx, node, filter))
  }
  for (const { path, tree } of qp.logic) {
    if (path.length === 0 && !opts.rootFilters) continue
    const node = findNode(root, path)
    node.where.push(logicSql(ctx, node, tree))
  }
  for (const { path, terms } of qp.order) {
    if (path.length === 0 && !opts.rootOrder) continue
    const node = findNode(root, path)
    node.order = terms.map((t) => orderSql(ctx, node, t))
  }
  for (const [key, range] of qp.ranges) {
    if (key === '') continue
    findNode(root, key.split('.')).range = range
  }
}

/** Root filters of a mutation, rendered against the target table. */
function rootConditions(ctx: BuildCtx, source: Source, qp: QueryParams): string[] {
  const node: ReadNode = { source, name: '', selects: [], embeds: [], where: [], joinConds: [], order: [], needs: new Set() }
  const out: string[] = []
  for (const { path, filter } of qp.filters) if (path.length === 0) out.push(filterSql(ctx, node, filter).read)
  for (const { path, tree } of qp.logic) if (path.length === 0) out.push(logicSql(ctx, node, tree).read)
  return out
}

function limitSql(range: Range | undefined): string {
  if (!range) return ''
  const limit = range.limit === undefined ? '' : ` LIMIT ${range.limit}`
  const offset = range.offset ? ` OFFSET ${range.offset}` : ''
  return `${limit}${offset}`
}

function readSql(node: ReadNode): string {
  const selects = [...node.selects]
  const joins: string[] = []
  for (const e of node.embeds) {
    const agg = ident(e.aggAlias)
    const sub = readSql(e.node)
    const join = e.inner ? 'INNER' : 'LEFT'
    if (e.rel.toOne) {
      if (e.selected) selects.push(e.spread ? `${agg}.*` : `row_to_json(${agg}.*) AS ${ident(e.key)}`)
      joins.push(`${join} JOIN LATERAL (${sub}) AS ${agg} ON TRUE`)
    } else {
      if (e.selected) selects.push(`COALESCE(${agg}.${agg}, '[]') AS ${ident(e.key)}`)
      joins.push(
        `${join} JOIN LATERAL (SELECT json_agg(${agg}) AS ${agg} FROM (${sub}) AS ${agg}) AS ${agg} ON ${e.inner ? `${agg} IS NOT NULL` : 'TRUE'}`,
      )
    }
  }
  if (selects.length === 0 && node.embeds.length === 0) selects.push(`${node.source.ref}.*`)
  const where = [...node.where.map((w) => w.read), ...node.joinConds]
  return (
    `SELECT ${selects.join(', ')} FROM ${node.source.from}` +
    (joins.length ? ` ${joins.join(' ')}` : '') +
    (where.length ? ` WHERE ${where.join(' AND ')}` : '') +
    (node.order.length ? ` ORDER BY ${node.order.join(', ')}` : '') +
    limitSql(node.range)
  )
}

/** Rows that count: the node's filters plus an EXISTS for every !inner embed, no joins. */
function countSql(node: ReadNode): string {
  const where = [
    ...node.where.map((w) => w.count),
    ...node.joinConds,
    ...node.embeds.filter((e) => e.inner).map((e) => `EXISTS (${countSql(e.node)})`),
  ]
  return `SELECT 1 FROM ${node.source.from}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`
}

// Statements -----------------------------------------------------------------------------

export type BodyShape = 'array' | 'object' | 'csv' | 'none'

export type Statement = {
  sql: string
  params: unknown[]
}

const TAIL =
  "nullif(current_setting('response.headers', true), '') AS response_headers, " +
  "nullif(current_setting('response.status', true), '') AS response_status"

function bodySql(shape: BodyShape, stripNulls: boolean, scalar = false): string {
  const row = scalar ? '_postgrest_t.pgrst_scalar' : '_postgrest_t'
  const strip = (s: string) => (stripNulls ? `json_strip_nulls(${s})` : s)
  switch (shape) {
    case 'array':
      return `coalesce(${strip(`json_agg(${row})`)}, '[]')::text`
    case 'object':
      return `coalesce((${strip(`json_agg(${row})->0`)})::text, 'null')`
    case 'csv':
      return (
        "(SELECT coalesce(string_agg(a.k, ','), '') FROM (SELECT json_object_keys(r)::text AS k FROM " +
        '(SELECT row_to_json(hh) AS r FROM pgrst_source AS hh LIMIT 1) s) a)' +
        " || '\n' || coalesce(string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), '\n'), '')"
      )
    case 'none':
      return 'null::text'
  }
}

const newCtx = (cache: SchemaCache): BuildCtx => ({ cache, params: createParams(), counter: 0 })

/** A table or view read in place. */
function relationSource(rel: Relation): Source {
  const ref = qualified(rel.schema, rel.name)
  return { from: ref, ref, errName: rel.name, columns: rel.columnMap, relation: rel }
}

/** The rows of the statement's `pgrst_source` CTE (a mutation's RETURNING, a function's result). */
function cteSource(columns: ReadonlyMap<string, Column>, relation: Relation | undefined, starColumns?: readonly string[]): Source {
  return { from: 'pgrst_source', ref: 'pgrst_source', errName: 'pgrst_source', columns, relation, ...(starColumns ? { starColumns } : {}) }
}

/** The top-level read of a GET or a function call: embeds, filters, order and page as the query asks. */
function planTopRead(ctx: BuildCtx, source: Source, name: string, select: SelectItem[], req: { qp: QueryParams; range: Range }): ReadNode {
  const root = planSelect(ctx, source, name, select)
  applyQuery(ctx, root, req.qp, { rootFilters: true, rootOrder: true })
  root.range = req.range
  return root
}

/** The one-row answer of a read: the total when counted, the page's size, the body and the response settings. */
function readAnswerSql(root: ReadNode, count: boolean, cte: string, from: string, body: string): string {
  const total = count ? `(SELECT pg_catalog.count(*) FROM (${countSql(root)}) pgrst_source_count)` : 'null::bigint'
  return (
    `WITH pgrst_source AS (${cte}) ` +
    `SELECT ${total} AS total, pg_catalog.count(_postgrest_t) AS page_total, ${body} AS body, ${TAIL} ` +
    `FROM ${from} _postgrest_t`
  )
}

export type ReadRequest = {
  relation: Relation
  qp: QueryParams
  /** The top-level range after limit/offset, Range header and max-rows. */
  range: Range
  count: boolean
  body: BodyShape
  stripNulls: boolean
}

export function buildRead(cache: SchemaCache, req: ReadRequest): Statement {
  const ctx = newCtx(cache)
  const root = planTopRead(ctx, relationSource(req.relation), req.relation.name, req.qp.select, req)
  const sql = readAnswerSql(root, req.count, readSql(root), '(SELECT * FROM pgrst_source)', bodySql(req.body, req.stripNulls))
  return { sql, params: ctx.params.values }
}

// Mutations ---------------------------------------------------------------------------------

export type Payload = {
  /** The request body as sent (JSON text), passed to Postgres untouched. */
  raw: string
  isArray: boolean
  /** Column names the rows carry (from `columns=` or the body's keys). */
  keys: string[]
}

export type MutationRequest = {
  kind: 'insert' | 'update' | 'delete'
  relation: Relation
  qp: QueryParams
  payload?: Payload
  /** Shape of the response body; 'none' for return=minimal / headers-only. */
  body: BodyShape
  stripNulls: boolean
  returnRepresentation: boolean
  headersOnly: boolean
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
  applyDefaults: boolean
}

function typedColumns(rel: Relation, keys: string[]): Column[] {
  return keys.map((k) => {
    const col = rel.columnMap.get(k)
    if (!col) throw columnNotFound(rel.name, k)
    return col
  })
}

/** `json_to_record(set)` over the payload, with defaults merged in for `missing=default`. */
function payloadRows(ctx: BuildCtx, payload: Payload, cols: Column[], applyDefaults: boolean): string {
  const defs = applyDefaults ? cols.filter((c) => c.default !== null) : []
  const typed = cols.map((c) => `${ident(c.name)} ${c.type}`).join(', ')
  const param = ctx.params.add(payload.raw)
  if (defs.length === 0) {
    return `${payload.isArray ? 'json_to_recordset' : 'json_to_record'}(${param}::json) AS pgrst_body(${typed})`
  }
  const defaults = `jsonb_build_object(${defs.map((c) => `${literal(c.name)}, ${c.default}`).join(', ')})`
  const merged = payload.isArray
    ? `(SELECT jsonb_agg(${defaults} || elem) FROM jsonb_array_elements(${param}::jsonb) elem)`
    : `(${defaults} || ${param}::jsonb)`
  return `${payload.isArray ? 'jsonb_to_recordset' : 'jsonb_to_record'}(${merged}) AS pgrst_body(${typed})`
}

export function buildMutation(cache: SchemaCache, req: MutationRequest): Statement {
  const ctx = newCtx(cache)
  const rel = req.relation
  const targetSource = relationSource(rel)
  const target = targetSource.ref

  // The representation is read from the mutated rows, so plan it first to
  // know which columns RETURNING must carry.
  const pkOrAll = rel.pk.length ? rel.pk : rel.columns.map((c) => c.name)
  const source = cteSource(rel.columnMap, rel, rel.columns.map((c) => c.name))
  let root: ReadNode | undefined
  if (req.returnRepresentation) {
    root = planSelect(ctx, source, rel.name, req.qp.select)
    applyQuery(ctx, root, req.qp, { rootFilters: false, rootOrder: false })
  } else if (req.headersOnly) {
    root = planSelect(
      ctx,
      source,
      rel.name,
      pkOrAll.map((name) => ({ kind: 'field', field: { name, json: [] } })),
    )
  }
  let returning: string
  if (!root) returning = '1'
  else if (root.needs === 'all') returning = `${target}.*`
  else returning = [...root.needs].map((c) => `${target}.${ident(c)}`).join(', ') || '1'

  let statement: string
  if (req.kind === 'insert') {
    const payload = req.payload!
    const cols = typedColumns(rel, payload.keys)
    const names = cols.map((c) => ident(c.name)).join(', ')
    if (cols.length === 0) {
      // `{}` inserts one row of defaults, `[{}, {}]` one per element.
      statement = payload.isArray
        ? `INSERT INTO ${target} SELECT FROM json_array_elements(${ctx.params.add(payload.raw)}::json)`
        : `INSERT INTO ${target} DEFAULT VALUES`
    } else {
      statement =
        `INSERT INTO ${target} (${names}) SELECT ${cols.map((c) => `pgrst_body.${ident(c.name)}`).join(', ')} ` +
        `FROM ${payloadRows(ctx, payload, cols, req.applyDefaults)}`
    }
    const conflict = req.qp.onConflict ?? rel.pk
    if (req.resolution && conflict.length) {
      for (const c of conflict) columnOf(targetSource, c)
      const action =
        req.resolution === 'ignore-duplicates' || cols.length === 0
          ? 'DO NOTHING'
          : `DO UPDATE SET ${cols.map((c) => `${ident(c.name)} = EXCLUDED.${ident(c.name)}`).join(', ')}`
      statement += ` ON CONFLICT (${conflict.map(ident).join(', ')}) ${action}`
    }
  } else if (req.kind === 'update') {
    const payload = req.payload!
    const cols = typedColumns(rel, payload.keys)
    const where = rootConditions(ctx, targetSource, req.qp)
    if (cols.length === 0) {
      // Nothing to set: PostgREST answers with no rows rather than an invalid UPDATE.
      statement = `SELECT ${returning} FROM ${target} WHERE false`
    } else {
      statement =
        `UPDATE ${target} SET ${cols.map((c) => `${ident(c.name)} = pgrst_body.${ident(c.name)}`).join(', ')} ` +
        `FROM ${payloadRows(ctx, payload, cols, false)}` +
        (where.length ? ` WHERE ${where.join(' AND ')}` : '')
    }
  } else {
    const where = rootConditions(ctx, targetSource, req.qp)
    statement = `DELETE FROM ${target}` + (where.length ? ` WHERE ${where.join(' AND ')}` : '')
  }
  if (!statement.startsWith('SELECT')) {
    // xmax is 0 only on freshly inserted rows: how an upsert tells inserts from updates.
    statement += ` RETURNING ${returning}${req.resolution === 'merge-duplicates' ? ', (xmax = 0) AS pgrst_inserted' : ''}`
  }

  // Without a representation the answer is exactly one row of counts, however many rows changed
  // (a data-modifying CTE runs to completion even when nothing reads it).
  const readPart = root ? readSql(root) : 'SELECT 1'
  const inserted =
    req.resolution === 'merge-duplicates'
      ? '(SELECT pg_catalog.count(*) FROM pgrst_source WHERE pgrst_inserted) AS inserted'
      : 'null::bigint AS inserted'
  const sql =
    `WITH pgrst_source AS (${statement}) ` +
    `SELECT null::bigint AS total, (SELECT pg_catalog.count(*) FROM pgrst_source) AS page_total, ` +
    `${root ? bodySql(req.body, req.stripNulls) : 'null::text'} AS body, ${inserted}, ${TAIL} ` +
    `FROM (${readPart}) _postgrest_t`
  return { sql, params: ctx.params.values }
}

// Function calls ------------------------------------------------------------------------------

export type CallRequest = {
  routine: Routine
  /** JSON text of the named arguments (only the ones given, so defaults apply). */
  args: string
  argNames: string[]
  /** Pass the whole body as the single unnamed json/jsonb parameter. */
  singleJsonParam: boolean
  qp: QueryParams
  range: Range
  count: boolean
  body: BodyShape
  stripNulls: boolean
}

export function buildCall(cache: SchemaCache, req: CallRequest): Statement {
  const ctx = newCtx(cache)
  const fn = req.routine
  const fnName = qualified(fn.schema, fn.name)
  let callArgs = ''
  let from = ''
  if (req.singleJsonParam) {
    callArgs = `${ctx.params.add(req.args)}::${fn.params[0]!.type}`
  } else if (req.argNames.length) {
    const params = req.argNames.map((n) => fn.params.find((p) => p.name === n)!)
    const typed = params.map((p) => `${ident(p.name)} ${p.type}`).join(', ')
    from = `json_to_record(${ctx.params.add(req.args)}::json) AS pgrst_body(${typed})`
    callArgs = params.map((p) => `${p.variadic ? 'VARIADIC ' : ''}${ident(p.name)} := pgrst_body.${ident(p.name)}`).join(', ')
  }
  const scalar = fn.returns !== 'composite'
  const call = scalar
    ? `SELECT ${fnName}(${callArgs}) AS pgrst_scalar${from ? ` FROM ${from}` : ''}`
    : `SELECT pgrst_call.* FROM ${from ? `${from}, LATERAL ` : ''}${fnName}(${callArgs}) pgrst_call`

  const columns = scalar
    ? new Map<string, Column>([['pgrst_scalar', { name: 'pgrst_scalar', type: fn.returnType, nullable: true, default: null, generated: false }]])
    : new Map(fn.returnColumns.map((c) => [c.name, c]))
  const source = cteSource(columns, fn.returnRelation ? cache.relations.get(fn.returnRelation) : undefined)
  const select: SelectItem[] = scalar ? [{ kind: 'field', field: { name: 'pgrst_scalar', json: [] } }] : req.qp.select
  const root = planTopRead(ctx, source, fn.name, select, req)
  const shape: BodyShape = req.body === 'array' && !fn.returnsSet ? 'object' : req.body
  const sql = readAnswerSql(root, req.count, call, `(${readSql(root)})`, bodySql(shape, req.stripNulls, scalar))
  return { sql, params: ctx.params.values }
}

/** Parses a mutation body and settles its column list the way PostgREST does. */
export function readPayload(raw: string, columnsParam: string[] | undefined): Payload {
  let parsed: unknown
  try {
    parsed = raw.trim() === '' ? undefined : JSON.parse(raw)
  } catch {
    throw invalidBody()
  }
  if (parsed === undefined || parsed === null || typeof parsed !== 'object') throw invalidBody()
  const isArray = Array.isArray(parsed)
  if (columnsParam) return { raw, isArray, keys: columnsParam }
  if (!isArray) return { raw, isArray, keys: Object.keys(parsed) }
  const rows = parsed as unknown[]
  if (rows.some((r) => r === null || typeof r !== 'object' || Array.isArray(r))) throw invalidBody()
  const first = rows[0] ? Object.keys(rows[0]) : []
  const firstSet = new Set(first)
  for (const r of rows) {
    const keys = Object.keys(r as object)
    if (keys.length !== firstSet.size || keys.some((k) => !firstSet.has(k))) throw invalidBody('All object keys must match')
  }
  return { raw, isArray, keys: first }
}
