-- Research papers gain their scholarly identifiers (issue 14): a DOI and an arXiv identifier, both
-- optional, stored normalised (no https://doi.org/ or arXiv: prefix) so Google Scholar's citation_doi and
-- citation_arxiv_id, BibTeX and the import's duplicate check all read the same value. The checks repeat
-- the editor's format rules (lib/validation/research.ts) loosely, as a last line against a bad write.
-- Runs on Supabase, plain Postgres and PGlite like the initial schema.

alter table public.research_papers add column if not exists doi text;
alter table public.research_papers add column if not exists arxiv_id text;

alter table public.research_papers add constraint research_papers_doi_format
  check (doi is null or (doi ~ '^10\.[0-9]{4,9}/\S+$' and length(doi) <= 200));
alter table public.research_papers add constraint research_papers_arxiv_id_format
  check (arxiv_id is null or arxiv_id ~ '^([0-9]{4}\.[0-9]{4,5}|[a-z][a-z-]*(\.[A-Z]{2})?/[0-9]{7})(v[0-9]+)?$');

-- The BibTeX import looks papers up by DOI (case-insensitive, as DOIs are).
create index if not exists research_papers_doi_idx on public.research_papers (lower(doi)) where doi is not null;
