-- Site search, faster (issue 35): keep each row's `search` vector inside the row instead of in the TOAST table.
-- A vector over a few hundred words of body is 2 to 3 kB, over the 2 kB at which Postgres moves a value out of
-- line; ranking a common word then fetched every match's vector from the TOAST table through its index, which
-- was half the time of a search (5,000 items, `npm run bench`: p50 46 -> 31 ms on PGlite, 32 -> 22 ms on a
-- Postgres server). MAIN still compresses the vector, and moves it out of line only when the row cannot fit in
-- a page otherwise; the body text, stored EXTENDED, is moved out first.

alter table public.research_papers alter column search set storage main;
alter table public.blog_posts alter column search set storage main;
alter table public.projects alter column search set storage main;
alter table public.personal_posts alter column search set storage main;
alter table public.experience alter column search set storage main;

-- A storage setting applies to rows written after it: rewrite the rows there are, recomputing their vectors,
-- without touching updated_at (the sitemap's lastmod and the feeds read it), so the set_updated_at triggers
-- are off for the rewrite. A migration runs in one transaction, so no save sees them off.
alter table public.research_papers disable trigger research_papers_set_updated_at;
alter table public.blog_posts disable trigger blog_posts_set_updated_at;
alter table public.projects disable trigger projects_set_updated_at;
alter table public.personal_posts disable trigger personal_posts_set_updated_at;
alter table public.experience disable trigger experience_set_updated_at;

update public.research_papers set title = title;
update public.blog_posts set title = title;
update public.projects set title = title;
update public.personal_posts set title = title;
update public.experience set title = title;

alter table public.research_papers enable trigger research_papers_set_updated_at;
alter table public.blog_posts enable trigger blog_posts_set_updated_at;
alter table public.projects enable trigger projects_set_updated_at;
alter table public.personal_posts enable trigger personal_posts_set_updated_at;
alter table public.experience enable trigger experience_set_updated_at;
