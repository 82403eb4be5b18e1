-- The AI assistant: per-business widget configuration, message quotas and the
-- message log that feeds the owner's statistics. Owners edit only their
-- configuration; quotas and the log are written by the assistant's server code.

-- Tables ---------------------------------------------------------------------

create table public.chatbot_configs (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references public.users (id) on delete cascade,
  enabled boolean not null default false,
  bot_name text default 'Asistan',
  welcome_message text default 'Merhaba! Size nasıl yardımcı olabilirim?',
  bot_description text default 'Ürünlerimiz, fiyatlarımız ve randevularınız hakkındaki sorularınızı yanıtlayan yapay zekâ asistanı.',
  -- {business_name} is replaced with the profile's business name when known.
  system_prompt text default 'Sen {business_name} işletmesinin nazik ve yardımsever müşteri asistanısın. '
    || 'Müşterilerin sorularını kısa, açık ve kibar bir dille yanıtla. '
    || 'Ürünler, fiyatlar, stok ve randevular hakkında yalnızca sana verilen bilgilere dayan; '
    || 'bilmediğin bir konuda tahmin yürütme, müşteriyi işletmeyle iletişime geçmeye yönlendir. '
    || 'Müşteri hangi dilde yazıyorsa o dilde yanıt ver.',
  primary_color text not null default '#3B82F6',
  position text not null default 'bottom-right' check (position in ('bottom-right', 'bottom-left')),
  openai_model text not null default 'gpt-3.5-turbo' check (openai_model in ('gpt-3.5-turbo', 'gpt-4')),
  temperature numeric(2, 1) not null default 0.7 check (temperature between 0 and 1),
  max_tokens integer not null default 1000 check (max_tokens between 100 and 4000),
  website_url text,
  allowed_domains text[] not null default '{}',
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

create table public.api_usage_limits (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references public.users (id) on delete cascade,
  daily_message_limit integer not null default 50,
  daily_messages_used integer not null default 0,
  monthly_message_limit integer not null default 1000,
  monthly_messages_used integer not null default 0,
  plan_type text not null default 'free',
  daily_reset_at date not null default current_date,
  monthly_reset_at date not null default date_trunc('month', current_date)::date,
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

create table public.chatbot_messages (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  channel text not null check (channel in ('widget', 'whatsapp')),
  conversation_id text,
  role text not null check (role in ('user', 'assistant')),
  content text not null,
  created_at timestamptz not null default now()
);
create index chatbot_messages_user_created_idx on public.chatbot_messages (user_id, created_at);
create index chatbot_messages_conversation_idx on public.chatbot_messages (user_id, conversation_id, created_at)
  where conversation_id is not null;

-- Functions --------------------------------------------------------------------

create trigger chatbot_configs_set_updated_at
  before update on public.chatbot_configs
  for each row execute function public.set_updated_at();

create trigger api_usage_limits_set_updated_at
  before update on public.api_usage_limits
  for each row execute function public.set_updated_at();

-- Runs with the caller's rights, so RLS still scopes what an owner can count;
-- the explicit check turns "someone else's id" into an error instead of a
-- misleading row of zeros. Server code (service_role, or a direct connection
-- as the schema owner) may ask for any business.
create function public.get_chatbot_stats(p_user_id uuid)
returns table (total_messages bigint, this_month bigint, last_week bigint, last_day bigint)
language plpgsql
stable
set search_path = ''
as $$
begin
  if p_user_id is distinct from (select auth.uid())
     and not (
       coalesce((select auth.role()), '') = 'service_role'
       or current_user = 'service_role'
       or exists (select 1 from pg_catalog.pg_roles r where r.rolname = current_user and r.rolsuper)
       or pg_catalog.pg_has_role(
         current_user,
         (select c.relowner from pg_catalog.pg_class c where c.oid = 'public.chatbot_messages'::pg_catalog.regclass),
         'USAGE')
     ) then
    raise exception 'not allowed to read chatbot statistics of another user'
      using errcode = 'insufficient_privilege';
  end if;
  return query
    select count(*),
           count(*) filter (where m.created_at >= pg_catalog.date_trunc('month', now())),
           count(*) filter (where m.created_at >= now() - interval '7 days'),
           count(*) filter (where m.created_at >= now() - interval '24 hours')
    from public.chatbot_messages m
    where m.user_id = p_user_id;
end
$$;

-- RLS ------------------------------------------------------------------------

alter table public.chatbot_configs enable row level security;
alter table public.api_usage_limits enable row level security;
alter table public.chatbot_messages enable row level security;

create policy "chatbot_configs: owner reads" on public.chatbot_configs
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "chatbot_configs: owner creates" on public.chatbot_configs
  for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "chatbot_configs: owner updates" on public.chatbot_configs
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "api_usage_limits: owner reads" on public.api_usage_limits
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy "chatbot_messages: owner reads" on public.chatbot_messages
  for select to authenticated
  using (user_id = (select auth.uid()));

-- Grants -----------------------------------------------------------------------

revoke all on table public.chatbot_configs, public.api_usage_limits, public.chatbot_messages from anon, authenticated;
grant all on table public.chatbot_configs, public.api_usage_limits, public.chatbot_messages to service_role;

grant select, insert, update on table public.chatbot_configs to authenticated;
grant select on table public.api_usage_limits, public.chatbot_messages to authenticated;

revoke all on function public.get_chatbot_stats(uuid) from public, anon, authenticated;
grant execute on function public.get_chatbot_stats(uuid) to authenticated, service_role;
