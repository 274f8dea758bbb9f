-- Teaching (issue 47, docs/product.md "Teaching"): each course a record of its own, shown on /teaching, on its own
-- page /teaching/{id} when it has one, in site search and in the CV's Teaching section. Until now courses were CV
-- rows (cv_entries, category 'teaching'): they move here, keeping their ids, so nothing pointing at one breaks. Also
-- how the owner groups the teaching page. Runs on Supabase, plain Postgres and PGlite like the initial schema.

create table public.courses (
  id uuid primary key default gen_random_uuid(),
  title text not null check (btrim(title) <> '' and length(title) <= 300),
  -- The institution's course code ('MATH10071'), the institution, and the level ('Undergraduate, third year'); '' for none.
  code text not null default '' check (length(code) <= 50),
  institution text not null default '' check (length(institution) <= 300),
  role text check (role in ('lecturer', 'teaching-assistant', 'tutor', 'grader')),
  level text not null default '' check (length(level) <= 100),
  -- A year, a year-month or a day, as the CV's rows: text, so it keeps the precision given and sorts as text.
  start_date text not null check (start_date ~ '^[0-9]{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?)?$'),
  end_date text check (end_date ~ '^[0-9]{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?)?$'),
  -- The terms taught, as the owner names them ('Autumn 2024').
  terms text[] not null default '{}' check (cardinality(terms) <= 30),
  -- The site's markup with mathematics, as a paper's abstract.
  description text not null default '' check (length(description) <= 20000),
  -- The materials (syllabus, notes, problem sheets): parallel lists of labels and addresses, each address a PDF
  -- from the media library (/storage/…) or an http(s) address. Two lists of text rather than one of JSON, so
  -- the media library's reference search (lib/storage/references.ts) sees every address.
  material_labels text[] not null default '{}',
  material_urls text[] not null default '{}',
  -- Whether the course has a page of its own; without one the list shows it whole and links nowhere.
  has_page boolean not null default true,
  -- One line for the CV ('' for none), as the CV row it may have been.
  note text not null default '' check (length(note) <= 500),
  -- The place the owner gave a course moved from the CV among the CV's teaching (its row's position there), so the
  -- CV lists those in the owner's order; null for a course added since, which the CV lists by date, newest first, above.
  cv_order integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Compared at the precision both give, as the CV editor compares them: '2023' does not end before '2023-05'.
  constraint courses_end_not_before_start check (
    end_date is null
    or left(end_date, least(length(start_date), length(end_date))) >= left(start_date, least(length(start_date), length(end_date)))
  ),
  constraint courses_materials check (cardinality(material_labels) = cardinality(material_urls) and cardinality(material_urls) <= 20),
  -- Site search (lib/search/queries.ts, the registry's `search`): A the title, B the code, institution, level and
  -- terms, C the description.
  search tsvector generated always as (
    setweight(to_tsvector('english', title), 'A')
    || setweight(to_tsvector('english', code || ' ' || institution || ' ' || level || ' ' || private.search_words(terms)), 'B')
    || setweight(to_tsvector('english', description), 'C')
  ) stored
);

-- Kept inside the row, as the other searched tables' (20261126140000_search_inline.sql).
alter table public.courses alter column search set storage main;

create index courses_start_date_idx on public.courses (start_date desc, created_at);
create index courses_search_idx on public.courses using gin (search);

create trigger courses_set_updated_at before update on public.courses
  for each row execute function public.set_updated_at();

revoke all on table public.courses from anon, authenticated;
grant select on table public.courses to anon, authenticated;
grant insert, update, delete on table public.courses to authenticated;
grant all on table public.courses to service_role;

alter table public.courses enable row level security;

create policy "Anyone can read courses" on public.courses
  for select to anon, authenticated using (true);
create policy "Admins can insert courses" on public.courses
  for insert to authenticated with check ((select public.is_admin()));
create policy "Admins can update courses" on public.courses
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins can delete courses" on public.courses
  for delete to authenticated using ((select public.is_admin()));

-- The CV's teaching rows move here with their ids and dates; the place becomes the institution, the link the
-- course's first material ('Course page'), and the one-line description the note. Nothing is guessed: the role,
-- code and level are for the owner to fill in the editor. An end before the start at the precision both give
-- (which the CV's own check, by year only, let through) is dropped: the start keeps the date the CV showed.
insert into public.courses (id, title, institution, start_date, end_date, material_labels, material_urls, note, cv_order, created_at, updated_at)
select id,
       case when btrim(title) = '' then 'Untitled course' else left(title, 300) end,
       left(place, 300),
       start_date,
       case
         when end_date is not null
          and left(end_date, least(length(start_date), length(end_date))) >= left(start_date, least(length(start_date), length(end_date)))
         then end_date
       end,
       case when coalesce(url, '') <> '' then array['Course page'] else '{}'::text[] end,
       case when coalesce(url, '') <> '' then array[url] else '{}'::text[] end,
       left(description, 500),
       position,
       created_at,
       updated_at
  from public.cv_entries
 where category = 'teaching';

delete from public.cv_entries where category = 'teaching';

alter table public.cv_entries drop constraint cv_entries_category_check;
alter table public.cv_entries add constraint cv_entries_category_check check (category in ('award', 'service'));

-- How /teaching groups the courses (the Teaching editor's choice): by institution or by the year each began.
alter table public.site_settings add column if not exists teaching_grouping text not null default 'institution'
  check (teaching_grouping in ('institution', 'year'));
