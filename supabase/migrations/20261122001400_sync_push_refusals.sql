-- A refused document no longer fails the whole push. A device's push can
-- carry a document the server cannot accept: a value a check refuses (a phone
-- number in a spelling from before customer_phone), a row pointing at a
-- customer that is not the owner's, an id already taken. Until now the whole
-- batch then failed and the device retried it for ever, so one such document
-- held back every later change of its table.
--
-- sync_push applies each row on its own (a subtransaction per row) and
-- answers {"conflicts": [current rows], "refused": [{"id", "code"}]}, where
-- code is the SQLSTATE that refused the row; the device sets that document
-- aside and shows the owner why. Only what is wrong with the row itself is a
-- refusal: constraint violations (class 23), malformed or out-of-range
-- values (class 22), row-level security (42501) and raised validation errors
-- (P0001). Anything else (a lock timeout, a deadlock, a broken deployment)
-- still fails the call, which the device retries. So does a request that is
-- wrong as a whole: no signed-in owner, not a synced table, not a JSON array.
-- The refusal's message is not returned: it can name constraints and values,
-- and the device needs only the code.
--
-- The columns a device writes are listed once, in sync_columns(); the app's
-- table config (sync/tables.ts) is tested against it and against what
-- sync_push writes and compares (tests/sync/push-columns.test.ts).
--
-- push_<table> and sync_apply_push keep their contract for app versions still
-- in the field: all rows or none, the first refusal failing the call with its
-- SQLSTATE. The other invariants are those of 20261122000700_sync_push.sql.

-- Functions --------------------------------------------------------------------

-- The columns a device edits, per synced table, besides id, created_at
-- (written on insert only) and _deleted. Null for any other table.
create function public.sync_columns(target regclass)
returns text[]
language sql
stable
set search_path = ''
as $$
  select case target
    when 'public.products'::regclass then
      array['name', 'description', 'price', 'currency', 'stock', 'product_link', 'group_id']
    when 'public.customers'::regclass then
      array['name', 'phone_number', 'email', 'notes']
    when 'public.appointments'::regclass then
      array['customer_id', 'appointment_date', 'appointment_time', 'duration_minutes', 'status', 'description', 'notes']
  end
$$;

create function public.sync_push(target regclass, rows jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  editable text[] := public.sync_columns(target);
  cols text[];
  col_list text;
  update_list text;
  r jsonb;
  doc jsonb;
  assumed jsonb;
  assumed_norm jsonb;
  cur jsonb;
  doc_id uuid;
  conflicts jsonb := '[]'::jsonb;
  refused jsonb := '[]'::jsonb;
begin
  if editable is null then
    raise exception 'sync push: % is not a synced table', target using errcode = '22023';
  end if;
  if (select auth.uid()) is null then
    raise exception 'sync push needs a signed-in owner' using errcode = '42501';
  end if;
  if rows is null or pg_catalog.jsonb_typeof(rows) <> 'array' then
    raise exception 'sync push: rows must be a JSON array' using errcode = '22023';
  end if;

  cols := editable || array['created_at', '_deleted'];
  select pg_catalog.string_agg(pg_catalog.quote_ident(c), ', ') into col_list from pg_catalog.unnest(cols) c;
  select pg_catalog.string_agg(pg_catalog.quote_ident(c), ', ') into update_list
    from pg_catalog.unnest(cols) c where c <> 'created_at';

  for r in select e.value from pg_catalog.jsonb_array_elements(rows) e loop
    doc := r -> 'new';
    if doc is null or pg_catalog.jsonb_typeof(doc) <> 'object' then
      raise exception 'sync push: every row needs a "new" document' using errcode = '22023';
    end if;

    -- One subtransaction per row: a refusal undoes this row only.
    begin
      doc_id := (doc ->> 'id')::uuid;
      assumed := r -> 'assumed';
      if assumed is not null and pg_catalog.jsonb_typeof(assumed) = 'null' then
        assumed := null;
      end if;

      execute pg_catalog.format('select pg_catalog.to_jsonb(t) from %s t where t.id = $1 for update', target)
        into cur using doc_id;

      if cur is null then
        execute pg_catalog.format(
          'insert into %1$s (id, %2$s) select $1, %2$s from pg_catalog.jsonb_populate_record(null::%1$s, $2)',
          target, col_list)
          using doc_id, doc;
      else
        assumed_norm := null;
        if assumed is not null then
          execute pg_catalog.format('select pg_catalog.to_jsonb(x) from pg_catalog.jsonb_populate_record(null::%s, $1) x', target)
            into assumed_norm using assumed;
        end if;
        if assumed is not null and not exists (
          select 1 from pg_catalog.unnest(cols) c
          where c <> 'created_at' and (assumed_norm -> c) is distinct from (cur -> c)
        ) then
          execute pg_catalog.format(
            'update %1$s t set (%2$s) = (select %2$s from pg_catalog.jsonb_populate_record(null::%1$s, $2)) where t.id = $1',
            target, update_list)
            using doc_id, doc;
        else
          -- Last in the block: nothing after it can undo the row while the conflict stays listed.
          conflicts := conflicts || pg_catalog.jsonb_build_array(cur);
        end if;
      end if;
    exception
      when integrity_constraint_violation or data_exception or insufficient_privilege or raise_exception then
        refused := refused || pg_catalog.jsonb_build_array(pg_catalog.jsonb_build_object('id', doc ->> 'id', 'code', sqlstate));
    end;
  end loop;
  return pg_catalog.jsonb_build_object('conflicts', conflicts, 'refused', refused);
end
$$;

-- The first contract, on the same code: all rows or none.
create or replace function public.sync_apply_push(target regclass, rows jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  answer jsonb := public.sync_push(target, rows);
  first_refused jsonb := answer -> 'refused' -> 0;
begin
  if first_refused is not null then
    -- Failing the call rolls back the rows sync_push applied.
    raise exception 'sync push: row % refused', first_refused ->> 'id' using errcode = first_refused ->> 'code';
  end if;
  return answer -> 'conflicts';
end
$$;

-- Grants -----------------------------------------------------------------------

revoke all on function public.sync_columns(regclass) from public, anon;
revoke all on function public.sync_push(regclass, jsonb) from public, anon;
grant execute on function public.sync_columns(regclass) to authenticated, service_role;
grant execute on function public.sync_push(regclass, jsonb) to authenticated, service_role;
