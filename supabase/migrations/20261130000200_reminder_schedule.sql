-- The automatic appointment reminders run every minute: pg_cron calls the
-- send-reminders function through pg_net with the service role key, as
-- Supabase documents for scheduling functions. The project URL and the key
-- are read from Vault at each run (never stored in the job), under the names
-- `project_url` and `service_role_key`; supabase/functions/README.md says
-- how to create them.
--
-- Where pg_cron or pg_net is not available (the local stack's PGlite, a
-- plain Postgres) nothing is scheduled here: the local stack runs the same
-- function on its own timer (supabase/local/jobs.ts).
do $do$
begin
  if not exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron')
     or not exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_net') then
    raise notice 'pg_cron or pg_net is not available: send-reminders is not scheduled in the database';
    return;
  end if;
  create extension if not exists pg_cron;
  create extension if not exists pg_net with schema extensions;
  perform cron.schedule(
    'send-reminders',
    '* * * * *',
    $job$
    select net.http_post(
      url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/send-reminders',
      headers := pg_catalog.jsonb_build_object(
        'Content-Type', 'application/json',
        'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')),
      body := '{}'::jsonb,
      timeout_milliseconds := 55000
    );
    $job$
  );
end
$do$;
