// The map in README.md says where each object's live definition is; a map
// that lags behind the migrations sends readers to code that no longer runs.
import { describe, expect, it } from 'vitest'
import { buildMap, identityArguments, readmeState, renderMap, STALE_MESSAGE, statements, withMap, type Migration } from './map.ts'

const sql = (file: string, text: string): Migration => ({ file, sql: text })

describe('README.md', () => {
  it('holds the map of the current migrations', async () => {
    const { current, expected, warnings } = await readmeState()
    expect(warnings).toEqual([])
    expect(current === expected, STALE_MESSAGE).toBe(true)
  })
})

describe('buildMap', () => {
  it('points a function redefined later to the later file', () => {
    const map = buildMap([
      sql('1_a.sql', 'create function public.f(p_id uuid) returns int language sql as $$ select 1 $$;'),
      sql('2_b.sql', 'CREATE OR REPLACE FUNCTION f(p_id uuid) RETURNS int LANGUAGE sql AS $$ select 2 $$;'),
      sql('3_c.sql', 'create table public.t (id int);'),
    ])
    expect(map.functions.get('f')).toEqual(new Map([['uuid', '2_b.sql']]))
    expect(renderMap(map)).toContain('| `f` | [2_b.sql](2_b.sql) |')
  })

  it('ignores definitions inside dollar-quoted bodies, strings and comments', () => {
    const map = buildMap([
      sql(
        '1_a.sql',
        `create function public.make() returns void language plpgsql as $body$
begin
  -- create table public.in_comment (id int);
  execute 'create table public.in_string (id int)';
  create table public.in_body (id int);
end
$body$;
do $$ begin create table public.in_do (id int); end $$;
/* create table public.in_block_comment (id int); */
create table if not exists public.real_one (id int);`,
      ),
    ])
    expect([...map.tables.keys()]).toEqual(['real_one'])
    expect([...map.functions.keys()]).toEqual(['make'])
  })

  it('forgets a dropped function, and only the overload that was dropped', () => {
    const map = buildMap([
      sql('1_a.sql', 'create function public.gone(a integer) returns int language sql as $$ select a $$;'),
      sql('1_a.sql', 'create function public.kept(a int, b text default \'x, y\') returns int language sql as $$ select a $$;'),
      sql('2_b.sql', 'create function public.kept(a int) returns int language sql as $$ select a $$;'),
      sql('3_c.sql', 'drop function public.gone(int4);\ndrop function if exists kept(integer);'),
    ])
    expect(map.functions.has('gone')).toBe(false)
    expect(map.functions.get('kept')).toEqual(new Map([['integer, text', '1_a.sql']]))
    expect(map.warnings).toEqual([])
  })

  it('groups policies under their table and follows a renamed table', () => {
    const map = buildMap([
      sql(
        '1_a.sql',
        `create table public.items (id int);
create policy "items: owner reads" on public.items for select using (true);
create policy "items: owner writes"
  on items for insert with check (true);
create policy "avatars: read" on storage.objects for select using (true);`,
      ),
      sql(
        '2_b.sql',
        `alter table public.items rename to things;
alter policy "items: owner reads" on public.things rename to "things: owner reads";
drop policy "items: owner writes" on public.things;`,
      ),
    ])
    expect(map.policies).toEqual(
      new Map([
        ['storage.objects', new Map([['avatars: read', '1_a.sql']])],
        ['things', new Map([['things: owner reads', '2_b.sql']])],
      ]),
    )
    expect(map.tables.get('things')).toEqual({ created: '1_a.sql', createdAs: 'items', changed: '2_b.sql' })
  })

  it('records where a table was created and last altered, and drops it with its triggers', () => {
    const map = buildMap([
      sql('1_a.sql', 'create table public.a (id int);\ncreate table public.b (id int);\ncreate trigger b_touch\n  before update on public.b\n  for each row execute function f();'),
      sql('2_b.sql', 'alter table public.a add column n int;\nALTER TABLE auth.users ADD COLUMN x int;'),
      sql('3_c.sql', 'drop table if exists public.b cascade;'),
    ])
    expect(map.tables).toEqual(new Map([['a', { created: '1_a.sql', createdAs: 'a', changed: '2_b.sql' }]]))
    expect(map.triggers.size).toBe(0)
  })
})

describe('statements', () => {
  it('splits at semicolons outside quotes and collapses whitespace', () => {
    expect(statements(`select ';' as "a;b";\n\ncreate   type x as (a int); select E'it\\'s; here'`)).toEqual([
      `select '' as "a;b"`,
      'create type x as (a int)',
      "select E''",
    ])
  })
})

describe('identityArguments', () => {
  it('keeps only the types that tell overloads apart', () => {
    expect(identityArguments('p_a uuid, out p_b int, in p_c timestamptz default now(), variadic p_d text[]')).toBe(
      'uuid, timestamp with time zone, text[]',
    )
    expect(identityArguments('double precision, character varying(10), numeric(10, 2)')).toBe('double precision, character varying, numeric')
  })
})

describe('withMap', () => {
  it('replaces only what is between the markers, and appends them when missing', () => {
    const readme = 'intro\n<!-- map:start -->\nold\n<!-- map:end -->\noutro\n'
    expect(withMap(readme, 'new\n')).toBe('intro\n<!-- map:start -->\n\nnew\n\n<!-- map:end -->\noutro\n')
    expect(withMap('intro\n', 'new')).toBe('intro\n\n<!-- map:start -->\n\nnew\n\n<!-- map:end -->\n')
  })
})
