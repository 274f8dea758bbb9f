/** A research paper (table research_papers): client-safe types and the status list. */

import type { PaperVenue } from './kinds';
import type { PaperLinkValues } from './links';

export { PAPER_KINDS, PAPER_KIND_LABELS, isPaperKind, type PaperKind } from './kinds';

/** A paper's status; 'published' is the default and the fallback for anything else. */
export const PAPER_STATUSES = ['published', 'preprint', 'submitted', 'draft'] as const;
export type PaperStatus = (typeof PAPER_STATUSES)[number];

/** A paper: its kind and venue fields (./kinds.ts), and the rest. `journal` is the venue's title (journal, proceedings, book). */
export interface ResearchPaper extends PaperVenue, PaperLinkValues {
  id: string;
  title: string;
  /** Simple markup with `$…$` mathematics. */
  abstract: string;
  authors: string[];
  /** 'yyyy-mm-dd' */
  date: string;
  link: string | null;
  pdfUrl: string | null;
  tags: string[];
  /** Normalised: '10.1007/BF01700692', no doi.org address. */
  doi: string | null;
  /** Normalised: '2403.01234' or 'math/0601001', no 'arXiv:' prefix. */
  arxivId: string | null;
  status: PaperStatus;
  /** Listed under the home page's Selected Publications (never a draft). */
  selected: boolean;
  /** Shown with the authors: 'Equal contribution', 'Authors in alphabetical order' ('' for none). */
  note: string;
  updatedAt: string;
}

export function isPaperStatus(value: unknown): value is PaperStatus {
  return typeof value === 'string' && (PAPER_STATUSES as readonly string[]).includes(value);
}
