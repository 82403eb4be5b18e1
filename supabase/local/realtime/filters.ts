// The `filter` of a postgres_changes binding, as realtime-js sends it:
// `column=op.value` conditions joined by commas (all must hold), an optional
// `not.` before the operator, PostgREST-style double quotes around values that
// hold `,()"\`, and `in.(a,b)` lists. Values compare with the column's own
// type, as hosted Realtime does in SQL; the common cases (text, uuid,
// integers, booleans with eq/neq/in) are decided here without a query.
import type { Queryable } from '../db.ts'
import type { ColumnInfo } from './catalog.ts'
import { isUuid } from '../../../domain/ids.ts'

export const FILTER_OPS = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'like', 'ilike', 'is', 'match', 'imatch', 'isdistinct'] as const
export type FilterOp = (typeof FILTER_OPS)[number]

export type Condition = {
  column: string
  op: FilterOp
  negate: boolean
  /** The value as SQL receives it; for `in`, an array literal. */
  arg: string
  /** For `in`: the listed values. */
  list?: string[]
}

export class FilterSyntaxError extends Error {}

/** Splits at commas that are outside double quotes and parentheses. */
function splitTopLevel(s: string): string[] {
  const out: string[] = []
  let depth = 0
  let quoted = false
  let start = 0
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]
    if (quoted) {
      if (ch === '\\') i++
      else if (ch === '"') quoted = false
    } else if (ch === '"') quoted = true
    else if (ch === '(') depth++
    else if (ch === ')') depth--
    else if (ch === ',' && depth === 0) {
      out.push(s.slice(start, i))
      start = i + 1
    }
  }
  out.push(s.slice(start))
  return out
}

function unquote(v: string): string {
  const t = v.trim()
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) return t.slice(1, -1).replace(/\\(.)/g, '$1')
  return v
}

const arrayLiteral = (items: string[]) =>
  `{${items.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`

export function parseFilter(filter: string): Condition[] {
  const conditions: Condition[] = []
  for (const part of splitTopLevel(filter)) {
    const eq = part.indexOf('=')
    if (eq <= 0) throw new FilterSyntaxError(`Error parsing filter params: ${filter}`)
    const column = unquote(part.slice(0, eq).trim())
    let rest = part.slice(eq + 1)
    let negate = false
    if (rest.startsWith('not.')) {
      negate = true
      rest = rest.slice(4)
    }
    const dot = rest.indexOf('.')
    const op = (dot < 0 ? rest : rest.slice(0, dot)) as FilterOp
    if (dot < 0 || !FILTER_OPS.includes(op)) throw new FilterSyntaxError(`Error parsing filter params: ${filter}`)
    const value = rest.slice(dot + 1)
    if (op === 'in') {
      const m = /^\s*\((.*)\)\s*$/s.exec(value)
      if (!m) throw new FilterSyntaxError(`Error parsing filter params: ${filter}`)
      const list = m[1]!.trim() === '' ? [] : splitTopLevel(m[1]!).map((v) => unquote(v.trim()))
      conditions.push({ column, op, negate, arg: arrayLiteral(list), list })
    } else {
      conditions.push({ column, op, negate, arg: unquote(value) })
    }
  }
  return conditions
}

/** A row value as text, the way `jsonb #>> '{}'` gives it to SQL. */
export function valueText(v: unknown): string | null {
  if (v === null || v === undefined) return null
  if (typeof v === 'string') return v
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  return JSON.stringify(v)
}

const INTEGER = /^\s*[+-]?\d+\s*$/
const TRUE_WORDS = new Set(['t', 'true', 'y', 'yes', 'on', '1'])
const FALSE_WORDS = new Set(['f', 'false', 'n', 'no', 'off', '0'])

type Scalar = string | bigint | boolean

/** The value and argument in comparable form, or undefined when only SQL can say. */
function normalise(type: string, v: unknown, arg: string): [Scalar, Scalar] | undefined {
  switch (type) {
    case 'text':
    case 'varchar':
    case 'name':
      return typeof v === 'string' ? [v, arg] : undefined
    case 'uuid':
      return typeof v === 'string' && isUuid(arg) ? [v.toLowerCase(), arg.toLowerCase()] : undefined
    case 'int2':
    case 'int4':
    case 'int8':
      return typeof v === 'number' && Number.isSafeInteger(v) && INTEGER.test(arg) ? [BigInt(v), BigInt(arg.trim())] : undefined
    case 'bool': {
      const a = arg.trim().toLowerCase()
      if (typeof v !== 'boolean') return undefined
      if (TRUE_WORDS.has(a)) return [v, true]
      if (FALSE_WORDS.has(a)) return [v, false]
      return undefined
    }
    default:
      return undefined
  }
}

/**
 * The comparison as SQL would answer it (NULL as null), or undefined when it
 * has to be asked of the database.
 */
export function compareFast(c: Condition, column: ColumnInfo, v: unknown): boolean | null | undefined {
  if (c.op === 'is') {
    const a = c.arg.trim().toLowerCase()
    if (a === 'null') return v === null || v === undefined
    if (column.type === 'bool' && (a === 'true' || a === 'false')) return v === (a === 'true')
    if (column.type === 'bool' && a === 'unknown') return v === null || v === undefined
    return undefined
  }
  if (v === null || v === undefined) return c.op === 'isdistinct' ? undefined : null
  const ordered = c.op === 'lt' || c.op === 'lte' || c.op === 'gt' || c.op === 'gte'
  // Text order depends on the collation: leave it to the database.
  if (ordered && (column.type === 'text' || column.type === 'varchar' || column.type === 'name')) return undefined
  if (c.op === 'in') {
    let any = false
    for (const item of c.list ?? []) {
      const n = normalise(column.type, v, item)
      if (!n) return undefined
      if (n[0] === n[1]) any = true
    }
    return any
  }
  const n = normalise(column.type, v, c.arg)
  if (!n) return undefined
  const [a, b] = n
  switch (c.op) {
    case 'eq':
      return a === b
    case 'neq':
    case 'isdistinct':
      return a !== b
    case 'lt':
      return a < b
    case 'lte':
      return a <= b
    case 'gt':
      return a > b
    case 'gte':
      return a >= b
    default:
      return undefined
  }
}

/** A condition holds when its comparison is true, or with `not.` when it is false (NULL never holds). */
export const holds = (c: Condition, result: boolean | null): boolean => (c.negate ? result === false : result === true)

export type SqlCheck = { op: FilterOp; type: string; val: string | null; arg: string }

/** The comparisons the fast path could not decide, in one query. */
export async function compareInDatabase(db: Queryable, checks: SqlCheck[]): Promise<(boolean | null)[]> {
  if (checks.length === 0) return []
  const { rows } = await db.query<{ m: boolean | null }>(
    `select _realtime.filter_matches(x ->> 'op', x ->> 'type', x ->> 'val', x ->> 'arg') as m
     from jsonb_array_elements($1::jsonb) with ordinality as e(x, n) order by n`,
    [JSON.stringify(checks)],
  )
  return rows.map((r) => r.m)
}

/** Why each condition's value does not fit its column (null when it does). */
export async function argumentErrors(db: Queryable, checks: { op: FilterOp; type: string; arg: string }[]): Promise<(string | null)[]> {
  if (checks.length === 0) return []
  const { rows } = await db.query<{ err: string | null }>(
    `select _realtime.filter_arg_error(x ->> 'op', x ->> 'type', x ->> 'arg') as err
     from jsonb_array_elements($1::jsonb) with ordinality as e(x, n) order by n`,
    [JSON.stringify(checks)],
  )
  return rows.map((r) => r.err)
}
