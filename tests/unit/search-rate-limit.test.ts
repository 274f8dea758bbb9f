import { beforeEach, describe, expect, it } from 'vitest';

import { resetSearchLimits, SEARCH_RATE_LIMIT, takeSearch } from '@/lib/search/rate-limit';

/** Issue 35: searches per client address, counted in memory with a fixed window and a bounded table of addresses. */
describe('the search rate limit', () => {
  beforeEach(() => resetSearchLimits());

  it('lets an address search up to the limit in a window, refuses past it, and lets it search again in the next window', () => {
    const start = 1_000_000;
    for (let index = 0; index < SEARCH_RATE_LIMIT.searches; index += 1) expect(takeSearch('203.0.113.5', start + index)).toBe(true);
    expect(takeSearch('203.0.113.5', start + 100)).toBe(false);
    // Another address is not affected.
    expect(takeSearch('198.51.100.7', start + 100)).toBe(true);
    expect(takeSearch('203.0.113.5', start + SEARCH_RATE_LIMIT.windowMs)).toBe(true);
  });

  it('keeps at most the configured number of addresses, dropping the oldest windows first', () => {
    const limit = { searches: 2, windowMs: 60_000, addresses: 100 };
    for (let index = 0; index < 1_000; index += 1) takeSearch(`10.0.${Math.floor(index / 256)}.${index % 256}`, 5_000, limit);
    // The first address's window was dropped: it starts afresh rather than being refused.
    expect(takeSearch('10.0.0.0', 5_000, limit)).toBe(true);
    expect(takeSearch('10.0.0.0', 5_000, limit)).toBe(true);
    expect(takeSearch('10.0.0.0', 5_000, limit)).toBe(false);
  });
});
