-- Site search (issue 35, lib/search/queries.ts): each public content table keeps its own full-text index, a
-- generated `search` column with a GIN index, so a save is searchable the moment it commits, with no job to
-- run. Weights: A the title; B tags, authors, venue, technologies, company, category; C the body. English
-- stemming. Runs on Supabase, plain Postgres and PGlite like the initial schema.

-- The helpers live outside `public`: Supabase's REST API serves only `public`, so these are nobody's to call
-- by name, and the policy matrix (tests/integration/policy-matrix.test.ts) keeps covering exactly the
-- functions the API offers. EXECUTE stays with PUBLIC, Postgres's default: an admin's write through the API
-- evaluates the generated columns, and so calls them.
create schema if not exists private;

-- A generated column may only call immutable functions, and array_to_string is stable (it would be for an
-- array of timestamps, whose text depends on settings). Joining text is immutable, so this wrapper says so:
-- the common practice. (Casting the array to text instead is stable for the same reason.)
create function private.search_words(words text[]) returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(pg_catalog.array_to_string(words, ' '), '');
$$;

-- The text of sanitised HTML (project descriptions, personal posts) for the index and for the excerpts: block
-- tags become line breaks, other tags nothing (as lib/content/personal/rules.ts htmlToText reads it), and the
-- entities sanitize-html writes are decoded (&amp; last, so '&amp;lt;' stays '&lt;'). Immutable: only
-- regexp_replace and replace.
create function private.search_html_text(html text) returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
         pg_catalog.replace(pg_catalog.replace(
           pg_catalog.regexp_replace(
             pg_catalog.regexp_replace(
               coalesce(html, ''),
               '<\s*(br|/?(p|div|h[1-6]|li|ul|ol|blockquote|pre|tr|td|th|table|section|article|figure|figcaption|hr))\M[^>]*>',
               E'\n', 'gi'),
             '<[^>]*>', '', 'g'),
         '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&apos;', ''''), '&nbsp;', ' '), '&amp;', '&');
$$;

alter table public.research_papers add column search tsvector generated always as (
  setweight(to_tsvector('english', title), 'A')
  || setweight(to_tsvector('english', private.search_words(tags) || ' ' || private.search_words(authors) || ' ' || journal), 'B')
  || setweight(to_tsvector('english', abstract), 'C')
) stored;

alter table public.blog_posts add column search tsvector generated always as (
  setweight(to_tsvector('english', title), 'A')
  || setweight(to_tsvector('english', private.search_words(tags)), 'B')
  || setweight(to_tsvector('english', excerpt || E'\n\n' || content), 'C')
) stored;

alter table public.projects add column search tsvector generated always as (
  setweight(to_tsvector('english', title), 'A')
  || setweight(to_tsvector('english', private.search_words(technologies) || ' ' || coalesce(category, '')), 'B')
  || setweight(to_tsvector('english', private.search_html_text(description)), 'C')
) stored;

-- An untitled post is titled by its first '# ' line (docs/product.md §3), which then weighs as a title.
alter table public.personal_posts add column search tsvector generated always as (
  setweight(to_tsvector('english', case
    when btrim(title) <> '' then title
    else coalesce(substring(private.search_html_text(content) from '(?n)^[ \t]*#[ \t]+([^\n]+)'), '')
  end), 'A')
  || setweight(to_tsvector('english', private.search_html_text(content)), 'C')
) stored;

alter table public.experience add column search tsvector generated always as (
  setweight(to_tsvector('english', title), 'A')
  || setweight(to_tsvector('english', company || ' ' || location || ' ' || private.search_words(technologies)), 'B')
  || setweight(to_tsvector('english', description || E'\n' || private.search_words(highlights)), 'C')
) stored;

create index research_papers_search_idx on public.research_papers using gin (search);
create index blog_posts_search_idx on public.blog_posts using gin (search);
create index projects_search_idx on public.projects using gin (search);
create index personal_posts_search_idx on public.personal_posts using gin (search);
create index experience_search_idx on public.experience using gin (search);
