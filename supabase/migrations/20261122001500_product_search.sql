-- Product search for the assistant: customers write "kulaklığın", "IŞIK",
-- "canta", "telfon" or "deri siyah ceket" and must still reach the owner's
-- live rows. Text is folded (case, Turkish letters, diacritics) the same way
-- on both sides and matched by trigrams, which forgive one-letter typos and
-- word order; a light Turkish/English suffix stripper catches plurals and
-- possessives that trigrams alone sit on the edge of. The built-in `turkish`
-- text search config is not used: it leaves elbise/elbiseler and
-- telefon/telefonlar apart.

-- Hosted Supabase ships both in the `extensions` schema; the local bootstrap
-- creates that schema on PGlite and plain Postgres alike.
create extension if not exists pg_trgm with schema extensions;
create extension if not exists unaccent with schema extensions;

-- Functions --------------------------------------------------------------------

-- The three helpers below carry no `set search_path`, unlike the rest of the
-- schema: a SQL function with a SET clause is never inlined, and these run
-- for every candidate row (and on every product write, for the index); with
-- the clause a broad search over 10,000 products took several times longer.
-- Every function and the dictionary in them is schema-qualified, and
-- operators resolve in pg_catalog first, so search_path cannot redirect them.

-- IMMUTABLE so it can sit in an index. unaccent(text) is only STABLE because
-- it looks its dictionary up through search_path; naming the dictionary makes
-- the result depend on the input alone. Turkish letters are translated first:
-- lower() is not Turkish-aware (lower('IŞIK') is 'işik') and, under the C
-- locale PGlite runs, lowers nothing outside ASCII, so it runs last, once
-- unaccent has left only ASCII letters behind.
create function public.search_fold(p_text text) returns text
language sql
immutable
strict
parallel safe
as $$
  select pg_catalog.lower(
    extensions.unaccent(
      'extensions.unaccent'::regdictionary,
      pg_catalog.translate(p_text, 'İIıŞşĞğÜüÖöÇç', 'iiissgguuoocc')
    )
  )
$$;

-- The stem a folded word shares with its dictionary form: the longest
-- plural/possessive/case ending is cut while four letters remain
-- ("elbiseler" → "elbise", "kulakliklar" → "kulaklik", "headphones" →
-- "headphone"), and a consonant the ending had softened is hardened back
-- ("kulakligin" → "kulaklig" → "kulaklik", "kitabi" → "kitap"). A word with
-- no ending is returned as it is, so "bag" is never hardened to "bak".
create function public.search_stem(p_word text) returns text
language sql
immutable
strict
parallel safe
as $$
  select case
    when s.cut = p_word then p_word
    else pg_catalog.regexp_replace(
      pg_catalog.regexp_replace(pg_catalog.regexp_replace(s.cut, 'g$', 'k'), 'b$', 'p'),
      'd$', 't')
  end
  from (
    select pg_catalog.regexp_replace(
      p_word,
      '^([a-z0-9]{4,}?)(larindan|lerinden|larinin|lerinin|larini|lerini|larina|lerine|lardan|lerden|larda|lerde'
        || '|larin|lerin|lari|leri|lar|ler|nin|nun|in|un|si|su|yi|yu|ya|ye|da|de|ta|te|i|u|a|e|s)$',
      '\1'
    ) as cut
  ) s
$$;

-- How well one folded query word matches a folded text, 0 for not at all:
-- its stem at the start of a word is a hit (1); inside a word only a weak one
-- ("isik" in "bisikleti"); otherwise trigram word similarity stands in for a
-- typo, from 0.5 for words of five letters and more (one wrong letter costs a
-- short word more of its trigrams), 0.6 below. Near misses rank under hits.
create function public.search_word_score(p_word text, p_stem text, p_text text) returns numeric
language sql
immutable
strict
parallel safe
as $$
  select case
    when pg_catalog.length(p_stem) >= 3 and ' ' || p_text like '% ' || p_stem || '%' then 1.0
    when pg_catalog.length(p_stem) >= 3 and p_text like '%' || p_stem || '%' then 0.5
    when s.ws >= case when pg_catalog.length(p_word) >= 5 then 0.5 else 0.6 end then round((s.ws * 0.9)::numeric, 3)
    else 0
  end
  from (select extensions.word_similarity(p_word, p_text) as ws) s
$$;

-- The owner's live products that match the customer's words, best first:
-- more query words matched, then words matched in the name, then closeness.
-- A word matches a product as search_word_score says. Filler like "var mı",
-- "fiyatı", "how much" is dropped before matching.
--
-- Server code only (the assistant, with the service role): it takes any
-- owner's id, so it is not granted to clients, and SECURITY INVOKER keeps RLS
-- in force should a grant ever widen. The candidate rows come from the
-- trigram index (products_search_idx), never from a scan of the table.
create function public.search_products(p_user_id uuid, p_query text, p_limit integer default 5)
returns table (
  id uuid,
  name text,
  description text,
  price numeric,
  currency text,
  stock integer,
  product_link text
)
language plpgsql
stable
security invoker
set search_path = ''
-- The `%>` candidate filter below uses this threshold; search_word_score
-- applies the stricter rule for short words.
set pg_trgm.word_similarity_threshold = 0.5
as $$
declare
  v_words text[];
  v_stems text[];
  v_patterns text[];
begin
  select coalesce(pg_catalog.array_agg(t.w order by t.pos), '{}'),
         coalesce(pg_catalog.array_agg(public.search_stem(t.w) order by t.pos), '{}')
    into v_words, v_stems
  from (
    select w, min(pos) as pos
    from pg_catalog.regexp_split_to_table(coalesce(public.search_fold(p_query), ''), '[^a-z0-9]+')
      with ordinality as x(w, pos)
    where pg_catalog.length(w) >= 2
      and w <> all (array[
        -- Turkish filler (folded)
        'var', 'mi', 'mu', 'misiniz', 'musunuz', 'mudur', 'midir', 'varmi', 'yok', 'ne', 'kadar', 'kac', 'kaca',
        'fiyat', 'fiyati', 'fiyatlari', 'fiyatiniz', 'ucret', 'ucreti', 'tl', 'lira', 'para',
        'acaba', 'bir', 'bu', 'su', 've', 'ile', 'icin', 'hakkinda', 'stok', 'stokta', 'stokda', 'mevcut',
        'istiyorum', 'ariyorum', 'lazim', 'almak', 'satiyor', 'satiyormusunuz', 'merhaba', 'selam', 'lutfen',
        'sizde', 'elinizde', 'hangi', 'nedir', 'kalmis', 'kaldi',
        -- English filler
        'how', 'much', 'many', 'do', 'does', 'you', 'have', 'has', 'is', 'are', 'the', 'an', 'any', 'what',
        'price', 'prices', 'of', 'for', 'in', 'stock', 'cost', 'costs', 'sell', 'want', 'need', 'looking',
        'please', 'hi', 'hello', 'there', 'it', 'available', 'me', 'your', 'can', 'get', 'buy'
      ])
    group by w
  ) t;

  if pg_catalog.cardinality(v_words) = 0 then
    return;
  end if;

  -- Stems under three letters give trigram LIKE nothing to look up.
  select coalesce(pg_catalog.array_agg('%' || s || '%'), '{}') into v_patterns
  from pg_catalog.unnest(v_stems) as s
  where pg_catalog.length(s) >= 3;

  -- EXECUTE plans each call for its own words (a one-shot plan), so the
  -- planner always sees how selective they are; a cached generic plan could
  -- settle on reading the owner's whole catalogue instead of the index.
  return query execute $q$
  with candidates as (
    select p.id, p.name, p.description, p.price, p.currency, p.stock, p.product_link,
           public.search_fold(p.name || ' ' || coalesce(p.description, '')) as doc,
           public.search_fold(p.name) as folded_name
    from public.products p
    where p.user_id = $1
      and not p._deleted
      and (
        public.search_fold(p.name || ' ' || coalesce(p.description, '')) operator(extensions.%>) any ($2)
        or public.search_fold(p.name || ' ' || coalesce(p.description, '')) like any ($4)
      )
  ),
  scored as (
    select c.id, c.name, c.description, c.price, c.currency, c.stock, c.product_link,
           pg_catalog.count(*) filter (where m.in_doc > 0) as matched,
           coalesce(pg_catalog.sum(m.in_name), 0) as name_score,
           coalesce(pg_catalog.sum(m.in_doc), 0) as doc_score
    from candidates c
    cross join lateral (
      select public.search_word_score(q.word, q.stem, c.doc) as in_doc,
             public.search_word_score(q.word, q.stem, c.folded_name) as in_name
      from unnest($2, $3) as q(word, stem)
    ) m
    group by c.id, c.name, c.description, c.price, c.currency, c.stock, c.product_link
  )
  select s.id, s.name, s.description, s.price, s.currency, s.stock, s.product_link
  from scored s
  where s.matched > 0
  order by s.matched desc, s.name_score desc, s.doc_score desc, s.name, s.id
  limit $5
  $q$
  using p_user_id, v_words, v_stems, v_patterns, least(greatest(coalesce(p_limit, 5), 1), 50);
end
$$;

-- Index ------------------------------------------------------------------------

-- The same expression search_products filters on, over live rows only.
-- user_id is not in it (a GIN trigram index cannot hold a uuid without
-- btree_gin); the owner filter is applied to the few trigram hits.
create index products_search_idx on public.products
  using gin (public.search_fold(name || ' ' || coalesce(description, '')) extensions.gin_trgm_ops)
  where not _deleted;

-- Grants -----------------------------------------------------------------------

-- Every insert or update of a product evaluates the index expression as the
-- writer, so owners (through the Data API and sync push) need the fold and
-- nothing more; the stemmer and the search stay with the server.
revoke all on function public.search_fold(text) from public, anon;
grant execute on function public.search_fold(text) to authenticated, service_role;
revoke all on function public.search_stem(text) from public, anon, authenticated;
grant execute on function public.search_stem(text) to service_role;
revoke all on function public.search_word_score(text, text, text) from public, anon, authenticated;
grant execute on function public.search_word_score(text, text, text) to service_role;
revoke all on function public.search_products(uuid, text, integer) from public, anon, authenticated;
grant execute on function public.search_products(uuid, text, integer) to service_role;
