-- The website widget fetching its conversation (chatbot-api's
-- GET /conversations/{id}/messages): nothing can push the owner's reply to a
-- page on the owner's site, so the open widget asks for what is new.
--
-- Invariants:
--   * A conversation is read by its owner, the widget channel and its id
--     together: the id the server issued is the visitor's capability, and
--     another owner's, a WhatsApp conversation's or a made-up id finds
--     nothing.
--   * A poll takes its rate limits (the caller's, rate-limits.ts) before it
--     reads any message, in the same transaction, and charges nothing.
--   * Only messages that are there for the customer are read: never an
--     owner's WhatsApp reply still 'sending'.
--   * Messages are ordered by (created_at, id): a customer's message and the
--     reply stored with it share one created_at, and a cursor needs one order.

-- Functions --------------------------------------------------------------------

-- What a poll is decided on before its limits, in one read: the owner's
-- widget settings (the caller checks enabled and the page's origin) and
-- whether the id is one of the owner's widget conversations.
-- Result: {config: {enabled, website_url, allowed_domains} | null, found}.
create function public.widget_conversation(p_user_id uuid, p_conversation_id uuid) returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'config', (
      select pg_catalog.jsonb_build_object('enabled', c.enabled, 'website_url', c.website_url, 'allowed_domains', c.allowed_domains)
        from public.chatbot_configs c where c.user_id = p_user_id),
    'found', exists (
      select 1 from public.conversations v
       where v.id = p_conversation_id and v.user_id = p_user_id and v.channel = 'widget'))
$$;

-- The poll: p_limits taken with take_rate_limits, then the conversation's
-- status and at most p_limit of its messages, oldest first. Without p_after,
-- the latest ones; with p_after (a message of this conversation), the first
-- ones after it, so a long gap is read page by page and nothing is skipped.
-- A p_after that is not a message of this conversation reads as none.
-- Result: take_rate_limits' refusal, or {allowed: true, found: false}, or
-- {allowed: true, found: true, status, messages: [{id, author, text, createdAt}]}.
create function public.widget_messages(
  p_user_id uuid,
  p_conversation_id uuid,
  p_after uuid,
  p_limit integer,
  p_limits jsonb
) returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_taken jsonb;
  v_status text;
  v_after public.chatbot_messages;
  v_messages jsonb;
begin
  v_taken := public.take_rate_limits(p_limits);
  if not (v_taken ->> 'allowed')::boolean then
    return v_taken;
  end if;
  select c.status into v_status from public.conversations c
   where c.id = p_conversation_id and c.user_id = p_user_id and c.channel = 'widget';
  if not found then
    return pg_catalog.jsonb_build_object('allowed', true, 'found', false);
  end if;
  if p_after is not null then
    select * into v_after from public.chatbot_messages m
     where m.id = p_after and m.conversation_id = p_conversation_id and m.user_id = p_user_id and m.channel = 'widget';
  end if;

  if v_after.id is null then
    select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('id', t.id, 'author', t.author, 'text', t.content, 'createdAt', t.created_at)
                                order by t.created_at, t.id)
      into v_messages
      from (select m.id, m.author, m.content, m.created_at from public.chatbot_messages m
             where m.conversation_id = p_conversation_id and m.user_id = p_user_id and m.channel = 'widget' and m.delivery = 'sent'
             order by m.created_at desc, m.id desc
             limit greatest(p_limit, 0)) t;
  else
    select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('id', t.id, 'author', t.author, 'text', t.content, 'createdAt', t.created_at)
                                order by t.created_at, t.id)
      into v_messages
      from (select m.id, m.author, m.content, m.created_at from public.chatbot_messages m
             where m.conversation_id = p_conversation_id and m.user_id = p_user_id and m.channel = 'widget' and m.delivery = 'sent'
               and (m.created_at, m.id) > (v_after.created_at, v_after.id)
             order by m.created_at, m.id
             limit greatest(p_limit, 0)) t;
  end if;

  return pg_catalog.jsonb_build_object('allowed', true, 'found', true, 'status', v_status, 'messages', coalesce(v_messages, '[]'::jsonb));
end
$$;

-- Grants -----------------------------------------------------------------------

revoke all on function public.widget_conversation(uuid, uuid) from public, anon, authenticated;
revoke all on function public.widget_messages(uuid, uuid, uuid, integer, jsonb) from public, anon, authenticated;
grant execute on function public.widget_conversation(uuid, uuid),
  public.widget_messages(uuid, uuid, uuid, integer, jsonb) to service_role;
