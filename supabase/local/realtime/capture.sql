-- Change capture for the realtime server, without logical replication (which
-- PGlite lacks): a row trigger on every table of the supabase_realtime
-- publication announces each change with NOTIFY, which Postgres delivers only
-- after commit and in commit order. Lives in its own schema so the project's
-- migrations stay exactly what hosted Supabase runs. Safe to run repeatedly.

create schema if not exists _realtime;
revoke all on schema _realtime from public;

-- One NOTIFY per changed row, on channel `_realtime`:
--   s, t   schema and table
--   e      INSERT | UPDATE | DELETE
--   ts     when the row changed (UTC, milliseconds), the closest a trigger gets to the commit time
--   k      primary key of the row (old key for a DELETE)
--   ok     primary key before an UPDATE or DELETE
--   u      user_id of a deleted row, when the table has one (decides who hears of the DELETE)
--   r      the whole row (old row for a DELETE), left out above 7,500 bytes:
--          NOTIFY refuses payloads of 8,000 bytes and the server can re-read the row.
-- The primary-key columns arrive as trigger arguments, so nothing is looked up per row.
-- Runs with the writer's rights: NOTIFY needs none, and to_jsonb sees the row as written.
create or replace function _realtime.capture() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  new_row jsonb;
  old_row jsonb;
  msg jsonb;
  body text;
begin
  if tg_op <> 'DELETE' then
    new_row := pg_catalog.to_jsonb(new);
  end if;
  if tg_op <> 'INSERT' then
    old_row := pg_catalog.to_jsonb(old);
  end if;
  msg := pg_catalog.jsonb_build_object(
    's', tg_table_schema,
    't', tg_table_name,
    'e', tg_op,
    'ts', pg_catalog.to_char(pg_catalog.clock_timestamp() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'k', (select pg_catalog.jsonb_object_agg(c, coalesce(new_row, old_row) -> c) from pg_catalog.unnest(tg_argv) c)
  );
  if old_row is not null then
    msg := msg || pg_catalog.jsonb_build_object(
      'ok', (select pg_catalog.jsonb_object_agg(c, old_row -> c) from pg_catalog.unnest(tg_argv) c)
    );
    if tg_op = 'DELETE' and old_row ? 'user_id' then
      msg := msg || pg_catalog.jsonb_build_object('u', old_row -> 'user_id');
    end if;
  end if;
  body := (msg || pg_catalog.jsonb_build_object('r', coalesce(new_row, old_row)))::text;
  if pg_catalog.octet_length(body) > 7500 then
    body := msg::text;
  end if;
  -- A key too large to announce loses the event rather than failing the writer's transaction.
  if pg_catalog.octet_length(body) < 7900 then
    perform pg_catalog.pg_notify('_realtime', body);
  end if;
  return null;
end
$$;

-- Puts the capture trigger on every table of the publication (and takes it off
-- tables that left it); returns the tables now captured. Tables without a
-- primary key cannot be addressed, so they are skipped, as hosted Realtime
-- answers them with an error.
create or replace function _realtime.sync_triggers()
returns table (schema_name text, table_name text)
language plpgsql
set search_path = ''
as $$
declare
  r record;
  args text;
begin
  for r in
    select n.nspname, c.relname
    from pg_catalog.pg_trigger tg
    join pg_catalog.pg_class c on c.oid = tg.tgrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where tg.tgname = '_realtime_capture'
      and not exists (
        select 1 from pg_catalog.pg_publication_tables p
        where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname
      )
  loop
    execute pg_catalog.format('drop trigger if exists _realtime_capture on %I.%I', r.nspname, r.relname);
  end loop;

  for r in
    select p.schemaname, p.tablename, c.oid
    from pg_catalog.pg_publication_tables p
    join pg_catalog.pg_namespace n on n.nspname = p.schemaname
    join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
    where p.pubname = 'supabase_realtime' and c.relkind in ('r', 'p')
  loop
    select pg_catalog.string_agg(pg_catalog.quote_literal(a.attname), ', ' order by k.ord)
      into args
    from pg_catalog.pg_index i
    cross join lateral pg_catalog.unnest(i.indkey::int2[]) with ordinality as k(attnum, ord)
    join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
    where i.indrelid = r.oid and i.indisprimary;
    if args is null then
      continue;
    end if;
    if not exists (
      select 1 from pg_catalog.pg_trigger tg
      where tg.tgrelid = r.oid and tg.tgname = '_realtime_capture'
        and pg_catalog.pg_get_triggerdef(tg.oid) like '%_realtime.capture(' || args || ')'
    ) then
      execute pg_catalog.format('drop trigger if exists _realtime_capture on %I.%I', r.schemaname, r.tablename);
      execute pg_catalog.format(
        'create trigger _realtime_capture after insert or update or delete on %I.%I '
        'for each row execute function _realtime.capture(%s)',
        r.schemaname, r.tablename, args
      );
    end if;
    schema_name := r.schemaname;
    table_name := r.tablename;
    return next;
  end loop;
end
$$;

-- Whether a filter of a subscription matches a value, with the column's own
-- type and operators (as hosted Realtime compares): NULL when the value is
-- NULL or the comparison cannot be made.
create or replace function _realtime.filter_matches(op text, type_name text, val text, arg text) returns boolean
language plpgsql
stable
set search_path = ''
as $$
declare
  t text := type_name::regtype::text;
  res boolean;
begin
  execute pg_catalog.format(
    case op
      when 'eq' then 'select $1::%1$s = $2::%1$s'
      when 'neq' then 'select $1::%1$s <> $2::%1$s'
      when 'lt' then 'select $1::%1$s < $2::%1$s'
      when 'lte' then 'select $1::%1$s <= $2::%1$s'
      when 'gt' then 'select $1::%1$s > $2::%1$s'
      when 'gte' then 'select $1::%1$s >= $2::%1$s'
      when 'in' then 'select $1::%1$s = any ($2::%1$s[])'
      when 'isdistinct' then 'select $1::%1$s is distinct from $2::%1$s'
      when 'like' then 'select $1::text like $2'
      when 'ilike' then 'select $1::text ilike $2'
      when 'match' then 'select $1::text ~ $2'
      when 'imatch' then 'select $1::text ~* $2'
      when 'is' then 'select $1::%1$s is ' || (
        case pg_catalog.lower(arg) when 'null' then 'null' when 'true' then 'true' when 'false' then 'false' when 'unknown' then 'unknown' end
      )
    end,
    t
  ) using val, arg into res;
  return res;
exception when others then
  return null;
end
$$;

-- Why a filter value does not fit its column (NULL when it does), checked once
-- when a channel subscribes.
create or replace function _realtime.filter_arg_error(op text, type_name text, arg text) returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  t text := type_name::regtype::text;
begin
  if op = 'in' then
    execute pg_catalog.format('select $1::%s[]', t) using arg;
  elsif op = 'is' then
    if pg_catalog.lower(arg) not in ('null', 'true', 'false', 'unknown') then
      return 'invalid value for `is` filter: ' || arg;
    end if;
  elsif op in ('like', 'ilike', 'match', 'imatch') then
    return null;
  else
    execute pg_catalog.format('select $1::%s', t) using arg;
  end if;
  return null;
exception when others then
  return sqlerrm;
end
$$;

-- Publication changes outside the stack's control (a migration applied while
-- it runs, `alter publication` by hand) reach the server as a resync request.
-- Event triggers need a superuser; without one the server still resyncs on
-- start and when a channel names a published table it does not capture yet.
create or replace function _realtime.on_ddl() returns event_trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.pg_notify('_realtime', '{"resync":true}');
end
$$;

do $$
begin
  if not exists (select 1 from pg_catalog.pg_event_trigger where evtname = '_realtime_ddl') then
    create event trigger _realtime_ddl on ddl_command_end
      when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'DROP PUBLICATION', 'ALTER TABLE')
      execute function _realtime.on_ddl();
  end if;
exception when insufficient_privilege then
  null;
end
$$;

-- Nobody but the server calls these (triggers fire without EXECUTE).
revoke all on all functions in schema _realtime from public;
