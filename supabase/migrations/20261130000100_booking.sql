-- Booking: customers book appointments through the assistant, from the
-- owner's opening hours (business_profiles, 20261128000100) and calendar,
-- and reminders go out by themselves.
--
--   * booking_settings, one row per owner (created with the account): whether
--     the assistant books at all, the slot grid, the default length, the
--     minimum notice, how far ahead, a buffer around appointments, how many
--     appointments may overlap (capacity), and the reminder lead time.
--   * services: what can be booked, each with its length (one of the
--     appointment lengths) and an optional price. Online-only rows, edited
--     by the owner.
--   * appointments gain service_id and source ('owner' | 'assistant'), both
--     synced (sync_columns), and conversation_id, the server's: the
--     conversation that booked it.
--   * free_slots(): the bookable start times, on the owner's wall clock in
--     the owner's time zone, and as instants.
--   * book_appointment(): the one path that books, under a per-owner lock so
--     capacity cannot be exceeded by simultaneous bookings; it finds the
--     customer by phone or creates them. cancel_booking() and
--     customer_bookings() serve "cancel / move my appointment".
--   * appointment_reminders: the automatic reminder of each appointment,
--     claimed by claim_due_reminders() (two schedulers never take the same
--     one) and settled by finish_reminder(), with backoff after a failure.
--
-- The rules are domain/booking.ts's, which is the authority;
-- tests/integration/booking.test.ts holds the two together.
--
-- Invariants:
--   * Only the server writes conversation_id: an owner's insert has none,
--     and an owner's update keeps it. (`source` is the owner's own row to
--     label; the app writes 'owner' and keeps what it pulled.)
--   * An appointment's service is one of the same owner's services, or none:
--     an id that names no such service is stored as none (a device that
--     kept a deleted service's id loses nothing else).
--   * A reminder counts as sent for the start it was sent for: an
--     appointment moved to another time is reminded again.

-- Tables -------------------------------------------------------------------------

create table public.booking_settings (
  user_id uuid primary key references public.users (id) on delete cascade,
  enabled boolean not null default false,
  slot_minutes integer not null default 30 check (slot_minutes in (10, 15, 20, 30, 45, 60)),
  default_duration_minutes integer not null default 60 check (default_duration_minutes in (30, 60, 90, 120, 180)),
  min_notice_minutes integer not null default 120 check (min_notice_minutes between 0 and 10080),
  max_days_ahead integer not null default 30 check (max_days_ahead between 1 and 365),
  buffer_minutes integer not null default 0 check (buffer_minutes between 0 and 240),
  capacity integer not null default 1 check (capacity between 1 and 50),
  reminder_hours_before integer default 24 check (reminder_hours_before between 1 and 168),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.services (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.users (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 100),
  duration_minutes integer not null default 60 check (duration_minutes in (30, 60, 90, 120, 180)),
  price numeric(12, 2) check (price >= 0 and price <= 9999999999.99),
  currency text not null default 'TRY' check (currency in ('USD', 'EUR', 'GBP', 'TRY', 'JPY', 'CAD', 'AUD', 'CHF')),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, user_id)
);
create index services_user_idx on public.services (user_id, name);

alter table public.appointments
  add column service_id uuid,
  add column source text not null default 'owner' check (source in ('owner', 'assistant')),
  add column conversation_id uuid references public.conversations (id) on delete set null,
  add constraint appointments_service_fkey foreign key (service_id, user_id)
    references public.services (id, user_id) on delete set null (service_id);
create index appointments_service_idx on public.appointments (service_id) where service_id is not null;
create index appointments_conversation_idx on public.appointments (conversation_id) where conversation_id is not null;

create table public.appointment_reminders (
  appointment_id uuid primary key references public.appointments (id) on delete cascade,
  user_id uuid not null references public.users (id) on delete cascade,
  -- The language the customer spoke when booking; null: Turkish.
  language text check (language in ('tr', 'en')),
  -- The appointment's start the state below is about (a moved appointment starts over).
  for_start timestamptz,
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz,
  sent_at timestamptz,
  last_error text check (char_length(last_error) <= 200),
  updated_at timestamptz not null default now()
);
create index appointment_reminders_user_idx on public.appointment_reminders (user_id);

-- Due reminders are looked for among upcoming, live, not-cancelled appointments only.
create index appointments_upcoming_idx on public.appointments (appointment_date)
  where not _deleted and status in ('scheduled', 'confirmed');

-- How long a claimed reminder is left to its scheduler before another may take it,
-- and how many tries a reminder gets.
create function public.reminder_rules() returns jsonb
language sql
immutable
set search_path = ''
as $$ select '{"lease_minutes": 10, "max_attempts": 5, "first_retry_minutes": 5}'::jsonb $$;

-- Rules the columns' checks cannot say ---------------------------------------------

-- At most 50 services an owner, counted under the owner's lock.
create function public.services_limit() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('services:' || new.user_id::text, 0));
  if (select pg_catalog.count(*) from public.services s where s.user_id = new.user_id) >= 50 then
    raise exception 'an owner keeps at most 50 services'
      using errcode = 'check_violation', constraint = 'services_count_check';
  end if;
  return new;
end
$$;

create trigger services_limit
  before insert on public.services
  for each row execute function public.services_limit();

create trigger services_set_updated_at
  before update on public.services
  for each row execute function public.set_updated_at();

create trigger booking_settings_set_updated_at
  before update on public.booking_settings
  for each row execute function public.set_updated_at();

-- What only the server writes on an appointment, and the service rule (see the invariants above).
-- Runs as the caller: auth.uid() is the owner for the data API and
-- sync_push, and null for server code running as service_role.
create function public.appointments_guard() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (select auth.uid()) is not null then
    if tg_op = 'INSERT' then
      new.conversation_id := null;
    else
      new.conversation_id := old.conversation_id;
    end if;
  end if;
  if new.service_id is not null and not exists (
    select 1 from public.services s where s.id = new.service_id and s.user_id = new.user_id
  ) then
    new.service_id := null;
  end if;
  return new;
end
$$;

create trigger appointments_guard
  before insert or update on public.appointments
  for each row execute function public.appointments_guard();

-- A settings row with every account ---------------------------------------------------

create or replace function public.handle_new_user() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_phone text := nullif(btrim(new.raw_user_meta_data ->> 'phone_number'), '');
begin
  if v_phone is not null then
    perform public.release_lapsed_phone_claim(v_phone);
  end if;
  insert into public.users (id, email, business_name, phone_number)
  values (
    new.id,
    new.email,
    nullif(btrim(new.raw_user_meta_data ->> 'business_name'), ''),
    v_phone
  );
  insert into public.credits (user_id) values (new.id);
  insert into public.chatbot_configs (user_id) values (new.id);
  insert into public.api_usage_limits (user_id) values (new.id);
  insert into public.business_profiles (user_id) values (new.id);
  insert into public.booking_settings (user_id) values (new.id);
  return new;
end
$$;

insert into public.booking_settings (user_id)
select u.id from public.users u
on conflict (user_id) do nothing;

-- Sync: the new synced columns --------------------------------------------------------

create or replace function public.sync_columns(target regclass)
returns text[]
language sql
stable
set search_path = ''
as $$
  select case target
    when 'public.products'::regclass then
      array['name', 'description', 'price', 'currency', 'stock', 'product_link', 'group_id']
    when 'public.customers'::regclass then
      array['name', 'phone_number', 'email', 'notes']
    when 'public.appointments'::regclass then
      array['customer_id', 'appointment_date', 'appointment_time', 'duration_minutes', 'status', 'description', 'notes',
            'service_id', 'source']
  end
$$;

-- Who may ask for an owner's free times: the server (service_role, or a
-- direct connection), and the owner for their own id. Called from a function
-- running as its caller, so current_user is the caller's role.
create function public.booking_caller_may(p_user_id uuid) returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce((select auth.role()), '') = 'service_role'
      or current_user not in ('authenticated', 'anon')
      or (p_user_id is not null and p_user_id = (select auth.uid()))
$$;

-- Free times -------------------------------------------------------------------------

-- The start times a customer may book for `p_duration_minutes` (default: the
-- owner's default length) from p_from to p_to, days of the owner's calendar:
-- on the slot grid of each opening range, the whole length inside the range,
-- at least the minimum notice after p_now (default now), at most
-- max_days_ahead days after the owner's today, and with fewer than
-- `capacity` live, not-cancelled appointments overlapping it once each is
-- widened by the buffer. Times are the owner's wall clock in the profile's
-- time zone; a wall time the clock skips when summer time begins is left
-- out. Empty when the owner has no hours.
create function public.free_slots(
  p_user_id uuid,
  p_from date,
  p_to date,
  p_duration_minutes integer default null,
  p_now timestamptz default null
) returns table (slot_date date, slot_time time, starts_at timestamptz)
language plpgsql
stable
security invoker
set search_path = ''
-- The planner sees generate_series and jsonb as 1000-row sources, and a
-- query that costly is JIT-compiled: 700 ms to list a dozen times.
set jit = off
as $$
declare
  v_settings public.booking_settings;
  v_hours jsonb;
  v_zone text;
  v_now timestamptz := coalesce(p_now, pg_catalog.now());
  v_today date;
  v_from date;
  v_to date;
  v_length interval;
  v_buffer interval;
  v_step integer;
begin
  if not public.booking_caller_may(p_user_id) then
    raise exception 'free_slots: not this owner''s calendar' using errcode = '42501';
  end if;
  if p_from is null or p_to is null or p_duration_minutes <= 0 or p_duration_minutes > 1440 then
    raise exception 'free_slots: a day range and a length of 1 to 1440 minutes are needed' using errcode = '22023';
  end if;
  select * into v_settings from public.booking_settings s where s.user_id = p_user_id;
  select b.opening_hours, b.time_zone into v_hours, v_zone from public.business_profiles b where b.user_id = p_user_id;
  if v_settings.user_id is null or v_zone is null then
    return;
  end if;
  v_length := pg_catalog.make_interval(mins => coalesce(p_duration_minutes, v_settings.default_duration_minutes));
  v_buffer := pg_catalog.make_interval(mins => v_settings.buffer_minutes);
  v_step := v_settings.slot_minutes;
  v_today := (v_now at time zone v_zone)::date;
  v_from := greatest(p_from, v_today);
  v_to := least(p_to, v_today + v_settings.max_days_ahead);
  if v_from > v_to then
    return;
  end if;

  return query
  with days as (
    select d::date as day from pg_catalog.generate_series(v_from::timestamp, v_to::timestamp, interval '1 day') d
  ),
  ranges as (
    select days.day,
           (r.value ->> 0)::time::interval as opens,
           case when r.value ->> 1 = '24:00' then interval '24 hours' else (r.value ->> 1)::time::interval end as closes
      from days
     cross join lateral pg_catalog.jsonb_array_elements(
       case when pg_catalog.jsonb_typeof(v_hours -> (array['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'])[extract(dow from days.day)::integer + 1]) = 'array'
            then v_hours -> (array['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'])[extract(dow from days.day)::integer + 1]
            else '[]'::jsonb end) r
  ),
  placed as (
    select r.day, r.opens + pg_catalog.make_interval(mins => n * v_step) as at
      from ranges r
     cross join lateral pg_catalog.generate_series(0, (extract(epoch from (r.closes - r.opens - v_length)) / 60 / v_step)::integer) n
     where r.closes - r.opens >= v_length
  ),
  instants as (
    select p.day, p.at, ((p.day + p.at) at time zone v_zone) as instant from placed p
  ),
  busy as (
    select ((a.appointment_date + a.appointment_time) at time zone v_zone) - v_buffer as starts,
           ((a.appointment_date + a.appointment_time) at time zone v_zone) + pg_catalog.make_interval(mins => a.duration_minutes) + v_buffer as ends
      from public.appointments a
     where a.user_id = p_user_id and not a._deleted and a.status <> 'cancelled'
       and a.appointment_date between v_from - 1 and v_to + 1
  )
  select i.day, (i.day + i.at)::time, i.instant
    from instants i
   where i.instant >= v_now + pg_catalog.make_interval(mins => v_settings.min_notice_minutes)
     and (i.instant at time zone v_zone) = i.day + i.at
     and (select pg_catalog.count(*) from busy b where b.starts < i.instant + v_length and i.instant < b.ends) < v_settings.capacity
   order by i.instant;
end
$$;

-- Booking -----------------------------------------------------------------------------

-- Books `p_time` on `p_date` (the owner's wall clock) for the customer with
-- E.164 number `p_phone` (one of the owner's customers with that number, or
-- a new one named `p_customer_name`), as the assistant. With p_replaces, the
-- owner's appointment it names is cancelled in the same step (a move): its
-- time is free for the new one, and it stays as it was when the new one is
-- refused. Returns {appointment_id, customer_id, starts_at, error: null}, or
-- {error} with one of domain/booking.ts's BOOKING_REFUSALS. Under the
-- owner's lock, so two bookings of the last place cannot both succeed.
create function public.book_appointment(
  p_user_id uuid,
  p_date date,
  p_time time,
  p_duration_minutes integer,
  p_service_id uuid,
  p_customer_name text,
  p_phone text,
  p_conversation_id uuid,
  p_language text,
  p_replaces uuid default null,
  p_now timestamptz default null
) returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_settings public.booking_settings;
  v_hours jsonb;
  v_zone text;
  v_now timestamptz := coalesce(p_now, pg_catalog.now());
  v_service public.services;
  v_minutes integer;
  v_length interval;
  v_buffer interval;
  v_start integer;
  v_instant timestamptz;
  v_inside boolean;
  v_customer uuid;
  v_appointment uuid := pg_catalog.gen_random_uuid();
  v_taken integer;
begin
  if p_user_id is null or p_date is null or p_time is null then
    raise exception 'book_appointment: owner, day and time are required' using errcode = '22023';
  end if;
  if p_phone is null or p_phone !~ '^\+[1-9][0-9]{6,14}$' then
    raise exception 'book_appointment: the phone number must be E.164' using errcode = '22023';
  end if;
  if p_language is not null and p_language not in ('tr', 'en') then
    raise exception 'book_appointment: language is tr or en' using errcode = '22023';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('booking:' || p_user_id::text, 0));

  select * into v_settings from public.booking_settings s where s.user_id = p_user_id;
  if v_settings.user_id is null or not v_settings.enabled then
    return pg_catalog.jsonb_build_object('error', 'booking_disabled');
  end if;
  select b.opening_hours, b.time_zone into v_hours, v_zone from public.business_profiles b where b.user_id = p_user_id;
  if p_service_id is not null then
    select * into v_service from public.services s where s.id = p_service_id and s.user_id = p_user_id and s.active;
    if v_service.id is null then
      raise exception 'book_appointment: no such active service' using errcode = '22023';
    end if;
  end if;
  v_minutes := coalesce(p_duration_minutes, v_service.duration_minutes, v_settings.default_duration_minutes);
  if v_minutes not in (30, 60, 90, 120, 180) then
    raise exception 'book_appointment: % minutes is not an appointment length', v_minutes using errcode = '22023';
  end if;
  v_length := pg_catalog.make_interval(mins => v_minutes);
  v_buffer := pg_catalog.make_interval(mins => v_settings.buffer_minutes);
  v_start := extract(hour from p_time)::integer * 60 + extract(minute from p_time)::integer;
  v_instant := (p_date + p_time) at time zone coalesce(v_zone, 'Europe/Istanbul');

  -- Inside one opening range of that weekday, and a time the clock shows that day.
  select exists (
    select 1
      from pg_catalog.jsonb_array_elements(
        case when pg_catalog.jsonb_typeof(v_hours -> (array['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'])[extract(dow from p_date)::integer + 1]) = 'array'
             then v_hours -> (array['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'])[extract(dow from p_date)::integer + 1]
             else '[]'::jsonb end) r
     where v_start >= pg_catalog.split_part(r.value ->> 0, ':', 1)::integer * 60 + pg_catalog.split_part(r.value ->> 0, ':', 2)::integer
       and v_start + v_minutes <= pg_catalog.split_part(r.value ->> 1, ':', 1)::integer * 60 + pg_catalog.split_part(r.value ->> 1, ':', 2)::integer
  ) and (v_instant at time zone v_zone) = p_date + p_time into v_inside;
  if v_zone is null or not coalesce(v_inside, false) then
    return pg_catalog.jsonb_build_object('error', 'outside_hours');
  end if;
  if v_instant < v_now + pg_catalog.make_interval(mins => v_settings.min_notice_minutes) then
    return pg_catalog.jsonb_build_object('error', 'too_soon');
  end if;
  if p_date > (v_now at time zone v_zone)::date + v_settings.max_days_ahead then
    return pg_catalog.jsonb_build_object('error', 'too_far');
  end if;

  select pg_catalog.count(*) into v_taken
    from public.appointments a
   where a.user_id = p_user_id and not a._deleted and a.status <> 'cancelled'
     and a.id is distinct from p_replaces
     and a.appointment_date between p_date - 1 and p_date + 1
     and ((a.appointment_date + a.appointment_time) at time zone v_zone) - v_buffer < v_instant + v_length
     and v_instant < ((a.appointment_date + a.appointment_time) at time zone v_zone) + pg_catalog.make_interval(mins => a.duration_minutes) + v_buffer;
  if v_taken >= v_settings.capacity then
    return pg_catalog.jsonb_build_object('error', 'slot_taken');
  end if;

  -- A public chat cannot fill the calendar: at most 3 upcoming appointments
  -- booked by the assistant for one number or from one conversation.
  if (select pg_catalog.count(*)
        from public.appointments a
        left join public.customers c on c.id = a.customer_id
       where a.user_id = p_user_id and a.source = 'assistant' and not a._deleted and a.status in ('scheduled', 'confirmed')
         and a.id is distinct from p_replaces
         and (a.appointment_date + a.appointment_time) at time zone v_zone >= v_now
         and (c.phone_number = p_phone or (p_conversation_id is not null and a.conversation_id = p_conversation_id))) >= 3 then
    return pg_catalog.jsonb_build_object('error', 'too_many');
  end if;

  if p_replaces is not null then
    update public.appointments a set status = 'cancelled'
     where a.id = p_replaces and a.user_id = p_user_id and not a._deleted and a.status in ('scheduled', 'confirmed');
    if not found then
      raise exception 'book_appointment: the appointment to move is not one of the owner''s upcoming ones' using errcode = '22023';
    end if;
  end if;

  select c.id into v_customer from public.customers c
   where c.user_id = p_user_id and c.phone_number = p_phone and not c._deleted
   order by c.created_at limit 1;
  if v_customer is null then
    if pg_catalog.btrim(coalesce(p_customer_name, '')) = '' then
      raise exception 'book_appointment: a new customer needs a name' using errcode = '22023';
    end if;
    insert into public.customers (user_id, name, phone_number)
    values (p_user_id, pg_catalog.left(pg_catalog.btrim(p_customer_name), 100), p_phone)
    returning id into v_customer;
  end if;

  insert into public.appointments (id, user_id, customer_id, appointment_date, appointment_time, duration_minutes,
                                   status, description, service_id, source, conversation_id)
  values (v_appointment, p_user_id, v_customer, p_date, p_time, v_minutes,
          'scheduled', v_service.name, v_service.id, 'assistant',
          (select c.id from public.conversations c where c.id = p_conversation_id and c.user_id = p_user_id));
  insert into public.appointment_reminders (appointment_id, user_id, language)
  values (v_appointment, p_user_id, p_language);
  update public.conversations c set customer_id = v_customer
   where c.id = p_conversation_id and c.user_id = p_user_id and c.customer_id is null;

  return pg_catalog.jsonb_build_object(
    'appointment_id', v_appointment, 'customer_id', v_customer, 'starts_at', v_instant, 'error', null);
end
$$;

-- The upcoming, not-cancelled appointments of a customer: theirs by phone
-- number (WhatsApp knows the sender) or booked in this conversation (the
-- widget knows only that), soonest first.
create function public.customer_bookings(
  p_user_id uuid,
  p_phone text,
  p_conversation_id uuid,
  p_now timestamptz default null
) returns table (
  id uuid, appointment_date date, appointment_time time, duration_minutes integer, status text,
  service_id uuid, service_name text, starts_at timestamptz, customer_name text, phone_number text
)
language sql
stable
security invoker
set search_path = ''
as $$
  select a.id, a.appointment_date, a.appointment_time, a.duration_minutes, a.status, a.service_id, s.name,
         (a.appointment_date + a.appointment_time) at time zone b.time_zone, c.name, c.phone_number
    from public.appointments a
    join public.business_profiles b on b.user_id = a.user_id
    left join public.services s on s.id = a.service_id
    left join public.customers c on c.id = a.customer_id and not c._deleted
   where a.user_id = p_user_id and not a._deleted and a.status in ('scheduled', 'confirmed')
     and ((p_phone is not null and c.phone_number = p_phone)
          or (p_conversation_id is not null and a.conversation_id = p_conversation_id))
     and (a.appointment_date + a.appointment_time) at time zone b.time_zone >= coalesce(p_now, pg_catalog.now())
   order by 8
   limit 10
$$;

-- Cancels one of the owner's upcoming appointments; {cancelled: false} when it is not one.
create function public.cancel_booking(p_user_id uuid, p_appointment_id uuid)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  update public.appointments a set status = 'cancelled'
   where a.id = p_appointment_id and a.user_id = p_user_id and not a._deleted and a.status in ('scheduled', 'confirmed');
  return pg_catalog.jsonb_build_object('cancelled', found);
end
$$;

-- Reminders ---------------------------------------------------------------------------

-- Takes up to p_limit reminders that are due at p_now (default now):
-- appointments 'scheduled' or 'confirmed', live, starting after p_now and
-- within the owner's reminder_hours_before of it, with a customer's number,
-- not yet reminded for this start, not waiting for a retry, with tries
-- left. Each is leased to the caller (next_attempt_at moves past the lease)
-- in this transaction, and rows another scheduler is claiming are skipped:
-- two schedulers never send the same reminder. Returns what the text needs.
create function public.claim_due_reminders(p_now timestamptz default null, p_limit integer default 50)
returns table (
  appointment_id uuid, user_id uuid, appointment_date date, appointment_time time, for_start timestamptz,
  customer_name text, phone_number text, business_name text, language text, attempt integer
)
language plpgsql
volatile
security invoker
set search_path = ''
set jit = off
as $$
declare
  v_now timestamptz := coalesce(p_now, pg_catalog.now());
  v_rules jsonb := public.reminder_rules();
  v_row record;
  v_current record;
begin
  for v_row in
    select a.id, a.user_id, a.appointment_date, a.appointment_time,
           (a.appointment_date + a.appointment_time) at time zone b.time_zone as starts,
           c.name as customer_name, c.phone_number, u.business_name, r.language
      from public.appointments a
      join public.booking_settings s on s.user_id = a.user_id and s.reminder_hours_before is not null
      join public.business_profiles b on b.user_id = a.user_id
      join public.users u on u.id = a.user_id
      join public.customers c on c.id = a.customer_id and not c._deleted
      left join public.appointment_reminders r on r.appointment_id = a.id
     where not a._deleted and a.status in ('scheduled', 'confirmed')
       and a.appointment_date between (v_now at time zone 'UTC')::date - 2 and (v_now at time zone 'UTC')::date + 9
       and (a.appointment_date + a.appointment_time) at time zone b.time_zone > v_now
       and (a.appointment_date + a.appointment_time) at time zone b.time_zone
           - pg_catalog.make_interval(hours => s.reminder_hours_before) <= v_now
       and (r.appointment_id is null
            or r.for_start is distinct from (a.appointment_date + a.appointment_time) at time zone b.time_zone
            or (r.sent_at is null and r.attempts < (v_rules ->> 'max_attempts')::integer
                and (r.next_attempt_at is null or r.next_attempt_at <= v_now)))
     order by 5
     limit greatest(coalesce(p_limit, 50), 1)
       for update of a skip locked
  loop
    -- The row lock is ours now, but the reminder state above was read before
    -- it: another scheduler may have claimed or settled it and committed in
    -- between. Read it again (a new snapshot) and leave it if so.
    select r.for_start, r.attempts, r.sent_at, r.next_attempt_at into v_current
      from public.appointment_reminders r where r.appointment_id = v_row.id;
    if v_current.for_start is not distinct from v_row.starts and v_current.for_start is not null
       and (v_current.sent_at is not null or v_current.next_attempt_at > v_now
            or v_current.attempts >= (v_rules ->> 'max_attempts')::integer) then
      continue;
    end if;
    appointment_id := v_row.id;
    user_id := v_row.user_id;
    appointment_date := v_row.appointment_date;
    appointment_time := v_row.appointment_time;
    for_start := v_row.starts;
    customer_name := v_row.customer_name;
    phone_number := v_row.phone_number;
    business_name := v_row.business_name;
    language := coalesce(v_row.language, 'tr');
    -- A reminder for another start (the appointment moved) starts over.
    attempt := case when v_current.for_start is distinct from v_row.starts then 1 else v_current.attempts + 1 end;
    insert into public.appointment_reminders as r (appointment_id, user_id, for_start, attempts, next_attempt_at, sent_at, last_error)
    values (v_row.id, v_row.user_id, v_row.starts, attempt, v_now + pg_catalog.make_interval(mins => (v_rules ->> 'lease_minutes')::integer), null, null)
    on conflict on constraint appointment_reminders_pkey do update
      set for_start = excluded.for_start, attempts = excluded.attempts, next_attempt_at = excluded.next_attempt_at,
          sent_at = null, last_error = case when r.for_start is distinct from excluded.for_start then null else r.last_error end,
          updated_at = pg_catalog.now();
    return next;
  end loop;
end
$$;

-- Settles a claimed reminder: sent, or failed with why (retried after 5,
-- 10, 20, … minutes until the tries run out; at once out of tries when
-- p_retry is false, for a failure no retry mends). A claim for a start the
-- appointment no longer has is left alone.
create function public.finish_reminder(
  p_appointment_id uuid,
  p_for_start timestamptz,
  p_sent boolean,
  p_error text default null,
  p_now timestamptz default null,
  p_retry boolean default true
) returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_now timestamptz := coalesce(p_now, pg_catalog.now());
  v_rules jsonb := public.reminder_rules();
begin
  update public.appointment_reminders r
     set sent_at = case when p_sent then v_now end,
         last_error = case when p_sent then null else pg_catalog.left(coalesce(p_error, 'failed'), 200) end,
         attempts = case when p_sent or p_retry then r.attempts else greatest(r.attempts, (v_rules ->> 'max_attempts')::integer) end,
         next_attempt_at = case when p_sent or not p_retry then null
                                else v_now + pg_catalog.make_interval(mins => (v_rules ->> 'first_retry_minutes')::integer * (2 ^ greatest(r.attempts - 1, 0))::integer) end,
         updated_at = pg_catalog.now()
   where r.appointment_id = p_appointment_id and r.for_start = p_for_start;
end
$$;

-- The owner's reminder button (send-sms) counts as the reminder of the
-- appointment's current start: the automatic one does not follow it.
create function public.note_reminder_sent(p_appointment_id uuid, p_now timestamptz default null)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  insert into public.appointment_reminders as r (appointment_id, user_id, for_start, attempts, sent_at)
  select a.id, a.user_id, (a.appointment_date + a.appointment_time) at time zone b.time_zone, 0, coalesce(p_now, pg_catalog.now())
    from public.appointments a join public.business_profiles b on b.user_id = a.user_id
   where a.id = p_appointment_id
  on conflict on constraint appointment_reminders_pkey do update
    set for_start = excluded.for_start, sent_at = excluded.sent_at, last_error = null, next_attempt_at = null, updated_at = pg_catalog.now()
$$;

-- RLS ----------------------------------------------------------------------------------

alter table public.booking_settings enable row level security;
alter table public.services enable row level security;
alter table public.appointment_reminders enable row level security;

create policy "booking_settings: owner reads" on public.booking_settings
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "booking_settings: owner creates" on public.booking_settings
  for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "booking_settings: owner updates" on public.booking_settings
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "services: owner reads" on public.services
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "services: owner creates" on public.services
  for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "services: owner updates" on public.services
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
create policy "services: owner deletes" on public.services
  for delete to authenticated
  using (user_id = (select auth.uid()));

-- The owner sees how each reminder went; only the server writes them.
create policy "appointment_reminders: owner reads" on public.appointment_reminders
  for select to authenticated
  using (user_id = (select auth.uid()));

-- Grants ---------------------------------------------------------------------------------

revoke all on table public.booking_settings, public.services, public.appointment_reminders from anon, authenticated;
grant all on table public.booking_settings, public.services, public.appointment_reminders to service_role;
grant select, insert, update on table public.booking_settings to authenticated;
grant select, insert, update, delete on table public.services to authenticated;
grant select on table public.appointment_reminders to authenticated;

revoke all on function public.reminder_rules() from public, anon;
revoke all on function public.services_limit() from public, anon, authenticated;
revoke all on function public.appointments_guard() from public, anon;
revoke all on function public.booking_caller_may(uuid) from public, anon;
revoke all on function public.free_slots(uuid, date, date, integer, timestamptz) from public, anon;
revoke all on function public.book_appointment(uuid, date, time, integer, uuid, text, text, uuid, text, uuid, timestamptz) from public, anon, authenticated;
revoke all on function public.customer_bookings(uuid, text, uuid, timestamptz) from public, anon, authenticated;
revoke all on function public.cancel_booking(uuid, uuid) from public, anon, authenticated;
revoke all on function public.claim_due_reminders(timestamptz, integer) from public, anon, authenticated;
revoke all on function public.finish_reminder(uuid, timestamptz, boolean, text, timestamptz, boolean) from public, anon, authenticated;
revoke all on function public.note_reminder_sent(uuid, timestamptz) from public, anon, authenticated;
grant execute on function public.reminder_rules(), public.booking_caller_may(uuid) to authenticated, service_role;
grant execute on function public.free_slots(uuid, date, date, integer, timestamptz) to authenticated, service_role;
grant execute on function
  public.book_appointment(uuid, date, time, integer, uuid, text, text, uuid, text, uuid, timestamptz),
  public.customer_bookings(uuid, text, uuid, timestamptz),
  public.cancel_booking(uuid, uuid),
  public.claim_due_reminders(timestamptz, integer),
  public.finish_reminder(uuid, timestamptz, boolean, text, timestamptz, boolean),
  public.note_reminder_sent(uuid, timestamptz) to service_role;
