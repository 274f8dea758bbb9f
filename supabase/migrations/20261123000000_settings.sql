-- Admin Settings (docs/product.md §2): the admin's own profile (display name, bio) and the site configuration
-- the public pages use (title, meta description, default social image). Runs on Supabase, plain Postgres
-- and PGlite like the initial schema.

alter table public.profiles add column if not exists bio text not null default '';

-- A signed-in user may edit their own profile's display fields (Profile Settings); admins read every profile.
grant update (full_name, avatar_url, bio) on table public.profiles to authenticated;
create policy "Users can update their own profile" on public.profiles
  for update to authenticated using (id = (select auth.uid())) with check (id = (select auth.uid()));

-- One row at most (id is always true); empty texts mean "use the built-in default".
create table public.site_settings (
  id boolean primary key default true check (id),
  site_title text not null default '',
  meta_description text not null default '',
  social_image_url text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create trigger site_settings_set_updated_at before update on public.site_settings
  for each row execute function public.set_updated_at();

revoke all on table public.site_settings from anon, authenticated;
grant select on table public.site_settings to anon, authenticated;
grant insert, update on table public.site_settings to authenticated;
grant all on table public.site_settings to service_role;

alter table public.site_settings enable row level security;

create policy "Anyone can read site_settings" on public.site_settings
  for select to anon, authenticated using (true);
create policy "Admins can insert site_settings" on public.site_settings
  for insert to authenticated with check ((select public.is_admin()));
create policy "Admins can update site_settings" on public.site_settings
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
