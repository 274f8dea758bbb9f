import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

import { NEXT_INTERNALS, nextDefaultCacheHandler, nextFileSystemCache, nextStreams, nextTags } from '@/lib/cache/next-internals.mjs';

/**
 * The project loads four of Next's internal modules (lib/cache/next-internals.mjs). Next makes no promise
 * about them, so package.json pins `next` to one version, and these tests say what moved or changed shape
 * when an upgrade breaks one: the cache handlers would otherwise fail only at run time, or quietly.
 */

const require = createRequire(import.meta.url);
const upgradeHint = (what: string) =>
  `${what}. lib/cache/next-internals.mjs relies on it: check this Next release's change before upgrading (package.json pins next exactly).`;

describe("Next's internal modules the cache code uses", () => {
  it('next and @next/env are pinned to one exact version, the one installed', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
    const installed = (require('next/package.json') as { version: string }).version;
    expect(pkg.dependencies.next, 'package.json must pin next exactly while the project loads next/dist modules').toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.dependencies.next).toBe(installed);
    expect(pkg.dependencies['@next/env']).toBe(installed);
  });

  it('each module is where the project looks for it, with the exports it uses', () => {
    for (const [name, { path, exports }] of Object.entries(NEXT_INTERNALS)) {
      let loaded: Record<string, unknown>;
      try {
        loaded = require(path) as Record<string, unknown>;
      } catch {
        throw new Error(upgradeHint(`${path} (${name}) no longer exists`));
      }
      for (const exported of exports) expect(loaded[exported], upgradeHint(`${path} no longer exports ${exported}`)).toBeDefined();
    }
  });

  it('the tag table is a Map, and its checks read expiries from it', () => {
    const { tagsManifest, areTagsExpired, areTagsStale } = nextTags();
    expect(tagsManifest, upgradeHint('tagsManifest is no longer a Map')).toBeInstanceOf(Map);
    const tag = `next-internals-test-${Date.now()}`;
    expect(areTagsExpired([tag], 0)).toBe(false);
    tagsManifest.set(tag, { expired: Date.now() - 1 });
    expect(areTagsExpired([tag], 0), upgradeHint('areTagsExpired no longer reads { expired } from tagsManifest')).toBe(true);
    expect(typeof areTagsStale).toBe('function');
    tagsManifest.delete(tag);
  });

  it("the default 'use cache' handler keeps an entry and gives it back", async () => {
    const { streamToBuffer, streamFromBuffer } = nextStreams();
    const handler = nextDefaultCacheHandler().createDefaultCacheHandler(1 << 20);
    for (const method of ['get', 'set', 'refreshTags', 'getExpiration', 'updateTags'] as const) {
      expect(typeof handler[method], upgradeHint(`the default cache handler has no ${method}()`)).toBe('function');
    }
    const now = Date.now();
    const entry = { value: streamFromBuffer(Buffer.from('kept')), tags: ['t'], stale: 60, timestamp: now, expire: 600, revalidate: 300 };
    await handler.set('next-internals-key', Promise.resolve(entry));
    const found = await handler.get('next-internals-key', []);
    expect(found, upgradeHint('the default cache handler no longer returns what was set')).toBeTruthy();
    expect((await streamToBuffer(found!.value)).toString()).toBe('kept');
  });

  it('the route cache is a class with get and set, which the project extends', () => {
    const FileSystemCache = nextFileSystemCache().default;
    expect(typeof FileSystemCache, upgradeHint('file-system-cache.js no longer exports a class as default')).toBe('function');
    expect(typeof FileSystemCache.prototype.get).toBe('function');
    expect(typeof FileSystemCache.prototype.set).toBe('function');
  });
});
