-- Batched push for the offline-first tables. A device sends the documents it
-- changed, each with the server state it last saw ("assumed"); the server
-- applies every row whose assumed state still matches, in one transaction and
-- one round trip, and answers with the current row of every one that does not
-- (a conflict the device merges and pushes again).
--
-- Invariants:
--   * The comparison covers the columns a device may write, read back through
--     the table's own types, so 12.5 and 12.50, '14:30' and '14:30:00', or two
--     spellings of one instant are equal; server-owned columns (user_id,
--     updated_at, _modified) never cause a conflict.
--   * created_at is written on insert only and never compared: a device may
--     hold it at millisecond precision while Postgres keeps microseconds.
--   * security invoker: RLS decides what the caller may read, lock and write,
--     exactly as for the data API; a row of another business is invisible, so
--     pushing its id fails on the primary key instead of touching it.
--   * Rows are locked (for update) between the check and the write, so two
--     devices pushing the same document at once cannot both win.

create function public.sync_apply_push(target regclass, rows jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
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
begin
  cols := case target
    when 'public.products'::regclass then
      array['name', 'description', 'price', 'currency', 'stock', 'product_link', 'group_id', 'created_at', '_deleted']
    when 'public.customers'::regclass then
      array['name', 'phone_number', 'email', 'notes', 'created_at', '_deleted']
    when 'public.appointments'::regclass then
      array['customer_id', 'appointment_date', 'appointment_time', 'duration_minutes', 'status', 'description', 'notes',
            'created_at', '_deleted']
  end;
  if cols is null then
    raise exception 'sync push: % is not a synced table', target using errcode = '22023';
  end if;
  if (select auth.uid()) is null then
    raise exception 'sync push needs a signed-in owner' using errcode = '42501';
  end if;
  if rows is null or pg_catalog.jsonb_typeof(rows) <> 'array' then
    raise exception 'sync push: rows must be a JSON array' using errcode = '22023';
  end if;

  select pg_catalog.string_agg(pg_catalog.quote_ident(c), ', ') into col_list from pg_catalog.unnest(cols) c;
  select pg_catalog.string_agg(pg_catalog.quote_ident(c), ', ') into update_list
    from pg_catalog.unnest(cols) c where c <> 'created_at';

  for r in select e.value from pg_catalog.jsonb_array_elements(rows) e loop
    doc := r -> 'new';
    if doc is null or pg_catalog.jsonb_typeof(doc) <> 'object' then
      raise exception 'sync push: every row needs a "new" document' using errcode = '22023';
    end if;
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
        conflicts := conflicts || pg_catalog.jsonb_build_array(cur);
      end if;
    end if;
  end loop;
  return conflicts;
end
$$;

create function public.push_products(rows jsonb) returns jsonb
language sql security invoker set search_path = ''
as $$ select public.sync_apply_push('public.products'::regclass, rows) $$;

create function public.push_customers(rows jsonb) returns jsonb
language sql security invoker set search_path = ''
as $$ select public.sync_apply_push('public.customers'::regclass, rows) $$;

create function public.push_appointments(rows jsonb) returns jsonb
language sql security invoker set search_path = ''
as $$ select public.sync_apply_push('public.appointments'::regclass, rows) $$;

revoke all on function public.sync_apply_push(regclass, jsonb) from public, anon;
revoke all on function public.push_products(jsonb) from public, anon;
revoke all on function public.push_customers(jsonb) from public, anon;
revoke all on function public.push_appointments(jsonb) from public, anon;
grant execute on function public.sync_apply_push(regclass, jsonb) to authenticated, service_role;
grant execute on function public.push_products(jsonb) to authenticated, service_role;
grant execute on function public.push_customers(jsonb) to authenticated, service_role;
grant execute on function public.push_appointments(jsonb) to authenticated, service_role;
