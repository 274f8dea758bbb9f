import 'server-only';
import { cacheTag } from 'next/cache';

import { getDb } from '@/lib/db/client';
import { CITATIONS_TAG, DEFAULT_CITATION_SETTINGS, type CitationSettings, type FoundWork, type PaperCitations, type RefreshStatus } from '@/lib/scholarly/citation-types';
import { duplicateOf } from '@/lib/scholarly/lookup';
import {
  dismissFoundWorks,
  listFoundWorks,
  readCitationSettings,
  readPaperCitations,
  readRefreshStatus,
  requestRefresh,
  saveCitationSettings as storeCitationSettings,
} from '@/lib/scholarly/refresh/status';
import { getPapersForEditing } from './queries';
import type { ResearchPaper } from './types';
import { noteAdminWrite } from '@/lib/backup/notify';
import { afterContentWrite } from '../tags';

/**
 * The citation counts as the public pages and the CV read them (issue 46): cached and tagged CITATIONS_TAG,
 * which the run expires when a count changes and Settings → Citations when the owner's choice does.
 */

export interface CitationDisplay {
  settings: CitationSettings;
  /** Each counted paper's count, by paper id (as an array: a cached value must be plain data). */
  counts: PaperCitations[];
}

/** The owner's citation settings and every stored count. */
export async function getCitations(): Promise<CitationDisplay> {
  'use cache';
  cacheTag(CITATIONS_TAG);
  const db = await getDb();
  const [settings, counts] = await Promise.all([readCitationSettings(db), readPaperCitations(db)]);
  return { settings, counts: [...counts.values()] };
}

/** No counts shown: the settings' defaults (off), for a page whose read of them failed. */
export const NO_CITATIONS: CitationDisplay = { settings: DEFAULT_CITATION_SETTINGS, counts: [] };

/** Settings → Citations saved (one row), then the pages that show counts expired: they show or hide them on the next request. */
export async function saveCitationSettings(settings: CitationSettings): Promise<CitationSettings> {
  const saved = await storeCitationSettings(await getDb(), settings);
  afterContentWrite(CITATIONS_TAG);
  return saved;
}

/** The found works dismissed (not offered again); the dashboard's count and the editor's list then leave them out. */
export async function dismissWorks(keys: readonly string[]): Promise<number> {
  const dismissed = await dismissFoundWorks(await getDb(), keys);
  noteAdminWrite();
  return dismissed;
}

/** Settings → Citations and the run's state, past every cache: what Settings shows and polls while a run goes on. */
export async function getCitationStatus(now: Date = new Date()): Promise<{ settings: CitationSettings; status: RefreshStatus }> {
  const db = await getDb();
  const settings = await readCitationSettings(db);
  return { settings, status: await readRefreshStatus(db, settings, now.getTime()) };
}

/**
 * The found works the owner has neither added nor dismissed, newest first, given the papers stored now (the
 * caller has read them already). A work added since the run (by the preview, or by hand) is left out at once,
 * by the duplicate rules of Add by identifier; the next run removes it for good.
 */
export async function getFoundWorks(papers: readonly ResearchPaper[]): Promise<FoundWork[]> {
  const found = await listFoundWorks(await getDb());
  return found.filter((work) => !duplicateOf({ title: work.title, doi: work.doi, arxivId: work.arxivId }, papers));
}

export interface CitationAdmin {
  settings: CitationSettings;
  status: RefreshStatus;
  /** The found works the owner has neither added nor dismissed, newest first. */
  found: FoundWork[];
}

/** What the dashboard shows of the run: its status and the found works. */
export async function getCitationAdmin(now: Date = new Date()): Promise<CitationAdmin> {
  const [{ settings, status }, found] = await Promise.all([getCitationStatus(now), getPapersForEditing().then(getFoundWorks)]);
  return { settings, status, found };
}

/** Refresh now: asked for in the database (so that whichever instance takes the lease runs it), and started here. */
export async function requestCitationRun(): Promise<void> {
  await requestRefresh(await getDb());
  noteAdminWrite();
}
