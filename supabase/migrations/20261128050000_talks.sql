-- Talks (issue 47, docs/product.md "Talks"): each talk a record of its own, shown on /talks, on its own page
-- /talks/{id}, on its paper's page, in site search and in the CV's Talks section. Until now talks were CV rows
-- (cv_entries, category 'talk'): they move here, keeping their ids, so nothing pointing at one breaks. Also the
-- site's time zone, which decides whether a talk is upcoming or past. Runs on Supabase, plain Postgres and PGlite
-- like the initial schema.

create table public.talks (
  id uuid primary key default gen_random_uuid(),
  title text not null check (btrim(title) <> '' and length(title) <= 300),
  -- The conference, workshop or seminar series ('' for none stated), and its address.
  event_name text not null default '' check (length(event_name) <= 300),
  event_url text check (length(event_url) <= 2048),
  -- A day ('2027-03-12'); a year or a year-month only for talks moved from the CV, which kept the precision given.
  -- The end is the last day of a talk over several days, else null.
  start_date text not null check (start_date ~ '^[0-9]{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?)?$'),
  end_date text check (end_date ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'),
  -- When the talk starts and ends on its day ('16:00'), in time_zone (null: the site's), or null for the day only.
  start_time text check (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  end_time text check (end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  time_zone text check (length(time_zone) <= 64),
  kind text check (kind in ('invited', 'contributed', 'keynote', 'seminar', 'colloquium', 'poster', 'panel')),
  attendance text not null default 'in-person' check (attendance in ('in-person', 'online', 'hybrid')),
  -- Where: the venue or institution as written ('University of Oxford'), and the city chosen from the gazetteer
  -- (GeoNames: its id and coordinates, which place the talk on the map) or typed (no coordinates).
  venue text not null default '' check (length(venue) <= 300),
  city text not null default '' check (length(city) <= 200),
  country text check (country ~ '^[A-Z]{2}$'),
  place_id integer,
  lat double precision check (lat between -90 and 90),
  lng double precision check (lng between -180 and 180),
  -- The site's markup with mathematics, as a paper's abstract.
  abstract text not null default '' check (length(abstract) <= 20000),
  -- Slides: a PDF from the media library (/storage/…) or an address; the recording's address.
  slides_url text check (length(slides_url) <= 2048),
  video_url text check (length(video_url) <= 2048),
  paper_id uuid references public.research_papers (id) on delete set null,
  -- One line for the CV ('' for none), as the CV row it may have been.
  note text not null default '' check (length(note) <= 500),
  -- The place the owner gave a talk moved from the CV among the CV's talks (its row's position there), so the CV
  -- lists those in the owner's order; null for a talk added since, which the CV lists by date, newest first, above.
  cv_order integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint talks_end_not_before_start check (end_date is null or end_date >= start_date),
  constraint talks_coordinates check ((lat is null) = (lng is null)),
  -- Site search (lib/search/queries.ts, the registry's `search`): A the title, B the event and the place, C the abstract.
  search tsvector generated always as (
    setweight(to_tsvector('english', title), 'A')
    || setweight(to_tsvector('english', event_name || ' ' || venue || ' ' || city), 'B')
    || setweight(to_tsvector('english', abstract), 'C')
  ) stored
);

-- Kept inside the row, as the other searched tables' (20261126140000_search_inline.sql).
alter table public.talks alter column search set storage main;

create index talks_start_date_idx on public.talks (start_date desc, created_at);
create index talks_paper_id_idx on public.talks (paper_id) where paper_id is not null;
create index talks_search_idx on public.talks using gin (search);

create trigger talks_set_updated_at before update on public.talks
  for each row execute function public.set_updated_at();

revoke all on table public.talks from anon, authenticated;
grant select on table public.talks to anon, authenticated;
grant insert, update, delete on table public.talks to authenticated;
grant all on table public.talks to service_role;

alter table public.talks enable row level security;

create policy "Anyone can read talks" on public.talks
  for select to anon, authenticated using (true);
create policy "Admins can insert talks" on public.talks
  for insert to authenticated with check ((select public.is_admin()));
create policy "Admins can update talks" on public.talks
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins can delete talks" on public.talks
  for delete to authenticated using ((select public.is_admin()));

-- The CV's talk rows move here with their ids and dates; the place becomes the venue and the one-line
-- description the note. Nothing is guessed: a talk's kind is for the owner to choose in the editor. An end given
-- as a year or a month (which a talk's end may no longer be) becomes the start's precision's last day only when it
-- is a day already; otherwise it is dropped (the start keeps the date the CV showed).
insert into public.talks (id, title, start_date, end_date, venue, event_url, note, cv_order, created_at, updated_at)
select id,
       case when btrim(title) = '' then 'Untitled talk' else left(title, 300) end,
       start_date,
       case when end_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' and end_date >= start_date then end_date end,
       left(place, 300),
       url,
       left(description, 500),
       position,
       created_at,
       updated_at
  from public.cv_entries
 where category = 'talk';

delete from public.cv_entries where category = 'talk';

alter table public.cv_entries drop constraint cv_entries_category_check;
alter table public.cv_entries add constraint cv_entries_category_check check (category in ('award', 'teaching', 'service'));

-- The site's time zone (Admin Settings): what "today" is for the talks' upcoming and past, and the zone a talk's
-- time is in when the talk names none. An IANA name; the settings form checks it against the zones the server knows.
alter table public.site_settings add column if not exists time_zone text not null default 'UTC'
  check (length(time_zone) between 1 and 64);
