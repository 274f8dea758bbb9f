-- The CV (issue 33, docs/product.md "The CV"): the CV-only rows the site had no place for (honours and awards,
-- talks, teaching, service), and the CV's settings on the one site_settings row. Everything else the CV shows
-- is the site's own content. Runs on Supabase, plain Postgres and PGlite like the initial schema.

create table public.cv_entries (
  id uuid primary key default gen_random_uuid(),
  category text not null default 'award' check (category in ('award', 'talk', 'teaching', 'service')),
  -- A year, a year-month or a day ('2024', '2024-03', '2024-03-14'): text, so it keeps the precision given and
  -- sorts as text. The end is null for a single date, else not before the start.
  start_date text not null check (start_date ~ '^[0-9]{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?)?$'),
  end_date text check (end_date ~ '^[0-9]{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?)?$'),
  title text not null default '',
  place text not null default '',
  url text,
  description text not null default '',
  -- The owner's order within the list (the editor's order, top first).
  position integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint cv_entries_end_not_before_start check (end_date is null or left(end_date, 4) >= left(start_date, 4))
);

create index cv_entries_position_idx on public.cv_entries (position, created_at);

create trigger cv_entries_set_updated_at before update on public.cv_entries
  for each row execute function public.set_updated_at();

revoke all on table public.cv_entries from anon, authenticated;
grant select on table public.cv_entries to anon, authenticated;
grant insert, update, delete on table public.cv_entries to authenticated;
grant all on table public.cv_entries to service_role;

alter table public.cv_entries enable row level security;

create policy "Anyone can read cv_entries" on public.cv_entries
  for select to anon, authenticated using (true);
create policy "Admins can insert cv_entries" on public.cv_entries
  for insert to authenticated with check ((select public.is_admin()));
create policy "Admins can update cv_entries" on public.cv_entries
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins can delete cv_entries" on public.cv_entries
  for delete to authenticated using ((select public.is_admin()));

-- The CV's settings (Admin Settings, "CV"): the sections shown and their order, the PDF's paper size, an
-- optional summary, featured or all projects, and whether draft papers are listed as "In preparation".
alter table public.site_settings add column if not exists cv_sections text[] not null
  default array['education', 'experience', 'publications', 'projects', 'interests', 'skills', 'award', 'talk', 'teaching', 'service'];
alter table public.site_settings add column if not exists cv_paper_size text not null default 'a4';
alter table public.site_settings add column if not exists cv_summary text not null default '';
alter table public.site_settings add column if not exists cv_projects text not null default 'featured';
alter table public.site_settings add column if not exists cv_include_drafts boolean not null default false;

alter table public.site_settings add constraint site_settings_cv_paper_size check (cv_paper_size in ('a4', 'letter'));
alter table public.site_settings add constraint site_settings_cv_projects check (cv_projects in ('featured', 'all'));
alter table public.site_settings add constraint site_settings_cv_sections check (
  cv_sections <@ array['education', 'experience', 'publications', 'projects', 'interests', 'skills', 'award', 'talk', 'teaching', 'service']
);
