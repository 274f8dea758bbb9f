-- Co-authors (issue 45, docs/product.md "Admin Co-authors"): the people the owner writes papers with, by their
-- name as author lists write it, each with an optional homepage and ORCID iD. The research pages link a paper's
-- author names that match one (lib/content/coauthors/rules.ts). The checks repeat the editor's rules loosely
-- (lib/validation/coauthors.ts); the ORCID iD's check character is the editor's to verify. Runs on Supabase,
-- plain Postgres and PGlite like the initial schema.

create table public.coauthors (
  id uuid primary key default gen_random_uuid(),
  -- As author lists write it ('Emmy Noether', 'Noether, Emmy'), trimmed.
  name text not null check (btrim(name) <> '' and length(name) <= 200),
  -- An http(s) address, or null.
  homepage text check (length(homepage) <= 2048),
  -- Stored bare, '0000-0002-1825-0097' (its address is https://orcid.org/{orcid}), or null.
  orcid text check (orcid ~ '^[0-9]{4}-[0-9]{4}-[0-9]{4}-[0-9]{3}[0-9X]$'),
  -- The owner's order within the list (the editor's order, top first).
  position integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- One co-author per name, whatever its case: a second would make every match of that name ambiguous. Deferrable,
  -- so one save may hand a name from one row to another (saveCoauthorList defers it to the save's end); an
  -- import checks it row by row, and refuses an archive that names a co-author twice.
  constraint coauthors_name_once exclude using btree ((lower(name)) with =) deferrable initially immediate
);

create index coauthors_position_idx on public.coauthors (position, created_at);

create trigger coauthors_set_updated_at before update on public.coauthors
  for each row execute function public.set_updated_at();

revoke all on table public.coauthors from anon, authenticated;
grant select on table public.coauthors to anon, authenticated;
grant insert, update, delete on table public.coauthors to authenticated;
grant all on table public.coauthors to service_role;

alter table public.coauthors enable row level security;

create policy "Anyone can read coauthors" on public.coauthors
  for select to anon, authenticated using (true);
create policy "Admins can insert coauthors" on public.coauthors
  for insert to authenticated with check ((select public.is_admin()));
create policy "Admins can update coauthors" on public.coauthors
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins can delete coauthors" on public.coauthors
  for delete to authenticated using ((select public.is_admin()));
