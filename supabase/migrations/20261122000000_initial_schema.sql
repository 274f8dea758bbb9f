-- The whole schema of the portfolio: content tables, admin roles, profiles, row-level security.
-- Runs unchanged on Supabase (`supabase db push`), on plain Postgres 15+ and on PGlite; the last two get
-- the auth schema, the anon/authenticated/service_role roles and auth.uid() from lib/db/auth-bootstrap.sql.

-- ---------------------------------------------------------------------------------------------------
-- Shared trigger functions
-- ---------------------------------------------------------------------------------------------------

create function public.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := pg_catalog.now();
  return new;
end;
$$;

-- ---------------------------------------------------------------------------------------------------
-- Content tables (public site reads them, admins write them)
-- ---------------------------------------------------------------------------------------------------

create table public.about_data (
  id uuid primary key default gen_random_uuid(),
  name text not null default '',
  title text not null default '',
  -- Paragraphs separated by blank lines.
  bio text not null default '',
  image_url text,
  skills text[] not null default '{}',
  -- [{institution, degree, field, startYear: number, endYear: number | null}], null endYear = present.
  education jsonb not null default '[]'::jsonb check (jsonb_typeof(education) = 'array'),
  -- [{title, description}]
  research_interests jsonb not null default '[]'::jsonb check (jsonb_typeof(research_interests) = 'array'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.experience (
  id uuid primary key default gen_random_uuid(),
  title text not null default '',
  company text not null default '',
  location text not null default '',
  -- Year-month text ('2024-09'): the editor's month inputs produce it and it sorts as text.
  start_date text not null default to_char(current_date, 'YYYY-MM')
    check (start_date ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  -- null = Present.
  end_date text check (end_date ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  description text not null default '',
  highlights text[] not null default '{}',
  technologies text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.projects (
  id uuid primary key default gen_random_uuid(),
  title text not null default 'Untitled Project',
  description text not null default '',
  -- null is allowed (older rows); the home page reads it as 'other'.
  category text check (category in ('academic', 'web', 'mobile', 'other')),
  technologies text[] not null default '{}',
  image text not null default '/placeholder.svg',
  link text,
  github text,
  featured boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.research_papers (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  abstract text not null default '',
  authors text[] not null default '{}',
  date date not null default current_date,
  journal text not null default '',
  link text,
  pdf_url text,
  tags text[] not null default '{}',
  status text not null default 'published' check (status in ('published', 'preprint', 'submitted', 'draft')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.blog_posts (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  -- Saved trimmed, lower-cased, whitespace runs as hyphens (docs/product.md §5): the URL is /blog/{slug}.
  slug text not null unique check (slug <> '' and slug = lower(slug) and slug !~ '\s'),
  excerpt text not null default '',
  content text not null,
  date date not null default current_date,
  tags text[] not null default '{}',
  cover_image text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.personal_posts (
  id uuid primary key default gen_random_uuid(),
  -- May be empty: the first '# ' line of content then serves as the title.
  title text not null default '',
  -- Sanitised HTML.
  content text not null default '',
  date date not null default current_date,
  type text not null default 'story' check (type in ('story', 'update', 'thought')),
  -- null is read as an empty list (the editor saves an empty list as null).
  image_urls text[],
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Read orders of docs/product.md §7.
create index blog_posts_date_idx on public.blog_posts (date desc);
create index blog_posts_created_at_idx on public.blog_posts (created_at desc);
create index research_papers_date_idx on public.research_papers (date desc, title);
create index research_papers_status_date_idx on public.research_papers (status, date desc);
create index experience_start_date_idx on public.experience (start_date desc);
create index projects_title_idx on public.projects (title);
create index projects_featured_idx on public.projects (created_at desc) where featured;
create index personal_posts_date_idx on public.personal_posts (date desc);
create index personal_posts_created_at_idx on public.personal_posts (created_at desc);

-- ---------------------------------------------------------------------------------------------------
-- Roles, admin membership and profiles (rows of auth.users own them)
-- ---------------------------------------------------------------------------------------------------

create table public.roles (
  id uuid primary key default gen_random_uuid(),
  name text not null unique,
  created_at timestamptz not null default now()
);

insert into public.roles (name) values ('admin');

create table public.user_roles (
  user_id uuid not null references auth.users (id) on delete cascade,
  role_id uuid not null references public.roles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, role_id)
);

-- The primary key serves lookups by user; listing a role's members needs its own index.
create index user_roles_role_id_idx on public.user_roles (role_id);

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  full_name text,
  avatar_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create trigger about_data_set_updated_at before update on public.about_data
  for each row execute function public.set_updated_at();
create trigger experience_set_updated_at before update on public.experience
  for each row execute function public.set_updated_at();
create trigger projects_set_updated_at before update on public.projects
  for each row execute function public.set_updated_at();
create trigger research_papers_set_updated_at before update on public.research_papers
  for each row execute function public.set_updated_at();
create trigger blog_posts_set_updated_at before update on public.blog_posts
  for each row execute function public.set_updated_at();
create trigger personal_posts_set_updated_at before update on public.personal_posts
  for each row execute function public.set_updated_at();
create trigger profiles_set_updated_at before update on public.profiles
  for each row execute function public.set_updated_at();

-- Every new account gets a profile. Security definer: the inserting role (Supabase Auth's own, or the
-- app) need not be able to write public.profiles.
create function public.handle_new_user() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, full_name, avatar_url)
  values (new.id, new.raw_user_meta_data ->> 'full_name', new.raw_user_meta_data ->> 'avatar_url')
  on conflict (id) do nothing;
  return new;
end;
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();

-- Accounts created before this migration (an existing Supabase project) get their profile too.
insert into public.profiles (id, full_name, avatar_url)
select u.id, u.raw_user_meta_data ->> 'full_name', u.raw_user_meta_data ->> 'avatar_url'
from auth.users u
on conflict (id) do nothing;

-- ---------------------------------------------------------------------------------------------------
-- Functions the policies and the admin screens call
-- ---------------------------------------------------------------------------------------------------

-- Security definer so policies on user_roles can call it without recursing into their own policies.
create function public.is_admin(uid uuid default auth.uid()) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.user_roles ur
    join public.roles r on r.id = ur.role_id
    where ur.user_id = uid and r.name = 'admin'
  );
$$;

-- The admin Users screen grants admin access by email; auth.users is not readable by API roles.
create function public.get_user_by_email(email_address text)
returns table (id uuid, email text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Only admins can look up users by email' using errcode = 'insufficient_privilege';
  end if;
  return query
    select u.id, u.email::text
    from auth.users u
    where lower(u.email) = lower(btrim(email_address));
end;
$$;

-- Functions are executable by PUBLIC by default (and Supabase grants anon explicitly): narrow that.
revoke execute on function public.is_admin(uuid) from public;
revoke execute on function public.get_user_by_email(text) from public, anon;
grant execute on function public.is_admin(uuid) to anon, authenticated, service_role;
grant execute on function public.get_user_by_email(text) to authenticated, service_role;
revoke execute on function public.handle_new_user() from public, anon, authenticated;
revoke execute on function public.set_updated_at() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------------
-- Privileges and row-level security
-- ---------------------------------------------------------------------------------------------------

-- Supabase grants everything to the API roles by default and leaves the filtering to policies; plain
-- Postgres grants nothing. Reset to the same explicit set on both, so the rules below mean the same
-- everywhere (and TRUNCATE, which policies do not cover, is never granted).
grant usage on schema public to anon, authenticated, service_role;

revoke all on table
  public.about_data, public.experience, public.projects, public.research_papers, public.blog_posts,
  public.personal_posts, public.roles, public.user_roles, public.profiles
  from anon, authenticated;

grant select on table
  public.about_data, public.experience, public.projects, public.research_papers, public.blog_posts,
  public.personal_posts
  to anon, authenticated;
grant insert, update, delete on table
  public.about_data, public.experience, public.projects, public.research_papers, public.blog_posts,
  public.personal_posts
  to authenticated;
grant select on table public.roles, public.profiles to authenticated;
grant select, insert, delete on table public.user_roles to authenticated;

grant all on table
  public.about_data, public.experience, public.projects, public.research_papers, public.blog_posts,
  public.personal_posts, public.roles, public.user_roles, public.profiles
  to service_role;

alter table public.about_data enable row level security;
alter table public.experience enable row level security;
alter table public.projects enable row level security;
alter table public.research_papers enable row level security;
alter table public.blog_posts enable row level security;
alter table public.personal_posts enable row level security;
alter table public.roles enable row level security;
alter table public.user_roles enable row level security;
alter table public.profiles enable row level security;

-- Content: everyone reads, admins write. `(select ...)` lets Postgres evaluate the check once per
-- statement instead of once per row.
do $$
declare
  t text;
begin
  foreach t in array array['about_data', 'experience', 'projects', 'research_papers', 'blog_posts', 'personal_posts']
  loop
    execute format('create policy "Anyone can read %1$s" on public.%1$I for select to anon, authenticated using (true)', t);
    execute format('create policy "Admins can insert %1$s" on public.%1$I for insert to authenticated with check ((select public.is_admin()))', t);
    execute format('create policy "Admins can update %1$s" on public.%1$I for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()))', t);
    execute format('create policy "Admins can delete %1$s" on public.%1$I for delete to authenticated using ((select public.is_admin()))', t);
  end loop;
end
$$;

create policy "Admins can read roles" on public.roles
  for select to authenticated using ((select public.is_admin()));

create policy "Admins can read user roles" on public.user_roles
  for select to authenticated using ((select public.is_admin()));
create policy "Admins can grant roles" on public.user_roles
  for insert to authenticated with check ((select public.is_admin()));
create policy "Admins can revoke roles" on public.user_roles
  for delete to authenticated using ((select public.is_admin()));

create policy "Users can read their own profile, admins every profile" on public.profiles
  for select to authenticated using (id = (select auth.uid()) or (select public.is_admin()));
