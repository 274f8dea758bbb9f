import 'server-only';

/**
 * Searches per client address (issue 35), like the other anonymous endpoints' limits, but counted in this
 * process's memory: a search is a read the page must answer in milliseconds, and a write per search (as
 * the sign-in limit's table does) would cost more than the search. Several instances each count their own
 * share (docs/architecture.md, "Security model"). A fixed window per address; the table of addresses is
 * bounded, the oldest windows dropped first, so a flood of addresses cannot grow it without end.
 */

export const SEARCH_RATE_LIMIT = { searches: 60, windowMs: 60_000, addresses: 10_000 } as const;

export const SEARCH_RATE_LIMITED = 'Too many searches from your address in the last minute. Please wait a moment and search again.';

const windows = new Map<string, { start: number; count: number }>();

/** Counts one search for the address; false once it is past the limit in the current window. */
export function takeSearch(address: string, now: number = Date.now(), limit: { searches: number; windowMs: number; addresses: number } = SEARCH_RATE_LIMIT): boolean {
  const current = windows.get(address);
  if (!current || now - current.start >= limit.windowMs) {
    windows.delete(address);
    if (windows.size >= limit.addresses) {
      // Map keeps insertion order: the first keys are the oldest windows.
      for (const key of windows.keys()) {
        windows.delete(key);
        if (windows.size < limit.addresses * 0.9) break;
      }
    }
    windows.set(address, { start: now, count: 1 });
    return true;
  }
  current.count += 1;
  return current.count <= limit.searches;
}

/** For tests: forget every window. */
export function resetSearchLimits(): void {
  windows.clear();
}
