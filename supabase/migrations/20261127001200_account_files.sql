-- A deleted owner adds no file. Deleting an account (the delete-account
-- function) removes everything under avatars/{userId}/ and then the user,
-- but an access token is a signed JWT that storage accepts until it expires
-- (up to an hour): with the token of a device signed in before the deletion,
-- the deleted owner could still upload into the folder, and that file, which
-- nobody could remove any more, would be served from its public URL for
-- good. Writing into the folder now also takes the owner's public.users row,
-- which goes with the account (it cascades from auth.users).
--
-- The INSERT policy is the one every upload meets, an upsert's too (Postgres
-- checks the row proposed for insertion even when it ends up updating); the
-- UPDATE policy's check covers what a move or a replacement writes. Reading
-- and deleting stay as they were (20261122000600_storage_avatars).
--
-- No grants change: storage.objects keeps its own, and authenticated reads
-- its own public.users row ("users: owner reads", 20261122000100_profiles),
-- which is what the subquery below sees under row-level security.

drop policy "avatars: owner uploads into own folder" on storage.objects;

create policy "avatars: owner uploads into own folder" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and exists (select 1 from public.users u where u.id = (select auth.uid()))
  );

drop policy "avatars: owner replaces own files" on storage.objects;

create policy "avatars: owner replaces own files" on storage.objects
  for update to authenticated
  using (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid())::text
  )
  with check (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and exists (select 1 from public.users u where u.id = (select auth.uid()))
  );
