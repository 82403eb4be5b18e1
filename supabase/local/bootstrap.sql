-- What hosted Supabase provides before any project migration runs: roles, the
-- auth / storage / extensions schemas, auth helpers and the realtime
-- publication. Every statement creates only what is missing, so this runs on
-- PGlite, on a plain PostgreSQL 15, and again on every start.

-- Roles ---------------------------------------------------------------------
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin nologin noinherit createrole;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin nologin noinherit;
  end if;
end
$$;

-- Schemas -------------------------------------------------------------------
create schema if not exists extensions;
create schema if not exists auth;
create schema if not exists storage;

create extension if not exists pgcrypto with schema extensions;

grant usage on schema public, extensions to anon, authenticated, service_role;
grant usage on schema auth, storage to anon, authenticated, service_role;
grant all on schema auth to supabase_auth_admin;
grant all on schema storage to supabase_storage_admin;

-- auth: the tables GoTrue keeps (the columns this stack uses) -------------
create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  confirmed_at timestamptz generated always as (email_confirmed_at) stored,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_sso_user boolean not null default false,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (email) where (is_sso_user = false);

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  unique (provider_id, provider)
);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  aal text,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet
);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);

-- auth helpers, as GoTrue defines them ---------------------------------------
-- auth.uid(), auth.role() and auth.email() each read one claim: from the
-- older single-claim setting when it is set, else from the claims object.
do $$
declare
  helper record;
begin
  for helper in
    select * from (values ('uid', 'sub', 'uuid'), ('role', 'role', 'text'), ('email', 'email', 'text')) as h (name, claim, type)
  loop
    execute format(
      $sql$
        create or replace function auth.%1$I() returns %3$s
        language sql stable
        as $body$
          select coalesce(
            nullif(current_setting(%4$L, true), ''),
            (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> %2$L)
          )::%3$s
        $body$
      $sql$,
      helper.name, helper.claim, helper.type, 'request.jwt.claim.' || helper.claim
    );
  end loop;
end
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;
grant all on all tables in schema auth to supabase_auth_admin;
grant select on auth.users to service_role;

-- storage: the tables supabase/storage keeps ------------------------------------
create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  owner_id text,
  public boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  unique (bucket_id, name)
);
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- storage.foldername(), storage.filename() and storage.extension() split an
-- object name on '/' and return a part of it, as supabase/storage defines them.
do $$
declare
  helper record;
begin
  for helper in
    select * from (values
      ('foldername', 'text[]', '_parts[1 : array_length(_parts, 1) - 1]'),
      ('filename', 'text', '_parts[array_length(_parts, 1)]'),
      ('extension', 'text', $e$reverse(split_part(reverse(_parts[array_length(_parts, 1)]), '.', 1))$e$)
    ) as h (name, type, part)
  loop
    execute format(
      $sql$
        create or replace function storage.%1$I(name text) returns %2$s
        language plpgsql immutable
        as $body$
        declare
          _parts text[];
        begin
          select string_to_array(name, '/') into _parts;
          return %3$s;
        end
        $body$
      $sql$,
      helper.name, helper.type, helper.part
    );
  end loop;
end
$$;

grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to supabase_storage_admin;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;

-- realtime ------------------------------------------------------------------
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

-- The stack's own bookkeeping: which migrations ran ------------------------------
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  statements text[]
);

-- Which version of this bootstrap the database has, so a restart can skip it.
create table if not exists supabase_migrations.stack_bootstrap (
  hash text primary key,
  applied_at timestamptz not null default now()
);
