-- The product search index (products_search_idx, 20261122001500) without
-- GIN's pending list.
--
-- By default a GIN index takes new entries into a pending list that every
-- search reads in full until a vacuum (or the list reaching 4 MB) merges it
-- into the index. After a catalogue import, each customer's question then
-- read thousands of pending product entries of every owner: under
-- `npm run bench:load` a search took 30-45 ms instead of 1-2, and the
-- assistant's answers queued behind it. The assistant searches on nearly
-- every message and the owners write products far less often, so the index
-- takes each entry at write time instead (a product write costs a little
-- more; every search reads only the index).

alter index public.products_search_idx set (fastupdate = off);

-- What is pending now goes into the index, so the first searches do not read it either.
select pg_catalog.gin_clean_pending_list('public.products_search_idx'::regclass);
