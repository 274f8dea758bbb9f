import { createRequire } from 'node:module';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sharedRedis } from '../helpers/shared-redis';
import { cacheEntry } from '../helpers/cache-entry';

/**
 * The cache several instances share (lib/cache/shared-cache.mjs, lib/cache/use-cache-handler.mjs) against
 * a real Redis from Debian: tag expiries go both ways, 'use cache' entries are shared and expire by tag,
 * and a Redis that goes away means no cache (and a warning), never an error, until it is back.
 */

type TagsManifest = Map<string, { expired?: number; stale?: number }>;
const require = createRequire(path.join(process.cwd(), 'package.json'));
const { tagsManifest } = require('next/dist/server/lib/incremental-cache/tags-manifest.external.js') as { tagsManifest: TagsManifest };

const PREFIX = `test-${process.pid}:`;
const redis = sharedRedis(PREFIX);
/** Another instance's view of Redis. */
let other: Redis;
/** A client of this test's own (its connection errors while Redis is stopped are expected). */
function client(): Redis {
  const connection = new Redis(redis.url);
  connection.on('error', () => {});
  return connection;
}
let shared: typeof import('@/lib/cache/shared-cache.mjs');
let handlers: typeof import('@/lib/cache/use-cache-handler.mjs');

beforeAll(async () => {
  other = client();
  shared = await import('@/lib/cache/shared-cache.mjs');
  handlers = await import('@/lib/cache/use-cache-handler.mjs');
}, 30_000);

afterAll(() => other?.disconnect());

async function text(stream: ReadableStream<Uint8Array> | undefined): Promise<string> {
  return stream ? new Response(stream).text() : '';
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('shared tag expiries', () => {
  it('copies the expiries another instance recorded into this process, keeping the later of the two', async () => {
    const at = Date.now();
    tagsManifest.set('research', { expired: at + 5 });
    await other.hset(`${PREFIX}tags:expired`, 'research', String(at), 'blog', String(at + 1));
    await other.hset(`${PREFIX}tags:stale`, 'blog', String(at + 1));

    expect(await shared.refreshSharedTags()).toBe(true);
    expect(tagsManifest.get('blog')).toEqual({ expired: at + 1, stale: at + 1 });
    expect(tagsManifest.get('research')?.expired).toBe(at + 5);
  });

  it("writes this process's expiries for the other instances, never moving one back", async () => {
    const handler = handlers.createUseCacheHandler();
    await handler.updateTags(['projects']);
    const recorded = Number(await other.hget(`${PREFIX}tags:expired`, 'projects'));
    expect(recorded).toBe(tagsManifest.get('projects')?.expired);

    // A later expiry from another instance stands against this process's older one.
    await other.hset(`${PREFIX}tags:expired`, 'projects', String(recorded + 60_000));
    await shared.shareTagExpiries(['projects']);
    expect(Number(await other.hget(`${PREFIX}tags:expired`, 'projects'))).toBe(recorded + 60_000);
  });
});

describe("'use cache' entries in Redis", () => {
  it('are shared between handlers, and missed once one of their tags expires', async () => {
    const first = handlers.createUseCacheHandler();
    const second = handlers.createUseCacheHandler();
    await first.set('key-about', Promise.resolve(cacheEntry(['about'], 'about text')));

    await second.refreshTags();
    const found = await second.get('key-about', []);
    expect(await text(found?.value)).toBe('about text');
    expect(found?.tags).toEqual(['about']);
    expect(await other.pttl(`${PREFIX}entry:key-about`)).toBeGreaterThan(0);

    // A save on another instance.
    await other.hset(`${PREFIX}tags:expired`, 'about', String(Date.now() + 1));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await first.refreshTags();
    expect(await first.get('key-about', [])).toBeUndefined();
  });

  it('keeps no entry that expires at once, and none past its revalidate time', async () => {
    const handler = handlers.createUseCacheHandler();
    await handler.set('key-dynamic', Promise.resolve(cacheEntry(['blog'], 'x', { expire: 0 })));
    expect(await other.exists(`${PREFIX}entry:key-dynamic`)).toBe(0);

    await handler.set('key-old', Promise.resolve(cacheEntry(['blog'], 'x', { timestamp: Date.now() - 20_000, revalidate: 10 })));
    expect(await handler.get('key-old', [])).toBeUndefined();
  });

  it('answers a get that comes while the same entry is being stored with that entry', async () => {
    const handler = handlers.createUseCacheHandler();
    let resolve: (value: ReturnType<typeof cacheEntry>) => void = () => {};
    const pending = new Promise<ReturnType<typeof cacheEntry>>((r) => (resolve = r));
    const stored = handler.set('key-pending', pending);
    const read = handler.get('key-pending', []);
    resolve(cacheEntry(['experience'], 'pending text'));
    await stored;
    expect(await text((await read)?.value)).toBe('pending text');
  });
});

describe('Redis going away', () => {
  it('means no cache and one warning, never an error; once it is back, what was expired meanwhile is written', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const handler = handlers.createUseCacheHandler();
      await handler.set('key-before', Promise.resolve(cacheEntry(['personal'], 'before')));
      const before = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 5));

      await redis.kill();
      expect(await shared.refreshSharedTags()).toBe(false);
      expect(shared.sharedCacheDown()).toBe(true);
      expect(await handler.get('key-before', [])).toBeUndefined();
      await expect(handler.set('key-during', Promise.resolve(cacheEntry(['personal'], 'during')))).resolves.toBeUndefined();
      await handler.updateTags(['personal']);
      expect(await shared.refreshSharedTags()).toBe(false);
      const down = warnings.mock.calls.map(([message]) => String(message)).filter((message) => message.includes('unreachable'));
      expect(down).toHaveLength(1);
      expect(down[0]).toContain('pages are rendered from the database');

      await redis.restart();
      await until(() => !shared.sharedCacheDown(), 'the shared cache to be back');
      expect(warnings.mock.calls.some(([message]) => String(message).includes('Redis is reachable again'))).toBe(true);
      // The expiry made while Redis was down reached it, and this process keeps nothing from before.
      const after = client();
      try {
        expect(Number(await after.hget(`${PREFIX}tags:expired`, 'personal'))).toBe(tagsManifest.get('personal')?.expired);
      } finally {
        after.disconnect();
      }
      expect(shared.keptRecently(before)).toBe(false);
      expect(shared.keptRecently(Date.now())).toBe(true);

      // And the cache works again.
      await handler.set('key-after', Promise.resolve(cacheEntry(['personal'], 'after')));
      expect(await text((await handler.get('key-after', []))?.value)).toBe('after');
    } finally {
      warnings.mockRestore();
      other.disconnect();
      other = client();
    }
  }, 30_000);

  it('a Redis that stops answering costs each call a second at most, and the cache is used again once it answers', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const handler = handlers.createUseCacheHandler();
      redis.pause();
      // The call gives up (Redis took longer than the limit): this request goes on without the cache.
      expect(await shared.refreshSharedTags()).toBe(false);
      expect(shared.sharedCacheDown()).toBe(true);
      // While it is known to be down, nothing waits for it.
      expect(await handler.get('key-after', [])).toBeUndefined();
      redis.resume();
      await until(() => !shared.sharedCacheDown(), 'the shared cache to be back');
      expect(await shared.refreshSharedTags()).toBe(true);
      expect(warnings.mock.calls.map(([message]) => String(message)).join('\n')).toMatch(/unreachable \(Command timed out\)[\s\S]*reachable again/);
    } finally {
      redis.resume();
      warnings.mockRestore();
    }
  }, 30_000);
});
