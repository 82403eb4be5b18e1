-- The chatbot settings' limits, held by the database as well as by the form.
-- Until now they lived only in domain/chatbot.ts: an owner writing
-- chatbot_configs through the data API with their own token could store a
-- 500 KB system prompt (sent to the model with every message, so paid for
-- every time) or 20,001 allowed domains (checked on every widget request).
--
-- The rules are the domain module's, which is the authority;
-- tests/integration/chatbot-config-limits.test.ts writes each of its limits
-- and one past it through the data API, and fails when the two differ:
--   bot_name ≤ 50, welcome_message ≤ 500, bot_description ≤ 1000,
--   system_prompt ≤ 4000, website_url ≤ 2048 characters (char_length:
--   code points, which is how the form counts them too);
--   primary_color '#' and six hex digits, the shape the form stores (it takes
--   #abc as typed and saves #aabbcc);
--   allowed_domains at most 50 entries, each a text of at most 253
--   characters (the longest host name), in a one-dimensional list.
-- position, openai_model, temperature and max_tokens keep the checks they had
-- from 20261122000300_chatbot.sql, which already say what the form says; the
-- column's numeric(2, 1) keeps temperature on its tenths.
--
-- Rows written around the form before this may break the new rules. Rather
-- than failing the deploy, or adding the rules `not valid` and leaving such
-- rows to fail the owner's next save of any field, the migration first brings
-- them within the limits, changing only what breaks a rule and always towards
-- what the row already did:
--   * texts are cut to their limit: the prompt and messages keep their
--     beginning, and a URL its host, which is all the widget's origin check
--     reads;
--   * a colour the form would have read (#abc, blanks around it) becomes what
--     it would have saved; anything else the table's default;
--   * allowed domains lose empty (null) entries and exact repeats, nested
--     lists are flattened, entries are cut to 253 characters and the first 50
--     kept. Cutting rather than dropping an entry never empties a list that
--     had entries, which would let every site show the widget; keeping the
--     first 50 only ever narrows where it may appear.
-- Fixed rows get a new updated_at from their trigger. The table has one row
-- per owner, so validating the new constraints as they are added is quick.
--
-- A CHECK cannot look inside an array without a function, and a function a
-- CHECK calls needs EXECUTE for every writer, which would make it a callable
-- RPC of the data API; the per-entry rule is therefore a trigger, raising the
-- same check_violation (23514) with its own constraint name.

-- Existing rows -------------------------------------------------------------------

update public.chatbot_configs c
set bot_name = pg_catalog.left(c.bot_name, 50),
    welcome_message = pg_catalog.left(c.welcome_message, 500),
    bot_description = pg_catalog.left(c.bot_description, 1000),
    system_prompt = pg_catalog.left(c.system_prompt, 4000),
    website_url = pg_catalog.left(c.website_url, 2048),
    primary_color = case
      when c.primary_color ~ '^#[0-9A-Fa-f]{6}$' then c.primary_color
      when pg_catalog.btrim(c.primary_color) ~ '^#[0-9A-Fa-f]{6}$' then pg_catalog.lower(pg_catalog.btrim(c.primary_color))
      when pg_catalog.btrim(c.primary_color) ~ '^#[0-9A-Fa-f]{3}$'
        then pg_catalog.lower(pg_catalog.regexp_replace(pg_catalog.btrim(c.primary_color), '([0-9A-Fa-f])', '\1\1', 'g'))
      else '#3B82F6'
    end,
    allowed_domains = array(
      select k.entry
      from (
        select pg_catalog.left(d.entry, 253) as entry, min(d.n) as n
        from pg_catalog.unnest(c.allowed_domains) with ordinality as d (entry, n)
        where d.entry is not null
        group by 1
      ) k
      order by k.n
      limit 50)
where pg_catalog.char_length(c.bot_name) > 50
   or pg_catalog.char_length(c.welcome_message) > 500
   or pg_catalog.char_length(c.bot_description) > 1000
   or pg_catalog.char_length(c.system_prompt) > 4000
   or pg_catalog.char_length(c.website_url) > 2048
   or c.primary_color !~ '^#[0-9A-Fa-f]{6}$'
   or pg_catalog.cardinality(c.allowed_domains) > 50
   or pg_catalog.array_ndims(c.allowed_domains) > 1
   or exists (select 1 from pg_catalog.unnest(c.allowed_domains) as d (entry)
              where d.entry is null or pg_catalog.char_length(d.entry) > 253);

-- Tables ---------------------------------------------------------------------

alter table public.chatbot_configs
  add constraint chatbot_configs_bot_name_length check (char_length(bot_name) <= 50),
  add constraint chatbot_configs_welcome_message_length check (char_length(welcome_message) <= 500),
  add constraint chatbot_configs_bot_description_length check (char_length(bot_description) <= 1000),
  add constraint chatbot_configs_system_prompt_length check (char_length(system_prompt) <= 4000),
  add constraint chatbot_configs_website_url_length check (char_length(website_url) <= 2048),
  add constraint chatbot_configs_primary_color_hex check (primary_color ~ '^#[0-9A-Fa-f]{6}$'),
  add constraint chatbot_configs_allowed_domains_count check (cardinality(allowed_domains) <= 50);

-- Functions --------------------------------------------------------------------

-- Runs on every insert and update, whoever writes (owners, server code,
-- migrations): a row that breaks the rule is never stored.
create function public.check_chatbot_allowed_domains() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if pg_catalog.array_ndims(new.allowed_domains) > 1
     or exists (select 1 from pg_catalog.unnest(new.allowed_domains) as d (entry)
                where d.entry is null or pg_catalog.char_length(d.entry) > 253) then
    raise exception 'new row for relation "chatbot_configs" violates check constraint "chatbot_configs_allowed_domains_entries"'
      using errcode = 'check_violation',
            detail = 'allowed_domains is a list of domain names, each at most 253 characters.',
            schema = 'public',
            table = 'chatbot_configs',
            column = 'allowed_domains',
            constraint = 'chatbot_configs_allowed_domains_entries';
  end if;
  return new;
end
$$;

create trigger chatbot_configs_check_allowed_domains
  before insert or update on public.chatbot_configs
  for each row execute function public.check_chatbot_allowed_domains();

-- Grants -----------------------------------------------------------------------

-- A trigger function is never called by clients; firing it needs no grant.
revoke all on function public.check_chatbot_allowed_domains() from public, anon, authenticated;
