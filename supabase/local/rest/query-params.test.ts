// The query-string grammar on its own: what postgrest-js emits parses into
// the structures the SQL builder expects, and malformed input fails the way
// PostgREST reports it.
import { describe, expect, it } from 'vitest'
import { RestFailure } from './errors.ts'
import { parseFilterValue, parseQueryParams, parseRangeHeader, parseSelect } from './query-params.ts'
import { parsePreferences, preferenceApplied } from './preferences.ts'
import { arrayLiteral, ident } from './sql-builder.ts'
import { negotiateMedia } from './negotiation.ts'

const qp = (qs: string) => parseQueryParams(new URLSearchParams(qs))

const failure = (fn: () => unknown) => {
  try {
    fn()
  } catch (e) {
    if (e instanceof RestFailure) return e.error
    throw e
  }
  throw new Error('expected a failure')
}

describe('select', () => {
  it('columns, aliases, casts, json paths and star', () => {
    expect(parseSelect('*,who:name,score::text,city:data->>city,data->a->0')).toEqual([
      { kind: 'star' },
      { kind: 'field', field: { name: 'name', json: [] }, alias: 'who', cast: undefined },
      { kind: 'field', field: { name: 'score', json: [] }, alias: undefined, cast: 'text' },
      { kind: 'field', field: { name: 'data', json: [{ arrow: '->>', key: 'city', index: false }] }, alias: 'city', cast: undefined },
      {
        kind: 'field',
        field: { name: 'data', json: [{ arrow: '->', key: 'a', index: false }, { arrow: '->', key: '0', index: true }] },
        alias: undefined,
        cast: undefined,
      },
    ])
  })

  it('embeds with alias, hint, !inner, spread and nesting', () => {
    expect(parseSelect('id,customer:customers!orders_customer_id_fkey!inner(name,profiles(*)),...labels(title)')).toEqual([
      { kind: 'field', field: { name: 'id', json: [] }, alias: undefined, cast: undefined },
      {
        kind: 'embed',
        relation: 'customers',
        alias: 'customer',
        hint: 'orders_customer_id_fkey',
        inner: true,
        spread: false,
        children: [
          { kind: 'field', field: { name: 'name', json: [] }, alias: undefined, cast: undefined },
          { kind: 'embed', relation: 'profiles', alias: undefined, hint: undefined, inner: false, spread: false, children: [{ kind: 'star' }] },
        ],
      },
      {
        kind: 'embed',
        relation: 'labels',
        alias: undefined,
        hint: undefined,
        inner: false,
        spread: true,
        children: [{ kind: 'field', field: { name: 'title', json: [] }, alias: undefined, cast: undefined }],
      },
    ])
  })

  it('quoted names keep reserved characters', () => {
    expect(parseSelect('"a,b":"weird col"')).toEqual([
      { kind: 'field', field: { name: 'weird col', json: [] }, alias: 'a,b', cast: undefined },
    ])
  })

  it('rejects malformed input with PGRST100 and aggregates with PGRST123', () => {
    const err = failure(() => parseSelect('id,name)'))
    expect(err).toMatchObject({ status: 400, code: 'PGRST100', message: '"failed to parse select parameter (id,name))" (line 1, column 8)' })
    expect(failure(() => parseSelect('count()'))).toMatchObject({ code: 'PGRST123' })
    expect(failure(() => parseSelect('amount.sum()'))).toMatchObject({ code: 'PGRST123' })
    // Casts are spliced into SQL: nothing but type-name words gets through.
    expect(failure(() => parseSelect("id::text'"))).toMatchObject({ code: 'PGRST100' })
    expect(failure(() => parseSelect('id::text $$'))).toMatchObject({ code: 'PGRST100' })
    expect(parseSelect('id::double precision')[0]).toMatchObject({ cast: 'double precision' })
    expect(parseSelect('tags::text[]')[0]).toMatchObject({ cast: 'text[]' })
  })
})

describe('filters', () => {
  it('operators, negation, quantifiers and full-text search', () => {
    expect(parseFilterValue('eq.5')).toEqual({ negate: false, operation: { kind: 'op', op: 'eq', quant: undefined, value: '5' } })
    expect(parseFilterValue('not.like.a*b')).toEqual({ negate: true, operation: { kind: 'op', op: 'like', quant: undefined, value: 'a*b' } })
    expect(parseFilterValue('like(any).{a*,b*}')).toEqual({ negate: false, operation: { kind: 'op', op: 'like', quant: 'any', value: '{a*,b*}' } })
    expect(parseFilterValue('eq.a.b.c')).toMatchObject({ operation: { value: 'a.b.c' } })
    expect(parseFilterValue('is.NULL')).toEqual({ negate: false, operation: { kind: 'is', value: 'null' } })
    expect(parseFilterValue('not.is.not_null')).toEqual({ negate: true, operation: { kind: 'is', value: 'not_null' } })
    expect(parseFilterValue('isdistinct.x')).toEqual({ negate: false, operation: { kind: 'isdistinct', value: 'x' } })
    expect(parseFilterValue('wfts(english).cat dog')).toEqual({
      negate: false,
      operation: { kind: 'fts', op: 'wfts', lang: 'english', value: 'cat dog' },
    })
  })

  it('in lists with quoted values and escapes', () => {
    expect(parseFilterValue('in.(1,"a,b","say \\"hi\\"",)')).toEqual({
      negate: false,
      operation: { kind: 'in', values: ['1', 'a,b', 'say "hi"', ''] },
    })
    expect(parseFilterValue('in.()')).toEqual({ negate: false, operation: { kind: 'in', values: [''] } })
  })

  it('unknown operators and bad is values fail as PostgREST reports them', () => {
    expect(failure(() => parseFilterValue('noop.0'))).toMatchObject({
      code: 'PGRST100',
      message: '"failed to parse filter (noop.0)" (line 1, column 6)',
      details: 'unknown single value operator noop',
    })
    expect(failure(() => parseFilterValue('is.maybe'))).toMatchObject({ code: 'PGRST100' })
  })

  it('sorts parameters into filters, logic trees, orders, ranges and arguments', () => {
    const p = qp(
      'select=*,orders(*)&id=eq.1&orders.status=eq.paid&date=gte.2026-01-01&date=lte.2026-01-31' +
        '&or=(a.eq.1,and(b.gt.2,b.lt.3))&orders.not.or=(x.is.null,y.in.(1,2))&order=name.desc.nullslast,id' +
        '&orders.order=amount&limit=10&offset=20&orders.limit=2&columns="x","y","x"&on_conflict=user_id,email&plain=value',
    )
    expect(p.filters.map((f) => [f.path, f.filter.field.name])).toEqual([
      [[], 'id'],
      [['orders'], 'status'],
      [[], 'date'],
      [[], 'date'],
    ])
    expect(p.logic[0]).toEqual({
      path: [],
      tree: {
        kind: 'expr',
        negate: false,
        op: 'or',
        children: [
          { kind: 'filter', filter: { field: { name: 'a', json: [] }, negate: false, operation: { kind: 'op', op: 'eq', quant: undefined, value: '1' } } },
          {
            kind: 'expr',
            negate: false,
            op: 'and',
            children: [
              { kind: 'filter', filter: { field: { name: 'b', json: [] }, negate: false, operation: { kind: 'op', op: 'gt', quant: undefined, value: '2' } } },
              { kind: 'filter', filter: { field: { name: 'b', json: [] }, negate: false, operation: { kind: 'op', op: 'lt', quant: undefined, value: '3' } } },
            ],
          },
        ],
      },
    })
    expect(p.logic[1]).toMatchObject({ path: ['orders'], tree: { negate: true, op: 'or' } })
    expect(p.order).toEqual([
      {
        path: [],
        terms: [
          { field: { name: 'name', json: [] }, direction: 'desc', nulls: 'last' },
          { field: { name: 'id', json: [] } },
        ],
      },
      { path: ['orders'], terms: [{ field: { name: 'amount', json: [] } }] },
    ])
    expect(p.ranges.get('')).toEqual({ offset: 20, limit: 10 })
    expect(p.ranges.get('orders')).toEqual({ offset: 0, limit: 2 })
    expect(p.columns).toEqual(['x', 'y'])
    expect(p.onConflict).toEqual(['user_id', 'email'])
    expect(p.args).toEqual([['plain', 'value']])
  })

  it('logic trees take quoted values and array literals', () => {
    const p = qp('or=(name.in.("Dilek, Jr.",Bob),tags.cs.{vip,tr},note.eq."a,b")')
    const tree = p.logic[0]!.tree
    if (tree.kind !== 'expr') throw new Error('expected an expression')
    expect(tree.children.map((c) => (c.kind === 'filter' ? c.filter.operation : null))).toEqual([
      { kind: 'in', values: ['Dilek, Jr.', 'Bob'] },
      { kind: 'op', op: 'cs', quant: undefined, value: '{vip,tr}' },
      { kind: 'op', op: 'eq', quant: undefined, value: 'a,b' },
    ])
  })

  it('related orders and order errors', () => {
    expect(qp('order=customers(name).desc').order[0]!.terms).toEqual([
      { relation: 'customers', field: { name: 'name', json: [] }, direction: 'desc' },
    ])
    expect(failure(() => qp('order=id.ac'))).toMatchObject({ code: 'PGRST100' })
  })

  it('a negative limit is a 416', () => {
    expect(failure(() => qp('limit=-1'))).toMatchObject({ status: 416, code: 'PGRST103', details: 'Limit should be greater than or equal to zero.' })
  })
})

describe('headers', () => {
  it('Range', () => {
    expect(parseRangeHeader('0-9')).toEqual({ offset: 0, limit: 10 })
    expect(parseRangeHeader('5-')).toEqual({ offset: 5 })
    expect(parseRangeHeader('junk')).toBeUndefined()
    expect(failure(() => parseRangeHeader('9-2'))).toMatchObject({ status: 416 })
  })

  it('Prefer: first wins, Preference-Applied in PostgREST order', () => {
    const p = parsePreferences('return=representation, count=exact,resolution=merge-duplicates, return=minimal, tx=rollback')
    expect(p).toEqual({ return: 'representation', count: 'exact', resolution: 'merge-duplicates' })
    expect(preferenceApplied(p, ['resolution', 'return', 'count'])).toBe('resolution=merge-duplicates, return=representation, count=exact')
  })

  it('Accept', () => {
    expect(negotiateMedia(null).shape).toBe('array')
    expect(negotiateMedia('application/vnd.pgrst.object+json').shape).toBe('object')
    expect(negotiateMedia('application/vnd.pgrst.object+json;nulls=stripped')).toMatchObject({ shape: 'object', stripNulls: true })
    expect(negotiateMedia('text/html, */*').shape).toBe('array')
    expect(failure(() => negotiateMedia('text/html'))).toMatchObject({ status: 406, code: 'PGRST107' })
  })
})

describe('SQL quoting', () => {
  it('identifiers and array literals cannot break out', () => {
    expect(ident('we"ird')).toBe('"we""ird"')
    expect(ident('a\0b')).toBe('"a"')
    expect(arrayLiteral(['a,b', 'q"uote', 'back\\slash'])).toBe('{"a,b","q\\"uote","back\\\\slash"}')
  })
})
