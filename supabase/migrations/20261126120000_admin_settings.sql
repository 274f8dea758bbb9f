-- Adding papers by identifier (issue 34, docs/product.md "Add by identifier"): the contact address the site
-- gives Crossref, DataCite, arXiv and ORCID with each lookup, as Crossref's etiquette asks (a mailto in the
-- User-Agent). It is the admins' own configuration, never shown on the site: unlike site_settings, which
-- anyone may read (the public pages' title and description), only admins read or write this one row.
-- Runs on Supabase, plain Postgres and PGlite like the initial schema.

create table public.admin_settings (
  id boolean primary key default true check (id),
  lookup_contact_email text not null default '' check (char_length(lookup_contact_email) <= 254),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create trigger admin_settings_set_updated_at before update on public.admin_settings
  for each row execute function public.set_updated_at();

revoke all on table public.admin_settings from anon, authenticated;
grant select, insert, update on table public.admin_settings to authenticated;
grant all on table public.admin_settings to service_role;

alter table public.admin_settings enable row level security;

create policy "Admins can read admin_settings" on public.admin_settings
  for select to authenticated using ((select public.is_admin()));
create policy "Admins can insert admin_settings" on public.admin_settings
  for insert to authenticated with check ((select public.is_admin()));
create policy "Admins can update admin_settings" on public.admin_settings
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
