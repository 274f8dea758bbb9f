import 'server-only';
import { cacheTag } from 'next/cache';
import { getDb } from '@/lib/db/client';
import type { Queryable } from '@/lib/db/types';
import { isTeachingGrouping, type TeachingGrouping } from '../courses/types';
import { afterContentWrite, TAGS, type Tag } from '../tags';
import { EMPTY_SITE_SETTINGS } from './rules';
import type { ProfileSettings, ProfileUpdate, SiteSettings, SiteSettingsUpdate } from './types';

export type { ProfileSettings, ProfileUpdate, SiteSettings, SiteSettingsUpdate } from './types';

// ---------------------------------------------------------------------------------------------------
// Site configuration (public.site_settings, one row)
// ---------------------------------------------------------------------------------------------------

interface SiteSettingsRow {
  site_title: string | null;
  meta_description: string | null;
  social_image_url: string | null;
  updated_at: Date | string | null;
}

function toSiteSettings(row: SiteSettingsRow | undefined): SiteSettings {
  if (!row) return EMPTY_SITE_SETTINGS;
  return {
    siteTitle: row.site_title ?? '',
    metaDescription: row.meta_description ?? '',
    socialImageUrl: row.social_image_url ?? '',
    updatedAt: row.updated_at === null ? null : new Date(row.updated_at).toISOString(),
  };
}

const SETTINGS_COLUMNS = 'site_title, meta_description, social_image_url, updated_at';

async function readSiteSettings(db: Queryable): Promise<SiteSettings> {
  const { rows } = await db.query<SiteSettingsRow>(`select ${SETTINGS_COLUMNS} from public.site_settings where id`);
  return toSiteSettings(rows[0]);
}

/**
 * The site configuration for the public pages' metadata: cached and tagged, so saveSiteSettings()
 * shows on the next request. Empty fields (or no row) mean the built-in defaults (rules.ts).
 */
export async function getSiteSettings(): Promise<SiteSettings> {
  'use cache';
  cacheTag(TAGS.settings);
  return readSiteSettings(await getDb());
}

/** The stored configuration right now, past every cache: what the Settings page starts from. */
export async function getSiteSettingsForEditing(): Promise<SiteSettings> {
  return readSiteSettings(await getDb());
}

/** Stores the configuration (one row, created when missing), then expires the settings tag. */
export async function saveSiteSettings(input: SiteSettingsUpdate): Promise<SiteSettings> {
  const db = await getDb();
  const { rows } = await db.query<SiteSettingsRow>(
    `insert into public.site_settings as s (id, site_title, meta_description, social_image_url)
     values (true, $1, $2, $3)
     on conflict (id) do update set
       site_title = excluded.site_title,
       meta_description = excluded.meta_description,
       social_image_url = excluded.social_image_url,
       updated_at = now()
     returning ${SETTINGS_COLUMNS}`,
    [input.siteTitle, input.metaDescription, input.socialImageUrl],
  );
  if (!rows[0]) throw new Error('The site_settings row was not written.');
  afterContentWrite(TAGS.settings);
  return toSiteSettings(rows[0]);
}

// ---------------------------------------------------------------------------------------------------
// The signed-in admin's own profile (public.profiles)
// ---------------------------------------------------------------------------------------------------

interface ProfileRow {
  full_name: string | null;
  bio: string | null;
}

/** The user's profile as stored now (never cached: it is one admin's own data). */
export async function getProfileSettings(user: { id: string; email: string }): Promise<ProfileSettings> {
  const db = await getDb();
  const { rows } = await db.query<ProfileRow>('select full_name, bio from public.profiles where id = $1::uuid', [user.id]);
  return { id: user.id, email: user.email, displayName: rows[0]?.full_name ?? '', bio: rows[0]?.bio ?? '' };
}

/**
 * Stores the user's display name and bio. The profile row normally exists (a trigger creates it with
 * the account); one missing is created. An empty name is stored as null, which Admin Users shows as
 * 'Unnamed Admin'. Nothing public shows profiles, so no tag expires; the backup is scheduled as for any write.
 */
export async function saveProfileSettings(user: { id: string; email: string }, input: ProfileUpdate): Promise<ProfileSettings> {
  const db = await getDb();
  const { rows } = await db.query<ProfileRow>(
    `insert into public.profiles as p (id, full_name, bio) values ($1::uuid, $2, $3)
     on conflict (id) do update set full_name = excluded.full_name, bio = excluded.bio, updated_at = now()
     returning full_name, bio`,
    [user.id, input.displayName.trim() || null, input.bio],
  );
  if (!rows[0]) throw new Error('The profile was not written.');
  afterContentWrite();
  return { id: user.id, email: user.email, displayName: rows[0].full_name ?? '', bio: rows[0].bio ?? '' };
}

// ---------------------------------------------------------------------------------------------------
// The admins' private configuration (public.admin_settings, one row): never read by a public page
// ---------------------------------------------------------------------------------------------------

/**
 * The contact address given to Crossref, DataCite, arXiv and ORCID with each lookup (Settings, "Publication
 * Lookups"); '' when none is set. Never cached: only the Settings page and the editor's lookups read it.
 */
export async function getLookupContactEmail(): Promise<string> {
  const db = await getDb();
  const { rows } = await db.query<{ lookup_contact_email: string }>('select lookup_contact_email from public.admin_settings where id');
  return rows[0]?.lookup_contact_email ?? '';
}

/**
 * Stores the lookups' contact address (the one row, created when missing). Nothing public shows it, so no tag
 * expires; the backup is scheduled as for any write.
 */
export async function saveLookupContactEmail(email: string): Promise<string> {
  const db = await getDb();
  const { rows } = await db.query<{ lookup_contact_email: string }>(
    `insert into public.admin_settings as s (id, lookup_contact_email) values (true, $1)
     on conflict (id) do update set lookup_contact_email = excluded.lookup_contact_email
     returning lookup_contact_email`,
    [email],
  );
  if (!rows[0]) throw new Error('The admin_settings row was not written.');
  afterContentWrite();
  return rows[0].lookup_contact_email;
}

/**
 * Whether the first run still asks its questions (the dashboard's welcome, /admin/welcome): until the owner
 * answers them or dismisses it. Never cached: only admin pages read it.
 */
export async function isFirstRunPending(db?: Queryable): Promise<boolean> {
  const { rows } = await (db ?? (await getDb())).query<{ first_run_done: boolean }>('select first_run_done from public.admin_settings where id');
  return !rows[0]?.first_run_done;
}

/** Records that the first run is over (the one row, created when missing), in the caller's transaction. */
export async function markFirstRunDone(db: Queryable): Promise<void> {
  await db.query(
    `insert into public.admin_settings as s (id, first_run_done) values (true, true)
     on conflict (id) do update set first_run_done = true`,
  );
}

// ---------------------------------------------------------------------------------------------------
// Single choices on the site_settings row: the time zone, how /teaching groups the courses
// ---------------------------------------------------------------------------------------------------

/** The site_settings columns that hold one choice each, read and written on their own. */
type SettingColumn = 'time_zone' | 'teaching_grouping';

async function readSetting(db: Queryable, column: SettingColumn): Promise<unknown> {
  // `column` is one of the constants above, never input.
  const { rows } = await db.query<Record<string, unknown>>(`select ${column} as value from public.site_settings where id`);
  return rows[0]?.value;
}

/** Stores one choice (the row is created when missing) and expires the settings tag and `also`; answers what is stored. */
async function saveSetting(column: SettingColumn, value: string, also: Tag): Promise<unknown> {
  const { rows } = await (await getDb()).query<{ value: unknown }>(
    `insert into public.site_settings as s (id, ${column}) values (true, $1)
     on conflict (id) do update set ${column} = excluded.${column}, updated_at = now()
     returning ${column} as value`,
    [value],
  );
  if (!rows[0]) throw new Error('The site_settings row was not written.');
  afterContentWrite(TAGS.settings, also);
  return rows[0].value;
}

/** What "today" is for the talks: an IANA name, 'UTC' until the owner chooses one. */
const timeZoneOf = (value: unknown): string => (typeof value === 'string' && value ? value : 'UTC');

/** The site's time zone for the public pages. */
export async function getSiteTimeZone(): Promise<string> {
  'use cache';
  cacheTag(TAGS.settings);
  return timeZoneOf(await readSetting(await getDb(), 'time_zone'));
}

/** The stored time zone right now, past every cache: what Settings starts from. */
export async function getSiteTimeZoneForEditing(): Promise<string> {
  return timeZoneOf(await readSetting(await getDb(), 'time_zone'));
}

/** Stores the site's time zone, then expires the settings and talks tags. */
export async function saveSiteTimeZone(timeZone: string): Promise<string> {
  return timeZoneOf(await saveSetting('time_zone', timeZone, TAGS.talks));
}

/** How /teaching groups the courses: 'institution' until the owner chooses. */
const groupingOf = (value: unknown): TeachingGrouping => (isTeachingGrouping(value) ? value : 'institution');

/** How /teaching groups the courses, for the page. */
export async function getTeachingGrouping(): Promise<TeachingGrouping> {
  'use cache';
  cacheTag(TAGS.settings);
  return groupingOf(await readSetting(await getDb(), 'teaching_grouping'));
}

/** The stored grouping right now, past every cache: what the Teaching editor starts from. */
export async function getTeachingGroupingForEditing(): Promise<TeachingGrouping> {
  return groupingOf(await readSetting(await getDb(), 'teaching_grouping'));
}

/** Stores how /teaching groups the courses, then expires the settings and courses tags. */
export async function saveTeachingGrouping(grouping: TeachingGrouping): Promise<TeachingGrouping> {
  return groupingOf(await saveSetting('teaching_grouping', grouping, TAGS.courses));
}
