// @module-tag security
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { inSearchTurn, resetSearchLimits, SEARCH_CAPACITY, SEARCH_RATE_LIMIT, searchLimiter, takeSearch } from '@/lib/search/rate-limit';

/**
 * Issue 35: searches per client address, counted in memory with a fixed window and a bounded table of
 * addresses (rate-limiter-flexible's memory limiter; Redis's is tests/integration/search-rate-limit.test.ts).
 * The clock is Date, moved by the test.
 */
describe('the search rate limit', () => {
  beforeEach(() => {
    resetSearchLimits();
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => vi.useRealTimers());

  /** Counts one search as at `now`. */
  const takeAt = (address: string, now: number, limiter = { take: takeSearch }) => {
    vi.setSystemTime(now);
    return limiter.take(address);
  };

  it('lets an address search up to the limit in a window, refuses past it, and lets it search again in the next window', async () => {
    const start = 1_000_000;
    for (let index = 0; index < SEARCH_RATE_LIMIT.searches; index += 1) expect(await takeAt('203.0.113.5', start + index)).toBe(true);
    expect(await takeAt('203.0.113.5', start + 100)).toBe(false);
    // Another address is not affected.
    expect(await takeAt('198.51.100.7', start + 100)).toBe(true);
    expect(await takeAt('203.0.113.5', start + SEARCH_RATE_LIMIT.windowMs)).toBe(true);
  });

  it('keeps at most the configured number of addresses, dropping the oldest windows first', async () => {
    const limiter = searchLimiter({ searches: 2, windowMs: 60_000, addresses: 100 });
    for (let index = 0; index < 1_000; index += 1) await takeAt(`10.0.${Math.floor(index / 256)}.${index % 256}`, 5_000, limiter);
    // The first address's window was dropped: it starts afresh rather than being refused.
    expect(await takeAt('10.0.0.0', 5_000, limiter)).toBe(true);
    expect(await takeAt('10.0.0.0', 5_000, limiter)).toBe(true);
    expect(await takeAt('10.0.0.0', 5_000, limiter)).toBe(false);
  });
});

/** Issue 35: every address together may search only a share of the server's time. */
describe('the search capacity', () => {
  beforeEach(() => resetSearchLimits());
  const limit = { share: 0.25, queue: 3, turnMs: SEARCH_CAPACITY.turnMs };

  /** A clock moved by the searches and the waits themselves. */
  function world() {
    let now = 1_000;
    const log: string[] = [];
    const clock = () => now;
    const sleep = async (ms: number) => {
      log.push(`wait ${ms}`);
      now += ms;
    };
    const search = (name: string, takes: number) => async () => {
      log.push(`start ${name} at ${now}`);
      await Promise.resolve();
      now += takes;
      return name;
    };
    return { clock, sleep, search, log };
  }

  it('runs searches one at a time, each waiting three times the last one took, so searching takes a quarter of the time', async () => {
    const { clock, sleep, search, log } = world();
    const answers = await Promise.all([
      inSearchTurn(search('a', 40), { clock, sleep, limit }),
      inSearchTurn(search('b', 20), { clock, sleep, limit }),
      inSearchTurn(search('c', 10), { clock, sleep, limit }),
    ]);
    expect(answers).toEqual([{ value: 'a' }, { value: 'b' }, { value: 'c' }]);
    expect(log).toEqual(['start a at 1000', 'wait 120', 'start b at 1160', 'wait 60', 'start c at 1240']);
  });

  it('refuses a search, running nothing, while the queue is full, and takes searches again once it has room', async () => {
    const { clock, sleep, search } = world();
    const running = [1, 2, 3].map((index) => inSearchTurn(search(`s${index}`, 5), { clock, sleep, limit }));
    let ran = false;
    expect(await inSearchTurn(async () => (ran = true), { clock, sleep, limit })).toBeNull();
    expect(ran).toBe(false);
    await Promise.all(running);
    expect(await inSearchTurn(search('later', 5), { clock, sleep, limit })).toEqual({ value: 'later' });
  });

  it('gives the turn on when a search fails, and still counts its time', async () => {
    const { clock, sleep, search, log } = world();
    const failing = inSearchTurn(
      async () => {
        await search('x', 10)();
        throw new Error('database down');
      },
      { clock, sleep, limit },
    );
    await expect(failing).rejects.toThrow('database down');
    expect(await inSearchTurn(search('y', 1), { clock, sleep, limit })).toEqual({ value: 'y' });
    expect(log).toEqual(['start x at 1000', 'wait 30', 'start y at 1040']);
  });

  describe('a turn that outlives its bound', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    /** A search that answers only when told to, or never. */
    function stuck<T>() {
      let settle!: { resolve: (value: T) => void; reject: (error: Error) => void };
      const running = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
      return { search: () => running, settle: () => settle };
    }

    it('gives the turn on at the bound, drops the stuck answer, and lets the searches behind it run at once', async () => {
      const { clock, sleep, search, log } = world();
      const jammed = stuck<string>();
      const first = inSearchTurn(jammed.search, { clock, sleep, limit });
      const behind = inSearchTurn(search('b', 5), { clock, sleep, limit });
      let answered = false;
      void behind.then(() => (answered = true));

      await vi.advanceTimersByTimeAsync(limit.turnMs - 1);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(answered).toBe(true);
      expect(await first).toBeNull();
      expect(await behind).toEqual({ value: 'b' });
      // The stuck search's time is no pause for the next: it did not hold the thread.
      expect(log).toEqual(['start b at 1000']);

      // Its answer, when it comes at last, goes nowhere.
      jammed.settle().resolve('late');
      await vi.advanceTimersByTimeAsync(0);
      expect(await first).toBeNull();
    });

    it('does not let one stuck search keep the queue full: once its turn is over there is room again', async () => {
      const { clock, sleep } = world();
      const jammed = stuck<string>();
      const waiting = [jammed.search, jammed.search, jammed.search].map((search) => inSearchTurn(search, { clock, sleep, limit }));
      expect(await inSearchTurn(async () => 'refused', { clock, sleep, limit })).toBeNull();
      await vi.advanceTimersByTimeAsync(limit.turnMs * limit.queue);
      expect(await Promise.all(waiting)).toEqual([null, null, null]);
      const later = inSearchTurn(async () => 'room again', { clock, sleep, limit });
      expect(await later).toEqual({ value: 'room again' });
    });

    it('is not upset by a stuck search that fails after its turn is over', async () => {
      const unhandled = vi.fn();
      process.on('unhandledRejection', unhandled);
      try {
        const { clock, sleep } = world();
        const jammed = stuck<string>();
        const first = inSearchTurn(jammed.search, { clock, sleep, limit });
        await vi.advanceTimersByTimeAsync(limit.turnMs);
        expect(await first).toBeNull();
        jammed.settle().reject(new Error('connection lost'));
        // Node reports an unhandled rejection once the microtasks after it have run: a real turn of the loop.
        vi.useRealTimers();
        await new Promise((resolve) => setImmediate(resolve));
        expect(unhandled).not.toHaveBeenCalled();
      } finally {
        process.off('unhandledRejection', unhandled);
      }
    });
  });
});
