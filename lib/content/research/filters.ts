import { isPaperKind, PAPER_KINDS, type PaperKind } from './kinds';
import { parseStatus, STATUS_FILTERS, type StatusFilter } from './rules';
import type { ResearchPaper } from './types';

/**
 * The filters of /research (issue 45): the spec's status, and the kind of work, the year and the tag, combined,
 * each in the address (`/research?type=conference&year=2025&tag=L-functions&status=published`), so a filtered
 * list can be shared, crawled and used without JavaScript: the server renders only the papers it asks for, a
 * page of them at a time. Client-safe and pure.
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

/** How many papers a page of /research shows: 150 papers on one page would not fit its 80 kB budget. */
export const PAPERS_PER_PAGE = 25;

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

/** The address of a view: `change` over `filters`; any change but the page's goes back to the first page. */
export function researchHref(filters: ResearchFilters, change: Partial<ResearchFilters> = {}): string {
  const next = { ...filters, ...change, page: change.page ?? 1 };
  const query = new URLSearchParams();
  if (next.status !== 'all') query.set('status', next.status);
  if (next.kind) query.set('type', next.kind);
  if (next.year) query.set('year', next.year);
  if (next.tag) query.set('tag', next.tag);
  if (next.page > 1) query.set('page', String(next.page));
  const text = query.toString();
  return text ? `/research?${text}` : '/research';
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
 * order, years newest first, tags alphabetically), plus the current choice even when it leaves none.
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
    tag: [...tags].sort(([a], [b]) => a.localeCompare(b, 'en', { sensitivity: 'base' })).map(([value, count]) => ({ value, count })),
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
