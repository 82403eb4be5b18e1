-- The endpoints an owner's external automation (n8n, Make, Zapier) calls:
-- automation-webhook, products-api and user-api, each at /{userId}. A user
-- id alone opens nothing: every call carries the owner's automation token
-- (`Authorization: Bearer …`), generated on the settings screen, shown once,
-- kept here only as its SHA-256, and replaced by the next one.
--
--   automation_tokens: one per owner (user_id, token_hash, created_at).
--   automation_credit_uses: a POST "one message was sent" with an
--     Idempotency-Key (or message id) counted once: the key and the balance
--     it answered, kept 7 days.
--   automation_requests: the per-minute rate limiter's log.
--
-- Owner RPCs (authenticated, for auth.uid()):
--   create_automation_token() → {token, created_at}: the only time the
--     token is readable; any earlier token stops working.
--   revoke_automation_token() → void
--   get_automation_token_status() → {set, created_at}
-- Server functions (service_role): automation_token_valid,
-- consume_automation_credit, reserve_automation_request.

-- Tables ---------------------------------------------------------------------

create table public.automation_tokens (
  user_id uuid primary key references public.users (id) on delete cascade,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);

create table public.automation_credit_uses (
  user_id uuid not null references public.users (id) on delete cascade,
  idempotency_key text not null check (pg_catalog.length(idempotency_key) between 1 and 256),
  remaining integer not null,
  created_at timestamptz not null default now(),
  primary key (user_id, idempotency_key)
);
create index automation_credit_uses_created_idx on public.automation_credit_uses (created_at);

create table public.automation_requests (
  id bigint generated always as identity primary key,
  rate_key text not null,
  created_at timestamptz not null default now()
);
create index automation_requests_key_idx on public.automation_requests (rate_key, created_at);
create index automation_requests_created_idx on public.automation_requests (created_at);

alter table public.automation_tokens enable row level security;
alter table public.automation_credit_uses enable row level security;
alter table public.automation_requests enable row level security;
revoke all on table public.automation_tokens, public.automation_credit_uses, public.automation_requests from anon, authenticated;
grant all on table public.automation_tokens, public.automation_credit_uses, public.automation_requests to service_role;

create function public.automation_token_hash(p_token text) returns text
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(p_token, 'UTF8')), 'hex')
$$;

-- Owner RPCs -------------------------------------------------------------------

create function public.create_automation_token() returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_token text := 'sat_' || public.random_token();
  v_at timestamptz := pg_catalog.now();
begin
  insert into public.automation_tokens (user_id, token_hash, created_at)
  values (v_uid, public.automation_token_hash(v_token), v_at)
  on conflict (user_id) do update set token_hash = excluded.token_hash, created_at = excluded.created_at;
  return pg_catalog.jsonb_build_object('token', v_token, 'created_at', v_at);
end
$$;

create function public.revoke_automation_token() returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  delete from public.automation_tokens where user_id = public.require_uid();
end
$$;

create function public.get_automation_token_status() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_at timestamptz;
begin
  select t.created_at into v_at from public.automation_tokens t where t.user_id = public.require_uid();
  return pg_catalog.jsonb_build_object('set', v_at is not null, 'created_at', v_at);
end
$$;

-- Server functions (service_role) --------------------------------------------

-- Whether the token is the owner's current one. The lookup is by hash, so
-- neither the stored value nor the comparison's timing reveals the token.
create function public.automation_token_valid(p_user_id uuid, p_token text) returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select exists (
    select 1 from public.automation_tokens t
     where t.user_id = p_user_id and t.token_hash = public.automation_token_hash(p_token)
  )
$$;

-- One message sent by the automation: one credit. With a key, a repeat of a
-- counted call answers the balance it answered then and takes nothing; a
-- call refused for lack of credits is not remembered, so it can be retried
-- once credits are bought. The per-owner-and-key lock makes ten
-- simultaneous retries count once. Result: {consumed, remaining, repeated,
-- error: null | 'no_credits'}.
create function public.consume_automation_credit(p_user_id uuid, p_idempotency_key text default null) returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_remaining integer;
  v_result jsonb;
begin
  if p_idempotency_key is not null then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('automation:' || p_user_id::text || ':' || p_idempotency_key, 0));
    select u.remaining into v_remaining from public.automation_credit_uses u
     where u.user_id = p_user_id and u.idempotency_key = p_idempotency_key;
    if found then
      return pg_catalog.jsonb_build_object('consumed', true, 'remaining', v_remaining, 'repeated', true, 'error', null);
    end if;
  end if;

  v_result := public.consume_credit(p_user_id);
  if not (v_result ->> 'consumed')::boolean then
    return pg_catalog.jsonb_build_object('consumed', false, 'remaining', 0, 'repeated', false, 'error', 'no_credits');
  end if;
  v_remaining := (v_result ->> 'remaining')::integer;
  if p_idempotency_key is not null then
    delete from public.automation_credit_uses u where u.created_at < pg_catalog.now() - interval '7 days';
    insert into public.automation_credit_uses (user_id, idempotency_key, remaining) values (p_user_id, p_idempotency_key, v_remaining);
  end if;
  return pg_catalog.jsonb_build_object('consumed', true, 'remaining', v_remaining, 'repeated', false, 'error', null);
end
$$;

-- A one-minute sliding window per key (an owner, a client address), as
-- reserve_chatbot_request. Result: {allowed: true} or {allowed: false,
-- retry_after: seconds}.
create function public.reserve_automation_request(p_keys text[], p_limit integer) returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_now timestamptz;
  v_key text;
  v_at timestamptz;
begin
  if not (p_limit >= 1) then
    raise exception 'reserve_automation_request: a limit of at least 1 is required' using errcode = '22023';
  end if;
  for v_key in select k from pg_catalog.unnest(p_keys) k where k is not null order by k loop
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('automation-rate:' || v_key, 0));
  end loop;
  v_now := pg_catalog.clock_timestamp();
  foreach v_key in array p_keys loop
    continue when v_key is null;
    select r.created_at into v_at from public.automation_requests r
     where r.rate_key = v_key and r.created_at > v_now - interval '1 minute'
     order by r.created_at desc offset p_limit - 1 limit 1;
    if found then
      return pg_catalog.jsonb_build_object('allowed', false,
        'retry_after', greatest(1, ceil(extract(epoch from v_at + interval '1 minute' - v_now))::integer));
    end if;
  end loop;
  delete from public.automation_requests r where r.created_at < v_now - interval '2 minutes';
  insert into public.automation_requests (rate_key, created_at)
  select k, v_now from pg_catalog.unnest(p_keys) k where k is not null;
  return pg_catalog.jsonb_build_object('allowed', true);
end
$$;

-- Grants -----------------------------------------------------------------------

revoke all on function public.automation_token_hash(text) from public, anon, authenticated;
revoke all on function public.create_automation_token() from public, anon;
revoke all on function public.revoke_automation_token() from public, anon;
revoke all on function public.get_automation_token_status() from public, anon;
revoke all on function public.automation_token_valid(uuid, text) from public, anon, authenticated;
revoke all on function public.consume_automation_credit(uuid, text) from public, anon, authenticated;
revoke all on function public.reserve_automation_request(text[], integer) from public, anon, authenticated;
grant execute on function public.automation_token_hash(text), public.automation_token_valid(uuid, text),
  public.consume_automation_credit(uuid, text), public.reserve_automation_request(text[], integer) to service_role;
grant execute on function public.create_automation_token(), public.revoke_automation_token(),
  public.get_automation_token_status() to authenticated, service_role;
