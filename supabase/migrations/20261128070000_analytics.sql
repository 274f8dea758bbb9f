-- Reader analytics (issue 48, docs/product.md "Reader analytics"): page views and downloads counted by the
-- site itself, without cookies. The server writes every row (the beacon route and the download routes, never a
-- browser); only admins read. None of it is content: no export carries it and an import leaves it alone.
-- Runs on Supabase, plain Postgres and PGlite like the initial schema.

-- One row per counted page view or download, kept for the owner's retention (analytics_settings), then dropped;
-- its day's counts stay in analytics_daily. No address, no user agent: `visitor` is a hash of them with the
-- day's salt (analytics_salts), which is deleted when the day is over, so a hash cannot be traced back or
-- matched across days. Each server writes a batch of events and adds them to the daily counts in one
-- transaction (lib/analytics/store.ts), so every event is counted once.
create table public.analytics_events (
  id bigint generated always as identity primary key,
  -- The day in the site's time zone when the event was counted.
  day date not null,
  at timestamptz not null default now(),
  kind text not null check (kind in ('view', 'download')),
  -- A public page's path (no query string), or the path a file was downloaded from.
  path text not null check (length(path) between 1 and 512 and left(path, 1) = '/'),
  -- The referring site's host name only (views from other sites); null when direct or from this site.
  referrer_host text check (length(referrer_host) between 1 and 253),
  visitor text not null check (visitor ~ '^[0-9a-f]{32}$')
);

create index analytics_events_day on public.analytics_events (day);

-- The counts of each day, kept after the day's events are dropped. One row per day and what was counted:
-- 'site' (key ''): every page view; 'page': a page's views; 'download': a file's downloads;
-- 'referrer': views from one referring host ('' for none).
create table public.analytics_daily (
  day date not null,
  dimension text not null check (dimension in ('site', 'page', 'download', 'referrer')),
  key text not null check (length(key) <= 512),
  count integer not null check (count >= 0),
  -- The day's unique visitors: counted for 'site' (the whole site's page views); null for the others.
  visitors integer check (visitors >= 0),
  primary key (day, dimension, key)
);

-- The visitor hashes of the day's page views counted so far, so that a visitor adds to the day's `visitors`
-- once. Deleted, like the salt, once its day is over.
create table public.analytics_seen (
  day date not null,
  visitor text not null check (visitor ~ '^[0-9a-f]{32}$'),
  primary key (day, visitor)
);

-- The salt of each day for the visitor hashes; deleted once its day is over (lib/analytics/collect.ts).
create table public.analytics_salts (
  day date primary key,
  salt text not null check (salt ~ '^[0-9a-f]{64}$')
);

-- Settings → Reader Analytics: whether anything is counted, and how many days raw events stay.
-- One row at most; no row means the defaults (counting on, 90 days).
create table public.analytics_settings (
  id boolean primary key default true check (id),
  enabled boolean not null default true,
  retention_days integer not null default 90 check (retention_days in (30, 90, 180, 365)),
  updated_at timestamptz not null default now()
);

create trigger analytics_settings_set_updated_at before update on public.analytics_settings
  for each row execute function public.set_updated_at();

revoke all on table public.analytics_events, public.analytics_daily, public.analytics_seen, public.analytics_salts, public.analytics_settings from anon, authenticated;
grant select on table public.analytics_events, public.analytics_daily, public.analytics_settings to authenticated;
grant insert, update on table public.analytics_settings to authenticated;
grant all on table public.analytics_events, public.analytics_daily, public.analytics_seen, public.analytics_salts, public.analytics_settings to service_role;
alter table public.analytics_events enable row level security;
alter table public.analytics_daily enable row level security;
alter table public.analytics_seen enable row level security;
alter table public.analytics_salts enable row level security;
alter table public.analytics_settings enable row level security;
create policy "Admins can read analytics_events" on public.analytics_events
  for select to authenticated using ((select public.is_admin()));
create policy "Admins can read analytics_daily" on public.analytics_daily
  for select to authenticated using ((select public.is_admin()));
create policy "Admins can read analytics_settings" on public.analytics_settings
  for select to authenticated using ((select public.is_admin()));
create policy "Admins can insert analytics_settings" on public.analytics_settings
  for insert to authenticated with check ((select public.is_admin()));
create policy "Admins can update analytics_settings" on public.analytics_settings
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
