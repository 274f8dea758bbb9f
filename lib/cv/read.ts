import 'server-only';
import { createHash } from 'node:crypto';
import { cacheTag } from 'next/cache';

import { getAbout } from '@/lib/content/about/queries';
import { getCvEntries, getCvSettings } from '@/lib/content/cv/queries';
import { getExperience } from '@/lib/content/experience/queries';
import { getProjects } from '@/lib/content/projects/queries';
import { getResearchPapers } from '@/lib/content/research/queries';
import { getTalks } from '@/lib/content/talks/queries';
import { getCourses } from '@/lib/content/courses/queries';
import { getCitations } from '@/lib/content/research/citations';
import { CITATIONS_TAG } from '@/lib/scholarly/citation-types';
import { CONTENT_TYPES } from '@/lib/content/registry.mjs';
import type { Tag } from '@/lib/content/tags';
import { getEnv } from '@/lib/env';
import { buildCvData } from './data';
import { toJsonResume } from './json-resume';
import { renderCvPdf } from './pdf';
import { cvFileName } from './rules';
import type { CvData } from './types';

/**
 * Every tag the CV reads, the content types whose registry entry says the CV reads them (`cv`) and the citation
 * counts (issue 46): a save to any of them, or a run that changes a count, makes the next /cv, /cv.pdf and /cv.json new.
 */
export const CV_TAGS: readonly string[] = [...CONTENT_TYPES.flatMap((type): Tag[] => (type.cv ? [type.tag] : [])), CITATIONS_TAG];

/** The CV from the site's cached reads (each tagged, so a save shows on the next request). */
export async function getCvData(): Promise<CvData> {
  const [about, experience, papers, projects, entries, talks, courses, settings, citations] = await Promise.all([
    getAbout(),
    getExperience(),
    getResearchPapers(),
    getProjects(),
    getCvEntries(),
    getTalks(),
    getCourses(),
    getCvSettings(),
    getCitations(),
  ]);
  return buildCvData({
    about,
    experience,
    papers,
    projects,
    entries,
    talks,
    courses,
    settings,
    siteUrl: getEnv().SITE_URL ?? null,
    citations: citations.settings.showOnCv ? citations.counts : [],
  });
}

export interface CvFile {
  bytes: Uint8Array;
  /** A strong ETag: the file's SHA-256, so equal files compare equal across restarts. */
  etag: string;
  fileName: string;
}

function etagOf(bytes: Uint8Array): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
}

/**
 * /cv.pdf: typeset once per change of the content it shows, then served from the cache (tagged with every
 * source, so the next request after a save typesets it again). Typesetting runs in a worker thread, one
 * document at a time (lib/cv/pdf-thread.ts): the server answers other requests meanwhile.
 */
export async function getCvPdf(): Promise<CvFile> {
  'use cache';
  cacheTag(...CV_TAGS);
  const data = await getCvData();
  const bytes = await renderCvPdf(data);
  return { bytes, etag: etagOf(bytes), fileName: cvFileName(data.name) };
}

/** /cv.json: the CV as a JSON Resume document, cached like the PDF. */
export async function getCvJson(): Promise<{ body: string; etag: string }> {
  'use cache';
  cacheTag(...CV_TAGS);
  const data = await getCvData();
  const siteUrl = getEnv().SITE_URL ?? null;
  const body = `${JSON.stringify(toJsonResume(data, { siteUrl }), null, 2)}\n`;
  return { body, etag: etagOf(new TextEncoder().encode(body)) };
}
