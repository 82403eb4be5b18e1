-- The sign-up form's phone check goes through the check-phone function,
-- which limits each client address; phone_number_exists, which answered
-- anyone with the anon key as often as asked (an oracle of which numbers
-- hold accounts), is the service role's alone.

revoke all on function public.phone_number_exists(text) from public, anon, authenticated;
grant execute on function public.phone_number_exists(text) to service_role;
