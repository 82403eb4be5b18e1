-- Profile pictures: the public bucket `avatars`. The settings screen uploads
-- to {userId}/{timestamp}.{extension} and stores the object's public URL in
-- users.avatar_url. Each user writes only inside the folder named by their
-- own id; everyone reads through the public URL, which serves public buckets
-- without consulting RLS, so no select policy for anon is needed.

-- Bucket -----------------------------------------------------------------------

-- "Under 2 MB" as the settings screen enforces it: it refuses a file when
-- file.size > 2 * 1024 * 1024, so exactly 2,097,152 bytes passes there and
-- must pass here too; one byte more is refused by both.
-- Raster types only. SVG is refused: it can carry script, and the public URL
-- would serve it from the API's own origin.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('avatars', 'avatars', true, 2097152, array['image/png', 'image/jpeg', 'image/webp', 'image/gif'])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- RLS ------------------------------------------------------------------------

-- storage.objects ships with RLS enabled and its grants in place. An upload
-- needs INSERT; an upsert (replacing a picture) also SELECT and UPDATE; a
-- removal needs DELETE (and SELECT to report what it removed).

create policy "avatars: owner uploads into own folder" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );

create policy "avatars: owner reads own files" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );

create policy "avatars: owner replaces own files" on storage.objects
  for update to authenticated
  using (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid())::text
  )
  with check (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );

create policy "avatars: owner deletes own files" on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );
