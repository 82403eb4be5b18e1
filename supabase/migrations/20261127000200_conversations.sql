-- Conversations the server issues, and the widget's and WhatsApp's limits on
-- the one rate limiter (20261127000100).
--
-- Before: a widget call could name any conversation id, WhatsApp threads
-- were stored under the sender's phone digits, and the history was read by
-- owner and id alone, so anyone who knew a customer's number could read the
-- assistant's answers to them through the widget and write into their
-- thread.
--
-- Invariants:
--   * A conversation id is a random uuid (122 random bits) the server chose,
--     bound to one owner and one channel (chatbot_conversations). A message
--     names its conversation together with its owner and channel, and a
--     composite foreign key holds the three to the conversation's, so no
--     turn can be stored in another owner's or another channel's thread.
--   * A WhatsApp sender has one conversation per owner, found by wa_id,
--     never by an id a caller presents.
--   * The history is read by owner, channel and conversation together.
--   * Existing threads become issued conversations with new ids (a widget
--     that kept an old id starts a new conversation; nothing is lost).
--   * The widget's admission (rate limits, then one message charged) stays
--     one transaction; its limits are the caller's (rate-limits.ts).

-- Tables ---------------------------------------------------------------------

create table public.chatbot_conversations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  channel text not null check (channel in ('widget', 'whatsapp')),
  -- The WhatsApp sender (international digits); null on the widget.
  wa_id text check (wa_id ~ '^\+?[0-9]{6,20}$'),
  created_at timestamptz not null default now(),
  unique (id, user_id, channel),
  check (channel = 'whatsapp' or wa_id is null)
);
create unique index chatbot_conversations_whatsapp_idx on public.chatbot_conversations (user_id, wa_id)
  where channel = 'whatsapp';
create index chatbot_conversations_user_created_idx on public.chatbot_conversations (user_id, created_at desc);

-- Every stored thread becomes a conversation with an id of the server's.
-- Messages stored without a thread keep one conversation per owner and channel.
create temporary table issued_conversations as
select m.user_id, m.channel, m.conversation_id as old_id, pg_catalog.gen_random_uuid() as id, min(m.created_at) as created_at
  from public.chatbot_messages m
 group by m.user_id, m.channel, m.conversation_id;

insert into public.chatbot_conversations (id, user_id, channel, wa_id, created_at)
select i.id, i.user_id, i.channel,
       case when i.channel = 'whatsapp' and i.old_id ~ '^\+?[0-9]{6,20}$' then i.old_id end,
       i.created_at
  from issued_conversations i;

alter table public.chatbot_messages add column conversation uuid;
update public.chatbot_messages m
   set conversation = i.id
  from issued_conversations i
 where i.user_id = m.user_id and i.channel = m.channel and i.old_id is not distinct from m.conversation_id;

drop index public.chatbot_messages_conversation_idx;
alter table public.chatbot_messages drop column conversation_id;
alter table public.chatbot_messages rename column conversation to conversation_id;
alter table public.chatbot_messages alter column conversation_id set not null;
drop table issued_conversations;
alter table public.chatbot_messages
  add constraint chatbot_messages_conversation_fkey foreign key (conversation_id, user_id, channel)
  references public.chatbot_conversations (id, user_id, channel) on delete cascade;
create index chatbot_messages_conversation_idx on public.chatbot_messages (conversation_id, created_at desc);

-- The widget's old request log: its limits are rate_limit_hits now.
drop function public.admit_chatbot_message(uuid, text, text, integer, integer);
drop function public.reserve_chatbot_request(uuid, text, text, integer, integer);
drop table public.chatbot_api_requests;

-- A WhatsApp message the sender's limits refused gets no reply and costs nothing.
alter table public.whatsapp_inbound_messages drop constraint whatsapp_inbound_messages_status_check;
alter table public.whatsapp_inbound_messages add constraint whatsapp_inbound_messages_status_check
  check (status in ('processing', 'answered', 'no_credits', 'window_closed', 'send_failed', 'ignored', 'rate_limited'));
-- Whether the message's credit was taken and given back: a refund happens
-- once, whichever path of the function asks for it and however often.
alter table public.whatsapp_inbound_messages add column credit text not null default 'none'
  check (credit in ('none', 'charged', 'refunded'));

-- Functions --------------------------------------------------------------------

-- What every widget and WhatsApp message starts with, in one read: the
-- owner's configuration, business name and daily message limit (which
-- bounds one client address's share of the day), and the conversation, when
-- one was issued for this owner and channel (the widget names it by id,
-- WhatsApp by the sender), with its last p_history_turns turns.
-- Result: {config, business_name, daily_message_limit, conversation_id: uuid | null, history: [...]}.
drop function public.chatbot_context(uuid, text, integer);
create function public.chatbot_context(
  p_user_id uuid,
  p_channel text,
  p_conversation_id uuid,
  p_wa_id text,
  p_history_turns integer
) returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_conversation uuid;
begin
  if p_channel = 'whatsapp' then
    select c.id into v_conversation from public.chatbot_conversations c
     where c.user_id = p_user_id and c.channel = 'whatsapp' and c.wa_id = p_wa_id;
  elsif p_conversation_id is not null then
    select c.id into v_conversation from public.chatbot_conversations c
     where c.id = p_conversation_id and c.user_id = p_user_id and c.channel = p_channel;
  end if;
  return (
    select pg_catalog.jsonb_build_object(
      'config', (
        select pg_catalog.jsonb_build_object(
          'enabled', c.enabled,
          'website_url', c.website_url,
          'allowed_domains', c.allowed_domains,
          'bot_name', c.bot_name,
          'openai_model', c.openai_model,
          'temperature', c.temperature,
          'max_tokens', c.max_tokens,
          'system_prompt', c.system_prompt)
          from public.chatbot_configs c where c.user_id = p_user_id),
      'business_name', (select u.business_name from public.users u where u.id = p_user_id),
      'daily_message_limit', (select l.daily_message_limit from public.api_usage_limits l where l.user_id = p_user_id),
      'conversation_id', v_conversation,
      'history', coalesce((
        select pg_catalog.jsonb_agg(
                 pg_catalog.jsonb_build_object('role', t.role, 'content', t.content, 'product_ids', t.product_ids)
                 order by t.created_at, t.role desc)
          from (select m.role, m.content, m.product_ids, m.created_at
                  from public.chatbot_messages m
                 where v_conversation is not null
                   and m.conversation_id = v_conversation and m.user_id = p_user_id and m.channel = p_channel
                 order by m.created_at desc, m.role asc
                 limit greatest(p_history_turns, 0)) t), '[]'::jsonb))
  );
end
$$;

-- Stores a question and its answer in one statement, so a conversation never
-- holds a question without its answer. A new conversation (p_new) is
-- created with the id the caller drew; a WhatsApp sender's conversation is
-- theirs alone, so a second first message of the same sender joins the
-- one created meanwhile. Returns the conversation's id.
create function public.store_chatbot_turns(
  p_user_id uuid,
  p_channel text,
  p_conversation_id uuid,
  p_new boolean,
  p_wa_id text,
  p_question text,
  p_answer text,
  p_product_ids uuid[]
) returns uuid
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_id uuid := p_conversation_id;
begin
  if p_new then
    if p_channel = 'whatsapp' then
      insert into public.chatbot_conversations (id, user_id, channel, wa_id)
      values (p_conversation_id, p_user_id, 'whatsapp', p_wa_id)
      on conflict (user_id, wa_id) where channel = 'whatsapp' do nothing;
      if not found then
        select c.id into strict v_id from public.chatbot_conversations c
         where c.user_id = p_user_id and c.channel = 'whatsapp' and c.wa_id = p_wa_id;
      end if;
    else
      insert into public.chatbot_conversations (id, user_id, channel) values (p_conversation_id, p_user_id, p_channel);
    end if;
  end if;
  insert into public.chatbot_messages (user_id, channel, conversation_id, role, content, product_ids)
  values (p_user_id, p_channel, v_id, 'user', p_question, '{}'),
         (p_user_id, p_channel, v_id, 'assistant', p_answer, coalesce(p_product_ids, '{}'));
  return v_id;
end
$$;

-- The widget's admission: the rate limits (take_rate_limits with the
-- caller's list) and, when they let the message through, one message
-- charged to the owner's allowance, in one transaction. A request the limits
-- refuse is not charged; one they let through counts against them even when
-- the allowance is spent.
-- Result: take_rate_limits' refusal, or {allowed: true, consumed, error, …}
-- with consume_chatbot_message's fields.
create function public.admit_chatbot_message(p_user_id uuid, p_limits jsonb) returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_taken jsonb;
begin
  v_taken := public.take_rate_limits(p_limits);
  if not (v_taken ->> 'allowed')::boolean then
    return v_taken;
  end if;
  return pg_catalog.jsonb_build_object('allowed', true) || public.consume_chatbot_message(p_user_id);
end
$$;

-- A WhatsApp message's credit: taken once for a claimed message, and given
-- back at most once. Result of the charge: consume_credit's.
create function public.charge_whatsapp_message(p_id uuid) returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_message public.whatsapp_inbound_messages;
  v_result jsonb;
begin
  select * into v_message from public.whatsapp_inbound_messages m where m.id = p_id for update;
  if not found or v_message.credit <> 'none' then
    raise exception 'charge_whatsapp_message: message % is unknown or was charged before', p_id using errcode = '22023';
  end if;
  v_result := public.consume_credit(v_message.user_id);
  if (v_result ->> 'consumed')::boolean then
    update public.whatsapp_inbound_messages set credit = 'charged' where id = p_id;
  end if;
  return v_result;
end
$$;

-- Returns whether this call gave the credit back (false when it was never
-- taken or was already given back).
create function public.refund_whatsapp_message(p_id uuid) returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_user uuid;
begin
  update public.whatsapp_inbound_messages m set credit = 'refunded'
   where m.id = p_id and m.credit = 'charged'
  returning m.user_id into v_user;
  if v_user is null then
    return false;
  end if;
  perform public.refund_credit(v_user);
  return true;
end
$$;

-- A claim the function could not finish is forgotten so a redelivery
-- retries, and its credit, if one was taken and not yet given back, is given
-- back in the same transaction: a retry starts from nothing charged.
create or replace function public.release_whatsapp_message(p_id uuid) returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform public.refund_whatsapp_message(p_id);
  delete from public.whatsapp_inbound_messages where id = p_id and status = 'processing';
end
$$;

-- How much of the owner's last day a few client addresses used: the
-- messages the widget let through from each address (its /64 for IPv6),
-- the three busiest, without the addresses themselves. For the usage tab.
-- Result: {total, top: [count, …]} over the last 24 hours.
create function public.get_chatbot_address_usage() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_prefix text := 'chatbot:address-day:' || v_uid::text || ':';
  v_total bigint;
  v_top jsonb;
begin
  with per_address as (
    select count(*) as n
      from public.rate_limit_hits h
     where h.rate_key like v_prefix || '%' and h.window_seconds = 86400
       and h.at > pg_catalog.now() - interval '1 day'
     group by h.rate_key
  )
  select coalesce(sum(p.n), 0),
         coalesce((select pg_catalog.jsonb_agg(t.n order by t.n desc)
                     from (select q.n from per_address q order by q.n desc limit 3) t), '[]'::jsonb)
    into v_total, v_top
    from per_address p;
  return pg_catalog.jsonb_build_object('total', v_total, 'top', v_top);
end
$$;

-- RLS ------------------------------------------------------------------------

alter table public.chatbot_conversations enable row level security;
create policy "chatbot_conversations: owner reads" on public.chatbot_conversations
  for select to authenticated
  using (user_id = (select auth.uid()));

-- Grants -----------------------------------------------------------------------

revoke all on table public.chatbot_conversations from anon, authenticated;
grant all on table public.chatbot_conversations to service_role;
grant select on table public.chatbot_conversations to authenticated;

revoke all on function public.chatbot_context(uuid, text, uuid, text, integer) from public, anon, authenticated;
revoke all on function public.store_chatbot_turns(uuid, text, uuid, boolean, text, text, text, uuid[]) from public, anon, authenticated;
revoke all on function public.admit_chatbot_message(uuid, jsonb) from public, anon, authenticated;
revoke all on function public.charge_whatsapp_message(uuid) from public, anon, authenticated;
revoke all on function public.refund_whatsapp_message(uuid) from public, anon, authenticated;
revoke all on function public.get_chatbot_address_usage() from public, anon;
grant execute on function public.chatbot_context(uuid, text, uuid, text, integer),
  public.store_chatbot_turns(uuid, text, uuid, boolean, text, text, text, uuid[]),
  public.admit_chatbot_message(uuid, jsonb),
  public.charge_whatsapp_message(uuid),
  public.refund_whatsapp_message(uuid) to service_role;
grant execute on function public.get_chatbot_address_usage() to authenticated, service_role;
