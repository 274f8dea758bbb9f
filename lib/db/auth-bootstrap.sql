-- What Supabase provides before any migration runs, recreated for the built-in auth modes (PGlite and
-- plain Postgres) so that supabase/migrations/*.sql runs unchanged everywhere. Never applied on Supabase.
-- Runs on every start: every statement must be idempotent.

create schema if not exists auth;

-- The API roles. Roles are cluster-wide on a real server, so another database may have created them.
do $$
declare
  me pg_catalog.pg_roles%rowtype;
begin
  select * into me from pg_catalog.pg_roles where rolname = current_user;

  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit;
    -- Only a superuser (or a BYPASSRLS role) may hand out BYPASSRLS; a managed server's owner account
    -- usually cannot, and the app must still start there.
    if me.rolsuper or me.rolbypassrls then
      alter role service_role bypassrls;
    end if;
  end if;

  -- `set role anon|authenticated` (how requests run under row-level security) needs membership unless
  -- the app connects as a superuser.
  if not me.rolsuper then
    if not pg_catalog.pg_has_role(current_user, 'anon', 'member') then
      execute pg_catalog.format('grant anon to %I', current_user);
    end if;
    if not pg_catalog.pg_has_role(current_user, 'authenticated', 'member') then
      execute pg_catalog.format('grant authenticated to %I', current_user);
    end if;
    if not pg_catalog.pg_has_role(current_user, 'service_role', 'member') then
      execute pg_catalog.format('grant service_role to %I', current_user);
    end if;
  end if;
end
$$;

create table if not exists auth.users (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  encrypted_password text,
  email_confirmed_at timestamptz,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  raw_app_meta_data jsonb not null default '{}'::jsonb,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Emails are compared case-insensitively: stored lower-cased, unique on lower(email) so lookups written
-- as `lower(email) = lower($1)` (portable to Supabase, whose column is not normalised) use this index.
create unique index if not exists users_email_key on auth.users (lower(email));

create or replace function auth.users_before_write() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.email := pg_catalog.lower(pg_catalog.btrim(new.email));
  if tg_op = 'UPDATE' then
    new.updated_at := pg_catalog.now();
  end if;
  return new;
end;
$$;

create or replace trigger users_before_write
  before insert or update on auth.users
  for each row execute function auth.users_before_write();

-- Supabase's definitions. The nullif() around request.jwt.claims matters here: after a transaction that
-- set the claims locally the setting stays defined as '' for the session, and ''::jsonb would fail.
create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant usage on schema auth to anon, authenticated, service_role;
grant execute on function auth.uid(), auth.role(), auth.jwt() to anon, authenticated, service_role;

-- Built-in sessions. Named app_* so they never collide with Supabase Auth's own auth.sessions and
-- auth.refresh_tokens should this file ever meet a Supabase database in DATABASE_URL mode.
create table if not exists auth.app_sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  refreshed_at timestamptz not null default now(),
  -- Set by sign-out or by a detected refresh-token reuse; a revoked session never comes back.
  revoked_at timestamptz,
  user_agent text
);
create index if not exists app_sessions_user_id_idx on auth.app_sessions (user_id);

-- Only a SHA-256 of each refresh token is kept: a leaked table cannot be replayed. A token is used once;
-- presenting a used one again means it was stolen (or replayed), and its whole session is revoked.
create table if not exists auth.app_refresh_tokens (
  token_hash text primary key,
  session_id uuid not null references auth.app_sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index if not exists app_refresh_tokens_session_id_idx on auth.app_refresh_tokens (session_id);

-- Failed sign-in counters (per account and per client address), one row per key and window. An upsert
-- counts atomically, so a burst of parallel attempts cannot slip past the limit.
create table if not exists auth.app_sign_in_attempts (
  key text primary key,
  attempts integer not null,
  window_started_at timestamptz not null
);

revoke all on table auth.app_sessions, auth.app_refresh_tokens, auth.app_sign_in_attempts from public, anon, authenticated;
