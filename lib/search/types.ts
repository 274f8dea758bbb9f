/**
 * Site search (issue 35): the shapes shared by the search queries (lib/search/queries.ts), the /search page
 * and the command palette. Client-safe: types and constants only.
 */

/** What is searched, in the order the results page lists the groups. */
export const SEARCH_TYPES = ['research', 'blog', 'projects', 'personal', 'experience'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export function isSearchType(value: unknown): value is SearchType {
  return typeof value === 'string' && (SEARCH_TYPES as readonly string[]).includes(value);
}

/** A piece of an excerpt: text, marked when it matched the query. Rendered as React text (never as HTML). */
export interface ExcerptPart {
  text: string;
  match: boolean;
}

export interface SearchHit {
  type: SearchType;
  id: string;
  /** The public page of the item ('/research/{id}', '/blog/{slug}', '/projects#{id}', '/personal/{id}', '/experience#{id}'). */
  href: string;
  /** Plain text (a personal post's first line when it has no title). */
  title: string;
  /** The best passage of the text readers see, with the matched words marked; formulas as readable text, never cut open. */
  excerpt: ExcerptPart[];
  /** 'yyyy-mm-dd' or 'yyyy-mm', when the item has a date. */
  date: string | null;
  rank: number;
}

export interface SearchResult {
  /** The query as searched (trimmed, cut to SEARCH_LIMITS.queryChars). */
  query: string;
  /** True when the query was cut: the page says so. */
  cut: boolean;
  /** The hits of the chosen type (or of every type), best first, at most `limit`. */
  hits: SearchHit[];
  /** How many items of each type match (whatever the type filter). */
  counts: Record<SearchType, number>;
  /**
   * True when nothing was searched because the server was already searching as much as it may
   * (lib/search/rate-limit.ts SEARCH_CAPACITY): no hits, and the visitor reads SEARCH_BUSY.
   */
  busy: boolean;
}
