import 'server-only';

import { MB } from '@/lib/bytes.mjs';
import { KIND_FIELDS, type PaperKind } from '@/lib/content/research/kinds';
import { normalizeArxivId, normalizeDoi } from '@/lib/validation/research';
import { z } from '@/lib/validation/zod';
import { askSource, type ScholarlyConfig } from './config';
import { malformedProblem } from './http';
import { cleanTitle } from './jats';
import type { SourceProblem } from './types';
import { arxivJournal, arxivKey, arxivLink, dateFrom, doiLink, personName, type SourceWork } from './work';

/**
 * ORCID's public API v3.0, GET {base}/v3.0/{orcid}/record with Accept: application/json: the public part
 * of a profile, its owner's name (person.name) and its works (activities-summary.works.group[]: one group
 * per work, holding the summaries each source gave of it). A summary has a title, type, date, journal and
 * identifiers but no authors, so lookup.ts looks each DOI or arXiv id up at its source of record.
 */

const value = z.object({ value: z.string().nullish() }).nullish();
const externalIds = z
  .object({
    'external-id': z
      .array(z.object({ 'external-id-type': z.string(), 'external-id-value': z.string(), 'external-id-relationship': z.string().nullish() }))
      .nullish(),
  })
  .nullish();

const summarySchema = z.object({
  'put-code': z.union([z.number(), z.string()]),
  title: z.object({ title: value, subtitle: value }).nullish(),
  type: z.string().nullish(),
  'publication-date': z.object({ year: value, month: value, day: value }).nullish(),
  'journal-title': value,
  'external-ids': externalIds,
  url: value,
});

const recordSchema = z.object({
  person: z
    .object({ name: z.object({ 'given-names': value, 'family-name': value, 'credit-name': value }).nullish() })
    .nullish(),
  'activities-summary': z
    .object({
      works: z.object({ group: z.array(z.object({ 'external-ids': externalIds, 'work-summary': z.array(summarySchema) })).nullish() }).nullish(),
    })
    .nullish(),
});

type Summary = z.output<typeof summarySchema>;
type ExternalIds = z.output<typeof externalIds>;

/** One work of a profile, as its preferred summary gives it. */
export interface OrcidWork {
  putCode: string;
  /** Plain text; '' when the summary has none. */
  title: string;
  /** ORCID's work type: 'journal-article', 'preprint', 'conference-paper', … */
  type: string;
  date: string | null;
  journal: string;
  doi: string | null;
  arxivId: string | null;
  url: string | null;
}

export interface OrcidProfile {
  /** The owner as 'Given Family' (the published name when the record gives no parts); '' when private. */
  name: string;
  /** Works in the profile, the most recent first (undated last). */
  works: OrcidWork[];
}

/** What the site shows as the venue of a work ORCID gives no journal for. */
const TYPE_VENUES: Record<string, string> = {
  book: 'Book',
  'book-chapter': 'Book chapter',
  'conference-paper': 'Conference paper',
  'conference-abstract': 'Conference abstract',
  'conference-poster': 'Conference poster',
  'dissertation-thesis': 'Thesis',
  'journal-article': 'Journal article',
  preprint: 'Preprint',
  report: 'Report',
  'working-paper': 'Working paper',
  software: 'Software',
  'data-set': 'Data set',
};

function venueOfType(type: string): string {
  const known = TYPE_VENUES[type];
  if (known) return known;
  const words = type.replace(/[-_]+/g, ' ').trim();
  return words ? `${words[0]!.toUpperCase()}${words.slice(1)}` : 'Other';
}

/** The identifiers the work itself has ('self'), not those of what it is part of (a journal's ISSN) or a version of. */
function selfIds(...lists: ExternalIds[]): { doi: string | null; arxivId: string | null } {
  let doi: string | null = null;
  let arxivId: string | null = null;
  for (const list of lists) {
    for (const id of list?.['external-id'] ?? []) {
      if (id['external-id-relationship'] && id['external-id-relationship'] !== 'self') continue;
      const type = id['external-id-type'].toLowerCase();
      if (type === 'doi') doi ??= normalizeDoi(id['external-id-value']);
      if (type === 'arxiv') arxivId ??= normalizeArxivId(id['external-id-value']);
    }
  }
  return { doi, arxivId };
}

function toWork(summary: Summary, groupIds: ExternalIds): OrcidWork {
  const title = cleanTitle(summary.title?.title?.value ?? '');
  const subtitle = cleanTitle(summary.title?.subtitle?.value ?? '');
  const date = summary['publication-date'];
  const url = summary.url?.value?.trim() ?? '';
  return {
    putCode: String(summary['put-code']),
    title: title && subtitle ? `${title}: ${subtitle}` : title,
    type: summary.type ?? 'other',
    date: dateFrom(Number(date?.year?.value), Number(date?.month?.value), Number(date?.day?.value)),
    journal: cleanTitle(summary['journal-title']?.value ?? ''),
    ...selfIds(summary['external-ids'], groupIds),
    url: /^https?:\/\//i.test(url) ? url : null,
  };
}

/** An ORCID record as its owner's name and works, or a 'malformed' problem. */
export function parseOrcid(body: string): { ok: true; profile: OrcidProfile } | { ok: false; problem: SourceProblem } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, problem: malformedProblem('ORCID') };
  }
  const parsed = recordSchema.safeParse(json);
  if (!parsed.success) return { ok: false, problem: malformedProblem('ORCID') };
  const name = parsed.data.person?.name;
  const groups = parsed.data['activities-summary']?.works?.group ?? [];
  // The first summary of a group is the one the owner prefers (ORCID orders them by display index).
  const works = groups.flatMap((group) => (group['work-summary'][0] ? [toWork(group['work-summary'][0], group['external-ids'])] : []));
  const order = works.map((work, index) => ({ work, index }));
  order.sort((a, b) => (b.work.date ?? '').localeCompare(a.work.date ?? '') || a.index - b.index);
  return {
    ok: true,
    profile: {
      name: cleanTitle(personName(name?.['given-names']?.value, name?.['family-name']?.value) || (name?.['credit-name']?.value ?? '')),
      works: order.map(({ work }) => work),
    },
  };
}

/** ORCID's work types (v3.0) as kinds of work; what is not listed (a conference poster, a website, …) is 'other'. */
const KINDS: Record<string, PaperKind> = {
  'journal-article': 'article',
  'conference-paper': 'conference',
  book: 'book',
  'edited-book': 'book',
  'book-chapter': 'chapter',
  // ORCID does not say which degree a thesis is for: a PhD is the likelier.
  'dissertation-thesis': 'phd-thesis',
  dissertation: 'phd-thesis',
  report: 'report',
  // A working paper is issued in a series of its institution, as a report is.
  'working-paper': 'report',
  preprint: 'preprint',
  'data-set': 'dataset',
  software: 'software',
};

/** A work ORCID calls a preprint, or one only on arXiv that it does not call a journal article in a journal, is a preprint. */
function kindOf(work: OrcidWork): PaperKind {
  if (work.type === 'preprint') return 'preprint';
  if (work.type === 'journal-article' && (work.doi || work.journal)) return 'article';
  if (work.arxivId && !work.doi) return 'preprint';
  return KINDS[work.type] ?? 'other';
}

/**
 * A work as its ORCID summary alone describes it, its owner the only author known. A summary has a title,
 * type, date and journal title but no venue fields: a kind whose venue it does not name (a chapter without
 * its book's title) is 'other' under its type's name, and so is a book, thesis or report, whose publisher
 * or institution ORCID does not give (source-venue.ts).
 */
export function orcidSummaryWork(work: OrcidWork, owner: string): SourceWork {
  const kind = kindOf(work);
  const venue = work.journal || (work.arxivId && kind === 'preprint' ? arxivJournal(work.arxivId) : '');
  return {
    source: 'ORCID',
    title: work.title,
    authors: owner ? [owner] : [],
    journal: venue || venueOfType(work.type),
    date: work.date,
    abstract: '',
    doi: work.doi,
    arxivId: work.arxivId,
    link: work.doi ? doiLink(work.doi) : work.arxivId ? arxivLink(work.arxivId) : work.url,
    kind: venue || KIND_FIELDS[kind].required !== 'journal' ? kind : 'other',
    venue: {},
  };
}

/** The public record of one ORCID iD. */
export async function fetchOrcid(orcid: string, config: ScholarlyConfig): Promise<{ ok: true; profile: OrcidProfile } | { ok: false; problem: SourceProblem }> {
  const answer = await askSource(config, `${config.orcid}/v3.0/${encodeURIComponent(orcid)}/record`, {
    accept: 'application/json',
    source: 'ORCID',
    what: `the ORCID iD ${orcid}`,
  });
  return answer.ok ? parseOrcid(answer.text) : answer;
}

/**
 * How the citation run (issue 46) names a work of the owner's profile that is not on the site, in
 * public.found_works: by its DOI ('doi:10.1000/x', lower case), else its arXiv paper ('arxiv:2403.01234', no
 * version), else its place in the profile ('orcid:{iD}/{put-code}'). The same work keeps its key from run to
 * run, so a dismissed one stays dismissed.
 */
export function foundWorkKey(orcid: string, work: Pick<OrcidWork, 'doi' | 'arxivId' | 'putCode'>): string {
  if (work.doi) return `doi:${work.doi.toLowerCase()}`;
  if (work.arxivId) return `arxiv:${arxivKey(work.arxivId)}`;
  // A put-code is a number; the column keeps 40 characters of whatever else a profile gives.
  return `orcid:${orcid}/${work.putCode.slice(0, 40)}`;
}

/**
 * The largest ORCID record the citation run (issue 46) reads, and the review of the works it found. A work takes 1.5 to 3 KB of a record (more when several sources
 * gave it), so the 2 MB of a lookup (FETCH_DEFAULTS.maxBytes) stops near a thousand works; 8 MB holds about
 * three thousand, and a larger record is reported as too large (the found works of the last run are kept).
 */
export const ORCID_PROFILE_MAX_BYTES = 8 * MB;
