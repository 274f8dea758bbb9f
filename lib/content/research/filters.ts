import { isPaperKind, PAPER_KINDS, type PaperKind } from './kinds';
import { parseStatus, STATUS_FILTERS, type StatusFilter } from './rules';
import type { ResearchPaper } from './types';

/**
 * The filters of /research (issue 45): the spec's status, and the kind of work, the year and the tag, combined,
 * each in the address, a page of 25 papers at a time. A view is a path of its own
 * (`/research/list/status/published/type/conference/year/2025/tag/L-functions/page/2`), so the server answers
 * it as a stored page like every other public page (its own ETag and hash-based Content-Security-Policy): a
 * filtered list can be shared, crawled and used without JavaScript. The spec's `/research?status=…` addresses
 * still work: /research takes a browser there (components/site/research/research-address.tsx). Client-safe, pure.
 */

export interface ResearchFilters {
  status: StatusFilter;
  kind: PaperKind | null;
  /** 'yyyy' */
  year: string | null;
  tag: string | null;
  /** 1-based. */
  page: number;
}

/** /research itself: every paper, newest first, the first page. */
export const NO_FILTERS: ResearchFilters = { status: 'all', kind: null, year: null, tag: null, page: 1 };

/**
 * How many papers a page of /research shows. A card with an abstract of formulas weighs about 4 kB of the page (its
 * HTML, and its copy in the RSC payload): 150 papers on one page would not fit the public pages' 80 kB budget,
 * 25 weighed 181 kB and 10, their abstracts collapsed, 81.5 kB (tests/e2e/page-weight.spec.ts).
 */
export const PAPERS_PER_PAGE = 8;

/** The most tags the topic filter offers: the most used, and the chosen one (every tag would outweigh the list). */
export const TOPIC_FILTERS_MAX = 12;

/** The longest tag the address may name (a tag is at most 80 characters: RESEARCH_LIMITS.tag). */
const TAG_MAX = 80;

type Params = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The address's filters; anything unknown (or repeated) is no filter rather than an error, as the status always was. */
export function parseResearchFilters(params: Params): ResearchFilters {
  const kind = first(params.type);
  const year = first(params.year);
  const tag = first(params.tag)?.trim();
  const page = Number(first(params.page));
  return {
    status: parseStatus(params.status),
    kind: isPaperKind(kind) ? kind : null,
    year: year && /^\d{4}$/.test(year) ? year : null,
    tag: tag && tag.length <= TAG_MAX ? tag : null,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** Where the views live: `/research/list/{key}/{value}/…`, in KEY_ORDER. */
export const VIEW_PREFIX = '/research/list';

/** A view's keys, in the one order its address writes them (and the older query addresses' parameters). */
export const KEY_ORDER = ['status', 'type', 'year', 'tag', 'page'] as const;

/** The address of a view: `change` over `filters`; any change but the page's goes back to the first page. */
export function researchHref(filters: ResearchFilters, change: Partial<ResearchFilters> = {}): string {
  const next = { ...filters, ...change, page: change.page ?? 1 };
  const values: Record<(typeof KEY_ORDER)[number], string | null> = {
    status: next.status === 'all' ? null : next.status,
    type: next.kind,
    year: next.year,
    tag: next.tag,
    page: next.page > 1 ? String(next.page) : null,
  };
  const parts = KEY_ORDER.flatMap((key) => (values[key] === null ? [] : [key, encodeURIComponent(values[key])]));
  return parts.length > 0 ? `${VIEW_PREFIX}/${parts.join('/')}` : '/research';
}

/**
 * A view path's segments (after /research/list, decoded) as its filters; null for anything but the address
 * researchHref writes (keys in order, each once, known values, no first page), which is no page: one address per view.
 */
export function parseViewPath(segments: readonly string[]): ResearchFilters | null {
  if (segments.length === 0 || segments.length % 2 !== 0) return null;
  const given: Params = {};
  let order = -1;
  for (let index = 0; index < segments.length; index += 2) {
    const key = segments[index] as (typeof KEY_ORDER)[number];
    const at = KEY_ORDER.indexOf(key);
    if (at <= order) return null;
    order = at;
    given[key] = segments[index + 1];
  }
  const filters = parseResearchFilters(given);
  return researchHref(filters, { page: filters.page }) === `${VIEW_PREFIX}/${segments.map(encodeURIComponent).join('/')}` ? filters : null;
}

type Facet = 'status' | 'kind' | 'year' | 'tag';

/** Whether a paper passes every filter but `except` (a facet's counts are of the papers its other filters leave). */
function passes(paper: ResearchPaper, filters: ResearchFilters, except?: Facet): boolean {
  return (
    (except === 'status' || filters.status === 'all' || paper.status === filters.status) &&
    (except === 'kind' || filters.kind === null || paper.kind === filters.kind) &&
    (except === 'year' || filters.year === null || paper.date.startsWith(filters.year)) &&
    (except === 'tag' || filters.tag === null || paper.tags.includes(filters.tag))
  );
}

/** The papers the filters leave, in the order given (newest first). */
export function filterPapers(papers: readonly ResearchPaper[], filters: ResearchFilters): ResearchPaper[] {
  return papers.filter((paper) => passes(paper, filters));
}

export interface FacetCount<V> {
  value: V;
  count: number;
}

export interface ResearchFacets {
  status: FacetCount<StatusFilter>[];
  kind: FacetCount<PaperKind>[];
  year: FacetCount<string>[];
  tag: FacetCount<string>[];
}

function counted<V>(values: Iterable<V>): Map<V, number> {
  const counts = new Map<V, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/**
 * Each filter's choices with the number of papers choosing it would show, given the other filters: every status
 * (the spec's five links are always there), the kinds, years and tags the papers have (kinds in their list's
 * order, years newest first, the TOPIC_FILTERS_MAX most used tags alphabetically), plus the current choice even
 * when it leaves none.
 */
export function researchFacets(papers: readonly ResearchPaper[], filters: ResearchFilters): ResearchFacets {
  const among = (facet: Facet) => papers.filter((paper) => passes(paper, filters, facet));
  const statusPapers = among('status');
  const kinds = counted(among('kind').map((paper) => paper.kind));
  const years = counted(among('year').map((paper) => paper.date.slice(0, 4)));
  const tags = counted(among('tag').flatMap((paper) => [...new Set(paper.tags)]));
  if (filters.kind && !kinds.has(filters.kind)) kinds.set(filters.kind, 0);
  if (filters.year && !years.has(filters.year)) years.set(filters.year, 0);
  if (filters.tag && !tags.has(filters.tag)) tags.set(filters.tag, 0);
  return {
    status: STATUS_FILTERS.map(({ value }) => ({ value, count: value === 'all' ? statusPapers.length : statusPapers.filter((paper) => paper.status === value).length })),
    kind: PAPER_KINDS.filter((kind) => kinds.has(kind)).map((kind) => ({ value: kind, count: kinds.get(kind)! })),
    year: [...years].sort(([a], [b]) => b.localeCompare(a)).map(([value, count]) => ({ value, count })),
    tag: [...tags]
      .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b, 'en', { sensitivity: 'base' }))
      .filter(([value], index) => index < TOPIC_FILTERS_MAX || value === filters.tag)
      .sort(([a], [b]) => a.localeCompare(b, 'en', { sensitivity: 'base' }))
      .map(([value, count]) => ({ value, count })),
  };
}

/** A page of the papers, and how many pages there are (at least one); a page past the last shows the last. */
export function pageOf<T>(items: readonly T[], page: number): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / PAPERS_PER_PAGE));
  const current = Math.min(page, pages);
  return { items: items.slice((current - 1) * PAPERS_PER_PAGE, current * PAPERS_PER_PAGE), page: current, pages };
}

/** Papers (newest first) grouped by the year of their date, in that order: the list's year headings. */
export function groupByYear(papers: readonly ResearchPaper[]): { year: string; papers: ResearchPaper[] }[] {
  const groups: { year: string; papers: ResearchPaper[] }[] = [];
  for (const paper of papers) {
    const year = paper.date.slice(0, 4);
    const last = groups[groups.length - 1];
    if (last?.year === year) last.papers.push(paper);
    else groups.push({ year, papers: [paper] });
  }
  return groups;
}

/** Whether any filter but the status is chosen (the list then offers to clear them). */
export function hasFacetFilters(filters: ResearchFilters): boolean {
  return filters.kind !== null || filters.year !== null || filters.tag !== null;
}
