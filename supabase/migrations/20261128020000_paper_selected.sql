-- A "Selected" flag on papers (issue 45), chosen in the Research Papers editor: the home page lists the selected
-- papers (drafts never) under "Selected Publications", and shows no such section when none is selected.
alter table public.research_papers add column selected boolean not null default false;
