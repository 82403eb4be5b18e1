-- Write-only automation secrets. Until now a stolen browser session could
-- mint an automation token (create_automation_token was the owner's RPC) and
-- with it read the business's WhatsApp access token and app secret back from
-- GET automation-webhook: a session that leaks for minutes gave away the
-- WhatsApp account for good. From this migration on:
--
--   * The app secret never leaves the server. automation_whatsapp_credentials
--     (what GET automation-webhook answers) has no column for it; nothing
--     else ever returned it.
--   * The access token goes to the automation only while the owner has
--     turned on sharing it (automation_settings.share_access_token, off
--     until then). Turning it on takes the account password again, through
--     the owner function automation-token; turning it off does not.
--   * Minting or rotating the automation token takes the password again:
--     automation-token checks it (check_owner_password, bcrypt against
--     auth.users as GoTrue stores it, attempts limited by the one rate
--     limiter) and mints with issue_automation_token. The owner RPC
--     create_automation_token is closed to sessions (42501); it stays
--     defined so that a call from an old client is refused as a missing
--     permission rather than as an unknown function.
--   * automation_tokens.last_used_at: when an automation call last
--     authenticated with the token (automation_token_valid), written at most
--     once a minute so a busy automation does not write on every call. A new
--     token starts unused.
--   * The server sends WhatsApp messages for the automation (POST
--     automation-webhook with {to, text}). An Idempotency-Key makes a retried
--     send send and charge once: automation_credit_uses keeps the key's
--     state (sending → sent | partial; a send that delivered nothing gives
--     its credit back and forgets the key, so a retry sends again).
--
-- Owner RPCs (authenticated, for auth.uid()):
--   get_automation_token_status() → {set, created_at, last_used_at,
--     share_access_token} (replaced: two fields more)
--   revoke_automation_token() (unchanged: revoking needs no password)
-- Server functions (service_role): check_owner_password,
-- issue_automation_token, set_automation_sharing, automation_status,
-- automation_whatsapp_credentials, automation_token_valid (replaced),
-- consume_automation_send, finish_automation_send.

-- Tables ---------------------------------------------------------------------

alter table public.automation_tokens add column last_used_at timestamptz;

-- Apart from the token, so that revoking or rotating it keeps the owner's
-- choice, and absent (= not shared) until the owner first turns it on.
create table public.automation_settings (
  user_id uuid primary key references public.users (id) on delete cascade,
  share_access_token boolean not null default false,
  updated_at timestamptz not null default now()
);

-- 'counted': a POST that only counts a message the automation sent itself.
-- 'sending' / 'sent' / 'partial': a message the server sends; `parts` is how
-- many WhatsApp messages of it went out (a long text is cut into several).
alter table public.automation_credit_uses
  add column status text not null default 'counted' check (status in ('counted', 'sending', 'sent', 'partial')),
  add column parts integer check (parts >= 0);

alter table public.automation_settings enable row level security;
revoke all on table public.automation_settings from anon, authenticated;
grant all on table public.automation_settings to service_role;

-- Server functions (service_role) --------------------------------------------

-- Whether p_password is the account's password. GoTrue (and the local stack)
-- store bcrypt in auth.users.encrypted_password; crypt() with the stored hash
-- as the salt hashes the candidate the same way. Security definer because
-- auth.users is not the service role's on every deployment.
create function public.check_owner_password(p_user_id uuid, p_password text) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select u.encrypted_password = extensions.crypt(p_password, u.encrypted_password)
      from auth.users u
     where u.id = p_user_id and u.encrypted_password like '$2%'
  ), false)
$$;

-- A new automation token for the owner, readable this once; any earlier one
-- stops working. Only its SHA-256 is kept.
create function public.issue_automation_token(p_user_id uuid) returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_token text := 'sat_' || public.random_token();
  v_at timestamptz := pg_catalog.now();
begin
  if p_user_id is null then
    raise exception 'issue_automation_token: a user is required' using errcode = '22023';
  end if;
  insert into public.automation_tokens (user_id, token_hash, created_at, last_used_at)
  values (p_user_id, public.automation_token_hash(v_token), v_at, null)
  on conflict (user_id) do update
    set token_hash = excluded.token_hash, created_at = excluded.created_at, last_used_at = null;
  return pg_catalog.jsonb_build_object('token', v_token, 'created_at', v_at);
end
$$;

-- What the owner may know about the automation's access: never the token.
create function public.automation_status(p_user_id uuid) returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'set', t.user_id is not null,
    'created_at', t.created_at,
    'last_used_at', t.last_used_at,
    'share_access_token', coalesce(s.share_access_token, false))
    from (select p_user_id as user_id) o
    left join public.automation_tokens t on t.user_id = o.user_id
    left join public.automation_settings s on s.user_id = o.user_id
$$;

create function public.set_automation_sharing(p_user_id uuid, p_share boolean) returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  if p_user_id is null or p_share is null then
    raise exception 'set_automation_sharing: a user and a choice are required' using errcode = '22023';
  end if;
  insert into public.automation_settings as s (user_id, share_access_token, updated_at)
  values (p_user_id, p_share, pg_catalog.now())
  on conflict (user_id) do update set share_access_token = excluded.share_access_token, updated_at = excluded.updated_at;
  return public.automation_status(p_user_id);
end
$$;

-- What GET automation-webhook hands the automation: the phone number id, and
-- the access token only while the owner shares it. The app secret is not
-- read here at all, so no caller of this function can leak it.
create function public.automation_whatsapp_credentials(p_user_id uuid) returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'access_token', case when coalesce(s.share_access_token, false) then c.access_token end,
    'phone_number_id', c.phone_number_id,
    'access_token_shared', coalesce(s.share_access_token, false))
    from (select p_user_id as user_id) o
    left join public.whatsapp_credentials c on c.user_id = o.user_id
    left join public.automation_settings s on s.user_id = o.user_id
$$;

-- Whether the token is the owner's current one (the lookup is by hash, so
-- neither the stored value nor the comparison's timing reveals the token),
-- noting the use. The update is skipped while the last noted use is under a
-- minute old, and its condition is checked again under the row lock, so
-- simultaneous calls write once.
create or replace function public.automation_token_valid(p_user_id uuid, p_token text) returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_hash text := public.automation_token_hash(p_token);
  v_used timestamptz;
begin
  select t.last_used_at into v_used from public.automation_tokens t
   where t.user_id = p_user_id and t.token_hash = v_hash;
  if not found then
    return false;
  end if;
  if v_used is null or v_used < pg_catalog.now() - interval '1 minute' then
    update public.automation_tokens t set last_used_at = pg_catalog.now()
     where t.user_id = p_user_id and t.token_hash = v_hash
       and (t.last_used_at is null or t.last_used_at < pg_catalog.now() - interval '1 minute');
  end if;
  return true;
end
$$;

-- One message the server sends for the automation: one credit, as
-- consume_automation_credit, but a key's row remembers the send's state so a
-- repeat can be answered truthfully. Result: {consumed, remaining, repeated,
-- status, parts, error: null | 'no_credits'}; a repeat carries the first
-- call's remaining, status ('sending' while it is under way) and parts.
create function public.consume_automation_send(p_user_id uuid, p_idempotency_key text default null) returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_use public.automation_credit_uses;
  v_result jsonb;
  v_remaining integer;
begin
  if p_idempotency_key is not null then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('automation:' || p_user_id::text || ':' || p_idempotency_key, 0));
    select * into v_use from public.automation_credit_uses u
     where u.user_id = p_user_id and u.idempotency_key = p_idempotency_key;
    if found then
      return pg_catalog.jsonb_build_object('consumed', true, 'remaining', v_use.remaining, 'repeated', true,
        'status', v_use.status, 'parts', v_use.parts, 'error', null);
    end if;
  end if;

  v_result := public.consume_credit(p_user_id);
  if not (v_result ->> 'consumed')::boolean then
    return pg_catalog.jsonb_build_object('consumed', false, 'remaining', 0, 'repeated', false,
      'status', null, 'parts', null, 'error', 'no_credits');
  end if;
  v_remaining := (v_result ->> 'remaining')::integer;
  if p_idempotency_key is not null then
    delete from public.automation_credit_uses u where u.created_at < pg_catalog.now() - interval '7 days';
    insert into public.automation_credit_uses (user_id, idempotency_key, remaining, status)
    values (p_user_id, p_idempotency_key, v_remaining, 'sending');
  end if;
  return pg_catalog.jsonb_build_object('consumed', true, 'remaining', v_remaining, 'repeated', false,
    'status', 'sending', 'parts', null, 'error', null);
end
$$;

-- The outcome of a send consume_automation_send charged. p_parts = 0:
-- nothing reached the customer, so the credit goes back and the key is
-- forgotten (a retry sends again); the refund happens once, however often
-- this is called for a key. Otherwise the key's row becomes 'sent' (all
-- p_parts went) or 'partial' (a later part failed: what arrived is paid for,
-- and a retry must not send the first part again). Result: {refunded,
-- remaining}, the balance now.
create function public.finish_automation_send(
  p_user_id uuid,
  p_idempotency_key text,
  p_parts integer,
  p_complete boolean
) returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_refunded boolean := false;
  v_remaining integer;
begin
  if p_user_id is null or p_parts is null or p_parts < 0 or p_complete is null then
    raise exception 'finish_automation_send: a user, a part count and an outcome are required' using errcode = '22023';
  end if;
  if p_idempotency_key is not null then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('automation:' || p_user_id::text || ':' || p_idempotency_key, 0));
  end if;
  if p_parts = 0 then
    if p_idempotency_key is null then
      v_refunded := public.refund_credit(p_user_id);
    else
      delete from public.automation_credit_uses u
       where u.user_id = p_user_id and u.idempotency_key = p_idempotency_key and u.status = 'sending';
      if found then
        v_refunded := public.refund_credit(p_user_id);
      end if;
    end if;
  elsif p_idempotency_key is not null then
    update public.automation_credit_uses u
       set status = case when p_complete then 'sent' else 'partial' end, parts = p_parts
     where u.user_id = p_user_id and u.idempotency_key = p_idempotency_key;
  end if;
  select c.remaining into v_remaining from public.credits c where c.user_id = p_user_id;
  return pg_catalog.jsonb_build_object('refunded', v_refunded, 'remaining', coalesce(v_remaining, 0));
end
$$;

-- Owner RPCs -------------------------------------------------------------------

create or replace function public.get_automation_token_status() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return public.automation_status(public.require_uid());
end
$$;

-- Grants -----------------------------------------------------------------------

-- A session alone can no longer mint a token: automation-token, after the password.
revoke all on function public.create_automation_token() from public, anon, authenticated;

revoke all on function public.check_owner_password(uuid, text) from public, anon, authenticated;
revoke all on function public.issue_automation_token(uuid) from public, anon, authenticated;
revoke all on function public.automation_status(uuid) from public, anon, authenticated;
revoke all on function public.set_automation_sharing(uuid, boolean) from public, anon, authenticated;
revoke all on function public.automation_whatsapp_credentials(uuid) from public, anon, authenticated;
revoke all on function public.automation_token_valid(uuid, text) from public, anon, authenticated;
revoke all on function public.consume_automation_send(uuid, text) from public, anon, authenticated;
revoke all on function public.finish_automation_send(uuid, text, integer, boolean) from public, anon, authenticated;
grant execute on function public.check_owner_password(uuid, text), public.issue_automation_token(uuid),
  public.automation_status(uuid), public.set_automation_sharing(uuid, boolean),
  public.automation_whatsapp_credentials(uuid), public.automation_token_valid(uuid, text),
  public.consume_automation_send(uuid, text), public.finish_automation_send(uuid, text, integer, boolean)
  to service_role;

revoke all on function public.get_automation_token_status() from public, anon;
grant execute on function public.get_automation_token_status() to authenticated, service_role;
