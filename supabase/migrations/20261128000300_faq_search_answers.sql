-- search_faq (20261128000100) reads customers' wording more tolerantly.
--
-- * The answer counts too, at half weight: a customer who asks "faturalı mı?"
--   uses the word of the owner's answer ("e-fatura kesiyoruz") as often as
--   the word of the question ("Fatura kesiyor musunuz?"). A word counts once,
--   where it scores best.
-- * More words count for nothing: the verbs and particles a question is made
--   of ("alabilir miyim", "yapıyor musunuz", "mümkün mü", "can I get"), so
--   the score is the share of what the customer asks about, not of how they
--   phrase a question.
-- * A word also counts (at 0.7) when its first five letters begin a word of
--   the entry, which is how Turkish builds verbs and adjectives on a noun
--   ("paketleyebilir misiniz" for "hediye paketi", "faturalı" for "fatura"),
--   and when it is written as one with the next word ("yurtdışına" for
--   "yurt dışına").
-- * A few words of a shop's questions are read as one, in both languages
--   ("gönderim" and "shipping" for "kargo", "toplu" for "toptan", "orjinal"
--   for "orijinal", "abroad" for "yurt dışı"): search_faq_words rewrites the
--   folded query into the shared word, and the question and answer are read
--   in their own words and in the shared ones, so a typo of the entry's own
--   word still finds it.
-- * Every entry of the owner is scored: an owner keeps at most 200
--   (faq_entries_count_check), read through faq_entries_user_idx. The
--   trigram prefilter on the question alone would drop entries that only the
--   answer matches, and the planner never chose its index over the owner's
--   rows anyway, so the index goes.

drop index public.faq_entries_search_idx;

create function public.search_faq_words(p_text text) returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select pg_catalog.regexp_replace(pg_catalog.regexp_replace(pg_catalog.regexp_replace(pg_catalog.regexp_replace(
         pg_catalog.regexp_replace(pg_catalog.regexp_replace(pg_catalog.regexp_replace(pg_catalog.regexp_replace(
         pg_catalog.regexp_replace(pg_catalog.regexp_replace(p_text,
    '\m(yurt ?disi|abroad|overseas|international)[a-z]*', 'yurtdisi', 'g'),
    '\m(gonderi|sevkiyat|teslimat|shipping|ship|ships|shipped|delivery|deliver)[a-z]*', 'kargo', 'g'),
    '\m(toplu|wholesale|bulk)[a-z]*', 'toptan', 'g'),
    '\m(orjinal|original|genuine|authentic)[a-z]*', 'orijinal', 'g'),
    '\m(invoice|receipt)[a-z]*', 'fatura', 'g'),
    '\m(gift)[a-z]*', 'hediye', 'g'),
    '\m(store|shop|dukkan)[a-z]*', 'magaza', 'g'),
    '\m(warranty|guarantee)[a-z]*', 'garanti', 'g'),
    '\m(refund|return)[a-z]*', 'iade', 'g'),
    '\m(installment|instalment)[a-z]*', 'taksit', 'g')
$$;

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
  select coalesce(pg_catalog.array_agg(t.w order by t.pos), '{}'),
         coalesce(pg_catalog.array_agg(public.search_stem(t.w) order by t.pos), '{}')
    into v_words, v_stems
  from (
    select w, min(pos) as pos
    from pg_catalog.regexp_split_to_table(coalesce(public.search_faq_words(public.search_fold(p_query)), ''), '[^a-z0-9]+')
      with ordinality as x(w, pos)
    where pg_catalog.length(w) >= 2
      and w <> all (array[
        -- Turkish: particles, pronouns, and the verbs a question is made of
        'var', 'mi', 'mu', 'misiniz', 'musunuz', 'mudur', 'midir', 'miyim', 'muyum', 'miyiz', 'varmi', 'yok', 'ne', 'nasil',
        'acaba', 'bir', 'bu', 'su', 'ya', 've', 'ile', 'icin', 'da', 'de', 'ki', 'merhaba', 'selam', 'lutfen', 'peki',
        'sizde', 'siz', 'sizin', 'size', 'ben', 'benim', 'bana', 'nedir', 'oluyor', 'olur', 'olurmu', 'olabilir', 'mumkun',
        'yapiyor', 'yapiyormusunuz', 'yapiyorsunuz', 'yapabilir', 'yapabilirmisiniz', 'yapabiliyor', 'yapilir', 'yapilabilir',
        'ediyor', 'ediyormusunuz', 'ediyorsunuz', 'edebilir', 'edebilirmiyim', 'alabilir', 'alabilirmiyim', 'alabiliyor',
        'istiyorum', 'isterim', 'lazim', 'sey', 'hakkinda', 'bilgi', 'soru', 'sormak', 'acaba', 'hala', 'simdi',
        'olarak', 'satiyor', 'satiyorsunuz', 'satiyormusunuz', 'gelip', 'gelsem', 'gidip', 'uzerine', 'aliyor',
        'aliyorsunuz', 'aliyormusunuz', 'veriyor', 'veriyorsunuz', 'veriyormusunuz', 'yapilir', 'yapiliyor', 'mi',
        -- English
        'how', 'do', 'does', 'did', 'you', 'is', 'are', 'the', 'an', 'any', 'what', 'can', 'could', 'would', 'will', 'of',
        'for', 'in', 'to', 'it', 'me', 'my', 'your', 'please', 'hi', 'hello', 'there', 'we', 'have', 'has', 'get', 'about',
        'if', 'there', 'this', 'that', 'be', 'offer', 'ok', 'sell', 'up', 'at', 'on', 'or', 'and', 'with', 'from', 'may', 'possible'
      ])
    group by w
  ) t;

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

revoke all on function public.search_faq_words(text) from public, anon, authenticated;
grant execute on function public.search_faq_words(text) to service_role;
