-- The assistant books appointments over several turns (service, day and
-- time, name, phone, a yes): where a booking conversation stands is kept on
-- the assistant's reply that asked the next question, as `booking` (jsonb,
-- _shared/assistant/booking.ts's BookingDraft), and read back with the
-- history. It is the server's: written by store_chatbot_turns only, never
-- taken from a request, and a later booking re-checks everything it holds.
-- An owner reads it with the message (RLS as before).

alter table public.chatbot_messages
  add column booking jsonb check (booking is null or (pg_catalog.jsonb_typeof(booking) = 'object' and pg_catalog.octet_length(booking::text) <= 4096));

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
                   'content', t.content, 'product_ids', t.product_ids, 'kind', t.kind, 'booking', t.booking)
                 order by t.created_at, t.author = 'customer' desc)
          from (select m.author, m.content, m.product_ids, m.kind, m.booking, m.created_at
                  from public.chatbot_messages m
                 where v_conversation is not null
                   and m.conversation_id = v_conversation and m.user_id = p_user_id and m.channel = p_channel
                 order by m.created_at desc, m.author = 'customer' asc
                 limit greatest(p_history_turns, 0)) t), '[]'::jsonb))
  );
end
$$;

drop function public.store_chatbot_turns(uuid, text, uuid, boolean, text, text, text, uuid[], text, text);
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
  p_handoff text,
  p_booking jsonb default null
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
    insert into public.chatbot_messages (user_id, channel, conversation_id, author, content, product_ids, kind, booking, created_at)
    values (p_user_id, p_channel, v_id, 'assistant', p_answer, coalesce(p_product_ids, '{}'), p_kind, p_booking, pg_catalog.now() + interval '1 millisecond');
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

revoke all on function public.chatbot_context(uuid, text, uuid, text, integer) from public, anon, authenticated;
revoke all on function public.store_chatbot_turns(uuid, text, uuid, boolean, text, text, text, uuid[], text, text, jsonb) from public, anon, authenticated;
grant execute on function public.chatbot_context(uuid, text, uuid, text, integer),
  public.store_chatbot_turns(uuid, text, uuid, boolean, text, text, text, uuid[], text, text, jsonb) to service_role;
