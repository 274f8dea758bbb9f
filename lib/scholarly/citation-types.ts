/**
 * Citation counts, found works and their run (issue 46): the client-safe types the run
 * (lib/scholarly/refresh/), the sources' client (lib/scholarly/citations.ts), the admin area and the public
 * pages share. Stored in public.paper_citations, public.found_works, public.citation_settings and
 * public.refresh_state (supabase/migrations/20261128040000_citations.sql).
 */

export type CitationSource = 'openalex' | 'crossref';

/** Each source as the pages and the messages name it. */
export const CITATION_SOURCE_NAMES = { openalex: 'OpenAlex', crossref: 'Crossref' } as const satisfies Record<CitationSource, string>;

/** The largest count believed (the most cited papers have a few hundred thousand); a larger one is refused. */
export const CITED_BY_MAX = 1_000_000;

/** The cache tag of every read of the counts and of citation_settings: the run and Settings expire it. */
export const CITATIONS_TAG = 'citations';

export interface YearCount {
  year: number;
  count: number;
}

/** One paper's count as a source gave it, after the checks (lib/scholarly/citations.ts). */
export interface CitationCount {
  source: CitationSource;
  citedBy: number;
  /** Oldest first, each year once, none after the year it was read. */
  byYear: YearCount[];
  /** The source's list of the works citing it, or null when the source has no public one. */
  citingUrl: string | null;
  /** ISO time it was read. */
  readAt: string;
}

/** A stored count: the last one that passed the checks, and how the last attempt went. */
export interface PaperCitations extends CitationCount {
  paperId: string;
  /** ISO time of the last attempt. */
  checkedAt: string;
  /** Why the last attempt did not replace the count (its date then says how old it is); null when it did. */
  problem: string | null;
}

/** How often the run comes, in hours; 0: never by itself (Refresh now and the scheduler route still run it). */
export const REFRESH_HOURS = [0, 6, 12, 24, 168] as const;
export type RefreshHours = (typeof REFRESH_HOURS)[number];

/** Settings → Citations (public.citation_settings; no row: these defaults). */
export interface CitationSettings {
  showOnSite: boolean;
  showOnCv: boolean;
  refreshHours: RefreshHours;
}

export const DEFAULT_CITATION_SETTINGS: CitationSettings = { showOnSite: false, showOnCv: false, refreshHours: 24 };

export type RefreshTrigger = 'schedule' | 'admin' | 'route';

export interface RefreshError {
  /** ISO time. */
  at: string;
  /** What it was about: a paper's title, or 'ORCID profile 0000-…'. */
  what: string;
  message: string;
}

/** public.refresh_state as the dashboard and Settings show it. */
export interface RefreshStatus {
  /** A lease is held and not expired: a run is going on somewhere. */
  running: boolean;
  trigger: RefreshTrigger | null;
  startedAt: string | null;
  /** Null while the run is unfinished (running, or stopped part-way and to be resumed). */
  finishedAt: string | null;
  papersChecked: number;
  countsUpdated: number;
  worksFound: number;
  errors: RefreshError[];
  /** When the schedule runs next; null when it is off. */
  nextRunAt: string | null;
  /** Refresh now was asked for and no run has taken it up yet. */
  requested: boolean;
}

/** The longest key of a found work (the column's check). */
export const FOUND_WORK_KEY_MAX = 300;

/** A work on the owner's ORCID profile that is not on the site (public.found_works, not dismissed). */
export interface FoundWork {
  key: string;
  orcid: string;
  putCode: string;
  title: string;
  workType: string;
  doi: string | null;
  arxivId: string | null;
  year: number | null;
  foundAt: string;
}
