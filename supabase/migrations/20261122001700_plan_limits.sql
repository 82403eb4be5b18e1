-- A credited purchase also raises the owner's assistant allowance
-- (api_usage_limits: plan_type, daily and monthly message limits) to its
-- package's, in the same transaction as the credits.
--
-- Invariants:
--   * One code path: credit_payment, which already credits each session
--     exactly once, applies the limits right after the credits. A payment
--     that is not credited (open, expired, failed, mismatched, or credited
--     before) changes no limits.
--   * Limits never go down: each is the greatest of the owner's and the
--     package's, and plan_type changes only to a higher rank.
--   * The per-package values are domain/chatbot-plans.ts's; chatbot_plan_limits()
--     repeats them for SQL, and tests/integration/plan-limits.test.ts fails
--     when the two differ.
--
-- Result of credit_payment: unchanged (20261122001000_credit_payment_closed.sql).

-- Reference data ------------------------------------------------------------------

-- Changed only by migrations, so a function rather than a table: nothing for
-- row-level security to guard and no public table that holds no one's data.
-- rank orders the plans by size (free 0); price_id is what credit_payment
-- receives, null for free.
create function public.chatbot_plan_limits()
returns table (plan_type text, price_id text, rank integer, daily_message_limit integer, monthly_message_limit integer)
language sql
immutable
set search_path = ''
as $$
  values
    ('free', null::text, 0, 50, 1000),
    ('starter', 'price_starter', 1, 75, 1250),
    ('growth', 'price_growth', 2, 150, 2000),
    ('business', 'price_business', 3, 550, 6000),
    ('enterprise', 'price_enterprise', 4, 2050, 21000)
$$;

-- Functions --------------------------------------------------------------------

-- As in 20261122001000_credit_payment_closed.sql, plus the allowance after
-- the credits.
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

  -- The package's assistant allowance, in this transaction so a credited
  -- purchase never lacks it. Greatest of old and new, and plan_type only
  -- moves up the ranks (one not in the table ranks as free): a smaller
  -- package bought later, or limits raised by hand, are never lowered.
  -- A price id without a row (none today) leaves the allowance as it is.
  insert into public.api_usage_limits as l (user_id, plan_type, daily_message_limit, monthly_message_limit)
  select p_user_id, m.plan_type, m.daily_message_limit, m.monthly_message_limit
    from public.chatbot_plan_limits() m
   where m.price_id = p_price_id
  on conflict (user_id) do update
    set daily_message_limit = greatest(l.daily_message_limit, excluded.daily_message_limit),
        monthly_message_limit = greatest(l.monthly_message_limit, excluded.monthly_message_limit),
        plan_type = case
          when (select m.rank from public.chatbot_plan_limits() m where m.plan_type = excluded.plan_type)
               > coalesce((select m.rank from public.chatbot_plan_limits() m where m.plan_type = l.plan_type), 0)
          then excluded.plan_type
          else l.plan_type
        end;

  return pg_catalog.jsonb_build_object(
    'status', 'credited', 'credits_added', p_credits, 'transaction_id', v_tx,
    'balance', pg_catalog.jsonb_build_object('amount', v_balance.amount, 'used', v_balance.used, 'remaining', v_balance.remaining));
end
$$;

-- Grants -----------------------------------------------------------------------

-- Only credit_payment (run by service_role) reads the table; nobody writes it
-- outside migrations.
revoke all on function public.chatbot_plan_limits() from public, anon, authenticated;
grant execute on function public.chatbot_plan_limits() to service_role;

-- Replacing a function keeps its privileges; they are stated again so this
-- file alone says who may run it.
revoke all on function public.credit_payment(text, text, uuid, text, integer, integer, text) from public, anon, authenticated;
grant execute on function public.credit_payment(text, text, uuid, text, integer, integer, text) to service_role;
