-- A payment the provider reported as expired or failed is closed: no later
-- delivery may turn it into credits. Until now credit_payment moved any row
-- that was not yet paid to paid, so an event naming a closed session (the
-- local checkout page's Pay pressed on an expired session, a replayed or
-- out-of-order delivery) credited it anyway.
--
-- Result: as in 20261122000800_credits_payments.sql, plus
-- {status: 'not_creditable', credits_added: 0, transaction_id: null,
-- balance: null} for an expired or failed payment, which it leaves as it is.

-- Functions --------------------------------------------------------------------

create or replace function public.credit_payment(
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

  -- Locked before its status is read: a concurrent close and credit queue here.
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

  if v_payment.status in ('expired', 'failed') then
    return pg_catalog.jsonb_build_object('status', 'not_creditable', 'credits_added', 0, 'transaction_id', null, 'balance', null);
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

-- Grants -----------------------------------------------------------------------

-- Replacing a function keeps its privileges; they are stated again so this
-- file alone says who may run it.
revoke all on function public.credit_payment(text, text, uuid, text, integer, integer, text) from public, anon, authenticated;
grant execute on function public.credit_payment(text, text, uuid, text, integer, integer, text) to service_role;
