-- Publications that keep themselves current (issue 46, docs/product.md "Citations and new works"): each paper's
-- citation count as OpenAlex (or, when OpenAlex has no record, Crossref) gives it, the works on the owner's ORCID
-- profile that are not on the site, and the daily run that reads them, held by one server at a time through a
-- lease in the database. All of it is derived data, read again from the sources by the next run: no export
-- carries it and an import leaves it alone (a paper's counts go with the paper). Runs on Supabase, plain
-- Postgres and PGlite like the initial schema.

-- One row per paper that has been counted. The count and its years are the last answer that passed the checks
-- (lib/scholarly/citations.ts); a later failure leaves them and says why in `problem`.
create table public.paper_citations (
  paper_id uuid primary key references public.research_papers (id) on delete cascade,
  source text not null check (source in ('openalex', 'crossref')),
  cited_by integer not null check (cited_by >= 0 and cited_by <= 1000000),
  -- [{"year": 2024, "count": 3}, …], oldest first, each year once, none after the year it was read.
  by_year jsonb not null default '[]'::jsonb check (jsonb_typeof(by_year) = 'array'),
  -- The source's list of the citing works (an http(s) address), or null.
  citing_url text check (length(citing_url) <= 2048),
  -- When the count shown was read.
  read_at timestamptz not null,
  -- When the last attempt was made, and why it failed (null when it gave the count shown).
  checked_at timestamptz not null default now(),
  problem text check (length(problem) <= 500)
);

revoke all on table public.paper_citations from anon, authenticated;
grant select on table public.paper_citations to anon, authenticated;
grant all on table public.paper_citations to service_role;
alter table public.paper_citations enable row level security;
create policy "Anyone can read paper_citations" on public.paper_citations
  for select to anon, authenticated using (true);

-- Works on the owner's ORCID profile that the site does not have. A dismissed work stays (dismissed_at set) so
-- that it is not offered again; one the owner adds is recognised as on the site and removed by the next run.
create table public.found_works (
  -- 'doi:10.1000/x' (lower case), 'arxiv:2403.01234' (no version), or 'orcid:{iD}/{put-code}' for a work with neither.
  key text primary key check (length(key) <= 300),
  orcid text not null check (orcid ~ '^[0-9]{4}-[0-9]{4}-[0-9]{4}-[0-9]{3}[0-9X]$'),
  put_code text not null check (length(put_code) <= 40),
  title text not null default '' check (length(title) <= 1000),
  work_type text not null default '' check (length(work_type) <= 60),
  doi text check (length(doi) <= 300),
  arxiv_id text check (length(arxiv_id) <= 60),
  year integer check (year between 1000 and 9999),
  found_at timestamptz not null default now(),
  dismissed_at timestamptz
);

revoke all on table public.found_works from anon, authenticated;
grant select, update on table public.found_works to authenticated;
grant all on table public.found_works to service_role;
alter table public.found_works enable row level security;
create policy "Admins can read found_works" on public.found_works
  for select to authenticated using ((select public.is_admin()));
create policy "Admins can update found_works" on public.found_works
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- The owner's choices (Settings → Citations): whether the counts show on the site and on the CV, and how often
-- the run comes (every refresh_hours hours; 0: never by itself, only "Refresh now" and the scheduler route).
-- One row at most; no row means the defaults.
create table public.citation_settings (
  id boolean primary key default true check (id),
  show_on_site boolean not null default false,
  show_on_cv boolean not null default false,
  refresh_hours integer not null default 24 check (refresh_hours in (0, 6, 12, 24, 168)),
  updated_at timestamptz not null default now()
);

create trigger citation_settings_set_updated_at before update on public.citation_settings
  for each row execute function public.set_updated_at();

revoke all on table public.citation_settings from anon, authenticated;
grant select on table public.citation_settings to anon, authenticated;
grant insert, update on table public.citation_settings to authenticated;
grant all on table public.citation_settings to service_role;
alter table public.citation_settings enable row level security;
create policy "Anyone can read citation_settings" on public.citation_settings
  for select to anon, authenticated using (true);
create policy "Admins can insert citation_settings" on public.citation_settings
  for insert to authenticated with check ((select public.is_admin()));
create policy "Admins can update citation_settings" on public.citation_settings
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- The run (lib/scholarly/refresh/): one row. The lease (holder, until) is taken and renewed by one atomic update
-- each (lib/scholarly/refresh/lease.ts); a holder that crashes stops renewing and its lease runs out. A run that
-- stopped part-way (run_finished_at null) is resumed by the next holder: the papers checked since run_started_at
-- are not asked again.
create table public.refresh_state (
  id boolean primary key default true check (id),
  lease_holder text check (length(lease_holder) <= 200),
  lease_until timestamptz,
  run_started_at timestamptz,
  run_finished_at timestamptz,
  -- 'schedule', 'admin' (Refresh now) or 'route' (the outside scheduler's POST).
  run_trigger text check (run_trigger in ('schedule', 'admin', 'route')),
  papers_checked integer not null default 0,
  counts_updated integer not null default 0,
  works_found integer not null default 0,
  -- [{"at": "…", "what": "…", "message": "…"}], at most 50: why a paper's count or the profile was kept out.
  errors jsonb not null default '[]'::jsonb check (jsonb_typeof(errors) = 'array'),
  -- Set by Refresh now on any instance; the instance that takes the lease runs and clears it.
  requested_at timestamptz
);

revoke all on table public.refresh_state from anon, authenticated;
grant select on table public.refresh_state to authenticated;
grant all on table public.refresh_state to service_role;
alter table public.refresh_state enable row level security;
create policy "Admins can read refresh_state" on public.refresh_state
  for select to authenticated using ((select public.is_admin()));

insert into public.refresh_state (id) values (true) on conflict (id) do nothing;
