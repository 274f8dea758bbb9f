import 'server-only';
import { cacheTag } from 'next/cache';
import { getDb } from '@/lib/db/client';
import type { Queryable } from '@/lib/db/types';
import {
  CV_ENTRY_CATEGORIES,
  DEFAULT_CV_SETTINGS,
  isCvSectionKey,
  type CvEntry,
  type CvEntryCategory,
  type CvSettings,
  type SavedCvEntries,
} from '@/lib/cv/types';
import { isTemporaryCvId, type CvEntryItemValues, type CvSettingsValues } from '@/lib/validation/cv';
import { storedLink } from '@/lib/validation/lists';
import { syncList, type SyncColumn } from '../sync-list';
import { afterContentWrite, TAGS } from '../tags';

export type { CvEntry, CvSettings, SavedCvEntries } from '@/lib/cv/types';

// ---------------------------------------------------------------------------------------------------
// The CV-only rows (public.cv_entries)
// ---------------------------------------------------------------------------------------------------

interface CvEntryRow {
  id: string;
  category: string;
  start_date: string;
  end_date: string | null;
  title: string;
  place: string;
  url: string | null;
  description: string;
}

function toCvEntry(row: CvEntryRow): CvEntry {
  const category = (CV_ENTRY_CATEGORIES as readonly string[]).includes(row.category) ? (row.category as CvEntryCategory) : 'award';
  return {
    id: row.id,
    category,
    start: row.start_date,
    end: row.end_date,
    title: row.title,
    place: row.place,
    url: storedLink(row.url),
    description: row.description,
  };
}

const COLUMNS = 'id, category, start_date, end_date, title, place, url, description';

async function readCvEntries(db: Queryable): Promise<CvEntry[]> {
  const { rows } = await db.query<CvEntryRow>(`select ${COLUMNS} from cv_entries order by position, created_at, id`);
  return rows.map(toCvEntry);
}

/** Every CV row in the owner's order (the CV editor's, top first). */
export async function getCvEntries(): Promise<CvEntry[]> {
  'use cache';
  cacheTag(TAGS.cv);
  return readCvEntries(await getDb());
}

/** The stored rows right now, past every cache: what the CV editor starts from. */
export async function getCvEntriesForEditing(): Promise<CvEntry[]> {
  return readCvEntries(await getDb());
}

/** What the CV editor writes, in order; `position` is the row's place in the editor's list. */
function editedColumns(items: readonly CvEntryItemValues[]): SyncColumn<CvEntryItemValues>[] {
  const positions = new Map(items.map((item, index) => [item.id, index]));
  return [
    { name: 'category', value: (item) => item.category },
    { name: 'start_date', value: (item) => item.start },
    { name: 'end_date', value: (item) => item.end },
    { name: 'title', value: (item) => item.title },
    { name: 'place', value: (item) => item.place },
    { name: 'url', value: (item) => item.url },
    { name: 'description', value: (item) => item.description },
    { name: 'position', cast: 'integer', value: (item) => positions.get(item.id) ?? 0 },
  ];
}

/** Save All Changes: the editor's whole list, in its order, becomes the stored list, in one transaction. */
export async function saveCvEntryList(items: readonly CvEntryItemValues[]): Promise<SavedCvEntries> {
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    const created = await syncList(tx, 'cv_entries', editedColumns(items), items, isTemporaryCvId);
    return { items: await readCvEntries(tx), created };
  });
  afterContentWrite(TAGS.cv);
  return saved;
}

// ---------------------------------------------------------------------------------------------------
// The CV settings (the cv_* columns of public.site_settings)
// ---------------------------------------------------------------------------------------------------

interface CvSettingsRow {
  cv_sections: string[] | null;
  cv_paper_size: string | null;
  cv_summary: string | null;
  cv_projects: string | null;
  cv_include_drafts: boolean | null;
}

function toCvSettings(row: CvSettingsRow | undefined): CvSettings {
  if (!row) return DEFAULT_CV_SETTINGS;
  const sections = (row.cv_sections ?? []).filter(isCvSectionKey);
  return {
    sections: [...new Set(sections)],
    paperSize: row.cv_paper_size === 'letter' ? 'letter' : 'a4',
    summary: row.cv_summary ?? '',
    projects: row.cv_projects === 'all' ? 'all' : 'featured',
    includeDrafts: row.cv_include_drafts === true,
  };
}

const CV_SETTINGS_COLUMNS = 'cv_sections, cv_paper_size, cv_summary, cv_projects, cv_include_drafts';

async function readCvSettings(db: Queryable): Promise<CvSettings> {
  const { rows } = await db.query<CvSettingsRow>(`select ${CV_SETTINGS_COLUMNS} from public.site_settings where id`);
  return toCvSettings(rows[0]);
}

/**
 * The CV settings: cached with the CV's tag (a save expires only the CV's reads) and the settings tag (an
 * import or restore that rewrites site_settings expires them too).
 */
export async function getCvSettings(): Promise<CvSettings> {
  'use cache';
  cacheTag(TAGS.cv, TAGS.settings);
  return readCvSettings(await getDb());
}

/** The stored CV settings right now, past every cache: what the Settings page starts from. */
export async function getCvSettingsForEditing(): Promise<CvSettings> {
  return readCvSettings(await getDb());
}

/** Save CV Settings: the one site_settings row (created when missing) gets the CV's columns, nothing else. */
export async function saveCvSettings(input: CvSettingsValues): Promise<CvSettings> {
  const db = await getDb();
  const { rows } = await db.query<CvSettingsRow>(
    `insert into public.site_settings as s (id, cv_sections, cv_paper_size, cv_summary, cv_projects, cv_include_drafts)
     values (true, $1::text[], $2, $3, $4, $5)
     on conflict (id) do update set
       cv_sections = excluded.cv_sections,
       cv_paper_size = excluded.cv_paper_size,
       cv_summary = excluded.cv_summary,
       cv_projects = excluded.cv_projects,
       cv_include_drafts = excluded.cv_include_drafts,
       updated_at = now()
     returning ${CV_SETTINGS_COLUMNS}`,
    [input.sections, input.paperSize, input.summary, input.projects, input.includeDrafts],
  );
  if (!rows[0]) throw new Error('The site_settings row was not written.');
  afterContentWrite(TAGS.cv);
  return toCvSettings(rows[0]);
}
