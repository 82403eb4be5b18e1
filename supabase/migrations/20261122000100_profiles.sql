-- Business profiles and prepaid message credits: users (one row per business,
-- id = auth user id), credits, transactions (credit purchases) and payments
-- (provider checkout sessions). Only users is writable by its owner; the money
-- tables change through server code running as service_role.

-- Tables ---------------------------------------------------------------------

create table public.users (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  business_name text,
  phone_number text unique check (phone_number ~ '^\+90[0-9]{10}$'),
  phone_verified boolean not null default false,
  avatar_url text,
  whatsapp_api_key text,
  whatsapp_client_id text,
  whatsapp_client_secret text,
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

create table public.credits (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references public.users (id) on delete cascade,
  amount integer not null default 0 check (amount >= 0),
  used integer not null default 0 check (used >= 0),
  remaining integer not null default 0 check (remaining >= 0),
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

-- Purchase records have no cascade: deleting an account that bought credits
-- has to be a deliberate decision about its financial history.
create table public.transactions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id),
  amount integer not null,
  credits_purchased integer not null,
  status text not null default 'pending' check (status in ('pending', 'completed', 'failed')),
  provider text not null default 'local',
  provider_session_id text unique,
  price_id text,
  created_at timestamptz default now()
);
create index transactions_user_created_idx on public.transactions (user_id, created_at desc);

create table public.payments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id),
  provider text not null,
  provider_session_id text not null unique,
  price_id text not null,
  credits integer not null,
  amount integer not null,
  currency text not null default 'usd',
  status text not null default 'open' check (status in ('open', 'paid', 'expired', 'failed')),
  created_at timestamptz default now(),
  completed_at timestamptz
);
create index payments_user_idx on public.payments (user_id);

-- Functions --------------------------------------------------------------------

-- For the online-only tables (synced tables do the same in set_sync_columns):
-- updated_at follows the server's clock, the only one all devices agree on.
create function public.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- The spec makes the e-mail read-only and lets the owner upsert their profile
-- with it, so the column stays in the grants and this trigger decides its
-- value. Runs with the caller's rights on purpose: current_user then tells a
-- client request (anon/authenticated) from the signup trigger (the function
-- owner) or a server connection, which a security definer function could not.
-- A changed phone number also drops the verification, otherwise an owner
-- could verify one number and then switch to someone else's.
create function public.protect_user_columns() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  trusted boolean;
begin
  trusted := coalesce(auth.role(), '') = 'service_role'
    or current_user = 'service_role'
    or exists (select 1 from pg_catalog.pg_roles r where r.rolname = current_user and r.rolsuper)
    or pg_catalog.pg_has_role(current_user, (select c.relowner from pg_catalog.pg_class c where c.oid = tg_relid), 'USAGE');
  if trusted then
    return new;
  end if;
  if tg_op = 'INSERT' then
    new.email := auth.email();
  else
    new.email := old.email;
    if new.phone_number is distinct from old.phone_number then
      new.phone_verified := false;
    end if;
  end if;
  return new;
end
$$;

create trigger users_protect_columns
  before insert or update on public.users
  for each row execute function public.protect_user_columns();

create trigger users_set_updated_at
  before update on public.users
  for each row execute function public.set_updated_at();

create trigger credits_set_updated_at
  before update on public.credits
  for each row execute function public.set_updated_at();

-- RLS ------------------------------------------------------------------------

alter table public.users enable row level security;
alter table public.credits enable row level security;
alter table public.transactions enable row level security;
alter table public.payments enable row level security;

create policy "users: owner reads" on public.users
  for select to authenticated
  using (id = (select auth.uid()));

create policy "users: owner creates" on public.users
  for insert to authenticated
  with check (id = (select auth.uid()));

create policy "users: owner updates" on public.users
  for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

create policy "credits: owner reads" on public.credits
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy "transactions: owner reads" on public.transactions
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy "payments: owner reads" on public.payments
  for select to authenticated
  using (user_id = (select auth.uid()));

-- Grants -----------------------------------------------------------------------

revoke all on table public.users, public.credits, public.transactions, public.payments from anon, authenticated;
grant all on table public.users, public.credits, public.transactions, public.payments to service_role;

-- Every column but phone_verified, which only server code may set. id is in
-- the update list because an upsert's DO UPDATE assigns every column it sent.
grant select on table public.users to authenticated;
grant insert (id, email, business_name, phone_number, avatar_url, whatsapp_api_key, whatsapp_client_id,
              whatsapp_client_secret, created_at, updated_at)
  on table public.users to authenticated;
grant update (id, email, business_name, phone_number, avatar_url, whatsapp_api_key, whatsapp_client_id,
              whatsapp_client_secret, created_at, updated_at)
  on table public.users to authenticated;

grant select on table public.credits, public.transactions, public.payments to authenticated;

-- Trigger functions fire without EXECUTE; nobody needs to call them directly.
revoke all on function public.set_updated_at() from public, anon, authenticated;
revoke all on function public.protect_user_columns() from public, anon, authenticated;
