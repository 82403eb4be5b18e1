-- The inbox's list in one read: the owner's conversations newest first, each
-- with its last message and the customer it is linked to, filtered by status
-- and searched by what was written, the customer's name or a phone number.
--
-- Runs with the caller's rights: RLS on conversations, chatbot_messages and
-- customers decides what an owner sees, and the function adds the owner
-- condition itself so the planner walks conversations_inbox_idx.
--
-- p_filter: 'needs_you' (handed off, or the owner has it), 'assistant',
-- 'resolved' or 'all'; p_customer: only this customer's conversations (the
-- customers screen's "Conversations"). Pages by (last_message_at, id) below p_before /
-- p_before_id. p_search: at most 100 characters, folded as the product
-- search folds (search_fold: case, Turkish letters and accents, whatever the
-- database's locale), so "kargo ucretli" finds "Kargo ÜCRETLİ mi?"; a search
-- with three or more digits also matches phone numbers by their digits
-- ("0532 111" finds +905321112233).

create function public.inbox_conversations(
  p_filter text default 'all',
  p_search text default null,
  p_limit integer default 50,
  p_before timestamptz default null,
  p_before_id uuid default null,
  p_customer uuid default null
) returns table (
  id uuid,
  channel text,
  contact text,
  status text,
  handoff_reason text,
  unread_count integer,
  last_message_at timestamptz,
  customer_id uuid,
  customer_name text,
  customer_phone text,
  last_author text,
  last_text text
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_text text := nullif(pg_catalog.btrim(pg_catalog.left(coalesce(p_search, ''), 100)), '');
  v_like text;
  v_digits text;
begin
  if v_text is not null then
    v_like := '%' || pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(public.search_fold(v_text), '\', '\\'), '%', '\%'), '_', '\_') || '%';
    v_digits := pg_catalog.regexp_replace(v_text, '\D', '', 'g');
    -- A national number ("0532…") is the international one without its country code.
    v_digits := case when pg_catalog.length(v_digits) >= 3 then pg_catalog.ltrim(v_digits, '0') end;
  end if;
  return query
  select c.id, c.channel, c.contact, c.status, c.handoff_reason, c.unread_count, c.last_message_at, c.customer_id,
         cu.name, cu.phone_number, m.author, m.content
    from public.conversations c
    left join public.customers cu on cu.id = c.customer_id and not cu._deleted
    left join lateral (
      select m.author, m.content from public.chatbot_messages m
       where m.conversation_id = c.id and m.delivery = 'sent'
       order by m.created_at desc, m.id desc limit 1
    ) m on true
   where c.user_id = v_uid
     and (p_customer is null or c.customer_id = p_customer)
     and case coalesce(p_filter, 'all')
           when 'needs_you' then c.status in ('needs_human', 'human')
           when 'assistant' then c.status = 'bot'
           when 'resolved' then c.status = 'resolved'
           else true end
     and (p_before is null or (c.last_message_at, c.id) < (p_before, coalesce(p_before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)))
     and (v_text is null
          or public.search_fold(coalesce(cu.name, '')) like v_like
          or (v_digits is not null and (pg_catalog.regexp_replace(coalesce(cu.phone_number, c.contact, ''), '\D', '', 'g') like '%' || v_digits || '%'))
          or exists (select 1 from public.chatbot_messages t
                      where t.conversation_id = c.id and public.search_fold(t.content) like v_like))
   order by c.last_message_at desc, c.id desc
   limit least(greatest(coalesce(p_limit, 50), 1), 100);
end
$$;

-- The navigation's badge: conversations waiting for the owner.
create function public.inbox_waiting_count() returns integer
language sql
stable
security invoker
set search_path = ''
as $$
  select count(*)::integer from public.conversations c where c.user_id = (select auth.uid()) and c.status = 'needs_human'
$$;

revoke all on function public.inbox_conversations(text, text, integer, timestamptz, uuid, uuid) from public, anon;
revoke all on function public.inbox_waiting_count() from public, anon;
grant execute on function public.inbox_conversations(text, text, integer, timestamptz, uuid, uuid), public.inbox_waiting_count() to authenticated;

-- An SMS to the owner's verified phone when a conversation is handed off:
-- the owner's choice, off unless they turn it on (the inbox), at most
-- HANDOFF_SMS_PER_DAY a day (_shared/handoff-sms.ts, through the rate limiter).
alter table public.business_profiles add column handoff_sms boolean not null default false;
