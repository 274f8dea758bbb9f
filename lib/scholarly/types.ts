import type { PaperValues } from '@/lib/validation/research';

/**
 * Adding papers by identifier (issue 34): the shapes shared by the source clients (lib/scholarly/*), the
 * Research Papers editor's actions and its "Add by identifier" panel. Client-safe: types only.
 */

export type IdentifierKind = 'doi' | 'arxiv' | 'orcid';

/** One identifier read from the box, normalised: '10.1007/BF01700692', '2403.01234v2', 'math.NT/0601001', '0000-0002-1825-0097'. */
export interface ParsedIdentifier {
  kind: IdentifierKind;
  value: string;
  /** As it was typed, cut to 80 characters: what the admin is shown next to a problem. */
  input: string;
}

/** A piece of the box that is no identifier, or a malformed one (an ORCID iD with a bad checksum, say), with why. */
export interface RefusedIdentifier {
  input: string;
  reason: string;
}

export interface ParsedIdentifiers {
  identifiers: ParsedIdentifier[];
  refused: RefusedIdentifier[];
  /** How many distinct identifiers were given in all, and how many of them are looked up (the rest are dropped, with `notice`). */
  given: number;
  taken: number;
  /** Set when some were dropped: says how many are taken. */
  notice: string | null;
}

/** The sources' names as messages give them; OpenAlex is asked for citation counts only (citations.ts). */
export type SourceName = 'Crossref' | 'DataCite' | 'arXiv' | 'ORCID' | 'OpenAlex';

export type SourceProblemKind = 'not-found' | 'rate-limited' | 'server-error' | 'timeout' | 'too-large' | 'malformed' | 'unreachable';

/** Why a source gave no answer that can be used; `message` is a sentence for the admin naming the source. */
export interface SourceProblem {
  kind: SourceProblemKind;
  source: SourceName;
  message: string;
  /** From a 429's Retry-After, in seconds, when it gave one. */
  retryAfterSeconds?: number;
}

/** One work looked up, as the paper it becomes (validated by checkPaper: every limit holds). */
export interface LookupEntry {
  /** The entry's place in this lookup ('0', '1', …): what the admin ticks. */
  ref: string;
  /** The identifier it came from, as shown ('doi:10.1007/x', 'arXiv:2403.01234', or the ORCID work's title). */
  identifier: string;
  source: SourceName;
  paper: PaperValues;
  /** Why it is not offered: the same DOI, arXiv id or normalised title is on the site already, or earlier in this lookup. */
  duplicate: { reason: string; paperId: string | null } | null;
}

export interface LookupProblem {
  /** The identifier as typed, or an ORCID work's title. */
  identifier: string;
  message: string;
}

export interface LookupResult {
  entries: LookupEntry[];
  problems: LookupProblem[];
  /** The parser's notice (identifiers dropped past the limit), or an ORCID profile's (works past the limit). */
  notices: string[];
  /** Set when an ORCID iD was looked up: whose works these are. */
  orcid: { id: string; name: string; works: number } | null;
}

/** "Refresh from source": what the source says of a stored paper now. */
export type RefreshResult = { ok: true; source: SourceName; paper: PaperValues } | { ok: false; problem: SourceProblem };
