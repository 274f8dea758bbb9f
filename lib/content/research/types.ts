/** A research paper (table research_papers): client-safe types and the status list. */

/** A paper's status; 'published' is the default and the fallback for anything else. */
export const PAPER_STATUSES = ['published', 'preprint', 'submitted', 'draft'] as const;
export type PaperStatus = (typeof PAPER_STATUSES)[number];

export interface ResearchPaper {
  id: string;
  title: string;
  /** Simple markup with `$…$` mathematics. */
  abstract: string;
  authors: string[];
  /** 'yyyy-mm-dd' */
  date: string;
  journal: string;
  link: string | null;
  pdfUrl: string | null;
  tags: string[];
  /** Normalised: '10.1007/BF01700692', no doi.org address. */
  doi: string | null;
  /** Normalised: '2403.01234' or 'math/0601001', no 'arXiv:' prefix. */
  arxivId: string | null;
  status: PaperStatus;
  updatedAt: string;
}

export function isPaperStatus(value: unknown): value is PaperStatus {
  return typeof value === 'string' && (PAPER_STATUSES as readonly string[]).includes(value);
}
