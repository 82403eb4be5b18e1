-- The product search index (products_search_idx, 20261122001500) with a
-- short pending list.
--
-- A GIN index takes new entries into a pending list that every search reads
-- in full until a vacuum, or the list reaching gin_pending_list_limit (4 MB
-- by default), merges it into the index. After a catalogue import, each
-- customer's question then read thousands of pending product entries of
-- every owner: under `npm run bench:load` a search took 30-45 ms instead of
-- 1-2, and the assistant's answers queued behind it. Without a pending list
-- at all (fastupdate off) every product write updates the index itself,
-- which made an import of 10,000 products three times slower. With at most
-- 256 kB pending, writes still batch their index updates and a search reads
-- little besides the index.

alter index public.products_search_idx set (gin_pending_list_limit = 256);

-- What is pending now goes into the index, so the first searches do not read it either.
select pg_catalog.gin_clean_pending_list('public.products_search_idx'::regclass);
