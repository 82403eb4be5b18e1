-- The owner's inbox: conversations as records with a status, and a person
-- who can take a conversation over from the assistant.
--
-- chatbot_conversations (20261127000200) becomes public.conversations, and
-- its wa_id the channel-neutral `contact`. A conversation now has:
--   * status: 'bot' (the assistant answers), 'needs_human' (handed off,
--     waiting for the owner), 'human' (the owner has it) or 'resolved';
--   * handoff_reason: why it left the assistant ('asked' for a person,
--     'complaint', 'not_known' twice in a row, or 'owner' who took it over);
--   * unread_count: the customer's messages since the owner last read it;
--   * last_message_at, for the inbox's order, and customer_id, the owner's
--     customer it is about (a WhatsApp number is linked to the customer with
--     that number automatically).
-- Messages carry an author: 'customer', 'assistant' or 'owner' (was role
-- 'user'/'assistant'), and an assistant's reply the kind of question it
-- answered, so "did not know twice in a row" is read from the thread.
--
-- Invariants:
--   * Only the server writes messages and creates conversations. The owner
--     reads their own conversations and messages, and may change only a
--     conversation's status (to 'bot', 'human' or 'resolved') and customer
--     (one of their own customers), and set unread_count back to 0.
--   * While a conversation is 'needs_human' or 'human' the assistant does not
--     answer: store_chatbot_turns stores the customer's message alone, and
--     says so, even when the status changed after the caller read it.
--   * A 'resolved' conversation goes back to 'bot' when the customer writes.

-- Tables -----------------------------------------------------------------------

alter table public.chatbot_conversations rename to conversations;
alter table public.conversations rename column wa_id to contact;
alter index public.chatbot_conversations_whatsapp_idx rename to conversations_contact_idx;
alter index public.chatbot_conversations_user_created_idx rename to conversations_user_created_idx;
alter policy "chatbot_conversations: owner reads" on public.conversations rename to "conversations: owner reads";

-- A conversation's customer is one of the same owner's customers.
alter table public.customers add constraint customers_id_user_key unique (id, user_id);

alter table public.conversations
  add column customer_id uuid,
  add column status text not null default 'bot' check (status in ('bot', 'needs_human', 'human', 'resolved')),
  add column handoff_reason text check (handoff_reason in ('asked', 'complaint', 'not_known', 'owner')),
  add column unread_count integer not null default 0 check (unread_count >= 0),
  add column last_message_at timestamptz,
  add column updated_at timestamptz not null default now(),
  add constraint conversations_customer_fkey foreign key (customer_id, user_id)
    references public.customers (id, user_id) on delete set null (customer_id);

update public.conversations c
   set last_message_at = coalesce((select max(m.created_at) from public.chatbot_messages m where m.conversation_id = c.id), c.created_at);
alter table public.conversations alter column last_message_at set not null, alter column last_message_at set default now();

-- Existing WhatsApp threads join the customer with the sender's number.
update public.conversations c
   set customer_id = (select cu.id from public.customers cu
                       where cu.user_id = c.user_id and cu.phone_number = '+' || pg_catalog.ltrim(c.contact, '+') and not cu._deleted
                       order by cu.created_at limit 1)
 where c.channel = 'whatsapp';

-- The inbox lists an owner's conversations newest first, and counts those waiting for them.
create index conversations_inbox_idx on public.conversations (user_id, last_message_at desc, id);
create index conversations_waiting_idx on public.conversations (user_id) where status = 'needs_human';
create index conversations_customer_idx on public.conversations (customer_id) where customer_id is not null;

alter table public.chatbot_messages add column author text;
update public.chatbot_messages set author = case role when 'user' then 'customer' else 'assistant' end;
alter table public.chatbot_messages
  alter column author set not null,
  add constraint chatbot_messages_author_check check (author in ('customer', 'assistant', 'owner')),
  drop column role,
  -- The kind of question an assistant's reply answered (the responder's reading); null on other messages.
  add column kind text check (char_length(kind) <= 40),
  -- An owner's WhatsApp reply is 'sending' until the Cloud API took it; every other message is there once stored.
  add column delivery text not null default 'sent' check (delivery in ('sending', 'sent'));

-- A WhatsApp message a person's conversation holds for the owner: stored, not answered, not charged.
alter table public.whatsapp_inbound_messages drop constraint whatsapp_inbound_messages_status_check;
alter table public.whatsapp_inbound_messages add constraint whatsapp_inbound_messages_status_check
  check (status in ('processing', 'answered', 'no_credits', 'window_closed', 'send_failed', 'ignored', 'rate_limited', 'held'));

create trigger conversations_set_updated_at
  before update on public.conversations
  for each row execute function public.set_updated_at();

-- What the owner may change through the data API, decided with the caller's
-- rights (see protect_user_columns, 20261122000100): a signed-in caller
-- changes status among 'bot', 'human' and 'resolved' and resets the unread
-- count; taking a conversation over records why.
create function public.guard_conversation_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user <> 'authenticated' then
    return new;
  end if;
  if new.unread_count <> old.unread_count and new.unread_count <> 0 then
    raise exception 'unread_count can only be reset to 0' using errcode = '23514', constraint = 'conversations_unread_reset';
  end if;
  if new.status is distinct from old.status then
    if new.status = 'needs_human' then
      raise exception 'a conversation is handed off by the assistant' using errcode = '23514', constraint = 'conversations_owner_status';
    end if;
    new.handoff_reason := case
      when new.status = 'human' and old.status <> 'needs_human' then 'owner'
      when new.status = 'human' then old.handoff_reason
    end;
  end if;
  return new;
end
$$;

create trigger conversations_guard_update
  before update on public.conversations
  for each row execute function public.guard_conversation_update();

-- Functions --------------------------------------------------------------------

-- chatbot_context (20261128000100) with the conversation's status, and the
-- history by author: the owner's messages are the business speaking, as the
-- assistant's are, and an assistant turn carries its kind.
drop function public.chatbot_context(uuid, text, uuid, text, integer);
create function public.chatbot_context(
  p_user_id uuid,
  p_channel text,
  p_conversation_id uuid,
  p_contact text,
  p_history_turns integer
) returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_conversation uuid;
  v_status text;
begin
  if p_channel = 'whatsapp' then
    select c.id, c.status into v_conversation, v_status from public.conversations c
     where c.user_id = p_user_id and c.channel = 'whatsapp' and c.contact = p_contact;
  elsif p_conversation_id is not null then
    select c.id, c.status into v_conversation, v_status from public.conversations c
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
      'profile', (
        select pg_catalog.jsonb_build_object(
          'address', b.address,
          'maps_url', b.maps_url,
          'contact_phone', b.contact_phone,
          'contact_email', b.contact_email,
          'opening_hours', b.opening_hours,
          'time_zone', b.time_zone,
          'shipping_info', b.shipping_info,
          'returns_info', b.returns_info,
          'payment_info', b.payment_info,
          'ordering_info', b.ordering_info,
          'has_faq', exists (select 1 from public.faq_entries f where f.user_id = p_user_id))
          from public.business_profiles b where b.user_id = p_user_id),
      'daily_message_limit', (select l.daily_message_limit from public.api_usage_limits l where l.user_id = p_user_id),
      'conversation_id', v_conversation,
      'status', v_status,
      'history', coalesce((
        select pg_catalog.jsonb_agg(
                 pg_catalog.jsonb_build_object(
                   'role', case t.author when 'customer' then 'user' else 'assistant' end,
                   'content', t.content, 'product_ids', t.product_ids, 'kind', t.kind)
                 order by t.created_at, t.author = 'customer' desc)
          from (select m.author, m.content, m.product_ids, m.kind, m.created_at
                  from public.chatbot_messages m
                 where v_conversation is not null
                   and m.conversation_id = v_conversation and m.user_id = p_user_id and m.channel = p_channel
                 order by m.created_at desc, m.author = 'customer' asc
                 limit greatest(p_history_turns, 0)) t), '[]'::jsonb))
  );
end
$$;

-- Stores a customer's message and the assistant's reply in one transaction,
-- so a conversation never holds a question without its answer, and keeps the
-- conversation's record: its status, the unread count, the last message's
-- time and (WhatsApp) the customer with the sender's number.
--
-- A new conversation (p_new) is created with the id the caller drew; a
-- WhatsApp sender's conversation is theirs alone, so a second first message
-- of the same sender joins the one created meanwhile. p_answer null stores
-- the customer's message alone (the caller knew a person has the
-- conversation). A conversation a person has ('needs_human', 'human') takes
-- the customer's message alone whatever the caller passed: the assistant's
-- reply is not stored, and the result says so. p_handoff (a reason) hands
-- the conversation to a person with this reply. A 'resolved' conversation
-- goes back to 'bot'.
-- Result: {conversation_id, status, answered: whether the reply was stored}.
drop function public.store_chatbot_turns(uuid, text, uuid, boolean, text, text, text, uuid[]);
create function public.store_chatbot_turns(
  p_user_id uuid,
  p_channel text,
  p_conversation_id uuid,
  p_new boolean,
  p_contact text,
  p_question text,
  p_answer text,
  p_product_ids uuid[],
  p_kind text,
  p_handoff text
) returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_id uuid := p_conversation_id;
  v_conversation public.conversations;
  v_answered boolean;
begin
  if p_new then
    if p_channel = 'whatsapp' then
      insert into public.conversations (id, user_id, channel, contact)
      values (p_conversation_id, p_user_id, 'whatsapp', p_contact)
      on conflict (user_id, contact) where channel = 'whatsapp' do nothing;
      if not found then
        select c.id into strict v_id from public.conversations c
         where c.user_id = p_user_id and c.channel = 'whatsapp' and c.contact = p_contact;
      end if;
    else
      insert into public.conversations (id, user_id, channel) values (p_conversation_id, p_user_id, p_channel);
    end if;
  end if;
  select * into strict v_conversation from public.conversations c
   where c.id = v_id and c.user_id = p_user_id and c.channel = p_channel
   for update;

  v_answered := p_answer is not null and v_conversation.status not in ('needs_human', 'human');
  insert into public.chatbot_messages (user_id, channel, conversation_id, author, content, product_ids)
  values (p_user_id, p_channel, v_id, 'customer', p_question, '{}');
  if v_answered then
    -- A moment after the question (now() is the transaction's): every reader orders the answer after it.
    insert into public.chatbot_messages (user_id, channel, conversation_id, author, content, product_ids, kind, created_at)
    values (p_user_id, p_channel, v_id, 'assistant', p_answer, coalesce(p_product_ids, '{}'), p_kind, pg_catalog.now() + interval '1 millisecond');
  end if;

  update public.conversations c
     set status = case
           when v_answered and p_handoff is not null then 'needs_human'
           when c.status = 'resolved' then 'bot'
           else c.status end,
         handoff_reason = case
           when v_answered and p_handoff is not null then p_handoff
           when c.status = 'resolved' then null
           else c.handoff_reason end,
         unread_count = c.unread_count + 1,
         last_message_at = pg_catalog.now(),
         customer_id = coalesce(c.customer_id, case when c.channel = 'whatsapp' then
           (select cu.id from public.customers cu
             where cu.user_id = p_user_id and cu.phone_number = '+' || pg_catalog.ltrim(c.contact, '+') and not cu._deleted
             order by cu.created_at limit 1) end)
   where c.id = v_id
  returning * into v_conversation;

  return pg_catalog.jsonb_build_object('conversation_id', v_id, 'status', v_conversation.status, 'answered', v_answered);
end
$$;

-- The owner's reply (conversation-reply), in two steps around the delivery.
--
-- reserve_owner_reply, under the conversation's lock: refuses another
-- owner's conversation, and on WhatsApp a closed window (p_window_seconds
-- since the customer's last message) and an empty balance; takes the credit a
-- WhatsApp reply costs; stores the message (its id the caller's, so a
-- repeated request is recognised and sends nothing twice) and gives the
-- conversation to the owner, read. A widget reply is delivered once stored:
-- the widget fetches it. A WhatsApp reply is 'sending' until
-- finish_owner_reply says whether it went out; one that did not is removed
-- and its credit given back, so the owner can send it again.
-- Result: {error} or {id, created_at, channel, contact, delivery, repeated}.
create function public.reserve_owner_reply(
  p_user_id uuid,
  p_conversation_id uuid,
  p_message_id uuid,
  p_message text,
  p_window_seconds integer
) returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_conversation public.conversations;
  v_message public.chatbot_messages;
  v_last_customer timestamptz;
  v_charge jsonb;
begin
  select * into v_conversation from public.conversations c
   where c.id = p_conversation_id and c.user_id = p_user_id
   for update;
  if not found then
    return pg_catalog.jsonb_build_object('error', 'conversation_not_found');
  end if;
  select * into v_message from public.chatbot_messages m where m.id = p_message_id;
  if found then
    if v_message.conversation_id <> p_conversation_id or v_message.author <> 'owner' then
      return pg_catalog.jsonb_build_object('error', 'invalid_request');
    end if;
    return pg_catalog.jsonb_build_object('id', v_message.id, 'created_at', v_message.created_at, 'channel', v_conversation.channel,
      'contact', v_conversation.contact, 'delivery', v_message.delivery, 'repeated', true);
  end if;
  if v_conversation.channel = 'whatsapp' then
    select max(m.created_at) into v_last_customer from public.chatbot_messages m
     where m.conversation_id = p_conversation_id and m.author = 'customer';
    if v_last_customer is null or v_last_customer < pg_catalog.now() - pg_catalog.make_interval(secs => p_window_seconds) then
      return pg_catalog.jsonb_build_object('error', 'window_closed');
    end if;
    v_charge := public.consume_credit(p_user_id);
    if not (v_charge ->> 'consumed')::boolean then
      return pg_catalog.jsonb_build_object('error', 'insufficient_credits');
    end if;
  end if;
  insert into public.chatbot_messages (id, user_id, channel, conversation_id, author, content, product_ids, delivery)
  values (p_message_id, p_user_id, v_conversation.channel, p_conversation_id, 'owner', p_message, '{}',
          case v_conversation.channel when 'whatsapp' then 'sending' else 'sent' end)
  returning * into v_message;
  update public.conversations c
     set status = 'human',
         handoff_reason = case when c.status in ('needs_human', 'human') then c.handoff_reason else 'owner' end,
         unread_count = 0,
         last_message_at = pg_catalog.now()
   where c.id = p_conversation_id;
  return pg_catalog.jsonb_build_object('id', v_message.id, 'created_at', v_message.created_at, 'channel', v_conversation.channel,
    'contact', v_conversation.contact, 'delivery', v_message.delivery, 'repeated', false);
end
$$;

-- Whether a reserved WhatsApp reply went out. Returns whether this call settled it.
create function public.finish_owner_reply(p_message_id uuid, p_sent boolean) returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_user uuid;
begin
  if p_sent then
    update public.chatbot_messages m set delivery = 'sent' where m.id = p_message_id and m.delivery = 'sending' returning m.user_id into v_user;
  else
    delete from public.chatbot_messages m where m.id = p_message_id and m.delivery = 'sending' returning m.user_id into v_user;
    if v_user is not null then
      perform public.refund_credit(v_user);
    end if;
  end if;
  return v_user is not null;
end
$$;

-- Realtime: the inbox hears new messages and status changes as they happen
-- (delivered only to a subscriber whose RLS lets them read the row).
do $$
declare
  t text;
begin
  foreach t in array array['conversations', 'chatbot_messages'] loop
    if not exists (
      select 1 from pg_catalog.pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = t
    ) then
      execute pg_catalog.format('alter publication supabase_realtime add table public.%I', t);
    end if;
  end loop;
end
$$;

-- Grants -----------------------------------------------------------------------

revoke all on table public.conversations from anon, authenticated;
grant all on table public.conversations to service_role;
grant select on table public.conversations to authenticated;
grant update (status, customer_id, unread_count) on table public.conversations to authenticated;

create policy "conversations: owner updates" on public.conversations
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

revoke all on function public.chatbot_context(uuid, text, uuid, text, integer) from public, anon, authenticated;
revoke all on function public.store_chatbot_turns(uuid, text, uuid, boolean, text, text, text, uuid[], text, text) from public, anon, authenticated;
revoke all on function public.reserve_owner_reply(uuid, uuid, uuid, text, integer) from public, anon, authenticated;
revoke all on function public.finish_owner_reply(uuid, boolean) from public, anon, authenticated;
revoke all on function public.guard_conversation_update() from public, anon, authenticated;
grant execute on function public.chatbot_context(uuid, text, uuid, text, integer),
  public.store_chatbot_turns(uuid, text, uuid, boolean, text, text, text, uuid[], text, text),
  public.reserve_owner_reply(uuid, uuid, uuid, text, integer),
  public.finish_owner_reply(uuid, boolean) to service_role;
