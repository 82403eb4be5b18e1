-- The website widget's public endpoint (supabase/functions/chatbot-api) and
-- the assistant's message log.
--
-- Invariants:
--   * Every answered message is charged once against the owner's daily and
--     monthly allowance (api_usage_limits) by consume_chatbot_message, which
--     checks and raises both counters under the row's lock: however many
--     messages arrive at once, no more are answered than the limits allow.
--     A message charged but then not answered is given back with
--     refund_chatbot_message.
--   * The public endpoint is rate limited per conversation and per client
--     address (reserve_chatbot_request), under advisory locks on exactly those
--     two keys, so simultaneous requests cannot together pass a limit.
--   * Only service_role reaches any of this; owners keep reading their own
--     api_usage_limits and chatbot_messages rows as before.

-- Tables ---------------------------------------------------------------------

-- The products an assistant turn spoke of, so "how much is it?" after a
-- product answer can be resolved from the conversation.
alter table public.chatbot_messages add column product_ids uuid[] not null default '{}';

-- One row per request the public endpoint let through; a sliding window of
-- a minute needs nothing older, and each reservation sweeps what has aged out.
create table public.chatbot_api_requests (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  conversation_id text not null,
  client_address text,
  created_at timestamptz not null default now()
);
create index chatbot_api_requests_conversation_idx on public.chatbot_api_requests (user_id, conversation_id, created_at desc);
create index chatbot_api_requests_address_idx on public.chatbot_api_requests (client_address, created_at desc)
  where client_address is not null;
create index chatbot_api_requests_created_idx on public.chatbot_api_requests (created_at);

-- Functions --------------------------------------------------------------------

-- Charges one message to the owner's allowance. The usage row is created with
-- the table's defaults when missing. A new day (daily_reset_at before today)
-- starts the daily count from zero, a new month the monthly one, both on the
-- database's clock (UTC on hosted Supabase, as the columns' defaults).
-- The monthly limit is checked first: when both are spent, "try tomorrow"
-- would be the wrong thing to tell.
-- Result: {consumed: true, error: null, daily_used, daily_limit, monthly_used,
-- monthly_limit, daily_reset_at, monthly_reset_at} or {consumed: false,
-- error: 'monthly_limit_reached' | 'daily_limit_reached' | 'user_not_found', …}.
create function public.consume_chatbot_message(p_user_id uuid) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_today date := current_date;
  v_month date := pg_catalog.date_trunc('month', current_date)::date;
  v_row public.api_usage_limits;
  v_error text;
begin
  if p_user_id is null or not exists (select 1 from public.users u where u.id = p_user_id) then
    return pg_catalog.jsonb_build_object('consumed', false, 'error', 'user_not_found');
  end if;

  insert into public.api_usage_limits (user_id) values (p_user_id) on conflict (user_id) do nothing;
  -- The row lock is what makes concurrent charges exact: each waits for the
  -- previous one's commit and then sees its count.
  select * into strict v_row from public.api_usage_limits l where l.user_id = p_user_id for update;

  if v_row.daily_reset_at < v_today then
    v_row.daily_messages_used := 0;
    v_row.daily_reset_at := v_today;
  end if;
  if v_row.monthly_reset_at < v_month then
    v_row.monthly_messages_used := 0;
    v_row.monthly_reset_at := v_month;
  end if;

  if v_row.monthly_messages_used >= v_row.monthly_message_limit then
    v_error := 'monthly_limit_reached';
  elsif v_row.daily_messages_used >= v_row.daily_message_limit then
    v_error := 'daily_limit_reached';
  else
    v_row.daily_messages_used := v_row.daily_messages_used + 1;
    v_row.monthly_messages_used := v_row.monthly_messages_used + 1;
  end if;

  -- Written even on a refusal, so a reset is recorded once it is seen.
  update public.api_usage_limits l
     set daily_messages_used = v_row.daily_messages_used,
         daily_reset_at = v_row.daily_reset_at,
         monthly_messages_used = v_row.monthly_messages_used,
         monthly_reset_at = v_row.monthly_reset_at
   where l.user_id = p_user_id;

  return pg_catalog.jsonb_build_object(
    'consumed', v_error is null,
    'error', v_error,
    'daily_used', v_row.daily_messages_used,
    'daily_limit', v_row.daily_message_limit,
    'monthly_used', v_row.monthly_messages_used,
    'monthly_limit', v_row.monthly_message_limit,
    'daily_reset_at', v_row.daily_reset_at,
    'monthly_reset_at', v_row.monthly_reset_at);
end
$$;

-- Gives back a message consume_chatbot_message charged when it was not
-- answered after all (the assistant failed, or the turns could not be
-- stored). Pass the reset dates the charge returned: a counter that has been
-- reset since (a new day or month began in between) is not lowered, since
-- the charge is no longer in it. Returns whether anything was given back.
create function public.refund_chatbot_message(p_user_id uuid, p_daily_reset_at date, p_monthly_reset_at date) returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_row public.api_usage_limits;
begin
  select * into v_row from public.api_usage_limits l where l.user_id = p_user_id for update;
  if not found then
    return false;
  end if;
  update public.api_usage_limits l
     set daily_messages_used = case when l.daily_reset_at = p_daily_reset_at
                                    then greatest(0, l.daily_messages_used - 1) else l.daily_messages_used end,
         monthly_messages_used = case when l.monthly_reset_at = p_monthly_reset_at
                                      then greatest(0, l.monthly_messages_used - 1) else l.monthly_messages_used end
   where l.user_id = p_user_id;
  return v_row.daily_reset_at = p_daily_reset_at or v_row.monthly_reset_at = p_monthly_reset_at;
end
$$;

-- Lets one request of the public endpoint through, or says when to retry.
-- Sliding windows of one minute on the database's clock:
--   per conversation  p_conversation_limit (one chat window typing fast, or a script)
--   per address       p_address_limit, across all owners (one client opening
--                     many conversations); skipped when the address is unknown
-- Each key has its own transaction advisory lock, taken in a fixed order, so
-- unrelated conversations do not wait for each other and two requests can
-- never hold one lock each while waiting for the other's.
-- A refused request is not recorded: a client that keeps retrying is let
-- back in once its window has room, not locked out for ever.
-- Result: {allowed: true, error: null} or {allowed: false, error:
-- 'rate_limited', limit: 'conversation' | 'address', retry_after: seconds}.
create function public.reserve_chatbot_request(
  p_user_id uuid,
  p_conversation_id text,
  p_client_address text,
  p_conversation_limit integer,
  p_address_limit integer
) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_now timestamptz;
  v_at timestamptz;
  v_keys bigint[];
  v_key bigint;
begin
  if p_user_id is null or p_conversation_id is null
     or not (p_conversation_limit >= 1) or not (p_address_limit >= 1) then
    raise exception 'reserve_chatbot_request: owner, conversation and limits of at least 1 are required'
      using errcode = '22023';
  end if;

  v_keys := array[pg_catalog.hashtextextended('chatbot_api:conversation:' || p_user_id::text || ':' || p_conversation_id, 0)];
  if p_client_address is not null then
    v_keys := v_keys || pg_catalog.hashtextextended('chatbot_api:address:' || p_client_address, 0);
  end if;
  for v_key in select k from pg_catalog.unnest(v_keys) k order by k loop
    perform pg_catalog.pg_advisory_xact_lock(v_key);
  end loop;
  v_now := pg_catalog.clock_timestamp();

  select r.created_at into v_at from public.chatbot_api_requests r
   where r.user_id = p_user_id and r.conversation_id = p_conversation_id and r.created_at > v_now - interval '1 minute'
   order by r.created_at desc offset p_conversation_limit - 1 limit 1;
  if found then
    return pg_catalog.jsonb_build_object('allowed', false, 'error', 'rate_limited', 'limit', 'conversation',
      'retry_after', greatest(1, ceil(extract(epoch from v_at + interval '1 minute' - v_now))::integer));
  end if;

  if p_client_address is not null then
    select r.created_at into v_at from public.chatbot_api_requests r
     where r.client_address = p_client_address and r.created_at > v_now - interval '1 minute'
     order by r.created_at desc offset p_address_limit - 1 limit 1;
    if found then
      return pg_catalog.jsonb_build_object('allowed', false, 'error', 'rate_limited', 'limit', 'address',
        'retry_after', greatest(1, ceil(extract(epoch from v_at + interval '1 minute' - v_now))::integer));
    end if;
  end if;

  -- Rows older than the window count for nothing; an index range on
  -- created_at keeps this sweep cheap.
  delete from public.chatbot_api_requests r where r.created_at < v_now - interval '2 minutes';
  insert into public.chatbot_api_requests (user_id, conversation_id, client_address, created_at)
  values (p_user_id, p_conversation_id, p_client_address, v_now);
  return pg_catalog.jsonb_build_object('allowed', true, 'error', null);
end
$$;

-- RLS ------------------------------------------------------------------------

-- No policy: only service_role (which bypasses RLS) reaches the request log.
alter table public.chatbot_api_requests enable row level security;

-- Grants -----------------------------------------------------------------------

revoke all on table public.chatbot_api_requests from anon, authenticated;
grant all on table public.chatbot_api_requests to service_role;

revoke all on function public.consume_chatbot_message(uuid) from public, anon, authenticated;
grant execute on function public.consume_chatbot_message(uuid) to service_role;
revoke all on function public.refund_chatbot_message(uuid, date, date) from public, anon, authenticated;
grant execute on function public.refund_chatbot_message(uuid, date, date) to service_role;
revoke all on function public.reserve_chatbot_request(uuid, text, text, integer, integer) from public, anon, authenticated;
grant execute on function public.reserve_chatbot_request(uuid, text, text, integer, integer) to service_role;
