-- Kinds of work and their venues in full (issue 45). Each paper has a kind (journal article, conference paper,
-- book, chapter, PhD or master's thesis, technical report, preprint, dataset, software, other) and the venue
-- fields that kind has: volume, issue, pages or article number, publisher, editors, edition, ISBN, institution,
-- report number, and the conference's name, place and dates. `journal` stays the venue's title: the journal of an
-- article, the proceedings of a conference paper, the book a chapter is in, a preprint's repository.
-- Existing papers keep everything: a preprint becomes a preprint, every other paper a journal article in its
-- journal. Text fields are '' when empty, as `journal` is; the checks repeat the editor's limits loosely
-- (lib/validation/research.ts), as a last line against a bad write. Runs on Supabase, Postgres and PGlite.

alter table public.research_papers
  add column kind text not null default 'article'
    check (kind in ('article', 'conference', 'book', 'chapter', 'phd-thesis', 'masters-thesis', 'report', 'preprint', 'dataset', 'software', 'other')),
  add column volume text not null default '' check (length(volume) <= 40),
  add column issue text not null default '' check (length(issue) <= 40),
  add column pages text not null default '' check (length(pages) <= 45),
  add column article_number text not null default '' check (length(article_number) <= 40),
  add column publisher text not null default '' check (length(publisher) <= 300),
  add column editors text[] not null default '{}' check (cardinality(editors) <= 100),
  add column edition text not null default '' check (length(edition) <= 40),
  add column isbn text not null default '' check (length(isbn) <= 40),
  add column institution text not null default '' check (length(institution) <= 300),
  add column report_number text not null default '' check (length(report_number) <= 80),
  add column event_name text not null default '' check (length(event_name) <= 300),
  add column event_place text not null default '' check (length(event_place) <= 200),
  add column event_start date,
  add column event_end date,
  add constraint research_papers_event_dates check (event_end is null or event_start is null or event_end >= event_start);

-- The migration types what is there without touching updated_at (the sitemap's lastmod and the feeds read it).
alter table public.research_papers disable trigger research_papers_set_updated_at;
update public.research_papers set kind = 'preprint' where status = 'preprint';
alter table public.research_papers enable trigger research_papers_set_updated_at;

