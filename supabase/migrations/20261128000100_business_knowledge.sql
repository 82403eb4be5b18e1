-- The business's own knowledge, which the assistant answers from beside the
-- catalogue: one profile per owner (address, contact, opening hours in the
-- owner's time zone, shipping, returns, payment and ordering text) and the
-- owner's FAQ. The owner writes both on the Chatbot screen's "Business info"
-- tab.
--
-- The rules are domain/business.ts's, which is the authority;
-- tests/integration/business-limits.test.ts writes each limit and one past it
-- through the data API and fails when the two differ:
--   address ≤ 500, maps_url ≤ 2048 (http or https), contact_phone ≤ 32,
--   contact_email ≤ 254, shipping/returns/payment/ordering_info ≤ 2000,
--   time_zone ≤ 64 characters and a zone Postgres knows;
--   opening_hours an object of weekday keys (mon … sun), each a list of at
--   most 3 ["HH:MM","HH:MM"] ranges, start before end (an end may be 24:00),
--   in order and not overlapping;
--   an FAQ entry's question 1–300 and answer 1–2000 characters after
--   trimming, at most 200 entries an owner.
-- As in 20261127001100, what a CHECK cannot say without a callable function
-- (the ranges inside the jsonb, the time zone, the count) is a trigger raising
-- check_violation under its own constraint name.
--
-- search_faq finds the owner's entries with the product search's folding,
-- stemming and typo rules (20261122002300), through a trigram index on the
-- folded question. chatbot_context now also returns the profile, so an answer
-- still reads everything about the owner in one round trip.

-- Tables ---------------------------------------------------------------------

create table public.business_profiles (
  user_id uuid primary key references public.users (id) on delete cascade,
  address text check (char_length(address) <= 500),
  maps_url text check (char_length(maps_url) <= 2048 and maps_url ~* '^https?://[^/?#\s]+'),
  contact_phone text check (char_length(contact_phone) <= 32),
  contact_email text check (char_length(contact_email) <= 254),
  opening_hours jsonb not null default '{}'::jsonb,
  time_zone text not null default 'Europe/Istanbul' check (char_length(time_zone) <= 64),
  shipping_info text check (char_length(shipping_info) <= 2000),
  returns_info text check (char_length(returns_info) <= 2000),
  payment_info text check (char_length(payment_info) <= 2000),
  ordering_info text check (char_length(ordering_info) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.faq_entries (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.users (id) on delete cascade,
  question text not null check (char_length(btrim(question)) between 1 and 300),
  answer text not null check (char_length(btrim(answer)) between 1 and 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index faq_entries_user_idx on public.faq_entries (user_id, created_at);
create index faq_entries_search_idx on public.faq_entries
  using gin (public.search_fold(question) extensions.gin_trgm_ops);
alter index public.faq_entries_search_idx alter column 1 set statistics 0;

-- "Cheapest / most expensive overall" and budget questions read the catalogue
-- by price within one currency.
create index products_owner_price_idx on public.products (user_id, currency, price) where not _deleted;

-- Rules the columns' checks cannot say ------------------------------------------

create function public.business_profiles_check() returns trigger
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
begin
  if pg_catalog.jsonb_typeof(new.opening_hours) <> 'object' then
    raise exception 'opening_hours must be an object of weekdays'
      using errcode = 'check_violation', constraint = 'business_profiles_opening_hours_check';
  end if;
  for v_day, v_ranges in select e.key, e.value from pg_catalog.jsonb_each(new.opening_hours) as e loop
    if v_day <> all (array['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])
       or pg_catalog.jsonb_typeof(v_ranges) <> 'array'
       or pg_catalog.jsonb_array_length(v_ranges) > 3 then
      raise exception 'opening_hours: % is not a weekday with at most 3 ranges', v_day
        using errcode = 'check_violation', constraint = 'business_profiles_opening_hours_check';
    end if;
    v_previous := -1;
    for v_range in select r.value from pg_catalog.jsonb_array_elements(v_ranges) with ordinality as r (value, n) order by r.n loop
      if pg_catalog.jsonb_typeof(v_range) <> 'array' or pg_catalog.jsonb_array_length(v_range) <> 2
         or pg_catalog.jsonb_typeof(v_range -> 0) <> 'string' or pg_catalog.jsonb_typeof(v_range -> 1) <> 'string'
         or (v_range ->> 0) !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
         or ((v_range ->> 1) !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and (v_range ->> 1) <> '24:00') then
        raise exception 'opening_hours: % has a range that is not ["HH:MM","HH:MM"]', v_day
          using errcode = 'check_violation', constraint = 'business_profiles_opening_hours_check';
      end if;
      v_start := pg_catalog.split_part(v_range ->> 0, ':', 1)::integer * 60 + pg_catalog.split_part(v_range ->> 0, ':', 2)::integer;
      v_end := pg_catalog.split_part(v_range ->> 1, ':', 1)::integer * 60 + pg_catalog.split_part(v_range ->> 1, ':', 2)::integer;
      if v_start >= v_end or v_start < v_previous then
        raise exception 'opening_hours: % has an empty, unordered or overlapping range', v_day
          using errcode = 'check_violation', constraint = 'business_profiles_opening_hours_check';
      end if;
      v_previous := v_end;
    end loop;
  end loop;
  -- Reading the zone list costs tens of milliseconds on PGlite: only a new zone is looked up.
  if (tg_op = 'INSERT' and new.time_zone <> 'Europe/Istanbul')
     or (tg_op = 'UPDATE' and new.time_zone is distinct from old.time_zone) then
    if not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = new.time_zone) then
      raise exception 'time_zone % is not a known time zone', new.time_zone
        using errcode = 'check_violation', constraint = 'business_profiles_time_zone_check';
    end if;
  end if;
  return new;
end
$$;

create trigger business_profiles_check
  before insert or update on public.business_profiles
  for each row execute function public.business_profiles_check();

create trigger business_profiles_set_updated_at
  before update on public.business_profiles
  for each row execute function public.set_updated_at();

-- At most 200 entries an owner, counted under the owner's lock so two
-- simultaneous inserts cannot both take the last place.
create function public.faq_entries_limit() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('faq_entries:' || new.user_id::text, 0));
  if (select pg_catalog.count(*) from public.faq_entries f where f.user_id = new.user_id) >= 200 then
    raise exception 'an owner keeps at most 200 FAQ entries'
      using errcode = 'check_violation', constraint = 'faq_entries_count_check';
  end if;
  return new;
end
$$;

create trigger faq_entries_limit
  before insert on public.faq_entries
  for each row execute function public.faq_entries_limit();

create trigger faq_entries_set_updated_at
  before update on public.faq_entries
  for each row execute function public.set_updated_at();

-- A profile with every account ------------------------------------------------

create or replace function public.handle_new_user() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_phone text := nullif(btrim(new.raw_user_meta_data ->> 'phone_number'), '');
begin
  if v_phone is not null then
    perform public.release_lapsed_phone_claim(v_phone);
  end if;
  insert into public.users (id, email, business_name, phone_number)
  values (
    new.id,
    new.email,
    nullif(btrim(new.raw_user_meta_data ->> 'business_name'), ''),
    v_phone
  );
  insert into public.credits (user_id) values (new.id);
  insert into public.chatbot_configs (user_id) values (new.id);
  insert into public.api_usage_limits (user_id) values (new.id);
  insert into public.business_profiles (user_id) values (new.id);
  return new;
end
$$;

insert into public.business_profiles (user_id)
select u.id from public.users u
on conflict (user_id) do nothing;

-- The FAQ search ---------------------------------------------------------------

-- The owner's entries whose question shares words with the query, best
-- first, each with `score`: the share of the query's words its question
-- holds (folded, stemmed, one-letter typos tolerated, as search_products
-- reads them), so a caller can tell an answer to this question from an entry
-- that only shares a word. Question words and fillers count for nothing.
create function public.search_faq(p_user_id uuid, p_query text, p_limit integer default 3)
returns table (id uuid, question text, answer text, score numeric)
language plpgsql
stable
security invoker
set search_path = ''
set pg_trgm.word_similarity_threshold = 0.5
as $$
declare
  v_words text[];
  v_stems text[];
  v_patterns text[];
begin
  select coalesce(pg_catalog.array_agg(t.w order by t.pos), '{}'),
         coalesce(pg_catalog.array_agg(public.search_stem(t.w) order by t.pos), '{}')
    into v_words, v_stems
  from (
    select w, min(pos) as pos
    from pg_catalog.regexp_split_to_table(coalesce(public.search_fold(p_query), ''), '[^a-z0-9]+')
      with ordinality as x(w, pos)
    where pg_catalog.length(w) >= 2
      and w <> all (array[
        'var', 'mi', 'mu', 'misiniz', 'musunuz', 'mudur', 'midir', 'miyim', 'muyum', 'varmi', 'yok', 'ne', 'nasil',
        'acaba', 'bir', 'bu', 'su', 've', 'ile', 'icin', 'da', 'de', 'ki', 'mi', 'merhaba', 'selam', 'lutfen',
        'sizde', 'siz', 'sizin', 'ben', 'benim', 'nedir', 'oluyor', 'olur', 'yapiyor', 'yapiyormusunuz',
        'how', 'do', 'does', 'you', 'is', 'are', 'the', 'an', 'any', 'what', 'can', 'of', 'for', 'in', 'to',
        'it', 'me', 'my', 'your', 'please', 'hi', 'hello', 'there', 'we', 'have', 'has'
      ])
    group by w
  ) t;

  if pg_catalog.cardinality(v_words) = 0 then
    return;
  end if;

  select coalesce(pg_catalog.array_agg('%' || s || '%'), '{}') into v_patterns
  from pg_catalog.unnest(v_stems) as s
  where pg_catalog.length(s) >= 3;

  return query execute $q$
  with candidates as materialized (
    select f.id, f.question, f.answer, public.search_fold(f.question) as doc
    from public.faq_entries f
    where f.user_id = $1
      and (public.search_fold(f.question) operator(extensions.%>) any ($2)
           or public.search_fold(f.question) like any ($4))
  ),
  scored as (
    select c.id, c.question, c.answer,
           pg_catalog.count(*) filter (where m.s > 0) as matched,
           coalesce(pg_catalog.sum(m.s), 0) as total,
           pg_catalog.array_length(pg_catalog.regexp_split_to_array(pg_catalog.btrim(c.doc, ' ?!.,'), '[^a-z0-9]+'), 1) as doc_words
    from candidates c
    cross join lateral (
      select public.search_word_score(q.word, q.stem, c.doc) as s
      from unnest($2, $3) as q(word, stem)
      offset 0
    ) m
    group by c.id, c.question, c.answer, c.doc
  )
  select s.id, s.question, s.answer,
         pg_catalog.round(s.total / pg_catalog.cardinality($2), 3) as score
  from scored s
  where s.matched > 0
  order by s.total desc, s.doc_words, s.id
  limit $5
  $q$
  using p_user_id, v_words, v_stems, v_patterns, least(greatest(coalesce(p_limit, 3), 1), 10);
end
$$;

-- The cheapest or dearest live product in each currency, over the whole
-- catalogue (an index scan a currency, whatever the catalogue's size).
create function public.catalogue_extremes(p_user_id uuid, p_order text)
returns setof public.products
language sql
stable
security invoker
set search_path = ''
as $$
  select distinct on (p.currency) p.*
  from public.products p
  where p.user_id = p_user_id and not p._deleted
  order by p.currency,
           case when p_order = 'priciest' then -p.price else p.price end,
           p.name, p.id
$$;

-- The conversation context, with the profile -----------------------------------

create or replace function public.chatbot_context(
  p_user_id uuid,
  p_channel text,
  p_conversation_id uuid,
  p_wa_id text,
  p_history_turns integer
) returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_conversation uuid;
begin
  if p_channel = 'whatsapp' then
    select c.id into v_conversation from public.chatbot_conversations c
     where c.user_id = p_user_id and c.channel = 'whatsapp' and c.wa_id = p_wa_id;
  elsif p_conversation_id is not null then
    select c.id into v_conversation from public.chatbot_conversations c
     where c.id = p_conversation_id and c.user_id = p_user_id and c.channel = p_channel;
  end if;
  return (
    select pg_catalog.jsonb_build_object(
      'config', (
        select pg_catalog.jsonb_build_object(
          'enabled', c.enabled,
          'website_url', c.website_url,
          'allowed_domains', c.allowed_domains,
          'bot_name', c.bot_name,
          'openai_model', c.openai_model,
          'temperature', c.temperature,
          'max_tokens', c.max_tokens,
          'system_prompt', c.system_prompt)
          from public.chatbot_configs c where c.user_id = p_user_id),
      'business_name', (select u.business_name from public.users u where u.id = p_user_id),
      'profile', (
        select pg_catalog.jsonb_build_object(
          'address', b.address,
          'maps_url', b.maps_url,
          'contact_phone', b.contact_phone,
          'contact_email', b.contact_email,
          'opening_hours', b.opening_hours,
          'time_zone', b.time_zone,
          'shipping_info', b.shipping_info,
          'returns_info', b.returns_info,
          'payment_info', b.payment_info,
          'ordering_info', b.ordering_info,
          'has_faq', exists (select 1 from public.faq_entries f where f.user_id = p_user_id))
          from public.business_profiles b where b.user_id = p_user_id),
      'daily_message_limit', (select l.daily_message_limit from public.api_usage_limits l where l.user_id = p_user_id),
      'conversation_id', v_conversation,
      'history', coalesce((
        select pg_catalog.jsonb_agg(
                 pg_catalog.jsonb_build_object('role', t.role, 'content', t.content, 'product_ids', t.product_ids)
                 order by t.created_at, t.role desc)
          from (select m.role, m.content, m.product_ids, m.created_at
                  from public.chatbot_messages m
                 where v_conversation is not null
                   and m.conversation_id = v_conversation and m.user_id = p_user_id and m.channel = p_channel
                 order by m.created_at desc, m.role asc
                 limit greatest(p_history_turns, 0)) t), '[]'::jsonb))
  );
end
$$;

-- RLS ------------------------------------------------------------------------

alter table public.business_profiles enable row level security;
alter table public.faq_entries enable row level security;

create policy "business_profiles: owner reads" on public.business_profiles
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "business_profiles: owner creates" on public.business_profiles
  for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "business_profiles: owner updates" on public.business_profiles
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "faq_entries: owner reads" on public.faq_entries
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "faq_entries: owner creates" on public.faq_entries
  for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "faq_entries: owner updates" on public.faq_entries
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
create policy "faq_entries: owner deletes" on public.faq_entries
  for delete to authenticated
  using (user_id = (select auth.uid()));

-- Grants -----------------------------------------------------------------------

revoke all on table public.business_profiles, public.faq_entries from anon, authenticated;
grant all on table public.business_profiles, public.faq_entries to service_role;
grant select, insert, update on table public.business_profiles to authenticated;
grant select, insert, update, delete on table public.faq_entries to authenticated;

revoke all on function public.business_profiles_check() from public, anon, authenticated;
revoke all on function public.faq_entries_limit() from public, anon, authenticated;
revoke all on function public.search_faq(uuid, text, integer) from public, anon, authenticated;
revoke all on function public.catalogue_extremes(uuid, text) from public, anon, authenticated;
grant execute on function public.search_faq(uuid, text, integer), public.catalogue_extremes(uuid, text) to service_role;
