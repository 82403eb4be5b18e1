-- The SMS allowance of an owner (30 reminders an hour, 200 a day) is taken
-- in the database, in one transaction per message, by server code running as
-- service_role (the send-sms function).
--
-- Invariants:
--   * Requests of one owner arriving at the same time cannot together pass
--     the limits: each takes a per-owner transaction advisory lock before it
--     counts, so the count of the next one already includes the row the
--     previous one inserted (every statement of a volatile function reads a
--     fresh snapshot under READ COMMITTED).
--   * A message is written as `queued` before it is handed to the provider,
--     so an SMS that left is recorded even when writing its outcome fails
--     afterwards. The function updates the row to `sent` or `failed`; only
--     `failed` rows stop counting, so a row whose outcome is unknown counts.

-- Functions --------------------------------------------------------------------

-- Result: {id: <new outgoing_messages id>, error: null}, or {id: null, error:
-- 'rate_limited'} when the hourly or daily allowance is used up.
create function public.reserve_sms(
  p_user_id uuid,
  p_recipient text,
  p_body text,
  p_provider text,
  p_appointment_id uuid default null
) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_hourly constant integer := 30;
  v_daily constant integer := 200;
  v_last_hour integer;
  v_last_day integer;
  v_id uuid;
begin
  if p_user_id is null or p_recipient is null or p_body is null or p_provider is null then
    raise exception 'reserve_sms: user, recipient, body and provider are required'
      using errcode = '22023';
  end if;

  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('reserve_sms:' || p_user_id::text, 0));

  select count(*) filter (where m.created_at >= pg_catalog.now() - interval '1 hour'),
         count(*)
    into v_last_hour, v_last_day
    from public.outgoing_messages m
   where m.user_id = p_user_id
     and m.channel = 'sms'
     and m.status <> 'failed'
     and m.created_at >= pg_catalog.now() - interval '1 day';

  if v_last_hour >= v_hourly or v_last_day >= v_daily then
    return pg_catalog.jsonb_build_object('id', null, 'error', 'rate_limited');
  end if;

  insert into public.outgoing_messages (user_id, channel, recipient, body, provider, status, appointment_id)
  values (p_user_id, 'sms', p_recipient, p_body, p_provider, 'queued', p_appointment_id)
  returning id into v_id;

  return pg_catalog.jsonb_build_object('id', v_id, 'error', null);
end
$$;

-- Grants -----------------------------------------------------------------------

-- service_role holds the table grants and bypasses RLS, so security invoker
-- is enough; an owner calling it could spend her allowance without sending.
revoke all on function public.reserve_sms(uuid, text, text, text, uuid) from public, anon, authenticated;
grant execute on function public.reserve_sms(uuid, text, text, text, uuid) to service_role;
