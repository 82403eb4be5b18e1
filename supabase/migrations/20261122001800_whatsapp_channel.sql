-- The assistant on WhatsApp: Meta's Cloud API calls the public function
-- whatsapp-webhook/{ownerId} with each inbound message. What the database
-- keeps for it, all of it reached by the service role only except the two
-- owner RPCs at the end:
--
--   whatsapp_channels: the owner's verify token, the value Meta's webhook
--   set-up echoes back to prove the URL is the owner's. Random, one per
--   owner, created on first read.
--
--   whatsapp_inbound_messages: one row per inbound message id (unique per
--   owner), claimed before anything is done, so a message Meta delivers five
--   times at once is answered once. Its status says what became of it:
--   processing → answered | no_credits | window_closed | send_failed |
--   ignored (a non-text message after the first of its conversation). A
--   message that could not be processed (the function failed) is released,
--   so Meta's redelivery gets another try.
--
--   Credits: one per reply, through consume_credit (20261122000800); a reply
--   that was not delivered is given back with refund_credit.
--
-- Owner RPCs (authenticated, for auth.uid() only):
--   get_whatsapp_channel() → {verify_token}
--   get_whatsapp_unanswered() → {unanswered, last_at}: messages kept without
--     a reply because no credits were left, for the credits screen.

-- Tables ---------------------------------------------------------------------

-- 244 random bits from two v4 uuids: no extension needed, in hex so it can
-- be pasted anywhere.
create function public.random_token() returns text
language sql
volatile
set search_path = ''
as $$
  select pg_catalog.replace(pg_catalog.gen_random_uuid()::text || pg_catalog.gen_random_uuid()::text, '-', '')
$$;

create table public.whatsapp_channels (
  user_id uuid primary key references public.users (id) on delete cascade,
  verify_token text not null default public.random_token(),
  created_at timestamptz not null default now()
);

create table public.whatsapp_inbound_messages (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  -- Meta's message id (wamid.…).
  message_id text not null check (pg_catalog.length(message_id) between 1 and 256),
  -- The sender's WhatsApp id: their number in international digits.
  wa_id text not null check (wa_id ~ '^[0-9]{6,20}$'),
  kind text not null check (kind in ('text', 'other')),
  body text,
  status text not null default 'processing'
    check (status in ('processing', 'answered', 'no_credits', 'window_closed', 'send_failed', 'ignored')),
  outgoing_message_id uuid,
  received_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, message_id)
);
create index whatsapp_inbound_conversation_idx on public.whatsapp_inbound_messages (user_id, wa_id, kind);
create index whatsapp_inbound_unanswered_idx on public.whatsapp_inbound_messages (user_id, received_at) where status = 'no_credits';

create trigger whatsapp_inbound_messages_set_updated_at
  before update on public.whatsapp_inbound_messages
  for each row execute function public.set_updated_at();

alter table public.whatsapp_channels enable row level security;
alter table public.whatsapp_inbound_messages enable row level security;
revoke all on table public.whatsapp_channels, public.whatsapp_inbound_messages from anon, authenticated;
grant all on table public.whatsapp_channels, public.whatsapp_inbound_messages to service_role;

-- Server functions (service_role) --------------------------------------------

-- The owner's verify token, created when first asked for.
create function public.whatsapp_verify_token(p_user_id uuid) returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_token text;
begin
  insert into public.whatsapp_channels (user_id) values (p_user_id) on conflict (user_id) do nothing;
  select c.verify_token into v_token from public.whatsapp_channels c where c.user_id = p_user_id;
  return v_token;
end
$$;

-- Claims an inbound message for processing. Result: {claimed: false} when
-- the id was seen before (a redelivery: acknowledge, do nothing), else
-- {claimed: true, id, first_other}; first_other says a non-text message is
-- the first of its conversation that would get the "text only" answer.
-- The per-conversation lock makes that answer once even for non-text
-- messages arriving together.
create function public.claim_whatsapp_message(
  p_user_id uuid,
  p_message_id text,
  p_wa_id text,
  p_kind text,
  p_body text
) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_id uuid;
  v_first_other boolean := false;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('whatsapp:' || p_user_id::text || ':' || p_wa_id, 0));
  if p_kind = 'other' then
    v_first_other := not exists (
      select 1 from public.whatsapp_inbound_messages m
       where m.user_id = p_user_id and m.wa_id = p_wa_id and m.kind = 'other'
         and m.status in ('processing', 'answered'));
  end if;
  insert into public.whatsapp_inbound_messages (user_id, message_id, wa_id, kind, body, status)
  values (p_user_id, p_message_id, p_wa_id, p_kind, p_body,
          case when p_kind = 'other' and not v_first_other then 'ignored' else 'processing' end)
  on conflict (user_id, message_id) do nothing
  returning id into v_id;
  if v_id is null then
    return pg_catalog.jsonb_build_object('claimed', false);
  end if;
  return pg_catalog.jsonb_build_object('claimed', true, 'id', v_id, 'first_other', v_first_other);
end
$$;

-- The outcome of a claimed message.
create function public.finish_whatsapp_message(p_id uuid, p_status text, p_outgoing_message_id uuid default null)
returns void
language sql
security invoker
set search_path = ''
as $$
  update public.whatsapp_inbound_messages
     set status = p_status, outgoing_message_id = coalesce(p_outgoing_message_id, outgoing_message_id)
   where id = p_id;
$$;

-- Processing failed before an outcome: forget the claim so a redelivery retries.
create function public.release_whatsapp_message(p_id uuid) returns void
language sql
security invoker
set search_path = ''
as $$
  delete from public.whatsapp_inbound_messages where id = p_id and status = 'processing';
$$;

-- Gives back a credit consume_credit took for a reply that was not delivered.
create function public.refund_credit(p_user_id uuid) returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
begin
  update public.credits c set used = c.used - 1, remaining = c.remaining + 1
   where c.user_id = p_user_id and c.used > 0;
  return found;
end
$$;

-- The sender as a customer of the owner, unless a live customer already has
-- the number. Locked per owner and number so two first messages at once
-- create one customer. Result: the customer's id and whether it is new.
create function public.ensure_whatsapp_customer(p_user_id uuid, p_phone_number text, p_name text)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_id uuid;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('customer-phone:' || p_user_id::text || ':' || p_phone_number, 0));
  select c.id into v_id from public.customers c
   where c.user_id = p_user_id and c.phone_number = p_phone_number and not c._deleted
   order by c.created_at limit 1;
  if found then
    return pg_catalog.jsonb_build_object('id', v_id, 'created', false);
  end if;
  insert into public.customers (user_id, name, phone_number)
  values (p_user_id, coalesce(nullif(pg_catalog.btrim(p_name), ''), p_phone_number), p_phone_number)
  returning id into v_id;
  return pg_catalog.jsonb_build_object('id', v_id, 'created', true);
end
$$;

-- Owner RPCs -------------------------------------------------------------------

-- The signed-in caller, for RPCs that act on auth.uid() alone; without one,
-- 42501 not_authenticated (as the credentials RPCs of 20261122001300).
create function public.require_uid() returns uuid
language plpgsql
stable
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
begin
  if v_uid is null then
    raise exception 'not_authenticated' using errcode = '42501';
  end if;
  return v_uid;
end
$$;

create function public.get_whatsapp_channel() returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  return pg_catalog.jsonb_build_object('verify_token', public.whatsapp_verify_token(public.require_uid()));
end
$$;

create function public.get_whatsapp_unanswered() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_count integer;
  v_last timestamptz;
begin
  select pg_catalog.count(*)::integer, pg_catalog.max(m.received_at) into v_count, v_last
    from public.whatsapp_inbound_messages m
   where m.user_id = v_uid and m.status = 'no_credits';
  return pg_catalog.jsonb_build_object('unanswered', v_count, 'last_at', v_last);
end
$$;

-- Grants -----------------------------------------------------------------------

revoke all on function public.random_token() from public, anon, authenticated;
revoke all on function public.whatsapp_verify_token(uuid) from public, anon, authenticated;
revoke all on function public.claim_whatsapp_message(uuid, text, text, text, text) from public, anon, authenticated;
revoke all on function public.finish_whatsapp_message(uuid, text, uuid) from public, anon, authenticated;
revoke all on function public.release_whatsapp_message(uuid) from public, anon, authenticated;
revoke all on function public.refund_credit(uuid) from public, anon, authenticated;
revoke all on function public.ensure_whatsapp_customer(uuid, text, text) from public, anon, authenticated;
revoke all on function public.require_uid() from public, anon;
revoke all on function public.get_whatsapp_channel() from public, anon;
revoke all on function public.get_whatsapp_unanswered() from public, anon;
grant execute on function public.random_token(), public.whatsapp_verify_token(uuid),
  public.claim_whatsapp_message(uuid, text, text, text, text), public.finish_whatsapp_message(uuid, text, uuid),
  public.release_whatsapp_message(uuid), public.refund_credit(uuid), public.ensure_whatsapp_customer(uuid, text, text)
  to service_role;
grant execute on function public.require_uid(), public.get_whatsapp_channel(), public.get_whatsapp_unanswered() to authenticated, service_role;
