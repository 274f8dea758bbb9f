import 'server-only';

import type { Database, Queryable } from '@/lib/db/types';
import {
  DEFAULT_CITATION_SETTINGS,
  REFRESH_HOURS,
  type CitationSettings,
  type CitationSource,
  type FoundWork,
  type PaperCitations,
  type RefreshError,
  type RefreshHours,
  type RefreshStatus,
  type RefreshTrigger,
  type YearCount,
} from '../citation-types';
import { FOUND_WORKS_KEY_MAX, FOUND_WORKS_MAX, type StoredRow } from './found-works';

/**
 * What the admin area and the public pages read of the counts, the found works and the run (issue 46), and
 * the few writes they make: the settings, Refresh now, dismissing found works. The run itself is run.ts.
 * Every read copes with a missing row (no settings: the defaults; no refresh_state: never run) and with
 * stored values this version would not write (they are left out or replaced by the default).
 */

const HOUR_MS = 3_600_000;

type Stamp = Date | string | null;

const iso = (value: Stamp): string | null => (value === null ? null : new Date(value).toISOString());

const isRefreshHours = (value: unknown): value is RefreshHours => REFRESH_HOURS.includes(value as RefreshHours);
const isTrigger = (value: unknown): value is RefreshTrigger => value === 'schedule' || value === 'admin' || value === 'route';

// ------------------------------------------------------------------------------------------------
// Settings → Citations

/** The owner's citation settings (public.citation_settings), or the defaults when none were saved. */
export async function readCitationSettings(db: Queryable): Promise<CitationSettings> {
  const { rows } = await db.query<{ show_on_site: boolean; show_on_cv: boolean; refresh_hours: number }>(
    'select show_on_site, show_on_cv, refresh_hours from public.citation_settings where id',
  );
  const row = rows[0];
  if (!row) return { ...DEFAULT_CITATION_SETTINGS };
  return {
    showOnSite: row.show_on_site,
    showOnCv: row.show_on_cv,
    refreshHours: isRefreshHours(row.refresh_hours) ? row.refresh_hours : DEFAULT_CITATION_SETTINGS.refreshHours,
  };
}

/** Stores the settings (the one row, inserted the first time) and answers them as stored. */
export async function saveCitationSettings(db: Queryable, settings: CitationSettings): Promise<CitationSettings> {
  if (!isRefreshHours(settings.refreshHours)) throw new RangeError(`The run comes every ${REFRESH_HOURS.join(', ')} hours, not ${String(settings.refreshHours)}.`);
  await db.query(
    `insert into public.citation_settings (id, show_on_site, show_on_cv, refresh_hours) values (true, $1, $2, $3)
     on conflict (id) do update set show_on_site = excluded.show_on_site, show_on_cv = excluded.show_on_cv, refresh_hours = excluded.refresh_hours`,
    [settings.showOnSite === true, settings.showOnCv === true, settings.refreshHours],
  );
  return readCitationSettings(db);
}

// ------------------------------------------------------------------------------------------------
// The run's state

interface StateRow {
  running: boolean;
  run_trigger: string | null;
  run_started_at: Stamp;
  run_finished_at: Stamp;
  papers_checked: number;
  counts_updated: number;
  works_found: number;
  errors: unknown;
  requested_at: Stamp;
  db_now: Date | string;
}

/** The stored errors that have the shape the run writes; anything else is left out. */
export function readErrors(value: unknown): RefreshError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: Partial<RefreshError> | null) =>
    typeof entry?.at === 'string' && typeof entry.what === 'string' && typeof entry.message === 'string' ? [{ at: entry.at, what: entry.what, message: entry.message }] : [],
  );
}

async function readState(db: Queryable): Promise<StateRow | null> {
  const { rows } = await db.query<StateRow>(
    `select lease_holder is not null and lease_until is not null and lease_until > now() as running, run_trigger, run_started_at,
            run_finished_at, papers_checked, counts_updated, works_found, errors, requested_at, now() as db_now
       from public.refresh_state where id`,
  );
  return rows[0] ?? null;
}

/**
 * When the schedule comes next: `refreshHours` after the last run finished (after it started, when it never
 * finished), or `now` when there has been no run; null when the schedule is off (refreshHours 0).
 */
export function nextRunAt(settings: Pick<CitationSettings, 'refreshHours'>, last: { startedAt: string | null; finishedAt: string | null }, now: number): string | null {
  if (settings.refreshHours === 0) return null;
  const base = last.finishedAt ?? last.startedAt;
  return new Date(base === null ? now : Date.parse(base) + settings.refreshHours * HOUR_MS).toISOString();
}

/** public.refresh_state as the dashboard and Settings show it; `now` (ms) is when the next run is due if there has been none. */
export async function readRefreshStatus(db: Queryable, settings: CitationSettings, now: number = Date.now()): Promise<RefreshStatus> {
  const row = await readState(db);
  const startedAt = iso(row?.run_started_at ?? null);
  const finishedAt = iso(row?.run_finished_at ?? null);
  return {
    running: row?.running === true,
    trigger: isTrigger(row?.run_trigger) ? row.run_trigger : null,
    startedAt,
    finishedAt,
    papersChecked: row?.papers_checked ?? 0,
    countsUpdated: row?.counts_updated ?? 0,
    worksFound: row?.works_found ?? 0,
    errors: readErrors(row?.errors),
    nextRunAt: nextRunAt(settings, { startedAt, finishedAt }, now),
    requested: row?.requested_at != null,
  };
}

/**
 * Refresh now, from any instance: the instance that next takes the lease runs (run.ts clears the request when
 * it starts). Asked while a run goes on, it stays, and another run follows that one.
 */
export async function requestRefresh(db: Queryable): Promise<void> {
  await db.query(
    `insert into public.refresh_state (id, requested_at) values (true, now())
     on conflict (id) do update set requested_at = excluded.requested_at`,
  );
}

/**
 * Whether a run should start now, and as what: none when a lease is held (and has not run out); 'admin' when
 * Refresh now was asked for; 'schedule' when a run stopped part-way is to be resumed (it keeps its own trigger),
 * or the schedule is due (`refreshHours` since the last run, or there has been none; never when the schedule is
 * off). Measured by the database's clock, as the lease is.
 */
export async function dueRun(db: Queryable, settings: CitationSettings): Promise<RefreshTrigger | null> {
  const row = await readState(db);
  if (!row) return settings.refreshHours !== 0 ? 'schedule' : null;
  if (row.running) return null;
  if (row.requested_at !== null) return 'admin';
  if (row.run_started_at !== null && row.run_finished_at === null) return 'schedule';
  const due = nextRunAt(settings, { startedAt: iso(row.run_started_at), finishedAt: iso(row.run_finished_at) }, new Date(row.db_now).getTime());
  return due !== null && Date.parse(due) <= new Date(row.db_now).getTime() ? 'schedule' : null;
}

/** Whether a run should start now (dueRun). */
export async function dueForRun(db: Queryable, settings: CitationSettings): Promise<boolean> {
  return (await dueRun(db, settings)) !== null;
}

// ------------------------------------------------------------------------------------------------
// Found works

interface FoundWorkRow extends StoredRow {
  found_at: Date | string;
}

/** The found works not dismissed, the newest year first (undated last), at most FOUND_WORKS_MAX. */
export async function listFoundWorks(db: Queryable): Promise<FoundWork[]> {
  const { rows } = await db.query<FoundWorkRow>(
    `select key, orcid, put_code, title, work_type, doi, arxiv_id, year, found_at from public.found_works
      where dismissed_at is null order by year desc nulls last, found_at desc, key limit $1`,
    [FOUND_WORKS_MAX],
  );
  return rows.map((row) => ({
    key: row.key,
    orcid: row.orcid,
    putCode: row.put_code,
    title: row.title,
    workType: row.work_type,
    doi: row.doi,
    arxivId: row.arxiv_id,
    year: row.year,
    foundAt: new Date(row.found_at).toISOString(),
  }));
}

/**
 * Dismisses found works by key: they stay, marked, so the run never offers them again. Keys that name no found
 * work (or one dismissed already) are ignored; at most FOUND_WORKS_MAX keys are taken. The run's count of found
 * works is brought down with them. Answers how many were dismissed.
 */
export async function dismissFoundWorks(db: Database, keys: readonly string[]): Promise<number> {
  const wanted = [...new Set(keys.filter((key) => typeof key === 'string' && key.length > 0 && key.length <= FOUND_WORKS_KEY_MAX))].slice(0, FOUND_WORKS_MAX);
  if (wanted.length === 0) return 0;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query('update public.found_works set dismissed_at = now() where key = any($1::text[]) and dismissed_at is null returning key', [wanted]);
    if (rows.length > 0) {
      await tx.query('update public.refresh_state set works_found = (select count(*) from public.found_works where dismissed_at is null) where id');
    }
    return rows.length;
  });
}

// ------------------------------------------------------------------------------------------------
// Counts

interface CitationRow {
  paper_id: string;
  source: string;
  cited_by: number;
  by_year: unknown;
  citing_url: string | null;
  read_at: Date | string;
  checked_at: Date | string;
  problem: string | null;
}

/** A stored by_year as the run wrote it: whole years and counts, oldest first; anything else left out. */
export function readByYear(value: unknown): YearCount[] {
  if (!Array.isArray(value)) return [];
  return value
    .flatMap((entry: Partial<YearCount> | null) =>
      Number.isInteger(entry?.year) && Number.isInteger(entry?.count) && entry!.count! >= 0 ? [{ year: entry!.year!, count: entry!.count! }] : [],
    )
    .sort((a, b) => a.year - b.year);
}

/** Every stored count by paper id: what the pages and the CV show next to a paper. */
export async function readPaperCitations(db: Queryable): Promise<Map<string, PaperCitations>> {
  const { rows } = await db.query<CitationRow>('select paper_id, source, cited_by, by_year, citing_url, read_at, checked_at, problem from public.paper_citations');
  const counts = new Map<string, PaperCitations>();
  for (const row of rows) {
    counts.set(row.paper_id, {
      paperId: row.paper_id,
      source: row.source as CitationSource,
      citedBy: row.cited_by,
      byYear: readByYear(row.by_year),
      citingUrl: row.citing_url,
      readAt: new Date(row.read_at).toISOString(),
      checkedAt: new Date(row.checked_at).toISOString(),
      problem: row.problem,
    });
  }
  return counts;
}
