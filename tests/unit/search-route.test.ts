// @module-tag security
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { resetSearchLimits, SEARCH_BUSY, SEARCH_RATE_LIMIT, SEARCH_RATE_LIMITED } from '@/lib/search/rate-limit';
import type { SearchResult } from '@/lib/search/types';

/*
 * GET /api/search (issue 35) with the database and the request's headers played by doubles: the limit per
 * client address, the empty query that asks nothing, and a failed read that says nothing of itself.
 * tests/e2e/search-palette.spec.ts runs the same route against a real server.
 */

const client = vi.hoisted(() => ({ ip: '203.0.113.9' }));
const searchSite = vi.hoisted(() => vi.fn());

vi.mock('@/lib/search/queries', () => ({ searchSite }));
vi.mock('@/lib/auth/request', () => ({ clientInfo: async () => ({ ip: client.ip, userAgent: null }) }));
vi.mock('next/server', async (importOriginal) => ({ ...(await importOriginal<typeof import('next/server')>()), connection: async () => undefined }));

const { GET } = await import('@/app/api/search/route');

const FOUND: SearchResult = {
  query: 'zeros',
  cut: false,
  counts: { research: 1, talks: 0, courses: 0, blog: 0, projects: 0, personal: 0, experience: 0 },
  hits: [{ type: 'research', id: 'p1', href: '/research/p1', title: 'Zeros', excerpt: [{ text: 'zeros', match: true }], date: '2025-06-12', rank: 1 }],
  busy: false,
};

const search = (query: string) => GET(new Request(`http://127.0.0.1:3000/api/search?${query}`));

beforeEach(() => {
  resetSearchLimits();
  searchSite.mockReset();
  searchSite.mockResolvedValue(FOUND);
  client.ip = '203.0.113.9';
});

describe('GET /api/search', () => {
  it('answers the search as JSON that nobody keeps, with at most 8 hits of every type unless a type is given', async () => {
    const response = await search('q=zeros');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.json()).toEqual(FOUND);
    expect(searchSite).toHaveBeenLastCalledWith('zeros', { type: 'all', limit: 8 });

    await search('q=zeros&type=blog');
    expect(searchSite).toHaveBeenLastCalledWith('zeros', { type: 'blog', limit: 8 });
    await search('q=zeros&type=nonsense');
    expect(searchSite).toHaveBeenLastCalledWith('zeros', { type: 'all', limit: 8 });
  });

  it('answers an empty query with no hits, without asking the database or counting it', async () => {
    for (let index = 0; index <= SEARCH_RATE_LIMIT.searches; index += 1) {
      const response = await search(['', 'q=%20%20', 'q=%00%E2%80%AE'][index % 3]!);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ query: '', cut: false, counts: { research: 0, talks: 0, courses: 0, blog: 0, projects: 0, personal: 0, experience: 0 }, hits: [], busy: false });
    }
    expect(searchSite).not.toHaveBeenCalled();
    expect((await search('q=zeros')).status).toBe(200);
  });

  it('refuses more than 60 searches a minute from one address with 429 and Retry-After, and not another address', async () => {
    for (let index = 0; index < SEARCH_RATE_LIMIT.searches; index += 1) expect((await search(`q=word${index}`)).status).toBe(200);
    const refused = await search('q=one+more');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.headers.get('cache-control')).toContain('no-store');
    expect(await refused.json()).toEqual({ error: SEARCH_RATE_LIMITED });
    expect(searchSite).toHaveBeenCalledTimes(SEARCH_RATE_LIMIT.searches);

    client.ip = '198.51.100.7';
    expect((await search('q=zeros')).status).toBe(200);
  });

  it('answers 503 with SEARCH_BUSY and Retry-After: 1 when the server is searching as much as it may', async () => {
    searchSite.mockResolvedValue({ ...FOUND, hits: [], counts: { research: 0, blog: 0, projects: 0, personal: 0, experience: 0 }, busy: true });
    const response = await search('q=zeros');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(response.headers.get('cache-control')).toContain('no-store');
    expect(await response.json()).toEqual({ error: SEARCH_BUSY });
  });

  it('answers a failed read with 503 and a sentence, never the error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    searchSite.mockRejectedValue(new Error('relation "research_papers" does not exist\n    at Database.query (lib/db/pglite.ts:42)'));
    const response = await search('q=zeros');
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'Search is not available right now. Please try again later.' });
    expect(text).not.toMatch(/relation|research_papers|pglite/);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
