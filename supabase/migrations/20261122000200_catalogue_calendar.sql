-- The offline-first data: products, customers and appointments. Clients create
-- the ids, delete offline as `_deleted` tombstones, and pull changes ordered by
-- the server-set (_modified, id) checkpoint; realtime announces every change.

-- Tables ---------------------------------------------------------------------

create table public.products (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.users (id) on delete cascade,
  name text not null check (length(btrim(name)) > 0),
  description text,
  price numeric(12, 2) not null check (price >= 0),
  currency text not null default 'TRY' check (currency in ('USD', 'EUR', 'GBP', 'TRY', 'JPY', 'CAD', 'AUD', 'CHF')),
  stock integer not null default 0 check (stock >= 0),
  product_link text,
  group_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null,
  _deleted boolean not null default false
);
create index products_sync_idx on public.products (user_id, _modified, id);
-- The catalogue screen and the assistant read a business's products newest first.
create index products_recent_idx on public.products (user_id, created_at desc, id);
create index products_group_idx on public.products (user_id, group_id) where group_id is not null;

create table public.customers (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.users (id) on delete cascade,
  name text not null,
  phone_number text not null,
  email text,
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null,
  _deleted boolean not null default false
);
create index customers_sync_idx on public.customers (user_id, _modified, id);
-- The customer list is read in name order.
create index customers_name_idx on public.customers (user_id, name);

create table public.appointments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.users (id) on delete cascade,
  customer_id uuid references public.customers (id) on delete set null,
  appointment_date date not null,
  appointment_time time not null,
  duration_minutes integer not null default 60 check (duration_minutes in (30, 60, 90, 120, 180)),
  status text not null default 'scheduled'
    check (status in ('scheduled', 'confirmed', 'completed', 'cancelled', 'no_show')),
  description text,
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null,
  _deleted boolean not null default false
);
create index appointments_sync_idx on public.appointments (user_id, _modified, id);
create index appointments_calendar_idx on public.appointments (user_id, appointment_date, appointment_time);
create index appointments_customer_idx on public.appointments (customer_id);

-- Functions --------------------------------------------------------------------

-- `_modified` is the pull checkpoint, so only the server may set it.
-- clock_timestamp(), not now(): now() is the transaction start, and a
-- transaction committing late would then land behind a checkpoint a client
-- has already passed. It also moves strictly forward per row, because two
-- writes can share a clock tick (PGlite's clock has millisecond precision).
create function public.set_sync_columns() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    new._modified := greatest(pg_catalog.clock_timestamp(), old._modified + interval '1 microsecond');
    new.updated_at := now();
  else
    new._modified := pg_catalog.clock_timestamp();
  end if;
  return new;
end
$$;

create trigger products_sync_columns
  before insert or update on public.products
  for each row execute function public.set_sync_columns();

create trigger customers_sync_columns
  before insert or update on public.customers
  for each row execute function public.set_sync_columns();

create trigger appointments_sync_columns
  before insert or update on public.appointments
  for each row execute function public.set_sync_columns();

-- RLS ------------------------------------------------------------------------

alter table public.products enable row level security;
alter table public.customers enable row level security;
alter table public.appointments enable row level security;

create policy "products: owner reads" on public.products
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "products: owner creates" on public.products
  for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "products: owner updates" on public.products
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
create policy "products: owner deletes" on public.products
  for delete to authenticated
  using (user_id = (select auth.uid()));

create policy "customers: owner reads" on public.customers
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "customers: owner creates" on public.customers
  for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "customers: owner updates" on public.customers
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
create policy "customers: owner deletes" on public.customers
  for delete to authenticated
  using (user_id = (select auth.uid()));

-- The foreign key alone would let an owner attach (and so learn the existence
-- of) another business's customer id; the check keeps both rows in one business.
create policy "appointments: owner reads" on public.appointments
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "appointments: owner creates" on public.appointments
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and (
      customer_id is null
      or exists (select 1 from public.customers c where c.id = customer_id and c.user_id = (select auth.uid()))
    )
  );
create policy "appointments: owner updates" on public.appointments
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (
    user_id = (select auth.uid())
    and (
      customer_id is null
      or exists (select 1 from public.customers c where c.id = customer_id and c.user_id = (select auth.uid()))
    )
  );
create policy "appointments: owner deletes" on public.appointments
  for delete to authenticated
  using (user_id = (select auth.uid()));

-- Grants -----------------------------------------------------------------------

revoke all on table public.products, public.customers, public.appointments from anon, authenticated;
grant all on table public.products, public.customers, public.appointments to service_role;
grant select, insert, update, delete on table public.products, public.customers, public.appointments to authenticated;

revoke all on function public.set_sync_columns() from public, anon, authenticated;

-- Realtime ---------------------------------------------------------------------

do $$
declare
  t text;
begin
  foreach t in array array['products', 'customers', 'appointments'] loop
    if not exists (
      select 1 from pg_catalog.pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = t
    ) then
      execute pg_catalog.format('alter publication supabase_realtime add table public.%I', t);
    end if;
  end loop;
end
$$;
