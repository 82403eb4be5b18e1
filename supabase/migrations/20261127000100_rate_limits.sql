-- One rate limiter for every public surface: phone verification texts,
-- appointment reminders, the website widget, WhatsApp senders, the
-- automation endpoints, the sign-up phone check and password checks.
-- Before this migration each had a hand-written sliding window over a table
-- of its own (chatbot_api_requests, automation_requests, phone_verifications'
-- and outgoing_messages' rows), some with numbers restated here that
-- contradicted the functions'.
--
-- A limit is a key (what is counted: a conversation, a client address, an
-- owner…), a window in seconds and a most-allowed count. The values are the
-- functions' (supabase/functions/_shared/rate-limits.ts, each with the
-- setting that changes it); the database only counts.
--
-- Invariants:
--   * take_rate_limits checks every limit it is given and records a hit on
--     each only when all of them pass, under one transaction advisory lock
--     per key taken in a fixed order: simultaneous requests cannot together
--     pass a limit, and two calls never wait on each other's locks in a
--     cycle. A refused request is not recorded, so a client that keeps
--     retrying gets back in as its window empties.
--   * A hit counts for the key and window it was taken for; `at` is the
--     database's clock, so every function instance agrees.
--   * release_rate_limits gives a hit back (a text the provider refused).
--   * Spent hits are swept now and then (sweep_rate_limit_hits), never
--     counted: every read looks inside its window only.
--   * Only service_role reaches any of it.

-- Tables ---------------------------------------------------------------------

create table public.rate_limit_hits (
  id bigint generated always as identity primary key,
  -- Byte-wise, so a prefix (one owner's keys) can read the index.
  rate_key text collate "C" not null check (pg_catalog.length(rate_key) between 1 and 512),
  window_seconds integer not null check (window_seconds > 0),
  at timestamptz not null,
  expires_at timestamptz not null
);
create index rate_limit_hits_key_idx on public.rate_limit_hits (rate_key, window_seconds, at desc);
create index rate_limit_hits_expires_idx on public.rate_limit_hits (expires_at);

-- Functions --------------------------------------------------------------------

-- p_limits: [{"name": …, "key": …, "max": n ≥ 1, "window": seconds ≥ 1}, …]
-- (name is what a refusal reports). Result: {allowed: true, at} or
-- {allowed: false, limit: <name>, retry_after: seconds}; when several limits
-- refuse, the one that frees up last, so a client told to wait is not
-- refused again by another limit when it comes back.
create function public.take_rate_limits(p_limits jsonb) returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_names text[];
  v_keys text[];
  v_maxes integer[];
  v_windows integer[];
  v_locks text[];
  v_key text;
  v_now timestamptz;
  v_at timestamptz;
  v_retry integer;
  v_refused text;
  v_longest integer := 0;
begin
  if p_limits is null or pg_catalog.jsonb_typeof(p_limits) <> 'array' then
    raise exception 'take_rate_limits: a JSON array of limits is required' using errcode = '22023';
  end if;
  -- Read once, into parallel arrays: the list is parsed here and nowhere else.
  select pg_catalog.array_agg(l.name), pg_catalog.array_agg(l.key), pg_catalog.array_agg(l.max), pg_catalog.array_agg(l."window")
    into v_names, v_keys, v_maxes, v_windows
    from pg_catalog.jsonb_to_recordset(p_limits) as l(name text, key text, max integer, "window" integer);
  if v_keys is null then
    return pg_catalog.jsonb_build_object('allowed', true, 'at', pg_catalog.clock_timestamp());
  end if;
  if pg_catalog.array_position(v_names, null) is not null or pg_catalog.array_position(v_keys, null) is not null
     or not coalesce((select pg_catalog.bool_and(m >= 1) from pg_catalog.unnest(v_maxes) m), false)
     or not coalesce((select pg_catalog.bool_and(w >= 1) from pg_catalog.unnest(v_windows) w), false) then
    raise exception 'take_rate_limits: every limit needs a name, a key, a max and a window of at least 1'
      using errcode = '22023';
  end if;

  select pg_catalog.array_agg(distinct k order by k) into v_locks from pg_catalog.unnest(v_keys) k;
  foreach v_key in array v_locks loop
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('rate_limit:' || v_key, 0));
  end loop;
  v_now := pg_catalog.clock_timestamp();

  for i in 1 .. pg_catalog.array_length(v_keys, 1) loop
    select h.at into v_at from public.rate_limit_hits h
     where h.rate_key = v_keys[i] and h.window_seconds = v_windows[i]
       and h.at > v_now - pg_catalog.make_interval(secs => v_windows[i])
     order by h.at desc
     offset v_maxes[i] - 1 limit 1;
    if found then
      v_retry := greatest(1, ceil(extract(epoch from v_at + pg_catalog.make_interval(secs => v_windows[i]) - v_now))::integer);
      if v_retry > v_longest then
        v_longest := v_retry;
        v_refused := v_names[i];
      end if;
    end if;
  end loop;
  if v_refused is not null then
    return pg_catalog.jsonb_build_object('allowed', false, 'error', 'rate_limited', 'limit', v_refused, 'retry_after', v_longest);
  end if;

  -- Spent hits count for nothing (the reads above look only inside their
  -- windows): one call in 16 sweeps some away. A sweep on every call cost
  -- the widget a sixth of its throughput under load (bench:load); this one
  -- deletes as many rows in the end.
  if pg_catalog.random() < 0.0625 then
    perform public.sweep_rate_limit_hits(512);
  end if;

  insert into public.rate_limit_hits (rate_key, window_seconds, at, expires_at)
  select k, w, v_now, v_now + pg_catalog.make_interval(secs => w)
    from rows from (pg_catalog.unnest(v_keys), pg_catalog.unnest(v_windows)) as t(k, w);
  return pg_catalog.jsonb_build_object('allowed', true, 'at', v_now);
end
$$;

-- Deletes up to p_max spent hits, in expiry order so the index is read from
-- its start and stops at the first hit still counting, skipping rows another
-- call is sweeping so that none waits. Returns how many went.
create function public.sweep_rate_limit_hits(p_max integer) returns integer
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  -- A value, not the volatile call, so that it bounds the index scan
  -- instead of filtering every entry of it.
  v_now timestamptz := pg_catalog.clock_timestamp();
  v_count integer;
begin
  delete from public.rate_limit_hits h
   where h.id = any (array(
     select s.id from public.rate_limit_hits s where s.expires_at <= v_now
      order by s.expires_at limit p_max for update skip locked));
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

-- Gives back the hits take_rate_limits recorded at p_at for these limits
-- (the same list it was given). Returns how many hits went.
create function public.release_rate_limits(p_limits jsonb, p_at timestamptz) returns integer
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_count integer;
begin
  delete from public.rate_limit_hits h
   using pg_catalog.jsonb_to_recordset(p_limits) as l(key text, "window" integer)
   where h.rate_key = l.key and h.window_seconds = l."window" and h.at = p_at;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

-- The four limiters this replaces ---------------------------------------------

-- Phone verification texts: the limits are the caller's (per number, per
-- account, per client address, project-wide), then the code is stored.
-- Result: {id, created_at, error: null} or take_rate_limits' refusal with
-- `id: null`.
drop function public.reserve_phone_verification(text, uuid, text, text, timestamptz, integer, integer);
drop function public.phone_verification_refusal(text, timestamptz, timestamptz);
create function public.reserve_phone_verification(
  p_phone_number text,
  p_user_id uuid,
  p_client_address text,
  p_code_hash text,
  p_expires_at timestamptz,
  p_limits jsonb
) returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_taken jsonb;
  v_row public.phone_verifications;
begin
  if p_phone_number is null or p_code_hash is null or p_expires_at is null then
    raise exception 'reserve_phone_verification: phone, code hash and expiry are required' using errcode = '22023';
  end if;
  v_taken := public.take_rate_limits(p_limits);
  if not (v_taken ->> 'allowed')::boolean then
    return v_taken || pg_catalog.jsonb_build_object('id', null);
  end if;
  insert into public.phone_verifications (phone_number, user_id, client_address, code_hash, expires_at, created_at)
  values (p_phone_number, p_user_id, p_client_address, p_code_hash, p_expires_at, (v_taken ->> 'at')::timestamptz)
  returning * into v_row;
  return pg_catalog.jsonb_build_object('id', v_row.id, 'created_at', v_row.created_at, 'error', null);
end
$$;

-- Appointment reminders: the owner's allowance (the caller's limits), then
-- the message recorded as queued, in one transaction. A text the provider
-- refuses is given back with release_rate_limits.
-- Result: {id, at, error: null} or take_rate_limits' refusal with `id: null`.
drop function public.reserve_sms(uuid, text, text, text, uuid);
create function public.reserve_sms(
  p_user_id uuid,
  p_recipient text,
  p_body text,
  p_provider text,
  p_appointment_id uuid,
  p_limits jsonb
) returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_taken jsonb;
  v_id uuid;
begin
  if p_user_id is null or p_recipient is null or p_body is null or p_provider is null then
    raise exception 'reserve_sms: user, recipient, body and provider are required' using errcode = '22023';
  end if;
  v_taken := public.take_rate_limits(p_limits);
  if not (v_taken ->> 'allowed')::boolean then
    return v_taken || pg_catalog.jsonb_build_object('id', null);
  end if;
  insert into public.outgoing_messages (user_id, channel, recipient, body, provider, status, appointment_id)
  values (p_user_id, 'sms', p_recipient, p_body, p_provider, 'queued', p_appointment_id)
  returning id into v_id;
  return pg_catalog.jsonb_build_object('id', v_id, 'at', v_taken -> 'at', 'error', null);
end
$$;

-- The automation endpoints now call take_rate_limits themselves; the widget's
-- admission is rewritten with its conversations (20261127000200).
drop function public.reserve_automation_request(text[], integer);
drop table public.automation_requests;

-- RLS ------------------------------------------------------------------------

-- No policy: only service_role (which bypasses RLS) reaches the hits.
alter table public.rate_limit_hits enable row level security;

-- Grants -----------------------------------------------------------------------

revoke all on table public.rate_limit_hits from anon, authenticated;
grant all on table public.rate_limit_hits to service_role;

revoke all on function public.take_rate_limits(jsonb) from public, anon, authenticated;
revoke all on function public.release_rate_limits(jsonb, timestamptz) from public, anon, authenticated;
revoke all on function public.sweep_rate_limit_hits(integer) from public, anon, authenticated;
revoke all on function public.reserve_phone_verification(text, uuid, text, text, timestamptz, jsonb) from public, anon, authenticated;
revoke all on function public.reserve_sms(uuid, text, text, text, uuid, jsonb) from public, anon, authenticated;
grant execute on function public.take_rate_limits(jsonb), public.release_rate_limits(jsonb, timestamptz), public.sweep_rate_limit_hits(integer),
  public.reserve_phone_verification(text, uuid, text, text, timestamptz, jsonb),
  public.reserve_sms(uuid, text, text, text, uuid, jsonb) to service_role;
