import { Redis } from 'ioredis';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sharedRedis } from '../helpers/shared-redis';

/**
 * The search limit per address with REDIS_URL (issue 44): counted in Redis through the shared cache's
 * connection, so every instance sees one count per address; and answered from the process's own count,
 * never an error, while Redis is unreachable. Each limiter below keeps a memory count of its own, as each
 * instance does: what they agree on came through Redis.
 */

const PREFIX = `test-search-${process.pid}:`;
const LIMIT = { searches: 3, windowMs: 60_000, addresses: 100 };
const redis = sharedRedis(PREFIX);
let limits: typeof import('@/lib/search/rate-limit');

beforeAll(async () => {
  limits = await import('@/lib/search/rate-limit');
});

describe('the search rate limit with REDIS_URL', () => {
  it('counts an address once for every instance, in Redis under the shared prefix', async () => {
    const first = limits.searchLimiter(LIMIT);
    const second = limits.searchLimiter(LIMIT);
    expect(await first.take('203.0.113.5')).toBe(true);
    expect(await second.take('203.0.113.5')).toBe(true);
    expect(await first.take('203.0.113.5')).toBe(true);
    expect(await second.take('203.0.113.5')).toBe(false);
    expect(await first.take('203.0.113.5')).toBe(false);
    // Another address has its own count.
    expect(await second.take('198.51.100.7')).toBe(true);

    const other = new Redis(redis.url);
    try {
      expect(await other.get(`${PREFIX}search-limit:203.0.113.5`)).toBe('5');
      const ttl = await other.pttl(`${PREFIX}search-limit:203.0.113.5`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(LIMIT.windowMs);
    } finally {
      other.disconnect();
    }
  });

  it("answers from the process's own count, with one warning and no error, while Redis is unreachable", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const limiter = limits.searchLimiter(LIMIT);
      await redis.kill();
      const answers = [];
      for (let index = 0; index <= LIMIT.searches; index += 1) answers.push(await limiter.take('192.0.2.1'));
      expect(answers).toEqual([true, true, true, false]);
      expect(warn.mock.calls.filter(([message]) => String(message).includes('Redis at REDIS_URL is unreachable'))).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
  });
});
