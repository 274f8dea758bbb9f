import 'server-only';

import type { CitationSource, RefreshError, RefreshTrigger } from '../citation-types';
import type { CitationOutcome } from '../citations';
import type { ScholarlyConfig } from '../config';
import type { fetchOrcid } from '../orcid';
import type { Database } from '@/lib/db/types';

/**
 * The run's shapes (issue 46): what it is given (the database, the sources' configuration, the count fetcher
 * and the profile fetcher, injected so tests give fakes) and what it answers. Server-only, as the run is.
 */

/** One paper's count as lib/scholarly/citations.ts answers it: the count, or why there is none. */
export type { CitationOutcome } from '../citations';

/** What the count fetcher needs of a paper. */
export interface CountedPaper {
  doi: string | null;
  arxivId: string | null;
  title: string;
}

export interface FetchCountOptions {
  now?: () => number;
  /** Sources not to ask (they answered 429 and their pause has not ended). */
  paused?: ReadonlySet<CitationSource>;
}

/** lib/scholarly/citations.ts's fetchCitationCount, or a test's fake. */
export type FetchCount = (paper: CountedPaper, config: ScholarlyConfig, options?: FetchCountOptions) => Promise<CitationOutcome>;

/** lib/scholarly/orcid.ts's fetchOrcid, or a test's fake. */
export type FetchProfile = typeof fetchOrcid;

export interface RunOptions {
  db: Database;
  config: ScholarlyConfig;
  fetchCount: FetchCount;
  /** Reads the owner's ORCID profile; fetchOrcid when not given. */
  fetchProfile?: FetchProfile;
  /** This process's holder id (lease.ts processHolder()). */
  holder: string;
  trigger: RefreshTrigger;
  /** The process's clock, in ms: pauses and the renewal interval are measured with it (the lease itself uses the database's). */
  now?: () => number;
  /** How long the lease lasts unless renewed; renewed at least every third of it. */
  leaseMs?: number;
  /** Where every error of the run is written as well (console.warn when not given). */
  log?: (message: string) => void;
  /** Stops the run between papers (a server shutting down); the run is left to be resumed. */
  signal?: AbortSignal;
  /** Waits out a short pause (a setTimeout when not given). */
  sleep?: (ms: number) => Promise<void>;
  /** Called once, after the run's writes, when any count or found work changed: the caller expires the cache tags. */
  onChanged?: () => void;
  /** Papers read from the database at a time (PAGE_SIZE when not given). */
  pageSize?: number;
}

/**
 * What a run did. `ran: false`: another holder has the lease ('held'), or, asked by the outside scheduler, a run
 * that started within ROUTE_RUN_COVERS_MS has finished, which was the run asked for ('just-ran'). `finished`: the
 * run got to its end (false when it lost its lease or was aborted; it is then resumed by the next holder), and
 * `stopped` says why it did not.
 */
export type RunResult =
  | { ran: false; reason: 'held' | 'just-ran' }
  | {
      ran: true;
      resumed: boolean;
      finished: boolean;
      stopped: 'lease-lost' | 'aborted' | null;
      papersChecked: number;
      countsUpdated: number;
      worksFound: number;
      errors: RefreshError[];
    };
