-- What belongs to a paper besides its text (issue 45): links to its code, data, slides, video, poster and
-- published version (an http(s) address or a file of the site's own, /storage/…), and a note shown with the
-- authors ('Equal contribution', 'Authors in alphabetical order'). All optional: null, or '' for the note.
-- The checks repeat the editor's limits loosely (lib/validation/research.ts). Runs on Supabase, Postgres and PGlite.

alter table public.research_papers
  add column code_url text check (length(code_url) <= 2048),
  add column data_url text check (length(data_url) <= 2048),
  add column slides_url text check (length(slides_url) <= 2048),
  add column video_url text check (length(video_url) <= 2048),
  add column poster_url text check (length(poster_url) <= 2048),
  add column published_url text check (length(published_url) <= 2048),
  add column note text not null default '' check (length(note) <= 200);

-- The site search reads the new text too (the registry's search weights, lib/content/registry.mjs): a paper is
-- found by its publisher, its institution, its conference (20261128000000_paper_kinds.sql) or its note, as by
-- its journal. A generated column's expression is replaced by dropping and adding it again (with its index and
-- storage, as 20261126130000_search.sql and 20261126140000_search_inline.sql made them); adding it computes
-- every row's.
drop index if exists public.research_papers_search_idx;
alter table public.research_papers drop column search;
alter table public.research_papers add column search tsvector generated always as (
  setweight(to_tsvector('english', title), 'A')
  || setweight(to_tsvector('english', private.search_words(tags) || ' ' || private.search_words(authors) || ' ' || journal
       || ' ' || publisher || ' ' || institution || ' ' || event_name || ' ' || note), 'B')
  || setweight(to_tsvector('english', abstract), 'C')
) stored;
alter table public.research_papers alter column search set storage main;
create index research_papers_search_idx on public.research_papers using gin (search);
