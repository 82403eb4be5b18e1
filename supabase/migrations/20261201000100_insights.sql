-- Insights: what customers ask, what the assistant could not answer.
--
-- Every assistant reply records its outcome (domain/insights.ts's
-- REPLY_OUTCOMES): 'answered', 'unknown' (it said it did not know),
-- 'handoff' (it gave the conversation to a person), 'refused' (off-topic or
-- an injection) or 'booked'; beside the kind and products it already had,
-- the milliseconds the answer took (reply_ms) and the customer's message it
-- answered (question_id, filled in by a trigger whoever inserts the reply).
-- Existing replies become 'answered', or 'unknown' where the reply was the
-- built-in "not found" or "I can't answer that" text.
--
-- A reply that did not know (outcome 'unknown', or a handoff of kind
-- 'not_known': the second "I don't know" in a row) also keeps its
-- question's key (question_key): the question's words folded (case, Turkish
-- letters, accents), the words a question is made of dropped ("mi",
-- "musunuz", "do you"), stemmed, distinct and sorted. Two questions are the
-- same (same_question) when their keys have the same number of words and
-- each word pairs with one of the other's, equal or a typo apart (a letter
-- added, dropped, changed or two swapped; two such from eight letters).
-- get_unanswered_questions groups by it. search_faq reads a question's words
-- through the same list (search_question_terms).
--
-- get_chatbot_insights reads daily rollups (chatbot_daily_stats,
-- chatbot_daily_topics) that a trigger keeps as messages are stored: at
-- 100,000 messages a month, aggregating the messages themselves took 670 ms
-- on PGlite (npm run bench:insights). get_chatbot_insights and
-- get_unanswered_questions run with the caller's rights: the owner for
-- their own id, the server for any. A stranger gets 42501 and an anonymous
-- caller cannot run them. Days are the owner's days, in the profile's time
-- zone.
--
-- A question leaves the unanswered list when an FAQ entry answers it
-- (search_faq scores it at least faq_min_score(), the assistant's own
-- threshold), when the owner has since written the policy text the reply
-- lacked (shipping, returns, payment, ordering, address, contact, hours),
-- or when the owner dismissed it (unanswered_dismissals: asked again after
-- the dismissal, it comes back with the new askings only).
--
-- chatbot_insights_csv gives either as CSV text, made here from the same
-- functions, every cell that a spreadsheet would read as a formula quoted.
--
-- get_chatbot_stats counted stored rows (each answered message is two):
-- it now counts the assistant's replies.

create extension if not exists fuzzystrmatch with schema extensions;

-- Replies ---------------------------------------------------------------------------

alter table public.chatbot_messages
  add column outcome text check (outcome in ('answered', 'unknown', 'handoff', 'refused', 'booked')),
  add column reply_ms integer check (reply_ms is null or reply_ms between 0 and 3600000),
  add column question_id uuid,
  add column question_key text[] check (question_key is null or pg_catalog.cardinality(question_key) <= 40);

-- The words of a question that say what it is about (search_faq's reading): folded, shared
-- words rewritten (search_faq_words), the particles and verbs questions are made of dropped.
create function public.search_question_terms(p_text text) returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(pg_catalog.array_agg(t.w order by t.pos), '{}')
  from (
    select w, min(pos) as pos
    from pg_catalog.regexp_split_to_table(coalesce(public.search_faq_words(public.search_fold(p_text)), ''), '[^a-z0-9]+')
      with ordinality as x(w, pos)
    where pg_catalog.length(w) >= 2
      and w <> all (array[
        -- Turkish: particles, pronouns, and the verbs a question is made of
        'var', 'mi', 'mu', 'misiniz', 'musunuz', 'mudur', 'midir', 'miyim', 'muyum', 'miyiz', 'varmi', 'yok', 'ne', 'nasil',
        'acaba', 'bir', 'bu', 'su', 'ya', 've', 'ile', 'icin', 'da', 'de', 'ki', 'merhaba', 'selam', 'lutfen', 'peki',
        'sizde', 'siz', 'sizin', 'size', 'ben', 'benim', 'bana', 'nedir', 'oluyor', 'olur', 'olurmu', 'olabilir', 'mumkun',
        'yapiyor', 'yapiyormusunuz', 'yapiyorsunuz', 'yapabilir', 'yapabilirmisiniz', 'yapabiliyor', 'yapilir', 'yapilabilir',
        'ediyor', 'ediyormusunuz', 'ediyorsunuz', 'edebilir', 'edebilirmiyim', 'alabilir', 'alabilirmiyim', 'alabiliyor',
        'istiyorum', 'isterim', 'lazim', 'sey', 'hakkinda', 'bilgi', 'soru', 'sormak', 'hala', 'simdi',
        'olarak', 'satiyor', 'satiyorsunuz', 'satiyormusunuz', 'gelip', 'gelsem', 'gidip', 'uzerine', 'aliyor',
        'aliyorsunuz', 'aliyormusunuz', 'veriyor', 'veriyorsunuz', 'veriyormusunuz', 'yapiliyor',
        -- English
        'how', 'do', 'does', 'did', 'you', 'is', 'are', 'the', 'an', 'any', 'what', 'can', 'could', 'would', 'will', 'of',
        'for', 'in', 'to', 'it', 'me', 'my', 'your', 'please', 'hi', 'hello', 'there', 'we', 'have', 'has', 'get', 'about',
        'if', 'this', 'that', 'be', 'offer', 'ok', 'sell', 'up', 'at', 'on', 'or', 'and', 'with', 'from', 'may', 'possible'
      ])
    group by w
  ) t
$$;

-- search_faq (20261128000300) reads its words through search_question_terms: one list of them.
create or replace function public.search_faq(p_user_id uuid, p_query text, p_limit integer default 3)
returns table (id uuid, question text, answer text, score numeric)
language plpgsql
stable
security invoker
set search_path = ''
set pg_trgm.word_similarity_threshold = 0.5
as $$
declare
  v_words text[];
  v_stems text[];
begin
  v_words := public.search_question_terms(p_query);
  select coalesce(pg_catalog.array_agg(public.search_stem(t.w) order by t.pos), '{}') into v_stems
  from pg_catalog.unnest(v_words) with ordinality as t(w, pos);

  if pg_catalog.cardinality(v_words) = 0 then
    return;
  end if;

  -- Planned for this owner on each call (EXECUTE), as search_products is: a
  -- cached generic plan may guess a large owner and scan the table.
  return query execute $q$
  with entries as materialized (
    select f.id, f.question, f.answer, f.created_at,
           public.search_fold(f.question) || ' ' || public.search_faq_words(public.search_fold(f.question)) as q,
           public.search_fold(f.answer) || ' ' || public.search_faq_words(public.search_fold(f.answer)) as a
    from public.faq_entries f
    where f.user_id = $1
  ),
  scored as (
    select e.id, e.question, e.answer, e.created_at, e.q,
           pg_catalog.sum(m.s) as total
    from entries e
    cross join lateral (
      select greatest(public.search_word_score(w.word, w.stem, e.q),
                      case when pg_catalog.length(w.word) >= 5
                            and (' ' || e.q like '% ' || pg_catalog.left(w.word, 5) || '%'
                                 or pg_catalog.replace(e.q, ' ', '') like '%' || w.word || '%')
                           then 0.7 else 0 end,
                      0.5 * public.search_word_score(w.word, w.stem, e.a)) as s
      from unnest($2, $3) as w(word, stem)
      offset 0
    ) m
    group by e.id, e.question, e.answer, e.created_at, e.q
  )
  select s.id, s.question, s.answer,
         pg_catalog.round(s.total / pg_catalog.cardinality($2), 3) as score
  from scored s
  where s.total > 0
  order by s.total desc,
           pg_catalog.array_length(pg_catalog.regexp_split_to_array(pg_catalog.btrim(s.q, ' ?!.,'), '[^a-z0-9]+'), 1),
           s.created_at, s.id
  limit $4
  $q$
  using p_user_id, v_words, v_stems, least(greatest(coalesce(p_limit, 3), 1), 10);
end
$$;

-- A question's key: its terms stemmed, distinct, sorted (word order and endings do not matter).
create function public.question_key(p_text text) returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(pg_catalog.array_agg(distinct public.search_stem(t.w) order by public.search_stem(t.w)), '{}')
  from pg_catalog.unnest(public.search_question_terms(p_text)) as t(w)
$$;

-- Whether two words are one typo apart: a letter added, dropped or changed, or two neighbours
-- swapped ("ucretli", "ucrteli"); from eight letters, two such. Words under four letters never are.
create function public.typo_apart(p_a text, p_b text) returns boolean
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  v_short integer := least(pg_catalog.length(p_a), pg_catalog.length(p_b));
  v_distance integer;
  v_i integer;
begin
  if v_short < 4 then
    return false;
  end if;
  v_distance := extensions.levenshtein(p_a, p_b);
  if v_distance <= 1 or (v_short >= 8 and v_distance <= 2) then
    return true;
  end if;
  if v_distance <> 2 or pg_catalog.length(p_a) <> pg_catalog.length(p_b) then
    return false;
  end if;
  -- Two changes in a word of the same length: a swap of neighbours when they are each other's letters.
  v_i := 1;
  while pg_catalog.substr(p_a, v_i, 1) = pg_catalog.substr(p_b, v_i, 1) loop
    v_i := v_i + 1;
  end loop;
  return pg_catalog.substr(p_a, v_i, 1) = pg_catalog.substr(p_b, v_i + 1, 1)
     and pg_catalog.substr(p_a, v_i + 1, 1) = pg_catalog.substr(p_b, v_i, 1)
     and pg_catalog.substr(p_a, v_i + 2) = pg_catalog.substr(p_b, v_i + 2);
end
$$;

-- Whether two keys are the same question: as many words, each paired with one of the other's,
-- equal or a typo apart (typo_apart).
create function public.same_question(p_a text[], p_b text[]) returns boolean
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  v_left text[] := p_b;
  v_word text;
  v_i integer;
  v_found integer;
begin
  if p_a = p_b then
    return true;
  end if;
  if pg_catalog.cardinality(p_a) <> pg_catalog.cardinality(p_b) or pg_catalog.cardinality(p_a) = 0 then
    return false;
  end if;
  foreach v_word in array p_a loop
    v_found := null;
    for v_i in 1 .. pg_catalog.cardinality(v_left) loop
      if v_left[v_i] = v_word then
        v_found := v_i;
        exit;
      end if;
    end loop;
    if v_found is null then
      for v_i in 1 .. pg_catalog.cardinality(v_left) loop
        if public.typo_apart(v_word, v_left[v_i]) then
          v_found := v_i;
          exit;
        end if;
      end loop;
    end if;
    if v_found is null then
      return false;
    end if;
    v_left := v_left[1 : v_found - 1] || v_left[v_found + 1 : pg_catalog.cardinality(v_left)];
  end loop;
  return true;
end
$$;

-- The share of an FAQ entry's words a question must hold for the assistant to answer with it
-- (supabase/functions/_shared/assistant/builtin.ts FAQ_MIN_SCORE; a test keeps the two equal).
create function public.faq_min_score() returns numeric
language sql
immutable
parallel safe
set search_path = ''
as $$ select 0.6 $$;

-- The reply's question, default outcome and key, whoever inserts it (store_chatbot_turns, the seed, a test).
create function public.chatbot_reply_links() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_question text;
begin
  if new.author <> 'assistant' then
    new.outcome := null;
    new.question_key := null;
    new.question_id := null;
    return new;
  end if;
  new.outcome := coalesce(new.outcome, 'answered');
  if new.question_id is null then
    select m.id into new.question_id from public.chatbot_messages m
     where m.conversation_id = new.conversation_id and m.author = 'customer' and m.created_at <= new.created_at
     order by m.created_at desc
     limit 1;
  end if;
  if new.outcome = 'unknown' or (new.outcome = 'handoff' and new.kind = 'not_known') then
    select m.content into v_question from public.chatbot_messages m where m.id = new.question_id and m.user_id = new.user_id;
    new.question_key := case when v_question is not null then (public.question_key(v_question))[1:40] end;
  else
    new.question_key := null;
  end if;
  return new;
end
$$;

create trigger chatbot_messages_reply_links
  before insert on public.chatbot_messages
  for each row execute function public.chatbot_reply_links();

-- Existing replies: their question, 'unknown' where the reply was the built-in "not found" text.
update public.chatbot_messages r
   set question_id = (select q.id from public.chatbot_messages q
                       where q.conversation_id = r.conversation_id and q.author = 'customer' and q.created_at <= r.created_at
                       order by q.created_at desc limit 1),
       outcome = case
         when r.kind = 'unknown'
           or r.content like 'Üzgünüm, bununla eşleşen bir ürün bulamadım%'
           or r.content like 'Sorry, I couldn''t find a matching product%'
           or r.content like 'Bunu yanıtlayamıyorum.%'
           or r.content like 'I can''t answer that.%' then 'unknown'
         else 'answered' end
 where r.author = 'assistant';
update public.chatbot_messages r
   set question_key = (public.question_key(q.content))[1:40]
  from public.chatbot_messages q
 where r.author = 'assistant' and r.outcome = 'unknown' and q.id = r.question_id;

alter table public.chatbot_messages
  add constraint chatbot_messages_question_fkey foreign key (question_id) references public.chatbot_messages (id) on delete set null,
  add constraint chatbot_messages_outcome_author check ((outcome is not null) = (author = 'assistant'));

-- Insights read one owner's replies of a period, and the unanswered ones apart.
create index chatbot_messages_replies_idx on public.chatbot_messages (user_id, created_at)
  include (channel, outcome, kind, reply_ms, conversation_id)
  where author = 'assistant';
create index chatbot_messages_unanswered_idx on public.chatbot_messages (user_id, created_at)
  where question_key is not null;
create index chatbot_messages_question_idx on public.chatbot_messages (question_id) where question_id is not null;

-- store_chatbot_turns (20261130000300) keeps the reply's outcome, time and question.
drop function public.store_chatbot_turns(uuid, text, uuid, boolean, text, text, text, uuid[], text, text, jsonb);
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
  p_booking jsonb default null,
  p_outcome text default null,
  p_reply_ms integer default null
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
  v_question uuid;
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
  values (p_user_id, p_channel, v_id, 'customer', p_question, '{}')
  returning id into v_question;
  if v_answered then
    -- A moment after the question (now() is the transaction's): every reader orders the answer after it.
    insert into public.chatbot_messages (user_id, channel, conversation_id, author, content, product_ids, kind, booking, outcome, reply_ms, question_id, created_at)
    values (p_user_id, p_channel, v_id, 'assistant', p_answer, coalesce(p_product_ids, '{}'), p_kind, p_booking, p_outcome,
            least(greatest(p_reply_ms, 0), 3600000), v_question, pg_catalog.now() + interval '1 millisecond');
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

revoke all on function public.store_chatbot_turns(uuid, text, uuid, boolean, text, text, text, uuid[], text, text, jsonb, text, integer) from public, anon, authenticated;
grant execute on function public.store_chatbot_turns(uuid, text, uuid, boolean, text, text, text, uuid[], text, text, jsonb, text, integer) to service_role;

-- Dismissed questions ---------------------------------------------------------------

create table public.unanswered_dismissals (
  user_id uuid not null references public.users (id) on delete cascade,
  question_key text[] not null check (pg_catalog.cardinality(question_key) between 1 and 40),
  dismissed_at timestamptz not null default now(),
  primary key (user_id, question_key)
);

alter table public.unanswered_dismissals enable row level security;
create policy "unanswered_dismissals: owner reads" on public.unanswered_dismissals
  for select to authenticated using (user_id = (select auth.uid()));
create policy "unanswered_dismissals: owner adds" on public.unanswered_dismissals
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "unanswered_dismissals: owner renews" on public.unanswered_dismissals
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
revoke all on table public.unanswered_dismissals from anon, authenticated;
grant select, insert, update on table public.unanswered_dismissals to authenticated;
grant all on table public.unanswered_dismissals to service_role;

-- The owner's "Dismiss": the question's key, dismissed now (again, if it was before).
create function public.dismiss_unanswered_question(p_question text) returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_key text[] := (public.question_key(coalesce(p_question, '')))[1:40];
begin
  if v_user is null then
    raise exception 'not_authenticated' using errcode = '42501';
  end if;
  if pg_catalog.cardinality(v_key) = 0 then
    raise exception 'dismiss_unanswered_question: the question has no words to recognise it by' using errcode = '22023';
  end if;
  insert into public.unanswered_dismissals (user_id, question_key) values (v_user, v_key)
  on conflict (user_id, question_key) do update set dismissed_at = pg_catalog.now();
end
$$;

-- Daily figures -----------------------------------------------------------------------
--
-- Read at every look at the tab, the figures come from daily rollups kept by
-- a trigger on chatbot_messages, not from the messages themselves: at
-- 100,000 messages a month, aggregating the rows took 670 ms on PGlite, the
-- rollups a few. Each day is the owner's (the profile's time zone when the
-- message was stored; a later change of zone leaves past days as counted).
-- chatbot_daily_rebuild recomputes an owner's rollups from the messages (the
-- backfill below, and after a bulk load); the trigger and it count alike,
-- which the integration test checks.
--
-- Reply times are kept as counts in buckets (insights_reply_bounds, ms): the
-- median and p95 are the upper bound of the bucket the rank falls in.

create table public.chatbot_daily_stats (
  user_id uuid not null references public.users (id) on delete cascade,
  day date not null,
  channel text not null check (channel in ('widget', 'whatsapp')),
  conversations integer not null default 0,
  customer_messages integer not null default 0,
  answered integer not null default 0,
  unknown integer not null default 0,
  handoffs integer not null default 0,
  refused integer not null default 0,
  bookings integer not null default 0,
  reply_ms_buckets integer[] not null,
  primary key (user_id, day, channel)
);

-- What replies spoke of a day: 'product' (an id) and 'intent' (the reply's kind).
create table public.chatbot_daily_topics (
  user_id uuid not null references public.users (id) on delete cascade,
  day date not null,
  topic_type text not null check (topic_type in ('product', 'intent')),
  topic text not null check (pg_catalog.char_length(topic) <= 40),
  asked integer not null default 0,
  primary key (user_id, day, topic_type, topic)
);

alter table public.chatbot_daily_stats enable row level security;
alter table public.chatbot_daily_topics enable row level security;
create policy "chatbot_daily_stats: owner reads" on public.chatbot_daily_stats
  for select to authenticated using (user_id = (select auth.uid()));
create policy "chatbot_daily_topics: owner reads" on public.chatbot_daily_topics
  for select to authenticated using (user_id = (select auth.uid()));
revoke all on table public.chatbot_daily_stats, public.chatbot_daily_topics from anon, authenticated;
grant select on table public.chatbot_daily_stats, public.chatbot_daily_topics to authenticated;
grant all on table public.chatbot_daily_stats, public.chatbot_daily_topics to service_role;

-- The upper bounds of the reply-time buckets, in ms; a last bucket holds the slower ones.
create function public.insights_reply_bounds() returns integer[]
language sql
immutable
parallel safe
set search_path = ''
as $$ select array[50, 100, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000, 7500, 10000, 15000, 20000, 30000, 60000] $$;

-- The bucket (1-based) a reply time falls in.
create function public.insights_reply_bucket(p_ms integer) returns integer
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce((select min(b.i)::integer from pg_catalog.unnest(public.insights_reply_bounds()) with ordinality as b(bound, i) where p_ms <= b.bound),
                  pg_catalog.cardinality(public.insights_reply_bounds()) + 1)
$$;

create function public.insights_empty_buckets() returns integer[]
language sql
immutable
parallel safe
set search_path = ''
as $$ select pg_catalog.array_fill(0, array[pg_catalog.cardinality(public.insights_reply_bounds()) + 1]) $$;

-- The rank's bucket bound: the time at most that share of the replies took (null without any; the
-- last bound when the rank falls among the slower ones).
create function public.insights_reply_percentile(p_buckets integer[], p_share numeric) returns integer
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  v_total bigint := 0;
  v_seen bigint := 0;
  v_bounds integer[] := public.insights_reply_bounds();
  v_i integer;
begin
  for v_i in 1 .. coalesce(pg_catalog.cardinality(p_buckets), 0) loop
    v_total := v_total + p_buckets[v_i];
  end loop;
  if v_total = 0 then
    return null;
  end if;
  for v_i in 1 .. pg_catalog.cardinality(p_buckets) loop
    v_seen := v_seen + p_buckets[v_i];
    if v_seen >= pg_catalog.ceil(v_total * p_share) then
      return v_bounds[least(v_i, pg_catalog.cardinality(v_bounds))];
    end if;
  end loop;
  return v_bounds[pg_catalog.cardinality(v_bounds)];
end
$$;

create function public.insights_zone(p_user_id uuid) returns text
language sql
stable
set search_path = ''
as $$ select coalesce((select b.time_zone from public.business_profiles b where b.user_id = p_user_id), 'Europe/Istanbul') $$;

-- Counts one stored message into its owner's day. A customer's message counts its conversation
-- the first time it writes that day.
create function public.chatbot_daily_count() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_zone text;
  v_day date;
  v_first boolean;
  v_product uuid;
begin
  if new.author = 'owner' then
    return null;
  end if;
  v_zone := public.insights_zone(new.user_id);
  v_day := (new.created_at at time zone v_zone)::date;
  if new.author = 'customer' then
    v_first := not exists (
      select 1 from public.chatbot_messages m
       where m.conversation_id = new.conversation_id and m.author = 'customer' and m.id <> new.id
         and m.created_at >= (v_day::timestamp at time zone v_zone) and m.created_at <= new.created_at);
    insert into public.chatbot_daily_stats as s (user_id, day, channel, conversations, customer_messages, reply_ms_buckets)
    values (new.user_id, v_day, new.channel, case when v_first then 1 else 0 end, 1, public.insights_empty_buckets())
    on conflict (user_id, day, channel) do update
      set conversations = s.conversations + excluded.conversations, customer_messages = s.customer_messages + 1;
    return null;
  end if;

  insert into public.chatbot_daily_stats as s (user_id, day, channel, answered, unknown, handoffs, refused, bookings, reply_ms_buckets)
  values (new.user_id, v_day, new.channel,
          (new.outcome = 'answered')::integer, (new.outcome = 'unknown')::integer, (new.outcome = 'handoff')::integer,
          (new.outcome = 'refused')::integer, (new.outcome = 'booked')::integer, public.insights_empty_buckets())
  on conflict (user_id, day, channel) do update
    set answered = s.answered + excluded.answered, unknown = s.unknown + excluded.unknown, handoffs = s.handoffs + excluded.handoffs,
        refused = s.refused + excluded.refused, bookings = s.bookings + excluded.bookings;
  if new.reply_ms is not null then
    update public.chatbot_daily_stats s
       set reply_ms_buckets[public.insights_reply_bucket(new.reply_ms)] = s.reply_ms_buckets[public.insights_reply_bucket(new.reply_ms)] + 1
     where s.user_id = new.user_id and s.day = v_day and s.channel = new.channel;
  end if;
  if new.kind is not null then
    insert into public.chatbot_daily_topics as t (user_id, day, topic_type, topic, asked) values (new.user_id, v_day, 'intent', new.kind, 1)
    on conflict (user_id, day, topic_type, topic) do update set asked = t.asked + 1;
  end if;
  foreach v_product in array coalesce(new.product_ids, '{}') loop
    insert into public.chatbot_daily_topics as t (user_id, day, topic_type, topic, asked) values (new.user_id, v_day, 'product', v_product::text, 1)
    on conflict (user_id, day, topic_type, topic) do update set asked = t.asked + 1;
  end loop;
  return null;
end
$$;

create trigger chatbot_messages_daily_count
  after insert on public.chatbot_messages
  for each row execute function public.chatbot_daily_count();

-- An owner's rollups, recomputed from the messages as the trigger counts them.
create function public.chatbot_daily_rebuild(p_user_id uuid) returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_zone text := public.insights_zone(p_user_id);
begin
  delete from public.chatbot_daily_stats s where s.user_id = p_user_id;
  delete from public.chatbot_daily_topics t where t.user_id = p_user_id;
  insert into public.chatbot_daily_stats (user_id, day, channel, conversations, customer_messages, answered, unknown, handoffs, refused, bookings, reply_ms_buckets)
  select p_user_id, d.day, d.channel,
         pg_catalog.count(distinct d.conversation_id) filter (where d.author = 'customer'),
         pg_catalog.count(*) filter (where d.author = 'customer'),
         pg_catalog.count(*) filter (where d.outcome = 'answered'),
         pg_catalog.count(*) filter (where d.outcome = 'unknown'),
         pg_catalog.count(*) filter (where d.outcome = 'handoff'),
         pg_catalog.count(*) filter (where d.outcome = 'refused'),
         pg_catalog.count(*) filter (where d.outcome = 'booked'),
         (select pg_catalog.array_agg(coalesce(c.n, 0)::integer order by b.i)
            from pg_catalog.generate_series(1, pg_catalog.cardinality(public.insights_reply_bounds()) + 1) as b(i)
            left join (select public.insights_reply_bucket(x.reply_ms) as bucket, pg_catalog.count(*) as n
                         from pg_catalog.unnest(pg_catalog.array_agg(d.reply_ms) filter (where d.reply_ms is not null)) as x(reply_ms)
                        group by 1) c on c.bucket = b.i)
  from (select (m.created_at at time zone v_zone)::date as day, m.channel, m.author, m.outcome, m.reply_ms, m.conversation_id
          from public.chatbot_messages m where m.user_id = p_user_id and m.author <> 'owner') d
  group by d.day, d.channel;
  insert into public.chatbot_daily_topics (user_id, day, topic_type, topic, asked)
  select p_user_id, t.day, t.topic_type, t.topic, pg_catalog.count(*)
  from (select (m.created_at at time zone v_zone)::date as day, 'intent' as topic_type, m.kind as topic
          from public.chatbot_messages m where m.user_id = p_user_id and m.author = 'assistant' and m.kind is not null
        union all
        select (m.created_at at time zone v_zone)::date, 'product', p.id::text
          from public.chatbot_messages m, pg_catalog.unnest(m.product_ids) as p(id)
         where m.user_id = p_user_id and m.author = 'assistant') t
  group by t.day, t.topic_type, t.topic;
end
$$;

select public.chatbot_daily_rebuild(u.id) from public.users u
 where exists (select 1 from public.chatbot_messages m where m.user_id = u.id);

-- Insights ----------------------------------------------------------------------------

-- The owner's day boundaries: the first day of the period of p_days days ending today, and its first instant.
create function public.insights_period(p_user_id uuid, p_days integer, out since timestamptz, out first_day date, out zone text, out days integer)
language sql
stable
set search_path = ''
as $$
  with z as (select public.insights_zone(p_user_id) as zone, least(greatest(coalesce(p_days, 30), 1), 366) as days),
       d as (select z.zone, z.days, (pg_catalog.now() at time zone z.zone)::date - (z.days - 1) as first_day from z)
  select (d.first_day::timestamp at time zone d.zone), d.first_day, d.zone, d.days from d
$$;

-- Conversations are those with any message in the period (conversations.last_message_at).
create function public.get_chatbot_insights(p_user_id uuid, p_days integer)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_period record;
begin
  if not public.booking_caller_may(p_user_id) then
    raise exception 'get_chatbot_insights: not this owner''s conversations' using errcode = '42501';
  end if;
  select * into v_period from public.insights_period(p_user_id, p_days);

  return (
    with daily as (
      select s.day, s.channel, s.conversations, s.customer_messages, s.answered, s.unknown, s.handoffs, s.refused, s.bookings, s.reply_ms_buckets
      from public.chatbot_daily_stats s
      where s.user_id = p_user_id and s.day >= v_period.first_day
    ),
    buckets as (
      select pg_catalog.array_agg(b.n order by b.i) as counts
      from (select x.i, pg_catalog.sum(x.n)::integer as n
              from daily d, pg_catalog.unnest(d.reply_ms_buckets) with ordinality as x(n, i) group by x.i) b
    ),
    totals as (
      select coalesce(pg_catalog.sum(d.customer_messages), 0)::integer as customer_messages,
             coalesce(pg_catalog.sum(d.answered + d.unknown + d.handoffs + d.refused + d.bookings), 0)::integer as replies,
             coalesce(pg_catalog.sum(d.answered), 0)::integer as answered,
             coalesce(pg_catalog.sum(d.unknown), 0)::integer as unknown,
             coalesce(pg_catalog.sum(d.handoffs), 0)::integer as handoffs,
             coalesce(pg_catalog.sum(d.refused), 0)::integer as refused,
             coalesce(pg_catalog.sum(d.bookings), 0)::integer as bookings
      from daily d
    ),
    conversations as (
      select c.channel, pg_catalog.count(*)::integer as conversations
      from public.conversations c
      where c.user_id = p_user_id and c.last_message_at >= v_period.since
      group by c.channel
    ),
    channel_messages as (
      select d.channel, pg_catalog.sum(d.customer_messages)::integer as customer_messages from daily d group by d.channel
    ),
    topics as (
      select t.topic_type, t.topic, pg_catalog.sum(t.asked)::integer as asked
      from public.chatbot_daily_topics t
      where t.user_id = p_user_id and t.day >= v_period.first_day
      group by t.topic_type, t.topic
    ),
    products as (
      select t.topic::uuid as product_id, t.asked from topics t where t.topic_type = 'product' order by t.asked desc, t.topic limit 10
    ),
    kinds as (
      select t.topic as kind, t.asked from topics t where t.topic_type = 'intent' order by t.asked desc, t.topic limit 10
    )
    select pg_catalog.jsonb_build_object(
      'days', v_period.days,
      'since', v_period.since,
      'first_day', v_period.first_day,
      'time_zone', v_period.zone,
      'daily', coalesce((
        select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(d) - 'reply_ms_buckets' order by d.day, d.channel) from daily d), '[]'::jsonb),
      'totals', (select pg_catalog.to_jsonb(t) || pg_catalog.jsonb_build_object('conversations', coalesce((select pg_catalog.sum(c.conversations) from conversations c), 0))
                   from totals t),
      'channels', coalesce((
        select pg_catalog.jsonb_object_agg(x.channel, pg_catalog.jsonb_build_object('conversations', coalesce(c.conversations, 0), 'customer_messages', coalesce(m.customer_messages, 0)))
        from (select c.channel from conversations c union select m.channel from channel_messages m) x
        left join conversations c on c.channel = x.channel
        left join channel_messages m on m.channel = x.channel), '{}'::jsonb),
      'answered_share', (select case when t.answered + t.bookings + t.unknown + t.handoffs > 0
                                     then pg_catalog.round((t.answered + t.bookings)::numeric / (t.answered + t.bookings + t.unknown + t.handoffs), 4) end from totals t),
      'handoff_share', (select case when t.answered + t.bookings + t.unknown + t.handoffs > 0
                                    then pg_catalog.round(t.handoffs::numeric / (t.answered + t.bookings + t.unknown + t.handoffs), 4) end from totals t),
      'reply_ms', (select pg_catalog.jsonb_build_object('median', public.insights_reply_percentile(b.counts, 0.5), 'p95', public.insights_reply_percentile(b.counts, 0.95))
                     from buckets b),
      'top_products', coalesce((
        select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('product_id', p.product_id, 'name', pr.name, 'asked', p.asked) order by p.asked desc, p.product_id)
        from products p left join public.products pr on pr.id = p.product_id and pr.user_id = p_user_id), '[]'::jsonb),
      'top_intents', coalesce((
        select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('kind', k.kind, 'asked', k.asked) order by k.asked desc, k.kind) from kinds k), '[]'::jsonb)
    )
  );
end
$$;

-- Whether one of the owner's FAQ entries answers the question as the assistant would take it.
-- search_faq is the server's (it takes an owner id): a signed-in caller learns this of their
-- own FAQ only; the server and a direct connection of any owner's.
create function public.faq_covers(p_user_id uuid, p_question text) returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if coalesce((select auth.role()), '') in ('authenticated', 'anon') and p_user_id is distinct from (select auth.uid()) then
    return false;
  end if;
  return exists (select 1 from public.search_faq(p_user_id, p_question, 1) f where f.score >= public.faq_min_score());
end
$$;

-- Most asked first, at most 50, each checked against the FAQ. A question is left out when the
-- reply lacked a policy text the owner has written since, and its askings up to a dismissal of
-- the same question are.
create function public.get_unanswered_questions(p_user_id uuid, p_days integer)
returns table (question text, asked integer, last_asked_at timestamptz, example_conversation_id uuid)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_since timestamptz;
  v_written text[];
  v_keys text[];
  v_contents text[];
  v_counts integer[];
  v_lasts timestamptz[];
  v_conversations uuid[];
  v_reps text[] := '{}';
  v_members text[] := '{}';
  v_groups integer[] := '{}';
  v_key record;
  v_i integer;
  v_found integer;
begin
  if not public.booking_caller_may(p_user_id) then
    raise exception 'get_unanswered_questions: not this owner''s conversations' using errcode = '42501';
  end if;
  select p.since into v_since from public.insights_period(p_user_id, p_days) p;
  -- The kinds of reply whose missing text the owner has written since.
  select pg_catalog.array_remove(array[
           case when b.shipping_info is not null then 'shipping' end,
           case when b.shipping_info is not null then 'delivery_time' end,
           case when b.returns_info is not null then 'returns' end,
           case when b.payment_info is not null then 'payment' end,
           case when b.ordering_info is not null then 'ordering' end,
           case when b.address is not null or b.maps_url is not null then 'location' end,
           case when b.contact_phone is not null or b.contact_email is not null then 'contact' end,
           case when b.opening_hours is not null and b.opening_hours <> '{}'::jsonb then 'hours' end], null)
    into v_written
    from public.business_profiles b where b.user_id = p_user_id;
  v_written := coalesce(v_written, '{}');

  -- The askings by key and wording (spaces tidied).
  with asked as (
    select r.question_key, q.content, q.created_at, q.conversation_id
    from public.chatbot_messages r
    join public.chatbot_messages q on q.id = r.question_id
    where r.user_id = p_user_id and r.question_key is not null and r.created_at >= v_since
      and pg_catalog.cardinality(r.question_key) > 0
      and (r.kind is null or r.kind <> all (v_written))
  ),
  cutoffs as (
    select k.question_key,
           (select pg_catalog.max(d.dismissed_at) from public.unanswered_dismissals d
             where d.user_id = p_user_id and public.same_question(d.question_key, k.question_key)) as cutoff
    from (select distinct a.question_key from asked a) k
  ),
  raw as (
    select a.question_key, a.content, pg_catalog.count(*) as n, pg_catalog.max(a.created_at) as last,
           (pg_catalog.array_agg(a.conversation_id order by a.created_at desc))[1] as conversation_id
    from asked a join cutoffs c on c.question_key = a.question_key
    where c.cutoff is null or a.created_at > c.cutoff
    group by a.question_key, a.content
  ),
  wordings as (
    select pg_catalog.array_to_string(r.question_key, ' ') as key,
           pg_catalog.btrim(pg_catalog.regexp_replace(r.content, '\s+', ' ', 'g')) as content,
           pg_catalog.sum(r.n)::integer as n, pg_catalog.max(r.last) as last,
           (pg_catalog.array_agg(r.conversation_id order by r.last desc))[1] as conversation_id
    from raw r
    group by 1, 2
  )
  select pg_catalog.array_agg(w.key), pg_catalog.array_agg(w.content), pg_catalog.array_agg(w.n), pg_catalog.array_agg(w.last),
         pg_catalog.array_agg(w.conversation_id)
    into v_keys, v_contents, v_counts, v_lasts, v_conversations
    from wordings w;
  if v_keys is null then
    return;
  end if;

  -- Each key joins the first group (most asked first) whose first key is the same question.
  for v_key in
    select w.k, pg_catalog.sum(w.n) as n, pg_catalog.max(w.l) as l
    from rows from (pg_catalog.unnest(v_keys), pg_catalog.unnest(v_counts), pg_catalog.unnest(v_lasts)) as w(k, n, l)
    group by w.k
    order by n desc, l desc, w.k
  loop
    v_found := null;
    for v_i in 1 .. pg_catalog.cardinality(v_reps) loop
      if public.same_question(pg_catalog.string_to_array(v_reps[v_i], ' '), pg_catalog.string_to_array(v_key.k, ' ')) then
        v_found := v_i;
        exit;
      end if;
    end loop;
    if v_found is null then
      v_reps := v_reps || v_key.k;
      v_found := pg_catalog.cardinality(v_reps);
    end if;
    v_members := v_members || v_key.k;
    v_groups := v_groups || v_found;
  end loop;

  return query
  with wordings as (
    select * from rows from (pg_catalog.unnest(v_keys), pg_catalog.unnest(v_contents), pg_catalog.unnest(v_counts),
                             pg_catalog.unnest(v_lasts), pg_catalog.unnest(v_conversations)) as w(k, content, n, last, conversation_id)
  ),
  members as (
    select * from rows from (pg_catalog.unnest(v_members), pg_catalog.unnest(v_groups)) as m(k, g)
  ),
  -- Shown in its most asked wording (of equals, one written with capitals, Turkish letters or a
  -- question mark, then the latest), with the latest conversation that asked it.
  grouped as (
    select m.g,
           (pg_catalog.array_agg(w.content order by w.n desc, w.content ~ '[?A-ZÇĞİÖŞÜçğıöşü]' desc, w.last desc))[1] as question,
           pg_catalog.sum(w.n)::integer as asked,
           pg_catalog.max(w.last) as last_asked_at,
           (pg_catalog.array_agg(w.conversation_id order by w.last desc))[1] as example_conversation_id
    from wordings w join members m on m.k = w.k
    group by m.g
    order by asked desc, last_asked_at desc
    limit 50
  )
  select g.question, g.asked, g.last_asked_at, g.example_conversation_id
  from grouped g
  where not public.faq_covers(p_user_id, g.question)
  order by g.asked desc, g.last_asked_at desc;
end
$$;

-- CSV ---------------------------------------------------------------------------------

-- One CSV cell: quoted when it holds a separator, a quote or a line break; a text a
-- spreadsheet would run as a formula (= + - @, a tab or carriage return first) kept as text.
create function public.csv_cell(p_value text) returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when p_value is null then ''
    when p_value ~ '^[-=+@\t\r]' then '"''' || pg_catalog.replace(p_value, '"', '""') || '"'
    when p_value ~ '[",\r\n]' then '"' || pg_catalog.replace(p_value, '"', '""') || '"'
    else p_value
  end
$$;

-- p_what 'daily': a row a day and channel of get_chatbot_insights; 'unanswered': get_unanswered_questions.
create function public.chatbot_insights_csv(p_user_id uuid, p_days integer, p_what text)
returns text
language plpgsql
stable
security invoker
set search_path = ''
set jit = off
as $$
begin
  if p_what = 'daily' then
    return (
      select 'day,channel,conversations,customer_messages,answered,unknown,handoffs,refused,bookings' || E'\r\n' ||
             coalesce(pg_catalog.string_agg(
               pg_catalog.concat_ws(',', d->>'day', d->>'channel', d->>'conversations', d->>'customer_messages', d->>'answered',
                                    d->>'unknown', d->>'handoffs', d->>'refused', d->>'bookings'), E'\r\n' order by d->>'day', d->>'channel') || E'\r\n', '')
      from pg_catalog.jsonb_array_elements(public.get_chatbot_insights(p_user_id, p_days)->'daily') as d
    );
  elsif p_what = 'unanswered' then
    return (
      select 'question,asked,last_asked_at,example_conversation_id' || E'\r\n' ||
             coalesce(pg_catalog.string_agg(
               pg_catalog.concat_ws(',', public.csv_cell(u.question), u.asked::text,
                                    pg_catalog.to_char(u.last_asked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                                    u.example_conversation_id::text), E'\r\n' order by u.asked desc, u.last_asked_at desc) || E'\r\n', '')
      from public.get_unanswered_questions(p_user_id, p_days) u
    );
  end if;
  raise exception 'chatbot_insights_csv: p_what is daily or unanswered' using errcode = '22023';
end
$$;

-- Answered messages -------------------------------------------------------------------

create or replace function public.get_chatbot_stats(p_user_id uuid)
returns table (total_messages bigint, this_month bigint, last_week bigint, last_day bigint)
language plpgsql
stable
set search_path = ''
as $$
begin
  if not public.booking_caller_may(p_user_id) then
    raise exception 'not allowed to read chatbot statistics of another user'
      using errcode = 'insufficient_privilege';
  end if;
  return query
    select count(*),
           count(*) filter (where m.created_at >= pg_catalog.date_trunc('month', now())),
           count(*) filter (where m.created_at >= now() - interval '7 days'),
           count(*) filter (where m.created_at >= now() - interval '24 hours')
    from public.chatbot_messages m
    where m.user_id = p_user_id and m.author = 'assistant';
end
$$;

-- Grants ------------------------------------------------------------------------------

revoke all on function public.chatbot_daily_rebuild(uuid) from authenticated;
grant execute on function public.chatbot_daily_rebuild(uuid) to service_role;

revoke all on function public.search_question_terms(text), public.question_key(text), public.typo_apart(text, text), public.same_question(text[], text[]),
  public.faq_min_score(), public.chatbot_reply_links(), public.dismiss_unanswered_question(text), public.insights_period(uuid, integer),
  public.insights_reply_bounds(), public.insights_reply_bucket(integer), public.insights_empty_buckets(), public.insights_reply_percentile(integer[], numeric),
  public.insights_zone(uuid), public.chatbot_daily_count(), public.chatbot_daily_rebuild(uuid),
  public.get_chatbot_insights(uuid, integer), public.get_unanswered_questions(uuid, integer), public.csv_cell(text),
  public.chatbot_insights_csv(uuid, integer, text)
  from public, anon;
grant execute on function public.search_question_terms(text), public.question_key(text), public.typo_apart(text, text), public.same_question(text[], text[]),
  public.faq_min_score(), public.dismiss_unanswered_question(text), public.insights_period(uuid, integer),
  public.insights_reply_bounds(), public.insights_reply_bucket(integer), public.insights_empty_buckets(), public.insights_reply_percentile(integer[], numeric),
  public.insights_zone(uuid),
  public.get_chatbot_insights(uuid, integer), public.get_unanswered_questions(uuid, integer), public.csv_cell(text),
  public.chatbot_insights_csv(uuid, integer, text)
  to authenticated, service_role;
-- A question's key is made with the owner's rights too (dismiss_unanswered_question): the
-- word functions are pure.
grant execute on function public.search_faq_words(text), public.search_stem(text) to authenticated;
revoke all on function public.faq_covers(uuid, text) from public, anon;
grant execute on function public.faq_covers(uuid, text) to authenticated, service_role;
