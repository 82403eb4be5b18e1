-- Customer phone numbers in one international form, E.164 ("+905321234567"):
-- what SMS and WhatsApp providers take, what search and display parse, and
-- one spelling per number, so the same customer typed twice compares equal.
-- The app normalizes and validates numbers (domain/customers.ts); the
-- database only guards the shape, since which ranges are valid mobile
-- numbers changes with every numbering plan update.

-- Data -----------------------------------------------------------------------

-- Rows written before the rule in a form people type are moved to E.164:
-- an international number with separators ("+90 532 123 45 67",
-- "+44 7911 123456") loses them, and a Turkish number without a country code
-- ("0532 123 45 67", "532 123 45 67", "90 532…") gets +90. The update goes
-- through the sync trigger, so devices pull the new spelling instead of
-- pushing the old one back. Anything else is left for the constraint below
-- to refuse: a number that cannot be read safely needs a person, not a
-- guess, so the migration then fails and names the constraint.
with typed as (
  select id,
         phone_number ~ '^\s*\+' as international,
         pg_catalog.regexp_replace(phone_number, '[^0-9]', '', 'g') as digits
  from public.customers
  where phone_number !~ '^\+[1-9][0-9]{6,14}$'
    and phone_number ~ '^\s*\+?[0-9\s().-]+$'
),
normalized as (
  select id,
         case
           -- "+90 (0532) …": the trunk 0 written after the country code.
           when international and pg_catalog.length(digits) = 13 and digits like '900%' then '+90' || pg_catalog.substr(digits, 4)
           when international then '+' || digits
           when pg_catalog.length(digits) = 10 and digits !~ '^0' then '+90' || digits
           when pg_catalog.length(digits) = 11 and digits ~ '^0[1-9]' then '+90' || pg_catalog.substr(digits, 2)
           when pg_catalog.length(digits) = 12 and digits ~ '^90[1-9]' then '+' || digits
         end as phone
  from typed
)
update public.customers c
set phone_number = n.phone
from normalized n
where c.id = n.id and n.phone ~ '^\+[1-9][0-9]{6,14}$';

-- Constraints ----------------------------------------------------------------

alter table public.customers
  add constraint customers_phone_number_e164 check (phone_number ~ '^\+[1-9][0-9]{6,14}$');
