-- Credits move in two ways only, both through server code running as
-- service_role: a paid checkout session adds its package (credit_payment) and
-- each message the assistant or the automation answers takes one credit
-- (consume_credit). Owners keep read-only access to their rows (see
-- 20261122000100_profiles.sql); neither function is callable by them.
--
-- Invariants:
--   * A provider session credits at most once, however many webhook
--     deliveries, manual checks and retries arrive at the same time: the
--     payment row is locked before its status is read, and transactions has a
--     unique provider_session_id as a second guard.
--   * remaining never goes below 0 and used + remaining only changes by a
--     purchase: consumption is one conditional UPDATE, which Postgres
--     re-evaluates on the newest row version when concurrent updates queue.
--   * Plans are not repeated here: the caller resolved the package (domain/plans.ts)
--     and checked it against the provider; the function only refuses a
--     session whose recorded owner, package or provider disagrees.

-- Tables -----------------------------------------------------------------------

-- Where the buyer returns after paying or cancelling. Stripe keeps them on its
-- session; the local provider's checkout page reads them from here.
alter table public.payments
  add column success_url text,
  add column cancel_url text;

-- Functions --------------------------------------------------------------------

-- Result: {status: 'credited' | 'already_credited' | 'mismatch', credits_added,
-- transaction_id, balance: {amount, used, remaining}}.
create function public.credit_payment(
  p_provider text,
  p_session_id text,
  p_user_id uuid,
  p_price_id text,
  p_credits integer,
  p_amount integer,
  p_currency text default 'usd'
) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_payment public.payments%rowtype;
  v_tx uuid;
  v_balance public.credits%rowtype;
begin
  if p_provider is null or p_session_id is null or p_user_id is null or p_price_id is null
     or p_credits is null or p_credits <= 0 or p_amount is null or p_amount < 0 then
    raise exception 'credit_payment: every argument is required, credits > 0 and amount >= 0'
      using errcode = '22023';
  end if;

  -- A session whose checkout row was never written (the provider created it,
  -- then the insert failed) still credits, exactly once.
  insert into public.payments (user_id, provider, provider_session_id, price_id, credits, amount, currency)
  values (p_user_id, p_provider, p_session_id, p_price_id, p_credits, p_amount, pg_catalog.lower(coalesce(p_currency, 'usd')))
  on conflict (provider_session_id) do nothing;

  select * into v_payment from public.payments p where p.provider_session_id = p_session_id for update;

  if v_payment.user_id <> p_user_id or v_payment.provider <> p_provider
     or v_payment.price_id <> p_price_id or v_payment.credits <> p_credits then
    return pg_catalog.jsonb_build_object('status', 'mismatch', 'credits_added', 0, 'transaction_id', null, 'balance', null);
  end if;

  if v_payment.status = 'paid' then
    select t.id into v_tx from public.transactions t where t.provider_session_id = p_session_id;
    select * into v_balance from public.credits c where c.user_id = p_user_id;
    return pg_catalog.jsonb_build_object(
      'status', 'already_credited', 'credits_added', 0, 'transaction_id', v_tx,
      'balance', pg_catalog.jsonb_build_object('amount', v_balance.amount, 'used', v_balance.used, 'remaining', v_balance.remaining));
  end if;

  update public.payments p
     set status = 'paid', completed_at = pg_catalog.now(), amount = p_amount,
         currency = pg_catalog.lower(coalesce(p_currency, p.currency))
   where p.id = v_payment.id;

  insert into public.transactions (user_id, amount, credits_purchased, status, provider, provider_session_id, price_id)
  values (p_user_id, p_amount, p_credits, 'completed', p_provider, p_session_id, p_price_id)
  on conflict (provider_session_id) do nothing
  returning id into v_tx;

  if v_tx is null then
    -- A purchase record without a paid payment: written by hand or by an
    -- older path. Its credits were granted then; only the status was behind.
    select t.id into v_tx from public.transactions t where t.provider_session_id = p_session_id;
    select * into v_balance from public.credits c where c.user_id = p_user_id;
    return pg_catalog.jsonb_build_object(
      'status', 'already_credited', 'credits_added', 0, 'transaction_id', v_tx,
      'balance', pg_catalog.jsonb_build_object('amount', v_balance.amount, 'used', v_balance.used, 'remaining', v_balance.remaining));
  end if;

  insert into public.credits as c (user_id, amount, used, remaining)
  values (p_user_id, p_credits, 0, p_credits)
  on conflict (user_id) do update
    set amount = c.amount + excluded.amount,
        remaining = c.remaining + excluded.remaining
  returning * into v_balance;

  return pg_catalog.jsonb_build_object(
    'status', 'credited', 'credits_added', p_credits, 'transaction_id', v_tx,
    'balance', pg_catalog.jsonb_build_object('amount', v_balance.amount, 'used', v_balance.used, 'remaining', v_balance.remaining));
end
$$;

-- Result: {consumed: true, remaining, used, error: null}, or consumed false
-- with error 'insufficient_credits' (remaining is 0) or 'credits_not_found'.
create function public.consume_credit(p_user_id uuid) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_remaining integer;
  v_used integer;
begin
  update public.credits c
     set used = c.used + 1, remaining = c.remaining - 1
   where c.user_id = p_user_id and c.remaining > 0
  returning c.remaining, c.used into v_remaining, v_used;
  if found then
    return pg_catalog.jsonb_build_object('consumed', true, 'remaining', v_remaining, 'used', v_used, 'error', null);
  end if;

  select c.remaining, c.used into v_remaining, v_used from public.credits c where c.user_id = p_user_id;
  if not found then
    return pg_catalog.jsonb_build_object('consumed', false, 'remaining', 0, 'used', 0, 'error', 'credits_not_found');
  end if;
  return pg_catalog.jsonb_build_object('consumed', false, 'remaining', v_remaining, 'used', v_used, 'error', 'insufficient_credits');
end
$$;

-- Grants -----------------------------------------------------------------------

-- service_role bypasses RLS and holds the table grants, so security invoker
-- is enough; nobody else may run these.
revoke all on function public.credit_payment(text, text, uuid, text, integer, integer, text) from public, anon, authenticated;
revoke all on function public.consume_credit(uuid) from public, anon, authenticated;
grant execute on function public.credit_payment(text, text, uuid, text, integer, integer, text) to service_role;
grant execute on function public.consume_credit(uuid) to service_role;
