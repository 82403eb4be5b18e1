-- One customer message to the assistant in fewer round trips.
--
-- Each call a function makes to the database is a network round trip on
-- hosted Supabase (and an HTTP request into the data API on the local stack);
-- a widget message made eight. These two functions fold the ones that always
-- go together, with the same rules as before:
--
--   chatbot_context        the owner's chatbot configuration, business name
--                          and the conversation's last turns, read together
--                          (was three reads, plus one for the configuration
--                          chatbot-api checks first);
--   admit_chatbot_message  the per-minute limits, then one message charged to
--                          the allowance, in one transaction (was two calls).
--
-- Both are the service role's alone, like what they replace.

-- Everything an answer reads about the owner before it looks at the catalogue:
--   config         the chatbot_configs fields the endpoint checks and the
--                  responder uses, or null when the owner never saved it;
--   business_name  the profile's, or null (also when there is no such owner);
--   history        the conversation's last p_history_turns turns, oldest
--                  first ([] when p_conversation_id is null).
-- Both turns of an exchange share one created_at (one insert); 'assistant'
-- sorting before 'user' in the descending read puts the answer after its
-- question once reversed.
create function public.chatbot_context(p_user_id uuid, p_conversation_id text, p_history_turns integer)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
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
    'history', coalesce((
      select pg_catalog.jsonb_agg(
               pg_catalog.jsonb_build_object('role', t.role, 'content', t.content, 'product_ids', t.product_ids)
               order by t.created_at, t.role desc)
        from (select m.role, m.content, m.product_ids, m.created_at
                from public.chatbot_messages m
               where p_conversation_id is not null
                 and m.user_id = p_user_id and m.conversation_id = p_conversation_id
               order by m.created_at desc, m.role asc
               limit greatest(p_history_turns, 0)) t), '[]'::jsonb))
$$;

-- reserve_chatbot_request, and when it lets the request through,
-- consume_chatbot_message, in one transaction. A request the limits refuse is
-- not charged; one they let through counts against them even when the
-- allowance is spent (as when the two were separate calls).
-- Result: reserve_chatbot_request's refusal, or
-- {allowed: true, consumed, error, …} with consume_chatbot_message's fields.
create function public.admit_chatbot_message(
  p_user_id uuid,
  p_conversation_id text,
  p_client_address text,
  p_conversation_limit integer,
  p_address_limit integer
) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_reserved jsonb;
begin
  v_reserved := public.reserve_chatbot_request(p_user_id, p_conversation_id, p_client_address, p_conversation_limit, p_address_limit);
  if not (v_reserved ->> 'allowed')::boolean then
    return v_reserved;
  end if;
  return pg_catalog.jsonb_build_object('allowed', true) || public.consume_chatbot_message(p_user_id);
end
$$;

revoke all on function public.chatbot_context(uuid, text, integer) from public, anon, authenticated;
grant execute on function public.chatbot_context(uuid, text, integer) to service_role;
revoke all on function public.admit_chatbot_message(uuid, text, text, integer, integer) from public, anon, authenticated;
grant execute on function public.admit_chatbot_message(uuid, text, text, integer, integer) to service_role;
