import type { PaperKind } from '@/lib/content/research/kinds';
import type { VenueValues } from '@/lib/content/research/source-venue';
import type { SourceName, SourceProblem } from './types';

/**
 * A work as a source describes it, before it becomes a paper (to-paper.ts): what Crossref, DataCite,
 * arXiv or an ORCID work summary says, cleaned (titles plain text, abstracts the site's markup).
 */

export interface SourceWork {
  source: SourceName;
  /** Plain text, $…$ TeX kept. */
  title: string;
  /** 'Given Family', in the source's order. */
  authors: string[];
  /**
   * The venue's title (kinds.ts): Crossref's container-title (a journal, the proceedings, the book a chapter is
   * in; a preprint server's name for posted content), DataCite's container or publisher, 'arXiv preprint
   * arXiv:2403.01234' for an arXiv-only paper. For a kind without one (a book, a thesis) it is the line that
   * stands for the venue should the kind's required field be missing (source-venue.ts).
   */
  journal: string;
  /** 'yyyy-mm-dd', a missing month or day as 01; null when the source gives no date. */
  date: string | null;
  /** The site's markup (jats.ts). */
  abstract: string;
  doi: string | null;
  /** As it will be stored: see arxiv.ts for when it has a version. */
  arxivId: string | null;
  /** The DOI's https://doi.org/ address, or the arXiv abstract page. */
  link: string | null;
  /** The kind of work as the source types it; a preprint is stored with the status preprint, any other kind published. */
  kind: PaperKind;
  /** The venue fields the source gives, as written; to-paper.ts keeps those of the kind that the editor accepts. */
  venue: Partial<VenueValues>;
}

export type WorkResult = { ok: true; work: SourceWork } | { ok: false; problem: SourceProblem };

/**
 * A DOI as a path: percent-encoded except its slashes, as Crossref's documentation writes
 * /works/10.1037/0003-066X.59.1.29. A suffix with a '.' or '..' segment would be resolved by the URL
 * parser into another path, so such a DOI has its slashes encoded too.
 */
export function doiPath(doi: string): string {
  const segments = doi.split('/');
  const encoded = segments.map(encodeURIComponent);
  return segments.some((segment) => segment === '.' || segment === '..' || segment === '') ? encoded.join('%2F') : encoded.join('/');
}

/** 'https://doi.org/10.1000/x', the DOI percent-encoded where an address needs it. */
export function doiLink(doi: string): string {
  return `https://doi.org/${doiPath(doi)}`;
}

export function arxivLink(id: string): string {
  return `https://arxiv.org/abs/${id}`;
}

/** The venue of a paper that is only on arXiv: the wording Google Scholar's BibTeX and the BibTeX import use. */
export function arxivJournal(id: string): string {
  return `arXiv preprint arXiv:${withoutVersion(id)}`;
}

/** '2403.01234v2' → '2403.01234'. */
export function withoutVersion(id: string): string {
  return id.replace(/v\d+$/, '');
}

/** The version suffix of an arXiv id ('v2'), or ''. */
export function versionOf(id: string): string {
  return /v\d+$/.exec(id)?.[0] ?? '';
}

/** The paper an arXiv id names, whatever its version or subject class: 'math.NT/0601001v3' → 'math/0601001'. */
export function arxivKey(id: string): string {
  return withoutVersion(id).replace(/^([a-z-]+)\.[A-Z]{2}\//i, '$1/');
}

/** 'Given Family'; either alone; '' when neither. */
export function personName(given: string | null | undefined, family: string | null | undefined): string {
  return [given, family]
    .map((part) => (part ?? '').replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(' ');
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A date from year, month and day, each possibly missing or out of range (then 01); null without a plausible year. */
export function dateFrom(year: number | null | undefined, month?: number | null, day?: number | null): string | null {
  if (!Number.isInteger(year) || year! < 1000 || year! > 9999) return null;
  const safeMonth = Number.isInteger(month) && month! >= 1 && month! <= 12 ? month! : 1;
  const lastDay = new Date(Date.UTC(year!, safeMonth, 0)).getUTCDate();
  const safeDay = Number.isInteger(day) && day! >= 1 && day! <= lastDay ? day! : 1;
  return `${year}-${pad(safeMonth)}-${pad(safeDay)}`;
}

/**
 * A day given in full, year, month and day: a conference's dates are left out rather than guessed as the
 * first of a month or year.
 */
export function exactDate(year: number | null | undefined, month: number | null | undefined, day: number | null | undefined): string | null {
  if (!Number.isInteger(month) || !Number.isInteger(day)) return null;
  const date = dateFrom(year, month, day);
  return date === `${year}-${pad(month!)}-${pad(day!)}` ? date : null;
}

/** The venue fields a source gave: blank texts and empty lists left out, texts trimmed. */
export function givenVenue(fields: { [field in keyof VenueValues]?: VenueValues[field] | undefined }): Partial<VenueValues> {
  const given: Partial<VenueValues> = {};
  for (const [field, value] of Object.entries(fields) as [keyof VenueValues, string | string[] | null | undefined][]) {
    if (Array.isArray(value)) {
      const names = value.map((name) => name.trim()).filter(Boolean);
      if (names.length > 0) Object.assign(given, { [field]: names });
    } else if (value?.trim()) Object.assign(given, { [field]: value.trim() });
  }
  return given;
}

/** '2024-03-15', '2024-03', '2024', '2024-03-15T10:00:00Z' → a date (the calendar date as written, no time zone applied). */
export function dateFromText(text: string | null | undefined): string | null {
  const match = /^\s*(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?/.exec(text ?? '');
  if (!match) return null;
  return dateFrom(Number(match[1]), match[2] ? Number(match[2]) : null, match[3] ? Number(match[3]) : null);
}
