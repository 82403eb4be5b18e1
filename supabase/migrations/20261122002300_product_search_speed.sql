-- Product search (20261122001500) at the same answers for less work a call.
-- Under `npm run bench:load` every customer question that names a product
-- runs search_products, and the search was the largest part of the
-- database's work for one answer (about half). Where its time went, and what
-- this changes:
--
-- * Planning. search_products plans its query on every call (EXECUTE). For
--   the trigram operators pg_trgm estimates selectivity by running the
--   operator over every value in the index expression's statistics, for each
--   query word: most of a millisecond a call, more than running the query on
--   an owner's catalogue. The index is rebuilt with statistics off for its
--   expression; the planner then takes pg_trgm's fixed estimate (1 % of
--   rows), which still sends a large catalogue through the index (the plan is
--   checked by tests/integration/product-search.test.ts) and a small one
--   through the owner's rows.
-- * Scoring. search_word_score ran as a separate SQL function call for every
--   word of every candidate, three times each; written as one expression (no
--   FROM, not STRICT: a CASE is not strict, and a STRICT function whose body
--   is not is never inlined) the planner inlines it. It now answers 0 rather
--   than null for a null argument; every caller passes non-null text.
--   Candidates are materialized, so that the folded text each score reads is
--   a plain column: a function argument used more than once is inlined only
--   when it is cheap, and a call of search_fold is not. The scores of a
--   candidate's words are computed once (`offset 0` keeps the planner from
--   copying them into each aggregate that reads them).
-- * Folding and stemming. search_fold in PL/pgSQL runs as one expression
--   with no SQL-function executor around it (about a third less a call, on
--   every candidate row and every product write); its result is unchanged, so
--   the index keeps its entries. search_stem's pattern with a lazy prefix and
--   a capture took about 75 µs a word through the regex engine's
--   backtracking; a loop over the same endings, longest first, gives the
--   same stems in about 11 µs.
--
-- All three keep no `set search_path` (see 20261122001500): every function
-- in them is schema-qualified.

create or replace function public.search_fold(p_text text) returns text
language plpgsql
immutable
strict
parallel safe
as $$
begin
  return pg_catalog.lower(
    extensions.unaccent(
      'extensions.unaccent'::regdictionary,
      pg_catalog.translate(p_text, 'İIıŞşĞğÜüÖöÇç', 'iiissgguuoocc')
    )
  );
end
$$;

-- The longest ending in the list (longest first) that leaves at least four
-- letters or digits, cut; a softened last consonant hardened back. A word
-- with no such ending comes back as it is.
create or replace function public.search_stem(p_word text) returns text
language plpgsql
immutable
strict
parallel safe
as $$
declare
  v_ending text;
  v_cut text;
begin
  foreach v_ending in array array[
    'larindan', 'lerinden', 'larinin', 'lerinin', 'larini', 'lerini', 'larina', 'lerine', 'lardan', 'lerden',
    'larda', 'lerde', 'larin', 'lerin', 'lari', 'leri', 'lar', 'ler', 'nin', 'nun',
    'in', 'un', 'si', 'su', 'yi', 'yu', 'ya', 'ye', 'da', 'de', 'ta', 'te', 'i', 'u', 'a', 'e', 's'
  ] loop
    if pg_catalog.right(p_word, pg_catalog.length(v_ending)) = v_ending then
      v_cut := pg_catalog.left(p_word, -pg_catalog.length(v_ending));
      if v_cut ~ '^[a-z0-9]{4,}$' then
        return case pg_catalog.right(v_cut, 1)
          when 'g' then pg_catalog.left(v_cut, -1) || 'k'
          when 'b' then pg_catalog.left(v_cut, -1) || 'p'
          when 'd' then pg_catalog.left(v_cut, -1) || 't'
          else v_cut
        end;
      end if;
    end if;
  end loop;
  return p_word;
end
$$;

create or replace function public.search_word_score(p_word text, p_stem text, p_text text) returns numeric
language sql
immutable
parallel safe
as $$
  select case
    when pg_catalog.length(p_stem) >= 3 and ' ' || p_text like '% ' || p_stem || '%' then 1.0
    when pg_catalog.length(p_stem) >= 3 and p_text like '%' || p_stem || '%' then 0.5
    when extensions.word_similarity(p_word, p_text) >= case when pg_catalog.length(p_word) >= 5 then 0.5 else 0.6 end
      then round((extensions.word_similarity(p_word, p_text) * 0.9)::numeric, 3)
    else 0
  end
$$;

-- As in 20261122001500 but for `materialized` and `offset 0`.
create or replace function public.search_products(p_user_id uuid, p_query text, p_limit integer default 5)
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

  select coalesce(pg_catalog.array_agg('%' || s || '%'), '{}') into v_patterns
  from pg_catalog.unnest(v_stems) as s
  where pg_catalog.length(s) >= 3;

  return query execute $q$
  with candidates as materialized (
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
      offset 0
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

-- The index again, its expression's statistics off before anything is
-- gathered (ANALYZE keeps what an earlier run gathered for a column whose
-- target is later set to 0, so the old index cannot simply be altered).
drop index public.products_search_idx;
create index products_search_idx on public.products
  using gin (public.search_fold(name || ' ' || coalesce(description, '')) extensions.gin_trgm_ops)
  with (gin_pending_list_limit = 256)
  where not _deleted;
alter index public.products_search_idx alter column 1 set statistics 0;
