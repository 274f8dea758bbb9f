// @ts-check
/**
 * Next's handler for 'use cache' entries (next.config.mjs, cacheHandlers.default).
 *
 * Without REDIS_URL it is Next's own in-memory handler, unchanged. With it, entries live in Redis, shared
 * by every instance, and tag expiries are shared through lib/cache/shared-cache.mjs: a save on one
 * instance expires the entries every instance reads. Entries are kept as long as Next's in-memory handler
 * would keep them (until their revalidate time; Redis drops them then), and an entry whose tags were
 * expired after it was made is a miss. While Redis is unreachable every read is a miss and nothing is
 * stored: the content comes from the database.
 *
 * Plain JavaScript: next.config.mjs names this file, and Next loads it as it is.
 */
import { nextTags, requireFromNext } from './next-internals.mjs';
import { keptRecently, refreshSharedTags, shareTagExpiries, sharedCache, withRedis } from './shared-cache.mjs';

/** @type {{ createDefaultCacheHandler(maxSize: number): import('next/dist/server/lib/cache-handlers/types').CacheHandler }} */
const { createDefaultCacheHandler } = requireFromNext('next/dist/server/lib/cache-handlers/default.js');
/**
 * Next's own stream helpers, as its in-memory handler uses them.
 * @type {{ streamToBuffer(stream: ReadableStream<Uint8Array>): Promise<Buffer>; streamFromBuffer(bytes: Uint8Array): ReadableStream<Uint8Array> }} */
const { streamToBuffer, streamFromBuffer } = requireFromNext('next/dist/server/stream-utils/node-web-streams-helper.js');
const tags = nextTags();

/** @typedef {import('next/dist/server/lib/cache-handlers/types').CacheEntry} CacheEntry */
/** @typedef {Omit<CacheEntry, 'value'>} EntryMeta */

/** Next's default size for its in-memory handler (cacheMaxMemorySize). */
const MEMORY_BYTES = 50 * 1024 * 1024;

/**
 * One stored entry: 4 bytes giving the length of the metadata's JSON, the JSON, then the value's bytes.
 * @param {EntryMeta} meta @param {Buffer} value
 */
export function packEntry(meta, value) {
  const json = Buffer.from(JSON.stringify(meta));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([length, json, value]);
}

/** @param {Buffer} stored @returns {{ meta: EntryMeta; value: Buffer } | null} */
export function unpackEntry(stored) {
  if (stored.length < 4) return null;
  const length = stored.readUInt32BE(0);
  if (stored.length < 4 + length) return null;
  try {
    const meta = JSON.parse(stored.subarray(4, 4 + length).toString('utf8'));
    return { meta, value: stored.subarray(4 + length) };
  } catch {
    return null;
  }
}

/**
 * The Redis-backed handler.
 * @param {import('./shared-cache.mjs').SharedCache} cache
 * @param {import('next/dist/server/lib/cache-handlers/types').CacheHandler} local Next's handler, for its tag bookkeeping
 * @returns {import('next/dist/server/lib/cache-handlers/types').CacheHandler}
 */
function redisHandler(cache, local) {
  /** @type {Map<string, Promise<void>>} a set still being written: a get of the same key waits for it */
  const pendingSets = new Map();
  const entryKey = (/** @type {string} */ cacheKey) => `${cache.prefix}entry:${cacheKey}`;

  return {
    async get(cacheKey) {
      await pendingSets.get(cacheKey);
      const stored = await withRedis(cache, (redis) => redis.getBuffer(entryKey(cacheKey)));
      const entry = stored ? unpackEntry(stored) : null;
      if (!entry) return undefined;
      const { meta, value } = entry;
      // As Next's in-memory handler: an entry is used until its revalidate time, then made again.
      if (Date.now() > meta.timestamp + meta.revalidate * 1000) return undefined;
      if (!keptRecently(meta.timestamp) || tags.areTagsExpired(meta.tags, meta.timestamp)) return undefined;
      const revalidate = tags.areTagsStale(meta.tags, meta.timestamp) ? -1 : meta.revalidate;
      return { ...meta, revalidate, value: streamFromBuffer(value) };
    },

    async set(cacheKey, pendingEntry) {
      /** @type {() => void} */
      let settle = () => {};
      pendingSets.set(cacheKey, new Promise((resolve) => (settle = () => resolve(undefined))));
      try {
        const entry = await pendingEntry;
        // An entry that expires at once is a dynamic read: never stored.
        if (entry.expire === 0 || entry.revalidate <= 0) return;
        const value = await streamToBuffer(entry.value);
        /** @type {EntryMeta} */
        const meta = { tags: entry.tags, stale: entry.stale, timestamp: entry.timestamp, expire: entry.expire, revalidate: entry.revalidate };
        const ttlMs = Math.max(1000, Math.round(meta.revalidate * 1000));
        await withRedis(cache, (redis) => redis.set(entryKey(cacheKey), packEntry(meta, value), 'PX', ttlMs));
      } catch {
        // A render that failed leaves nothing behind; the next request makes the entry again.
      } finally {
        settle();
        pendingSets.delete(cacheKey);
      }
    },

    async refreshTags() {
      await refreshSharedTags();
    },

    async getExpiration(tagList) {
      return local.getExpiration(tagList);
    },

    async updateTags(tagList, durations) {
      await local.updateTags(tagList, durations);
      await shareTagExpiries(tagList);
    },
  };
}

export function createUseCacheHandler() {
  const local = createDefaultCacheHandler(MEMORY_BYTES);
  const cache = sharedCache();
  return cache ? redisHandler(cache, local) : local;
}

export default createUseCacheHandler();
