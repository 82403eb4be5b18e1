-- WhatsApp Cloud API credentials of a business, kept where no browser can
-- read them. They were columns of public.users, which its owner reads whole
-- through the data API (and the app cached in browser storage); a stolen
-- sign-in or a shared device would then give away the business's WhatsApp
-- account. They now live in a table only server code reads, and the owner
-- writes them and sees whether they are set through two RPCs.
--
-- Contract:
--
--   public.whatsapp_credentials: one row per business, absent while nothing
--   is set. Columns: user_id (primary key, references users, on delete
--   cascade); access_token (the Cloud API access token, the spec's "API
--   key"); phone_number_id (the sending number's id, the spec's "client
--   id"); app_secret (the Meta app secret that signs webhook calls, the
--   spec's "client secret"); updated_at. Read and written by service_role
--   only (edge functions, e.g. the endpoints the automation calls): RLS is on
--   with no policy, anon and authenticated hold no privilege, and the table
--   is not in the supabase_realtime publication (it must never be).
--
--   public.set_whatsapp_credentials(p_access_token text default null,
--     p_phone_number_id text default null, p_app_secret text default null)
--     returns public.whatsapp_credentials_status
--   Callable by authenticated only; always acts on auth.uid(), never on an
--   id the caller names. Per argument:
--     null (or omitted)        leaves the stored value unchanged;
--     '' (or only whitespace)  clears it;
--     anything else            is trimmed of spaces, tabs and line breaks at
--                              either end, validated, and replaces it.
--   Validation (new values only; values carried over from users are kept as
--   they were): access_token 20-2048 printable ASCII characters without
--   spaces; phone_number_id 5-32 digits; app_secret 16-256 printable ASCII
--   characters without spaces. A value that fails raises SQLSTATE 22023 with
--   the message invalid_access_token, invalid_phone_number_id or
--   invalid_app_secret, and nothing is written. Clearing all three removes
--   the row. Returns the resulting status (below).
--
--   public.get_whatsapp_credentials_status()
--     returns public.whatsapp_credentials_status
--   Callable by authenticated only, for auth.uid(). One record (a JSON
--   object through the data API), also when nothing is set: access_token_set, access_token_last4, phone_number_id,
--   app_secret_set, app_secret_last4, updated_at. The last four characters
--   of a secret are given only when it is at least 16 characters long, so a
--   short value carried over from users is never mostly revealed.
--
--   Without a signed-in user both RPCs raise 42501 (not_authenticated).

-- Tables ---------------------------------------------------------------------

create table public.whatsapp_credentials (
  user_id uuid primary key references public.users (id) on delete cascade,
  access_token text check (access_token <> ''),
  phone_number_id text check (phone_number_id <> ''),
  app_secret text check (app_secret <> ''),
  updated_at timestamptz not null default now(),
  -- "Nothing set" has one representation: no row.
  check (num_nonnulls(access_token, phone_number_id, app_secret) > 0)
);

-- What the owner may know about her credentials: whether each is set, never
-- a secret in full. The phone number id is an identifier, not a secret.
create type public.whatsapp_credentials_status as (
  access_token_set boolean,
  access_token_last4 text,
  phone_number_id text,
  app_secret_set boolean,
  app_secret_last4 text,
  updated_at timestamptz
);

-- Carry over what owners had saved; blank strings meant "not set".
insert into public.whatsapp_credentials (user_id, access_token, phone_number_id, app_secret, updated_at)
select u.id,
       nullif(btrim(u.whatsapp_api_key), ''),
       nullif(btrim(u.whatsapp_client_id), ''),
       nullif(btrim(u.whatsapp_client_secret), ''),
       coalesce(u.updated_at, now())
  from public.users u
 where num_nonnulls(nullif(btrim(u.whatsapp_api_key), ''),
                    nullif(btrim(u.whatsapp_client_id), ''),
                    nullif(btrim(u.whatsapp_client_secret), '')) > 0;

-- Dropping the columns (not only revoking them) is what keeps them out of
-- `select *`, of every cached profile and of any future realtime payload of
-- users; their column grants go with them.
alter table public.users
  drop column whatsapp_api_key,
  drop column whatsapp_client_id,
  drop column whatsapp_client_secret;

-- Functions --------------------------------------------------------------------

create trigger whatsapp_credentials_set_updated_at
  before update on public.whatsapp_credentials
  for each row execute function public.set_updated_at();

-- Security definer because the caller holds no privilege on the table; the
-- only row it ever reads is auth.uid()'s.
create function public.get_whatsapp_credentials_status()
returns public.whatsapp_credentials_status
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_status public.whatsapp_credentials_status;
begin
  if v_uid is null then
    raise exception 'not_authenticated' using errcode = '42501';
  end if;

  select c.access_token is not null,
         case when pg_catalog.length(c.access_token) >= 16 then pg_catalog.right(c.access_token, 4) end,
         c.phone_number_id,
         c.app_secret is not null,
         case when pg_catalog.length(c.app_secret) >= 16 then pg_catalog.right(c.app_secret, 4) end,
         c.updated_at
    into v_status
    from public.whatsapp_credentials c
   where c.user_id = v_uid;

  if not found then
    v_status := row(false, null, null, false, null, null)::public.whatsapp_credentials_status;
  end if;
  return v_status;
end
$$;

-- See the contract above for null / '' / value. A per-owner advisory lock
-- makes read-merge-write atomic, so two saves at once cannot undo each
-- other's fields or race on the first insert.
create function public.set_whatsapp_credentials(
  p_access_token text default null,
  p_phone_number_id text default null,
  p_app_secret text default null
) returns public.whatsapp_credentials_status
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  -- Pasted values often come with a space or a line break at either end.
  v_token text := pg_catalog.btrim(p_access_token, E' \t\r\n');
  v_phone text := pg_catalog.btrim(p_phone_number_id, E' \t\r\n');
  v_secret text := pg_catalog.btrim(p_app_secret, E' \t\r\n');
  v_current public.whatsapp_credentials;
begin
  if v_uid is null then
    raise exception 'not_authenticated' using errcode = '42501';
  end if;

  -- Printable ASCII without spaces: tokens and secrets never contain others,
  -- and a pasted line break or quote is a mistake better caught here.
  if v_token <> '' and not (pg_catalog.length(v_token) between 20 and 2048 and v_token ~ '^[!-~]+$') then
    raise exception 'invalid_access_token' using errcode = '22023';
  end if;
  if v_phone <> '' and v_phone !~ '^[0-9]{5,32}$' then
    raise exception 'invalid_phone_number_id' using errcode = '22023';
  end if;
  if v_secret <> '' and not (pg_catalog.length(v_secret) between 16 and 256 and v_secret ~ '^[!-~]+$') then
    raise exception 'invalid_app_secret' using errcode = '22023';
  end if;

  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('whatsapp_credentials:' || v_uid::text, 0));

  select * into v_current from public.whatsapp_credentials c where c.user_id = v_uid;

  -- null keeps the stored value; '' (after trimming) clears it.
  v_token := case when v_token is null then v_current.access_token else nullif(v_token, '') end;
  v_phone := case when v_phone is null then v_current.phone_number_id else nullif(v_phone, '') end;
  v_secret := case when v_secret is null then v_current.app_secret else nullif(v_secret, '') end;

  if num_nonnulls(v_token, v_phone, v_secret) = 0 then
    delete from public.whatsapp_credentials c where c.user_id = v_uid;
  else
    insert into public.whatsapp_credentials as c (user_id, access_token, phone_number_id, app_secret, updated_at)
    values (v_uid, v_token, v_phone, v_secret, pg_catalog.now())
    on conflict (user_id) do update
      set access_token = excluded.access_token,
          phone_number_id = excluded.phone_number_id,
          app_secret = excluded.app_secret;
  end if;

  return public.get_whatsapp_credentials_status();
end
$$;

-- RLS ------------------------------------------------------------------------

-- No policy on purpose: no client role may see or change a row; service_role
-- bypasses RLS and the RPCs run as the table owner.
alter table public.whatsapp_credentials enable row level security;

-- Grants -----------------------------------------------------------------------

revoke all on table public.whatsapp_credentials from public, anon, authenticated;
grant all on table public.whatsapp_credentials to service_role;

-- Hosted Supabase grants EXECUTE on new functions to every API role by
-- default; these two belong to signed-in owners alone (service_role has no
-- auth.uid() to act on).
revoke all on function public.get_whatsapp_credentials_status() from public, anon, authenticated, service_role;
grant execute on function public.get_whatsapp_credentials_status() to authenticated;

revoke all on function public.set_whatsapp_credentials(text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.set_whatsapp_credentials(text, text, text) to authenticated;
