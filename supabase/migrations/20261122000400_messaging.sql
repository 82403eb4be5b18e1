-- Outbound SMS / WhatsApp and phone verification. Both are written only by
-- server functions: verification codes are never visible to any client, and
-- an owner may read the log of messages sent on their behalf.

-- Tables ---------------------------------------------------------------------

create table public.phone_verifications (
  id uuid primary key default gen_random_uuid(),
  phone_number text not null,
  code_hash text not null,
  expires_at timestamptz not null,
  attempts integer not null default 0,
  verified_at timestamptz,
  created_at timestamptz default now()
);
create index phone_verifications_phone_created_idx on public.phone_verifications (phone_number, created_at desc);

-- user_id is nullable: the verification SMS goes out before the user can sign in.
-- appointment_id has no foreign key so the log survives a deleted appointment.
create table public.outgoing_messages (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references public.users (id) on delete cascade,
  channel text not null check (channel in ('sms', 'whatsapp')),
  recipient text not null,
  body text not null,
  provider text not null,
  status text not null default 'queued' check (status in ('queued', 'sent', 'failed')),
  provider_message_id text,
  appointment_id uuid,
  error text,
  created_at timestamptz default now()
);
create index outgoing_messages_user_created_idx on public.outgoing_messages (user_id, created_at desc);

-- RLS ------------------------------------------------------------------------

-- No policy on phone_verifications: with RLS on and no grant, only
-- service_role (which bypasses RLS) reaches it.
alter table public.phone_verifications enable row level security;
alter table public.outgoing_messages enable row level security;

create policy "outgoing_messages: owner reads" on public.outgoing_messages
  for select to authenticated
  using (user_id = (select auth.uid()));

-- Grants -----------------------------------------------------------------------

revoke all on table public.phone_verifications, public.outgoing_messages from anon, authenticated;
grant all on table public.phone_verifications, public.outgoing_messages to service_role;

grant select on table public.outgoing_messages to authenticated;
