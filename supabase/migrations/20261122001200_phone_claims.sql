-- Phone numbers as claims: who may hold a number, how often it may change,
-- and how many verification texts anyone can make the product send.
--
-- Invariants:
--   * One account holds a number at a time (the unique constraint on
--     users.phone_number stays). A number held by an account that never
--     verified it is a claim that lapses PHONE_CLAIM_TTL (24 h) after it was
--     made: the next sign-up or change to that number releases it from the
--     idle account. A verified number is never released this way.
--   * Owners change their number only through change_phone_number (three
--     changes a day); the data API can no longer write users.phone_number.
--     Sign-up sets the first number through handle_new_user. Both lock the
--     number before looking at its holder, so two accounts racing for one
--     number cannot both get it.
--   * Every verification text is reserved by reserve_phone_verification under
--     one transaction advisory lock, so the limits per number, per account,
--     per client address and for the whole project count every text sent
--     before it, however many requests arrive at once.

-- Tables ---------------------------------------------------------------------

alter table public.users add column phone_claimed_at timestamptz;
update public.users set phone_claimed_at = coalesce(updated_at, created_at, now()) where phone_number is not null;

-- Who a code was sent for and from where, so sends count per account and per
-- client address as well as per number.
alter table public.phone_verifications
  add column user_id uuid references public.users (id) on delete cascade,
  add column client_address text;
create index phone_verifications_user_created_idx on public.phone_verifications (user_id, created_at desc);
create index phone_verifications_address_created_idx on public.phone_verifications (client_address, created_at desc);
create index phone_verifications_created_idx on public.phone_verifications (created_at desc);

create table public.phone_number_changes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  phone_number text not null,
  created_at timestamptz not null default now()
);
create index phone_number_changes_user_created_idx on public.phone_number_changes (user_id, created_at desc);

-- Functions --------------------------------------------------------------------

-- How long a number held without verification blocks others from it.
create function public.phone_claim_ttl() returns interval
language sql
immutable
set search_path = ''
as $$ select interval '24 hours' $$;

-- A claim starts whenever a number is set, by whatever path.
create function public.stamp_phone_claim() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' or new.phone_number is distinct from old.phone_number then
    new.phone_claimed_at := case when new.phone_number is null then null else pg_catalog.now() end;
  end if;
  return new;
end
$$;

create trigger users_stamp_phone_claim
  before insert or update of phone_number on public.users
  for each row execute function public.stamp_phone_claim();

-- Locks the number for this transaction and takes it from an account whose
-- unverified claim has lapsed. Afterwards the number is either free or held
-- by a verified account or a live claim (which the unique constraint keeps).
create function public.release_lapsed_phone_claim(p_phone_number text) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('phone_claim:' || p_phone_number, 0));
  update public.users
     set phone_number = null, phone_verified = false
   where phone_number = p_phone_number
     and not phone_verified
     and phone_claimed_at <= pg_catalog.now() - public.phone_claim_ttl();
end
$$;

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
  return new;
end
$$;

-- A lapsed claim does not make a number "taken": the sign-up that asks will get it.
create or replace function public.phone_number_exists(p_phone_number text) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.users u
     where u.phone_number = p_phone_number
       and (u.phone_verified or u.phone_claimed_at > pg_catalog.now() - public.phone_claim_ttl())
  )
$$;

-- The one way an owner changes the number: the caller is auth.uid(), never an
-- argument. The new number starts unverified.
-- Result: {changed: bool, error: null} or {changed: false, error:
-- 'unauthorized' | 'invalid_phone' | 'phone_taken' | 'rate_limited', retry_after?: seconds}.
create function public.change_phone_number(p_phone_number text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_daily constant integer := 3;
  v_user uuid := auth.uid();
  v_current text;
  v_oldest timestamptz;
begin
  if v_user is null then
    return pg_catalog.jsonb_build_object('changed', false, 'error', 'unauthorized');
  end if;
  if p_phone_number is null or p_phone_number !~ '^\+90[0-9]{10}$' then
    return pg_catalog.jsonb_build_object('changed', false, 'error', 'invalid_phone');
  end if;

  select u.phone_number into v_current from public.users u where u.id = v_user for update;
  if not found then
    return pg_catalog.jsonb_build_object('changed', false, 'error', 'unauthorized');
  end if;
  if v_current is not distinct from p_phone_number then
    return pg_catalog.jsonb_build_object('changed', false, 'error', null);
  end if;

  select c.created_at into v_oldest
    from public.phone_number_changes c
   where c.user_id = v_user and c.created_at > pg_catalog.now() - interval '1 day'
   order by c.created_at desc
   offset v_daily - 1 limit 1;
  if found then
    return pg_catalog.jsonb_build_object(
      'changed', false, 'error', 'rate_limited',
      'retry_after', greatest(1, ceil(extract(epoch from v_oldest + interval '1 day' - pg_catalog.now()))::integer));
  end if;

  perform public.release_lapsed_phone_claim(p_phone_number);
  if exists (select 1 from public.users u where u.phone_number = p_phone_number) then
    return pg_catalog.jsonb_build_object('changed', false, 'error', 'phone_taken');
  end if;

  update public.users set phone_number = p_phone_number, phone_verified = false where id = v_user;
  insert into public.phone_number_changes (user_id, phone_number) values (v_user, p_phone_number);
  return pg_catalog.jsonb_build_object('changed', true, 'error', null);
end
$$;

-- Reserves one verification text, or says which limit stops it. Limits, each
-- over a sliding window on the database's clock:
--   per number   one a minute, five an hour
--   per account  five an hour, ten a day (an account that changes numbers
--                cannot multiply its texts)
--   per address  p_address_hourly_limit an hour (one client sending for many accounts)
--   project-wide p_global_hourly_limit an hour (a ceiling on the SMS bill)
-- A reserved row is the code itself (its hash); the caller deletes it when the
-- provider refuses, so a failed text does not count.
-- Result: {id, created_at, error: null} or {id: null, error: 'rate_limited',
-- retry_after: seconds, limit: 'number' | 'account' | 'address' | 'global'}.
create function public.reserve_phone_verification(
  p_phone_number text,
  p_user_id uuid,
  p_client_address text,
  p_code_hash text,
  p_expires_at timestamptz,
  p_address_hourly_limit integer,
  p_global_hourly_limit integer
) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_now timestamptz;
  v_at timestamptz;
  v_row public.phone_verifications;
begin
  if p_phone_number is null or p_code_hash is null or p_expires_at is null
     or not (p_address_hourly_limit >= 1) or not (p_global_hourly_limit >= 1) then
    raise exception 'reserve_phone_verification: phone, code hash, expiry and limits of at least 1 are required'
      using errcode = '22023';
  end if;

  -- One lock for all reservations: cheap (a handful of index reads under it),
  -- and the only way a project-wide count can be exact.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('reserve_phone_verification', 0));
  v_now := pg_catalog.clock_timestamp();

  select max(v.created_at) into v_at
    from public.phone_verifications v
   where v.phone_number = p_phone_number and v.created_at > v_now - interval '1 minute';
  if v_at is not null then
    return public.phone_verification_refusal('number', v_at + interval '1 minute', v_now);
  end if;

  select v.created_at into v_at from public.phone_verifications v
   where v.phone_number = p_phone_number and v.created_at > v_now - interval '1 hour'
   order by v.created_at desc offset 4 limit 1;
  if found then
    return public.phone_verification_refusal('number', v_at + interval '1 hour', v_now);
  end if;

  if p_user_id is not null then
    select v.created_at into v_at from public.phone_verifications v
     where v.user_id = p_user_id and v.created_at > v_now - interval '1 hour'
     order by v.created_at desc offset 4 limit 1;
    if found then
      return public.phone_verification_refusal('account', v_at + interval '1 hour', v_now);
    end if;
    select v.created_at into v_at from public.phone_verifications v
     where v.user_id = p_user_id and v.created_at > v_now - interval '1 day'
     order by v.created_at desc offset 9 limit 1;
    if found then
      return public.phone_verification_refusal('account', v_at + interval '1 day', v_now);
    end if;
  end if;

  if p_client_address is not null then
    select v.created_at into v_at from public.phone_verifications v
     where v.client_address = p_client_address and v.created_at > v_now - interval '1 hour'
     order by v.created_at desc offset p_address_hourly_limit - 1 limit 1;
    if found then
      return public.phone_verification_refusal('address', v_at + interval '1 hour', v_now);
    end if;
  end if;

  select v.created_at into v_at from public.phone_verifications v
   where v.created_at > v_now - interval '1 hour'
   order by v.created_at desc offset p_global_hourly_limit - 1 limit 1;
  if found then
    return public.phone_verification_refusal('global', v_at + interval '1 hour', v_now);
  end if;

  insert into public.phone_verifications (phone_number, user_id, client_address, code_hash, expires_at, created_at)
  values (p_phone_number, p_user_id, p_client_address, p_code_hash, p_expires_at, v_now)
  returning * into v_row;
  return pg_catalog.jsonb_build_object('id', v_row.id, 'created_at', v_row.created_at, 'error', null);
end
$$;

create function public.phone_verification_refusal(p_limit text, p_free_at timestamptz, p_now timestamptz) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'id', null, 'error', 'rate_limited', 'limit', p_limit,
    'retry_after', greatest(1, ceil(extract(epoch from p_free_at - p_now))::integer))
$$;

-- RLS ------------------------------------------------------------------------

-- No policy: only service_role (which bypasses RLS) reaches the change log.
alter table public.phone_number_changes enable row level security;

-- Grants -----------------------------------------------------------------------

-- The number is written only by sign-up and change_phone_number.
revoke insert (phone_number), update (phone_number) on table public.users from authenticated;

revoke all on table public.phone_number_changes from anon, authenticated;
grant all on table public.phone_number_changes to service_role;

revoke all on function public.phone_claim_ttl() from public, anon, authenticated;
grant execute on function public.phone_claim_ttl() to service_role;
revoke all on function public.stamp_phone_claim() from public, anon, authenticated;
revoke all on function public.release_lapsed_phone_claim(text) from public, anon, authenticated;

revoke all on function public.change_phone_number(text) from public, anon, authenticated;
grant execute on function public.change_phone_number(text) to authenticated, service_role;

revoke all on function public.reserve_phone_verification(text, uuid, text, text, timestamptz, integer, integer)
  from public, anon, authenticated;
grant execute on function public.reserve_phone_verification(text, uuid, text, text, timestamptz, integer, integer)
  to service_role;
revoke all on function public.phone_verification_refusal(text, timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function public.phone_verification_refusal(text, timestamptz, timestamptz) to service_role;
