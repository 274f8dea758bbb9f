-- The owner's identity is content (issue 43): the header's brand and mark, the footer's blurb, e-mail and
-- profile links were constants in the code, the same for every site. They live in the profile now, beside
-- the name (the brand, the titles) and the title (the role line, the home page's heading).
alter table public.about_data
  add column affiliation text not null default '',
  add column footer_blurb text not null default '',
  -- The public address, or '' for none.
  add column email text not null default '',
  -- [{kind, label, url}] in the owner's order; url is always an http(s) address (an ORCID iD as https://orcid.org/iD).
  add column links jsonb not null default '[]'::jsonb check (jsonb_typeof(links) = 'array'),
  -- One or two characters; mark_image_url, when set, is shown instead.
  add column mark text not null default '',
  add column mark_image_url text;

-- An existing site keeps what it showed: the code's values, which every site showed, become its own. A blank
-- name or role line showed the code's too. A site with content but no profile row (the sample content goes in
-- only when every content table is empty, so a new site is left to it) gets a profile holding them.
-- Its updated_at stays: nothing the owner wrote changed.
alter table public.about_data disable trigger about_data_set_updated_at;

insert into public.about_data (name)
select ''
 where not exists (select 1 from public.about_data)
   and (exists (select 1 from public.experience) or exists (select 1 from public.projects)
        or exists (select 1 from public.research_papers) or exists (select 1 from public.blog_posts)
        or exists (select 1 from public.personal_posts));

update public.about_data set
  name = case when btrim(name) = '' then 'Alex Morgan' else name end,
  title = case when btrim(title) = '' then 'Mathematics PhD Student & Researcher' else title end,
  footer_blurb = 'PhD student in mathematics working in analytic number theory: how the zeros of L-functions govern the way primes fall into arithmetic progressions and short intervals.',
  email = 'alex.morgan@example.com',
  links = $json$[
    {"kind": "github", "label": "", "url": "https://github.com/alex-morgan-math"},
    {"kind": "linkedin", "label": "", "url": "https://www.linkedin.com/in/alex-morgan-math"},
    {"kind": "scholar", "label": "", "url": "https://scholar.google.com/citations?user=alexmorgan"},
    {"kind": "orcid", "label": "", "url": "https://orcid.org/0000-0002-1825-0097"}
  ]$json$::jsonb,
  mark = '∂';

alter table public.about_data enable trigger about_data_set_updated_at;
