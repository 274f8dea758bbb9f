import { connection } from 'next/server';

import { clientInfo } from '@/lib/auth/request';
import { uncachedJson } from '@/lib/public-pages';
import { searchSite } from '@/lib/search/queries';
import { normalizeQuery } from '@/lib/search/query';
import { SEARCH_BUSY, SEARCH_RATE_LIMIT, SEARCH_RATE_LIMITED, takeSearch } from '@/lib/search/rate-limit';
import { isSearchType, SEARCH_TYPES, type SearchResult } from '@/lib/search/types';

/** Hits in one answer: what the palette lists; its last item leads to the /search page for the rest. */
const PALETTE_HITS = 8;

const NO_COUNTS = Object.fromEntries(SEARCH_TYPES.map((type) => [type, 0])) as SearchResult['counts'];


/**
 * GET /api/search?q=…&type=…: the search palette's results as you type
 * (components/site/search/command-palette.tsx), `{ query, cut, counts, hits }` with at most 8 hits, of
 * every type unless `type` names one. The same search as the /search page, counted against the same
 * per-address limit (lib/search/rate-limit.ts): past it a 429; past the server's own capacity for searching
 * (every address together), a 503 with SEARCH_BUSY. An empty query asks nothing of the
 * database and is not counted. Outside proxy.ts's matcher, as every /api route is.
 */
export async function GET(request: Request): Promise<Response> {
  await connection();
  const params = new URL(request.url).searchParams;
  const raw = params.get('q') ?? '';
  const type = params.get('type');
  // Nothing left once cleaned (spaces, control characters): nothing to search.
  if (!normalizeQuery(raw).query) return uncachedJson({ query: '', cut: false, counts: NO_COUNTS, hits: [], busy: false } satisfies SearchResult);
  if (!(await takeSearch((await clientInfo()).ip))) {
    return uncachedJson({ error: SEARCH_RATE_LIMITED }, 429, { 'retry-after': String(SEARCH_RATE_LIMIT.windowMs / 1000) });
  }
  try {
    const result = await searchSite(raw, { type: isSearchType(type) ? type : 'all', limit: PALETTE_HITS });
    // Every address together is searching as much as the server allows: try again in a second.
    if (result.busy) return uncachedJson({ error: SEARCH_BUSY }, 503, { 'retry-after': '1' });
    return uncachedJson(result);
  } catch (error) {
    console.error('The search failed', error);
    return uncachedJson({ error: 'Search is not available right now. Please try again later.' }, 503);
  }
}
