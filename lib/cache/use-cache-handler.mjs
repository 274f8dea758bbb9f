// @ts-check
/**
 * Next's handler for 'use cache' entries (next.config.mjs, cacheHandlers.default).
 *
 * Without REDIS_URL it is Next's own in-memory handler, unchanged. With it, entries live in Redis, shared
 * by every instance, and tag expiries are shared through lib/cache/shared-cache.mjs: a save on one
 * instance expires the entries every instance reads. Entries are kept as long as Next's in-memory handler
 * would keep them (until their revalidate time; Redis drops them then), and an entry whose tags were
 * expired after it was made is a miss. While Redis is unreachable every read is a miss and nothing is
 * stored: the content comes from the database. An entry in Redis that is not what this handler wrote
 * (garbage, cut short, another shape, over MAX_ENTRY_BYTES) is a miss too, logged once and deleted, never
 * handed to Next; and a bad entry is not Redis being unreachable.
 *
 * Plain JavaScript: next.config.mjs names this file, and Next loads it as it is.
 */
import { createHash } from 'node:crypto';
import { MB } from '../bytes.mjs';
import { nextDefaultCacheHandler, nextStreams, nextTags } from './next-internals.mjs';
import { keptRecently, refreshSharedTags, shareTagExpiries, sharedCache, shown, warnOnce, withRedis } from './shared-cache.mjs';

const { createDefaultCacheHandler } = nextDefaultCacheHandler();
const { streamToBuffer, streamFromBuffer } = nextStreams();
const tags = nextTags();

/** @typedef {import('next/dist/server/lib/cache-handlers/types').CacheEntry} CacheEntry */
/** @typedef {Omit<CacheEntry, 'value'>} EntryMeta */
/** @typedef {EntryMeta & { size: number; sha256: string }} StoredMeta what is stored: the value's length and checksum too */

/** Next's default size for its in-memory handler (cacheMaxMemorySize). */
const MEMORY_BYTES = 50 * MB;

/**
 * The largest stored entry (metadata and value) kept in or read from Redis: 8 MiB. An entry is read in one
 * call, which may take a second at most (CALL_TIMEOUT_MS in shared-cache.mjs): 8 MiB takes about 0.7 s on a
 * 100 Mbit/s link. The app's entries are database reads and they are far smaller: the largest is every
 * blog post with its text (getBlogPosts), a few megabytes even for hundreds of long posts. An entry above
 * the bound is not shared (the content is read from the database each time, and one warning says so). An
 * entry above it found in Redis was not written by the app: it is refused without being read.
 */
export const MAX_ENTRY_BYTES = 8 * MB;

/**
 * Reads an entry only if it is a string of at most ARGV[1] bytes: answers nil for none, the entry, -1 for a
 * key of another type, or the size of one that is too large (which never leaves Redis). One round trip.
 */
const READ_ENTRY = `
local kind = redis.call('TYPE', KEYS[1])['ok']
if kind == 'none' then return false end
if kind ~= 'string' then return -1 end
local size = redis.call('STRLEN', KEYS[1])
if size > tonumber(ARGV[1]) then return size end
return redis.call('GET', KEYS[1])`;

const sha256 = (/** @type {Uint8Array} */ bytes) => createHash('sha256').update(bytes).digest('hex');

const TIMES = /** @type {const} */ (['timestamp', 'revalidate', 'expire', 'stale']);

/**
 * One stored entry: 4 bytes giving the length of the metadata's JSON, the JSON, then the value's bytes.
 * The metadata records the value's length and SHA-256, checked when it is read.
 * @param {EntryMeta} meta @param {Buffer} value
 */
export function packEntry(meta, value) {
  /** @type {StoredMeta} */
  const stored = { tags: meta.tags, stale: meta.stale, timestamp: meta.timestamp, expire: meta.expire, revalidate: meta.revalidate, size: value.length, sha256: sha256(value) };
  const json = Buffer.from(JSON.stringify(stored));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([length, json, value]);
}

/**
 * Why metadata is not what packEntry writes, or undefined when it is.
 * @param {unknown} meta
 */
function metaProblem(meta) {
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) return 'its metadata is not an object';
  const fields = /** @type {Record<string, unknown>} */ (meta);
  if (!Array.isArray(fields.tags) || !fields.tags.every((tag) => typeof tag === 'string')) return 'its tags are not a list of strings';
  for (const time of TIMES) if (typeof fields[time] !== 'number' || !Number.isFinite(fields[time])) return `its ${time} is not a number`;
  if (!Number.isSafeInteger(fields.size) || /** @type {number} */ (fields.size) < 0) return "it does not record its value's length";
  if (typeof fields.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(fields.sha256)) return "it does not record its value's checksum";
  return undefined;
}

/**
 * An entry as packEntry wrote it, or why it is not one (short, cut, not JSON, metadata of another shape, a
 * value of another length or checksum than recorded, over MAX_ENTRY_BYTES).
 * @param {Buffer} stored @returns {{ meta: EntryMeta; value: Buffer } | { refused: string }}
 */
export function unpackEntry(stored) {
  if (stored.length > MAX_ENTRY_BYTES) return { refused: `its ${stored.length} bytes are over the ${MAX_ENTRY_BYTES}-byte bound` };
  if (stored.length < 4) return { refused: 'it is too short to be an entry' };
  const length = stored.readUInt32BE(0);
  if (stored.length < 4 + length) return { refused: 'its metadata runs past its end' };
  /** @type {unknown} */
  let meta;
  try {
    meta = JSON.parse(stored.subarray(4, 4 + length).toString('utf8'));
  } catch {
    return { refused: 'its metadata is not JSON' };
  }
  const problem = metaProblem(meta);
  if (problem) return { refused: problem };
  const { tags: tagList, stale, timestamp, expire, revalidate, size, sha256: checksum } = /** @type {StoredMeta} */ (meta);
  const value = stored.subarray(4 + length);
  if (value.length !== size) return { refused: `its value has ${value.length} bytes, not the ${size} it was written with` };
  if (sha256(value) !== checksum) return { refused: 'its value does not match its checksum' };
  return { meta: { tags: tagList, stale, timestamp, expire, revalidate }, value };
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

  /**
   * An entry the app did not write: one warning, and it is deleted (so that it is not read again); the
   * caller answers a miss, and Next renders from the database.
   * @param {string} cacheKey @param {string} problem
   */
  const refuse = async (cacheKey, problem) => {
    warnOnce(`entry:${cacheKey}`, `Ignored the shared cache entry ${shown(cacheKey)} in Redis: ${problem}. Deleted it; the content is read from the database.`);
    await withRedis(cache, (redis) => redis.del(entryKey(cacheKey)));
  };

  if (typeof (/** @type {any} */ (cache.redis).readEntryBuffer) !== 'function') cache.redis.defineCommand('readEntry', { numberOfKeys: 1, lua: READ_ENTRY });

  return {
    // Never throws: Next's 'use cache' wrapper does not catch an error here, and it would be a 500.
    async get(cacheKey) {
      try {
        await pendingSets.get(cacheKey);
        /** @type {unknown} */
        const stored = await withRedis(cache, (redis) => /** @type {any} */ (redis).readEntryBuffer(entryKey(cacheKey), MAX_ENTRY_BYTES));
        // Redis unreachable (withRedis has said so), or no entry.
        if (stored === undefined || stored === null) return undefined;
        if (typeof stored === 'number') {
          await refuse(cacheKey, stored < 0 ? 'it is not a string' : `its ${stored} bytes are over the ${MAX_ENTRY_BYTES}-byte bound`);
          return undefined;
        }
        if (!Buffer.isBuffer(stored)) return undefined;
        const entry = unpackEntry(stored);
        if ('refused' in entry) {
          await refuse(cacheKey, entry.refused);
          return undefined;
        }
        const { meta, value } = entry;
        // As Next's in-memory handler: an entry is used until its revalidate time, then made again.
        if (Date.now() > meta.timestamp + meta.revalidate * 1000) return undefined;
        if (!keptRecently(meta.timestamp) || tags.areTagsExpired(meta.tags, meta.timestamp)) return undefined;
        const revalidate = tags.areTagsStale(meta.tags, meta.timestamp) ? -1 : meta.revalidate;
        return { ...meta, revalidate, value: streamFromBuffer(value) };
      } catch (error) {
        warnOnce(`entry:${cacheKey}`, `Could not read the shared cache entry ${shown(cacheKey)} (${error instanceof Error ? error.message : String(error)}): the content is read from the database.`);
        return undefined;
      }
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
        const stored = packEntry(entry, value);
        if (stored.length > MAX_ENTRY_BYTES) {
          warnOnce(`set:${cacheKey}`, `Did not share the cache entry ${shown(cacheKey)}: its ${stored.length} bytes are over the ${MAX_ENTRY_BYTES}-byte bound. It is read from the database each time.`);
          return;
        }
        const ttlMs = Math.max(1000, Math.round(entry.revalidate * 1000));
        await withRedis(cache, (redis) => redis.set(entryKey(cacheKey), stored, 'PX', ttlMs));
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
