-- The five public storage buckets (docs/product.md §§3 and 9) and who may change their files, for Supabase
-- Storage. Everyone reads (the site shows these files to visitors, and the startup check lists each
-- bucket anonymously); only admins upload, replace and delete.
--
-- Supabase Storage keeps buckets and files in its own `storage` schema. PGlite and plain Postgres have
-- none (the app keeps files on local disk there), so this file does nothing on them: everything runs in
-- one DO block that first checks for the storage tables, with dynamic SQL so nothing refers to them
-- where they do not exist. Idempotent, so it is safe where the buckets or policies were made by hand.
--
-- It never alters storage.objects itself (Supabase owns that table: `alter table` fails there with
-- "must be owner", and row-level security is always on for it); creating policies on it is allowed.

do $migration$
declare
  buckets constant text[] := array['profile-images', 'project-images', 'blog-images', 'personal-images', 'research-papers'];
  in_buckets constant text := format('bucket_id = any (%L::text[])', buckets);
  wanted_policy record;
begin
  if to_regnamespace('storage') is null
    or to_regclass('storage.buckets') is null
    or to_regclass('storage.objects') is null then
    return;
  end if;

  -- A bucket that already exists (made in the dashboard, say) is left exactly as it is.
  execute $sql$
    insert into storage.buckets (id, name, public)
    select bucket, bucket, true from unnest($1::text[]) as bucket
    on conflict (id) do nothing
  $sql$ using buckets;

  for wanted_policy in
    select *
    from (
      values
        ('Anyone can read portfolio files', 'select', 'anon, authenticated',
          format('using (%s)', in_buckets)),
        ('Admins can upload portfolio files', 'insert', 'authenticated',
          format('with check (%s and (select public.is_admin()))', in_buckets)),
        ('Admins can update portfolio files', 'update', 'authenticated',
          format('using (%1$s and (select public.is_admin())) with check (%1$s and (select public.is_admin()))', in_buckets)),
        ('Admins can delete portfolio files', 'delete', 'authenticated',
          format('using (%s and (select public.is_admin()))', in_buckets))
    ) as wanted (name, command, roles, rule)
  loop
    if not exists (
      select 1 from pg_catalog.pg_policies
      where schemaname = 'storage' and tablename = 'objects' and policyname = wanted_policy.name
    ) then
      execute format('create policy %I on storage.objects for %s to %s %s', wanted_policy.name, wanted_policy.command, wanted_policy.roles, wanted_policy.rule);
    end if;
  end loop;
end
$migration$;
