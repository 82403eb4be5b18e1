-- A credited purchase also raises the owner's assistant allowance
-- (api_usage_limits: plan_type, daily and monthly message limits) to its
-- package's, in the same transaction as the credits.
--
-- Invariants:
--   * One code path: a trigger on the purchase record. credit_payment writes
--     a 'completed' transaction exactly once per credited session (its insert
--     does nothing for a session credited before), so the limits follow every
--     credit and nothing else: a payment that is not credited (open, expired,
--     failed, mismatched, or credited before) writes no record.
--   * Limits never go down: each is the greatest of the owner's and the
--     package's, and plan_type changes only to a higher rank.
--   * The per-package values are domain/chatbot-plans.ts's; chatbot_plan_limits()
--     repeats them for SQL, and tests/integration/plan-limits.test.ts fails
--     when the two differ.

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

-- Greatest of old and new, and plan_type only moves up the ranks (one not
-- in the mapping ranks as free): a smaller package bought later, or limits
-- raised by hand, are never lowered. A price id the mapping does not know
-- leaves the allowance as it is.
create function public.apply_plan_limits()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  insert into public.api_usage_limits as l (user_id, plan_type, daily_message_limit, monthly_message_limit)
  select new.user_id, m.plan_type, m.daily_message_limit, m.monthly_message_limit
    from public.chatbot_plan_limits() m
   where m.price_id = new.price_id
  on conflict (user_id) do update
    set daily_message_limit = greatest(l.daily_message_limit, excluded.daily_message_limit),
        monthly_message_limit = greatest(l.monthly_message_limit, excluded.monthly_message_limit),
        plan_type = case
          when (select m.rank from public.chatbot_plan_limits() m where m.plan_type = excluded.plan_type)
               > coalesce((select m.rank from public.chatbot_plan_limits() m where m.plan_type = l.plan_type), 0)
          then excluded.plan_type
          else l.plan_type
        end;
  return null;
end
$$;

create trigger transactions_apply_plan_limits
  after insert on public.transactions
  for each row when (new.status = 'completed')
  execute function public.apply_plan_limits();

-- Grants -----------------------------------------------------------------------

-- Only the trigger, as credit_payment's caller (service_role), reads the
-- mapping; apply_plan_limits runs only as a trigger.
revoke all on function public.chatbot_plan_limits() from public, anon, authenticated;
grant execute on function public.chatbot_plan_limits() to service_role;

-- Replacing a function keeps its privileges; they are stated again so this
-- file alone says who may run it.
revoke all on function public.credit_payment(text, text, uuid, text, integer, integer, text) from public, anon, authenticated;
grant execute on function public.credit_payment(text, text, uuid, text, integer, integer, text) to service_role;
revoke all on function public.apply_plan_limits() from public, anon, authenticated;
