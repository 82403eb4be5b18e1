-- Corrections to 20261128000100_business_knowledge.sql, found by
-- tests/integration/business-limits.test.ts:
--
-- * The rules the triggers hold (opening hours, the time zone, 200 FAQ
--   entries) raised check_violation under their constraint's name, but the
--   data API passes only the code, the message, the detail and the hint on,
--   and their messages did not name the constraint: a client could not tell
--   which rule refused a save. They now say it as Postgres says it for a
--   CHECK ('new row for relation "…" violates check constraint "…"'), as
--   20261127001100 does, with what was wrong in the detail (for the opening
--   hours still starting "opening_hours: <day> ", which the Business info
--   tab reads to mark the day).
-- * An FAQ question or answer of only tabs, line breaks or no-break spaces
--   passed `btrim`, which takes away spaces alone, while the form
--   (String.prototype.trim) calls it empty, and a text with such characters
--   around it was counted longer than the form counts it. Both checks now
--   trim every character String.prototype.trim does.
-- * catalogue_extremes sorted the owner's whole catalogue on every call
--   (tests/integration/faq-search.test.ts reads its plan at 10,000
--   products); it now reads products_owner_price_idx, as its comment said.

-- The rules of the triggers, naming their constraint ------------------------------

create or replace function public.business_profiles_check() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_day text;
  v_ranges jsonb;
  v_range jsonb;
  v_start integer;
  v_end integer;
  v_previous integer;
  v_problem text;
begin
  if pg_catalog.jsonb_typeof(new.opening_hours) <> 'object' then
    v_problem := 'opening_hours must be an object of weekdays';
  else
    <<days>>
    for v_day, v_ranges in select e.key, e.value from pg_catalog.jsonb_each(new.opening_hours) as e loop
      if v_day <> all (array['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])
         or pg_catalog.jsonb_typeof(v_ranges) <> 'array'
         or pg_catalog.jsonb_array_length(v_ranges) > 3 then
        v_problem := pg_catalog.format('opening_hours: %s is not a weekday with at most 3 ranges', v_day);
        exit days;
      end if;
      v_previous := -1;
      for v_range in select r.value from pg_catalog.jsonb_array_elements(v_ranges) with ordinality as r (value, n) order by r.n loop
        if pg_catalog.jsonb_typeof(v_range) <> 'array' or pg_catalog.jsonb_array_length(v_range) <> 2
           or pg_catalog.jsonb_typeof(v_range -> 0) <> 'string' or pg_catalog.jsonb_typeof(v_range -> 1) <> 'string'
           or (v_range ->> 0) !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
           or ((v_range ->> 1) !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and (v_range ->> 1) <> '24:00') then
          v_problem := pg_catalog.format('opening_hours: %s has a range that is not ["HH:MM","HH:MM"]', v_day);
          exit days;
        end if;
        v_start := pg_catalog.split_part(v_range ->> 0, ':', 1)::integer * 60 + pg_catalog.split_part(v_range ->> 0, ':', 2)::integer;
        v_end := pg_catalog.split_part(v_range ->> 1, ':', 1)::integer * 60 + pg_catalog.split_part(v_range ->> 1, ':', 2)::integer;
        if v_start >= v_end or v_start < v_previous then
          v_problem := pg_catalog.format('opening_hours: %s has an empty, unordered or overlapping range', v_day);
          exit days;
        end if;
        v_previous := v_end;
      end loop;
    end loop;
  end if;
  if v_problem is not null then
    raise exception 'new row for relation "business_profiles" violates check constraint "business_profiles_opening_hours_check"'
      using errcode = 'check_violation',
            detail = v_problem,
            schema = 'public',
            table = 'business_profiles',
            column = 'opening_hours',
            constraint = 'business_profiles_opening_hours_check';
  end if;
  -- Reading the zone list costs tens of milliseconds on PGlite: only a new zone is looked up.
  if (tg_op = 'INSERT' and new.time_zone <> 'Europe/Istanbul')
     or (tg_op = 'UPDATE' and new.time_zone is distinct from old.time_zone) then
    if not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = new.time_zone) then
      raise exception 'new row for relation "business_profiles" violates check constraint "business_profiles_time_zone_check"'
        using errcode = 'check_violation',
              detail = pg_catalog.format('time_zone %s is not a known time zone', new.time_zone),
              schema = 'public',
              table = 'business_profiles',
              column = 'time_zone',
              constraint = 'business_profiles_time_zone_check';
    end if;
  end if;
  return new;
end
$$;

create or replace function public.faq_entries_limit() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('faq_entries:' || new.user_id::text, 0));
  if (select pg_catalog.count(*) from public.faq_entries f where f.user_id = new.user_id) >= 200 then
    raise exception 'new row for relation "faq_entries" violates check constraint "faq_entries_count_check"'
      using errcode = 'check_violation',
            detail = 'an owner keeps at most 200 FAQ entries',
            schema = 'public',
            table = 'faq_entries',
            constraint = 'faq_entries_count_check';
  end if;
  return new;
end
$$;

-- FAQ texts trimmed as the form trims them ----------------------------------------

-- The characters String.prototype.trim removes: tab, line feed, vertical tab,
-- form feed, carriage return, space, and Unicode's other spaces and line
-- separators (U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F,
-- U+3000, U+FEFF). Written out in each check: a CHECK calling a function of
-- ours would need EXECUTE granted to every writer.
alter table public.faq_entries
  drop constraint faq_entries_question_check,
  drop constraint faq_entries_answer_check,
  add constraint faq_entries_question_check check (char_length(btrim(question,
    E' \t\n\u000b\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff'))
    between 1 and 300),
  add constraint faq_entries_answer_check check (char_length(btrim(answer,
    E' \t\n\u000b\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff'))
    between 1 and 2000);

-- The cheapest or dearest product of each currency, read from the index ------------

-- catalogue_extremes sorted every live product of the owner (its order by a
-- CASE over the price cannot follow an index): at 10,000 products a call took
-- 100–300 ms, for a question as common as "what is your cheapest product?".
-- Now each currency the owner sells in is found by skipping through
-- products_owner_price_idx (user_id, currency, price; live rows), its lowest
-- or highest price read from the same index, and only the products at that
-- price are read and ordered by name: a few index probes a currency,
-- whatever the catalogue's size. Same rows, same order (by currency); any
-- p_order but 'priciest' still means the cheapest.
create or replace function public.catalogue_extremes(p_user_id uuid, p_order text)
returns setof public.products
language sql
stable
security invoker
set search_path = ''
as $$
  with recursive currencies (currency) as (
    (select p.currency from public.products p
      where p.user_id = p_user_id and not p._deleted
      order by p.currency limit 1)
    union all
    select (select p.currency from public.products p
             where p.user_id = p_user_id and not p._deleted and p.currency > c.currency
             order by p.currency limit 1)
      from currencies c
     where c.currency is not null
  )
  select e.*
  from currencies c
  cross join lateral (
    select case when p_order = 'priciest'
             then (select p.price from public.products p
                    where p.user_id = p_user_id and p.currency = c.currency and not p._deleted
                    order by p.price desc limit 1)
             else (select p.price from public.products p
                    where p.user_id = p_user_id and p.currency = c.currency and not p._deleted
                    order by p.price limit 1)
           end as price
  ) m
  cross join lateral (
    select p.* from public.products p
     where p.user_id = p_user_id and p.currency = c.currency and not p._deleted and p.price = m.price
     order by p.name, p.id
     limit 1
  ) e
  where c.currency is not null
  order by c.currency
$$;
