// The PostgREST query-string grammar (select, filters, and/or trees, order,
// limit/offset, columns, on_conflict), parsed into plain data. Mirrors
// PostgREST's ApiRequest.QueryParams so the same URLs mean the same things.
/* eslint-disable max-lines -- one grammar, so one file: its parsers call one another (a filter inside an and/or tree, a select inside an embed) */
import { aggregatesNotAllowed, parseError, invalidRange } from './errors.ts'

export type JsonStep = { arrow: '->' | '->>'; key: string; index: boolean }
export type Field = { name: string; json: JsonStep[] }

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'field'; field: Field; alias?: string; cast?: string }
  | {
      kind: 'embed'
      relation: string
      alias?: string
      hint?: string
      inner: boolean
      spread: boolean
      children: SelectItem[]
    }

export type SimpleOp =
  | 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'match' | 'imatch'
  | 'cs' | 'cd' | 'ov' | 'sl' | 'sr' | 'nxr' | 'nxl' | 'adj'
export type FtsOp = 'fts' | 'plfts' | 'phfts' | 'wfts'
export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown'

export type Operation =
  | { kind: 'op'; op: SimpleOp; quant?: 'any' | 'all'; value: string }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: IsValue }
  | { kind: 'isdistinct'; value: string }
  | { kind: 'fts'; op: FtsOp; lang?: string; value: string }

export type Filter = { field: Field; negate: boolean; operation: Operation }

export type LogicTree =
  | { kind: 'filter'; filter: Filter }
  | { kind: 'expr'; negate: boolean; op: 'and' | 'or'; children: LogicTree[] }

export type OrderTerm = {
  /** Set for `relation(field)` terms (ordering by a to-one embed's column). */
  relation?: string
  field: Field
  direction?: 'asc' | 'desc'
  nulls?: 'first' | 'last'
}

export type Range = { offset: number; limit?: number }

export type QueryParams = {
  select: SelectItem[]
  /** Filters with their embed path ([] for the root). */
  filters: { path: string[]; filter: Filter }[]
  logic: { path: string[]; tree: LogicTree }[]
  order: { path: string[]; terms: OrderTerm[] }[]
  /** Keyed by embed path joined with '.', '' for the root. */
  ranges: Map<string, Range>
  columns?: string[]
  onConflict?: string[]
  /** Parameters without an operator: the arguments of a GET/HEAD function call. */
  args: [string, string][]
}

const SIMPLE_OPS = new Set<string>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj'])
const QUANTIFIABLE = new Set<string>(['eq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch'])
const FTS_OPS = new Set<string>(['fts', 'plfts', 'phfts', 'wfts'])
const AGGREGATES = new Set(['count', 'sum', 'avg', 'max', 'min'])
const RESERVED = new Set(['select', 'columns', 'on_conflict'])
const RESERVED_EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or'])

// A tiny cursor-based parser; failures carry PostgREST's message shape:
// "failed to parse <what> (<input>)" (line 1, column N) + details.
type Cursor = { s: string; i: number }

class Fail extends Error {
  constructor(readonly at: number, readonly details: string) {
    super(details)
  }
}

const fail = (c: Cursor, expecting: string, at = c.i): never => {
  const ch = c.s[at]
  throw new Fail(at, `${ch === undefined ? 'unexpected end of input' : `unexpected ${JSON.stringify(ch)}`} expecting ${expecting}`)
}

function run<T>(what: string, input: string, parse: (c: Cursor) => T): T {
  const c: Cursor = { s: input, i: 0 }
  try {
    const out = parse(c)
    if (c.i < input.length) fail(c, 'end of input')
    return out
  } catch (e) {
    if (e instanceof Fail) throw parseError(`"failed to parse ${what} (${input})" (line 1, column ${e.at + 1})`, e.details)
    throw e
  }
}

const peek = (c: Cursor, str: string) => c.s.startsWith(str, c.i)
const eat = (c: Cursor, str: string) => {
  if (!peek(c, str)) return false
  c.i += str.length
  return true
}
const skipWs = (c: Cursor) => {
  while (c.s[c.i] === ' ' || c.s[c.i] === '\t') c.i++
}

const IDENT_CHAR = /[\p{L}\p{N}_ $]/u

function identifier(c: Cursor): string {
  const start = c.i
  while (c.i < c.s.length && IDENT_CHAR.test(c.s[c.i]!)) c.i++
  if (c.i === start) fail(c, 'field name (* or [a..z0..9_$])')
  return c.s.slice(start, c.i).trim()
}

function quoted(c: Cursor): string {
  // Caller checked the opening quote.
  c.i++
  let out = ''
  while (c.i < c.s.length && c.s[c.i] !== '"') {
    if (c.s[c.i] === '\\' && c.i + 1 < c.s.length) c.i++
    out += c.s[c.i]
    c.i++
  }
  if (c.s[c.i] !== '"') fail(c, '"\\""')
  c.i++
  return out
}

/** A field name: quoted, or identifier parts joined by dashes (a dash before '>' starts a JSON arrow). */
function fieldName(c: Cursor): string {
  if (c.s[c.i] === '"') return quoted(c)
  let name = identifier(c)
  while (c.s[c.i] === '-' && c.s[c.i + 1] !== '>') {
    c.i++
    name += '-' + identifier(c)
  }
  return name
}

function jsonPath(c: Cursor): JsonStep[] {
  const steps: JsonStep[] = []
  for (;;) {
    let arrow: JsonStep['arrow']
    if (eat(c, '->>')) arrow = '->>'
    else if (eat(c, '->')) arrow = '->'
    else return steps
    const m = /^-?\d+/.exec(c.s.slice(c.i))
    const after = m ? c.s.slice(c.i + m[0].length) : ''
    if (m && (after === '' || /^(->|::|\.|,)/.test(after))) {
      c.i += m[0].length
      steps.push({ arrow, key: m[0], index: true })
    } else {
      steps.push({ arrow, key: fieldName(c), index: false })
    }
  }
}

function field(c: Cursor): Field {
  skipWs(c)
  const name = fieldName(c)
  const json = jsonPath(c)
  skipWs(c)
  return { name, json }
}

// select ---------------------------------------------------------------------------

function selectForest(c: Cursor): SelectItem[] {
  const items: SelectItem[] = [selectItem(c)]
  for (;;) {
    skipWs(c)
    if (!eat(c, ',')) return items
    skipWs(c)
    items.push(selectItem(c))
  }
}

function embedParams(c: Cursor): { hint?: string; inner: boolean } {
  let hint: string | undefined
  let inner = false
  for (let k = 0; k < 2 && c.s[c.i] === '!'; k++) {
    c.i++
    if (/^inner(?=[!(])/.test(c.s.slice(c.i))) {
      c.i += 5
      inner = true
    } else if (/^left(?=[!(])/.test(c.s.slice(c.i))) {
      c.i += 4
    } else {
      hint = fieldName(c)
    }
  }
  return { hint, inner }
}

function selectItem(c: Cursor): SelectItem {
  skipWs(c)
  if (eat(c, '*')) {
    if (!(c.i >= c.s.length || c.s[c.i] === ',' || c.s[c.i] === ')')) fail(c, '")", "," or end of input')
    return { kind: 'star' }
  }
  const start = c.i
  const spread = eat(c, '...')
  let alias: string | undefined
  // An alias is a name followed by a single ':' (a '::' is a cast).
  if (!spread) {
    const save = c.i
    try {
      const a = fieldName(c)
      if (c.s[c.i] === ':' && c.s[c.i + 1] !== ':') {
        c.i++
        alias = a
      } else c.i = save
    } catch (e) {
      if (!(e instanceof Fail)) throw e
      c.i = save
    }
  }
  const nameStart = c.i
  const name = fieldName(c)
  // Embedded resource: name[!hint][!inner](...)
  if (c.s[c.i] === '!' || c.s[c.i] === '(') {
    if (c.s[c.i] === '(' && c.s[c.i + 1] === ')' && AGGREGATES.has(name)) throw aggregatesNotAllowed()
    const { hint, inner } = embedParams(c)
    if (!eat(c, '(')) fail(c, '"("')
    skipWs(c)
    const children = c.s[c.i] === ')' ? [] : selectForest(c)
    skipWs(c)
    if (!eat(c, ')')) fail(c, '")"')
    return { kind: 'embed', relation: name, alias, hint, inner, spread, children }
  }
  if (spread) {
    c.i = start
    fail(c, 'embedded resource after "..."', start)
  }
  c.i = nameStart
  const f = field(c)
  let cast: string | undefined
  if (eat(c, '::')) {
    // Casts are spliced into SQL, so only type names made of words (and an
    // optional []) pass: no quotes, parentheses or dollar signs.
    const m = /^[A-Za-z_][A-Za-z0-9_]*( [A-Za-z_][A-Za-z0-9_]*)*(\[\])?/.exec(c.s.slice(c.i))
    if (!m) fail(c, 'letter or digit')
    cast = m![0]
    c.i += m![0].length
  }
  // `col.sum()` and friends are aggregates, disabled as on hosted Supabase.
  if (/^\.(count|sum|avg|max|min)\(\)/.test(c.s.slice(c.i))) throw aggregatesNotAllowed()
  skipWs(c)
  if (!(c.i >= c.s.length || c.s[c.i] === ',' || c.s[c.i] === ')')) fail(c, '"->>", "->", "::", ")", "," or end of input')
  return { kind: 'field', field: f, alias, cast }
}

// filters ----------------------------------------------------------------------------

function listValue(c: Cursor): string[] {
  skipWs(c)
  if (!eat(c, '(')) fail(c, '"("')
  skipWs(c)
  const out: string[] = []
  for (;;) {
    if (c.s[c.i] === '"') {
      const save = c.i
      const q = quoted(c)
      if (c.s[c.i] === ',' || c.s[c.i] === ')') out.push(q)
      else {
        c.i = save
        out.push(rawUntil(c, ',)'))
      }
    } else out.push(rawUntil(c, ',)'))
    if (!eat(c, ',')) break
  }
  skipWs(c)
  if (!eat(c, ')')) fail(c, '")"')
  skipWs(c)
  return out
}

function rawUntil(c: Cursor, stops: string): string {
  const start = c.i
  while (c.i < c.s.length && !stops.includes(c.s[c.i]!)) c.i++
  return c.s.slice(start, c.i)
}

/** Parses `[not.]op.value`; `value` reads the operand (rest of input, or up to `,)` inside and/or). */
function opExpr(c: Cursor, value: (c: Cursor) => string): { negate: boolean; operation: Operation } {
  const negate = eat(c, 'not.')
  if (eat(c, 'in.')) return { negate, operation: { kind: 'in', values: listValue(c) } }
  if (eat(c, 'is.')) {
    const m = /^(null|not_null|true|false|unknown)/i.exec(c.s.slice(c.i))
    if (!m) fail(c, 'null or trilean value (unknown, true, false)')
    c.i += m![0].length
    return { negate, operation: { kind: 'is', value: m![0].toLowerCase() as IsValue } }
  }
  if (eat(c, 'isdistinct.')) return { negate, operation: { kind: 'isdistinct', value: value(c) } }
  const fts = /^(fts|plfts|phfts|wfts)(\(([A-Za-z0-9_ $]+)\))?\./.exec(c.s.slice(c.i))
  if (fts && FTS_OPS.has(fts[1]!)) {
    c.i += fts[0].length
    return { negate, operation: { kind: 'fts', op: fts[1] as FtsOp, lang: fts[3]?.trim(), value: value(c) } }
  }
  const dot = c.s.indexOf('.', c.i)
  if (dot < 0) fail(c, 'operator (eq, gt, ...)')
  const opStr = c.s.slice(c.i, dot)
  const q = /^([a-z]+)\((any|all)\)$/.exec(opStr)
  const op = q ? q[1]! : opStr
  if (!SIMPLE_OPS.has(op) || (q && !QUANTIFIABLE.has(op))) {
    throw new Fail(dot + 1, `unknown single value operator ${opStr}`)
  }
  c.i = dot + 1
  return { negate, operation: { kind: 'op', op: op as SimpleOp, quant: q ? (q[2] as 'any' | 'all') : undefined, value: value(c) } }
}

const restOfInput = (c: Cursor) => {
  const v = c.s.slice(c.i)
  c.i = c.s.length
  return v
}

/** Operand inside and/or: a quoted value, a `{…}` array literal, or anything up to `,` / `)`. */
function logicValue(c: Cursor): string {
  if (c.s[c.i] === '"') {
    const save = c.i
    const q = quoted(c)
    if (c.i >= c.s.length || c.s[c.i] === ',' || c.s[c.i] === ')') return q
    c.i = save
  }
  if (c.s[c.i] === '{') {
    const close = c.s.indexOf('}', c.i)
    const inner = close < 0 ? '' : c.s.slice(c.i + 1, close)
    if (close >= 0 && !inner.includes('{')) {
      const v = c.s.slice(c.i, close + 1)
      c.i = close + 1
      return v
    }
  }
  return rawUntil(c, ',)')
}

function logicTree(c: Cursor): LogicTree {
  skipWs(c)
  const save = c.i
  const expr = /^(not\.)?(and|or)\(/.exec(c.s.slice(c.i))
  if (expr) {
    c.i += expr[0].length
    const children: LogicTree[] = [logicTree(c)]
    for (;;) {
      skipWs(c)
      if (!eat(c, ',')) break
      children.push(logicTree(c))
    }
    skipWs(c)
    if (!eat(c, ')')) fail(c, '")"')
    skipWs(c)
    return { kind: 'expr', negate: !!expr[1], op: expr[2] as 'and' | 'or', children }
  }
  c.i = save
  const f = field(c)
  if (!eat(c, '.')) fail(c, 'delimiter (.)')
  const { negate, operation } = opExpr(c, logicValue)
  skipWs(c)
  return { kind: 'filter', filter: { field: f, negate, operation } }
}

// order --------------------------------------------------------------------------------

function orderTerms(c: Cursor): OrderTerm[] {
  const terms: OrderTerm[] = []
  for (;;) {
    skipWs(c)
    const save = c.i
    let term: OrderTerm
    const rel = (() => {
      try {
        const name = fieldName(c)
        if (!eat(c, '(')) return undefined
        const f = field(c)
        if (!eat(c, ')')) return undefined
        return { relation: name, field: f }
      } catch (e) {
        if (e instanceof Fail) return undefined
        throw e
      }
    })()
    if (rel) term = rel
    else {
      c.i = save
      term = { field: field(c) }
    }
    if (eat(c, '.asc')) term.direction = 'asc'
    else if (eat(c, '.desc')) term.direction = 'desc'
    if (eat(c, '.nullsfirst')) term.nulls = 'first'
    else if (eat(c, '.nullslast')) term.nulls = 'last'
    skipWs(c)
    terms.push(term)
    if (c.i >= c.s.length) return terms
    if (!eat(c, ',')) fail(c, c.s[c.i] === '.' ? '"asc", "desc", "nullsfirst" or "nullslast"' : 'delimiter (.), "," or end of input')
  }
}

function columnList(c: Cursor): string[] {
  const out: string[] = []
  for (;;) {
    skipWs(c)
    out.push(fieldName(c))
    skipWs(c)
    if (!eat(c, ',')) return out
  }
}

function treePath(c: Cursor): { path: string[]; field: Field } {
  const names = [fieldName(c)]
  while (eat(c, '.')) names.push(fieldName(c))
  const json = jsonPath(c)
  return { path: names.slice(0, -1), field: { name: names[names.length - 1]!, json } }
}

// The whole query string --------------------------------------------------------------

const hasOperator = (v: string): boolean => {
  const parts = v.split('.')
  const head = parts[0]!
  if (head === 'not' && parts.length > 1) return true
  if (head === 'is' || head === 'in' || head === 'isdistinct') return true
  const base = head.replace(/\((any|all)\)$/, '')
  if (SIMPLE_OPS.has(base) || FTS_OPS.has(base)) return true
  const paren = v.split('(')
  return paren.length > 1 && FTS_OPS.has(paren[0]!)
}

export function parseSelect(select: string): SelectItem[] {
  return run('select parameter', select, selectForest)
}

export function parseFilterValue(value: string): { negate: boolean; operation: Operation } {
  return run('filter', value, (c) => opExpr(c, restOfInput))
}

export function parseQueryParams(search: URLSearchParams): QueryParams {
  const out: QueryParams = { select: [{ kind: 'star' }], filters: [], logic: [], order: [], ranges: new Map(), args: [] }
  const limits = new Map<string, string>()
  const offsets = new Map<string, string>()
  let selectSeen = false
  for (const [key, value] of search) {
    if (key === 'select') {
      if (!selectSeen) out.select = value === '' ? [{ kind: 'star' }] : parseSelect(value)
      selectSeen = true
      continue
    }
    if (key === 'columns') {
      out.columns ??= [...new Set(run('columns parameter', value, columnList))]
      continue
    }
    if (key === 'on_conflict') {
      out.onConflict ??= run('on_conflict parameter', value, columnList)
      continue
    }
    if (value === '') continue
    const segments = key.split('.')
    const last = segments[segments.length - 1]!
    if (RESERVED_EMBEDDABLE.has(last)) {
      if (last === 'and' || last === 'or') {
        const pathNames = segments.slice(0, -1)
        const negate = pathNames[pathNames.length - 1] === 'not'
        const path = pathNames.filter((s) => s !== 'not')
        const tree = run('logic tree', `${negate ? 'not.' : ''}${last}${value}`, logicTree)
        out.logic.push({ path, tree })
      } else if (last === 'order') {
        out.order.push({ path: segments.slice(0, -1), terms: run('order', value, orderTerms) })
      } else if (last === 'limit') limits.set(segments.slice(0, -1).join('.'), value)
      else offsets.set(segments.slice(0, -1).join('.'), value)
      continue
    }
    if (RESERVED.has(key)) continue
    if (key.includes('.') || hasOperator(value)) {
      const { path, field } = run('tree path', key, treePath)
      const { negate, operation } = parseFilterValue(value)
      out.filters.push({ path, filter: { field, negate, operation } })
    } else {
      out.args.push([key, value])
    }
  }
  for (const path of new Set([...limits.keys(), ...offsets.keys()])) {
    const limitText = limits.get(path)
    const offsetText = offsets.get(path)
    const limit = limitText !== undefined && /^-?\d+$/.test(limitText) ? Number(limitText) : undefined
    const offset = offsetText !== undefined && /^\d+$/.test(offsetText) ? Number(offsetText) : 0
    if (limit !== undefined && limit < 0) throw invalidRange('Limit should be greater than or equal to zero.')
    out.ranges.set(path, { offset, limit })
  }
  return out
}

/** The `Range: 0-9` request header (GET only), as an offset and a limit. */
export function parseRangeHeader(value: string | null | undefined): Range | undefined {
  if (!value) return undefined
  const m = /^(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(value)
  if (!m) return undefined
  const from = Number(m[1])
  if (m[2] === '') return { offset: from }
  const to = Number(m[2])
  if (to < from) throw invalidRange('The lower boundary must be lower than or equal to the upper boundary in the Range header.')
  return { offset: from, limit: to - from + 1 }
}
