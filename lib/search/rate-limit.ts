import 'server-only';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

import { sharedCache, withRedis, type SharedCache } from '@/lib/cache/shared-cache.mjs';

/**
 * Searches per client address (issue 35), like the other anonymous endpoints' limits: a fixed window per
 * address, counted by rate-limiter-flexible. With REDIS_URL the counts live in Redis, as the instances' other
 * shared state does (lib/cache/shared-cache.mjs: its connection, key prefix and bounded calls), so an address
 * has one limit whichever instance answers; without it, or while Redis is unreachable, each process counts in
 * its own memory, and the table of addresses there is bounded, the oldest windows dropped first, so a flood
 * of addresses cannot grow it without end. Not the sign-in limit's table: a database write per search would
 * cost more than the search.
 */

export const SEARCH_RATE_LIMIT = { searches: 60, windowMs: 60_000, addresses: 10_000 } as const;

export const SEARCH_RATE_LIMITED = 'Too many searches from your address in the last minute. Please wait a moment and search again.';

type RateLimit = { searches: number; windowMs: number; addresses: number };

export interface SearchLimiter {
  /** Counts one search for the address; false once it is past the limit in the current window. */
  take(address: string): Promise<boolean>;
}

/** One search counted: whether it is allowed, and whether it began the address's window. */
async function consumed(counts: RateLimiterAbstract, address: string): Promise<{ allowed: boolean; first: boolean }> {
  try {
    return { allowed: true, first: (await counts.consume(address)).isFirstInDuration };
  } catch (refusal) {
    // Past the limit the library rejects with its answer; any other rejection is the store failing.
    if (refusal instanceof RateLimiterRes) return { allowed: false, first: false };
    throw refusal;
  }
}

/** Counts in this process's memory, for at most `limit.addresses` addresses. */
function memoryCounts(limit: RateLimit): (address: string) => Promise<boolean> {
  const counts = new RateLimiterMemory({ points: limit.searches, duration: limit.windowMs / 1000 });
  /** The addresses counted, in the order their windows began (a Set keeps insertion order). */
  const windows = new Set<string>();
  return async (address) => {
    const { allowed, first } = await consumed(counts, address);
    if (first) {
      windows.delete(address);
      if (windows.size >= limit.addresses) {
        for (const oldest of windows) {
          windows.delete(oldest);
          void counts.delete(oldest);
          if (windows.size < limit.addresses * 0.9) break;
        }
      }
      windows.add(address);
    }
    return allowed;
  };
}

/** Counts in Redis, shared by every instance; undefined when Redis cannot answer. */
function redisCounts(cache: SharedCache, limit: RateLimit, name: string): (address: string) => Promise<boolean | undefined> {
  const counts = new RateLimiterRedis({ storeClient: cache.redis, keyPrefix: `${cache.prefix}${name}`, points: limit.searches, duration: limit.windowMs / 1000 });
  return (address) => withRedis(cache, async () => (await consumed(counts, address)).allowed);
}

/**
 * A per-address limiter: `limit.searches` requests per window. Other anonymous endpoints (the citation
 * route, the analytics beacon) take one too, each under its own `name`, so that their counts in Redis are
 * their own.
 */
export function searchLimiter(limit: RateLimit = SEARCH_RATE_LIMIT, name = 'search-limit'): SearchLimiter {
  const inMemory = memoryCounts(limit);
  let shared: { cache: SharedCache; take: (address: string) => Promise<boolean | undefined> } | null = null;
  return {
    async take(address) {
      const cache = sharedCache();
      if (cache) {
        if (shared?.cache !== cache) shared = { cache, take: redisCounts(cache, limit, name) };
        const allowed = await shared.take(address);
        if (allowed !== undefined) return allowed;
      }
      return inMemory(address);
    },
  };
}

/**
 * This process's limiter and search queue. They live on globalThis because Next.js bundles the /search page
 * and the /api/search route each with its own copy of this module: with module variables, an address had one
 * limit on the page and another on the palette, and the searches two queues.
 */
interface LimitState {
  limiter: SearchLimiter;
  capacity: { tail: Promise<void>; waiting: number; readyAt: number };
}
const key = Symbol.for('academic-portfolio.search-limits');
const state = ((globalThis as Record<symbol, unknown>)[key] ??= {
  limiter: searchLimiter(),
  capacity: { tail: Promise.resolve(), waiting: 0, readyAt: 0 },
} satisfies LimitState) as LimitState;

/** Counts one search for the address (SEARCH_RATE_LIMIT); false once it is past the limit. */
export function takeSearch(address: string): Promise<boolean> {
  return state.limiter.take(address);
}

/**
 * Every address together: how much of this process's time searches may take. The per-address limit stops
 * one client; a crowd of addresses (or one client with many) is held here, so that a burst of searches cannot
 * starve page loads. PGlite runs each statement on the server's one JavaScript thread, where a search over
 * thousands of items takes tens of milliseconds in which no page is answered (`npm run bench`, "Search
 * burst"). So searches run one at a time, and after one that took t ms the next starts no sooner than
 * t·(1 − share)/share ms later: searching takes at most `share` of the time, and pages have the rest. At most
 * `queue` searches wait their turn; past that a search is not run and the visitor reads SEARCH_BUSY. A
 * search of a site of ordinary size takes a few milliseconds, so nobody waits in ordinary use.
 *
 * A turn lasts at most `turnMs`. A search takes milliseconds, tens over thousands of items; one that has
 * taken 2 s is stuck (a lock held, a lost connection), and its visitor, typing in the palette, has moved on.
 * Its answer is then dropped, and the searches waiting behind it go on.
 */
export const SEARCH_CAPACITY = { share: 0.25, queue: 8, turnMs: 2_000 } as const;

export const SEARCH_BUSY = 'The search is busy right now. Please try again in a few seconds.';

const capacity = state.capacity;

interface CapacityOptions {
  clock?: () => number;
  sleep?: (ms: number) => Promise<void>;
  limit?: { share: number; queue: number; turnMs: number };
}

/** What `running` settles to, or null once `ms` have passed first (it runs on; what it settles to is dropped). */
async function within<T>(running: Promise<T>, ms: number): Promise<{ value: T } | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, ms, null)));
  try {
    return await Promise.race([running.then((value) => ({ value })), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs one search in its turn (see SEARCH_CAPACITY): its value, or null when too many searches are waiting
 * already (nothing run) or when the search outlived its turn.
 */
export async function inSearchTurn<T>(search: () => Promise<T>, options: CapacityOptions = {}): Promise<{ value: T } | null> {
  const clock = options.clock ?? (() => performance.now());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const limit = options.limit ?? SEARCH_CAPACITY;
  if (capacity.waiting >= limit.queue) return null;
  capacity.waiting += 1;
  const previous = capacity.tail;
  let release: () => void = () => undefined;
  capacity.tail = new Promise<void>((resolve) => (release = resolve));
  try {
    await previous;
    const wait = capacity.readyAt - clock();
    if (wait > 0) await sleep(wait);
    const started = clock();
    const spent = () => {
      const ended = clock();
      capacity.readyAt = ended + ((ended - started) * (1 - limit.share)) / limit.share;
    };
    let answer: { value: T } | null;
    try {
      answer = await within(search(), limit.turnMs);
    } catch (error) {
      spent();
      throw error;
    }
    // A turn cut short owes no pause: its timer could run, so the search was waiting, not holding the thread.
    if (answer) spent();
    return answer;
  } finally {
    capacity.waiting -= 1;
    release();
  }
}

/** For tests: forget every window this process counted, and the searches under way. */
export function resetSearchLimits(): void {
  state.limiter = searchLimiter();
  capacity.tail = Promise.resolve();
  capacity.waiting = 0;
  capacity.readyAt = 0;
}
