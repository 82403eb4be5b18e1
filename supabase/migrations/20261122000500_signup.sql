-- Sign-up: every new auth user gets a complete business in the same
-- transaction (profile, zero credits, default assistant configuration, free
-- quotas), so no screen ever has to create missing rows itself. The profile
-- data comes from the sign-up metadata; an invalid phone number makes the
-- whole sign-up fail rather than leave an account without a profile.

-- Functions --------------------------------------------------------------------

create function public.handle_new_user() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.users (id, email, business_name, phone_number)
  values (
    new.id,
    new.email,
    nullif(btrim(new.raw_user_meta_data ->> 'business_name'), ''),
    nullif(btrim(new.raw_user_meta_data ->> 'phone_number'), '')
  );
  insert into public.credits (user_id) values (new.id);
  insert into public.chatbot_configs (user_id) values (new.id);
  insert into public.api_usage_limits (user_id) values (new.id);
  return new;
end
$$;

drop trigger if exists on_auth_user_created on auth.users;
create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();

-- Lets the sign-up form refuse a taken number before creating the account,
-- without letting a visitor read the users table: it answers yes or no only.
create function public.phone_number_exists(p_phone_number text) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.users u where u.phone_number = p_phone_number)
$$;

-- Grants -----------------------------------------------------------------------

revoke all on function public.handle_new_user() from public, anon, authenticated;

revoke all on function public.phone_number_exists(text) from public, anon, authenticated;
grant execute on function public.phone_number_exists(text) to anon, authenticated, service_role;
