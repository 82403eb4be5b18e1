-- The owner's right to erasure (KVKK art. 7, GDPR art. 17) against the duty
-- to keep financial records (Turkish Tax Procedure Law art. 253 and the
-- Commercial Code art. 82: ten years). Deleting an account (the
-- delete-account function, through GoTrue's admin API) removes auth.users,
-- and with it public.users and every row that cascades from it. Purchase
-- records must outlive the account, so they stop pointing at it instead:
-- user_id becomes null and the row keeps only what the bookkeeping needs
-- (amount, credits, status, provider, the provider's session id to
-- reconcile with the provider's own records, dates). Nothing in them names
-- the person once the users row is gone; with user_id null no owner's
-- row-level security policy (user_id = auth.uid()) matches them any more,
-- so only service_role reads them.

-- Tables ---------------------------------------------------------------------

alter table public.transactions
  alter column user_id drop not null,
  drop constraint transactions_user_id_fkey,
  add constraint transactions_user_id_fkey
    foreign key (user_id) references public.users (id) on delete set null;

alter table public.payments
  alter column user_id drop not null,
  drop constraint payments_user_id_fkey,
  add constraint payments_user_id_fkey
    foreign key (user_id) references public.users (id) on delete set null;

comment on column public.transactions.user_id is
  'The buyer; null once the account was deleted (the purchase record is kept, detached, see 20261122002000_data_rights.sql).';
comment on column public.payments.user_id is
  'The buyer; null once the account was deleted (the payment record is kept, detached, see 20261122002000_data_rights.sql).';
